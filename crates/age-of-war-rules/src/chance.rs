//! The game's chance events: the first player (AOW-4) and each roll (AOW-5).

use core::fmt;

use dice_core::Seat;

use crate::dice::Roll;

/// One outcome of a chance event.
///
/// In records: `{"first_player": 0}` and `{"roll": ["infantry3", "daimyo"]}`
/// (faces in any order on input, canonical [`Face::ALL`](crate::Face::ALL)
/// order on output).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Chance {
    /// The seat that starts (AOW-4).
    FirstPlayer(Seat),
    /// What the dice in hand show (AOW-5).
    Roll(Roll),
}

impl fmt::Display for Chance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Chance::FirstPlayer(p) => write!(f, "player {p} starts"),
            Chance::Roll(r) => write!(f, "roll: {r}"),
        }
    }
}
