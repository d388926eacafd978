//! `StateBatch`: many states stepped at once, for vectorised RL loops:
//! masks and observations as 2-D arrays, one call to apply an action to
//! each, chance drawn in Rust, the interpreter released meanwhile.

use std::sync::Arc;

use pyo3::exceptions::{PyIndexError, PyMemoryError, PyValueError};
use pyo3::prelude::*;
use tabletop_engines::dice_core::{DiceRng, ToMove, Viewer};
use tabletop_engines::{AnyGame, AnyState, StepError};

use crate::arrays::array;
use crate::errors::illegal;
use crate::ints::{Int, Seed, count};
use crate::loading::resolve_game;
use crate::players::{player_id, seat, viewer};
use crate::state::PyState;

/// The most states one batch holds.
pub(crate) const MAX_BATCH: u64 = 1 << 20;

/// The most memory a batch may take, by the estimate of
/// [`bytes_per_state`]: 1 `GiB`.
pub(crate) const MAX_BATCH_BYTES: u64 = 1 << 30;

/// An estimate of one state's memory in a batch, with its generator, mask
/// row and observation row: the state's JSON text is longer than the state
/// itself, so the estimate errs on the large side.
fn bytes_per_state(game: &dyn AnyGame) -> u64 {
    let state = u64::try_from(game.new_initial_state().state_json().len()).unwrap_or(u64::MAX);
    let tensor = u64::try_from(game.observation_len())
        .unwrap_or(u64::MAX)
        .saturating_mul(4);
    let rng = u64::try_from(size_of::<DiceRng>()).unwrap_or(u64::MAX);
    state
        .saturating_add(tensor)
        .saturating_add(u64::from(game.num_distinct_actions()))
        .saturating_add(rng)
        .saturating_add(64)
}

/// `size` games of one game side by side. Every state waits at a decision
/// or at its end: chance nodes are resolved at once, state `i` drawing
/// from its own `DiceRng` (seeded `seed + i`; a reset game takes the next
/// unused seed), so a batch replays exactly from its seed.
#[pyclass(module = "tabletop_engines._native", name = "StateBatch")]
pub(crate) struct PyStateBatch {
    game: Arc<dyn AnyGame>,
    states: Vec<Box<dyn AnyState>>,
    rngs: Vec<DiceRng>,
    next_seed: u64,
}

/// Draws chance outcomes until `state` waits for a decision or is over.
fn settle(state: &mut dyn AnyState, rng: &mut DiceRng) {
    while state.apply_sampled_chance(rng).is_some() {}
}

/// A refused action of the batch: which state, which id, and why.
type Refusal = (usize, i64, StepError);

impl PyStateBatch {
    fn fresh(game: &dyn AnyGame, seed: u64) -> (Box<dyn AnyState>, DiceRng) {
        let mut rng = DiceRng::from_seed_u64(seed);
        let mut state = game.new_initial_state();
        settle(state.as_mut(), &mut rng);
        (state, rng)
    }

    fn check(&self, actions: &[i64]) -> Result<(), Refusal> {
        for (index, (state, &id)) in self.states.iter().zip(actions).enumerate() {
            if state.to_move() == ToMove::Over {
                continue;
            }
            let legal = u32::try_from(id)
                .is_ok_and(|raw| state.legal_actions().binary_search(&raw).is_ok());
            if !legal {
                // A refused id changes nothing: applying it to a copy only
                // names the reason.
                let why = match u32::try_from(id) {
                    Ok(raw) => state.clone().apply(raw).err(),
                    Err(_) => None,
                }
                .unwrap_or_else(|| StepError::Text(format!("{id} is not a legal action id")));
                return Err((index, id, why));
            }
        }
        Ok(())
    }
}

#[pymethods]
impl PyStateBatch {
    /// `size` new games of `game` (a `Game` or a game string).
    ///
    /// `size` is at most 2**20, and at most what fits an estimated 1 `GiB`
    /// (`ValueError` naming the limit); `MemoryError` if even that cannot
    /// be had.
    #[new]
    #[pyo3(signature = (game, size, seed = Seed(0)))]
    fn py_new(py: Python<'_>, game: &Bound<'_, PyAny>, size: Int, seed: Seed) -> PyResult<Self> {
        let Seed(seed) = seed;
        let game = resolve_game(game)?;
        let size = count(size, "a batch's size", MAX_BATCH)?;
        let per_state = bytes_per_state(game.as_ref());
        let fits = MAX_BATCH_BYTES.checked_div(per_state).unwrap_or(MAX_BATCH);
        if size > fits {
            return Err(PyValueError::new_err(format!(
                "a batch of {size} states of {} would take about {} MiB, over the limit of {} MiB \
                 ({fits} states of this game)",
                game.name(),
                size.saturating_mul(per_state) >> 20,
                MAX_BATCH_BYTES >> 20
            )));
        }
        let size = usize::try_from(size).map_err(|_| PyMemoryError::new_err("batch too large"))?;
        let mut states: Vec<Box<dyn AnyState>> = Vec::new();
        let mut rngs: Vec<DiceRng> = Vec::new();
        states
            .try_reserve_exact(size)
            .and_then(|()| rngs.try_reserve_exact(size))
            .map_err(|e| PyMemoryError::new_err(format!("a batch of {size} states: {e}")))?;
        py.detach(|| {
            for i in (0..size).zip(0u64..).map(|(_, i)| i) {
                let (state, rng) = Self::fresh(game.as_ref(), seed.wrapping_add(i));
                states.push(state);
                rngs.push(rng);
            }
        });
        Ok(PyStateBatch {
            game,
            states,
            rngs,
            next_seed: seed.wrapping_add(u64::try_from(size).unwrap_or(u64::MAX)),
        })
    }

    fn __len__(&self) -> usize {
        self.states.len()
    }

    /// The game of every state.
    fn get_game(&self) -> crate::game::PyGame {
        crate::game::PyGame::new(Arc::clone(&self.game))
    }

    /// `int64` array `(size,)`: each state's player to move, or
    /// `TERMINAL_PLAYER_ID` (-4).
    fn current_players<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let players: Vec<i64> = self.states.iter().map(|s| player_id(s.to_move())).collect();
        array(py, &players, &[players.len()])
    }

    /// `bool` array `(size,)`: which games are over.
    fn is_terminal<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let over: Vec<bool> = self
            .states
            .iter()
            .map(|s| s.to_move() == ToMove::Over)
            .collect();
        array(py, &over, &[over.len()])
    }

    /// `int8` array `(size, num_distinct_actions)`: 1 where an action id
    /// is legal (a row of zeros for a game that is over).
    fn legal_actions_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let width = usize::try_from(self.game.num_distinct_actions()).unwrap_or(0);
        let mask = py.detach(|| {
            let mut mask = vec![0i8; self.states.len().saturating_mul(width)];
            for (row, state) in mask.chunks_exact_mut(width.max(1)).zip(&self.states) {
                for id in state.legal_actions() {
                    if let Some(flag) = usize::try_from(id).ok().and_then(|i| row.get_mut(i)) {
                        *flag = 1;
                    }
                }
            }
            mask
        });
        array(py, &mask, &[self.states.len(), width])
    }

    /// `float32` array `(size, observation_tensor_size)`: each state's
    /// tensor for `player` (a seat or `SPECTATOR`); by default for each
    /// state's player to move, and the spectator's for a game that is over.
    #[pyo3(signature = (player = None))]
    fn observation_tensors<'py>(
        &self,
        py: Python<'py>,
        player: Option<Int>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let players = self.game.players();
        if let Some(p) = player
            && p.0 != Some(crate::players::SPECTATOR)
        {
            seat(p, players)?;
        }
        let viewers = self
            .states
            .iter()
            .map(|s| match (player, s.to_move()) {
                (None, ToMove::Over | ToMove::Chance) => Ok(Viewer::Spectator),
                (p, to_move) => viewer(p, to_move, players),
            })
            .collect::<PyResult<Vec<_>>>()?;
        let len = self.game.observation_len();
        let tensors = py.detach(|| {
            let mut all = Vec::with_capacity(self.states.len().saturating_mul(len));
            let mut one = Vec::with_capacity(len);
            for (state, &viewer) in self.states.iter().zip(&viewers) {
                state.observation_tensor(viewer, &mut one);
                all.extend_from_slice(&one);
            }
            all
        });
        array(py, &tensors, &[self.states.len(), len])
    }

    /// `float64` array `(size, players)`: each game's returns (zeros for a
    /// game not over).
    fn returns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let players = self.game.players();
        let mut all = Vec::with_capacity(self.states.len().saturating_mul(players));
        for state in &self.states {
            match state.returns() {
                Some(r) => all.extend_from_slice(&r),
                None => all.extend(std::iter::repeat_n(0.0, players)),
            }
        }
        array(py, &all, &[self.states.len(), players])
    }

    /// Applies `actions[i]` to state `i` (ignored for a game that is over),
    /// then resolves chance. Every id is checked first: if one is refused,
    /// `IllegalActionError` (with `index` set to the state's index) is
    /// raised and no state changes.
    #[expect(
        clippy::needless_pass_by_value,
        reason = "PyO3 extracts a Python sequence into a Vec, not a slice"
    )]
    fn apply_actions(&mut self, py: Python<'_>, actions: Vec<Int>) -> PyResult<()> {
        // An id beyond 64 bits is no id: it is refused like any other.
        let actions: Vec<i64> = actions.iter().map(|a| a.0.unwrap_or(i64::MIN)).collect();
        if actions.len() != self.states.len() {
            return Err(PyValueError::new_err(format!(
                "{} actions for {} states",
                actions.len(),
                self.states.len()
            )));
        }
        let outcome = py.detach(|| {
            self.check(&actions)?;
            let steps = self.states.iter_mut().zip(&mut self.rngs).zip(&actions);
            for (index, ((state, rng), &id)) in steps.enumerate() {
                if state.to_move() == ToMove::Over {
                    continue;
                }
                let raw = u32::try_from(id).map_err(|_| {
                    (
                        index,
                        id,
                        StepError::Text(format!("{id} is not an action id")),
                    )
                })?;
                state.apply(raw).map_err(|e| (index, id, e))?;
                settle(state.as_mut(), rng);
            }
            Ok::<(), Refusal>(())
        });
        outcome.map_err(|(index, id, why)| {
            let err = illegal(py, id, &why);
            let _ = err.value(py).setattr("index", index);
            err
        })
    }

    /// `int64` array `(size,)`: a uniformly random legal action id for each
    /// state (drawn from its own `DiceRng`), -1 for a game that is over.
    fn random_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let picks: Vec<i64> = py.detach(|| {
            self.states
                .iter()
                .zip(&mut self.rngs)
                .map(|(state, rng)| {
                    let legal = state.legal_actions();
                    rng.choose(&legal).map_or(-1, |&id| i64::from(id))
                })
                .collect()
        });
        array(py, &picks, &[picks.len()])
    }

    /// Starts a new game in every state that is over (each with the next
    /// unused seed); returns their indices.
    fn reset_terminal(&mut self, py: Python<'_>) -> Vec<usize> {
        py.detach(|| {
            let mut reset = Vec::new();
            for (index, (state, rng)) in self.states.iter_mut().zip(&mut self.rngs).enumerate() {
                if state.to_move() == ToMove::Over {
                    (*state, *rng) = Self::fresh(self.game.as_ref(), self.next_seed);
                    self.next_seed = self.next_seed.wrapping_add(1);
                    reset.push(index);
                }
            }
            reset
        })
    }

    /// A copy of state `index`, as a `State`.
    fn state(&self, index: Int) -> PyResult<PyState> {
        let state = index
            .0
            .and_then(|i| usize::try_from(i).ok())
            .and_then(|i| self.states.get(i))
            .ok_or_else(|| {
                PyIndexError::new_err(format!(
                    "no state {} in a batch of {}",
                    index.text(),
                    self.states.len()
                ))
            })?;
        Ok(PyState::new(Arc::clone(&self.game), state.clone()))
    }
}
