//! A game in progress: the state, the generator that resolves its chance,
//! and the log of everything that happened.

use alloc::vec::Vec;
use core::fmt;

use crate::game::{Game, ToMove, Viewer};
use crate::history::{History, SeenEntry};
use crate::record::{Entry, Record};
use crate::rng::{DiceRng, Hidden};
use crate::seat::Seat;

/// A game being played: state, generator and log, kept in step.
///
/// The generator never lives in the game state; the match holds it beside
/// the state and uses it only to resolve chance events. Every decision and
/// every chance outcome is logged, so [`record`](Match::record) replays to
/// exactly this state, and carries the generator so that the replayed match
/// goes on with exactly the dice this one would have drawn.
///
/// ```
/// use dice_core::{Game, Match, ToMove, pig::{Pig, PigAction, PigConfig}};
///
/// let mut m = Match::<Pig>::new(&PigConfig::default(), 42).unwrap();
/// m.play(PigAction::Roll).unwrap();
/// let roll = m.resolve_chance().unwrap();
/// assert!((1..=6).contains(&roll));
/// assert_eq!(m.log().len(), 2);
///
/// // Save, load, and go on: the same dice as if it had never stopped.
/// let mut resumed = dice_core::replay(&m.record()).unwrap();
/// assert_eq!(resumed, m);
/// if m.state().to_move() != ToMove::Over {
///     m.play(PigAction::Roll).unwrap();
///     resumed.play(PigAction::Roll).unwrap();
///     assert_eq!(resumed.resolve_chance(), m.resolve_chance());
/// }
/// ```
///
/// `Debug` shows the state and the log, never the seed or the generator.
#[derive(Clone, PartialEq)]
pub struct Match<G: Game> {
    start: G,
    state: G,
    generator: Option<DiceRng>,
    seed: Option<u64>,
    log: Vec<Entry<G>>,
}

impl<G: Game> Match<G> {
    /// A new game with this config, its chance drawn from `seed`.
    ///
    /// # Errors
    /// When the game refuses the config.
    pub fn new(config: &G::Config, seed: u64) -> Result<Self, G::Error> {
        let mut m = Self::without_generator(config)?;
        m.generator = Some(DiceRng::from_seed_u64(seed));
        m.seed = Some(seed);
        Ok(m)
    }

    /// A new game whose chance comes from outside (physical dice, a
    /// script): every outcome is given with
    /// [`apply_chance`](Match::apply_chance) until a generator is set.
    ///
    /// # Errors
    /// When the game refuses the config.
    pub fn without_generator(config: &G::Config) -> Result<Self, G::Error> {
        let state = G::new(config)?;
        Ok(Match {
            start: state.clone(),
            state,
            generator: None,
            seed: None,
            log: Vec::new(),
        })
    }

    /// The current state.
    pub fn state(&self) -> &G {
        &self.state
    }

    /// Consumes the match, returning the state.
    pub fn into_state(self) -> G {
        self.state
    }

    /// The generator as far as it has been used, if the match has one. A
    /// secret: it predicts every future roll.
    pub fn generator(&self) -> Option<&DiceRng> {
        self.generator.as_ref()
    }

    /// Resolves the chance events from now on with `generator`.
    pub fn set_generator(&mut self, generator: DiceRng) {
        self.generator = Some(generator);
    }

    /// The seed the match was created with, if any. A secret.
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// Everything applied so far, in order.
    pub fn log(&self) -> &[Entry<G>] {
        &self.log
    }

    /// Plays a decision for the player to move.
    ///
    /// # Errors
    /// The rule it breaks (including "waiting for chance"); nothing changes.
    pub fn play(&mut self, action: G::Action) -> Result<(), G::Error> {
        let player = match self.state.to_move() {
            ToMove::Player(p) => Some(p),
            _ => None,
        };
        self.state.apply(action)?;
        self.log.push(Entry::Action { player, action });
        Ok(())
    }

    /// Applies a chosen chance outcome (from physical dice, a script, a
    /// solver, or [`draw_chance`](Match::draw_chance)).
    ///
    /// # Errors
    /// Why the outcome is impossible now; nothing changes.
    pub fn apply_chance(&mut self, outcome: G::Chance) -> Result<(), G::Error> {
        self.state.apply_chance(outcome.clone())?;
        self.log.push(Entry::Chance(outcome));
        Ok(())
    }

    /// Draws the pending chance event's outcome from the generator without
    /// applying it; `None` (and nothing drawn) when not at a chance node or
    /// without a generator.
    ///
    /// A server that streams each seat its history draws first, tells each
    /// seat [`seen_chance`](Game::seen_chance) of the outcome, then applies
    /// it with [`apply_chance`](Match::apply_chance).
    pub fn draw_chance(&mut self) -> Option<G::Chance> {
        if self.state.to_move() != ToMove::Chance {
            return None;
        }
        self.state.sample_chance(self.generator.as_mut()?)
    }

    /// Draws the pending chance event's outcome from the generator and
    /// applies it; `None` (and nothing drawn) when not at a chance node or
    /// without a generator.
    pub fn resolve_chance(&mut self) -> Option<G::Chance> {
        let outcome = self.draw_chance()?;
        self.apply_chance(outcome.clone()).ok()?;
        Some(outcome)
    }

    /// Resolves chance events until a player must decide or the game is
    /// over; returns who is to move then. Stops after `limit` events, for
    /// games whose chance could chain without end, and at once without a
    /// generator.
    pub fn resolve_all_chance(&mut self, limit: usize) -> ToMove {
        for _ in 0..limit {
            if self.resolve_chance().is_none() {
                break;
            }
        }
        self.state.to_move()
    }

    /// The seat to move, if a player must decide now.
    pub fn player_to_move(&self) -> Option<Seat> {
        match self.state.to_move() {
            ToMove::Player(p) => Some(p),
            _ => None,
        }
    }

    /// The private record of this match: config, seed, generator and every
    /// entry of the log. [`replay`](crate::replay) turns it back into this
    /// match, generator included.
    pub fn record(&self) -> Record<G> {
        let mut record = Record::new(self.state.config().clone()).with_log(self.log.clone());
        if let Some(seed) = self.seed {
            record = record.with_seed(seed);
        }
        if let Some(generator) = &self.generator {
            record = record.with_generator(generator.clone());
        }
        record
    }

    /// The log as `viewer` may know it: no seed, no generator, and each
    /// entry shown as [`seen_action`](Game::seen_action) and
    /// [`seen_chance`](Game::seen_chance) showed it when it happened.
    ///
    /// ```
    /// use dice_core::{Match, Viewer, pig::{Pig, PigAction, PigConfig}};
    ///
    /// let mut m = Match::<Pig>::new(&PigConfig::default(), 42).unwrap();
    /// m.play(PigAction::Roll).unwrap();
    /// m.resolve_chance().unwrap();
    /// let history = m.history(Viewer::Seat(1));
    /// assert_eq!(history.log().len(), 2);
    /// ```
    pub fn history(&self, viewer: Viewer) -> History<G> {
        let mut state = self.start.clone();
        let log = self
            .log
            .iter()
            .map(|entry| {
                let seen = SeenEntry::new(&state, entry, viewer);
                match entry {
                    Entry::Chance(c) => state.apply_chance_unchecked(c.clone()),
                    Entry::Action { action, .. } => state.apply_unchecked(*action),
                }
                seen
            })
            .collect();
        History::new(self.state.config().clone(), viewer, log)
    }
}

impl<G: Game> fmt::Debug for Match<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Match")
            .field("state", &self.state)
            .field("generator", &self.generator.as_ref().map(|_| Hidden))
            .field("seed", &self.seed.map(|_| Hidden))
            .field("log", &self.log)
            .finish_non_exhaustive()
    }
}
