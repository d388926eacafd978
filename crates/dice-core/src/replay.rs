//! Replaying a record: every entry checked against the rules.

use crate::game::{Game, ToMove};
use crate::game_match::Match;
use crate::record::{Entry, Record};
use crate::seat::Seat;

/// How many chance events in a row a replay resolves from the seed before an
/// action entry, before giving up. No game in this workspace comes near it;
/// it keeps a broken game from looping.
pub const MAX_CHANCE_CHAIN: usize = 10_000;

/// Why a record does not replay.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError<E> {
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
    /// An action entry while the game waits for a chance outcome that the
    /// log does not list, in a record without a seed to draw it from.
    #[error("the game waits for a chance outcome and the record has no seed")]
    NoSeed,
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
/// returns continues from the end of the log, with the record's generator
/// when it has one (so it draws exactly the dice the recorded match would
/// have drawn next), else with its seed's generator where the replay left
/// it, else with no generator.
///
/// ```
/// use dice_core::{replay, Entry, Record, pig::{Pig, PigAction, PigConfig}};
///
/// let record = Record::<Pig>::new(PigConfig::default()).with_seed(7).with_log(vec![
///     Entry::Action { player: Some(0), action: PigAction::Roll },
///     Entry::Chance(4),
///     Entry::Action { player: Some(1), action: PigAction::Hold },
/// ]);
/// let err = replay(&record).unwrap_err();
/// assert_eq!(err.to_string(), "entry 2: entry is for player 1, but player 0 is to move");
///
/// // Without a seed, every chance outcome must be in the log.
/// let record = Record::<Pig>::new(PigConfig::default()).with_log(vec![
///     Entry::Action { player: Some(0), action: PigAction::Roll },
///     Entry::Action { player: Some(0), action: PigAction::Hold },
/// ]);
/// let err = replay(&record).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "entry 1: the game waits for a chance outcome and the record has no seed"
/// );
/// ```
///
/// # Errors
/// A refused config, or the index of the first entry that cannot be
/// applied and why.
pub fn replay<G: Game>(record: &Record<G>) -> Result<Match<G>, ReplayError<G::Error>> {
    let mut m = match record.seed() {
        Some(seed) => Match::new(record.config(), seed),
        None => Match::without_generator(record.config()),
    }
    .map_err(ReplayError::Config)?;
    for (index, entry) in record.log().iter().enumerate() {
        apply_entry(&mut m, entry).map_err(|reason| ReplayError::Entry { index, reason })?;
    }
    if let Some(generator) = record.generator() {
        m.set_generator(generator.clone());
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
        Entry::Action { player, action } => {
            if m.state().to_move() == ToMove::Chance && m.generator().is_none() {
                return Err(EntryError::NoSeed);
            }
            match m.resolve_all_chance(MAX_CHANCE_CHAIN) {
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
            }
        }
    }
}
