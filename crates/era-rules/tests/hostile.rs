//! Hostile input: configs, rulesets, states and views written by strangers
//! are refused with an error naming the problem, and whatever is accepted
//! can be played, viewed and determinized without a panic.

use std::time::{Duration, Instant};

use dice_core::testkit::random_steps;
use dice_core::{DiceRng, Game, ToMove, Viewer};
use era_rules::{Era, EraConfig, EraView, Ruleset, Step, auto_layout_action};
use proptest::prelude::*;
use serde_json::{Value, json};

// ----- positions to start from -----

/// Plays random legal moves and chance from `seed` until `stop` holds or
/// `steps` have been played.
fn play(players: usize, seed: u64, steps: usize, stop: impl Fn(&Era) -> bool) -> Era {
    random_steps(
        Era::new(&EraConfig::new(players)).unwrap(),
        seed,
        steps,
        stop,
    )
}

fn at(players: usize, stop: impl Fn(&Era) -> bool) -> Era {
    play(players, 7, 50_000, stop)
}

/// Three players, after the layout (the start-player roll).
fn laid_out() -> Era {
    let mut g = Era::new(&EraConfig::new(3)).unwrap();
    while let Some(a) = auto_layout_action(&g) {
        g.apply(a).unwrap();
    }
    g
}

fn in_build() -> Era {
    at(3, |g| matches!(g.step(), Step::Build { .. }))
}

fn in_roll() -> Era {
    at(3, |g| {
        matches!(g.step(), Step::Roll { .. }) && matches!(g.to_move(), ToMove::Player(_))
    })
}

fn over() -> Era {
    at(2, |g| g.step() == Step::Over)
}

// ----- helpers -----

fn state_error(g: &Era, edit: impl FnOnce(&mut Value)) -> String {
    let mut json = serde_json::to_value(g).unwrap();
    edit(&mut json);
    serde_json::from_value::<Era>(json).unwrap_err().to_string()
}

fn state_refused(g: &Era, edit: impl FnOnce(&mut Value), what: &str) {
    let err = state_error(g, edit);
    assert!(err.contains(what), "expected {what:?} in: {err}");
}

fn view_refused(g: &Era, viewer: Viewer, edit: impl FnOnce(&mut Value), what: &str) {
    let mut json = serde_json::to_value(g.view(viewer)).unwrap();
    edit(&mut json);
    let err = serde_json::from_value::<EraView>(json)
        .unwrap_err()
        .to_string();
    assert!(err.contains(what), "expected {what:?} in: {err}");
}

fn ruleset_refused(edit: impl FnOnce(&mut Value), what: &str) {
    let mut json = serde_json::to_value(Ruleset::default()).unwrap();
    edit(&mut json);
    let err = serde_json::from_value::<Ruleset>(json)
        .unwrap_err()
        .to_string();
    assert!(err.contains(what), "expected {what:?} in: {err}");
}

/// A cell of `seat`'s domain with nothing on it.
fn empty_cell(g: &Era, seat: usize) -> String {
    let d = g.domain(seat);
    let cell = d.cells(!d.occupied()).next().unwrap();
    cell.to_string()
}

// ----- config (ERA-3) -----

#[test]
fn era_3_config_with_a_table_size_out_of_range_is_refused() {
    for players in [0, 1, 5, 1_000_000] {
        let err = serde_json::from_value::<EraConfig>(json!({ "players": players }))
            .unwrap_err()
            .to_string();
        assert!(
            err.contains(&format!("ERA-3: Era is for 2 to 4 players, not {players}")),
            "{err}"
        );
    }
    let err = serde_json::from_value::<EraConfig>(json!({ "players": -2 }))
        .unwrap_err()
        .to_string();
    assert!(err.contains("-2"), "{err}");
}

#[test]
fn config_with_an_unknown_option_is_refused() {
    let err = serde_json::from_value::<EraConfig>(json!({ "players": 3, "teams": true }))
        .unwrap_err()
        .to_string();
    assert!(err.contains("unknown field `teams`"), "{err}");
}

#[test]
fn config_with_an_invalid_ruleset_is_refused() {
    let mut ruleset = serde_json::to_value(Ruleset::default()).unwrap();
    ruleset["domain_size"] = 8.into();
    let err = serde_json::from_value::<EraConfig>(json!({ "players": 3, "ruleset": ruleset }))
        .unwrap_err()
        .to_string();
    assert!(err.contains("`domain_size`"), "{err}");
}

// ----- ruleset tables -----

#[test]
fn a_disaster_row_ending_at_i64_max_loads_at_once() {
    // This row once made the loader count to i64::MAX.
    let started = Instant::now();
    let mut json = serde_json::to_value(Ruleset::default()).unwrap();
    json["disasters"] = json!([{ "from": 0, "to": i64::MAX, "effect": "brigands" }]);
    let r: Ruleset = serde_json::from_value(json).unwrap();
    assert_eq!(r.disaster(40), era_rules::Disaster::Brigands);
    assert!(started.elapsed() < Duration::from_secs(1));
}

#[test]
fn disaster_points_beyond_the_point_range_are_refused() {
    ruleset_refused(
        |j| j["disasters"][5]["effect"] = json!({ "revolt": { "disaster": 4_000_000_000u32 } }),
        "`disasters[5].effect.disaster`: 4000000000 is out of range 0..=1000",
    );
}

#[test]
fn era_2_more_die_carrying_buildings_than_a_roll_can_list_are_refused() {
    ruleset_refused(
        |j| j["buildings"]["longhouse"]["count"] = 25.into(),
        "`buildings.longhouse.count`: 25 is out of range 0..=24",
    );
}

#[test]
fn era_19_tracking_tokens_that_can_never_all_flip_are_refused() {
    ruleset_refused(
        |j| {
            j["buildings"]["keep"]["count"] = 4.into();
            j["supply"]["tracking_tokens"]["four"] = 12.into();
        },
        "`supply.tracking_tokens.four`: 12 tokens, but only 11 building types",
    );
}

// ----- state: domains (ERA-7) -----

#[test]
fn era_7_a_cell_outside_the_grid_is_refused() {
    state_refused(
        &laid_out(),
        |j| j["players"][0]["domain"]["scorched"] = json!(["k1"]),
        "cell k1 is outside the 9 × 9 domain",
    );
}

#[test]
fn a_cell_spelled_with_a_sign_is_refused() {
    state_refused(
        &laid_out(),
        |j| j["players"][0]["domain"]["scorched"] = json!(["a+5"]),
        "not a cell",
    );
}

#[test]
fn a_cell_listed_twice_in_one_piece_is_refused() {
    let g = laid_out();
    let cell = empty_cell(&g, 0);
    state_refused(
        &g,
        |j| j["players"][0]["domain"]["scorched"] = json!([cell, cell]),
        &format!("cell {cell} is listed twice"),
    );
}

#[test]
fn era_7_pieces_overlapping_in_a_domain_are_refused() {
    state_refused(
        &laid_out(),
        |j| {
            let keep = j["players"][2]["domain"]["buildings"][0].clone();
            j["players"][2]["domain"]["buildings"]
                .as_array_mut()
                .unwrap()
                .push(keep);
        },
        "pieces overlap at e5 (ERA-7)",
    );
}

#[test]
fn wall_counts_that_do_not_match_the_wall_cells_are_refused() {
    state_refused(
        &laid_out(),
        |j| j["players"][1]["domain"]["wall_counts"][3] = 2.into(),
        "wall_counts: the walls counted cover 8 cells, but 12 cells are walls",
    );
}

#[test]
fn era_7_a_building_that_is_not_its_shape_is_refused() {
    let g = laid_out();
    let cell = empty_cell(&g, 0);
    state_refused(
        &g,
        |j| {
            j["players"][0]["domain"]["buildings"][1]["cells"] = json!([cell]);
        },
        "players[0].domain.buildings[1]: not a placement",
    );
}

// ----- state: the table -----

#[test]
fn a_seat_count_that_does_not_match_the_config_is_refused() {
    state_refused(
        &laid_out(),
        |j| {
            j["players"].as_array_mut().unwrap().pop();
        },
        "players: 2 entries for a 3-player game",
    );
}

#[test]
fn a_start_player_beyond_the_table_is_refused() {
    state_refused(&in_build(), |j| j["start"] = 7.into(), "start: seat 7");
}

#[test]
fn a_step_naming_a_turn_beyond_the_table_is_refused() {
    state_refused(
        &in_build(),
        |j| j["step"] = json!({ "fire": { "turn": 7 } }),
        "names a seat or turn beyond the 3-player table",
    );
}

#[test]
fn era_6_a_round_number_that_does_not_fit_the_step_is_refused() {
    state_refused(
        &in_build(),
        |j| j["round"] = 0.into(),
        "round: 0 after the setup",
    );
    state_refused(
        &laid_out(),
        |j| j["round"] = 4.into(),
        "round: 4 during the setup",
    );
}

#[test]
fn era_3_tracking_tokens_not_of_the_ruleset_are_refused() {
    state_refused(
        &laid_out(),
        |j| j["tokens"] = 9.into(),
        "tokens: 9 in play, but the ruleset has 3",
    );
}

#[test]
fn era_19_more_flipped_tokens_than_empty_building_types_are_refused() {
    state_refused(
        &laid_out(),
        |j| j["flipped"] = 1.into(),
        "flipped: 1 tokens show X, but only 0 building types are out of the supply",
    );
}

#[test]
fn era_22_a_game_over_with_blank_tokens_is_refused() {
    state_refused(
        &over(),
        |j| j["flipped"] = 0.into(),
        "the game is over, but only 0 of",
    );
}

#[test]
fn era_1_walls_and_scorched_areas_that_do_not_add_up_are_refused() {
    state_refused(
        &laid_out(),
        |j| j["wall_supply"][3] = 20.into(),
        "wall_supply: walls of length 4",
    );
    state_refused(
        &laid_out(),
        |j| j["scorched_supply"] = 0.into(),
        "scorched_supply: scorched areas",
    );
}

#[test]
fn era_5_a_layout_count_beyond_the_start_pieces_is_refused() {
    state_refused(
        &in_build(),
        |j| j["players"][1]["laid_out"] = 200.into(),
        "players[1].laid_out: 200 start pieces, but there are 8",
    );
}

// ----- state: tracks and dice -----

#[test]
fn era_15_a_negative_track_is_refused() {
    let err = state_error(&in_build(), |j| j["players"][0]["culture"] = (-3).into());
    assert!(err.contains("-3"), "{err}");
}

#[test]
fn era_15_a_track_beyond_its_type_is_refused() {
    let err = state_error(&in_build(), |j| {
        j["players"][0]["disaster"] = json!(u64::from(u32::MAX) + 1);
    });
    assert!(err.contains("4294967296"), "{err}");
}

#[test]
fn era_2_dice_that_do_not_match_buildings_are_refused() {
    state_refused(
        &in_build(),
        |j| j["players"][0]["owned"][0] = 30.into(),
        "players[0].owned: 30 yellow dice, but the game has 18",
    );
    state_refused(
        &laid_out(),
        |j| j["players"][1]["owned"][0] = 3.into(),
        "players[1].owned: [3, 1, 0, 0] dice before the first round",
    );
}

#[test]
fn era_12_more_dice_showing_than_owned_are_refused() {
    state_refused(
        &in_build(),
        |j| j["players"][2]["dice"]["gray"] = json!([9, 0, 0, 0, 0, 0]),
        "dice: 9 gray dice showing or rolling, but the player owns 1",
    );
}

#[test]
fn era_12_a_die_set_aside_that_does_not_show_is_refused() {
    state_refused(
        &in_roll(),
        |j| j["players"][0]["set_aside"]["gray"] = json!([0, 0, 0, 0, 0, 5]),
        "set_aside: 5 gray dice set aside",
    );
}

#[test]
fn era_13_unused_feathers_without_a_white_die_are_refused() {
    state_refused(
        &laid_out(),
        |j| j["players"][0]["fresh"] = json!([0, 0, 1, 0, 0, 0]),
        "fresh: 1 unused feathers on face 2, but 0 white dice show it",
    );
}

#[test]
fn era_13_unused_feathers_outside_the_feathers_are_refused() {
    // Face 2 of the default white die is a feather.
    let feather = |g: &Era| (0..3).find(|&s| g.player(s).unwrap().dice().white[2] > 0);
    let (g, seat) = (0..)
        .find_map(|seed| {
            let g = play(3, seed, 50_000, |g| {
                matches!(g.step(), Step::Build { .. }) && feather(g).is_some()
            });
            feather(&g).map(|s| (g, s))
        })
        .unwrap();
    state_refused(
        &g,
        |j| j["players"][seat]["fresh"][2] = 1.into(),
        &format!("players[{seat}].fresh: unused feather re-rolls outside the feathers"),
    );
}

#[test]
fn era_12_more_rolls_than_a_round_has_are_refused() {
    state_refused(
        &in_build(),
        |j| j["players"][0]["rolls"] = 9.into(),
        "players[0].rolls: 9 rolls, but a round has 3",
    );
}

// ----- views -----

fn seat(s: usize) -> Viewer {
    Viewer::Seat(s)
}

fn in_layout() -> Era {
    at(3, |g| g.step() == Step::Layout { seat: 1 })
}

#[test]
fn a_viewer_beyond_the_table_is_refused() {
    view_refused(
        &in_build(),
        seat(0),
        |j| j["viewer"] = json!({ "seat": 5 }),
        "viewer: seat 5 is not at a 3-player table",
    );
}

#[test]
fn era_3_a_view_with_a_table_size_out_of_range_is_refused() {
    view_refused(
        &in_build(),
        seat(0),
        |j| j["config"]["players"] = 9.into(),
        "ERA-3",
    );
}

#[test]
fn era_5_a_layout_hidden_after_the_layout_is_refused() {
    view_refused(
        &in_build(),
        seat(0),
        |j| j["players"][1]["domain"] = Value::Null,
        "players[1].domain: hidden, but only a layout in progress is secret",
    );
}

#[test]
fn era_5_a_layout_shown_to_another_seat_is_refused() {
    let g = in_layout();
    let own = serde_json::to_value(g.view(seat(0))).unwrap()["players"][0]["domain"].clone();
    view_refused(
        &g,
        seat(1),
        |j| j["players"][0]["domain"] = own,
        "players[0].domain: shown to another seat during the layout",
    );
}

#[test]
fn era_12_dice_hidden_outside_the_roll_are_refused() {
    view_refused(
        &in_build(),
        seat(0),
        |j| {
            j["players"][2]["dice"] = Value::Null;
            j["players"][2]["set_aside"] = Value::Null;
        },
        "players[2].dice: hidden outside another player's Roll step",
    );
}

#[test]
fn era_12_dice_shown_to_another_seat_during_the_roll_are_refused() {
    let g = in_roll();
    view_refused(
        &g,
        Viewer::Spectator,
        |j| {
            j["players"][1]["dice"] = json!({"yellow": [0, 0, 0, 0, 0, 0], "gray": [0, 0, 0, 0, 0, 0],
                "blue": [0, 0, 0, 0, 0, 0], "white": [0, 0, 0, 0, 0, 0]});
            j["players"][1]["set_aside"] = j["players"][1]["dice"].clone();
            j["players"][1]["showing"] = json!([0, 0, 0, 0]);
            j["players"][1]["set_aside_count"] = json!([0, 0, 0, 0]);
        },
        "shown to another seat during the Roll step",
    );
}

#[test]
fn dice_shown_without_the_dice_set_aside_are_refused() {
    view_refused(
        &in_build(),
        seat(0),
        |j| j["players"][0]["set_aside"] = Value::Null,
        "dice, set_aside: shown or hidden together",
    );
}

#[test]
fn era_12_a_dice_count_that_does_not_match_the_faces_is_refused() {
    view_refused(
        &in_build(),
        seat(0),
        |j| j["players"][0]["showing"][1] = 0.into(),
        "dice: the faces show",
    );
}

#[test]
fn era_1_a_view_whose_supply_does_not_add_up_is_refused() {
    view_refused(
        &in_build(),
        Viewer::Spectator,
        |j| j["supply"][4] = 0.into(),
        "supply: farm",
    );
    // With hidden layouts, the hidden start pieces still count.
    view_refused(
        &in_layout(),
        seat(1),
        |j| j["supply"][4] = 0.into(),
        "supply: farm",
    );
}

#[test]
fn era_7_a_view_with_overlapping_pieces_is_refused() {
    view_refused(
        &in_build(),
        seat(1),
        |j| {
            let walls = j["players"][1]["domain"]["walls"].clone();
            j["players"][1]["domain"]["scorched"] = walls;
        },
        "pieces overlap at",
    );
}

#[test]
fn era_20_a_demand_the_victim_cannot_pay_is_refused() {
    let g = at(3, |g| {
        matches!(
            g.step(),
            Step::Extort {
                demand: Some(_),
                ..
            }
        )
    });
    view_refused(
        &g,
        Viewer::Spectator,
        |j| {
            for p in j["players"].as_array_mut().unwrap() {
                p["resources"] = json!([0, 0, 0, 0]);
            }
        },
        "the victim has no",
    );
}

#[test]
fn determinize_refuses_an_inconsistent_view_built_in_code() {
    let g = in_build();
    let mut rng = DiceRng::from_seed_u64(1);
    let mut view = g.view(seat(0));
    view.players.pop();
    assert!(Era::determinize(&view, &mut rng).is_none());
    let mut view = g.view(seat(0));
    view.players[1].laid_out = u8::MAX;
    assert!(Era::determinize(&view, &mut rng).is_none());
    let mut view = g.view(seat(0));
    view.players[2].showing = [200, 200, 200, 200];
    view.players[2].dice = None;
    view.players[2].set_aside = None;
    assert!(Era::determinize(&view, &mut rng).is_none());
}

// ----- round trips -----

fn round_trip<T>(value: &T)
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let json = serde_json::to_string(value).unwrap();
    let back: T = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, value);
    assert_eq!(serde_json::to_string(&back).unwrap(), json);
}

#[test]
fn valid_configs_states_and_views_round_trip() {
    let mut spec = era_rules::RulesetSpec::default();
    spec.dice.yellow[3] = "HH".into();
    round_trip(&EraConfig::new(2));
    round_trip(&EraConfig::with_ruleset(4, Ruleset::new(spec).unwrap()));
    for g in [in_layout(), laid_out(), in_roll(), in_build(), over()] {
        round_trip(&g);
        for v in (0..g.players()).map(seat).chain([Viewer::Spectator]) {
            round_trip(&g.view(v));
        }
    }
}

// ----- mutated JSON -----

/// Numbers a stranger might write: edges of every integer type, and
/// values near the game's own.
const NUMBERS: [i64; 16] = [
    -1,
    0,
    1,
    2,
    3,
    4,
    5,
    8,
    9,
    11,
    24,
    25,
    255,
    256,
    65_536,
    i64::MAX,
];

/// Every number, and every list of cells, pieces or players, in `v`, as
/// JSON pointers. (Arrays of numbers have a fixed length: editing it only
/// meets the JSON decoder.)
fn leaves(v: &Value, path: &str, numbers: &mut Vec<String>, lists: &mut Vec<String>) {
    match v {
        Value::Number(_) => numbers.push(path.to_owned()),
        Value::Array(items) => {
            if !items.first().is_some_and(Value::is_number) {
                lists.push(path.to_owned());
            }
            for (i, x) in items.iter().enumerate() {
                leaves(x, &format!("{path}/{i}"), numbers, lists);
            }
        }
        Value::Object(map) => {
            for (k, x) in map {
                leaves(x, &format!("{path}/{k}"), numbers, lists);
            }
        }
        _ => {}
    }
}

/// One random edit: a number replaced or moved by one, or an element of a
/// list dropped or repeated.
fn mutate(v: &mut Value, kind: u8, pick: usize, number: usize) {
    let (mut numbers, mut lists) = (Vec::new(), Vec::new());
    leaves(v, "", &mut numbers, &mut lists);
    if kind % 4 < 2 && !numbers.is_empty() {
        let x = v.pointer_mut(&numbers[pick % numbers.len()]).unwrap();
        *x = if kind % 4 == 0 {
            NUMBERS[number % NUMBERS.len()].into()
        } else {
            let old = x.as_i64().unwrap_or(0);
            (if number % 2 == 0 {
                old.saturating_add(1)
            } else {
                old.saturating_sub(1)
            })
            .into()
        };
    } else if !lists.is_empty() {
        let list = v.pointer_mut(&lists[pick % lists.len()]).unwrap();
        let items = list.as_array_mut().unwrap();
        if items.is_empty() {
            return;
        }
        let i = number % items.len();
        if kind % 4 == 2 {
            items.remove(i);
        } else {
            let x = items[i].clone();
            items.insert(i, x);
        }
    }
}

/// Everything a caller does with a position, none of which may panic.
fn exercise(g: &Era, rng: &mut DiceRng) {
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    let mut outcomes = Vec::new();
    g.chance_outcomes(&mut outcomes);
    let _ = g.result();
    let _ = g.scores();
    for v in (0..g.players()).map(seat).chain([Viewer::Spectator]) {
        let view = g.view(v);
        if let Some(s) = Era::determinize(&view, rng) {
            // A determinized state is valid: it survives a JSON round trip.
            let json = serde_json::to_string(&s).unwrap();
            assert_eq!(serde_json::from_str::<Era>(&json).unwrap(), s);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    #[test]
    fn mutated_states_and_views_are_refused_or_safe(
        players in 2usize..=4,
        seed in any::<u64>(),
        steps in 0usize..900,
        edits in proptest::collection::vec((any::<u8>(), any::<usize>(), any::<usize>()), 0..3),
        viewer in 0usize..5,
    ) {
        let g = play(players, seed, steps, |_| false);
        let mut rng = DiceRng::from_seed_u64(seed);

        let mut state = serde_json::to_value(&g).unwrap();
        for &(kind, pick, number) in &edits {
            mutate(&mut state, kind, pick, number);
        }
        if let Ok(s) = serde_json::from_value::<Era>(state) {
            let json = serde_json::to_string(&s).unwrap();
            prop_assert_eq!(&serde_json::from_str::<Era>(&json).unwrap(), &s);
            exercise(&s, &mut rng);
        }

        let v = if viewer < players { Viewer::Seat(viewer) } else { Viewer::Spectator };
        let mut view = serde_json::to_value(g.view(v)).unwrap();
        for &(kind, pick, number) in &edits {
            mutate(&mut view, kind, pick, number);
        }
        if let Ok(view) = serde_json::from_value::<EraView>(view) {
            let json = serde_json::to_string(&view).unwrap();
            prop_assert_eq!(&serde_json::from_str::<EraView>(&json).unwrap(), &view);
            if let Some(s) = Era::determinize(&view, &mut rng) {
                let json = serde_json::to_string(&s).unwrap();
                prop_assert_eq!(&serde_json::from_str::<Era>(&json).unwrap(), &s);
                exercise(&s, &mut rng);
            }
        }
    }
}
