//! Golden replay records: full games with their expected results. Any
//! change to them is a breaking change.
//!
//! Rewrite them with `ARMADORA_WRITE_GOLDEN=1 cargo test -p armadora-rules
//! --test golden` (then review the diff); the plain test only compares.

use std::path::PathBuf;

use armadora_rules::{Armadora, ArmadoraConfig, Faction};
use dice_core::{Agent, DiceRng, GameResult, Match, RandomAgent, Record, play_out, replay};

fn cases() -> Vec<(&'static str, ArmadoraConfig, u64)> {
    vec![
        ("two_players_base", ArmadoraConfig::new(2), 1),
        (
            "three_players_advanced",
            ArmadoraConfig::new(3)
                .advanced(true)
                .with_factions(&[Faction::Mage, Faction::Elf, Faction::Goblin])
                .unwrap(),
            2,
        ),
        (
            "four_players_teams_advanced",
            ArmadoraConfig::new(4).advanced(true),
            3,
        ),
        (
            "four_players_free_for_all_no_peek",
            ArmadoraConfig::new(4).free_for_all().peek_own(false),
            4,
        ),
    ]
}

fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name)
}

fn play_seeded(config: &ArmadoraConfig, seed: u64) -> Match<Armadora> {
    let mut game = Match::<Armadora>::new(config, seed).unwrap();
    let mut players = [RandomAgent; 4];
    let mut agents: Vec<&mut dyn Agent<Armadora>> = players
        .iter_mut()
        .map(|p| p as &mut dyn Agent<Armadora>)
        .collect();
    let mut rng = DiceRng::from_seed_u64(seed + 100);
    play_out(&mut game, &mut agents, &mut rng, 10_000).unwrap();
    game
}

#[test]
fn golden_records_replay_to_their_expected_results() {
    let write = std::env::var_os("ARMADORA_WRITE_GOLDEN").is_some();
    for (name, config, seed) in cases() {
        let record_path = path(&format!("{name}.json"));
        let expected_path = path(&format!("{name}.expected.json"));
        if write {
            let m = play_seeded(&config, seed);
            let result = dice_core::Game::result(m.state()).unwrap();
            std::fs::create_dir_all(path("")).unwrap();
            std::fs::write(
                &record_path,
                serde_json::to_string_pretty(&m.record()).unwrap() + "\n",
            )
            .unwrap();
            std::fs::write(
                &expected_path,
                serde_json::to_string_pretty(&result).unwrap() + "\n",
            )
            .unwrap();
        }
        let record: Record<Armadora> =
            serde_json::from_str(&std::fs::read_to_string(&record_path).unwrap()).unwrap();
        let expected: GameResult =
            serde_json::from_str(&std::fs::read_to_string(&expected_path).unwrap()).unwrap();
        assert_eq!(record.config(), &config, "{name}");
        let replayed = replay(&record).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            dice_core::Game::result(replayed.state()),
            Some(expected),
            "{name}"
        );
        // The same seeds still play the same game.
        assert_eq!(play_seeded(&config, seed).record(), record, "{name}");
    }
}
