//! What a viewer is told of a die rolled (LD-10).

use core::fmt;

use dice_core::Seat;

/// A die rolled as one viewer may know it: whose die, and its face for
/// its owner alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct SeenRoll {
    /// The seat whose die it is.
    pub seat: Seat,
    /// Its face, for its owner; `None` for everyone else.
    #[cfg_attr(feature = "schema", schemars(range(min = 1, max = 6)))]
    pub face: Option<u8>,
}

/// `player 0 rolls 4`, or `player 0 rolls a die`.
impl fmt::Display for SeenRoll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.face {
            Some(face) => write!(f, "player {} rolls {face}", self.seat),
            None => write!(f, "player {} rolls a die", self.seat),
        }
    }
}
