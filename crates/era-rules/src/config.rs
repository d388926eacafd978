//! What is chosen before play: the table size and the ruleset, under the
//! rules revision this engine plays.

use crate::ruleset::Ruleset;
use crate::table::TableSize;

/// The revision of the rules specification this engine plays. Revision 4
/// makes the Market's bonus count only the empty cells next to it, each
/// Market its own (ERA-24, D3). Revisions 1 and 2 are retired: configs,
/// records and states of them are refused.
pub const RULES_REVISION: u32 = 4;

/// The one older revision this engine still reads. Revision 3 differs from
/// revision 4 only in a ruleset value, the Market's count of the empty
/// cells of the whole domain ([`EmptyCells::Domain`]), so its configs,
/// records and states are read with that value and play and replay as
/// they did; they are written back as revision 4 with that ruleset.
///
/// [`EmptyCells::Domain`]: crate::ruleset::EmptyCells::Domain
#[cfg(feature = "serde")]
pub(crate) const READ_REVISION_3: u32 = 3;

/// The table size and the game data.
///
/// Written `{"players": 3, "revision": 4}` in records when the ruleset is
/// the default one, `{"players": 3, "revision": 4, "ruleset": {...}}`
/// otherwise. Decoding checks the table size (ERA-3), the revision (a
/// config without one is of revision 1; one of revision 3 is read as
/// `READ_REVISION_3` says) and the ruleset.
///
/// A config is plain: a table size outside 2 to 4 is refused when a game
/// starts ([`Game::new`](dice_core::Game::new)) or when a config is read.
/// Decoding also fills in two players when `players` is left out
/// (`{"revision": 4}` is `{"players": 2, "revision": 4}`).
///
/// ```
/// use era_rules::prelude::*;
///
/// let config = EraConfig::new(3);
/// assert_eq!(config.players(), 3);
/// assert!(config.ruleset().is_default());
/// assert_eq!(config.table(), Some(TableSize::Three));
/// assert!(Era::new(&EraConfig::new(5)).is_err()); // ERA-3
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EraConfig {
    /// Seats, 2 to 4.
    players: usize,
    /// The game data (tables D1–D7).
    ruleset: Ruleset,
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

    /// How many seats.
    pub fn players(&self) -> usize {
        self.players
    }

    /// The game data (tables D1–D7).
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// The table size, if Era is played by that many (ERA-3).
    pub fn table(&self) -> Option<TableSize> {
        TableSize::of(self.players)
    }

    /// The rules revision, written in records: [`RULES_REVISION`].
    pub fn revision(&self) -> u32 {
        RULES_REVISION
    }
}

/// The table size a config has when none is given.
const DEFAULT_PLAYERS: usize = 2;

impl Default for EraConfig {
    /// Two players, default ruleset: what a config without `players` reads
    /// as.
    fn default() -> Self {
        EraConfig::new(DEFAULT_PLAYERS)
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use alloc::format;
    use core::fmt;

    use serde::de::{Error as _, MapAccess, Visitor};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{DEFAULT_PLAYERS, EraConfig, READ_REVISION_3, RULES_REVISION};
    use crate::error::EraError;
    use crate::ruleset::Ruleset;
    use crate::table::TableSize;

    /// The written form.
    #[derive(Serialize)]
    struct ConfigOut<'a> {
        players: usize,
        revision: u32,
        #[serde(skip_serializing_if = "Option::is_none")]
        ruleset: Option<&'a Ruleset>,
    }

    impl Serialize for EraConfig {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            ConfigOut {
                players: self.players,
                revision: RULES_REVISION,
                ruleset: (!self.ruleset.is_default()).then_some(&self.ruleset),
            }
            .serialize(s)
        }
    }

    #[derive(Deserialize)]
    #[serde(field_identifier, rename_all = "snake_case")]
    enum Field {
        Players,
        Revision,
        Ruleset,
    }

    const FIELDS: &[&str] = &["players", "revision", "ruleset"];

    struct ConfigVisitor;

    impl<'de> Visitor<'de> for ConfigVisitor {
        type Value = EraConfig;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("an Era config: {\"players\": 2 to 4, \"revision\": 4}")
        }

        /// The revision is checked as soon as it is read, so that a config
        /// of another revision is refused for its revision, not for a
        /// table of its ruleset.
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<EraConfig, A::Error> {
            let (mut players, mut revision, mut ruleset) = (None, None, None);
            while let Some(field) = map.next_key::<Field>()? {
                match field {
                    Field::Players if players.is_some() => {
                        return Err(A::Error::duplicate_field("players"));
                    }
                    Field::Players => players = Some(map.next_value::<usize>()?),
                    Field::Revision if revision.is_some() => {
                        return Err(A::Error::duplicate_field("revision"));
                    }
                    Field::Revision => {
                        let r = map.next_value::<u32>()?;
                        if r != RULES_REVISION && r != READ_REVISION_3 {
                            return Err(A::Error::custom(EraError::Revision(r)));
                        }
                        revision = Some(r);
                    }
                    Field::Ruleset if ruleset.is_some() => {
                        return Err(A::Error::duplicate_field("ruleset"));
                    }
                    Field::Ruleset => {
                        let read = map.next_value::<Ruleset>();
                        ruleset = Some(match (read, revision) {
                            (Ok(r), _) => r,
                            (Err(e), Some(_)) => return Err(e),
                            // No revision yet: perhaps a revision-1 config.
                            (Err(e), None) => {
                                return Err(A::Error::custom(format!(
                                    "{e} (if the config has no revision: {})",
                                    EraError::Revision(1)
                                )));
                            }
                        });
                    }
                }
            }
            // Configs of revision 1 had no revision number.
            let revision = revision.ok_or_else(|| A::Error::custom(EraError::Revision(1)))?;
            // A config without `players` is documented to seat the default
            // number: the form a caller writes, not a lost field.
            let players = players.unwrap_or(DEFAULT_PLAYERS);
            if TableSize::of(players).is_none() {
                return Err(A::Error::custom(EraError::Players(players)));
            }
            // A config leaves its ruleset out exactly when it is the
            // default one (the written form), so none read is that one.
            let ruleset = ruleset.unwrap_or_default();
            let ruleset = if revision == READ_REVISION_3 {
                ruleset.into_revision_3().map_err(A::Error::custom)?
            } else {
                ruleset
            };
            Ok(EraConfig::with_ruleset(players, ruleset))
        }
    }

    impl<'de> Deserialize<'de> for EraConfig {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            d.deserialize_struct("EraConfig", FIELDS, ConfigVisitor)
        }
    }
}
