//! Golden records: full seeded games whose replay and result must never
//! change without a breaking release.
//!
//! `WRITE_GOLDEN=1 cargo test -p era-rules --test suite golden` rewrites the
//! files from their seeds (a breaking change if they differ: say so in the
//! CHANGELOG); the tests only compare.

use std::path::PathBuf;

use dice_core::testkit::{WRITE_GOLDEN, check_golden_records};
use dice_core::{Agent, DiceRng, Entry, Match, RandomAgent, Record, play_out, replay};
use era_rules::ruleset::EmptyCells;
use era_rules::{Action, BuildingKind, Era, EraConfig, Score};
use serde::{Deserialize, Serialize};

/// Name, players and seed; every seat plays at random.
const GAMES: [(&str, usize, u64); 3] = [
    ("two_players", 2, 11),
    ("three_players", 3, 22),
    ("four_players", 4, 33),
];

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn play(players: usize, seed: u64) -> Match<Era> {
    let mut m = Match::<Era>::new(&EraConfig::new(players), seed).unwrap();
    let mut agents = vec![RandomAgent; players];
    let mut seats: Vec<&mut dyn Agent<Era>> = agents
        .iter_mut()
        .map(|a| a as &mut dyn Agent<Era>)
        .collect();
    let mut rng = DiceRng::from_seed_u64(seed + 1);
    play_out(&mut m, &mut seats, &mut rng, 50_000).unwrap();
    m
}

#[test]
fn golden_records_replay_to_their_expected_results() {
    type Play = Box<dyn Fn() -> Match<Era>>;
    let plays: Vec<(&str, Play)> = GAMES
        .iter()
        .map(|&(name, players, seed)| {
            let f: Play = Box::new(move || play(players, seed));
            (name, f)
        })
        .collect();
    let games: Vec<(&str, &dyn Fn() -> Match<Era>)> =
        plays.iter().map(|(name, f)| (*name, f.as_ref())).collect();
    check_golden_records::<Era>(&dir(), &games);
}

/// What the golden games score, part by part, and how many rounds they
/// last: more than the [`dice_core::GameResult`] says.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Breakdown {
    rounds: u32,
    breakdown: Vec<Score>,
}

fn breakdown(state: &Era) -> Breakdown {
    Breakdown {
        rounds: state.round(),
        breakdown: state.scores(),
    }
}

#[test]
fn golden_records_score_part_by_part_as_recorded() {
    for (name, players, seed) in GAMES {
        let path = dir().join(format!("{name}.scores.json"));
        if std::env::var_os(WRITE_GOLDEN).is_some() {
            let text = serde_json::to_string_pretty(&breakdown(play(players, seed).state()));
            std::fs::write(&path, text.unwrap() + "\n").unwrap();
        }
        let text = std::fs::read_to_string(dir().join(format!("{name}.json"))).unwrap();
        let record: Record<Era> = serde_json::from_str(&text).unwrap();
        let m = replay(&record).unwrap();
        let expected: Breakdown =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(breakdown(m.state()), expected, "{name}");
    }
}

#[test]
fn a_record_of_a_retired_rules_revision_is_refused_naming_the_revision() {
    for revision in [1, 2] {
        let file = format!("revision_{revision}_two_players.json");
        let text = std::fs::read_to_string(dir().join(file)).unwrap();
        let err = serde_json::from_str::<Record<Era>>(&text)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains(&format!(
                "this game follows Era rules revision {revision}, which is retired"
            )),
            "{err}"
        );
        assert!(err.contains("this engine plays revision 4"), "{err}");
    }
}

#[test]
fn era_24_d3_a_revision_3_record_replays_with_the_whole_domain_count() {
    // Seed 11 at two players as revision 3 recorded it, with its scores
    // part by part: seat 1's Market counted every empty cell of the
    // domain.
    let text = std::fs::read_to_string(dir().join("revision_3_two_players.json")).unwrap();
    assert!(text.contains(r#""revision":3"#));
    let record: Record<Era> = serde_json::from_str(&text).unwrap();
    let market = record
        .config()
        .ruleset()
        .bonus_empty_cells(BuildingKind::Market);
    assert_eq!(market, EmptyCells::Domain);
    let m = replay(&record).unwrap();
    let path = dir().join("revision_3_two_players.scores.json");
    let expected: Breakdown =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert!(expected.breakdown.iter().any(|s| s.markets > 0));
    assert_eq!(breakdown(m.state()), expected);
    // Under revision 4 the same game's Market scores less.
    let now: Record<Era> =
        serde_json::from_str(&std::fs::read_to_string(dir().join("two_players.json")).unwrap())
            .unwrap();
    assert_eq!(now.log(), record.log(), "the same game");
    let now = breakdown(replay(&now).unwrap().state());
    assert!(
        now.breakdown
            .iter()
            .zip(&expected.breakdown)
            .any(|(now, then)| now.markets < then.markets)
    );
}

#[test]
fn a_tampered_record_is_refused_with_the_entry_index() {
    let text = std::fs::read_to_string(dir().join("two_players.json")).unwrap();
    let record: Record<Era> = serde_json::from_str(&text).unwrap();
    let mut log = record.log().to_vec();
    let index = log
        .iter()
        .position(|e| matches!(e, Entry::Action { .. }))
        .unwrap();
    log[index] = Entry::Action {
        player: None,
        action: Action::Pay,
    };
    let record = record.with_log(log);
    let err = replay(&record).unwrap_err().to_string();
    assert!(err.starts_with(&format!("entry {index}: ")), "{err}");
}
