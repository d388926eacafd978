//! A player's decisions after a roll (AOW-5).

use core::fmt;

use crate::castle::Castle;
use crate::line::MAX_LINE;

/// What the player does with a roll (AOW-5).
///
/// In records: `{"fill": {"castle": "gassantoda", "line": 2}}` and
/// `"lose_die"`. A line the castle does not have is refused on
/// deserialisation (AOW-2).
///
/// ```
/// use age_of_war_rules::{Action, Castle};
///
/// let fill = Action::Fill { castle: Castle::Gassantoda, line: 2 };
/// assert_eq!(fill.to_string(), "fill Gassantoda line 2 (8 inf)");
/// assert_eq!(Action::LoseDie.to_string(), "lose a die");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Action {
    /// Fill one line of a castle with dice of this roll (AOW-6); the first
    /// fill of a turn commits to the castle (AOW-7).
    Fill {
        /// The castle attacked.
        castle: Castle,
        /// 0 for the special daimyo line, `1..=n` for the printed lines.
        line: u8,
    },
    /// Set one die aside for the rest of the turn and roll the others again.
    LoseDie,
}

/// Action ids: `castle.index() * 5 + line` for fills, then `lose_die`.
const LINE_SLOTS: u32 = MAX_LINE as u32 + 1;
/// The id of [`Action::LoseDie`].
pub(crate) const LOSE_DIE_ID: u32 = 14 * LINE_SLOTS;
/// Every action id is below this bound, for every table size.
pub(crate) const ACTION_ID_BOUND: u32 = LOSE_DIE_ID + 1;

impl Action {
    /// The stable id: `castle index × 5 + line` for a fill (0..70), 70 for
    /// losing a die. `None` for a line the castle does not have.
    pub fn id(self) -> Option<u32> {
        match self {
            Action::Fill { castle, line } => {
                castle.line(line)?;
                let castle = u32::try_from(castle.index()).ok()?;
                castle.checked_mul(LINE_SLOTS)?.checked_add(u32::from(line))
            }
            Action::LoseDie => Some(LOSE_DIE_ID),
        }
    }

    /// The action with this id (see [`id`](Action::id)).
    pub fn from_id(id: u32) -> Option<Action> {
        if id == LOSE_DIE_ID {
            return Some(Action::LoseDie);
        }
        let castle = *Castle::ALL.get(usize::try_from(id / LINE_SLOTS).ok()?)?;
        let line = u8::try_from(id % LINE_SLOTS).ok()?;
        castle.line(line)?;
        Some(Action::Fill { castle, line })
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Fill { castle, line } => match castle.line(line) {
                Some(l) if line == 0 => write!(f, "fill {castle} special line 0 ({l})"),
                Some(l) => write!(f, "fill {castle} line {line} ({l})"),
                None => write!(f, "fill {castle} line {line}"),
            },
            Action::LoseDie => f.write_str("lose a die"),
        }
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer};

    use super::Action;
    use crate::castle::Castle;
    use crate::error::AgeOfWarError;

    /// The serialised form of an action, checked on the way in.
    #[derive(Deserialize)]
    #[serde(rename_all = "snake_case", deny_unknown_fields)]
    enum RawAction {
        Fill { castle: Castle, line: u8 },
        LoseDie,
    }

    impl<'de> Deserialize<'de> for Action {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            match RawAction::deserialize(deserializer)? {
                RawAction::Fill { castle, line } if castle.line(line).is_none() => {
                    Err(D::Error::custom(AgeOfWarError::NoSuchLine { castle, line }))
                }
                RawAction::Fill { castle, line } => Ok(Action::Fill { castle, line }),
                RawAction::LoseDie => Ok(Action::LoseDie),
            }
        }
    }
}
