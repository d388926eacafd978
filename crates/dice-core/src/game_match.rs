//! A game in progress: the state, the generator that resolves its chance,
//! and the log of everything that happened.

use alloc::string::ToString;
use alloc::vec::Vec;

use crate::{DiceRng, Entry, Game, Record, Seat, ToMove};

/// A game being played: state, generator and log, kept in step.
///
/// The generator never lives in the game state; the match holds it beside
/// the state and uses it only to resolve chance events. Every decision and
/// every chance outcome is logged, so [`record`](Match::record) replays to
/// exactly this state whatever generator replays it.
///
/// ```
/// use dice_core::{Game, Match, ToMove, pig::{Pig, PigAction, PigConfig}};
///
/// let mut m = Match::<Pig>::new(&PigConfig::default(), 42).unwrap();
/// m.play(PigAction::Roll).unwrap();
/// let roll = m.resolve_chance().unwrap();
/// assert!((1..=6).contains(&roll));
/// assert_eq!(m.log().len(), 2);
/// assert_eq!(dice_core::replay(&m.record()).unwrap().state(), m.state());
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Match<G: Game> {
    state: G,
    rng: DiceRng,
    seed: u64,
    log: Vec<Entry<G>>,
}

impl<G: Game> Match<G> {
    /// A new game with this config, its chance drawn from `seed`.
    ///
    /// # Errors
    /// When the game refuses the config.
    pub fn new(config: &G::Config, seed: u64) -> Result<Self, G::Error> {
        Ok(Match {
            state: G::new(config)?,
            rng: DiceRng::from_seed_u64(seed),
            seed,
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

    /// The generator, as far as it has been used.
    pub fn rng(&self) -> &DiceRng {
        &self.rng
    }

    /// The seed the match was created with.
    pub fn seed(&self) -> u64 {
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

    /// Applies a chosen chance outcome (from physical dice, a script or a
    /// solver) instead of drawing one.
    ///
    /// # Errors
    /// Why the outcome is impossible now; nothing changes.
    pub fn apply_chance(&mut self, outcome: G::Chance) -> Result<(), G::Error> {
        self.state.apply_chance(outcome.clone())?;
        self.log.push(Entry::Chance(outcome));
        Ok(())
    }

    /// Draws the pending chance event's outcome from the generator and
    /// applies it; `None` (and nothing drawn) when not at a chance node.
    pub fn resolve_chance(&mut self) -> Option<G::Chance> {
        if self.state.to_move() != ToMove::Chance {
            return None;
        }
        let outcome = self.state.sample_chance(&mut self.rng)?;
        self.state.apply_chance(outcome.clone()).ok()?;
        self.log.push(Entry::Chance(outcome.clone()));
        Some(outcome)
    }

    /// Resolves chance events until a player must decide or the game is
    /// over; returns who is to move then. Stops after `limit` events, for
    /// games whose chance could chain without end.
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

    /// The record of this match: config, seed and every entry of the log.
    pub fn record(&self) -> Record<G> {
        Record {
            game: G::NAME.to_string(),
            format: crate::record::FORMAT,
            config: self.state.config().clone(),
            seed: self.seed,
            log: self.log.clone(),
        }
    }
}
