//! `play_random_games`: many seeded random games played without leaving
//! Rust, on as many threads as asked, with the interpreter released.

use std::sync::Arc;

use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;
use tabletop_engines::AnyGame;

use crate::arrays::array;
use crate::ints::{self, Int, Seed};
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

/// The most memory the results of one call may take (returns, lengths and
/// flags): 256 `MiB`.
pub(crate) const MAX_RESULT_BYTES: u64 = 1 << 28;

/// The most threads one call starts.
pub(crate) const MAX_THREADS: u64 = 256;

/// The results of a range of games: flat returns (`players` a game, `nan`
/// for a game stopped at `max_steps`), steps, and whether each finished.
#[derive(Default)]
struct Played {
    returns: Vec<f64>,
    lengths: Vec<i64>,
    finished: Vec<bool>,
    steps: u64,
}

impl Played {
    /// Room for `count` games of `players` seats, or `None` when the memory
    /// is not there.
    fn with_room(count: usize, players: usize) -> Option<Self> {
        let mut played = Played::default();
        played
            .returns
            .try_reserve_exact(count.checked_mul(players)?)
            .ok()?;
        played.lengths.try_reserve_exact(count).ok()?;
        played.finished.try_reserve_exact(count).ok()?;
        Some(played)
    }

    fn extend(&mut self, other: &Played) {
        self.returns.extend_from_slice(&other.returns);
        self.lengths.extend_from_slice(&other.lengths);
        self.finished.extend_from_slice(&other.finished);
        self.steps = self.steps.saturating_add(other.steps);
    }
}

/// Plays games `first .. first + count` (by seed); `None` when their
/// results do not fit in memory.
fn play_range(game: &dyn AnyGame, first: u64, count: u64, max_steps: u64) -> Option<Played> {
    let players = game.players();
    let mut played = Played::with_room(usize::try_from(count).ok()?, players)?;
    for i in 0..count {
        let one = game.play_random_games(first.wrapping_add(i), 1, max_steps);
        played.steps = played.steps.saturating_add(one.steps);
        played
            .lengths
            .push(i64::try_from(one.steps).unwrap_or(i64::MAX));
        if let Some(r) = one.returns.first() {
            played.returns.extend_from_slice(r);
            played.finished.push(true);
        } else {
            played
                .returns
                .extend(std::iter::repeat_n(f64::NAN, players));
            played.finished.push(false);
        }
    }
    Some(played)
}

/// Plays `count` games with uniformly random decisions and chance drawn
/// from `DiceRng(seed + i)`, without leaving Rust, on `threads` threads
/// (the interpreter is released meanwhile). The results do not depend on
/// `threads`. `count` is limited so that the results take at most 256 `MiB`
/// (a `ValueError` names the limit); `threads` is 1 to 256.
#[pyfunction]
#[pyo3(signature = (game, count, seed = Seed(0), max_steps = Int(Some(1_000_000)), threads = Int(Some(1))))]
pub(crate) fn play_random_games(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    count: Int,
    seed: Seed,
    max_steps: Int,
    threads: Int,
) -> PyResult<RandomGames> {
    let Seed(seed) = seed;
    let threads = ints::count(threads, "threads", MAX_THREADS)?;
    if threads == 0 {
        return Err(PyValueError::new_err("threads must be at least 1"));
    }
    let max_steps = ints::count(max_steps, "max_steps", u64::MAX >> 1)?;
    let game: Arc<dyn AnyGame> = resolve_game(game)?;
    let players = game.players();
    let per_game = u64::try_from(players)
        .unwrap_or(u64::MAX)
        .saturating_mul(8)
        .saturating_add(9);
    let most = MAX_RESULT_BYTES.checked_div(per_game).unwrap_or(0);
    let count = ints::count(count, "count", most).map_err(|_| {
        PyValueError::new_err(format!(
            "count must be between 0 and {most} for {} ({} MiB of results at most): \
             play more games in several calls, each from the next seed; not {}",
            game.name(),
            MAX_RESULT_BYTES >> 20,
            count.text()
        ))
    })?;
    let played: Option<Played> = py.detach(|| {
        let threads = threads.min(count.max(1));
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
            let mut all = Played::with_room(usize::try_from(count).ok()?, players)?;
            for handle in handles {
                all.extend(&handle.join().ok()??);
            }
            Some(all)
        })
    });
    let played = played.ok_or_else(|| {
        PyMemoryError::new_err(format!("no memory for the results of {count} games"))
    })?;
    let games = played.lengths.len();
    Ok(RandomGames {
        returns: array(py, &played.returns, &[games, players])?.unbind(),
        lengths: array(py, &played.lengths, &[games])?.unbind(),
        finished: array(py, &played.finished, &[games])?.unbind(),
        steps: played.steps,
        seed,
    })
}
