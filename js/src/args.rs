//! Numbers from JavaScript checked before they reach an engine: ids,
//! players and seeds arrive as doubles (or `BigInt`s) and are refused,
//! never truncated, when they are not what they stand for.

use tabletop_engines::dice_core::{ToMove, Viewer};
use wasm_bindgen::JsValue;

use crate::errors;

/// OpenSpiel's `kChancePlayerId`.
pub(crate) const CHANCE: i32 = -1;
/// OpenSpiel's `kTerminalPlayerId`.
pub(crate) const TERMINAL: i32 = -4;
/// Someone at the table who plays no seat and sees the public information
/// only (the Python package's `SPECTATOR`).
pub(crate) const SPECTATOR: i32 = -6;
/// The largest integer a double holds exactly (`Number.MAX_SAFE_INTEGER`).
const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

/// `value` as an integer, when it is one a double holds exactly.
#[expect(
    clippy::cast_possible_truncation,
    reason = "the value is checked to be an integer within ±2^53 first"
)]
fn integer(value: f64) -> Option<i64> {
    (value.fract() == 0.0 && value.abs() <= MAX_SAFE).then_some(value as i64)
}

/// Whether `player` is `CHANCE_PLAYER_ID`.
pub(crate) fn is_chance(player: f64) -> bool {
    integer(player) == Some(i64::from(CHANCE))
}

/// An action id or chance outcome id: an integer from 0 to 2^32 - 1.
pub(crate) fn id(value: f64) -> Result<u32, JsValue> {
    integer(value)
        .and_then(|v| u32::try_from(v).ok())
        .ok_or_else(|| {
            errors::refused(
                None,
                format!("{value} is not an action id or chance outcome id"),
            )
        })
}

/// `to_move` as OpenSpiel's player id: the seat, `CHANCE` or `TERMINAL`.
pub(crate) fn player_id(to_move: ToMove) -> i32 {
    match to_move {
        ToMove::Player(seat) => i32::try_from(seat).unwrap_or(TERMINAL),
        ToMove::Chance => CHANCE,
        ToMove::Over => TERMINAL,
    }
}

/// `value` as a seat of a table of `players`.
pub(crate) fn seat(value: f64, players: usize) -> Result<usize, JsValue> {
    integer(value)
        .and_then(|v| usize::try_from(v).ok())
        .filter(|&seat| seat < players)
        .ok_or_else(|| {
            errors::range(&format!(
                "player {value} is not a seat of this game (0 to {})",
                players.saturating_sub(1)
            ))
        })
}

/// The viewer `player` stands for: a seat, or `SPECTATOR`; no player means
/// the player to move, as in OpenSpiel.
pub(crate) fn viewer(
    player: Option<f64>,
    to_move: ToMove,
    players: usize,
) -> Result<Viewer, JsValue> {
    match (player, to_move) {
        (Some(p), _) if integer(p) == Some(i64::from(SPECTATOR)) => Ok(Viewer::Spectator),
        (Some(p), _) => seat(p, players).map(Viewer::Seat).map_err(|_| {
            errors::range(&format!(
                "player {p} is not a seat of this game (0 to {}) nor SPECTATOR ({SPECTATOR})",
                players.saturating_sub(1)
            ))
        }),
        (None, ToMove::Player(seat)) => Ok(Viewer::Seat(seat)),
        (None, _) => Err(errors::range(
            "no player is to move here: name the player (or SPECTATOR)",
        )),
    }
}

/// A seed: a non-negative integer `Number` up to 2^53 - 1, or a `BigInt`
/// below 2^64.
pub(crate) fn seed(value: &JsValue) -> Result<u64, JsValue> {
    let refused =
        || errors::range("a seed is an integer from 0 to 2^53 - 1, or a BigInt below 2^64");
    if value.is_bigint() {
        return u64::try_from(value.clone()).map_err(|_| refused());
    }
    value
        .as_f64()
        .and_then(integer)
        .and_then(|v| u64::try_from(v).ok())
        .ok_or_else(refused)
}

/// A count from JavaScript (games, steps): a non-negative safe integer.
pub(crate) fn count(value: f64, what: &str) -> Result<u64, JsValue> {
    integer(value)
        .and_then(|v| u64::try_from(v).ok())
        .ok_or_else(|| errors::range(&format!("{what} is a non-negative integer, not {value}")))
}
