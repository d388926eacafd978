//! A game in progress: the state, the generator that resolves its chance,
//! and the log of everything that happened.

use alloc::vec::Vec;
use core::fmt;

use crate::game::{Game, SeatError, ToMove, Viewer};
use crate::history::History;
use crate::record::{Entry, Record};
use crate::rng::{DiceRng, Hidden};
use crate::seat::Seat;
use crate::update::Update;

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
#[derive(Clone)]
pub struct Match<G: Game> {
    start: G,
    state: G,
    generator: Option<DiceRng>,
    seed: Option<u64>,
    log: Vec<Entry<G>>,
    /// How far [`tell`](Match::tell) has told, and the state there.
    told: usize,
    told_state: G,
}

/// Two matches are equal when they started alike, stand alike, hold the
/// same log and will draw the same dice; what has been told is not part of
/// the game.
impl<G: Game> PartialEq for Match<G> {
    fn eq(&self, other: &Self) -> bool {
        self.start == other.start
            && self.state == other.state
            && self.generator == other.generator
            && self.seed == other.seed
            && self.log == other.log
    }
}

impl<G: Game> Match<G> {
    /// A new game with this config, its chance drawn from `seed`.
    ///
    /// A `u64` seed makes a game reproducible, not secret: anyone who sees
    /// a few rolls can search the seeds below 2<sup>32</sup> within an hour
    /// on one core. Behind a server, start matches with
    /// [`with_generator`](Match::with_generator) and
    /// `DiceRng::from_os` (feature `os-rng`).
    ///
    /// # Errors
    /// When the game refuses the config.
    pub fn new(config: &G::Config, seed: u64) -> Result<Self, G::Error> {
        let mut m = Self::without_generator(config)?;
        m.generator = Some(DiceRng::from_seed_u64(seed));
        m.seed = Some(seed);
        Ok(m)
    }

    /// A new game with this config, its chance drawn from `generator` (no
    /// seed is recorded; the record keeps the generator, so replay and
    /// resume are exact).
    ///
    /// ```
    /// use dice_core::{DiceRng, Match, pig::{Pig, PigAction, PigConfig}};
    ///
    /// let key = [7u8; 32]; // on a server: DiceRng::from_os()
    /// let mut m = Match::<Pig>::with_generator(&PigConfig::default(), DiceRng::from_seed_bytes(key)).unwrap();
    /// m.play(PigAction::Roll).unwrap();
    /// m.resolve_chance().unwrap();
    /// assert_eq!(m.seed(), None);
    /// assert_eq!(dice_core::replay(&m.record()).unwrap(), m);
    /// ```
    ///
    /// # Errors
    /// When the game refuses the config.
    pub fn with_generator(config: &G::Config, generator: DiceRng) -> Result<Self, G::Error> {
        let mut m = Self::without_generator(config)?;
        m.generator = Some(generator);
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
            told_state: state.clone(),
            state,
            generator: None,
            seed: None,
            log: Vec::new(),
            told: 0,
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

    /// Plays a decision sent by `seat`: refused unless `seat` is to move.
    /// What a server calls with the seat of the connection the action came
    /// from (never a seat named in the message).
    ///
    /// ```
    /// use dice_core::{Match, SeatError, ToMove, pig::{Pig, PigAction, PigConfig}};
    ///
    /// let mut m = Match::<Pig>::new(&PigConfig::default(), 42).unwrap();
    /// let err = m.play_as(1, PigAction::Roll).unwrap_err();
    /// assert_eq!(err, SeatError::NotYourTurn { seat: 1, to_move: ToMove::Player(0) });
    /// assert!(m.log().is_empty());
    /// m.play_as(0, PigAction::Roll).unwrap();
    /// ```
    ///
    /// # Errors
    /// Who is to move instead, or the rule the action breaks; nothing
    /// changes.
    pub fn play_as(&mut self, seat: Seat, action: G::Action) -> Result<(), SeatError<G::Error>> {
        self.state.apply_as(seat, action)?;
        self.log.push(Entry::Action {
            player: Some(seat),
            action,
        });
        Ok(())
    }

    /// The generator for the agent deciding now: derived from the match's
    /// generator and the number of entries
    /// ([`DiceRng::decision_rng`]), so a match resumed from its record
    /// gives its bots the generators they would have had. `None` without a
    /// generator.
    pub fn decision_rng(&self) -> Option<DiceRng> {
        let step = u64::try_from(self.log.len()).ok()?;
        Some(self.generator.as_ref()?.decision_rng(step))
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

    /// What every viewer is to be told of the entries since the last call
    /// (since the start, the first time): one [`Update`] for each seat in
    /// order, then one for a spectator. The match keeps the state it last
    /// told from, so neither side clones a state per step.
    pub fn tell(&mut self) -> Vec<Update<G>> {
        let entries = self.log.get(self.told..).unwrap_or_default();
        let updates = Viewer::every(self.state.players())
            .map(|viewer| Update::new(&self.told_state, self.told, entries, &self.state, viewer))
            .collect();
        for entry in entries {
            entry.apply_unchecked(&mut self.told_state);
        }
        self.told = self.log.len();
        updates
    }

    /// What `viewer` is to be told of every entry from index `since` on
    /// (clamped to the log): what a server sends a client that reconnects
    /// having seen `since` entries. Replays the log from the start, so it
    /// costs one apply per entry.
    pub fn update(&self, viewer: Viewer, since: usize) -> Update<G> {
        let since = since.min(self.log.len());
        let (seen, rest) = self.log.split_at(since);
        let mut before = self.start.clone();
        for entry in seen {
            entry.apply_unchecked(&mut before);
        }
        Update::new(&before, since, rest, &self.state, viewer)
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
        History::of(&self.start, &self.log, viewer)
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
