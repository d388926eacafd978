//! `State`: a game in progress, OpenSpiel's `pyspiel.State`.

use std::sync::Arc;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyTuple};
use tabletop_engines::dice_core::pig::Pig;
use tabletop_engines::dice_core::{Game as _, Prob, ToMove, Viewer};
use tabletop_engines::liars_dice_rules::LiarsDice;
use tabletop_engines::{AnyGame, AnyState, Engine};

use crate::chance_lists::{ChanceLists, outcome_tuples};
use crate::errors::{bad_id, illegal, spiel_error};
use crate::game::PyGame;
use crate::information::{has_information_tensor, liars_dice_string};
use crate::ints::Int;
use crate::players::{actor, player_id, seat, viewer};
use crate::rng::PyDiceRng;

static FRACTION: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// A game in progress: what `Game.new_initial_state()` returns.
///
/// Decisions are action ids below `num_distinct_actions()`; at a chance
/// node the ids are indices into `chance_outcomes()`. A refused id raises
/// `IllegalActionError` and changes nothing. States pickle (as their
/// record: config and every id applied) and copy cheaply with `clone()`.
#[pyclass(module = "tabletop_engines._native", name = "State")]
pub(crate) struct PyState {
    game: Arc<dyn AnyGame>,
    state: Box<dyn AnyState>,
    /// The last chance event's probabilities and the `(id, probability)`
    /// tuples given for them: a die rolled again lists the same outcomes,
    /// and tuples are immutable, so they are handed out again.
    chance_tuples: Option<(Vec<Prob>, Vec<Py<PyTuple>>)>,
    /// The outcome lists of the game's named chance events, shared with
    /// the game and the states made from this one.
    lists: Arc<ChanceLists>,
}

impl PyState {
    /// A state of `game` with lists of its own.
    pub(crate) fn new(game: Arc<dyn AnyGame>, state: Box<dyn AnyState>) -> Self {
        Self::with_lists(game, Arc::default(), state)
    }

    /// A state of `game` sharing the outcome lists `lists`.
    pub(crate) fn with_lists(
        game: Arc<dyn AnyGame>,
        lists: Arc<ChanceLists>,
        state: Box<dyn AnyState>,
    ) -> Self {
        PyState {
            game,
            state,
            chance_tuples: None,
            lists,
        }
    }

    /// A state of the same game (sharing its lists) holding `state`.
    fn sibling(&self, state: Box<dyn AnyState>) -> Self {
        Self::with_lists(Arc::clone(&self.game), Arc::clone(&self.lists), state)
    }

    /// `chance_outcomes()`: a new list of `(id, probability)` tuples, empty
    /// unless at a chance node.
    pub(crate) fn chance_list<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        if self.state.to_move() != ToMove::Chance {
            return Ok(PyList::empty(py));
        }
        if let Some(list) = self.lists.copy(py, self.state.as_ref())? {
            return Ok(list);
        }
        let outcomes = self.state.chance_outcomes();
        if let Some((cached, tuples)) = &self.chance_tuples
            && cached.len() == outcomes.len()
            && cached.iter().zip(&outcomes).all(|(c, (_, p))| c == p)
        {
            return PyList::new(py, tuples.iter().map(|t| t.bind(py)));
        }
        let probs: Vec<Prob> = outcomes.iter().map(|&(_, p)| p).collect();
        let tuples = outcome_tuples(py, outcomes)?;
        let list = PyList::new(py, tuples.iter().map(|t| t.bind(py)))?;
        self.chance_tuples = Some((probs, tuples));
        Ok(list)
    }

    /// The state itself.
    pub(crate) fn inner(&self) -> &dyn AnyState {
        self.state.as_ref()
    }

    /// Applies `id`, raising `IllegalActionError` if it is refused.
    fn apply_id(state: &mut dyn AnyState, py: Python<'_>, id: Int) -> PyResult<()> {
        let raw = Self::raw_id(py, id)?;
        state
            .apply(raw)
            .map_err(|e| illegal(py, i64::from(raw), &e))
    }

    /// `id` as an engine id, or `IllegalActionError`.
    fn raw_id(py: Python<'_>, id: Int) -> PyResult<u32> {
        id.0.and_then(|v| u32::try_from(v).ok())
            .ok_or_else(|| bad_id(py, id.0, &id.text()))
    }

    /// OpenSpiel's text of a Pig played by OpenSpiel's rules.
    fn openspiel_pig_text(&self) -> Option<String> {
        let pig = self.state.engine::<Pig>()?;
        pig.config().openspiel.map(|_| pig.openspiel_text())
    }

    /// Whether `player` (checked) may act now; `None` asks for no check.
    fn acting(&self, player: Option<Int>) -> PyResult<bool> {
        match player {
            None => Ok(true),
            Some(p) => Ok(actor(p, self.state.players())? == player_id(self.state.to_move())),
        }
    }
}

/// A 64-bit seed from OpenSpiel's probability sampler (two draws of 32
/// bits), or from Python's `random` without one.
fn sampler_seed(py: Python<'_>, sampler: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
    let Some(sampler) = sampler else {
        return py
            .import("random")?
            .call_method1("getrandbits", (64,))?
            .extract();
    };
    let mut seed = 0u64;
    for _ in 0..2 {
        let x: f64 = sampler.call0()?.extract()?;
        if !(0.0..1.0).contains(&x) {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "the probability sampler gave {x}, not a number in [0, 1)"
            )));
        }
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "x is in [0, 1), so x * 2**32 is in [0, 2**32)"
        )]
        let bits = (x * 4_294_967_296.0) as u64;
        seed = (seed << 32) | bits;
    }
    Ok(seed)
}

/// The most action ids [`few_legal_ids`] handles.
const FEW: u32 = 8;

/// The legal ids of a decision in a game of at most [`FEW`] action ids,
/// asking the rules about each id (`check` accepts exactly the legal
/// actions): no vector is built. `None` elsewhere, or for more ids.
fn few_legal_ids<G: Engine>(state: &G) -> Option<([u32; FEW as usize], usize)> {
    if !matches!(state.to_move(), ToMove::Player(_)) || state.action_id_bound() > FEW {
        return None;
    }
    let mut ids = [0; FEW as usize];
    let mut count = 0;
    for id in 0..state.action_id_bound() {
        if let Some(action) = state.action_from_id(id)
            && state.check(&action).is_ok()
            && let Some(slot) = ids.get_mut(count)
        {
            *slot = id;
            count = count.saturating_add(1);
        }
    }
    Some((ids, count))
}

/// Liar's Dice's legal ids at a decision, without asking the rules id by
/// id: every bid above the last (bid ids rank the bids, LD-5), then liar
/// once a bid stands (LD-6). `None` elsewhere.
fn liars_dice_legal_ids(state: &LiarsDice) -> Option<impl Iterator<Item = u32>> {
    if !matches!(state.to_move(), ToMove::Player(_)) {
        return None;
    }
    let last = state.last_bid();
    let first = last.map_or(0, |bid| bid.id().saturating_add(1));
    let liar = state.liar_id();
    Some((first..liar).chain(last.map(|_| liar)))
}

/// `(player, value)` or `(value,)` from OpenSpiel's two call forms.
fn last_arg<'py, T: FromPyObjectOwned<'py>>(args: &Bound<'py, PyTuple>, what: &str) -> PyResult<T> {
    match args.len() {
        1 | 2 => args
            .get_item(args.len().saturating_sub(1))?
            .extract()
            .map_err(Into::into),
        _ => Err(PyTypeError::new_err(format!(
            "takes ({what}) or (player, {what})"
        ))),
    }
}

#[pymethods]
impl PyState {
    /// The player to move, or `CHANCE_PLAYER_ID` (-1) at a chance node, or
    /// `TERMINAL_PLAYER_ID` (-4) at the end.
    fn current_player(&self) -> i64 {
        player_id(self.state.to_move())
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.state.to_move() == ToMove::Over
    }

    /// Whether a chance event (a roll, a draw) is to be resolved.
    fn is_chance_node(&self) -> bool {
        self.state.to_move() == ToMove::Chance
    }

    /// Whether a player is to decide.
    fn is_player_node(&self) -> bool {
        matches!(self.state.to_move(), ToMove::Player(_))
    }

    /// Always false: no game here has simultaneous moves.
    #[expect(clippy::unused_self, reason = "OpenSpiel's method takes self")]
    fn is_simultaneous_node(&self) -> bool {
        false
    }

    /// The legal action ids, ascending; at a chance node, the outcome ids
    /// (as in OpenSpiel). Empty at the end, and for a `player` who is not
    /// to move.
    /// A `player` that is neither a seat nor `CHANCE_PLAYER_ID` raises
    /// `ValueError`.
    #[pyo3(signature = (player = None))]
    fn legal_actions<'py>(
        &self,
        py: Python<'py>,
        player: Option<Int>,
    ) -> PyResult<Bound<'py, PyList>> {
        if !self.acting(player)? {
            return Ok(PyList::empty(py));
        }
        if let Some((ids, count)) = self.state.engine::<Pig>().and_then(few_legal_ids) {
            return PyList::new(py, ids.iter().take(count));
        }
        if let Some(ids) = self
            .state
            .engine::<LiarsDice>()
            .and_then(liars_dice_legal_ids)
        {
            return PyList::new(py, ids);
        }
        PyList::new(py, self.state.legal_ids())
    }

    /// One 0/1 flag per action id (`num_distinct_actions()` of them).
    #[pyo3(signature = (player = None))]
    fn legal_actions_mask(&self, player: Option<Int>) -> PyResult<Vec<i32>> {
        let mut mask = vec![0; usize::try_from(self.state.num_distinct_actions()).unwrap_or(0)];
        if self.acting(player)? {
            for id in self.state.legal_ids() {
                if let Some(flag) = usize::try_from(id).ok().and_then(|i| mask.get_mut(i)) {
                    *flag = 1;
                }
            }
        }
        Ok(mask)
    }

    /// The pending chance event's outcomes as `(outcome_id, probability)`;
    /// empty unless at a chance node.
    fn chance_outcomes<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.chance_list(py)
    }

    /// `chance_outcomes()` with each probability exact, as a
    /// `fractions.Fraction`.
    fn chance_outcomes_exact<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Vec<(u32, Bound<'py, PyAny>)>> {
        let fraction = FRACTION.import(py, "fractions", "Fraction")?;
        self.state
            .chance_outcomes()
            .into_iter()
            .map(|(id, p)| Ok((id, fraction.call1((p.numer(), p.denom()))?)))
            .collect()
    }

    /// Applies an action id at a decision, or an outcome id at a chance
    /// node. Raises `IllegalActionError` (a `ValueError` and a
    /// `SpielError`) with the rule broken; the state is then unchanged.
    /// With `player` (a seat, or `CHANCE_PLAYER_ID`), the move is made as
    /// that player: refused, naming who is to move, unless it is theirs.
    #[pyo3(signature = (action, player = None))]
    fn apply_action(&mut self, py: Python<'_>, action: Int, player: Option<Int>) -> PyResult<()> {
        let Some(p) = player else {
            return Self::apply_id(self.state.as_mut(), py, action);
        };
        let p = actor(p, self.state.players())?;
        let id = Self::raw_id(py, action)?;
        match usize::try_from(p) {
            // A seat: the engine refuses it unless it is that seat's turn.
            Ok(seat) => self
                .state
                .apply_as(seat, id)
                .map_err(|e| illegal(py, i64::from(id), &e)),
            Err(_) if self.state.to_move() == ToMove::Chance => {
                Self::apply_id(self.state.as_mut(), py, action)
            }
            Err(_) => Err(illegal(
                py,
                i64::from(id),
                &tabletop_engines::StepError::Text(format!(
                    "no chance event is to be resolved: {}",
                    match self.state.to_move() {
                        ToMove::Player(seat) => format!("player {seat} is to move"),
                        _ => "the game is over".to_owned(),
                    }
                )),
            )),
        }
    }

    /// Draws the pending chance event's outcome from `rng` and applies it;
    /// returns the outcome id.
    fn apply_sampled_chance(&mut self, rng: &Bound<'_, PyDiceRng>) -> PyResult<u32> {
        let mut rng = rng.borrow_mut();
        self.state
            .apply_sampled_chance(rng.inner_mut())
            .ok_or_else(|| pyo3::exceptions::PyValueError::new_err("not a chance node"))
    }

    /// This state after `action`, leaving this one as it is.
    fn child(&self, py: Python<'_>, action: Int) -> PyResult<PyState> {
        let mut state = self.state.clone();
        Self::apply_id(state.as_mut(), py, action)?;
        Ok(self.sibling(state))
    }

    /// `action_to_string(action)` or `action_to_string(player, action)`:
    /// an action id as its actor's text, or an outcome id (at a chance
    /// node) as the full outcome. The player is accepted for OpenSpiel's
    /// signature and not needed.
    #[pyo3(signature = (*args))]
    fn action_to_string(&self, py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<String> {
        let id: Int = last_arg(args, "action")?;
        let raw = Self::raw_id(py, id)?;
        self.state
            .id_to_string(raw)
            .map_err(|e| illegal(py, i64::from(raw), &e))
    }

    /// `string_to_action(text)` or `string_to_action(player, text)`: the
    /// action id of an action written as text (`action_to_string`'s form).
    #[pyo3(signature = (*args))]
    fn string_to_action(&self, args: &Bound<'_, PyTuple>) -> PyResult<u32> {
        let text: String = last_arg(args, "text")?;
        self.state
            .string_to_id(&text)
            .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))
    }

    /// Each seat's return at the end, as the game declares them: its share
    /// of the victory (1 for a sole winner, `1/k` for each of `k` who share
    /// it, 0 for the others), or in a zero-sum game its score (Liar's Dice:
    /// +1 and -1); zeros before.
    fn returns(&self) -> Vec<f64> {
        self.state
            .returns()
            .unwrap_or_else(|| vec![0.0; self.state.players()])
    }

    /// The rewards of the last step: the returns when the game has just
    /// ended, zeros otherwise (rewards come only at the end).
    fn rewards(&self) -> Vec<f64> {
        self.returns()
    }

    /// One seat's entry of `returns()`; `ValueError` for a player that is
    /// not a seat.
    fn player_return(&self, player: Int) -> PyResult<f64> {
        let seat = seat(player, self.state.players())?;
        Ok(self.returns().get(seat).copied().unwrap_or(0.0))
    }

    /// `player`'s view as a flat list of `Game.observation_tensor_size()`
    /// floats (a list, as pyspiel returns; `StateBatch.observation_tensors`
    /// gives NumPy arrays); `player` defaults to the player to move, and
    /// `SPECTATOR` gives the public view.
    #[pyo3(signature = (player = None))]
    fn observation_tensor(&self, player: Option<Int>) -> PyResult<Vec<f32>> {
        let viewer = viewer(player, self.state.to_move(), self.state.players())?;
        let mut tensor = Vec::new();
        self.state.observation_tensor(viewer, &mut tensor);
        Ok(tensor)
    }

    /// `player`'s view as JSON: what that seat sees now, nothing more; in
    /// OpenSpiel's Pig, OpenSpiel's text (`str(state)`).
    #[pyo3(signature = (player = None))]
    fn observation_string(&self, player: Option<Int>) -> PyResult<String> {
        let viewer = viewer(player, self.state.to_move(), self.state.players())?;
        if let Some(text) = self.openspiel_pig_text() {
            return Ok(text);
        }
        Ok(self.state.view_json(viewer))
    }

    /// `player`'s history: everything that seat has seen since the start
    /// (the information state of perfect recall), as JSON; in Liar's Dice,
    /// OpenSpiel's string (`"25 1-3 2-5"`: its dice, sorted once all are
    /// rolled, then the bids).
    #[pyo3(signature = (player = None))]
    fn information_state_string(&self, player: Option<Int>) -> PyResult<String> {
        let viewer = viewer(player, self.state.to_move(), self.state.players())?;
        if let (Viewer::Seat(seat), Some(dice)) = (viewer, self.state.engine::<LiarsDice>()) {
            return Ok(liars_dice_string(dice, seat));
        }
        Ok(self.state.history_json(viewer))
    }

    /// The information state tensor, a list of floats, where the game type
    /// provides one: a game of perfect information's observation tensor
    /// (which shows everything), or Liar's Dice's (OpenSpiel's information
    /// state tensor); the other games raise `SpielError`.
    #[pyo3(signature = (player = None))]
    fn information_state_tensor(&self, py: Python<'_>, player: Option<Int>) -> PyResult<Vec<f32>> {
        if !has_information_tensor(self.game.as_ref()) {
            return Err(spiel_error(
                py,
                format!(
                    "{} has hidden information and no information state tensor: use \
                     information_state_string, or observation_tensor",
                    self.game.name()
                ),
            ));
        }
        self.observation_tensor(player)
    }

    /// A state that `player_id` cannot tell apart from this one, with
    /// everything hidden from it drawn afresh, in the present and in the
    /// past (OpenSpiel's `resample_from_infostate`): its
    /// `information_state_string(player_id)` and
    /// `observation_string(player_id)` are this state's.
    /// `probability_sampler` (OpenSpiel's `UniformProbabilitySampler`, or
    /// any callable returning a float in `[0, 1)`) seeds the draw; without
    /// it the draw is seeded from Python's `random`.
    #[pyo3(signature = (player_id, probability_sampler = None))]
    fn resample_from_infostate(
        &self,
        py: Python<'_>,
        player_id: Int,
        probability_sampler: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyState> {
        let viewer = viewer(Some(player_id), self.state.to_move(), self.state.players())?;
        let seed = sampler_seed(py, probability_sampler)?;
        let mut rng = tabletop_engines::dice_core::DiceRng::from_seed_u64(seed);
        Ok(self.sibling(self.state.resample_hidden(viewer, &mut rng)))
    }

    /// Always false: no game here is a mean-field game.
    #[expect(clippy::unused_self, reason = "OpenSpiel's method takes self")]
    fn is_mean_field_node(&self) -> bool {
        false
    }

    /// Every id applied so far, decisions and chance outcomes in order.
    fn history(&self) -> Vec<u32> {
        self.state.history_ids()
    }

    /// The ids applied so far as OpenSpiel writes them: `"2, 4, 3"`.
    fn history_str(&self) -> String {
        let ids: Vec<String> = self
            .state
            .history_ids()
            .iter()
            .map(u32::to_string)
            .collect();
        ids.join(", ")
    }

    /// How many ids have been applied.
    fn move_number(&self) -> usize {
        self.state.history_ids().len()
    }

    /// Seats at the table.
    fn num_players(&self) -> usize {
        self.state.players()
    }

    /// Every action id is below this bound.
    fn num_distinct_actions(&self) -> u32 {
        self.state.num_distinct_actions()
    }

    /// The game this state belongs to.
    fn get_game(&self) -> PyGame {
        PyGame::with_lists(Arc::clone(&self.game), Arc::clone(&self.lists))
    }

    /// An independent copy.
    fn clone(&self) -> PyState {
        self.sibling(self.state.clone())
    }

    fn __copy__(&self) -> PyState {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        self.clone()
    }

    /// The state as its record (config and log) in JSON:
    /// `Game.deserialize_state` reads it back.
    fn serialize(&self) -> String {
        self.state.to_record_json()
    }

    /// The whole state as JSON, every secret included (like OpenSpiel's
    /// `str(state)`; show a seat `observation_string(seat)` instead); in
    /// OpenSpiel's Pig, OpenSpiel's text: `"Scores: 0 0, Turn total: 0\nCurrent player: 0\n"`.
    fn __str__(&self) -> String {
        self.openspiel_pig_text()
            .unwrap_or_else(|| self.state.state_json())
    }

    fn __repr__(&self) -> String {
        format!(
            "<State of {} after {} steps, player {} to move>",
            self.game.name(),
            self.state.history_ids().len(),
            player_id(self.state.to_move())
        )
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let restore = py
            .import("tabletop_engines._native")?
            .getattr("_restore_state")?;
        let args = (
            self.game.name(),
            self.game.config_json(),
            self.state.to_record_json(),
        );
        PyTuple::new(py, [restore, args.into_pyobject(py)?.into_any()])
    }
}
