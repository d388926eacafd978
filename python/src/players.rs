//! OpenSpiel's player ids, and the viewer a player id stands for.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tabletop_engines::AnyGame;
use tabletop_engines::dice_core::{ToMove, Viewer};

use crate::ints::Int;

/// OpenSpiel's `kChancePlayerId`.
pub(crate) const CHANCE: i64 = -1;
/// OpenSpiel's `kSimultaneousPlayerId` (no engine here has simultaneous
/// moves; the id is exported for code written against OpenSpiel).
pub(crate) const SIMULTANEOUS: i64 = -2;
/// OpenSpiel's `kInvalidPlayer`.
pub(crate) const INVALID: i64 = -3;
/// OpenSpiel's `kInvalidAction`: the action a bot returns at a chance
/// node.
pub(crate) const INVALID_ACTION: i64 = -1;
/// OpenSpiel's `kTerminalPlayerId`.
pub(crate) const TERMINAL: i64 = -4;
/// Not in OpenSpiel: someone at the table who plays no seat and sees the
/// public information only.
pub(crate) const SPECTATOR: i64 = -6;

/// `to_move` as an OpenSpiel player id.
pub(crate) fn player_id(to_move: ToMove) -> i64 {
    match to_move {
        ToMove::Player(seat) => i64::try_from(seat).unwrap_or(INVALID),
        ToMove::Chance => CHANCE,
        ToMove::Over => TERMINAL,
    }
}

/// The viewer for `player` (a seat, or [`SPECTATOR`]); `None` means the
/// player to move, as in OpenSpiel.
pub(crate) fn viewer(player: Option<Int>, to_move: ToMove, players: usize) -> PyResult<Viewer> {
    let player = match (player, to_move) {
        (Some(p), _) => p,
        (None, ToMove::Player(seat)) => return Ok(Viewer::Seat(seat)),
        (None, _) => {
            return Err(PyValueError::new_err(
                "no player is to move here: name the player (or SPECTATOR)",
            ));
        }
    };
    if player.0 == Some(SPECTATOR) {
        return Ok(Viewer::Spectator);
    }
    seat(player, players).map(Viewer::Seat)
}

/// `player` as a seat of a table of `players`, or a `ValueError`.
pub(crate) fn seat(player: Int, players: usize) -> PyResult<usize> {
    player
        .0
        .and_then(|p| usize::try_from(p).ok())
        .filter(|&seat| seat < players)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "player {} is not a seat of this game (0 to {}) nor SPECTATOR ({SPECTATOR})",
                player.text(),
                players.saturating_sub(1)
            ))
        })
}

/// `player` as an OpenSpiel id that may act: a seat or `CHANCE`, or a
/// `ValueError`.
pub(crate) fn actor(player: Int, players: usize) -> PyResult<i64> {
    if player.0 == Some(CHANCE) {
        return Ok(CHANCE);
    }
    let seat = player
        .0
        .and_then(|p| usize::try_from(p).ok())
        .filter(|&seat| seat < players);
    match (seat, player.0) {
        (Some(_), Some(p)) => Ok(p),
        _ => Err(PyValueError::new_err(format!(
            "player {} is not a seat of this game (0 to {}) nor CHANCE_PLAYER_ID ({CHANCE})",
            player.text(),
            players.saturating_sub(1)
        ))),
    }
}

/// The fewest and most seats the game can be loaded with (OpenSpiel's
/// `min_num_players`/`max_num_players`).
pub(crate) fn player_range(game: &dyn AnyGame) -> (usize, usize) {
    (game.min_players(), game.max_players())
}
