//! The running scores a view shows (ERA-23 to ERA-27 as if the game ended
//! now): the final formula part by part, for every viewer, and at the end
//! exactly the result's scores.

use dice_core::testkit::each_random_position;
use dice_core::{Game, Match, ScorePart, Viewer};
use era_rules::{Era, EraConfig, Step};

#[test]
fn era_23_to_27_the_running_score_is_the_final_formula_so_far_and_the_result_at_the_end() {
    let mut seen_disasters = false;
    for (players, seed) in [(2, 1), (3, 2), (4, 3)] {
        let state = each_random_position(&EraConfig::new(players), seed, |state: &Era| {
            for viewer in Viewer::every(players) {
                let board = Era::scoreboard(&state.view(viewer));
                if matches!(state.step(), Step::Layout { .. }) && viewer != Viewer::Seat(0) {
                    // Someone's layout is hidden from this viewer (ERA-5).
                    continue;
                }
                let Some(board) = board else {
                    assert!(matches!(state.step(), Step::Layout { .. }), "{viewer:?}");
                    continue;
                };
                // The parts are the final formula's, in its order.
                let names: Vec<&str> = board.parts().iter().map(ScorePart::name).collect();
                assert_eq!(names.first(), Some(&"buildings"));
                assert_eq!(names.last(), Some(&"disasters"));
                let scores = state.scores();
                for (seat, score) in scores.iter().enumerate() {
                    assert_eq!(i64::from(board.totals()[seat]), score.total(), "{viewer:?}");
                    let disasters = board.parts().last().unwrap().points()[seat];
                    assert_eq!(disasters, -i32::try_from(score.disasters).unwrap());
                    seen_disasters |= disasters < 0;
                }
            }
        });
        let result = state.result().unwrap();
        for viewer in Viewer::every(players) {
            let board = Era::scoreboard(&state.view(viewer)).unwrap();
            assert_eq!(board.totals(), result.scores(), "{viewer:?}");
        }
    }
    assert!(seen_disasters, "some disaster was taken away");
}

#[test]
fn era_5_no_running_score_while_a_layout_is_hidden() {
    let mut m = Match::<Era>::new(&EraConfig::new(2), 7).unwrap();
    while !matches!(m.state().step(), Step::Layout { .. }) {
        m.resolve_chance().unwrap();
    }
    assert!(Era::scoreboard(&m.state().view(Viewer::Spectator)).is_none());
    assert!(Era::scoreboard(&m.state().view(Viewer::Seat(1))).is_none());
}
