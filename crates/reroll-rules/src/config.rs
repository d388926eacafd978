//! The table (RR-1).

use crate::error::RerollError;

/// The most seats at a table (RR-1).
pub const MAX_PLAYERS: usize = 4;

/// The most rounds a game lasts (RR-1).
pub const MAX_ROUNDS: u32 = 10;

/// Table size and length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawRerollConfig"))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct RerollConfig {
    /// Seats, 1 to [`MAX_PLAYERS`].
    pub players: usize,
    /// Turns each seat plays, 1 to [`MAX_ROUNDS`].
    pub rounds: u32,
}

impl Default for RerollConfig {
    /// Two players, three rounds.
    fn default() -> Self {
        RerollConfig {
            players: 2,
            rounds: 3,
        }
    }
}

impl RerollConfig {
    /// Whether the table keeps RR-1.
    ///
    /// # Errors
    /// The seats or rounds out of range.
    pub fn validate(&self) -> Result<(), RerollError> {
        if !(1..=MAX_PLAYERS).contains(&self.players) {
            return Err(RerollError::Players(self.players));
        }
        if !(1..=MAX_ROUNDS).contains(&self.rounds) {
            return Err(RerollError::Rounds(self.rounds));
        }
        Ok(())
    }

    /// Turns in the whole game: every seat, every round.
    pub(crate) fn turns(&self) -> u32 {
        u32::try_from(self.players)
            .unwrap_or(0)
            .saturating_mul(self.rounds)
    }
}

dice_core::config_as_written!(RerollConfig as RawRerollConfig {
    players: usize,
    rounds: u32,
} checked by RerollConfig::validate, RerollError);
