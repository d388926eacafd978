//! OpenSpiel's player ids, and the viewer a player id stands for.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tabletop_engines::dice_core::{ToMove, Viewer};

/// OpenSpiel's `kChancePlayerId`.
pub(crate) const CHANCE: i64 = -1;
/// OpenSpiel's `kSimultaneousPlayerId` (no engine here has simultaneous
/// moves; the id is exported for code written against OpenSpiel).
pub(crate) const SIMULTANEOUS: i64 = -2;
/// OpenSpiel's `kInvalidPlayer`.
pub(crate) const INVALID: i64 = -3;
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
pub(crate) fn viewer(player: Option<i64>, to_move: ToMove, players: usize) -> PyResult<Viewer> {
    let player = match (player, to_move) {
        (Some(p), _) => p,
        (None, ToMove::Player(seat)) => return Ok(Viewer::Seat(seat)),
        (None, _) => {
            return Err(PyValueError::new_err(
                "no player is to move here: name the player (or SPECTATOR)",
            ));
        }
    };
    if player == SPECTATOR {
        return Ok(Viewer::Spectator);
    }
    usize::try_from(player)
        .ok()
        .filter(|&seat| seat < players)
        .map(Viewer::Seat)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "player {player} is not a seat of this game (0 to {}) nor SPECTATOR ({SPECTATOR})",
                players.saturating_sub(1)
            ))
        })
}
