//! The simulation shortcut that ends a hopeless turn at once: a turn it
//! calls hopeless has no chance of a conquest left (AOW-8), and games
//! played with it still end.
#![allow(
    clippy::unwrap_used,
    clippy::arithmetic_side_effects,
    reason = "test helpers: a failure is a test failure"
)]

use super::common;

use age_of_war_rules::prelude::*;
use age_of_war_rules::solver::OddsTable;
use common::{fill, rolls};

/// Plays seeded random games; calls `visit` at every decision, and ends
/// hopeless turns at once when `shortcut` is on. Returns the steps taken.
fn random_games(games: u64, shortcut: bool, mut visit: impl FnMut(&AgeOfWar)) -> u64 {
    let mut legal = Vec::new();
    let mut steps = 0;
    for seed in 0..games {
        let mut game = AgeOfWar::new(&AgeOfWarConfig::new(2)).unwrap();
        let mut rng = DiceRng::from_seed_u64(seed);
        for _ in 0..100_000 {
            match game.to_move() {
                ToMove::Over => break,
                ToMove::Chance if shortcut && game.end_hopeless_turn() => {}
                ToMove::Chance => {
                    let outcome = game.sample_chance(&mut rng).unwrap();
                    game.apply_chance_unchecked(outcome);
                }
                ToMove::Player(_) => {
                    visit(&game);
                    game.legal_actions(&mut legal);
                    game.apply_unchecked(*rng.choose(&legal).unwrap());
                }
            }
            steps += 1;
        }
        assert_eq!(game.to_move(), ToMove::Over, "seed {seed}");
    }
    steps
}

#[test]
fn aow_8_a_turn_called_hopeless_has_no_chance_of_a_conquest_left() {
    let odds = OddsTable::new();
    let (mut hopeless, mut decisions) = (0, 0);
    random_games(20, false, |game| {
        decisions += 1;
        if game.turn_is_hopeless() {
            hopeless += 1;
            for (action, chance) in odds.action_odds(game) {
                assert_eq!(chance, Prob::ZERO, "{action} at {game}");
            }
        }
    });
    // Random play meets many hopeless turns: the shortcut has work to do.
    assert!(hopeless * 5 > decisions, "{hopeless} of {decisions}");
}

#[test]
fn aow_8_a_committed_turn_is_hopeless_once_its_open_lines_need_more_dice_than_are_left() {
    let mut game = common::started(2, 0);
    rolls(&mut game, "C C A A A A 1");
    // Takahashi: `C C` · `5 inf` · `2 inf`; the two infantry lines need at
    // least two dice and one.
    game.apply(fill(Castle::Takahashi, 1)).unwrap();
    for dice in [5, 4, 3] {
        assert!(!game.turn_is_hopeless(), "{dice} dice in hand");
        assert!(!game.end_hopeless_turn());
        rolls(&mut game, &vec!["A"; dice].join(" "));
        assert!(!game.turn_is_hopeless(), "{dice} dice rolled");
        game.apply(Action::LoseDie).unwrap();
    }
    assert_eq!(game.turn().in_hand(), 2);
    assert!(game.turn_is_hopeless());
    assert!(game.end_hopeless_turn());
    assert_eq!(game.current_player(), 1);
    assert_eq!(game.turn().in_hand(), 7);
    assert!(game.turn().target().is_none());
    assert_eq!(game.to_move(), ToMove::Chance);
    assert!(!game.turn_is_hopeless());
}

#[test]
fn aow_8_games_that_end_hopeless_turns_at_once_end_in_fewer_steps() {
    let played_out = random_games(20, false, |_| {});
    let shortened = random_games(20, true, |_| {});
    assert!(
        shortened * 10 < played_out * 9,
        "{shortened} against {played_out}"
    );
}
