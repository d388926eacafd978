//! Golden replay records: full games with their expected results. Any
//! change to them is a breaking change.
//!
//! Rewrite them with `WRITE_GOLDEN=1 cargo test -p armadora-rules --test
//! golden` (then review the diff); the plain test only compares.
#![allow(
    clippy::unwrap_used,
    reason = "the harness takes a function that plays a match; a match that cannot be \
              played is a broken test, reported by panicking as an assertion does"
)]

use std::path::Path;

use armadora_rules::{Armadora, ArmadoraConfig, Faction};
use dice_core::testkit::check_golden_records;
use dice_core::{Agent, DiceRng, Match, RandomAgent, play_out};

/// Random players from `seed`, the decisions from `seed + 100`.
fn play_seeded(config: &ArmadoraConfig, seed: u64) -> Match<Armadora> {
    let mut game = Match::<Armadora>::new(config, seed).unwrap();
    let mut players = [RandomAgent; 4];
    let mut agents: Vec<&mut dyn Agent<Armadora>> = players
        .iter_mut()
        .map(|p| p as &mut dyn Agent<Armadora>)
        .collect();
    let mut rng = DiceRng::from_seed_u64(seed.wrapping_add(100));
    play_out(&mut game, &mut agents, &mut rng, 10_000).unwrap();
    game
}

#[test]
fn golden_records_replay_to_their_expected_results() {
    let two = || play_seeded(&ArmadoraConfig::new(2), 1);
    let three = || {
        let factions = [Faction::Mage, Faction::Elf, Faction::Goblin];
        let config = ArmadoraConfig::new(3).advanced(true);
        play_seeded(&config.with_factions(&factions).unwrap(), 2)
    };
    let four_teams = || play_seeded(&ArmadoraConfig::new(4).advanced(true), 3);
    let four_free = || {
        let config = ArmadoraConfig::new(4).free_for_all().peek_own(false);
        play_seeded(&config, 4)
    };
    check_golden_records::<Armadora>(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden"),
        &[
            ("two_players_base", &two),
            ("three_players_advanced", &three),
            ("four_players_teams_advanced", &four_teams),
            ("four_players_free_for_all_no_peek", &four_free),
        ],
    );
}
