//! Scoring (AOW-13) and the winner (AOW-14).

use alloc::vec::Vec;

use dice_core::GameResult;

use crate::config::MAX_PLAYERS;
use crate::table::Table;

/// The result for `players` seats at this table: scores (AOW-13), then
/// castles held and clans conquered as tie-breaks; players still tied share
/// the victory (AOW-14). A table has at most [`MAX_PLAYERS`] seats, so no
/// more are scored.
///
/// ```
/// use age_of_war_rules::{result, Castle, Place, Table};
///
/// let mut table = Table::new();
/// table.set(Castle::Edo, Place::Player(0));
/// table.set(Castle::Kasugayama, Place::Player(1));
/// table.set(Castle::Takahashi, Place::Player(0));
/// let r = result(&table, 2);
/// assert_eq!(r.scores(), &[5, 4]);
/// assert_eq!(r.winners(), &[0]);
/// ```
pub fn result(table: &Table, players: usize) -> GameResult {
    let players = players.min(MAX_PLAYERS);
    let to_i32 = |n: usize| i32::try_from(n).unwrap_or(i32::MAX);
    let scores = (0..players)
        .map(|seat| i32::try_from(table.score(seat)).unwrap_or(i32::MAX))
        .collect();
    let tiebreaks = (0..players)
        .map(|seat| {
            Vec::from([
                to_i32(table.castles_held(seat)),
                to_i32(table.clans_conquered(seat)),
            ])
        })
        .collect();
    GameResult::by_ranking(scores, tiebreaks)
}
