//! The table: two players and how many dice each holds.

use crate::bid::MAX_DICE;
use crate::error::LiarsDiceError;

/// The only table size (LD-1).
pub const PLAYERS: usize = 2;

/// OpenSpiel's parameters `players` and `numdice`.
///
/// ```
/// use liars_dice_rules::LiarsDiceConfig;
///
/// let config = LiarsDiceConfig::default();
/// assert_eq!((config.players, config.numdice), (2, 1));
/// assert!(LiarsDiceConfig { players: 3, numdice: 1 }.validate().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawLiarsDiceConfig"))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct LiarsDiceConfig {
    /// Seats: 2 (LD-1).
    pub players: usize,
    /// Dice per player, 1 to [`MAX_DICE`] (LD-2).
    pub numdice: u8,
}

impl Default for LiarsDiceConfig {
    /// OpenSpiel's defaults: two players, one die each.
    fn default() -> Self {
        LiarsDiceConfig {
            players: PLAYERS,
            numdice: 1,
        }
    }
}

impl LiarsDiceConfig {
    /// Two players with `numdice` dice each.
    pub const fn with_dice(numdice: u8) -> Self {
        LiarsDiceConfig {
            players: PLAYERS,
            numdice,
        }
    }

    /// Whether the rules take this table.
    ///
    /// # Errors
    /// Another table size than two (LD-1), or a number of dice outside 1
    /// to [`MAX_DICE`] (LD-2).
    pub fn validate(&self) -> Result<(), LiarsDiceError> {
        if self.players != PLAYERS {
            return Err(LiarsDiceError::Players(self.players));
        }
        if !(1..=MAX_DICE).contains(&self.numdice) {
            return Err(LiarsDiceError::Dice(self.numdice));
        }
        Ok(())
    }

    /// The dice on the table: both players' (LD-4).
    pub const fn total_dice(&self) -> u8 {
        self.numdice.saturating_mul(2)
    }
}

dice_core::config_as_written!(LiarsDiceConfig as RawLiarsDiceConfig {
    players: usize,
    numdice: u8,
} checked by LiarsDiceConfig::validate, LiarsDiceError);
