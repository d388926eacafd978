//! The dice-core test kit over seeded random games at every table size.
//!
//! The longest game seen in these seeds is about 1 400 steps (decisions and
//! chance events); the bound below leaves a wide margin.

use dice_core::testkit::{Options, check_random_games};
use era_rules::{Era, EraConfig};

const STEP_BOUND: usize = 20_000;

fn run(players: usize, games: u64) {
    let options = Options::new(0..games).max_steps(STEP_BOUND);
    let s = check_random_games::<Era>(&EraConfig::new(players), &options);
    assert_eq!(s.games, games);
    assert!(s.longest < STEP_BOUND);
}

#[test]
fn random_two_player_games_keep_the_contract() {
    run(2, 300);
}

#[test]
fn random_three_player_games_keep_the_contract() {
    run(3, 200);
}

#[test]
fn random_four_player_games_keep_the_contract() {
    run(4, 150);
}
