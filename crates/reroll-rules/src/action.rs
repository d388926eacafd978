//! The two decisions of a turn (RR-2).

use core::fmt;

/// A decision about the die just rolled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum RerollAction {
    /// Add the die's face to your total; the turn passes.
    Keep,
    /// Roll the die again; that roll is kept.
    Reroll,
}

/// `keep` or `reroll`, the text the game reads back.
impl fmt::Display for RerollAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RerollAction::Keep => "keep",
            RerollAction::Reroll => "reroll",
        })
    }
}
