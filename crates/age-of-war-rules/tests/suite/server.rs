//! What a server relies on: per-viewer histories that hold no seed or
//! generator and are the same for games a viewer cannot tell apart, and
//! saved matches that resume exactly, dice and bots' choices included.

use super::common;

use std::error::Error;

use age_of_war_rules::{Action, AgeOfWar, AgeOfWarConfig, Castle, SolverBot};
use common::{fill, position, rolls};
use dice_core::testkit::{check_histories, check_resume};
use dice_core::{
    Agent, DiceRng, Entry, Game, History, Match, PlayOutError, RandomAgent, SeenEntry, Viewer,
    play_out,
};
use serde_json::{Value, json};

/// Every seat of the table and a spectator.
fn viewers(players: usize) -> impl Iterator<Item = Viewer> {
    (0..players)
        .map(Viewer::Seat)
        .chain(std::iter::once(Viewer::Spectator))
}

/// A seeded match of random players, `steps` decisions and chance events
/// long (or to its end).
fn random_match(
    players: usize,
    seed: u64,
    steps: usize,
) -> Result<Match<AgeOfWar>, Box<dyn Error>> {
    let mut m = Match::<AgeOfWar>::new(&AgeOfWarConfig::new(players), seed)?;
    let mut agents = vec![RandomAgent; players];
    let mut seats: Vec<&mut dyn Agent<AgeOfWar>> = agents
        .iter_mut()
        .map(|agent| agent as &mut dyn Agent<AgeOfWar>)
        .collect();
    match play_out(&mut m, &mut seats, &mut DiceRng::from_seed_u64(seed), steps) {
        Ok(()) | Err(PlayOutError::StepLimit(_)) => Ok(m),
        Err(error) => Err(error.to_string().into()),
    }
}

#[test]
fn aow_4_histories_at_every_table_size_tell_everything_but_the_seed() {
    for players in 2..=6 {
        // Seeds far from small numbers, so a history that held one would
        // show it.
        for seed in [0x9E37_79B9_7F4A_7C15, 0x5DEE_CE66_D1CE_4E5B] {
            let m = random_match(players, seed, 3_000).unwrap();
            let record = serde_json::to_value(m.record()).unwrap();
            // The generator's key, as its JSON writes it.
            let generator = serde_json::to_value(m.generator().unwrap()).unwrap();
            let key = generator["seed"].as_str().unwrap();
            for viewer in viewers(players) {
                let history = m.history(viewer);
                let text = serde_json::to_string(&history).unwrap();
                // No seed and no generator, in any form.
                assert!(!text.contains(&seed.to_string()), "{viewer:?}");
                assert!(!text.contains(key), "{viewer:?}");
                let json: Value = serde_json::from_str(&text).unwrap();
                assert_eq!(
                    json.as_object().unwrap().keys().collect::<Vec<_>>(),
                    ["config", "format", "game", "log", "viewer"]
                );
                // Nothing is hidden: every viewer is told the whole log.
                assert_eq!(json["log"], record["log"], "{viewer:?}");
                assert_eq!(
                    serde_json::from_str::<History<AgeOfWar>>(&text).unwrap(),
                    history
                );
                // Streamed entry by entry, a server sends the same.
                let mut state = AgeOfWar::new(&AgeOfWarConfig::new(players)).unwrap();
                for (entry, seen) in m.log().iter().zip(history.log()) {
                    assert_eq!(&SeenEntry::new(&state, entry, viewer), seen);
                    match entry {
                        Entry::Chance(outcome) => state.apply_chance(*outcome).unwrap(),
                        Entry::Action { action, .. } => state.apply(*action).unwrap(),
                    }
                }
                assert_eq!(&state, m.state());
            }
        }
    }
}

#[test]
fn aow_4_games_a_viewer_cannot_tell_apart_give_it_the_same_history() {
    for players in 2..=6 {
        let summary = check_histories::<AgeOfWar>(&AgeOfWarConfig::new(players), 0..3, 2_000);
        assert!(summary.entries > 1_000, "{players} players: {summary:?}");
        // Nothing is hidden, so no twin ever took another entry.
        assert_eq!(summary.hidden_differences, 0);
    }
}

#[test]
fn aow_8_actions_that_leave_the_same_position_are_still_told_apart() {
    // Player 0 attacks Kiyosu with one die left, showing 3: filling `3 inf`
    // with it and losing it both fail the turn (no dice left) and leave the
    // same position. Everyone saw which it was, so the histories differ.
    let mut game = position(2, &[], 0);
    rolls(&mut game, "D A 1 1 1 1 1");
    game.apply(fill(Castle::Kiyosu, 1)).unwrap();
    for _ in 0..5 {
        let dice = usize::from(game.turn().in_hand());
        rolls(&mut game, &"1 ".repeat(dice));
        game.apply(Action::LoseDie).unwrap();
    }
    rolls(&mut game, "3");
    let filled = game.after(fill(Castle::Kiyosu, 4)).unwrap();
    let lost = game.after(Action::LoseDie).unwrap();
    assert_eq!(filled, lost);
    assert_eq!(filled.current_player(), 1);
    let told = |action: Action| {
        let entry = Entry::Action {
            player: Some(0),
            action,
        };
        SeenEntry::<AgeOfWar>::new(&game, &entry, Viewer::Seat(1)).to_string()
    };
    assert_eq!(told(fill(Castle::Kiyosu, 4)), "player 0: fill kiyosu 4");
    assert_eq!(told(Action::LoseDie), "player 0: lose die");
}

#[test]
fn a_history_is_the_log_as_every_viewer_saw_it_without_seed_or_generator() {
    let mut m = Match::<AgeOfWar>::new(&AgeOfWarConfig::new(2), 7).unwrap();
    m.resolve_chance().unwrap();
    m.resolve_chance().unwrap();
    let history = serde_json::to_value(m.history(Viewer::Seat(1))).unwrap();
    let record = serde_json::to_value(m.record()).unwrap();
    assert_eq!(
        history,
        json!({
            "game": "age-of-war",
            "format": 2,
            "config": {"players": 2},
            "viewer": {"seat": 1},
            "log": record["log"],
        })
    );
    assert_eq!(record["seed"], json!(7));
    assert!(record["generator"].is_object());
}

#[test]
fn saved_matches_of_random_players_resume_with_the_same_dice() {
    for players in [2, 3, 6] {
        let agents = || -> Vec<Box<dyn Agent<AgeOfWar>>> {
            (0..players)
                .map(|_| Box::new(RandomAgent) as Box<dyn Agent<AgeOfWar>>)
                .collect()
        };
        for saved_after in [0, 1, 2, 17, 120] {
            check_resume::<AgeOfWar>(
                &AgeOfWarConfig::new(players),
                0..3,
                &agents,
                saved_after,
                300,
            );
        }
    }
}

#[test]
fn saved_matches_of_solver_bots_resume_with_the_same_choices() {
    let solver = SolverBot::new();
    for players in [2, 4] {
        let agents = || -> Vec<Box<dyn Agent<AgeOfWar>>> {
            (0..players)
                .map(|seat| -> Box<dyn Agent<AgeOfWar>> {
                    if seat % 2 == 0 {
                        Box::new(solver.clone())
                    } else {
                        Box::new(RandomAgent)
                    }
                })
                .collect()
        };
        for saved_after in [3, 40, 200] {
            check_resume::<AgeOfWar>(
                &AgeOfWarConfig::new(players),
                0..3,
                &agents,
                saved_after,
                400,
            );
        }
    }
}
