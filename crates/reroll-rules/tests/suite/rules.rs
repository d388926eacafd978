//! The rules, as a player sees them.
#![allow(
    clippy::unwrap_used,
    reason = "test helpers: a failure is a test failure"
)]

use reroll_rules::dice_core::{Game, ToMove};
use reroll_rules::{Reroll, RerollAction, RerollConfig, RerollError};

fn two_seats_one_round() -> Reroll {
    Reroll::new(&RerollConfig {
        players: 2,
        rounds: 1,
    })
    .unwrap()
}

#[test]
fn rr_1_a_table_of_five_or_of_no_rounds_is_refused() {
    let five = RerollConfig {
        players: 5,
        rounds: 3,
    };
    assert_eq!(Reroll::new(&five), Err(RerollError::Players(5)));
    let none = RerollConfig {
        players: 2,
        rounds: 0,
    };
    assert_eq!(Reroll::new(&none), Err(RerollError::Rounds(0)));
}

#[test]
fn rr_2_a_kept_face_joins_the_total_and_the_turn_passes() {
    let mut game = two_seats_one_round();
    assert_eq!(
        game.apply(RerollAction::Keep),
        Err(RerollError::WaitingForChance)
    );
    game.apply_chance(5).unwrap();
    assert_eq!(game.to_move(), ToMove::Player(0));
    game.apply(RerollAction::Keep).unwrap();
    assert_eq!(game.totals(), [5, 0]);
    assert_eq!(game.to_move(), ToMove::Chance);
}

#[test]
fn rr_2_a_reroll_is_kept_as_it_lands() {
    let mut game = two_seats_one_round();
    game.apply_chance(1).unwrap();
    game.apply(RerollAction::Reroll).unwrap();
    game.apply_chance(2).unwrap();
    assert_eq!(game.totals(), [2, 0]);
    assert_eq!(game.to_move(), ToMove::Chance, "seat 1's die rolls next");
}

#[test]
fn rr_3_the_highest_total_wins_after_the_last_round() {
    let mut game = two_seats_one_round();
    for face in [3, 6] {
        game.apply_chance(face).unwrap();
        game.apply(RerollAction::Keep).unwrap();
    }
    assert_eq!(game.to_move(), ToMove::Over);
    assert_eq!(game.result().unwrap().winners(), [1]);
    assert_eq!(game.apply_chance(4), Err(RerollError::GameOver));
}
