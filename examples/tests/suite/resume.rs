//! Bots draw from the match's own decision generators, so a game stopped
//! with `--max-steps` and resumed from its record with `--resume` ends
//! exactly as the game played without stopping: for every game, every
//! kind of bot, several stopping points, told or in JSON.
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    reason = "a harness shared by the tests: a game that cannot be played fails the test"
)]

use super::common;

use common::{play, recorded, replay, temp_path};
use dice_core::{Agent, Match, Record, play_on};
use examples::cli::EXIT_STOPPED;
use examples::games::{GameName, GameTask};
use examples::playable::{GameOptions, PlayableGame, bot};
use serde_json::Value;

/// Few iterations keep the `mcts` games fast.
const MCTS: &str = "5";

fn record_of(path: &std::path::Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn log_len(record: &Value) -> usize {
    record["log"].as_array().unwrap().len()
}

/// The bots of `game`, by the names the command line takes.
fn bot_names(game: &str) -> Vec<&'static str> {
    struct Bots;
    impl GameTask for Bots {
        type Output = Vec<&'static str>;
        fn run<G: PlayableGame>(self) -> Self::Output {
            G::bots()
        }
    }
    GameName::from_record_name(game).unwrap().run(Bots)
}

/// `play GAME --bots BOT --max-steps K --record F` writes the first K
/// entries and exits 4 saying so; `play GAME --resume F --bots BOT` ends
/// with the record of the game played without stopping.
fn a_stopped_game_resumes_to_the_same_end(game: &str) {
    for name in bot_names(game) {
        let tag = format!("{game}-{name}");
        let full_path = temp_path(&format!("{tag}-full.json"));
        let common = ["--seed", "3", "--bots", name, "--mcts-iterations", MCTS];
        let mut args = vec![game, "--record", full_path.to_str().unwrap()];
        args.extend(common);
        let run = play(&args, "");
        assert_eq!(run.status, 0, "{tag}: {}", run.err);
        let full = record_of(&full_path);
        let len = log_len(&full);
        assert!(len > 3, "{tag}: {len} steps");
        for (k, stop) in [1, len / 3, len.saturating_sub(1)].into_iter().enumerate() {
            let stop_text = stop.to_string();
            let part_path = temp_path(&format!("{tag}-part-{stop}.json"));
            let mut args = vec![game, "--max-steps", &stop_text];
            args.extend(["--record", part_path.to_str().unwrap()]);
            args.extend(common);
            let run = play(&args, "");
            assert_eq!(run.status, EXIT_STOPPED, "{tag} at {stop}: {}", run.err);
            assert_eq!(
                run.err,
                format!(
                    "play: the game was stopped after {stop} steps, unfinished; its record is in {}\n",
                    part_path.display()
                )
            );
            let part = record_of(&part_path);
            assert_eq!(log_len(&part), stop, "{tag}");
            let checked = replay(&[part_path.to_str().unwrap(), "--json"], b"");
            assert_eq!(checked.status, 0, "{tag}: {}", checked.err);
            let checked: Value = serde_json::from_str(&checked.out).unwrap();
            assert_eq!(checked["status"], "ongoing", "{tag}");
            assert_eq!(
                part["log"].as_array().unwrap()[..],
                full["log"].as_array().unwrap()[..stop],
                "{tag}"
            );

            let resumed_path = temp_path(&format!("{tag}-resumed-{stop}.json"));
            let mut args = vec![game, "--resume", part_path.to_str().unwrap()];
            args.extend(["--record", resumed_path.to_str().unwrap()]);
            args.extend(["--bots", name, "--mcts-iterations", MCTS]);
            // Told once, the result in JSON the other times.
            if k > 0 {
                args.push("--json");
            }
            let run = play(&args, "");
            assert_eq!(run.status, 0, "{tag} from {stop}: {}", run.err);
            assert_eq!(
                record_of(&resumed_path),
                full,
                "{tag}: resumed from {stop}, the game ended otherwise"
            );
            if k == 0 {
                assert!(
                    run.out.contains(&format!(
                        "resumed from {} after 1 steps",
                        part_path.display()
                    )),
                    "{}",
                    run.out
                );
            }
        }
    }
}

for_every_game!(a_stopped_game_resumes_to_the_same_end);

#[test]
fn a_record_of_another_game_is_not_resumed() {
    let path = temp_path("resume-other-game.json");
    let run = play(
        &[
            "pig",
            "--max-steps",
            "3",
            "--record",
            path.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(run.status, EXIT_STOPPED, "{}", run.err);
    let run = play(&["era", "--resume", path.to_str().unwrap()], "");
    assert_eq!(run.status, examples::cli::EXIT_USAGE);
    assert_eq!(
        run.err,
        format!(
            "play: --resume {}: the record is of pig, not era\n",
            path.display()
        )
    );
}

/// The match `play` ends with: seed 7 between `bots`, played on by
/// `dice_core::play_on`, whose bots draw from `Match::decision_rng`.
fn played_on<G: PlayableGame>(seed: u64, bots: &[&str]) -> Record<G> {
    let options = GameOptions {
        mcts_iterations: Some(5),
        ..GameOptions::default()
    };
    let config = G::config_from(&options).unwrap();
    let mut m = Match::<G>::new(&config, seed).unwrap();
    let mut owned: Vec<Box<dyn Agent<G>>> = (0..m.state().players())
        .map(|seat| {
            bot::<G>(bots[seat.min(bots.len().saturating_sub(1))], &options)
                .unwrap()
                .1
        })
        .collect();
    let mut agents: Vec<&mut dyn Agent<G>> = owned
        .iter_mut()
        .map(|b| &mut **b as &mut dyn Agent<G>)
        .collect();
    play_on(&mut m, &mut agents, 1_000_000).unwrap();
    drop(agents);
    m.record()
}

struct PlayedOn(u64, &'static [&'static str]);
impl GameTask for PlayedOn {
    type Output = Value;
    fn run<G: PlayableGame>(self) -> Value {
        serde_json::to_value(played_on::<G>(self.0, self.1)).unwrap()
    }
}

/// The told game, and the last of a batch on any number of threads, are
/// the games `play_on` plays: the bots draw from the match's decision
/// generators, nothing else.
fn bots_draw_from_the_match_decision_generators(game: &str) {
    let name = GameName::from_record_name(game).unwrap();
    let (told_path, _) = recorded(game, 7, &["--bots", "random"], "");
    assert_eq!(record_of(&told_path), name.run(PlayedOn(7, &["random"])));

    let mut summaries = Vec::new();
    for threads in ["1", "3"] {
        let path = temp_path(&format!("{game}-batch-{threads}.json"));
        let run = play(
            &[
                game,
                "--seed",
                "5",
                "--bots",
                "random,mcts",
                "--mcts-iterations",
                "5",
                "--games",
                "3",
                "--threads",
                threads,
                "--json",
                "--record",
                path.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(run.status, 0, "{}", run.err);
        let last = name.run(PlayedOn(7, &["random", "mcts"]));
        assert_eq!(record_of(&path), last, "{game} on {threads} threads");
        let mut summary: Value = serde_json::from_str(&run.out).unwrap();
        summary.as_object_mut().unwrap().remove("games_per_second");
        summaries.push(summary);
    }
    assert_eq!(summaries[0], summaries[1], "{game}");
}

for_every_game!(bots_draw_from_the_match_decision_generators);
