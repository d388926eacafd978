//! Match records, the wire format, and replaying them.

use alloc::vec::Vec;
use core::fmt;

use crate::game::Game;
use crate::rng::DiceRng;
use crate::seat::Seat;

/// The record format this version writes. It reads this one and every
/// older one down to [`OLDEST_FORMAT`].
///
/// - Format 2 adds `generator` (where the generator stands after the log,
///   so a resumed match goes on with the same dice) and makes `seed`
///   optional (a record of physical dice needs none).
/// - Format 1 has no `generator`; its `seed` may be left out when the log
///   lists every chance outcome.
pub const FORMAT: u32 = 2;

/// The oldest record format this version reads.
pub const OLDEST_FORMAT: u32 = 1;

/// A complete, replayable account of a match: the JSON wire format, private
/// to whoever runs the game.
///
/// ```json
/// { "game": "age-of-war", "format": 2, "config": { "players": 3 }, "seed": 42,
///   "generator": { "seed": "9b47…", "stream": 0, "word_pos": 36 },
///   "log": [ { "chance": { "first_player": 0 } },
///            { "player": 0, "action": "lose_die" } ] }
/// ```
///
/// `log` entries are applied in order. A `chance` entry must come when the
/// game is at a chance node. An `action` entry while the game waits for chance
/// first resolves the pending chance events from `seed`, so a script may list
/// only decisions; a record without a seed must list every outcome. `player`,
/// when present, must be the player to move. `generator`, when present, is
/// where the generator stood at the end of the log: [`replay`](crate::replay) hands it to
/// the match it returns, which then goes on exactly as the recorded match
/// would have. Unknown fields are errors; `format` 1 records (no
/// `generator`, `seed` required) still read.
///
/// # A record holds secrets
///
/// `seed` and `generator` predict every future roll, and the log holds
/// every hidden value (Armadöra warrior strengths, Era rolls behind the
/// screens). Keep records on the server; what a seat or a spectator may
/// receive is its [`History`](crate::History).
///
/// # Records from strangers
///
/// Decoding checks the form (fields, the format, the game's name, entry
/// shape, the game's own validated config, action and chance types);
/// [`replay`](crate::replay) checks the content. The costs are bounded by the input:
///
/// - decoding holds the log once, a few machine words per entry, so memory
///   is linear in the text (2 million entries, 36 MB of JSON: 75 MB peak);
/// - `replay` takes time and memory linear in the log: each entry is
///   applied once, the [`Match`](crate::Match) keeps one copy of it, and a log that runs
///   on after the end fails at its first extra entry;
/// - between two entries at most [`MAX_CHANCE_CHAIN`](crate::MAX_CHANCE_CHAIN) chance events are
///   resolved from the seed;
/// - no type in this workspace nests deeply, and `serde_json` refuses
///   nesting deeper than 128 levels.
///
/// A server should still cap the size of the text it accepts: a long game
/// is a legal game.
///
/// ```
/// use dice_core::{replay, Entry, Record, pig::{Pig, PigAction, PigConfig}};
///
/// // A game played with a physical die: every roll is in the log.
/// let record = Record::<Pig>::new(PigConfig::default()).with_log(vec![
///     Entry::Action { player: Some(0), action: PigAction::Roll },
///     Entry::Chance(4),
///     Entry::Action { player: Some(0), action: PigAction::Hold },
/// ]);
/// let m = replay(&record).unwrap();
/// assert_eq!(m.state().scores(), [4, 0]);
/// ```
#[derive(Clone, PartialEq)]
pub struct Record<G: Game> {
    config: G::Config,
    seed: Option<u64>,
    generator: Option<DiceRng>,
    log: Vec<Entry<G>>,
}

impl<G: Game> Record<G> {
    /// A record of a game with this config, no seed, no generator and an
    /// empty log.
    pub fn new(config: G::Config) -> Self {
        Record {
            config,
            seed: None,
            generator: None,
            log: Vec::new(),
        }
    }

    /// The same record with a seed to resolve the chance its log does not
    /// list.
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = Some(seed);
        self
    }

    /// The same record with the generator a resumed match goes on with.
    #[must_use]
    pub fn with_generator(mut self, generator: DiceRng) -> Self {
        self.generator = Some(generator);
        self
    }

    /// The same record with this log.
    #[must_use]
    pub fn with_log(mut self, log: Vec<Entry<G>>) -> Self {
        self.log = log;
        self
    }

    /// Adds an entry at the end of the log.
    pub fn push(&mut self, entry: Entry<G>) {
        self.log.push(entry);
    }

    /// The game's name, [`Game::NAME`].
    pub fn game(&self) -> &'static str {
        G::NAME
    }

    /// The game's config.
    pub fn config(&self) -> &G::Config {
        &self.config
    }

    /// The seed that resolves chance the log does not list, if any.
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// Where the generator stands after the log, if recorded.
    pub fn generator(&self) -> Option<&DiceRng> {
        self.generator.as_ref()
    }

    /// Everything that happened, in order.
    pub fn log(&self) -> &[Entry<G>] {
        &self.log
    }
}

/// Shows the config and the log, never the seed or the generator: a
/// record's `Debug` may reach a log file.
impl<G: Game> fmt::Debug for Record<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Record")
            .field("game", &G::NAME)
            .field("config", &self.config)
            .field("seed", &self.seed.map(|_| crate::rng::Hidden))
            .field(
                "generator",
                &self.generator.as_ref().map(|_| crate::rng::Hidden),
            )
            .field("log", &self.log)
            .finish()
    }
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

impl<G: Game> Entry<G> {
    /// Applies the entry to `state`, where it is known to be legal (it
    /// was checked when it was logged).
    pub fn apply_unchecked(&self, state: &mut G) {
        match self {
            Entry::Chance(outcome) => state.apply_chance_unchecked(outcome.clone()),
            Entry::Action { action, .. } => state.apply_unchecked(*action),
        }
    }
}

#[cfg(feature = "serde")]
pub(crate) mod serde_impl {
    use alloc::format;
    use alloc::string::String;
    use alloc::vec::Vec;

    use super::{Entry, FORMAT, Game, OLDEST_FORMAT, Record, Seat};
    use crate::rng::DiceRng;
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// A log line as written: `{"chance": c}` or `{"player": p, "action": a}`.
    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub(crate) struct RawEntry<C, A> {
        #[serde(skip_serializing_if = "Option::is_none")]
        pub(crate) chance: Option<C>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub(crate) player: Option<Seat>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub(crate) action: Option<A>,
    }

    /// Either half of a log line, or why the line has neither or both.
    pub(crate) enum Line<C, A> {
        Chance(C),
        Action(Option<Seat>, A),
    }

    impl<C, A> From<Line<C, A>> for RawEntry<C, A> {
        fn from(line: Line<C, A>) -> Self {
            match line {
                Line::Chance(c) => RawEntry {
                    chance: Some(c),
                    player: None,
                    action: None,
                },
                Line::Action(player, action) => RawEntry {
                    chance: None,
                    player,
                    action: Some(action),
                },
            }
        }
    }

    impl<C, A> RawEntry<C, A> {
        pub(crate) fn into_line<E: serde::de::Error>(self) -> Result<Line<C, A>, E> {
            match self {
                RawEntry {
                    chance: Some(c),
                    player: None,
                    action: None,
                } => Ok(Line::Chance(c)),
                RawEntry {
                    chance: None,
                    player,
                    action: Some(action),
                } => Ok(Line::Action(player, action)),
                RawEntry {
                    chance: Some(_), ..
                } => Err(E::custom(
                    "a log entry holds either \"chance\" or \"action\", not both",
                )),
                RawEntry { .. } => Err(E::custom("a log entry needs \"chance\" or \"action\"")),
            }
        }
    }

    /// Writes a log entry enum of a game (`Chance(..)` or `Action { player,
    /// action }`, over the game's associated types `$chance` and `$action`)
    /// as a [`RawEntry`], and reads it back: the record's entries and a
    /// viewer's history entries share the one line format.
    macro_rules! log_entry_serde {
        ($entry:ident, $chance:ident, $action:ident) => {
            impl<G: Game> Serialize for $entry<G>
            where
                G::$chance: Serialize,
                G::$action: Serialize,
            {
                fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                    RawEntry::from(match self {
                        $entry::Chance(c) => Line::Chance(c),
                        $entry::Action { player, action } => Line::Action(*player, action),
                    })
                    .serialize(serializer)
                }
            }

            impl<'de, G: Game> Deserialize<'de> for $entry<G>
            where
                G::$chance: Deserialize<'de>,
                G::$action: Deserialize<'de>,
            {
                fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                    Ok(
                        match RawEntry::<G::$chance, G::$action>::deserialize(deserializer)?
                            .into_line()?
                        {
                            Line::Chance(c) => $entry::Chance(c),
                            Line::Action(player, action) => $entry::Action { player, action },
                        },
                    )
                }
            }
        };
    }
    pub(crate) use log_entry_serde;

    log_entry_serde!(Entry, Chance, Action);

    /// The game's name, or why a `what` naming another game is refused.
    pub(crate) fn check_game<G: Game, E: serde::de::Error>(
        game: &str,
        what: &str,
    ) -> Result<(), E> {
        if game != G::NAME {
            return Err(E::custom(format!(
                "{what} is for game \"{game}\", not \"{}\"",
                G::NAME
            )));
        }
        Ok(())
    }

    /// The game's name and a format this version reads, or why not.
    pub(crate) fn check_header<G: Game, E: serde::de::Error>(
        game: &str,
        format: u32,
        what: &str,
    ) -> Result<(), E> {
        check_game::<G, E>(game, what)?;
        if !(OLDEST_FORMAT..=FORMAT).contains(&format) {
            return Err(E::custom(format!(
                "{what} format {format} is not supported (this version reads formats \
                 {OLDEST_FORMAT} to {FORMAT})"
            )));
        }
        Ok(())
    }

    #[derive(Serialize)]
    struct RecordOut<'a, C, L> {
        game: &'static str,
        format: u32,
        config: &'a C,
        #[serde(skip_serializing_if = "Option::is_none")]
        seed: Option<u64>,
        #[serde(skip_serializing_if = "Option::is_none")]
        generator: Option<&'a DiceRng>,
        log: &'a [L],
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct RecordIn<C, L> {
        game: String,
        format: u32,
        config: C,
        #[serde(default)]
        seed: Option<u64>,
        #[serde(default)]
        generator: Option<DiceRng>,
        log: Log<L>,
    }

    /// A log whose decoding errors name the entry: `entry 7: unknown
    /// variant ...`.
    pub(crate) struct Log<L>(pub(crate) Vec<L>);

    impl<'de, L: Deserialize<'de>> Deserialize<'de> for Log<L> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            struct Entries<L>(core::marker::PhantomData<L>);

            impl<'de, L: Deserialize<'de>> serde::de::Visitor<'de> for Entries<L> {
                type Value = Log<L>;

                fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                    f.write_str("a list of log entries")
                }

                fn visit_seq<A: serde::de::SeqAccess<'de>>(
                    self,
                    mut seq: A,
                ) -> Result<Log<L>, A::Error> {
                    // Capacity grows with what is read, never with a size
                    // the input claims.
                    let mut log = Vec::new();
                    loop {
                        match seq.next_element::<L>() {
                            Ok(Some(entry)) => log.push(entry),
                            Ok(None) => return Ok(Log(log)),
                            Err(e) => {
                                return Err(A::Error::custom(format!("entry {}: {e}", log.len())));
                            }
                        }
                    }
                }
            }

            deserializer.deserialize_seq(Entries(core::marker::PhantomData))
        }
    }

    impl<G: Game> Serialize for Record<G>
    where
        G::Config: Serialize,
        G::Chance: Serialize,
        G::Action: Serialize,
    {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            RecordOut {
                game: G::NAME,
                format: FORMAT,
                config: &self.config,
                seed: self.seed,
                generator: self.generator.as_ref(),
                log: &self.log,
            }
            .serialize(serializer)
        }
    }

    impl<'de, G: Game> Deserialize<'de> for Record<G>
    where
        G::Config: Deserialize<'de>,
        G::Chance: Deserialize<'de>,
        G::Action: Deserialize<'de>,
    {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let raw = RecordIn::<G::Config, Entry<G>>::deserialize(deserializer)?;
            check_header::<G, D::Error>(&raw.game, raw.format, "record")?;
            // A format 1 record without a seed is one whose log lists every
            // chance outcome; the format always allowed it.
            if raw.format == 1 && raw.generator.is_some() {
                return Err(D::Error::custom(
                    "a format 1 record has no generator (format 2 added it)",
                ));
            }
            Ok(Record {
                config: raw.config,
                seed: raw.seed,
                generator: raw.generator,
                log: raw.log.0,
            })
        }
    }
}
