//! `AnyState::tell`: what each viewer is told after a step, built from a
//! mark taken before it, is exactly the update `update_json` gives from the
//! same entry, for every game, viewer and step of random games; and a mark
//! that is not this state's is told from its entry count.
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    reason = "test helpers: a failure is a test failure"
)]

use serde_json::Value;
use tabletop_engines::dice_core::{DiceRng, ToMove, Viewer};
use tabletop_engines::{AnyState, game_names, load_game};

fn as_value(text: &str) -> Value {
    serde_json::from_str(text).unwrap()
}

/// One random step: a seat's random legal action, then every chance
/// outcome it leads to, as a server applies them.
fn step(state: &mut dyn AnyState, rng: &mut DiceRng) {
    if let ToMove::Player(_) = state.to_move() {
        let legal = state.legal_actions();
        state.apply(legal[rng.index(legal.len()).unwrap()]).unwrap();
    }
    while state.to_move() == ToMove::Chance {
        state.apply_sampled_chance(rng).unwrap();
    }
}

#[test]
fn a_step_told_from_its_mark_is_the_update_from_its_first_entry() {
    for name in game_names() {
        let game = load_game(name).unwrap();
        for seed in 0..6 {
            let mut rng = DiceRng::from_seed_u64(seed);
            let mut state = game.new_initial_state();
            let mut steps = 0;
            while state.to_move() != ToMove::Over && steps < 400 {
                let mark = state.mark();
                let before = state.clone();
                step(&mut *state, &mut rng);
                for viewer in Viewer::every(state.players()) {
                    let told = state.tell(&mark, viewer);
                    let expected = as_value(&state.update_json(viewer, mark.at()));
                    assert_eq!(serde_json::to_value(&told).unwrap(), expected, "{name}");
                    assert_eq!(told.from(), mark.at());
                    // One narration per entry told.
                    let entries: Vec<Value> = serde_json::from_str(told.entries().get()).unwrap();
                    assert_eq!(told.narration().len(), entries.len(), "{name}");
                    assert_eq!(told.to(), state.entry_count());
                    // The mark's view is the one the viewer held before.
                    assert_eq!(mark.view_value(viewer), as_value(&before.view_json(viewer)));
                    assert_eq!(mark.view_text(viewer).get(), before.view_json(viewer));
                    // The view told is the one the viewer holds now, as
                    // that text is written.
                    assert_eq!(told.view().get(), state.view_json(viewer), "{name}");
                }
                steps += 1;
            }
        }
    }
}

#[test]
fn tell_since_any_entry_is_update_json_from_it() {
    for name in game_names() {
        let game = load_game(name).unwrap();
        let mut rng = DiceRng::from_seed_u64(9);
        let mut state = game.new_initial_state();
        for _ in 0..30 {
            if state.to_move() == ToMove::Over {
                break;
            }
            step(&mut *state, &mut rng);
        }
        let count = state.entry_count();
        for since in [0, count / 2, count, count + 5] {
            for viewer in Viewer::every(state.players()) {
                let told = serde_json::to_value(state.tell_since(since, viewer)).unwrap();
                assert_eq!(told, as_value(&state.update_json(viewer, since)), "{name}");
            }
        }
    }
}

#[test]
fn a_mark_of_another_game_or_a_later_position_is_told_from_its_entry_count() {
    let pig = load_game("pig").unwrap();
    let armadora = load_game("armadora").unwrap();
    let mut rng = DiceRng::from_seed_u64(3);
    let mut state = armadora.new_initial_state();
    for _ in 0..4 {
        step(&mut *state, &mut rng);
    }
    let foreign = pig.new_initial_state().mark();
    let later = state.mark();
    let mut earlier = armadora.new_initial_state();
    step(&mut *earlier, &mut rng);
    for viewer in Viewer::every(2) {
        let expected = as_value(&state.update_json(viewer, 0));
        assert_eq!(
            serde_json::to_value(state.tell(&foreign, viewer)).unwrap(),
            expected
        );
        let now = as_value(&earlier.update_json(viewer, later.at()));
        assert_eq!(
            serde_json::to_value(earlier.tell(&later, viewer)).unwrap(),
            now
        );
    }
}

#[test]
fn arm_14_a_warrior_is_narrated_with_its_value_to_its_owner_alone() {
    let game = load_game("armadora(players=2)").unwrap();
    let mut rng = DiceRng::from_seed_u64(1);
    let mut state = game.new_initial_state();
    step(&mut *state, &mut rng);
    let ToMove::Player(seat) = state.to_move() else {
        panic!("a seat is to move after the setup")
    };
    let warrior = state.string_to_id("warrior c3 1").unwrap();
    let mark = state.mark();
    state.apply(warrior).unwrap();
    let own = state.tell(&mark, Viewer::Seat(seat));
    let other = state.tell(&mark, Viewer::Seat(1 - seat));
    let spectator = state.tell(&mark, Viewer::Spectator);
    assert_eq!(
        own.narration(),
        [format!(
            "player {seat}: places a warrior of value 1 face down on c3"
        )]
    );
    for told in [&other, &spectator] {
        assert_eq!(
            told.narration(),
            [format!("player {seat}: places a warrior face down on c3")]
        );
    }
}

#[test]
fn a_step_told_with_some_texts_writes_those_alone_and_is_otherwise_the_same() {
    for name in game_names() {
        let game = load_game(name).unwrap();
        let mut rng = DiceRng::from_seed_u64(3);
        let mut state = game.new_initial_state();
        let mut offered = 0;
        for _ in 0..200 {
            if state.to_move() == ToMove::Over {
                break;
            }
            let mark = state.mark();
            step(&mut *state, &mut rng);
            for viewer in Viewer::every(state.players()) {
                let all = state.tell(&mark, viewer);
                let even = state.tell_texts(&mark, viewer, &|id| id % 2 == 0);
                let ids = |t: &tabletop_engines::Told| -> Vec<u32> {
                    t.legal()
                        .iter()
                        .map(tabletop_engines::dice_core::LegalAction::id)
                        .collect()
                };
                assert_eq!(ids(&even), ids(&all), "{name}");
                for (a, e) in all.legal().iter().zip(even.legal()) {
                    let text = if a.id() % 2 == 0 { a.text() } else { "" };
                    assert_eq!(e.text(), text, "{name}");
                    assert!(!a.text().is_empty(), "{name}");
                }
                offered += all.legal().len();
                assert_eq!(even.view().get(), all.view().get(), "{name}");
                assert_eq!(even.entries().get(), all.entries().get(), "{name}");
                // No text wanted, none written.
                let none = state.tell_texts(&state.mark(), viewer, &|_| false);
                assert!(none.legal().iter().all(|a| a.text().is_empty()), "{name}");
            }
        }
        assert!(offered > 0, "{name}");
    }
}
