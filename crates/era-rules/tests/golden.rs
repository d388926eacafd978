//! Golden replay records: full seeded games with their expected results.
//!
//! Set `ERA_WRITE_GOLDEN=1` to write the files afresh (a breaking change if
//! they differ: say so in the CHANGELOG); normally the test only compares.

use dice_core::{Agent, DiceRng, Game, Match, RandomAgent, Record, play_out, replay};
use era_rules::{Era, EraConfig, Score};
use serde::{Deserialize, Serialize};

#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Expected {
    scores: Vec<i32>,
    winners: Vec<usize>,
    tiebreaks: Vec<Vec<i32>>,
    rounds: u32,
    breakdown: Vec<Score>,
}

const GAMES: [(&str, usize, u64); 3] = [("two", 2, 11), ("three", 3, 22), ("four", 4, 33)];

fn dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn expected(state: &Era) -> Expected {
    let r = state.result().unwrap();
    Expected {
        scores: r.scores().to_vec(),
        winners: r.winners().to_vec(),
        tiebreaks: r.tiebreaks().to_vec(),
        rounds: state.round(),
        breakdown: state.scores(),
    }
}

fn write(name: &str, players: usize, seed: u64) {
    let mut m = Match::<Era>::new(&EraConfig::new(players), seed).unwrap();
    let mut a = [RandomAgent; 4];
    let mut agents: Vec<&mut dyn Agent<Era>> = a
        .iter_mut()
        .take(players)
        .map(|x| x as &mut dyn Agent<Era>)
        .collect();
    play_out(
        &mut m,
        &mut agents,
        &mut DiceRng::from_seed_u64(seed + 1),
        50_000,
    )
    .unwrap();
    let record = serde_json::to_string(&m.record()).unwrap();
    std::fs::write(dir().join(format!("{name}.json")), record + "\n").unwrap();
    let exp = serde_json::to_string_pretty(&expected(m.state())).unwrap();
    std::fs::write(dir().join(format!("{name}.expected.json")), exp + "\n").unwrap();
}

#[test]
fn golden_records_replay_to_their_results() {
    let regenerate = std::env::var_os("ERA_WRITE_GOLDEN").is_some();
    for (name, players, seed) in GAMES {
        if regenerate {
            write(name, players, seed);
        }
        let text = std::fs::read_to_string(dir().join(format!("{name}.json"))).unwrap();
        let record: Record<Era> = serde_json::from_str(&text).unwrap();
        assert_eq!(record.config().players, players);
        let m = replay(&record).unwrap_or_else(|e| panic!("{name}: {e}"));
        let exp: Expected = serde_json::from_str(
            &std::fs::read_to_string(dir().join(format!("{name}.expected.json"))).unwrap(),
        )
        .unwrap();
        assert_eq!(expected(m.state()), exp, "{name}");
    }
}

#[test]
fn a_tampered_record_is_refused_with_the_entry_index() {
    let text = std::fs::read_to_string(dir().join("two.json")).unwrap();
    let record: Record<Era> = serde_json::from_str(&text).unwrap();
    let mut log = record.log().to_vec();
    let index = log
        .iter()
        .position(|e| matches!(e, dice_core::Entry::Action { .. }))
        .unwrap();
    log[index] = dice_core::Entry::Action {
        player: None,
        action: era_rules::Action::Pay,
    };
    let record = record.with_log(log);
    let err = replay(&record).unwrap_err().to_string();
    assert!(err.starts_with(&format!("entry {index}: ")), "{err}");
}
