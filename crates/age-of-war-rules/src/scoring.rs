//! Scoring (AOW-13) and the winner (AOW-14).

use alloc::vec;
use alloc::vec::Vec;

use dice_core::seat::{Seat, TurnOrder};
use dice_core::{GameResult, ScorePart, Scoreboard};

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

/// The winners of [`result`] written into `out`, with nothing allocated
/// once `out` has grown: the search asks it at the end of every simulation.
pub fn winners_into(table: &Table, seats: TurnOrder, out: &mut Vec<Seat>) {
    out.clear();
    let rank = |seat: Seat| {
        (
            i32::from(table.score(seat)),
            figure(table.castles_held(seat)),
            figure(table.clans_conquered(seat)),
        )
    };
    let best = seats.seats().map(rank).max();
    out.extend(seats.seats().filter(|&seat| Some(rank(seat)) == best));
}

/// The running scores at this table (AOW-13 as if the game ended now):
/// the castles each seat holds face up, and the bonuses of the clans it
/// conquered. Everything is on the table, so every viewer sees the same.
pub fn scoreboard(table: &Table, seats: TurnOrder) -> Scoreboard {
    let castles = seats
        .seats()
        .map(|seat| {
            let face_up = table.holdings(seat).filter(|&c| !table.is_face_down(c));
            face_up.map(|c| i32::from(c.points())).sum()
        })
        .collect();
    let clans = seats
        .seats()
        .map(|seat| table.clans(seat).map(|clan| i32::from(clan.bonus())).sum())
        .collect();
    Scoreboard::from_parts(
        "points",
        vec![
            ScorePart::new("castles", castles),
            ScorePart::new("clans", clans),
        ],
    )
}

/// A tie-break figure: a count of at most fourteen castles or six clans.
fn figure(count: usize) -> i32 {
    i32::try_from(count).unwrap_or(i32::MAX)
}
