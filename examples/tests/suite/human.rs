//! A person at a seat of `play`, answering from a script on standard
//! input: full games of every title, bad answers, illegal actions, several
//! people at one table, and input that ends first.
#![allow(
    clippy::unwrap_used,
    reason = "a harness shared by the tests: a record that does not read back fails the test"
)]

use super::common;

use common::{play, recorded, temp_path};
use dice_core::{Record, replay};
use examples::cli::{EXIT_INPUT_ENDED, EXIT_USAGE};
use examples::playable::PlayableGame;

/// The same answer, `1`, as often as any game asks.
fn always_first() -> String {
    "1\n".repeat(200_000)
}

/// Plays a whole game of `game` with a person at seat 0 who always answers
/// `1`, and checks that it is told to its end: the record it writes is of
/// a finished game.
fn a_person_plays_a_full_game(game: &str) {
    let (path, out) = recorded(game, 3, &["--human", "0"], &always_first());
    assert!(out.contains("  seat 0: human"), "{out}");
    assert!(out.contains("told as seat 0 sees it"), "{out}");
    assert!(out.contains("\nseat 0, your turn\n"), "{out}");
    assert!(out.contains("seat 0> 1\n"), "{out}");
    assert!(!out.contains("the input ended"), "{out}");
    let record = std::fs::read_to_string(&path).unwrap();
    let config: serde_json::Value = serde_json::from_str(&record).unwrap();
    let finished =
        tabletop_engines::load_game_json(game, &config.get("config").unwrap().to_string())
            .unwrap()
            .load_state(&record)
            .unwrap();
    assert!(finished.returns().is_some(), "{game}: {out}");
}

for_every_game!(a_person_plays_a_full_game);

#[test]
fn input_that_ends_first_ends_the_game_cleanly_with_status_3_and_a_record() {
    let path = temp_path("input-ends.json");
    let run = play(
        &["pig", "--human", "1", "--record", path.to_str().unwrap()],
        "1\n",
    );
    assert_eq!(run.status, EXIT_INPUT_ENDED, "{}{}", run.out, run.err);
    assert!(
        run.out.ends_with("the input ended before the game did\n"),
        "{}",
        run.out
    );
    assert!(run.err.is_empty(), "{}", run.err);
    let saved = common::replay(&[path.to_str().unwrap()], b"");
    assert_eq!(saved.status, 0, "{}", saved.err);
    assert!(saved.out.contains("\nto move: player 1\n"), "{}", saved.out);
}

#[test]
fn a_bad_answer_gets_a_reason_and_the_question_again_with_nothing_changed() {
    let run = play(&["pig", "--human", "0", "--seed", "5"], "0\nfold\n\nhold\n");
    assert_eq!(run.status, EXIT_INPUT_ENDED);
    let asked = "seat 0> ";
    let answers: Vec<&str> = run
        .out
        .lines()
        .filter_map(|l| l.strip_prefix(asked))
        .collect();
    assert_eq!(answers, ["0", "fold", "", "hold", ""], "{}", run.out);
    for reason in [
        "there is no action 0: answer 1 to 1",
        "\"fold\" is not an action: expected \"roll\" or \"hold\"",
        "answer with a number from 1 to 1 or an action as listed",
        "illegal: hold: you must roll at least once this turn",
    ] {
        assert!(run.out.contains(reason), "{reason} in {}", run.out);
    }
    // Nothing was played: the log has no entry after the first question.
    let first = run.out.find("seat 0, your turn").unwrap();
    assert!(!run.out[first..].contains("player 0: "), "{}", run.out);
}

/// The text of an action the person at the first prompt may not take, and
/// the rule it breaks: found among every action id of the game.
fn illegal_answer<G: PlayableGame>(state: &G) -> Option<(String, String)> {
    (0..state.action_id_bound())
        .filter_map(|id| state.action_from_id(id))
        .find_map(|action| {
            let rule = state.check(&action).err()?;
            Some((state.action_text(&action), rule.to_string()))
        })
}

/// A person who names an illegal action hears the rule it breaks and is
/// asked again, then plays on.
fn an_illegal_action_is_refused_with_the_rule_it_breaks<G: PlayableGame>() {
    let path = temp_path(&format!("{}-first-prompt.json", G::NAME));
    let args = [
        "--human",
        "0",
        "--seed",
        "8",
        "--record",
        path.to_str().unwrap(),
    ];
    let args: Vec<&str> = std::iter::once(G::NAME).chain(args).collect();
    let first = play(&args, "");
    assert_eq!(first.status, EXIT_INPUT_ENDED, "{}{}", first.out, first.err);
    let record: Record<G> = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let at_prompt = replay(&record).unwrap().into_state();
    let (text, rule) = illegal_answer(&at_prompt).unwrap();
    let run = play(&args, &format!("{text}\n1\n"));
    assert!(
        run.out
            .contains(&format!("seat 0> {text}\nillegal: {rule}\nseat 0> 1\n")),
        "{}",
        run.out
    );
}

#[test]
fn pig_an_illegal_action_is_refused_with_the_rule_it_breaks() {
    an_illegal_action_is_refused_with_the_rule_it_breaks::<dice_core::pig::Pig>();
}

#[test]
fn age_of_war_an_illegal_action_is_refused_with_the_rule_it_breaks() {
    an_illegal_action_is_refused_with_the_rule_it_breaks::<age_of_war_rules::AgeOfWar>();
}

#[test]
fn armadora_an_illegal_action_is_refused_with_the_rule_it_breaks() {
    an_illegal_action_is_refused_with_the_rule_it_breaks::<armadora_rules::Armadora>();
}

#[test]
fn era_an_illegal_action_is_refused_with_the_rule_it_breaks() {
    an_illegal_action_is_refused_with_the_rule_it_breaks::<era_rules::Era>();
}

#[test]
fn several_people_are_each_asked_by_seat_and_the_game_is_told_as_a_spectator_sees_it() {
    // Each roll once and hold (a `2` at a turn's start, with one action
    // listed, is refused and the `1` after it rolls).
    let run = play(&["pig", "--human", "0,1"], &"2\n1\n".repeat(10_000));
    assert_eq!(run.status, 0, "{}{}", run.out, run.err);
    assert!(
        run.out.contains("told as a spectator sees it"),
        "{}",
        run.out
    );
    assert!(run.out.contains("seat 0, your turn"));
    assert!(run.out.contains("seat 1, your turn"));
    assert!(run.out.contains("  seat 0: human\n  seat 1: human\n"));
}

#[test]
fn a_seat_the_table_lacks_is_bad_usage() {
    let run = play(&["pig", "--human", "2"], "");
    assert_eq!(run.status, EXIT_USAGE);
    assert_eq!(run.err, "play: --human 2: the table has seats 0 to 1\n");
    let run = play(&["pig", "--human", "0", "--games", "2"], "");
    assert_eq!(run.status, EXIT_USAGE);
    let run = play(&["pig", "--view", "2"], "");
    assert_eq!(run.status, EXIT_USAGE);
    assert_eq!(run.err, "play: --view 2: the table has seats 0 to 1\n");
}
