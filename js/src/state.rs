//! `State`: a game in progress, the Python package's `State` in
//! JavaScript's naming.

use std::sync::Arc;

use js_sys::{Array, Float32Array, Object, Uint8Array};
use tabletop_engines::dice_core::{Prob, ToMove};
use tabletop_engines::{AnyGame, AnyState, StepError};
use wasm_bindgen::prelude::*;

use crate::args::{self, player_id, viewer};
use crate::errors;
use crate::json::{self, set};
use crate::rng::DiceRng;
use crate::types::{
    ChanceOutcomes, ConquestOddsValue, ExactChanceOutcomes, HistoryValue, Ids, LegalActions,
    RecordValue, Returns, ScoreboardValue, UpdateValue, ViewValue,
};

/// A game in progress: what `Game.newInitialState()` returns.
///
/// Decisions are action ids below `numDistinctActions()`; at a chance node
/// the ids are indices into `chanceOutcomes()`. A refused id throws an
/// `IllegalActionError` carrying the rule and changes nothing.
#[wasm_bindgen]
pub struct State {
    game: Arc<dyn AnyGame>,
    state: Box<dyn AnyState>,
}

impl State {
    pub(crate) fn new(game: Arc<dyn AnyGame>, state: Box<dyn AnyState>) -> Self {
        State { game, state }
    }

    /// The state itself.
    pub(crate) fn inner(&self) -> &dyn AnyState {
        self.state.as_ref()
    }

    /// Whether `player` may act now (no player: whoever is to move).
    fn acting(&self, player: Option<f64>) -> Result<bool, JsValue> {
        let Some(p) = player else { return Ok(true) };
        if args::is_chance(p) {
            return Ok(self.state.to_move() == ToMove::Chance);
        }
        let seat = args::seat(p, self.state.players())?;
        Ok(self.state.to_move() == ToMove::Player(seat))
    }

    /// The outcome id at a chance node whose text is `text`; refused when
    /// no outcome, or more than one, is written so (an outcome's text may
    /// leave out what tells two outcomes apart: apply its id then).
    fn outcome_named(&self, text: &str) -> Result<u32, JsValue> {
        let mut named = self
            .state
            .chance_outcomes()
            .into_iter()
            .map(|(id, _)| id)
            .filter(|&id| self.state.id_to_string(id).is_ok_and(|t| t == text));
        match (named.next(), named.next()) {
            (Some(id), None) => Ok(id),
            (None, _) => Err(errors::refused(
                None,
                format!("{text:?} is not an outcome of this chance event"),
            )),
            (Some(_), Some(_)) => Err(errors::refused(
                None,
                format!("{text:?} names more than one outcome of this chance event: apply its id"),
            )),
        }
    }
}

#[wasm_bindgen(inline_js = "export function plainIds(memory, at, length) { \
    const view = new Uint32Array(memory.buffer, at, length); \
    const plain = new Array(length); \
    for (let i = 0; i < length; i++) plain[i] = view[i]; \
    return plain; }")]
extern "C" {
    /// The `length` ids at byte offset `at` of the module's memory, read
    /// in place into a plain array: one call across and one loop, which V8
    /// runs several times faster than `Array.from`, with no typed array
    /// copied on the way.
    #[wasm_bindgen(js_name = plainIds)]
    fn plain_ids(memory: &JsValue, at: usize, length: usize) -> Ids;
}

/// Ids as a plain array of numbers (a plain array, so
/// `legalActions().map(...)` gives what a caller expects, which a
/// `Uint32Array` would not).
fn ids(ids: &[u32]) -> Ids {
    // The pointer as a byte offset into the module's memory, where the
    // snippet reads the ids; nothing runs in between to move them.
    let at = ids.as_ptr() as usize;
    plain_ids(&wasm_bindgen::memory(), at, ids.len())
}

/// Age of War's chances of conquering as JSON text; `None` for another
/// game, or a build without Age of War.
fn conquest_odds_json(state: &dyn AnyState) -> Option<String> {
    #[cfg(feature = "age-of-war")]
    {
        let odds = tabletop_engines::odds::conquest_odds_of(state)?;
        serde_json::to_string(&odds).ok()
    }
    #[cfg(not(feature = "age-of-war"))]
    {
        let _ = state;
        None
    }
}

/// An exact probability as the nearest double.
#[expect(
    clippy::cast_precision_loss,
    reason = "a double probability is an approximation; chanceOutcomesExact gives it exactly"
)]
fn prob_f64(p: Prob) -> f64 {
    match (u64::try_from(p.numer()), u64::try_from(p.denom())) {
        (Ok(numer), Ok(denom)) => numer as f64 / denom as f64,
        _ => p.numer() as f64 / p.denom() as f64,
    }
}

/// A whole number exactly: a `Number` while it is a safe integer, a
/// `BigInt` beyond.
fn exact(n: u128) -> JsValue {
    const MAX_SAFE: u128 = (1 << 53) - 1;
    if n <= MAX_SAFE {
        #[expect(
            clippy::cast_precision_loss,
            reason = "integers up to 2^53 - 1 are exact as doubles"
        )]
        JsValue::from_f64(n as f64)
    } else {
        js_sys::BigInt::from(n).into()
    }
}

#[wasm_bindgen]
impl State {
    /// The player to move, or `CHANCE_PLAYER_ID` (-1) at a chance node, or
    /// `TERMINAL_PLAYER_ID` (-4) at the end.
    #[wasm_bindgen(js_name = currentPlayer)]
    pub fn current_player(&self) -> i32 {
        player_id(self.state.to_move())
    }

    /// Whether the game is over.
    #[wasm_bindgen(js_name = isTerminal)]
    pub fn is_terminal(&self) -> bool {
        self.state.to_move() == ToMove::Over
    }

    /// Whether a chance event (a roll, a draw) is to be resolved.
    #[wasm_bindgen(js_name = isChanceNode)]
    pub fn is_chance_node(&self) -> bool {
        self.state.to_move() == ToMove::Chance
    }

    /// Whether a player is to decide.
    #[wasm_bindgen(js_name = isPlayerNode)]
    pub fn is_player_node(&self) -> bool {
        matches!(self.state.to_move(), ToMove::Player(_))
    }

    /// Seats at the table.
    #[wasm_bindgen(js_name = numPlayers)]
    pub fn num_players(&self) -> usize {
        self.state.players()
    }

    /// Every action id is below this bound.
    #[wasm_bindgen(js_name = numDistinctActions)]
    pub fn num_distinct_actions(&self) -> u32 {
        self.state.num_distinct_actions()
    }

    /// The legal action ids, ascending; at a chance node the outcome ids
    /// (as in OpenSpiel). Empty at the end, and for a `player` who is not
    /// to move.
    ///
    /// # Errors
    /// A `RangeError` for a `player` that is neither a seat nor
    /// `CHANCE_PLAYER_ID`.
    #[wasm_bindgen(js_name = legalActions)]
    pub fn legal_actions(&self, player: Option<f64>) -> Result<Ids, JsValue> {
        if !self.acting(player)? {
            return Ok(ids(&[]));
        }
        Ok(ids(&self.state.legal_ids()))
    }

    /// One 0/1 flag per action id (`numDistinctActions()` of them).
    #[wasm_bindgen(js_name = legalActionsMask)]
    pub fn legal_actions_mask(&self) -> Uint8Array {
        let mut mask = vec![0u8; usize::try_from(self.state.num_distinct_actions()).unwrap_or(0)];
        for id in self.state.legal_ids() {
            if let Some(flag) = usize::try_from(id).ok().and_then(|i| mask.get_mut(i)) {
                *flag = 1;
            }
        }
        Uint8Array::from(mask.as_slice())
    }

    /// The legal actions of `player` with their texts (the actor's
    /// notation), in id order; empty unless `player` is the seat to move.
    ///
    /// # Errors
    /// A `RangeError` for a `player` that is not a seat nor `SPECTATOR`.
    #[wasm_bindgen(js_name = legalFor)]
    pub fn legal_for(&self, player: f64) -> Result<LegalActions, JsValue> {
        let viewer = viewer(Some(player), self.state.to_move(), self.state.players())?;
        Ok(self
            .state
            .legal_for(viewer)
            .into_iter()
            .map(|(id, text)| JsValue::from(Array::of2(&id.into(), &text.into())))
            .collect::<Array>()
            .unchecked_into())
    }

    /// The pending chance event's outcomes as `[id, probability]`; empty
    /// unless at a chance node.
    #[wasm_bindgen(js_name = chanceOutcomes)]
    pub fn chance_outcomes(&self) -> ChanceOutcomes {
        self.state
            .chance_outcomes()
            .into_iter()
            .map(|(id, p)| JsValue::from(Array::of2(&id.into(), &prob_f64(p).into())))
            .collect::<Array>()
            .unchecked_into()
    }

    /// `chanceOutcomes()` with each probability exact, as
    /// `{numerator, denominator}`.
    #[wasm_bindgen(js_name = chanceOutcomesExact)]
    pub fn chance_outcomes_exact(&self) -> ExactChanceOutcomes {
        self.state
            .chance_outcomes()
            .into_iter()
            .map(|(id, p)| {
                let fraction = Object::new();
                set(&fraction, "numerator", &exact(p.numer()));
                set(&fraction, "denominator", &exact(p.denom()));
                JsValue::from(Array::of2(&id.into(), &fraction))
            })
            .collect::<Array>()
            .unchecked_into()
    }

    /// Applies an action id at a decision, or an outcome id at a chance
    /// node. With `player` (a seat, or `CHANCE_PLAYER_ID`) the move is made
    /// as that player: refused, naming who is to move, unless it is theirs.
    ///
    /// # Errors
    /// An `IllegalActionError` with the rule broken; the state is then
    /// unchanged. A `RangeError` for a `player` that is not at the table.
    #[wasm_bindgen(js_name = applyAction)]
    pub fn apply_action(&mut self, action: f64, player: Option<f64>) -> Result<(), JsValue> {
        let id = args::id(action)?;
        let Some(p) = player else {
            return self
                .state
                .apply(id)
                .map_err(|e| errors::illegal(Some(id), &e));
        };
        if args::is_chance(p) {
            return match self.state.to_move() {
                ToMove::Chance => self
                    .state
                    .apply(id)
                    .map_err(|e| errors::illegal(Some(id), &e)),
                to_move => Err(errors::refused(
                    Some(id),
                    format!(
                        "no chance event is to be resolved: {}",
                        match to_move {
                            ToMove::Player(seat) => format!("player {seat} is to move"),
                            _ => "the game is over".to_owned(),
                        }
                    ),
                )),
            };
        }
        let seat = args::seat(p, self.state.players())?;
        self.state
            .apply_as(seat, id)
            .map_err(|e| errors::illegal(Some(id), &e))
    }

    /// Applies an action written as text (`actionToString`'s form), or at a
    /// chance node the outcome whose text it is; with `player`, as that
    /// player (see `applyAction`).
    ///
    /// # Errors
    /// An `IllegalActionError` for text that names no action or outcome
    /// here, or an action that breaks a rule; the state is then unchanged.
    #[wasm_bindgen(js_name = applyActionText)]
    pub fn apply_action_text(&mut self, text: &str, player: Option<f64>) -> Result<(), JsValue> {
        let id = match self.state.to_move() {
            ToMove::Chance => self.outcome_named(text)?,
            ToMove::Over => return Err(errors::illegal(None, &StepError::GameOver)),
            ToMove::Player(_) => self
                .state
                .string_to_id(text)
                .map_err(|e| errors::illegal(None, &e))?,
        };
        self.apply_action(f64::from(id), player)
    }

    /// Draws the pending chance event's outcome from `rng` and applies it;
    /// returns the outcome id.
    ///
    /// # Errors
    /// An `IllegalActionError` when no chance event is pending.
    #[wasm_bindgen(js_name = applySampledChance)]
    pub fn apply_sampled_chance(&mut self, rng: &mut DiceRng) -> Result<u32, JsValue> {
        self.state
            .apply_sampled_chance(rng.inner_mut())
            .ok_or_else(|| errors::refused(None, "no chance event is to be resolved".to_owned()))
    }

    /// This state after `action`, leaving this one as it is.
    ///
    /// # Errors
    /// As `applyAction`.
    pub fn child(&self, action: f64) -> Result<State, JsValue> {
        let mut child = self.clone();
        child.apply_action(action, None)?;
        Ok(child)
    }

    /// An independent copy.
    #[must_use]
    #[wasm_bindgen(js_name = clone)]
    pub fn clone_state(&self) -> State {
        self.clone()
    }

    /// An action id as its actor's text, or an outcome id (at a chance
    /// node) as the full outcome.
    ///
    /// # Errors
    /// An `IllegalActionError` when the id names nothing here.
    #[wasm_bindgen(js_name = actionToString)]
    pub fn action_to_string(&self, action: f64) -> Result<String, JsValue> {
        let id = args::id(action)?;
        self.state
            .id_to_string(id)
            .map_err(|e| errors::illegal(Some(id), &e))
    }

    /// The action id of an action written as text, for the player to move.
    ///
    /// # Errors
    /// An `IllegalActionError` when the text is not an action of this game.
    #[wasm_bindgen(js_name = stringToAction)]
    pub fn string_to_action(&self, text: &str) -> Result<u32, JsValue> {
        self.state
            .string_to_id(text)
            .map_err(|e| errors::illegal(None, &e))
    }

    /// Each seat's share of the victory at the end (1 for a sole winner,
    /// `1/k` for each of `k` who share it, 0 for the others); zeros before.
    pub fn returns(&self) -> Returns {
        self.state
            .returns()
            .unwrap_or_else(|| vec![0.0; self.state.players()])
            .into_iter()
            .map(JsValue::from_f64)
            .collect::<Array>()
            .unchecked_into()
    }

    /// `player`'s view as an observation tensor of
    /// `Game.observationTensorSize()` floats; `player` defaults to the
    /// player to move, and `SPECTATOR` gives the public view.
    ///
    /// # Errors
    /// A `RangeError` for a `player` that is not a seat nor `SPECTATOR`.
    #[wasm_bindgen(js_name = observationTensor)]
    pub fn observation_tensor(&self, player: Option<f64>) -> Result<Float32Array, JsValue> {
        let viewer = viewer(player, self.state.to_move(), self.state.players())?;
        let mut tensor = Vec::new();
        self.state.observation_tensor(viewer, &mut tensor);
        Ok(Float32Array::from(tensor.as_slice()))
    }

    /// What `player` sees now, nothing more, as a plain object; `player`
    /// defaults to the player to move.
    ///
    /// # Errors
    /// A `RangeError` for a `player` that is not a seat nor `SPECTATOR`.
    pub fn view(&self, player: Option<f64>) -> Result<ViewValue, JsValue> {
        let viewer = viewer(player, self.state.to_move(), self.state.players())?;
        Ok(json::parse(&self.state.view_json(viewer)).unchecked_into())
    }

    /// The running scores `player` sees, as the reference server sends
    /// them beside each update (`scoreboard`): worked out from that view
    /// alone, so they tell nothing the view does not; `null` while the
    /// game shows none (Armadöra's gold before the end).
    ///
    /// # Errors
    /// A `RangeError` for a `player` that is not a seat nor `SPECTATOR`.
    pub fn scoreboard(&self, player: Option<f64>) -> Result<ScoreboardValue, JsValue> {
        let viewer = viewer(player, self.state.to_move(), self.state.players())?;
        // Names and whole numbers: writing them as JSON cannot fail.
        let text = self
            .state
            .scoreboard(viewer)
            .and_then(|board| serde_json::to_string(&board).ok());
        Ok(text
            .map_or(JsValue::NULL, |text| json::parse(&text))
            .unchecked_into())
    }

    /// Everything `player` has seen since the start (the information state
    /// of perfect recall), as a plain object.
    ///
    /// # Errors
    /// A `RangeError` for a `player` that is not a seat nor `SPECTATOR`.
    pub fn history(&self, player: Option<f64>) -> Result<HistoryValue, JsValue> {
        let viewer = viewer(player, self.state.to_move(), self.state.players())?;
        Ok(json::parse(&self.state.history_json(viewer)).unchecked_into())
    }

    /// What `player` is told of the entries from index `since` on: the
    /// update a server sends (entries as seen, whose move, the view, the
    /// legal actions of the seat to move, the result).
    ///
    /// # Errors
    /// A `RangeError` for a `player` that is not a seat nor `SPECTATOR`,
    /// or a negative `since`.
    pub fn update(&self, player: f64, since: f64) -> Result<UpdateValue, JsValue> {
        let viewer = viewer(Some(player), self.state.to_move(), self.state.players())?;
        let since = usize::try_from(args::count(since, "since")?).unwrap_or(usize::MAX);
        Ok(json::parse(&self.state.update_json(viewer, since)).unchecked_into())
    }

    /// Age of War only: the exact chance of conquering next to each legal
    /// action of the seat to move, in id order, as the reference server
    /// adds them to an update (`conquest_odds`). Empty when no seat is to
    /// move; `undefined` for every other game. Age of War hides nothing,
    /// so the chances tell a seat only what it could compute itself.
    #[wasm_bindgen(js_name = conquestOdds)]
    pub fn conquest_odds(&self) -> Option<ConquestOddsValue> {
        conquest_odds_json(self.state.as_ref()).map(|text| json::parse(&text).unchecked_into())
    }

    /// Every id applied so far, decisions and chance outcomes in order
    /// (the Python package's `history()`).
    #[wasm_bindgen(js_name = historyIds)]
    pub fn history_ids(&self) -> Ids {
        ids(&self.state.history_ids())
    }

    /// How many ids have been applied.
    #[wasm_bindgen(js_name = moveNumber)]
    pub fn move_number(&self) -> usize {
        self.state.entry_count()
    }

    /// The state as its record (config and log) in JSON text:
    /// `Game.deserializeState` reads it back.
    pub fn serialize(&self) -> String {
        self.state.to_record_json()
    }

    /// The state as its record, a plain object.
    #[wasm_bindgen(js_name = toRecord)]
    pub fn to_record(&self) -> RecordValue {
        json::parse(&self.state.to_record_json()).unchecked_into()
    }

    /// The whole state as JSON, every secret included: never show it to a
    /// seat (show `view(seat)` instead).
    #[wasm_bindgen(js_name = toString)]
    pub fn to_string_js(&self) -> String {
        self.state.state_json()
    }

    /// A state that `player` cannot tell apart from this one, with
    /// everything hidden from `player` drawn afresh from `rng`, in the
    /// present and in the past: its `history(player)` and `view(player)`
    /// are this state's.
    ///
    /// # Errors
    /// A `RangeError` for a `player` that is not a seat nor `SPECTATOR`.
    #[wasm_bindgen(js_name = resampleHidden)]
    pub fn resample_hidden(&self, player: f64, rng: &mut DiceRng) -> Result<State, JsValue> {
        let viewer = viewer(Some(player), self.state.to_move(), self.state.players())?;
        Ok(State::new(
            Arc::clone(&self.game),
            self.state.resample_hidden(viewer, rng.inner_mut()),
        ))
    }
}

impl Clone for State {
    fn clone(&self) -> Self {
        State::new(Arc::clone(&self.game), self.state.clone())
    }
}
