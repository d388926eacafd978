//! `AnyState::resample_hidden` redraws the past with the present: the
//! seat it is drawn for is told the same history and shown the same view,
//! while what it never saw is drawn afresh. This is what OpenSpiel's
//! `ResampleFromInfostate` promises, and what its `ISMCTSBot` checks.
#![allow(
    clippy::unwrap_used,
    reason = "test helpers: a failure is a test failure"
)]

use super::common;

use common::advance;
use tabletop_engines::dice_core::{DiceRng, Viewer};
use tabletop_engines::load_game;

/// For random states of `name` and each seat and the spectator: the
/// resampled state tells that viewer the same history, shows it the same
/// view and offers it the same moves; returns how many resampled states
/// differ from their original in what the records hold.
fn resampled_histories_match(name: &str, games: u64, steps: &[usize]) -> usize {
    let game = load_game(name).unwrap();
    let mut drawn_afresh = 0_usize;
    for seed in 0..games {
        let mut rng = DiceRng::from_seed_u64(seed);
        let mut state = game.new_initial_state();
        let mut played = 0;
        for &at in steps {
            advance(state.as_mut(), at.saturating_sub(played), &mut rng);
            played = at;
            let viewers = (0..game.players())
                .map(Viewer::Seat)
                .chain([Viewer::Spectator]);
            for viewer in viewers {
                let twin = state.resample_hidden(viewer, &mut rng);
                let at = format!("{name}, seed {seed}, step {at}, {viewer:?}");
                assert_eq!(
                    twin.history_json(viewer),
                    state.history_json(viewer),
                    "{at}"
                );
                assert_eq!(twin.view_json(viewer), state.view_json(viewer), "{at}");
                assert_eq!(twin.legal_for(viewer), state.legal_for(viewer), "{at}");
                assert_eq!(twin.entry_count(), state.entry_count(), "{at}");
                if twin.to_record_json() != state.to_record_json() {
                    drawn_afresh = drawn_afresh.saturating_add(1);
                }
            }
        }
    }
    drawn_afresh
}

const STEPS: [usize; 6] = [1, 10, 40, 90, 160, 300];

#[test]
fn arm_14_a_resampled_armadora_tells_the_seat_the_same_history() {
    assert!(resampled_histories_match("armadora(players=2)", 12, &STEPS) > 0);
    assert!(resampled_histories_match("armadora(players=3,advanced=true)", 8, &STEPS) > 0);
    assert!(
        resampled_histories_match(
            "armadora(players=4,advanced=true,peek_own=false)",
            4,
            &STEPS
        ) > 0
    );
}

#[test]
fn era_5_era_12_a_resampled_era_tells_the_seat_the_same_history() {
    assert!(resampled_histories_match("era(players=2)", 8, &STEPS) > 0);
    assert!(resampled_histories_match("era(players=3)", 4, &STEPS) > 0);
}

#[test]
fn ld_3_a_resampled_liars_dice_tells_the_seat_the_same_history() {
    let steps = [1, 2, 5, 10, 12, 14];
    assert!(resampled_histories_match("liars-dice(players=2,numdice=1)", 12, &steps) > 0);
    assert!(resampled_histories_match("liars-dice(players=2,numdice=5)", 8, &steps) > 0);
}

#[test]
fn a_resampled_game_without_secrets_is_the_same_game() {
    for name in ["pig(players=3)", "age-of-war(players=3)"] {
        assert_eq!(resampled_histories_match(name, 4, &STEPS), 0, "{name}");
    }
}

#[test]
fn a_restarted_state_keeps_the_position_and_starts_an_empty_log() {
    for name in [
        "armadora(players=2)",
        "liars-dice(players=2,numdice=2)",
        "pig",
    ] {
        let game = load_game(name).unwrap();
        let mut state = game.new_initial_state();
        advance(state.as_mut(), 4, &mut DiceRng::from_seed_u64(5));
        assert!(state.entry_count() > 0, "{name}");
        let restarted = state.restart_here();
        assert_eq!(restarted.entry_count(), 0, "{name}");
        assert_eq!(restarted.state_json(), state.state_json(), "{name}");
        for viewer in (0..game.players()).map(Viewer::Seat) {
            assert_eq!(
                restarted.view_json(viewer),
                state.view_json(viewer),
                "{name}"
            );
            assert_eq!(
                restarted.legal_for(viewer),
                state.legal_for(viewer),
                "{name}"
            );
        }
    }
}
