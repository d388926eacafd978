//! A game state behind one object-safe door: integers in, integers out.

use std::fmt;

use dice_core::listing::Listed;
use dice_core::observation::ObservationTensor;
use dice_core::prelude::*;
use dice_core::{Objective, Past, Prob, ResampleLog, Scoreboard, Seat, ToMove, Update};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use serde_json::value::RawValue;

use crate::error::StepError;
use crate::tell::{Mark, Marked, Told};

/// A trait that only names bounds, and its blanket impl for every type
/// that meets them: the bounds are written once.
macro_rules! bounds_trait {
    (
        $(#[doc = $doc:expr])*
        $(#[cfg($cfg:meta)])?
        pub trait $name:ident: $($bounds:tt)+
    ) => {
        $(#[doc = $doc])*
        $(#[cfg($cfg)])?
        pub trait $name: $($bounds)+ {}

        $(#[cfg($cfg)])?
        impl<G> $name for G where G: $($bounds)+ {}
    };
}

bounds_trait! {
    /// What every game of the registry asks of its engine: the contract, its
    /// declaration, its tensors, and JSON for states, views and records (and,
    /// with the feature `schema`, their JSON Schemas).
    pub trait Engine:
        Game<
            Config: Serialize + DeserializeOwned + Send + Sync,
            Action: Serialize + DeserializeOwned + Send + Sync,
            Chance: Serialize + DeserializeOwned + Send + Sync,
            View: Serialize,
            SeenAction: Serialize + DeserializeOwned,
            SeenChance: Serialize + DeserializeOwned,
        > + Listed
        + ObservationTensor
        + ResampleLog
        + WireTypes
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static
}

bounds_trait! {
    /// With the feature `schema`: wire types that write their JSON Schemas.
    #[cfg(feature = "schema")]
    pub trait WireTypes:
        Game<
            Config: schemars::JsonSchema,
            Action: schemars::JsonSchema,
            Chance: schemars::JsonSchema,
            View: schemars::JsonSchema,
            SeenAction: schemars::JsonSchema,
            SeenChance: schemars::JsonSchema,
        >
}

/// Without the feature `schema`: nothing asked.
#[cfg(not(feature = "schema"))]
pub trait WireTypes {}

#[cfg(not(feature = "schema"))]
impl<G> WireTypes for G {}

/// A game in progress, any game: OpenSpiel's `State`, in Rust.
///
/// Decisions are action ids (below [`num_distinct_actions`](AnyState::num_distinct_actions)),
/// chance outcomes are their index in [`chance_outcomes`](AnyState::chance_outcomes),
/// and [`apply`](AnyState::apply) takes either, as the node requires. A
/// refused id leaves the state unchanged. The state keeps its history, so
/// it can tell each viewer what it saw and write itself as a record.
pub trait AnyState: Send + Sync + fmt::Debug {
    /// The game's name, e.g. `"armadora"`.
    fn game(&self) -> &'static str;
    /// Seats at the table.
    fn players(&self) -> usize;
    /// Who acts next.
    fn to_move(&self) -> ToMove;
    /// Every action id is below this bound, which depends only on the
    /// config.
    fn num_distinct_actions(&self) -> u32;
    /// The legal action ids, ascending; empty unless a player is to move.
    fn legal_actions(&self) -> Vec<u32>;
    /// One flag per action id: whether it is legal now.
    fn legal_actions_mask(&self) -> Vec<bool>;
    /// The pending chance event's outcomes as `(outcome id, exact
    /// probability)`; empty unless at a chance node.
    fn chance_outcomes(&self) -> Vec<(u32, Prob)>;
    /// The ids whoever is to move may apply, as OpenSpiel lists them: the
    /// legal action ids at a decision, the outcome ids at a chance node,
    /// none at the end.
    fn legal_ids(&self) -> Vec<u32> {
        match self.to_move() {
            ToMove::Chance => self
                .chance_outcomes()
                .into_iter()
                .map(|(id, _)| id)
                .collect(),
            ToMove::Player(_) => self.legal_actions(),
            ToMove::Over => Vec::new(),
        }
    }
    /// Applies an action id at a decision, or an outcome id at a chance
    /// node.
    ///
    /// # Errors
    /// Why the id is refused; the state is then unchanged.
    fn apply(&mut self, id: u32) -> Result<(), StepError>;
    /// Draws the pending chance event's outcome from `rng` and applies it,
    /// returning its id; `None` when not at a chance node.
    fn apply_sampled_chance(&mut self, rng: &mut DiceRng) -> Option<u32>;
    /// An action id (at a decision) or outcome id (at a chance node) as
    /// text; the action's text is its actor's, the outcome's is the
    /// omniscient one.
    ///
    /// # Errors
    /// When the id names nothing here.
    fn id_to_string(&self, id: u32) -> Result<String, StepError>;
    /// The action id of an action written as text, for the player to move.
    ///
    /// # Errors
    /// When the text is not an action of this game.
    fn string_to_id(&self, text: &str) -> Result<u32, StepError>;
    /// The final result, once the game is over.
    fn result(&self) -> Option<GameResult>;
    /// Each seat's return at the end, as the game declares them
    /// ([`AnyGame::utility`](crate::AnyGame::utility)): for most games its
    /// share of the victory (1 for a sole winner, `1/k` for each of `k` who
    /// share it, 0 for the others), for a zero-sum game its score (Liar's
    /// Dice: +1 and -1); `None` before the end.
    fn returns(&self) -> Option<Vec<f64>>;
    /// The mean returns of `count` games played on from here with
    /// uniformly random decisions, chance drawn from `rng` (OpenSpiel's
    /// random rollouts); a game not over after `max_steps` steps counts
    /// as zeros. Played on the engine's own types, without ids.
    fn mean_random_returns(&self, count: u64, max_steps: u64, rng: &mut DiceRng) -> Vec<f64>;
    /// `viewer`'s view encoded as an observation tensor, into `out`.
    fn observation_tensor(&self, viewer: Viewer, out: &mut Vec<f32>);
    /// What a seat plays for ([`Game::objective`]): to win, or in a game
    /// for one to score between bounds. A ladder that ranks players of
    /// this game ranks them by it.
    fn objective(&self) -> Objective;
    /// The running scores `viewer` sees ([`Game::scoreboard`]): each
    /// seat's score so far with its named parts; `None` when the game
    /// shows none now. Worked out from `viewer`'s view alone.
    fn scoreboard(&self, viewer: Viewer) -> Option<Scoreboard>;
    /// `viewer`'s view as JSON.
    fn view_json(&self, viewer: Viewer) -> String;
    /// `viewer`'s history as JSON: everything it has seen so far (the
    /// information state of perfect recall).
    fn history_json(&self, viewer: Viewer) -> String;
    /// The ids applied so far, decisions and chance outcomes in order.
    fn history_ids(&self) -> Vec<u32>;
    /// The state as a record (config and log, no generator): JSON that
    /// [`AnyGame::load_state`](crate::AnyGame::load_state) reads back.
    fn to_record_json(&self) -> String;
    /// The state itself as JSON (the engine's validated encoding).
    fn state_json(&self) -> String;
    /// A copy, to explore from.
    fn clone_box(&self) -> Box<dyn AnyState>;
    /// Whether `seat` may play action id `id` now.
    ///
    /// # Errors
    /// [`StepError::NotYourTurn`] unless `seat` is to move (naming who
    /// is); otherwise why the id is refused, worded from what `seat` may
    /// know.
    fn check_as(&self, seat: Seat, id: u32) -> Result<(), StepError>;
    /// Plays action id `id` for `seat`: what a server calls with the seat
    /// of the connection the action came from.
    ///
    /// # Errors
    /// As [`check_as`](AnyState::check_as); the state is then unchanged.
    fn apply_as(&mut self, seat: Seat, id: u32) -> Result<(), StepError>;
    /// How many entries (decisions and chance outcomes) were applied.
    fn entry_count(&self) -> usize;
    /// The legal action ids and their texts (the actor's notation) when
    /// `viewer` is the seat to move, in id order; empty otherwise.
    fn legal_for(&self, viewer: Viewer) -> Vec<(u32, String)>;
    /// What `viewer` is told of the entries from index `since` on (clamped
    /// to the log), as JSON: a [`dice_core::Update`] (`game`, `viewer`,
    /// `from`, `to`, `entries` as the viewer saw them, `to_move`, `view`,
    /// `legal` as `[id, "text"]` pairs for the seat to move, `result`).
    fn update_json(&self, viewer: Viewer, since: usize) -> String;
    /// The position now, to tell each viewer later what the entries applied
    /// after it changed ([`tell`](AnyState::tell)): a server takes one
    /// before each accepted action.
    fn mark(&self) -> Mark;
    /// What `viewer` is told of the entries applied since `mark` (a mark of
    /// this state taken earlier) and of the table now, built from the
    /// mark's position and those entries alone: no replay from the start,
    /// no JSON read back. A mark of another game, or from past the end of
    /// this state's log, is told as [`tell_since`](AnyState::tell_since)
    /// its entry count.
    fn tell(&self, mark: &Mark, viewer: Viewer) -> Told;
    /// [`tell`](AnyState::tell), with each legal action's text written
    /// only where `wanted` answers `true` for its id and left empty
    /// elsewhere: a server that told a connection a text once need not
    /// have it written again at each turn. The ids and their order are
    /// [`tell`](AnyState::tell)'s.
    fn tell_texts(&self, mark: &Mark, viewer: Viewer, wanted: &dyn Fn(u32) -> bool) -> Told {
        let _ = wanted;
        self.tell(mark, viewer)
    }
    /// What `viewer` is told of the entries from index `since` on (clamped
    /// to the log) and of the table now: [`update_json`](AnyState::update_json)
    /// in parts. It replays the log up to `since` (a reconnect's cost).
    fn tell_since(&self, since: usize, viewer: Viewer) -> Told;
    /// A state that `viewer` cannot tell apart from this one, with every
    /// part hidden from `viewer` drawn afresh from `rng`, in the present
    /// and in the past: its log is redrawn ([`ResampleLog::resample_log`]),
    /// so `viewer`'s [`history_json`](AnyState::history_json) and
    /// [`view_json`](AnyState::view_json) are the same as this state's.
    fn resample_hidden(&self, viewer: Viewer, rng: &mut DiceRng) -> Box<dyn AnyState>;
    /// This position as the start of a new log: the same state, no
    /// entries. What a match started from a given position (rather than
    /// from the game's first) plays on from: its entries count from there.
    fn restart_here(&self) -> Box<dyn AnyState>;
    /// The state as [`Any`](std::any::Any), for code that knows its game
    /// (the registry's bots).
    fn as_any(&self) -> &dyn std::any::Any;
}

impl Clone for Box<dyn AnyState> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

impl dyn AnyState + '_ {
    /// The engine's own state behind this one, when it is a `G`: what code
    /// that knows its game (a rollout in the engine's types, a bot) reads
    /// without going through ids or JSON.
    ///
    /// ```
    /// use tabletop_engines::dice_core::pig::Pig;
    ///
    /// let game = tabletop_engines::load_game("pig").unwrap();
    /// let state = game.new_initial_state();
    /// assert!(state.engine::<Pig>().is_some());
    /// ```
    #[must_use]
    pub fn engine<G: Engine>(&self) -> Option<&G> {
        self.as_any().downcast_ref::<Played<G>>().map(Played::state)
    }
}

/// [`AnyState`] for one engine: the state, where it started, and the ids
/// applied.
#[derive(Debug, Clone)]
pub(crate) struct Played<G: Engine> {
    state: G,
    start: G,
    log: Vec<Entry<G>>,
    ids: Vec<u32>,
}

impl<G: Engine> Played<G> {
    pub(crate) fn new(state: G) -> Self {
        Played {
            start: state.clone(),
            state,
            log: Vec::new(),
            ids: Vec::new(),
        }
    }

    /// The game's own state.
    pub(crate) fn state(&self) -> &G {
        &self.state
    }

    /// The state after the first `count` entries of the log.
    fn state_after(&self, count: usize) -> G {
        let mut state = self.start.clone();
        for entry in self.log.iter().take(count) {
            entry.apply_unchecked(&mut state);
        }
        state
    }

    /// The state at the end of a replayed match.
    pub(crate) fn from_match(m: &Match<G>) -> Result<Self, StepError> {
        let start = G::new(m.state().config()).map_err(|e| StepError::Text(e.to_string()))?;
        Played::from_log(start, m.log())
    }

    /// The state `log` leads to from `start`, each entry checked.
    fn from_log(start: G, log: &[Entry<G>]) -> Result<Self, StepError> {
        let mut played = Played::new(start);
        for entry in log {
            let id = match entry {
                Entry::Chance(outcome) => played.outcome_id(outcome),
                Entry::Action { action, .. } => played.state.action_id(action),
            }
            .ok_or_else(|| StepError::Text(format!("{entry:?} has no id")))?;
            played.apply(id)?;
        }
        Ok(played)
    }

    /// How many outcomes the pending chance event has (for a refusal).
    fn chance_outcome_count(&self) -> usize {
        let mut outcomes = Vec::new();
        self.state.chance_outcomes(&mut outcomes);
        outcomes.len()
    }

    /// The seen form, for `viewer`, of the entries from `from` on, applied
    /// to `state` (the position after the first `from` entries): a JSON
    /// array written once, and each entry's narration (its `Display`, as
    /// the viewer saw it).
    fn seen_since(
        &self,
        mut state: G,
        from: usize,
        viewer: Viewer,
    ) -> (Box<RawValue>, Vec<String>) {
        let mut seen = Vec::with_capacity(self.log.len().saturating_sub(from));
        for entry in self.log.iter().skip(from) {
            seen.push(SeenEntry::new(&state, entry, viewer));
            match entry {
                Entry::Chance(c) => state.apply_chance_unchecked(c.clone()),
                Entry::Action { action, .. } => state.apply_unchecked(*action),
            }
        }
        let narration = seen.iter().map(ToString::to_string).collect();
        // Seen entries of the registry's engines always serialise; `null`
        // stands for one that would not.
        (
            serde_json::value::to_raw_value(&seen).unwrap_or_default(),
            narration,
        )
    }

    /// The legal actions when `viewer` is the seat to move, in id order,
    /// each with its text where `wanted` says so (empty elsewhere); none
    /// otherwise.
    fn offered(&self, viewer: Viewer, wanted: &dyn Fn(u32) -> bool) -> Vec<LegalAction> {
        match (self.state.to_move(), viewer) {
            (ToMove::Player(p), Viewer::Seat(s)) if p == s => {
                let mut legal = Vec::new();
                self.state.legal_actions(&mut legal);
                let mut offered: Vec<LegalAction> = legal
                    .iter()
                    .filter_map(|a| {
                        let id = self.state.action_id(a)?;
                        let text = if wanted(id) {
                            self.state.action_text(a)
                        } else {
                            String::new()
                        };
                        Some(LegalAction::new(id, text))
                    })
                    .collect();
                offered.sort_unstable_by_key(LegalAction::id);
                offered
            }
            _ => Vec::new(),
        }
    }

    /// What `viewer` is told of the entries from `from` on, `before` being
    /// the position they were applied to, with the legal texts `wanted`.
    fn told(&self, before: G, from: usize, viewer: Viewer, wanted: &dyn Fn(u32) -> bool) -> Told {
        let legal = self.offered(viewer, wanted);
        let (entries, narration) = self.seen_since(before, from, viewer);
        // The view is made once: its JSON and its scores both come from it.
        let view = self.state.view(viewer);
        Told {
            game: G::NAME,
            viewer,
            from,
            to: self.log.len(),
            entries,
            narration,
            to_move: self.state.to_move(),
            view: view_text(&view),
            legal,
            result: self.state.result(),
            scoreboard: G::scoreboard(&view),
        }
    }

    fn outcome_id(&self, outcome: &G::Chance) -> Option<u32> {
        self.state
            .chance_outcome_index(outcome)
            .and_then(|i| u32::try_from(i).ok())
    }

    fn push(&mut self, entry: Entry<G>, id: u32) {
        self.log.push(entry);
        self.ids.push(id);
    }
}

/// `viewer`'s view of `state` as a JSON value, with no text in between.
fn view_value<G: Engine>(state: &G, viewer: Viewer) -> Value {
    serde_json::to_value(state.view(viewer)).unwrap_or(Value::Null)
}

/// `view` as JSON text; `null` for a view that would not serialise (the
/// registry's engines' views always do).
fn view_text<V: Serialize>(view: &V) -> Box<RawValue> {
    serde_json::value::to_raw_value(view).unwrap_or_default()
}

/// [`Marked`] for one engine: a copy of its state at the mark.
struct MarkOf<G> {
    state: G,
    at: usize,
}

impl<G: Engine> Marked for MarkOf<G> {
    fn at(&self) -> usize {
        self.at
    }

    fn view_value(&self, viewer: Viewer) -> Value {
        view_value(&self.state, viewer)
    }

    fn view_text(&self, viewer: Viewer) -> Box<RawValue> {
        view_text(&self.state.view(viewer))
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// `value` as JSON text, or an object naming the error where it does not
/// serialise.
pub(crate) fn to_json<T: Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| format!("{{\"error\":{:?}}}", e.to_string()))
}

impl<G: Engine> AnyState for Played<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn players(&self) -> usize {
        self.state.players()
    }

    fn to_move(&self) -> ToMove {
        self.state.to_move()
    }

    fn num_distinct_actions(&self) -> u32 {
        self.state.action_id_bound()
    }

    fn legal_actions(&self) -> Vec<u32> {
        let mut legal = Vec::new();
        self.state.legal_actions(&mut legal);
        let mut ids: Vec<u32> = legal
            .iter()
            .filter_map(|a| self.state.action_id(a))
            .collect();
        ids.sort_unstable();
        ids
    }

    fn legal_actions_mask(&self) -> Vec<bool> {
        // `legal_actions` is sorted, so each id of the bound is looked up.
        let legal = self.legal_actions();
        (0..self.state.action_id_bound())
            .map(|id| legal.binary_search(&id).is_ok())
            .collect()
    }

    fn chance_outcomes(&self) -> Vec<(u32, Prob)> {
        let mut outcomes = Vec::new();
        self.state.chance_outcomes(&mut outcomes);
        outcomes
            .into_iter()
            .zip(0u32..)
            .map(|((_, p), id)| (id, p))
            .collect()
    }

    fn apply(&mut self, id: u32) -> Result<(), StepError> {
        match self.state.to_move() {
            ToMove::Over => Err(StepError::GameOver),
            ToMove::Chance => {
                let (outcome, _) = usize::try_from(id)
                    .ok()
                    .and_then(|i| self.state.chance_outcome(i))
                    .ok_or_else(|| StepError::NoSuchOutcome {
                        id,
                        count: self.chance_outcome_count(),
                    })?;
                self.state
                    .apply_chance(outcome.clone())
                    .map_err(|e| StepError::Text(e.to_string()))?;
                self.push(Entry::Chance(outcome), id);
                Ok(())
            }
            ToMove::Player(seat) => {
                let bound = self.state.action_id_bound();
                let action = self
                    .state
                    .action_from_id(id)
                    .ok_or(StepError::NoSuchAction { id, bound })?;
                self.state.apply(action).map_err(|e| StepError::Illegal {
                    action: self.state.action_text(&action),
                    rule: e.to_string(),
                })?;
                self.push(
                    Entry::Action {
                        player: Some(seat),
                        action,
                    },
                    id,
                );
                Ok(())
            }
        }
    }

    fn apply_sampled_chance(&mut self, rng: &mut DiceRng) -> Option<u32> {
        let outcome = self.state.sample_chance(rng)?;
        let id = self
            .state
            .chance_outcome_index(&outcome)
            .and_then(|i| u32::try_from(i).ok())?;
        self.state.apply_chance(outcome.clone()).ok()?;
        self.push(Entry::Chance(outcome), id);
        Some(id)
    }

    fn id_to_string(&self, id: u32) -> Result<String, StepError> {
        if self.state.to_move() == ToMove::Chance {
            let mut outcomes = Vec::new();
            self.state.chance_outcomes(&mut outcomes);
            let count = outcomes.len();
            return usize::try_from(id)
                .ok()
                .and_then(|i| outcomes.get(i))
                .map(|(o, _)| self.state.chance_text(o))
                .ok_or(StepError::NoSuchOutcome { id, count });
        }
        let bound = self.state.action_id_bound();
        self.state
            .action_from_id(id)
            .map(|a| self.state.action_text(&a))
            .ok_or(StepError::NoSuchAction { id, bound })
    }

    fn string_to_id(&self, text: &str) -> Result<u32, StepError> {
        let action = self
            .state
            .action_from_text(text)
            .map_err(|e| StepError::Text(e.to_string()))?;
        self.state
            .action_id(&action)
            .ok_or_else(|| StepError::Text(format!("{text:?} has no id in this game")))
    }

    fn result(&self) -> Option<GameResult> {
        self.state.result()
    }

    fn returns(&self) -> Option<Vec<f64>> {
        let result = self.state.result()?;
        Some(G::utility(self.state.config()).returns(&result))
    }

    fn mean_random_returns(&self, count: u64, max_steps: u64, rng: &mut DiceRng) -> Vec<f64> {
        crate::rollout::mean_random_returns(&self.state, count, max_steps, rng)
    }

    fn observation_tensor(&self, viewer: Viewer, out: &mut Vec<f32>) {
        G::write_observation(&self.state.view(viewer), out);
    }

    fn objective(&self) -> Objective {
        self.state.objective()
    }

    fn scoreboard(&self, viewer: Viewer) -> Option<Scoreboard> {
        G::scoreboard(&self.state.view(viewer))
    }

    fn view_json(&self, viewer: Viewer) -> String {
        to_json(&self.state.view(viewer))
    }

    fn history_json(&self, viewer: Viewer) -> String {
        to_json(&History::of(&self.start, &self.log, viewer))
    }

    fn history_ids(&self) -> Vec<u32> {
        self.ids.clone()
    }

    fn to_record_json(&self) -> String {
        to_json(&Record::<G>::new(self.state.config().clone()).with_log(self.log.clone()))
    }

    fn state_json(&self) -> String {
        to_json(&self.state)
    }

    fn clone_box(&self) -> Box<dyn AnyState> {
        Box::new(self.clone())
    }

    fn check_as(&self, seat: Seat, id: u32) -> Result<(), StepError> {
        let to_move = self.state.to_move();
        if to_move != ToMove::Player(seat) {
            return Err(StepError::NotYourTurn { seat, to_move });
        }
        let bound = self.state.action_id_bound();
        let action = self
            .state
            .action_from_id(id)
            .ok_or(StepError::NoSuchAction { id, bound })?;
        self.state.check(&action).map_err(|e| StepError::Illegal {
            action: self.state.action_text(&action),
            rule: e.to_string(),
        })
    }

    fn apply_as(&mut self, seat: Seat, id: u32) -> Result<(), StepError> {
        self.check_as(seat, id)?;
        self.apply(id)
    }

    fn entry_count(&self) -> usize {
        self.log.len()
    }

    fn legal_for(&self, viewer: Viewer) -> Vec<(u32, String)> {
        self.offered(viewer, &|_| true)
            .into_iter()
            .map(|a| (a.id(), a.text().to_owned()))
            .collect()
    }

    fn update_json(&self, viewer: Viewer, since: usize) -> String {
        // Clamped to the log's length, so the split cannot fail.
        let since = since.min(self.log.len());
        let before = self.state_after(since);
        let (_, rest) = self.log.split_at(since);
        to_json(&Update::<G>::new(&before, since, rest, &self.state, viewer))
    }

    fn mark(&self) -> Mark {
        Mark(Box::new(MarkOf {
            state: self.state.clone(),
            at: self.log.len(),
        }))
    }

    fn tell(&self, mark: &Mark, viewer: Viewer) -> Told {
        self.tell_texts(mark, viewer, &|_| true)
    }

    fn tell_texts(&self, mark: &Mark, viewer: Viewer, wanted: &dyn Fn(u32) -> bool) -> Told {
        match mark.0.as_any().downcast_ref::<MarkOf<G>>() {
            Some(m) if m.at <= self.log.len() => self.told(m.state.clone(), m.at, viewer, wanted),
            _ => {
                let since = mark.at().min(self.log.len());
                self.told(self.state_after(since), since, viewer, wanted)
            }
        }
    }

    fn tell_since(&self, since: usize, viewer: Viewer) -> Told {
        let since = since.min(self.log.len());
        self.told(self.state_after(since), since, viewer, &|_| true)
    }

    fn resample_hidden(&self, viewer: Viewer, rng: &mut DiceRng) -> Box<dyn AnyState> {
        let log = G::resample_log(Past::new(&self.start, &self.log), viewer, rng);
        // A redrawn log is legal entry by entry (the engines' tests replay
        // every one they draw); were one refused, this state is the one
        // sample that is certainly consistent with what `viewer` saw.
        match Played::from_log(self.start.clone(), &log) {
            Ok(played) => Box::new(played),
            Err(_) => self.clone_box(),
        }
    }

    fn restart_here(&self) -> Box<dyn AnyState> {
        Box::new(Played::new(self.state.clone()))
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}
