//! Table size (AOW-4).

use dice_core::seat::TurnOrder;

use crate::error::AgeOfWarError;

/// The fewest players at a table.
pub const MIN_PLAYERS: usize = 2;
/// The most players at a table.
pub const MAX_PLAYERS: usize = 6;

/// Everything chosen before play. In records: `{"players": 3}`; a table
/// size outside 2 to 6 is refused on deserialisation (AOW-4).
///
/// ```
/// use age_of_war_rules::{AgeOfWar, AgeOfWarConfig};
/// use dice_core::Game;
///
/// assert!(AgeOfWar::new(&AgeOfWarConfig { players: 4 }).is_ok());
/// assert!(AgeOfWar::new(&AgeOfWarConfig { players: 7 }).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawConfig"))]
pub struct AgeOfWarConfig {
    /// Seats at the table, [`MIN_PLAYERS`] to [`MAX_PLAYERS`].
    pub players: usize,
}

impl AgeOfWarConfig {
    /// The seats in turn order (AOW-4).
    ///
    /// # Errors
    /// The table size is outside [`MIN_PLAYERS`] to [`MAX_PLAYERS`].
    pub fn turn_order(&self) -> Result<TurnOrder, AgeOfWarError> {
        TurnOrder::new(self.players)
            .filter(|_| (MIN_PLAYERS..=MAX_PLAYERS).contains(&self.players))
            .ok_or(AgeOfWarError::Players(self.players))
    }
}

impl Default for AgeOfWarConfig {
    /// Two players.
    fn default() -> Self {
        AgeOfWarConfig { players: 2 }
    }
}

/// The serialised form of a config, checked on the way in.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    players: usize,
}

#[cfg(feature = "serde")]
impl TryFrom<RawConfig> for AgeOfWarConfig {
    type Error = AgeOfWarError;

    fn try_from(raw: RawConfig) -> Result<Self, Self::Error> {
        let config = AgeOfWarConfig {
            players: raw.players,
        };
        config.turn_order().map(|_| config)
    }
}
