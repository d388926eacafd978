//! The running score: none while warriors hide their values (the gold
//! falls by them, ARM-10), the gold each seat won at the end (ARM-12).
#![allow(clippy::unwrap_used, reason = "a failure is a failed test")]

use armadora_rules::dice_core::testkit::each_random_position;
use armadora_rules::prelude::*;

#[test]
fn arm_10_no_running_score_before_the_end_and_the_gold_won_at_the_end() {
    for (players, seed) in [(2, 1), (3, 2), (4, 3)] {
        let state =
            each_random_position(&ArmadoraConfig::new(players), seed, |state: &Armadora| {
                if state.result().is_none() {
                    assert_eq!(Armadora::scoreboard(&state.view(Viewer::Seat(0))), None);
                }
            });
        let result = state.result().unwrap();
        let viewers = (0..players).map(Viewer::Seat).chain([Viewer::Spectator]);
        for viewer in viewers {
            let board = Armadora::scoreboard(&state.view(viewer)).unwrap();
            assert_eq!(board.unit(), "gold");
            assert_eq!(board.totals(), result.scores(), "{viewer:?}");
        }
        assert!(result.scores().iter().sum::<i32>() > 0);
    }
}
