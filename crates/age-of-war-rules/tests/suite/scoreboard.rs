//! The running score every viewer sees (AOW-13 as if the game ended now):
//! castles face up and clan bonuses, and at the end the result's scores.
#![allow(clippy::unwrap_used, reason = "a failure is a failed test")]

use age_of_war_rules::{AgeOfWar, AgeOfWarConfig};
use dice_core::testkit::each_random_position;
use dice_core::{Game, ScorePart, Viewer};

#[test]
fn aow_13_the_running_score_is_castles_and_clans_and_the_result_at_the_end() {
    let mut clan_bonus_seen = false;
    for (players, seed) in [(2, 1), (3, 2), (6, 3)] {
        let state =
            each_random_position(&AgeOfWarConfig::new(players), seed, |state: &AgeOfWar| {
                let board = AgeOfWar::scoreboard(&state.view(Viewer::Spectator)).unwrap();
                let names: Vec<&str> = board.parts().iter().map(ScorePart::name).collect();
                assert_eq!(names, ["castles", "clans"]);
                for seat in 0..players {
                    let score = i32::from(state.table().score(seat));
                    assert_eq!(board.totals().get(seat), Some(&score));
                    clan_bonus_seen |= board
                        .parts()
                        .iter()
                        .any(|p| p.points()[seat] > 0 && p.name() == "clans");
                }
                // Nothing is hidden: every seat sees the same.
                assert_eq!(
                    AgeOfWar::scoreboard(&state.view(Viewer::Seat(0))),
                    Some(board)
                );
            });
        let result = state.result().unwrap();
        let board = AgeOfWar::scoreboard(&state.view(Viewer::Spectator)).unwrap();
        assert_eq!(board.totals(), result.scores());
    }
    assert!(clan_bonus_seen, "some clan was conquered");
}
