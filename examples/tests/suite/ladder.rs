//! The ladder: its output on a tiny fixed run, and the levels each game
//! declares against the ratings its committed ladder measured
//! (`docs/ladder/GAME-2p.json`).

use std::path::PathBuf;

use examples::ladder::entrant_label;
use serde_json::Value;

use crate::common::{ladder, play};

/// A tiny round robin of Pig: what the tool prints for it, for any thread
/// count.
const TINY: &[&str] = &[
    "pig",
    "--entrants",
    "random,greedy,mcts@20",
    "--games",
    "6",
    "--seed",
    "3",
    "--samples",
    "50",
];

const TINY_TABLE: &str = "\
pig ladder, 2 players: 3 entrants, 3 tables of 6 games (18 games), seeds 3..6, 50 bootstrap samples

rank entrant             Elo     95% interval   games   win %
1    greedy              332       [140, 575]      12   75.0%
2    mcts@20             292        [79, 566]      12   66.7%
3    random                0           [0, 0]      12    8.3%
";

#[test]
fn a_tiny_ladder_prints_the_same_table_for_any_thread_count() {
    let one = ladder(TINY);
    assert_eq!(one.status, 0, "{}", one.err);
    assert_eq!(one.out, TINY_TABLE);
    let two = ladder(&[TINY, &["--threads", "2"]].concat());
    assert_eq!(two.out, one.out);
}

#[test]
fn the_ladder_refuses_unknown_entrants_and_entrants_given_twice() {
    for (entrants, why) in [
        ("random,oracle", "unknown bot \"oracle\""),
        ("random,mcts@x", "iterations after @"),
        ("mcts@1000,mcts", "mcts@1000 is entered twice"),
        ("random", "at least 2 entrants"),
    ] {
        let run = ladder(&["pig", "--entrants", entrants, "--games", "2"]);
        assert_eq!(run.status, 2, "{entrants}");
        assert!(run.err.contains(why), "{entrants}: {}", run.err);
    }
}

#[test]
fn a_ladder_plays_every_table_with_the_game_switches_given() {
    // ARM-13: four players each for themselves, not two teams.
    let run = ladder(&[
        "armadora",
        "--players",
        "4",
        "--no-teams",
        "--entrants",
        "random,greedy,mcts@2,mcts@3",
        "--games",
        "4",
        "--samples",
        "10",
    ]);
    assert_eq!(run.status, 0, "{}", run.err);
    assert!(
        run.out
            .starts_with("armadora ladder, 4 players --no-teams: 4 entrants, 1 tables of 4 games"),
        "{}",
        run.out
    );
    let refused = ladder(&["era", "--no-teams", "--games", "2"]);
    assert_eq!(refused.status, 2);
    assert!(
        refused.err.contains("has no option --no-teams"),
        "{}",
        refused.err
    );
}

/// The committed ladder of `game` at two players, by entrant label.
fn committed_ratings(game: &str) -> Vec<(String, f64)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../docs/ladder")
        .join(format!("{game}-2p.json"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; run the ladder (docs/rl.md)", path.display()));
    let ladder: Value = serde_json::from_str(&text).unwrap();
    ladder["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["label"].as_str().unwrap().to_owned(),
                e["elo"].as_f64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn every_games_levels_climb_its_committed_ladder_by_100_elo_a_step() {
    for game in tabletop_engines::catalogue() {
        // A game without levels has no ladder to agree with yet.
        if game.levels.is_empty() {
            continue;
        }
        let ratings = committed_ratings(game.name);
        let mut below: Option<(&str, f64)> = None;
        for level in &game.levels {
            let bot = game.bots.iter().find(|b| b.name == level.bot).unwrap();
            let label = entrant_label(bot.name, level.iterations.or(bot.default_iterations));
            let &(_, elo) = ratings
                .iter()
                .find(|(l, _)| *l == label)
                .unwrap_or_else(|| {
                    panic!(
                        "{}: level {} plays {label}, which its ladder did not rate",
                        game.name, level.name
                    )
                });
            if let Some((name, lower)) = below {
                assert!(
                    elo >= lower + 100.0,
                    "{}: level {} ({label}, {elo:.0} Elo) is not 100 Elo above level {name} ({lower:.0})",
                    game.name,
                    level.name
                );
            }
            below = Some((level.name, elo));
        }
    }
}

#[test]
fn play_seats_bots_by_level() {
    let run = play(
        &[
            "pig",
            "--bots",
            "level:beginner,level:strongest",
            "--games",
            "4",
            "--rotate",
        ],
        "",
    );
    assert_eq!(run.status, 0, "{}", run.err);
    assert!(run.out.contains("level:strongest"), "{}", run.out);
    let run = play(&["pig", "--bots", "level:grandmaster"], "");
    assert_eq!(run.status, 2);
    assert!(run.err.contains("level:casual"), "{}", run.err);
}
