//! Observation tensors: the length each config promises, the layout the
//! docs list, a position encoded by hand, and tensors blind to what their
//! viewer may not see (ARM-14).
#![allow(
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    clippy::unwrap_used,
    clippy::float_cmp,
    reason = "expected tensors are built by hand: a wrong index is a broken \
              test, reported by panicking as an assertion does; every entry is an exact \
              quotient of small integers, so the comparisons are exact"
)]

use super::common;

use armadora_rules::dice_core::observation::{ObservationTensor, observation, observation_len};
use armadora_rules::dice_core::testkit::{
    self, block, check_observation_range, check_observations, layout_lengths, observed_blocks,
};
use armadora_rules::prelude::*;
use common::{GOLD, palisade, play, started, warrior};

/// Every table setup: sizes, teams or not, base or advanced, peeking or
/// not.
fn configs() -> Vec<ArmadoraConfig> {
    let mut all = Vec::new();
    for advanced in [false, true] {
        for config in [
            ArmadoraConfig::new(2),
            ArmadoraConfig::new(3),
            ArmadoraConfig::new(4),
            ArmadoraConfig::new(4).free_for_all(),
            ArmadoraConfig::new(2).peek_own(false),
            ArmadoraConfig::new(3).peek_own(false),
        ] {
            all.push(config.advanced(advanced));
        }
    }
    all
}

/// The documented length: `482 + 44 n` numbers in the base game, `642 +
/// 50 n` in the advanced one.
fn promised_len(config: &ArmadoraConfig) -> usize {
    let n = config.players();
    if config.is_advanced() {
        642 + 50 * n
    } else {
        482 + 44 * n
    }
}

#[test]
fn arm_14_tensors_have_the_promised_length_and_hide_what_their_viewer_may_not_see() {
    for config in configs() {
        let checked = check_observations::<Armadora>(&config, 0..6, 400);
        assert!(checked > 6 * 100, "{config:?}: {checked} tensors");
        assert_eq!(
            observation_len::<Armadora>(&config),
            promised_len(&config),
            "{config:?}"
        );
    }
}

#[test]
fn every_number_is_in_0_to_1_for_every_viewer() {
    let steps = [0, 1, 2, 15, 40, 90, 10_000];
    for config in configs() {
        let checked = check_observation_range::<Armadora>(&config, 0..4, &steps, 0.0..=1.0);
        assert!(checked >= steps.len() * 3, "{config:?}");
    }
}

#[test]
fn the_layout_lists_the_documented_blocks() {
    assert_eq!(
        layout_lengths::<Armadora>(&ArmadoraConfig::new(2)),
        [
            ("viewer", 2),
            ("to_move", 2),
            ("phase", 4),
            ("turn_step", 3),
            ("rules", 2),
            ("passed", 2),
            ("tiles_left", 2),
            ("own_supply", 5),
            ("palisades_left", 1),
            ("palisades", 67),
            ("gold", 40),
            ("territory_size", 40),
            ("territory_gold", 40),
            ("territory_full", 40),
            ("owner", 80),
            ("value", 200),
            ("hidden", 40),
        ]
    );
    assert_eq!(
        layout_lengths::<Armadora>(&ArmadoraConfig::new(4).advanced(true)),
        [
            ("viewer", 4),
            ("to_move", 4),
            ("phase", 4),
            ("turn_step", 3),
            ("rules", 2),
            ("passed", 4),
            ("tiles_left", 4),
            ("own_supply", 5),
            ("palisades_left", 1),
            ("factions", 16),
            ("power_tokens", 4),
            ("reinforcement", 4),
            ("palisades", 67),
            ("gold", 40),
            ("territory_size", 40),
            ("territory_gold", 40),
            ("territory_full", 40),
            ("owner", 160),
            ("value", 200),
            ("hidden", 40),
            ("face_up", 40),
            ("arrows", 40),
            ("reinforced", 40),
            ("looked", 40),
        ]
    );
    let layouts = configs()
        .iter()
        .flat_map(Armadora::observation_layout)
        .collect::<Vec<_>>();
    assert!(layouts.iter().all(|b| !b.meaning().is_empty()));
}

/// A square plane: 0 but for `set` (square name, number).
fn plane(set: &[(&str, f32)]) -> Vec<f32> {
    let mut plane = vec![0.0; 40];
    for &(name, x) in set {
        plane[common::sq(name).index()] = x;
    }
    plane
}

#[test]
fn arm_3_a_position_encoded_by_hand() {
    // Two players, base game, seat 0 first. Four palisades close a1, b1,
    // a2 and the mine b2 (4 gold) off from the rest; seat 0 puts a 5 on a1
    // and a 2 on a2, seat 1 a 1 on b1: the small territory is full.
    let mut game = started(ArmadoraConfig::new(2), GOLD, 0);
    play(&mut game, 0, palisade("b1e"));
    play(&mut game, 0, palisade("b2e"));
    play(&mut game, 1, palisade("a2s"));
    play(&mut game, 1, palisade("b2s"));
    play(&mut game, 0, warrior("a1", 5));
    play(&mut game, 1, warrior("b1", 1));
    play(&mut game, 0, warrior("a2", 2));

    let small = ["a1", "b1", "a2", "b2"];
    let everywhere = |small_value: f32, large_value: f32| {
        let mut plane = vec![large_value; 40];
        for name in small {
            plane[common::sq(name).index()] = small_value;
        }
        plane
    };
    let gold = plane(&[
        ("d1", 3.0 / 7.0),
        ("b2", 4.0 / 7.0),
        ("f2", 4.0 / 7.0),
        ("h2", 5.0 / 7.0),
        ("a4", 5.0 / 7.0),
        ("e4", 6.0 / 7.0),
        ("c5", 6.0 / 7.0),
        ("g5", 1.0),
    ]);
    let mut palisades = vec![0.0; 67];
    for line in ["b1e", "b2e", "a2s", "b2s"] {
        palisades[common::ln(line).index()] = 1.0;
    }
    // b1e is line 1, b2e line 8, a2s line 35 + 8, b2s line 35 + 9.
    assert_eq!(
        palisades
            .iter()
            .enumerate()
            .filter(|(_, x)| **x == 1.0)
            .map(|(i, _)| i)
            .collect::<Vec<_>>(),
        [1, 8, 43, 44]
    );
    let mut values = vec![0.0; 200];
    // Seat 1 sees its own 1 on b1 (`peek_own`), and no value of seat 0.
    values[common::sq("b1").index()] = 1.0;
    let expected: Vec<(&str, Vec<f32>)> = vec![
        ("viewer", vec![0.0, 1.0]),
        ("to_move", vec![0.0, 1.0]),
        ("phase", vec![0.0, 0.0, 1.0, 0.0]),
        ("turn_step", vec![1.0, 0.0, 0.0]),
        ("rules", vec![0.0, 1.0]),
        ("passed", vec![0.0, 0.0]),
        ("tiles_left", vec![14.0 / 16.0, 15.0 / 16.0]),
        ("own_supply", vec![10.0 / 11.0, 1.0, 1.0, 1.0, 1.0]),
        ("palisades_left", vec![31.0 / 35.0]),
        ("palisades", palisades),
        ("gold", gold.clone()),
        ("territory_size", everywhere(4.0 / 40.0, 36.0 / 40.0)),
        ("territory_gold", everywhere(4.0 / 40.0, 36.0 / 40.0)),
        ("territory_full", everywhere(1.0, 0.0)),
        (
            "owner",
            [plane(&[("a1", 1.0), ("a2", 1.0)]), plane(&[("b1", 1.0)])].concat(),
        ),
        ("value", values),
        ("hidden", plane(&[("a1", 1.0), ("a2", 1.0)])),
    ];
    assert_eq!(observation(&game, Viewer::Seat(1)).len(), 570);
    assert_eq!(observed_blocks(&game, Viewer::Seat(1)), expected);

    // Seat 0 sees its own 5 and 2, and seat 1's 1 hidden.
    let seat0 = observed_blocks(&game, Viewer::Seat(0));
    assert_eq!(block(&seat0, "viewer"), [1.0, 0.0]);
    assert_eq!(block(&seat0, "own_supply"), [1.0, 0.5, 1.0, 1.0, 0.0]);
    let mut values = vec![0.0; 200];
    values[40 * 4 + common::sq("a1").index()] = 1.0;
    values[40 + common::sq("a2").index()] = 1.0;
    assert_eq!(block(&seat0, "value"), values);
    assert_eq!(block(&seat0, "hidden"), plane(&[("b1", 1.0)]));

    // A spectator sees no value and holds no supply.
    let spectator = observed_blocks(&game, Viewer::Spectator);
    assert_eq!(block(&spectator, "viewer"), [0.0, 0.0]);
    assert_eq!(block(&spectator, "own_supply"), [0.0; 5]);
    assert_eq!(block(&spectator, "value"), [0.0; 200]);
    assert_eq!(
        block(&spectator, "hidden"),
        plane(&[("a1", 1.0), ("a2", 1.0), ("b1", 1.0)])
    );

    // Once everyone has passed, every value is public.
    let mut over = game.clone();
    common::all_pass(&mut over);
    let end = observed_blocks(&over, Viewer::Spectator);
    assert_eq!(block(&end, "phase"), [0.0, 0.0, 0.0, 1.0]);
    assert_eq!(block(&end, "to_move"), [0.0, 0.0]);
    assert_eq!(block(&end, "passed"), [1.0, 1.0]);
    assert_eq!(block(&end, "hidden"), [0.0; 40]);
    let mut values = vec![0.0; 200];
    values[40 * 4 + common::sq("a1").index()] = 1.0;
    values[40 + common::sq("a2").index()] = 1.0;
    values[common::sq("b1").index()] = 1.0;
    assert_eq!(block(&end, "value"), values);
}

#[test]
fn arm_6_before_the_deal_the_gold_is_unknown_and_nobody_is_to_move() {
    let config = ArmadoraConfig::new(3).advanced(true);
    let fresh = Armadora::new(&config).unwrap();
    let all = observed_blocks(&fresh, Viewer::Seat(2));
    let block = |name| block(&all, name);
    assert_eq!(block("viewer"), [0.0, 0.0, 1.0]);
    assert_eq!(block("to_move"), [0.0; 3]);
    assert_eq!(block("phase"), [1.0, 0.0, 0.0, 0.0]);
    assert_eq!(block("gold"), [0.0; 40]);
    assert_eq!(block("territory_size"), [1.0; 40]);
    assert_eq!(block("territory_gold"), [0.0; 40]);
    assert_eq!(block("tiles_left"), [1.0; 3]);
    // The three-player set has no 5: that slot stays 0.
    assert_eq!(block("own_supply"), [1.0, 1.0, 1.0, 1.0, 0.0]);
    // Orc, Goblin, Elf: one token, one token, two tokens, all unspent.
    assert_eq!(
        block("factions"),
        [1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0]
    );
    assert_eq!(block("power_tokens"), [0.5, 0.5, 1.0]);
    assert_eq!(block("reinforcement"), [1.0; 3]);
}

#[test]
fn arm_15_arrows_face_up_warriors_reinforcements_and_looks_are_encoded() {
    // The Elf (seat 0) against the Mage (seat 1).
    let mut game = common::advanced([Faction::Elf, Faction::Mage]);
    play(&mut game, 0, warrior("d3", 4));
    play(&mut game, 1, warrior("e3", 3));
    play(&mut game, 0, Action::Power(Power::Elf(common::sq("e3"))));
    play(&mut game, 0, warrior("a1", 1));
    play(&mut game, 1, Action::Power(Power::Mage(common::sq("d3"))));
    play(&mut game, 1, Action::Pass);
    let all = observed_blocks(&game, Viewer::Seat(1));
    let block = |name| block(&all, name);
    assert_eq!(block("arrows"), plane(&[("e3", 0.5)]));
    assert_eq!(block("looked"), plane(&[("d3", 1.0)]));
    assert_eq!(block("face_up"), [0.0; 40]);
    assert_eq!(block("reinforced"), [0.0; 40]);
    assert_eq!(block("power_tokens"), [0.5, 0.5]);
    // The Mage sees the 4 it looked at, not the Elf's 1 on a1.
    assert_eq!(block("hidden"), plane(&[("a1", 1.0)]));
    assert_eq!(block("value")[40 * 3 + common::sq("d3").index()], 1.0);
    assert_eq!(block("passed"), [0.0, 1.0]);
    // The Elf is told where the Mage looked, and sees its own 4 there
    // anyway; the Mage's 3 stays hidden from it.
    let elf = observed_blocks(&game, Viewer::Seat(0));
    let elf_block = |name| testkit::block(&elf, name);
    assert_eq!(elf_block("looked"), plane(&[("d3", 1.0)]));
    assert_eq!(elf_block("hidden"), plane(&[("e3", 1.0)]));
}
