//! Match records, the wire format, and replaying them.

use alloc::string::String;
use alloc::vec::Vec;

use crate::{Game, Match, Seat, ToMove};

/// The record format this version writes and reads.
pub const FORMAT: u32 = 1;

/// How many chance events in a row a replay resolves from the seed before an
/// action entry, before giving up. No game in this workspace comes near it;
/// it keeps a broken game from looping.
pub const MAX_CHANCE_CHAIN: usize = 10_000;

/// A complete, replayable account of a match: the JSON wire format.
///
/// ```json
/// { "game": "age-of-war", "format": 1, "config": { "players": 3 }, "seed": 42,
///   "log": [ { "chance": { "first_player": 0 } },
///            { "player": 0, "action": "lose_die" } ] }
/// ```
///
/// `log` entries are applied in order. A `chance` entry must come when the
/// game is at a chance node. An `action` entry while the game waits for chance
/// first resolves the pending chance events from `seed`, so a script may list
/// only decisions. `player`, when present, must be the player to move.
/// Unknown fields are errors.
///
/// # Records from strangers
///
/// Decoding checks the form (fields, entry shape, the game's own validated
/// config, action and chance types); [`replay`] checks the content. The
/// costs are bounded by the input:
///
/// - decoding holds the log once, a few machine words per entry, so memory
///   is linear in the text (2 million entries, 36 MB of JSON: 75 MB peak);
/// - `replay` takes time and memory linear in the log: each entry is
///   applied once, the [`Match`] keeps one copy of it, and a log that runs
///   on after the end fails at its first extra entry;
/// - between two entries at most [`MAX_CHANCE_CHAIN`] chance events are
///   resolved from the seed;
/// - no type in this workspace nests deeply, and `serde_json` refuses
///   nesting deeper than 128 levels.
///
/// A server should still cap the size of the text it accepts: a long game
/// is a legal game.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(
        deny_unknown_fields,
        bound(
            serialize = "G::Config: serde::Serialize, G::Action: serde::Serialize, G::Chance: serde::Serialize",
            deserialize = "G::Config: serde::Deserialize<'de>, G::Action: serde::Deserialize<'de>, G::Chance: serde::Deserialize<'de>"
        )
    )
)]
pub struct Record<G: Game> {
    /// The game's name, [`Game::NAME`].
    pub game: String,
    /// The record format, [`FORMAT`].
    pub format: u32,
    /// The game's config.
    pub config: G::Config,
    /// The seed of the generator that resolves chance not listed in the log.
    pub seed: u64,
    /// Everything that happened, in order.
    pub log: Vec<Entry<G>>,
}

/// One line of a record's log.
///
/// ```
/// use dice_core::{Entry, pig::{Pig, PigAction}};
///
/// let decision: Entry<Pig> = Entry::Action { player: Some(0), action: PigAction::Roll };
/// let roll: Entry<Pig> = Entry::Chance(5);
/// assert_ne!(decision, roll);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry<G: Game> {
    /// `{"chance": outcome}`: the outcome of a chance event.
    Chance(G::Chance),
    /// `{"player": p, "action": a}`: a decision; `player` may be omitted.
    Action {
        /// The seat that took it, checked against the seat to move.
        player: Option<Seat>,
        /// The decision.
        action: G::Action,
    },
}

/// Why a record does not replay.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError<E> {
    /// The record is for another game.
    #[error("record is for game \"{found}\", not \"{expected}\"")]
    WrongGame {
        /// This game's name.
        expected: &'static str,
        /// The record's.
        found: String,
    },
    /// The record's format is not one this version reads.
    #[error("record format {0} is not supported (this version reads format 1)")]
    UnsupportedFormat(u32),
    /// The game refused the record's config.
    #[error("invalid config: {0}")]
    Config(E),
    /// A log entry could not be applied.
    #[error("entry {index}: {reason}")]
    Entry {
        /// The entry's position in `log`, from 0.
        index: usize,
        /// What is wrong with it.
        reason: EntryError<E>,
    },
}

/// What is wrong with one log entry.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum EntryError<E> {
    /// A chance entry where a player must decide.
    #[error("a chance entry where player {0} must decide")]
    ChanceAtDecision(Seat),
    /// An entry after the game ended.
    #[error("the game is already over")]
    AfterEnd,
    /// The entry names another player than the one to move.
    #[error("entry is for player {found}, but player {expected} is to move")]
    PlayerMismatch {
        /// The seat to move.
        expected: Seat,
        /// The seat the entry names.
        found: Seat,
    },
    /// Chance before an action did not settle within [`MAX_CHANCE_CHAIN`]
    /// events.
    #[error("pending chance events could not be resolved from the seed")]
    ChanceUnresolved,
    /// The chance outcome is impossible here.
    #[error("impossible chance outcome: {0}")]
    Chance(E),
    /// The action is illegal here.
    #[error("illegal action: {0}")]
    Action(E),
}

/// Replays a record from the start, checking every entry; the match it
/// returns continues from the end of the log with its generator where the
/// record left it.
///
/// ```
/// use dice_core::{replay, Entry, Record, pig::{Pig, PigAction, PigConfig}};
///
/// let record = Record::<Pig> {
///     game: "pig".into(),
///     format: 1,
///     config: PigConfig::default(),
///     seed: 7,
///     log: vec![
///         Entry::Action { player: Some(0), action: PigAction::Roll },
///         Entry::Chance(4),
///         Entry::Action { player: Some(1), action: PigAction::Hold },
///     ],
/// };
/// let err = replay(&record).unwrap_err();
/// assert_eq!(err.to_string(), "entry 2: entry is for player 1, but player 0 is to move");
/// ```
///
/// # Errors
/// The first problem found: a wrong game name or format, a refused config,
/// or the index of the first entry that cannot be applied and why.
pub fn replay<G: Game>(record: &Record<G>) -> Result<Match<G>, ReplayError<G::Error>> {
    if record.game != G::NAME {
        return Err(ReplayError::WrongGame {
            expected: G::NAME,
            found: record.game.clone(),
        });
    }
    if record.format != FORMAT {
        return Err(ReplayError::UnsupportedFormat(record.format));
    }
    let mut m = Match::new(&record.config, record.seed).map_err(ReplayError::Config)?;
    for (index, entry) in record.log.iter().enumerate() {
        apply_entry(&mut m, entry).map_err(|reason| ReplayError::Entry { index, reason })?;
    }
    Ok(m)
}

fn apply_entry<G: Game>(m: &mut Match<G>, entry: &Entry<G>) -> Result<(), EntryError<G::Error>> {
    match entry {
        Entry::Chance(outcome) => match m.state().to_move() {
            ToMove::Chance => m.apply_chance(outcome.clone()).map_err(EntryError::Chance),
            ToMove::Player(p) => Err(EntryError::ChanceAtDecision(p)),
            ToMove::Over => Err(EntryError::AfterEnd),
        },
        Entry::Action { player, action } => match m.resolve_all_chance(MAX_CHANCE_CHAIN) {
            ToMove::Player(expected) => {
                if let Some(found) = *player {
                    if found != expected {
                        return Err(EntryError::PlayerMismatch { expected, found });
                    }
                }
                m.play(*action).map_err(EntryError::Action)
            }
            ToMove::Over => Err(EntryError::AfterEnd),
            ToMove::Chance => Err(EntryError::ChanceUnresolved),
        },
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::{Entry, Game, Seat};
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct RawEntry<C, A> {
        #[serde(skip_serializing_if = "Option::is_none")]
        chance: Option<C>,
        #[serde(skip_serializing_if = "Option::is_none")]
        player: Option<Seat>,
        #[serde(skip_serializing_if = "Option::is_none")]
        action: Option<A>,
    }

    impl<G: Game> Serialize for Entry<G>
    where
        G::Chance: Serialize,
        G::Action: Serialize,
    {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            let raw = match self {
                Entry::Chance(c) => RawEntry {
                    chance: Some(c),
                    player: None,
                    action: None,
                },
                Entry::Action { player, action } => RawEntry {
                    chance: None,
                    player: *player,
                    action: Some(action),
                },
            };
            raw.serialize(serializer)
        }
    }

    impl<'de, G: Game> Deserialize<'de> for Entry<G>
    where
        G::Chance: Deserialize<'de>,
        G::Action: Deserialize<'de>,
    {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let raw = RawEntry::<G::Chance, G::Action>::deserialize(deserializer)?;
            match raw {
                RawEntry {
                    chance: Some(c),
                    player: None,
                    action: None,
                } => Ok(Entry::Chance(c)),
                RawEntry {
                    chance: None,
                    player,
                    action: Some(action),
                } => Ok(Entry::Action { player, action }),
                RawEntry {
                    chance: Some(_), ..
                } => Err(D::Error::custom(
                    "a log entry holds either \"chance\" or \"action\", not both",
                )),
                RawEntry { .. } => Err(D::Error::custom(
                    "a log entry needs \"chance\" or \"action\"",
                )),
            }
        }
    }
}
