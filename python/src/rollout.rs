//! `RolloutEvaluator`: OpenSpiel's `RandomRolloutEvaluator` (the
//! `evaluate`/`prior` interface `MCTSBot` calls) with its rollouts played
//! in Rust, on the typed engine, so that search from Python is fast.

use pyo3::prelude::*;
use pyo3::types::PyList;
use tabletop_engines::dice_core::prelude::*;
use tabletop_engines::{AnyState, Engine};

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

/// Each seat's share of the victory (as `AnyState::returns`), zeros for a
/// game not over.
fn returns_of<G: Game>(state: &G) -> Vec<f64> {
    let players = state.players();
    let Some(result) = state.result() else {
        return vec![0.0; players];
    };
    let winners = result.winners();
    let share = 1.0 / f64::from(u32::try_from(winners.len()).unwrap_or(1).max(1));
    (0..players)
        .map(|seat| if winners.contains(&seat) { share } else { 0.0 })
        .collect()
}

/// The mean returns of `n` random playouts of the engine state `start`.
fn rollouts<G: Engine>(start: &G, n: u64, rng: &mut DiceRng) -> Vec<f64> {
    let mut total = vec![0.0; start.players()];
    let mut legal = Vec::new();
    for _ in 0..n {
        let mut state = start.clone();
        let mut steps = 0u64;
        while steps < MAX_ROLLOUT_STEPS {
            match state.to_move() {
                ToMove::Over => break,
                ToMove::Chance => match state.sample_chance(rng) {
                    Some(outcome) => state.apply_chance_unchecked(outcome),
                    None => break,
                },
                ToMove::Player(_) => {
                    state.legal_actions(&mut legal);
                    match rng.choose(&legal) {
                        Some(&action) => state.apply_unchecked(action),
                        None => break,
                    }
                }
            }
            steps = steps.saturating_add(1);
        }
        for (sum, r) in total.iter_mut().zip(returns_of(&state)) {
            *sum += r;
        }
    }
    #[expect(
        clippy::cast_precision_loss,
        reason = "a rollout count is far below 2**52"
    )]
    let n = n.max(1) as f64;
    total.into_iter().map(|sum| sum / n).collect()
}

/// The engine state behind `state`, rolled out in the engine's own types.
fn typed_rollouts<G: Engine>(state: &dyn AnyState, n: u64, rng: &mut DiceRng) -> Option<Vec<f64>> {
    Some(rollouts(state.engine::<G>()?, n, rng))
}

/// Any state rolled out through the door every game has: slower (chance
/// outcomes are listed to find their ids), for a game this module does not
/// name.
fn any_rollouts(start: &dyn AnyState, n: u64, rng: &mut DiceRng) -> Vec<f64> {
    let mut total = vec![0.0; start.players()];
    for _ in 0..n {
        let mut state = start.clone_box();
        let mut steps = 0u64;
        while steps < MAX_ROLLOUT_STEPS {
            let stepped = match state.to_move() {
                ToMove::Over => break,
                ToMove::Chance => state.apply_sampled_chance(rng).is_some(),
                ToMove::Player(_) => {
                    let legal = state.legal_actions();
                    rng.choose(&legal)
                        .is_some_and(|&id| state.apply(id).is_ok())
                }
            };
            if !stepped {
                break;
            }
            steps = steps.saturating_add(1);
        }
        let returns = state
            .returns()
            .unwrap_or_else(|| vec![0.0; start.players()]);
        for (sum, r) in total.iter_mut().zip(returns) {
            *sum += r;
        }
    }
    #[expect(
        clippy::cast_precision_loss,
        reason = "a rollout count is far below 2**52"
    )]
    let n = n.max(1) as f64;
    total.into_iter().map(|sum| sum / n).collect()
}

/// The mean returns of `n` random playouts from `state`.
pub(crate) fn mean_returns(state: &dyn AnyState, n: u64, rng: &mut DiceRng) -> Vec<f64> {
    let typed = match state.game() {
        "pig" => typed_rollouts::<tabletop_engines::dice_core::pig::Pig>(state, n, rng),
        "age-of-war" => {
            typed_rollouts::<tabletop_engines::age_of_war_rules::AgeOfWar>(state, n, rng)
        }
        "armadora" => typed_rollouts::<tabletop_engines::armadora_rules::Armadora>(state, n, rng),
        "era" => typed_rollouts::<tabletop_engines::era_rules::Era>(state, n, rng),
        _ => None,
    };
    typed.unwrap_or_else(|| any_rollouts(state, n, rng))
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
