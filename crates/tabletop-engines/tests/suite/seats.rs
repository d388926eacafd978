//! What a server needs of every game through the one door: moves checked
//! by seat with refusals that leak nothing, per-viewer updates, bots by
//! name.
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    reason = "test helpers: a failure is a test failure"
)]

use super::common;

use common::advance;
use serde_json::Value;
use tabletop_engines::dice_core::{DiceRng, ToMove, Viewer};
use tabletop_engines::{
    AnyGame, AnyState, LoadError, StepError, game_names, load_game, load_game_json,
};

/// Tables beyond every game's default: other sizes and options.
const VARIANTS: [&str; 5] = [
    "liars-dice(players=2,numdice=2)",
    "pig(players=3)",
    "age-of-war(players=3)",
    "armadora(players=4,advanced=true)",
    "era(players=3)",
];

/// Every game of the registry at its default table, then the variants
/// of the games registered: a new game is checked with no edit here.
fn games() -> Vec<String> {
    let mut games: Vec<String> = game_names().into_iter().map(String::from).collect();
    let registered = VARIANTS.iter().filter(|text| load_game(text).is_ok());
    games.extend(registered.map(|&text| text.to_owned()));
    games
}

/// `name`'s game and a state `steps` random steps in from `seed`, with the
/// generator that drew them.
fn played(name: &str, seed: u64, steps: usize) -> (Box<dyn AnyGame>, Box<dyn AnyState>, DiceRng) {
    let game = load_game(name).unwrap();
    let mut state = game.new_initial_state();
    let mut rng = DiceRng::from_seed_u64(seed);
    advance(state.as_mut(), steps, &mut rng);
    (game, state, rng)
}

fn answer(state: &dyn AnyState, seat: usize, id: u32) -> String {
    match state.check_as(seat, id) {
        Ok(()) => "accepted".to_owned(),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_move_from_a_seat_not_to_move_is_refused_and_changes_nothing() {
    for name in &games() {
        let (game, mut state, mut rng) = played(name, 1, 30);
        while state.to_move() == ToMove::Chance {
            state.apply_sampled_chance(&mut rng);
        }
        let ToMove::Player(mover) = state.to_move() else {
            continue;
        };
        let other = (mover + 1) % game.players();
        let id = state.legal_for(Viewer::Seat(mover))[0].0;
        let before = state.state_json();
        let err = state.apply_as(other, id).unwrap_err();
        assert_eq!(
            err,
            StepError::NotYourTurn {
                seat: other,
                to_move: ToMove::Player(mover)
            },
            "{name}"
        );
        assert_eq!(
            err.to_string(),
            format!("seat {other} may not act now: player {mover} is to move")
        );
        assert_eq!(state.state_json(), before, "{name}");
        assert!(state.legal_for(Viewer::Seat(other)).is_empty());
        state.apply_as(mover, id).unwrap();
    }
}

#[test]
fn refusals_are_the_same_in_twins_a_seat_cannot_tell_apart() {
    for name in &games() {
        let game = load_game(name).unwrap();
        let mut compared = 0;
        for seed in 0..6 {
            let mut state = game.new_initial_state();
            let mut rng = DiceRng::from_seed_u64(seed);
            for _ in 0..8 {
                advance(state.as_mut(), 7, &mut rng);
                for seat in 0..game.players() {
                    let twin = state.resample_hidden(Viewer::Seat(seat), &mut rng);
                    for id in 0..game.num_distinct_actions() {
                        assert_eq!(
                            answer(state.as_ref(), seat, id),
                            answer(twin.as_ref(), seat, id),
                            "{name}, seed {seed}, seat {seat}, id {id}"
                        );
                        compared += 1;
                    }
                    // Compare what an update says of now (the twins' logs
                    // differ in what the seat never saw).
                    let now = |s: &dyn AnyState, since| {
                        let mut u: Value =
                            serde_json::from_str(&s.update_json(Viewer::Seat(seat), since))
                                .unwrap();
                        u.as_object_mut()
                            .unwrap()
                            .retain(|k, _| k != "from" && k != "to");
                        u.to_string()
                    };
                    assert_eq!(
                        now(state.as_ref(), state.entry_count()),
                        now(twin.as_ref(), twin.entry_count()),
                        "{name}: seat {seat}'s view or legal moves differ between twins"
                    );
                }
            }
        }
        // Every seed, every seat, at least two action ids each.
        assert!(compared >= 12 * game.players(), "{name}: {compared}");
    }
}

#[test]
fn updates_tell_each_viewer_its_entries_view_and_moves() {
    for name in &games() {
        let (game, state, _) = played(name, 3, 25);
        let count = state.entry_count();
        // A short game (Liar's Dice) may end before 25 entries.
        let from = count.saturating_sub(5).min(20);
        for viewer in (0..game.players())
            .map(Viewer::Seat)
            .chain([Viewer::Spectator])
        {
            let update: Value = serde_json::from_str(&state.update_json(viewer, from)).unwrap();
            assert_eq!(update["from"], from, "{name}");
            assert_eq!(update["to"], count, "{name}");
            assert_eq!(update["entries"].as_array().unwrap().len(), count - from);
            let history: Value = serde_json::from_str(&state.history_json(viewer)).unwrap();
            assert_eq!(
                update["entries"].as_array().unwrap()[..],
                history["log"].as_array().unwrap()[from..],
                "{name}: an update's entries are the history's"
            );
            assert_eq!(
                update["view"],
                serde_json::from_str::<Value>(&state.view_json(viewer)).unwrap()
            );
            let legal = update["legal"].as_array().unwrap();
            assert_eq!(legal.len(), state.legal_for(viewer).len());
            let mover = matches!(state.to_move(), ToMove::Player(p) if viewer == Viewer::Seat(p));
            assert_eq!(!legal.is_empty(), mover, "{name}: {viewer:?}");
            let text = update.to_string();
            assert!(!text.contains("\"seed\"") && !text.contains("generator"));
        }
    }
}

#[test]
fn every_bot_of_every_game_plays_a_game_to_the_end_from_its_view() {
    for name in tabletop_engines::game_names() {
        let game = load_game(name).unwrap();
        assert!(game.min_players() <= game.players() && game.players() <= game.max_players());
        for bot in game.bot_names() {
            let mut bots: Vec<_> = (0..game.players())
                .map(|_| game.new_bot(bot, Some(5)).unwrap())
                .collect();
            let mut state = game.new_initial_state();
            let mut chance = DiceRng::from_seed_u64(4);
            for _ in 0..100_000 {
                match state.to_move() {
                    ToMove::Over => break,
                    ToMove::Chance => {
                        state.apply_sampled_chance(&mut chance).unwrap();
                    }
                    ToMove::Player(seat) => {
                        let step = u64::try_from(state.entry_count()).unwrap();
                        let mut rng = chance.decision_rng(step);
                        let id = bots[seat].choose(state.as_ref(), seat, &mut rng).unwrap();
                        // Not this bot's turn: no answer.
                        let other = (seat + 1) % game.players();
                        assert_eq!(bots[other].choose(state.as_ref(), other, &mut rng), None);
                        state.apply_as(seat, id).unwrap();
                    }
                }
            }
            assert!(state.result().is_some(), "{name}: {bot} did not finish");
        }
        assert!(matches!(
            game.new_bot("oracle", None),
            Err(LoadError::UnknownBot { .. })
        ));
    }
}

#[test]
fn every_game_offers_levels_by_name_and_each_seats_its_declared_bot() {
    for info in tabletop_engines::catalogue() {
        let game = load_game(info.name).unwrap();
        // A game declares its levels once its ladder has rated its bots;
        // until then the pages offer its bots by name. One level alone
        // would be no choice.
        assert!(
            info.levels.is_empty() || info.levels.len() >= 2,
            "{}: {:?}",
            info.name,
            info.levels
        );
        assert_eq!(
            game.level_names(),
            info.levels.iter().map(|l| l.name).collect::<Vec<_>>()
        );
        for level in &info.levels {
            assert!(
                ["beginner", "casual", "strong", "strongest"].contains(&level.name),
                "{}: a level the pages cannot name: {}",
                info.name,
                level.name
            );
            let bot = game
                .new_bot(&format!("level:{}", level.name), None)
                .unwrap();
            assert_eq!(bot.name(), level.bot, "{}", info.name);
        }
        let err = game.new_bot("level:grandmaster", None).unwrap_err();
        assert!(err.to_string().contains("level:"), "{err}");
    }
}

#[test]
fn a_config_with_a_parameter_given_twice_is_refused() {
    let err = load_game_json("pig", r#"{"players": 2, "players": 3}"#).unwrap_err();
    assert!(
        err.to_string().contains("`players` is given twice"),
        "{err}"
    );
    let game: Box<dyn AnyGame> = load_game_json("pig", r#"{"players": 3}"#).unwrap();
    assert_eq!(game.players(), 3);
}
