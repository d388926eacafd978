//! The game's chance events: the first player (AOW-4) and each roll (AOW-5).

use core::fmt;

use dice_core::Seat;

use crate::dice::Roll;

/// One outcome of a chance event.
///
/// In records: `{"first_player": 0}` and `{"roll": ["infantry3", "daimyo"]}`
/// (faces in any order on input, canonical
/// [`Face::ALL`](crate::dice::Face::ALL) order on output). A seat beyond the
/// largest table or a roll of no dice is refused on deserialisation:
/// neither is ever an outcome.
///
/// As text (its `Display`, and [`Game::chance_text`](dice_core::Game::chance_text)):
/// `first player 2`, `roll infantry3 infantry3 daimyo` (faces in
/// [`Face::ALL`](crate::dice::Face::ALL) order). Nothing is hidden in Age of
/// War, so this is also what every seat is told.
///
/// ```
/// use age_of_war_rules::Chance;
/// use age_of_war_rules::dice::{Face, Roll};
///
/// assert_eq!(Chance::FirstPlayer(2).to_string(), "first player 2");
/// let roll = Roll::from_faces(&[Face::Daimyo, Face::Infantry3, Face::Infantry3]).unwrap();
/// assert_eq!(Chance::Roll(roll).to_string(), "roll infantry3 infantry3 daimyo");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Chance {
    /// The seat that starts (AOW-4).
    FirstPlayer(Seat),
    /// What the dice in hand show (AOW-5).
    Roll(Roll),
}

impl fmt::Display for Chance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Chance::FirstPlayer(seat) => write!(f, "first player {seat}"),
            Chance::Roll(roll) => write!(f, "roll {roll}"),
        }
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer};

    use super::{Chance, Roll, Seat};
    use crate::config::MAX_PLAYERS;

    /// The serialised form of an outcome, checked on the way in.
    #[derive(Deserialize)]
    #[serde(rename_all = "snake_case")]
    enum RawChance {
        FirstPlayer(Seat),
        Roll(Roll),
    }

    impl<'de> Deserialize<'de> for Chance {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            match RawChance::deserialize(deserializer)? {
                RawChance::FirstPlayer(seat) if seat >= MAX_PLAYERS => {
                    Err(D::Error::custom(format_args!(
                        "AOW-4: first player seat {seat} is at no table (at most {MAX_PLAYERS} seats)"
                    )))
                }
                RawChance::FirstPlayer(seat) => Ok(Chance::FirstPlayer(seat)),
                RawChance::Roll(roll) if roll.dice() == 0 => Err(D::Error::custom(
                    "AOW-5: a roll shows at least one die (the turn ends when none are left)",
                )),
                RawChance::Roll(roll) => Ok(Chance::Roll(roll)),
            }
        }
    }
}
