//! What one viewer may know of a match's past: the log with every secret
//! of the others left out, and no seed or generator.

use alloc::vec::Vec;
use core::fmt;

use crate::game::{Game, Viewer};
use crate::record::Entry;
use crate::seat::Seat;

/// One log entry as one viewer may know it.
///
/// Built from the state the entry was applied to, so a server can stream
/// each seat its own log as the game goes on:
///
/// ```
/// use dice_core::{Entry, Game, SeenEntry, Viewer, pig::{Pig, PigAction, PigConfig}};
///
/// let game = Pig::new(&PigConfig::default()).unwrap();
/// let entry = Entry::Action { player: Some(0), action: PigAction::Roll };
/// let seen = SeenEntry::new(&game, &entry, Viewer::Seat(1));
/// assert_eq!(seen.to_string(), "player 0: roll");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub enum SeenEntry<G: Game> {
    /// `{"chance": outcome}`: a chance outcome, as far as the viewer saw it.
    Chance(G::SeenChance),
    /// `{"player": p, "action": a}`: a decision, as far as the viewer saw it.
    Action {
        /// The seat that took it.
        player: Option<Seat>,
        /// The decision.
        action: G::SeenAction,
    },
}

impl<G: Game> SeenEntry<G> {
    /// `entry` as `viewer` may know it, `before` being the state it was
    /// applied to.
    pub fn new(before: &G, entry: &Entry<G>, viewer: Viewer) -> Self {
        match entry {
            Entry::Chance(outcome) => SeenEntry::Chance(before.seen_chance(outcome, viewer)),
            Entry::Action { player, action } => SeenEntry::Action {
                player: *player,
                action: before.seen_action(action, viewer),
            },
        }
    }
}

/// `player 2: <action>` or `chance: <outcome>`, each part as its viewer saw
/// it.
impl<G: Game> fmt::Display for SeenEntry<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeenEntry::Chance(outcome) => write!(f, "chance: {outcome}"),
            SeenEntry::Action {
                player: Some(p),
                action,
            } => write!(f, "player {p}: {action}"),
            SeenEntry::Action {
                player: None,
                action,
            } => write!(f, "{action}"),
        }
    }
}

/// A match's past as one viewer may know it: what a server sends a seat or
/// a spectator instead of the [`Record`](crate::Record), which is private.
///
/// It holds the config, the viewer and the log with each entry as
/// [`SeenEntry`] shows it: never the seed, the generator, or another
/// seat's secret. Two matches that a viewer cannot tell apart give that
/// viewer equal histories, byte for byte in JSON (the test kit's
/// `testkit::check_histories` checks it for every
/// game).
///
/// ```json
/// { "game": "pig", "format": 2, "config": { "players": 2, "target": 30 },
///   "viewer": { "seat": 1 },
///   "log": [ { "player": 0, "action": "roll" }, { "chance": 4 } ] }
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct History<G: Game> {
    config: G::Config,
    viewer: Viewer,
    log: Vec<SeenEntry<G>>,
}

impl<G: Game> History<G> {
    /// A history from its parts.
    pub fn new(config: G::Config, viewer: Viewer, log: Vec<SeenEntry<G>>) -> Self {
        History {
            config,
            viewer,
            log,
        }
    }

    /// The game's config.
    pub fn config(&self) -> &G::Config {
        &self.config
    }

    /// Whose history it is.
    pub fn viewer(&self) -> Viewer {
        self.viewer
    }

    /// Every entry, in order, as the viewer saw it.
    pub fn log(&self) -> &[SeenEntry<G>] {
        &self.log
    }

    /// The history of `log`, played from `start`, as `viewer` saw it.
    pub fn of(start: &G, log: &[Entry<G>], viewer: Viewer) -> Self {
        History::new(
            start.config().clone(),
            viewer,
            seen_entries(start, log, viewer),
        )
    }

    /// Adds the next entry, as the viewer saw it.
    pub fn push(&mut self, entry: SeenEntry<G>) {
        self.log.push(entry);
    }
}

/// Each entry of `log`, played from `start`, as `viewer` saw it.
pub(crate) fn seen_entries<G: Game>(
    start: &G,
    log: &[Entry<G>],
    viewer: Viewer,
) -> Vec<SeenEntry<G>> {
    let mut state = start.clone();
    let mut seen = Vec::with_capacity(log.len());
    for entry in log {
        seen.push(SeenEntry::new(&state, entry, viewer));
        entry.apply_unchecked(&mut state);
    }
    seen
}

#[cfg(feature = "serde")]
mod serde_impl {
    use alloc::string::String;

    use super::{History, SeenEntry};
    use crate::game::{Game, Viewer};
    use crate::record::FORMAT;
    use crate::record::serde_impl::{Line, Log, RawEntry, check_header, log_entry_serde};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    log_entry_serde!(SeenEntry, SeenChance, SeenAction);

    #[derive(Serialize)]
    struct HistoryOut<'a, C, L> {
        game: &'static str,
        format: u32,
        config: &'a C,
        viewer: Viewer,
        log: &'a [L],
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct HistoryIn<C, L> {
        game: String,
        format: u32,
        config: C,
        viewer: Viewer,
        log: Log<L>,
    }

    impl<G: Game> Serialize for History<G>
    where
        G::Config: Serialize,
        G::SeenChance: Serialize,
        G::SeenAction: Serialize,
    {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            HistoryOut {
                game: G::NAME,
                format: FORMAT,
                config: &self.config,
                viewer: self.viewer,
                log: &self.log,
            }
            .serialize(serializer)
        }
    }

    impl<'de, G: Game> Deserialize<'de> for History<G>
    where
        G::Config: Deserialize<'de>,
        G::SeenChance: Deserialize<'de>,
        G::SeenAction: Deserialize<'de>,
    {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let raw = HistoryIn::<G::Config, SeenEntry<G>>::deserialize(deserializer)?;
            check_header::<G, D::Error>(&raw.game, raw.format, "history")?;
            Ok(History::new(raw.config, raw.viewer, raw.log.0))
        }
    }
}
