//! The dice-core test kit over seeded random games, for every table size.
//!
//! The kit checks every step thoroughly (all 792 outcomes of each roll,
//! JSON round trips, id probes), and a random Age of War game runs to a few
//! thousand steps, so the kit plays 700 games here (200 down to 100 as the
//! table grows); the properties in `properties.rs` cover thousands more.

use age_of_war_rules::{AgeOfWar, AgeOfWarConfig};
use dice_core::testkit::{Options, check_random_games};

fn check(players: usize, games: u64) {
    let config = AgeOfWarConfig::new(players);
    let options = Options::new(0..games).serde_every(64).probes(8, 4);
    let summary = check_random_games::<AgeOfWar>(&config, &options);
    assert_eq!(summary.games, games);
    let enough = games.saturating_mul(10);
    assert!(summary.decisions > enough && summary.chance_events > enough);
}

#[test]
fn testkit_two_players() {
    check(2, 200);
}

#[test]
fn testkit_three_players() {
    check(3, 150);
}

#[test]
fn testkit_four_players() {
    check(4, 130);
}

#[test]
fn testkit_five_players() {
    check(5, 120);
}

#[test]
fn testkit_six_players() {
    check(6, 100);
}
