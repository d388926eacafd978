//! `RolloutEvaluator`: OpenSpiel's `RandomRolloutEvaluator` (the
//! `evaluate`/`prior` interface `MCTSBot` calls) with its rollouts played
//! in Rust, on the typed engine, so that search from Python is fast.

use pyo3::prelude::*;
use pyo3::types::PyList;
use tabletop_engines::AnyState;
use tabletop_engines::dice_core::prelude::*;

use crate::arrays::array;
use crate::ints::{Int, Seed, count};

/// The most steps one rollout takes before it is scored as unfinished
/// (zeros): no game here has a bound of its own.
const MAX_ROLLOUT_STEPS: u64 = 1_000_000;

/// The most rollouts one evaluation plays.
const MAX_ROLLOUTS: u64 = 1 << 20;

/// `n_rollouts` random games from a state, their returns averaged:
/// OpenSpiel's `RandomRolloutEvaluator`, played in Rust. Decisions are
/// uniformly random, chance is drawn with its probabilities from the
/// evaluator's own `DiceRng` (seeded `seed`).
///
/// `MCTSBot(game, uct_c, max_simulations, RolloutEvaluator(1, seed))`
/// searches with it.
#[pyclass(module = "tabletop_engines._native", name = "RolloutEvaluator")]
pub(crate) struct RolloutEvaluator {
    n_rollouts: u64,
    rng: DiceRng,
}

/// The mean returns of `n` random playouts from `state`, on the engine's
/// own types.
pub(crate) fn mean_returns(state: &dyn AnyState, n: u64, rng: &mut DiceRng) -> Vec<f64> {
    state.mean_random_returns(n, MAX_ROLLOUT_STEPS, rng)
}

#[pymethods]
impl RolloutEvaluator {
    /// `n_rollouts` (1 to 2**20) playouts per evaluation, chance and
    /// decisions drawn from `DiceRng(seed)`.
    #[new]
    #[pyo3(signature = (n_rollouts = Int(Some(1)), seed = Seed(0)))]
    fn py_new(n_rollouts: Int, seed: Seed) -> PyResult<Self> {
        let n_rollouts = count(n_rollouts, "n_rollouts", MAX_ROLLOUTS)?.max(1);
        Ok(RolloutEvaluator {
            n_rollouts,
            rng: DiceRng::from_seed_u64(seed.0),
        })
    }

    /// The mean returns of the rollouts from `state`, one `float64` per
    /// seat (the state's returns if it is over). The interpreter is
    /// released meanwhile.
    fn evaluate<'py>(
        &mut self,
        py: Python<'py>,
        state: &Bound<'py, crate::state::PyState>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let state = state.borrow();
        let any: &dyn AnyState = state.inner();
        let n = self.n_rollouts;
        let rng = &mut self.rng;
        let returns = py.detach(|| mean_returns(any, n, rng));
        array(py, &returns, &[returns.len()])
    }

    /// `(action, probability)` pairs: uniform over the legal actions at a
    /// decision, the chance outcomes at a chance node.
    #[expect(
        clippy::unused_self,
        reason = "OpenSpiel's evaluator method takes self"
    )]
    fn prior<'py>(
        &self,
        py: Python<'py>,
        state: &Bound<'py, crate::state::PyState>,
    ) -> PyResult<Bound<'py, PyList>> {
        let mut state = state.borrow_mut();
        if state.inner().to_move() == ToMove::Chance {
            // The same new list of `(id, probability)` as chance_outcomes().
            return state.chance_list(py);
        }
        let legal = state.inner().legal_actions();
        #[expect(
            clippy::cast_precision_loss,
            reason = "a number of legal actions is far below 2**52"
        )]
        let p = 1.0 / legal.len().max(1) as f64;
        PyList::new(py, legal.into_iter().map(|id| (id, p)))
    }

    fn __repr__(&self) -> String {
        format!("RolloutEvaluator(n_rollouts={})", self.n_rollouts)
    }
}
