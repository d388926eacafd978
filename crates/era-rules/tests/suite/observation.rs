//! Observation tensors: the length each config promises, the layout the
//! docs list, a position encoded by hand, and tensors blind to what their
//! viewer may not see (ERA-5, ERA-12).
#![allow(
    clippy::float_cmp,
    reason = "each expected number is an exact quotient of small integers that \
              compares exactly"
)]

use super::common;

use common::{laid_out_with, roll, start};
use era_rules::dice_core::observation::{ObservationTensor, observation_len};
use era_rules::dice_core::testkit::{
    block, check_observation_range, check_observations, layout_lengths, observed_blocks,
};
use era_rules::prelude::*;
use era_rules::ruleset::{ByPlayers, RulesetSpec};

/// The default ruleset with another domain side.
fn domain_of(side: i64) -> Ruleset {
    let mut spec = RulesetSpec::default();
    spec.domain_size = side;
    Ruleset::new(spec).unwrap()
}

/// Every table size on the default ruleset, and corrected rulesets on a
/// smaller and a larger domain.
fn configs() -> Vec<EraConfig> {
    vec![
        EraConfig::new(2),
        EraConfig::new(3),
        EraConfig::new(4),
        EraConfig::with_ruleset(2, domain_of(7)),
        EraConfig::with_ruleset(4, domain_of(11)),
    ]
}

/// The documented length: `60 + n (139 + 15 s²)` for `n` seats on a
/// domain of side `s`.
fn promised_len(config: &EraConfig) -> usize {
    let side = usize::from(config.ruleset().domain_size());
    59 + config.players() * (139 + 15 * side * side)
}

/// A config in a message: its table and its domain, not the whole ruleset.
fn name(config: &EraConfig) -> String {
    let side = config.ruleset().domain_size();
    format!("{} players on {side} × {side}", config.players())
}

#[test]
fn era_12_tensors_have_the_promised_length_and_hide_what_their_viewer_may_not_see() {
    for config in configs() {
        let checked = check_observations::<Era>(&config, 0..3, 400);
        assert!(checked > 3 * 400, "{}: {checked} tensors", name(&config));
        assert_eq!(
            observation_len::<Era>(&config),
            promised_len(&config),
            "{}",
            name(&config)
        );
    }
    let lengths: Vec<usize> = (2..=4)
        .map(|n| observation_len::<Era>(&EraConfig::new(n)))
        .collect();
    assert_eq!(lengths, [2767, 4121, 5475]);
}

#[test]
fn every_number_is_in_0_to_1_for_every_viewer() {
    let steps = [0, 1, 10, 40, 150, 400, 20_000];
    for config in configs() {
        let checked = check_observation_range::<Era>(&config, 0..3, &steps, 0.0..=1.0);
        assert!(checked >= steps.len() * 3, "{}", name(&config));
    }
}

#[test]
fn the_layout_lists_the_documented_blocks() {
    let blocks = |n: usize, cells: usize| {
        vec![
            ("viewer", n),
            ("to_move", n),
            ("step", 10),
            ("turn_of", n),
            ("start_player", n),
            ("round", 1),
            ("tracking_tokens", 1),
            ("hammers", 1),
            ("chosen", 21),
            ("extort_victim", n),
            ("demand", 4),
            ("building_supply", 12),
            ("wall_supply", 8),
            ("scorched_supply", 1),
            ("resources", 4 * n),
            ("culture", 2 * n),
            ("disaster", 2 * n),
            ("dice_owned", 4 * n),
            ("dice_in_hand", 4 * n),
            ("rolls", n),
            ("dice_hidden", n),
            ("showing", 4 * n),
            ("set_aside_count", 4 * n),
            ("fixed_count", 4 * n),
            ("faces", 24 * n),
            ("set_aside", 24 * n),
            ("fixed", 24 * n),
            ("choices", 24 * n),
            ("feathers", 6 * n),
            ("laid_out", n),
            ("layout_hidden", n),
            ("domain", 15 * cells * n),
        ]
    };
    assert_eq!(layout_lengths::<Era>(&EraConfig::new(2)), blocks(2, 81));
    assert_eq!(
        layout_lengths::<Era>(&EraConfig::with_ruleset(4, domain_of(11))),
        blocks(4, 121)
    );
    let layouts = configs()
        .iter()
        .flat_map(Era::observation_layout)
        .collect::<Vec<_>>();
    assert!(layouts.iter().all(|b| !b.meaning().is_empty()));
}

/// The smallest table to check by hand: a 5 × 5 domain, a Farm as the only
/// start piece, no scorched areas, so each player owns one gray die (the
/// Keep's).
fn small_config() -> EraConfig {
    let mut spec = RulesetSpec::default();
    spec.domain_size = 5;
    spec.start.pieces = vec!["farm".into()];
    spec.start.scorched = ByPlayers {
        two: 0,
        three: 0,
        four: 0,
    };
    EraConfig::with_ruleset(2, Ruleset::new(spec).unwrap())
}

/// A 5 × 5 cell plane: 0 but for `set`.
fn plane(set: &[&str]) -> Vec<f32> {
    let mut plane = vec![0.0; 25];
    for name in set {
        let cell: Cell = name.parse().unwrap();
        plane[usize::from(cell.row()) * 5 + usize::from(cell.col())] = 1.0;
    }
    plane
}

#[test]
fn era_12_a_position_encoded_by_hand() {
    // Both seats lay out their Farm next to the Keep on c3 (d3, e3, d4,
    // e4); seat 0 wins the start-player roll and rolls its gray die, which
    // shows face 3 (G), behind the screen.
    let config = small_config();
    let mut game = laid_out_with(&config);
    start(&mut game);
    roll(&mut game, &[(Colour::Gray, Side::Three, 1)]);
    assert_eq!(game.to_move(), ToMove::Player(0));
    assert_eq!(observation_len::<Era>(&config), 1087);

    let domain = [
        plane(&["c3"]),
        vec![0.0; 25 * 3],
        plane(&["d3", "e3", "d4", "e4"]),
        vec![0.0; 25 * 10],
    ]
    .concat();
    let both = |a: &[f32]| [a, a].concat();
    let supply = vec![
        5.0 / 8.0,   // keeps: 8, one boxed, one per seat
        17.0 / 18.0, // longhouses: one boxed
        4.0 / 5.0,
        4.0 / 5.0,
        13.0 / 16.0, // farms: one boxed, one per seat
        2.0 / 3.0,
        2.0 / 3.0,
        2.0 / 3.0,
        2.0 / 3.0,
        2.0 / 3.0,
        1.0 / 2.0,
        1.0 / 2.0,
    ];
    let gray = |x: f32| vec![0.0, x, 0.0, 0.0];
    let expected: Vec<(&str, Vec<f32>)> = vec![
        ("viewer", vec![0.0, 1.0]),
        ("to_move", vec![1.0, 0.0]),
        (
            "step",
            vec![0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
        ),
        ("turn_of", vec![1.0, 0.0]),
        ("start_player", vec![1.0, 0.0]),
        ("round", vec![1.0 / 30.0]),
        ("tracking_tokens", vec![0.0]),
        ("hammers", vec![0.0]),
        ("chosen", vec![0.0; 21]),
        ("extort_victim", vec![0.0, 0.0]),
        ("demand", vec![0.0; 4]),
        ("building_supply", supply),
        ("wall_supply", vec![1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0]),
        ("scorched_supply", vec![1.0]),
        // 1 stone of 7, 2 wood of 8, 3 food of 8 (D6, revision 3).
        ("resources", both(&[0.0, 1.0 / 7.0, 0.25, 3.0 / 8.0])),
        ("culture", vec![0.0; 4]),
        ("disaster", vec![0.0; 4]),
        // The Keep carries a gray die; the game has 8 Keeps.
        ("dice_owned", both(&gray(1.0 / 8.0))),
        // Seat 1 holds its die, about to roll.
        ("dice_in_hand", [gray(0.0), gray(1.0 / 8.0)].concat()),
        ("rolls", vec![1.0 / 3.0, 0.0]),
        ("dice_hidden", vec![1.0, 0.0]),
        ("showing", [gray(1.0 / 8.0), gray(0.0)].concat()),
        ("set_aside_count", vec![0.0; 8]),
        ("fixed_count", vec![0.0; 8]),
        ("faces", vec![0.0; 48]),
        ("set_aside", vec![0.0; 48]),
        ("fixed", vec![0.0; 48]),
        ("choices", vec![0.0; 48]),
        ("feathers", vec![0.0; 12]),
        ("laid_out", vec![1.0, 1.0]),
        ("layout_hidden", vec![0.0, 0.0]),
        ("domain", both(&domain)),
    ];
    let seat1 = observed_blocks(&game, Viewer::Seat(1));
    assert_eq!(seat1, expected);

    // Seat 0 sees its own die on face 3 (gray: the 9th of its 24), and
    // seat 1's dice behind the screen (none show yet).
    let seat0 = observed_blocks(&game, Viewer::Seat(0));
    assert_eq!(block(&seat0, "viewer"), [1.0, 0.0]);
    assert_eq!(block(&seat0, "dice_hidden"), [0.0, 1.0]);
    let mut faces = vec![0.0; 48];
    faces[6 + 2] = 1.0 / 8.0;
    assert_eq!(block(&seat0, "faces"), faces);
    for (name, numbers) in &seat0 {
        if !["viewer", "dice_hidden", "faces"].contains(name) {
            assert_eq!(numbers, block(&seat1, name), "{name}");
        }
    }

    // A spectator sees neither.
    let spectator = observed_blocks(&game, Viewer::Spectator);
    assert_eq!(block(&spectator, "viewer"), [0.0, 0.0]);
    assert_eq!(block(&spectator, "dice_hidden"), [1.0, 1.0]);
    assert_eq!(block(&spectator, "faces"), [0.0; 48]);
}

#[test]
fn era_5_a_layout_in_progress_is_encoded_only_for_its_owner() {
    let config = small_config();
    let mut game = Era::new(&config).unwrap();
    let layout = auto_layout_action(&game).unwrap();
    game.apply(layout).unwrap();
    assert_eq!(game.step(), Step::Layout { seat: 1 });
    let farm = plane(&["d3", "e3", "d4", "e4"]);
    // Every layout is hidden from everyone else until all are done.
    for (viewer, hidden) in [
        (Viewer::Seat(0), [0.0, 1.0]),
        (Viewer::Seat(1), [1.0, 0.0]),
        (Viewer::Spectator, [1.0, 1.0]),
    ] {
        let all = observed_blocks(&game, viewer);
        assert_eq!(block(&all, "turn_of"), [0.0, 1.0]);
        assert_eq!(block(&all, "to_move"), [0.0, 1.0]);
        assert_eq!(block(&all, "start_player"), [0.0, 0.0]);
        assert_eq!(block(&all, "laid_out"), [1.0, 0.0]);
        assert_eq!(block(&all, "layout_hidden"), hidden);
        let seat0_farms = &block(&all, "domain")[25 * 4..25 * 5];
        let expected = if hidden[0] == 0.0 {
            farm.clone()
        } else {
            vec![0.0; 25]
        };
        assert_eq!(seat0_farms, expected, "{viewer:?}");
    }
}

#[test]
fn era_18_era_20_the_build_and_extort_steps_are_encoded() {
    let (mut builds, mut demands) = (0, 0);
    for seed in 0..40 {
        let config = EraConfig::new(3);
        let mut game = Era::new(&config).unwrap();
        let mut rng = DiceRng::from_seed_u64(seed);
        let mut legal = Vec::new();
        while game.to_move() != ToMove::Over {
            let all = observed_blocks(&game, Viewer::Spectator);
            match game.step() {
                Step::Build {
                    hammers,
                    chosen: Some(piece),
                    ..
                } => {
                    let slot = Piece::ALL.iter().position(|p| *p == piece).unwrap();
                    let mut one_hot = vec![0.0; 21];
                    one_hot[slot] = 1.0;
                    assert_eq!(block(&all, "chosen"), one_hot);
                    assert_eq!(block(&all, "hammers"), [f32::from(hammers.min(16)) / 16.0]);
                    builds += 1;
                }
                Step::Extort {
                    turn,
                    victim,
                    demand: Some(resource),
                } => {
                    let extorter = (game.start_player() + usize::from(turn)) % 3;
                    let victim_seat = (extorter + usize::from(victim)) % 3;
                    let mut seats = vec![0.0; 3];
                    seats[victim_seat] = 1.0;
                    assert_eq!(block(&all, "extort_victim"), seats);
                    let mut turn_of = vec![0.0; 3];
                    turn_of[extorter] = 1.0;
                    assert_eq!(block(&all, "turn_of"), turn_of);
                    let mut one_hot = vec![0.0; 4];
                    one_hot[Resource::ALL.iter().position(|r| *r == resource).unwrap()] = 1.0;
                    assert_eq!(block(&all, "demand"), one_hot);
                    demands += 1;
                }
                _ => {
                    assert_eq!(block(&all, "chosen"), [0.0; 21]);
                    assert_eq!(block(&all, "demand"), [0.0; 4]);
                }
            }
            match game.to_move() {
                ToMove::Chance => {
                    let outcome = game.sample_chance(&mut rng).unwrap();
                    game.apply_chance(outcome).unwrap();
                }
                ToMove::Player(_) => {
                    game.legal_actions(&mut legal);
                    game.apply(*rng.choose(&legal).unwrap()).unwrap();
                }
                ToMove::Over => {}
            }
        }
        let all = observed_blocks(&game, Viewer::Spectator);
        assert_eq!(block(&all, "step")[9], 1.0);
        assert_eq!(block(&all, "tracking_tokens"), [1.0]);
    }
    assert!(
        builds > 100 && demands > 10,
        "{builds} builds, {demands} demands"
    );
}
