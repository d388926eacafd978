//! Table size (AOW-4).

use dice_core::seat::TurnOrder;

use crate::error::AgeOfWarError;

/// The fewest players at a table.
pub const MIN_PLAYERS: usize = 2;
/// The most players at a table.
pub const MAX_PLAYERS: usize = 6;

/// Everything chosen before play: today only the table size.
///
/// Its field is private, so an option added later (a variant, a house
/// rule) is not a breaking change. In records: `{"players": 3}`; a missing
/// `players` means two, and a table size outside 2 to 6 is refused on
/// deserialisation (AOW-4).
///
/// ```
/// use age_of_war_rules::prelude::*;
///
/// let config = AgeOfWarConfig::new(4);
/// assert_eq!(config.players(), 4);
/// assert!(AgeOfWar::new(&config).is_ok());
/// assert!(AgeOfWar::new(&AgeOfWarConfig::new(7)).is_err());
/// assert_eq!(AgeOfWarConfig::default(), AgeOfWarConfig::new(2));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawConfig"))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct AgeOfWarConfig {
    players: usize,
}

impl AgeOfWarConfig {
    /// A table of `players` seats. A size outside [`MIN_PLAYERS`] to
    /// [`MAX_PLAYERS`] is refused by [`turn_order`](Self::turn_order) and
    /// `AgeOfWar::new` (AOW-4).
    pub const fn new(players: usize) -> Self {
        AgeOfWarConfig { players }
    }

    /// Seats at the table.
    pub const fn players(&self) -> usize {
        self.players
    }

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
        AgeOfWarConfig::new(MIN_PLAYERS)
    }
}

/// The serialised form of a config, checked on the way in; a missing
/// field takes the default's value.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields, default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
struct RawConfig {
    players: usize,
}

#[cfg(feature = "serde")]
impl Default for RawConfig {
    fn default() -> Self {
        RawConfig {
            players: AgeOfWarConfig::default().players,
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<RawConfig> for AgeOfWarConfig {
    type Error = AgeOfWarError;

    fn try_from(raw: RawConfig) -> Result<Self, Self::Error> {
        let config = AgeOfWarConfig::new(raw.players);
        config.turn_order().map(|_| config)
    }
}
