//! The running score: the dice each seat has (LD-2).
#![allow(clippy::unwrap_used, reason = "a failure is a failed test")]

use dice_core::{Game, Viewer};
use liars_dice_rules::{LiarsDice, LiarsDiceConfig};

#[test]
fn ld_2_the_scoreboard_counts_each_seats_dice() {
    for dice in 1..=3 {
        let game = LiarsDice::new(&LiarsDiceConfig::with_dice(dice)).unwrap();
        for viewer in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator] {
            let board = LiarsDice::scoreboard(&game.view(viewer)).unwrap();
            assert_eq!(board.unit(), "dice");
            assert_eq!(board.totals(), [i32::from(dice); 2]);
        }
    }
}
