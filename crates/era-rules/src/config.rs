//! What is chosen before play: the table size and the ruleset.

use crate::error::EraError;
use crate::ruleset::Ruleset;
use crate::table::TableSize;

/// The table size and the game data.
///
/// Written `{"players": 3}` in records when the ruleset is the default one,
/// `{"players": 3, "ruleset": {...}}` otherwise.
///
/// ```
/// use era_rules::{EraConfig, Ruleset};
///
/// let config = EraConfig::new(3);
/// assert_eq!(config.ruleset, Ruleset::default());
/// ```
///
/// Deserialising checks the table size (ERA-3) and the ruleset.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawConfig"))]
pub struct EraConfig {
    /// Seats, 2 to 4.
    pub players: usize,
    /// The game data (tables D1–D7).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Ruleset::is_default")
    )]
    pub ruleset: Ruleset,
}

impl EraConfig {
    /// This many players with the default ruleset.
    pub fn new(players: usize) -> Self {
        EraConfig {
            players,
            ruleset: Ruleset::default(),
        }
    }

    /// This many players with another ruleset.
    pub fn with_ruleset(players: usize, ruleset: Ruleset) -> Self {
        EraConfig { players, ruleset }
    }
}

impl EraConfig {
    /// The table size, if Era is played by that many (ERA-3).
    pub fn table(&self) -> Option<TableSize> {
        TableSize::of(self.players)
    }
}

impl Default for EraConfig {
    /// Four players, default ruleset.
    fn default() -> Self {
        EraConfig::new(4)
    }
}

/// The plain form of [`EraConfig`] that deserialisation checks.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    players: usize,
    #[serde(default)]
    ruleset: Ruleset,
}

#[cfg(feature = "serde")]
impl TryFrom<RawConfig> for EraConfig {
    type Error = EraError;

    fn try_from(raw: RawConfig) -> Result<Self, EraError> {
        if TableSize::of(raw.players).is_none() {
            return Err(EraError::Players(raw.players));
        }
        Ok(EraConfig::with_ruleset(raw.players, raw.ruleset))
    }
}

/// Serialises a shared config as a plain one.
#[cfg(feature = "serde")]
pub(crate) fn serialize_arc<S: serde::Serializer>(
    config: &alloc::sync::Arc<EraConfig>,
    s: S,
) -> Result<S::Ok, S::Error> {
    serde::Serialize::serialize(&**config, s)
}
