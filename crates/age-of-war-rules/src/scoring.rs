//! Scoring (AOW-13) and the winner (AOW-14).

use alloc::vec;

use dice_core::GameResult;
use dice_core::seat::TurnOrder;

use crate::table::Table;

/// The result for the seats of `seats` at this table: scores (AOW-13), then
/// castles held and clans conquered as tie-breaks; players still tied share
/// the victory (AOW-14).
///
/// ```
/// use age_of_war_rules::Castle;
/// use age_of_war_rules::scoring::result;
/// use age_of_war_rules::table::{Place, Table};
/// use age_of_war_rules::dice_core::seat::TurnOrder;
///
/// let mut table = Table::new();
/// table.set(Castle::Edo, Place::Player(0));
/// table.set(Castle::Kasugayama, Place::Player(1));
/// table.set(Castle::Takahashi, Place::Player(0));
/// let outcome = result(&table, TurnOrder::new(2).unwrap());
/// assert_eq!(outcome.scores(), &[5, 4]);
/// assert_eq!(outcome.winners(), &[0]);
/// ```
pub fn result(table: &Table, seats: TurnOrder) -> GameResult {
    let scores = seats
        .seats()
        .map(|seat| i32::from(table.score(seat)))
        .collect();
    let tiebreaks = seats
        .seats()
        .map(|seat| {
            vec![
                figure(table.castles_held(seat)),
                figure(table.clans_conquered(seat)),
            ]
        })
        .collect();
    GameResult::by_ranking(scores, tiebreaks)
}

/// A tie-break figure: a count of at most fourteen castles or six clans.
fn figure(count: usize) -> i32 {
    i32::try_from(count).unwrap_or(i32::MAX)
}
