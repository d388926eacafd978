//! The `(outcome_id, probability)` lists of `chance_outcomes()`, built
//! once per distinct chance event of a game and handed out as copies.
//!
//! A game's chance events repeat: Pig and Liar's Dice roll the same die
//! every time, and an Age of War roll depends only on how many dice are in
//! hand (792 outcomes for seven). Tuples are immutable, so a fresh list of the same
//! tuples is what OpenSpiel's `chance_outcomes()` returns, for the cost of
//! copying pointers, not of building 792 tuples and floats.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyTuple};
use tabletop_engines::AnyState;
use tabletop_engines::age_of_war_rules::{AgeOfWar, Chance};
use tabletop_engines::dice_core::pig::Pig;
use tabletop_engines::dice_core::{Game, Prob};
use tabletop_engines::liars_dice_rules::LiarsDice;

/// An exact probability as the nearest `float`.
#[expect(
    clippy::cast_precision_loss,
    reason = "a float probability is an approximation by definition; the exact one is in chance_outcomes_exact"
)]
pub(crate) fn prob_f64(p: Prob) -> f64 {
    // Dice probabilities fit in 64 bits, whose conversion is one instruction
    // (128-bit ones go through a software routine).
    match (u64::try_from(p.numer()), u64::try_from(p.denom())) {
        (Ok(numer), Ok(denom)) => numer as f64 / denom as f64,
        _ => p.numer() as f64 / p.denom() as f64,
    }
}

/// Distinct chance events a game may name (see [`chance_key`]).
const KEYS: usize = 9;

/// One game's chance outcome lists, by [`chance_key`]; shared by the game
/// and every state made from it.
pub(crate) struct ChanceLists {
    lists: [PyOnceLock<Py<PyList>>; KEYS],
}

impl Default for ChanceLists {
    fn default() -> Self {
        ChanceLists {
            lists: std::array::from_fn(|_| PyOnceLock::new()),
        }
    }
}

/// Which of its game's distinct chance events `state` (at a chance node)
/// waits for, when the game names them: the outcomes and probabilities are
/// then a function of the key alone, for a given game and config. `None`
/// for games whose events are not named this way.
fn chance_key(state: &dyn AnyState) -> Option<usize> {
    if state.engine::<Pig>().is_some() || state.engine::<LiarsDice>().is_some() {
        // One die, the same every roll (Liar's Dice: one six-sided die at a
        // time, LD-3).
        return Some(0);
    }
    if let Some(aow) = state.engine::<AgeOfWar>() {
        // The draw of the first player (the only event that accepts one),
        // else a roll of the dice in hand (0 to 7).
        return Some(if aow.check_chance(&Chance::FirstPlayer(0)).is_ok() {
            KEYS - 1
        } else {
            usize::from(aow.turn().in_hand())
        });
    }
    None
}

/// `outcomes` as `(id, probability)` tuples, the items of a
/// `chance_outcomes()` list.
pub(crate) fn outcome_tuples(
    py: Python<'_>,
    outcomes: impl IntoIterator<Item = (u32, Prob)>,
) -> PyResult<Vec<Py<PyTuple>>> {
    outcomes
        .into_iter()
        .map(|(id, p)| Ok((id, prob_f64(p)).into_pyobject(py)?.unbind()))
        .collect()
}

impl ChanceLists {
    /// A fresh list of `state`'s chance outcomes (a chance node's) from the
    /// lists made before, or `None` when its game does not name its chance
    /// events.
    pub(crate) fn copy<'py>(
        &self,
        py: Python<'py>,
        state: &dyn AnyState,
    ) -> PyResult<Option<Bound<'py, PyList>>> {
        let Some(cell) = chance_key(state).and_then(|key| self.lists.get(key)) else {
            return Ok(None);
        };
        let list = cell.get_or_try_init(py, || {
            let tuples = outcome_tuples(py, state.chance_outcomes())?;
            PyList::new(py, tuples.iter().map(|t| t.bind(py))).map(Bound::unbind)
        })?;
        let list = list.bind(py);
        Ok(Some(list.get_slice(0, list.len())))
    }
}
