//! `play_random_games`: many seeded random games played without leaving
//! Rust, on as many threads as asked, with the interpreter released.

use std::sync::Arc;

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use tabletop_engines::AnyGame;

use crate::arrays::array;
use crate::loading::resolve_game;

/// What `play_random_games` played: one row per seed.
#[pyclass(
    module = "tabletop_engines._native",
    name = "RandomGames",
    frozen,
    get_all
)]
pub(crate) struct RandomGames {
    /// `float64` array `(count, players)`: each game's returns; `nan` for a
    /// game stopped at `max_steps`.
    returns: Py<PyAny>,
    /// `int64` array `(count,)`: steps each game took (decisions and
    /// chance events).
    lengths: Py<PyAny>,
    /// `bool` array `(count,)`: whether each game reached its end.
    finished: Py<PyAny>,
    /// Steps over all games.
    steps: u64,
    /// The first seed; game `i` was seeded `seed + i`.
    seed: u64,
}

#[pymethods]
impl RandomGames {
    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        self.lengths.bind(py).len()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "RandomGames(games={}, steps={}, seed={})",
            self.lengths.bind(py).len()?,
            self.steps,
            self.seed
        ))
    }
}

/// One game's steps and returns (`None` if stopped at `max_steps`).
type Played = (u64, Option<Vec<f64>>);

fn play_range(game: &dyn AnyGame, first: u64, count: u64, max_steps: u64) -> Vec<Played> {
    (0..count)
        .map(|i| {
            let seed = first.wrapping_add(i);
            let mut one = game.play_random_games(seed, 1, max_steps);
            (one.steps, one.returns.pop())
        })
        .collect()
}

/// Plays `count` games with uniformly random decisions and chance drawn
/// from `DiceRng(seed + i)`, without leaving Rust, on `threads` threads
/// (the interpreter is released meanwhile). The results do not depend on
/// `threads`.
#[pyfunction]
#[pyo3(signature = (game, count, seed = 0, max_steps = 1_000_000, threads = 1))]
pub(crate) fn play_random_games(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    count: u64,
    seed: u64,
    max_steps: u64,
    threads: usize,
) -> PyResult<RandomGames> {
    if threads == 0 {
        return Err(PyValueError::new_err("threads must be at least 1"));
    }
    let game: Arc<dyn AnyGame> = resolve_game(game)?;
    let players = game.players();
    let played: Option<Vec<Played>> = py.detach(|| {
        let threads = u64::try_from(threads).unwrap_or(1).min(count.max(1));
        let chunk = count.div_ceil(threads);
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let start = t.saturating_mul(chunk).min(count);
                    let end = start.saturating_add(chunk).min(count);
                    let first = seed.wrapping_add(start);
                    let game = Arc::clone(&game);
                    scope.spawn(move || {
                        play_range(game.as_ref(), first, end.saturating_sub(start), max_steps)
                    })
                })
                .collect();
            let mut played = Vec::new();
            for handle in handles {
                played.extend(handle.join().ok()?);
            }
            Some(played)
        })
    });
    let played = played.ok_or_else(|| PyRuntimeError::new_err("a game thread failed"))?;
    let mut returns = Vec::with_capacity(played.len().saturating_mul(players));
    let mut lengths = Vec::with_capacity(played.len());
    let mut finished = Vec::with_capacity(played.len());
    let mut steps = 0u64;
    for (len, result) in &played {
        steps = steps.saturating_add(*len);
        lengths.push(i64::try_from(*len).unwrap_or(i64::MAX));
        finished.push(result.is_some());
        match result {
            Some(r) => returns.extend_from_slice(r),
            None => returns.extend(std::iter::repeat_n(f64::NAN, players)),
        }
    }
    Ok(RandomGames {
        returns: array(py, &returns, &[played.len(), players])?.unbind(),
        lengths: array(py, &lengths, &[played.len()])?.unbind(),
        finished: array(py, &finished, &[played.len()])?.unbind(),
        steps,
        seed,
    })
}
