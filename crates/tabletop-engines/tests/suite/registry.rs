//! Every registered game through the one door: loaded by name, played with
//! ids to the end, saved and loaded, with tensors of the promised size.
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    reason = "test helpers: a failure is a test failure"
)]

use tabletop_engines::dice_core::{DiceRng, Objective, Prob, ToMove, Viewer};
use tabletop_engines::{AnyGame, AnyState, LoadError, StepError, game_names, load_game};

/// Plays `game` to the end with random ids, checking the door's promises
/// at every step; returns the final state.
fn play_through(game: &dyn AnyGame, seed: u64) -> Box<dyn AnyState> {
    let mut state = game.new_initial_state();
    let mut rng = DiceRng::from_seed_u64(seed);
    let mut tensor = Vec::new();
    for _ in 0..100_000 {
        for viewer in (0..game.players())
            .map(Viewer::Seat)
            .chain([Viewer::Spectator])
        {
            state.observation_tensor(viewer, &mut tensor);
            assert_eq!(tensor.len(), game.observation_len());
        }
        let before = state.clone();
        match state.to_move() {
            ToMove::Over => break,
            ToMove::Chance => {
                let outcomes = state.chance_outcomes();
                let total = outcomes
                    .iter()
                    .try_fold(Prob::ZERO, |sum, (_, p)| sum.checked_add(*p));
                assert_eq!(total, Some(Prob::ONE));
                assert!(state.legal_actions().is_empty());
                let count = u32::try_from(outcomes.len()).unwrap();
                assert!(matches!(
                    state.apply(count),
                    Err(StepError::NoSuchOutcome { .. })
                ));
                assert_eq!(state.history_ids(), before.history_ids());
                let id = rng.index(outcomes.len()).unwrap();
                let text = state.id_to_string(u32::try_from(id).unwrap()).unwrap();
                assert!(!text.is_empty());
                state.apply(u32::try_from(id).unwrap()).unwrap();
            }
            ToMove::Player(_) => {
                let legal = state.legal_actions();
                assert!(!legal.is_empty());
                let mask = state.legal_actions_mask();
                assert_eq!(
                    mask.len(),
                    usize::try_from(state.num_distinct_actions()).unwrap()
                );
                assert_eq!(mask.iter().filter(|&&m| m).count(), legal.len());
                for &id in &legal {
                    let text = state.id_to_string(id).unwrap();
                    assert_eq!(state.string_to_id(&text).unwrap(), id, "{text}");
                }
                if let Some(illegal) =
                    (0..state.num_distinct_actions()).find(|id| !legal.contains(id))
                {
                    assert!(state.apply(illegal).is_err());
                    assert_eq!(
                        state.state_json(),
                        before.state_json(),
                        "a refused id changes nothing"
                    );
                }
                state.apply(*rng.choose(&legal).unwrap()).unwrap();
            }
        }
    }
    assert_eq!(state.to_move(), ToMove::Over);
    state
}

#[test]
fn every_game_plays_to_the_end_through_ids() {
    for name in game_names() {
        let game = load_game(name).unwrap();
        for seed in 0..3 {
            let state = play_through(game.as_ref(), seed);
            let returns = state.returns().unwrap();
            assert_eq!(returns.len(), game.players());
            assert!(
                (returns.iter().sum::<f64>() - game.utility().sum()).abs() < 1e-9,
                "{name}: {returns:?}"
            );
        }
    }
}

#[test]
fn every_game_plays_to_win_and_shows_its_scoreboard_at_the_end() {
    for name in game_names() {
        let game = load_game(name).unwrap();
        let state = play_through(game.as_ref(), 7);
        assert_eq!(state.objective(), Objective::Win, "{name}");
        let board = state.scoreboard(Viewer::Spectator);
        let board = board.unwrap_or_else(|| panic!("{name}: a scoreboard at the end"));
        assert_eq!(board.totals().len(), game.players(), "{name}");
        // The running score at the end is the final score, except Liar's
        // Dice's, which counts dice.
        if board.unit() != "dice" {
            assert_eq!(board.totals(), state.result().unwrap().scores(), "{name}");
        }
    }
}

#[test]
fn a_saved_state_loads_to_the_same_state() {
    for name in game_names() {
        let game = load_game(name).unwrap();
        let mut state = game.new_initial_state();
        let mut rng = DiceRng::from_seed_u64(3);
        for _ in 0..40 {
            if state.to_move() == ToMove::Over {
                break;
            }
            if state.apply_sampled_chance(&mut rng).is_none() {
                let legal = state.legal_actions();
                state.apply(*rng.choose(&legal).unwrap()).unwrap();
            }
        }
        let saved = state.to_record_json();
        assert!(!saved.contains("\"seed\"") && !saved.contains("\"generator\""));
        let loaded = game.load_state(&saved).unwrap();
        assert_eq!(loaded.state_json(), state.state_json(), "{name}");
        assert_eq!(loaded.history_ids(), state.history_ids(), "{name}");
        for viewer in [Viewer::Seat(0), Viewer::Spectator] {
            assert_eq!(loaded.history_json(viewer), state.history_json(viewer));
        }
    }
}

#[test]
fn game_strings_name_the_bad_parameter() {
    let cases = [
        ("pig(players=3,targte=50)", "unknown field `targte`"),
        (
            "pig(players=three)",
            "parameter `players`: invalid type: string \"three\"",
        ),
        ("pig(players=9)", "pig: Pig is for 2 to 8 players, not 9"),
        ("chess", "no game is called \"chess\"; the games are "),
        ("pig(players=", "between ( and )"),
    ];
    for (text, needle) in cases {
        let err = load_game(text).unwrap_err().to_string();
        assert!(err.contains(needle), "{text}: {err}");
    }
    assert!(matches!(
        load_game("pig(players=9)"),
        Err(LoadError::Config { game: "pig", .. })
    ));
}

#[test]
fn random_games_in_a_batch_match_the_count() {
    for name in game_names() {
        let game = load_game(name).unwrap();
        let batch = game.play_random_games(10, 5, 1_000_000);
        assert_eq!(batch.finished, 5, "{name}");
        assert_eq!(batch.returns.len(), 5);
        assert!(batch.steps > 5);
        // The same seeds play the same games.
        assert_eq!(game.play_random_games(10, 5, 1_000_000), batch);
    }
}

#[test]
fn armadora_loads_by_name_with_its_options() {
    let game = load_game("armadora(players=3,advanced=true)").unwrap();
    assert_eq!(game.players(), 3);
    assert_eq!(game.num_distinct_actions(), 656);
    assert_eq!(game.observation_len(), 642 + 50 * 3);
    let teams =
        load_game("armadora(players=4,teams=false,factions=[mage,elf,orc,goblin])").unwrap();
    assert!(
        teams.config_json().contains("\"teams\":false"),
        "{}",
        teams.config_json()
    );
    let cases = [
        (
            "armadora(players=3,advnced=true)",
            "unknown field `advnced`",
        ),
        (
            "armadora(players=5)",
            "ARM-5: Armadöra is for 2 to 4 players, not 5",
        ),
        (
            "armadora(players=3,teams=true)",
            "ARM-13: teams are for four players",
        ),
        (
            "armadora(factions=[orc,orc])",
            "ARM-4: faction orc is listed twice",
        ),
    ];
    for (text, needle) in cases {
        let err = load_game(text).unwrap_err().to_string();
        assert!(err.contains(needle), "{text}: {err}");
    }
}

#[test]
fn era_loads_by_name_at_the_current_rules_revision() {
    let game = load_game("era(players=3)").unwrap();
    assert_eq!(game.players(), 3);
    assert!(
        game.config_json().contains("\"revision\":4"),
        "{}",
        game.config_json()
    );
    // An old record's revision, given on purpose, is still refused by name.
    let err = load_game("era(players=3,revision=1)").unwrap_err();
    assert!(err.to_string().contains("revision 1"), "{err}");
    // Revision 3, given on purpose, is read with its Market (ERA-24, D3).
    let game = load_game("era(players=3,revision=3)").unwrap();
    let config = game.config_json();
    assert!(config.contains("\"revision\":4"), "{config}");
    assert!(config.contains("\"empty_cells\":\"domain\""), "{config}");
    let err = load_game("era(players=5)").unwrap_err();
    assert!(err.to_string().contains("ERA-3"), "{err}");
}

#[test]
fn liars_dice_loads_by_openspiels_names_with_zero_sum_returns() {
    let game = load_game("liars_dice(players=2,numdice=1)").unwrap();
    assert_eq!(game.name(), "liars-dice");
    assert_eq!(game.title(), "Liar's Dice");
    assert_eq!(game.num_distinct_actions(), 13);
    assert_eq!(game.max_chance_outcomes(), 6);
    assert!(!game.perfect_information());
    let info = game.info();
    assert_eq!((info.min_players, info.max_players), (2, 2));
    assert_eq!(info.returns.kind, "zero_sum");
    assert_eq!(info.bots[0].name, "odds");
    // OpenSpiel's "3 5 1-4 Liar": the bid fails, seat 1 wins.
    let mut state = game.new_initial_state();
    for id in [2, 4, 3, 12] {
        state.apply(id).unwrap();
    }
    assert_eq!(state.returns().unwrap(), [-1.0, 1.0]);
    assert!(load_game("liars-dice(players=3)").is_err());
}
