//! Observation tensors: the size each table promises, the layout the docs
//! list, a position encoded by hand, and no tensor that depends on who
//! looks (nothing in Age of War is hidden).

use super::common;

use age_of_war_rules::dice_core::observation::{ObservationTensor, observation, observation_len};
use age_of_war_rules::dice_core::testkit::check_observations;
use age_of_war_rules::prelude::*;
use serde_json::json;

#[test]
fn aow_4_tensors_have_the_promised_length_and_hide_nothing_at_every_table_size() {
    for players in 2..=6 {
        let config = AgeOfWarConfig::new(players);
        let checked = check_observations::<AgeOfWar>(&config, 0..4, 1_500);
        assert!(checked > 4 * 1_000, "{players} players: {checked} tensors");
        assert_eq!(observation_len::<AgeOfWar>(&config), 16 * players + 60);
    }
}

#[test]
fn every_viewer_gets_the_same_tensor_with_numbers_in_0_to_1() {
    for players in [2, 5] {
        common::random_game(common::new_game(players), 3, |state| {
            let seat0 = observation(state, Viewer::Seat(0));
            assert!(seat0.iter().all(|x| (0.0..=1.0).contains(x)), "{state}");
            for viewer in (1..players).map(Viewer::Seat).chain([Viewer::Spectator]) {
                assert_eq!(observation(state, viewer), seat0);
            }
        });
    }
}

#[test]
fn the_layout_lists_the_documented_blocks() {
    let blocks = |players: usize| -> Vec<(&'static str, usize)> {
        AgeOfWar::observation_layout(&AgeOfWarConfig::new(players))
            .iter()
            .map(|block| (block.name(), block.len()))
            .collect()
    };
    assert_eq!(
        blocks(2),
        [
            ("castles", 42),
            ("face_down", 14),
            ("scores", 2),
            ("to_move", 2),
            ("phase", 4),
            ("target", 14),
            ("filled", 5),
            ("dice", 3),
            ("roll", 6),
        ]
    );
    assert_eq!(blocks(6).first(), Some(&("castles", 14 * 7)));
    assert_eq!(blocks(6).get(2), Some(&("scores", 6)));
    for players in 2..=6 {
        let total: usize = blocks(players).iter().map(|(_, len)| len).sum();
        assert_eq!(total, 16 * players + 60);
    }
}

/// `len` numbers, 0 but for `set` (index, value).
fn block(len: usize, set: &[(usize, f32)]) -> Vec<f32> {
    (0..len)
        .map(|i| set.iter().find(|(at, _)| *at == i).map_or(0.0, |(_, v)| *v))
        .collect()
}

#[test]
fn aow_11_a_position_encoded_by_hand() {
    // Three players. Seat 1 took Kumamoto (Shimazu, face down) and seat 2
    // holds Edo. Seat 0 attacks Gassantoda: `8 inf` filled with three dice,
    // one die lost, and the three left show 2, C, D.
    let mut table = vec![json!("centre"); 14];
    table[Castle::Kumamoto.index()] = json!({"player": 1});
    table[Castle::Edo.index()] = json!({"player": 2});
    let state: AgeOfWar = serde_json::from_value(json!({
        "config": {"players": 3}, "table": table, "current": 0, "phase": "choosing",
        "target": "gassantoda", "filled": [2], "placed": 3, "lost": 1,
        "roll": ["infantry2", "cavalry", "daimyo"],
    }))
    .unwrap();

    let mut expected = Vec::new();
    for castle in Castle::ALL {
        expected.extend(match castle {
            Castle::Edo => [0.0, 0.0, 0.0, 1.0],
            Castle::Kumamoto => [0.0, 0.0, 1.0, 0.0],
            _ => [1.0, 0.0, 0.0, 0.0],
        });
    }
    expected.extend(block(14, &[(13, 1.0)])); // face_down: Kumamoto
    expected.extend([0.0, 3.0 / 38.0, 3.0 / 38.0]); // scores
    expected.extend([1.0, 0.0, 0.0]); // to_move: seat 0
    expected.extend([0.0, 0.0, 1.0, 0.0]); // phase: choosing
    expected.extend(block(14, &[(9, 1.0)])); // target: Gassantoda
    expected.extend([0.0, 0.0, 1.0, 0.0, 0.0]); // filled: line 2
    expected.extend([3.0 / 7.0, 3.0 / 7.0, 1.0 / 7.0]); // in hand, placed, lost
    expected.extend([0.0, 1.0 / 7.0, 0.0, 0.0, 1.0 / 7.0, 1.0 / 7.0]); // roll
    assert_eq!(expected.len(), 108);
    assert_eq!(observation(&state, Viewer::Seat(2)), expected);

    // Filling `D` conquers Gassantoda: the turn passes to seat 1, whose
    // dice roll next; the turn blocks are empty again.
    let after = state
        .after(Action::Fill {
            castle: Castle::Gassantoda,
            line: 1,
        })
        .unwrap();
    let tensor = observation(&after, Viewer::Spectator);
    let gassantoda = Castle::Gassantoda.index() * 4;
    assert_eq!(tensor[gassantoda..gassantoda + 4], [0.0, 1.0, 0.0, 0.0]);
    let scores = 56 + 14;
    assert_eq!(
        tensor[scores..scores + 3],
        [2.0 / 38.0, 3.0 / 38.0, 3.0 / 38.0]
    );
    assert_eq!(
        tensor[scores + 3..scores + 10],
        [0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0]
    );
    assert_eq!(tensor[scores + 10..scores + 24], [0.0; 14]);
    assert_eq!(
        tensor[scores + 24..],
        [
            0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0
        ]
    );
}

#[test]
fn aow_4_before_the_draw_and_at_the_end_no_seat_is_to_move() {
    let fresh = common::new_game(2);
    let tensor = observation(&fresh, Viewer::Seat(0));
    // scores, to_move, phase after the 42 + 14 table numbers.
    assert_eq!(tensor[56..64], [0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0]);
    let end = common::random_game(common::new_game(2), 1, |_| {});
    assert_eq!(end.to_move(), ToMove::Over);
    let tensor = observation(&end, Viewer::Seat(0));
    assert_eq!(tensor[58..64], [0.0, 0.0, 0.0, 0.0, 0.0, 1.0]);
}
