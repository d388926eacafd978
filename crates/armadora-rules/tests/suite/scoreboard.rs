//! The running score: before the end, the gold already settled (a
//! territory nobody can enter where one side alone stands, ARM-10), the
//! only gold no hidden value decides; at the end, the gold each seat won
//! (ARM-12).
#![allow(clippy::unwrap_used, reason = "a failure is a failed test")]

use super::common::{GOLD, columns_game, play_script};
use armadora_rules::dice_core::testkit::each_random_position;
use armadora_rules::prelude::*;

/// The settled gold `viewer` sees, seat by seat.
fn settled(game: &Armadora, viewer: Viewer) -> Vec<i32> {
    let board = Armadora::scoreboard(&game.view(viewer)).unwrap();
    assert_eq!(board.unit(), "gold");
    assert_eq!(board.parts().len(), 1, "{board:?}");
    let part = board.parts().first().unwrap();
    assert_eq!(part.name(), "settled");
    assert_eq!(part.points(), board.totals());
    board.totals().to_vec()
}

#[test]
fn arm_10_a_full_territory_of_one_side_is_settled_for_it_and_no_other() {
    // Every column a territory of five squares with one mine: a4 holds 5
    // gold, c5 6 (GOLD).
    let mut game = columns_game(ArmadoraConfig::new(2), GOLD);
    play_script(
        &mut game,
        "0 warrior a1 1; 1 warrior c1 1; 0 warrior a2 1; 1 warrior c2 1; 0 warrior a3 1",
    );
    // Column a still has a free square (a5): anyone may still come.
    assert_eq!(settled(&game, Viewer::Seat(1)), [0, 0]);
    play_script(&mut game, "1 warrior c3 1; 0 warrior a5 5");
    for viewer in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator] {
        assert_eq!(settled(&game, viewer), [5, 0], "{viewer:?}");
    }
    play_script(&mut game, "1 warrior c4 1");
    assert_eq!(settled(&game, Viewer::Spectator), [5, 6]);
    // Column b full with both sides in it: the values decide, unseen.
    play_script(
        &mut game,
        "0 warrior b1 1; 1 warrior b3 1; 0 warrior b4 1; 1 warrior b5 1",
    );
    assert_eq!(settled(&game, Viewer::Seat(0)), [5, 6]);
}

#[test]
fn arm_10_the_settled_gold_is_never_more_than_the_gold_won_and_the_end_shows_the_gold_won() {
    for (players, seed) in [(2, 1), (3, 2), (4, 3)] {
        let mut seen: Vec<Vec<i32>> = Vec::new();
        let state =
            each_random_position(&ArmadoraConfig::new(players), seed, |state: &Armadora| {
                if state.result().is_none() {
                    seen.push(settled(state, Viewer::Seat(0)));
                }
            });
        let result = state.result().unwrap();
        assert!(!seen.is_empty());
        for before in &seen {
            for (settled, won) in before.iter().zip(result.scores()) {
                assert!(
                    settled <= won,
                    "{before:?} settled, {:?} won",
                    result.scores()
                );
            }
        }
        let viewers = (0..players).map(Viewer::Seat).chain([Viewer::Spectator]);
        for viewer in viewers {
            let board = Armadora::scoreboard(&state.view(viewer)).unwrap();
            assert_eq!(board.unit(), "gold");
            assert_eq!(board.totals(), result.scores(), "{viewer:?}");
        }
        assert!(result.scores().iter().sum::<i32>() > 0);
    }
}
