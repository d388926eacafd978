//! Hostile input: configs, rulesets, states and views written by strangers
//! are refused with an error naming the field and the rule, and whatever is
//! accepted can be played, viewed and determinized without a panic.

use std::sync::mpsc;
use std::time::Duration;

use dice_core::testkit::json::{
    Corruptor, assert_refused, assert_round_trips, check_decoded, edited,
};
use dice_core::testkit::random_steps;
use dice_core::{DiceRng, Game, ToMove, Viewer};
use era_rules::ruleset::{Disaster, EmptyCells, RulesetSpec};
use era_rules::{
    BuildingKind, Colour, Era, EraConfig, EraView, Ruleset, Side, Step, auto_layout_action,
};
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

fn in_layout() -> Era {
    at(3, |g| g.step() == Step::Layout { seat: 1 })
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

fn json_of<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap()
}

/// The state `g` with the value at `pointer` replaced is refused, saying
/// `needle`.
fn state_refused(g: &Era, pointer: &str, value: Value, needle: &str) {
    assert_refused::<Era>(edited(&json_of(g), pointer, value), needle);
}

/// The view of `g` for `viewer` with the value at `pointer` replaced is
/// refused, saying `needle`.
fn view_refused(g: &Era, viewer: Viewer, pointer: &str, value: Value, needle: &str) {
    assert_refused::<EraView>(edited(&json_of(&g.view(viewer)), pointer, value), needle);
}

fn ruleset_refused(pointer: &str, value: Value, needle: &str) {
    assert_refused::<Ruleset>(
        edited(&json_of(&Ruleset::default()), pointer, value),
        needle,
    );
}

/// A cell of `seat`'s domain with nothing on it.
fn empty_cell(g: &Era, seat: usize) -> String {
    let d = g.domain(seat).unwrap();
    d.cells(d.empty()).next().unwrap().to_string()
}

fn seat(s: usize) -> Viewer {
    Viewer::Seat(s)
}

// ----- config (ERA-3) -----

#[test]
fn era_3_config_with_a_table_size_out_of_range_is_refused() {
    for players in [0, 1, 5, 1_000_000] {
        assert_refused::<EraConfig>(
            json!({ "players": players, "revision": 3 }),
            &format!("ERA-3: Era is for 2 to 4 players, not {players}"),
        );
    }
    assert_refused::<EraConfig>(json!({ "players": -2, "revision": 3 }), "-2");
}

#[test]
fn config_with_an_unknown_option_is_refused() {
    assert_refused::<EraConfig>(
        json!({ "players": 3, "revision": 3, "teams": true }),
        "unknown field `teams`",
    );
}

#[test]
fn config_with_an_invalid_ruleset_is_refused() {
    let ruleset = edited(&json_of(&Ruleset::default()), "/domain_size", json!(8));
    assert_refused::<EraConfig>(
        json!({ "players": 3, "revision": 3, "ruleset": ruleset }),
        "`domain_size`",
    );
}

#[test]
fn a_config_of_another_rules_revision_is_refused_naming_it() {
    // Revision 1 wrote no revision number.
    assert_refused::<EraConfig>(
        json!({ "players": 3 }),
        "this game follows Era rules revision 1, which is retired",
    );
    assert_refused::<EraConfig>(
        json!({ "players": 3, "revision": 2 }),
        "this game follows Era rules revision 2, which is retired",
    );
    assert_refused::<EraConfig>(
        json!({ "players": 3, "revision": 5 }),
        "this game follows Era rules revision 5",
    );
    // A revision-1 ruleset fails to load, and the error says why.
    let mut old = json_of(&Ruleset::default());
    old["tracks"]["resource_max"] = json!(8);
    assert_refused::<EraConfig>(
        json!({ "players": 3, "ruleset": old }),
        "if the config has no revision: this game follows Era rules revision 1",
    );
    assert_eq!(
        json_of(&EraConfig::new(3)),
        json!({ "players": 3, "revision": 4 })
    );
}

#[test]
fn era_24_d3_a_revision_3_config_is_read_with_the_whole_domain_count() {
    for config in [
        json!({ "players": 3, "revision": 3 }),
        // The ruleset read before the revision, as a map may order them.
        json!({ "ruleset": json_of(&Ruleset::default()), "revision": 3, "players": 3 }),
    ] {
        let read: EraConfig = serde_json::from_value(config).unwrap();
        assert_eq!(
            read.ruleset().bonus_empty_cells(BuildingKind::Market),
            EmptyCells::Domain
        );
        let written = json_of(&read);
        assert_eq!(written["revision"], json!(4));
        assert_eq!(
            written["ruleset"]["buildings"]["market"]["empty_cells"],
            json!("domain")
        );
        assert_eq!(serde_json::from_value::<EraConfig>(written).unwrap(), read);
    }
}

// ----- ruleset tables -----

#[test]
fn a_disaster_row_ending_at_i64_max_loads_at_once() {
    // This row once made the loader count to i64::MAX: it loads on a
    // thread of its own, awaited for a minute, far beyond any machine's
    // load time and far below that count.
    let json = edited(
        &json_of(&Ruleset::default()),
        "/disasters",
        json!([{ "from": 0, "to": i64::MAX, "effect": { "points": { "disaster": 2 } } }]),
    );
    let (loaded, answer) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = loaded.send(serde_json::from_value::<Ruleset>(json).map(Box::new));
    });
    let r = answer
        .recv_timeout(Duration::from_secs(60))
        .expect("loaded within the wait")
        .unwrap();
    assert_eq!(r.disaster(40).effect, Disaster::Points { disaster: 2 });
}

#[test]
fn disaster_points_beyond_the_point_range_are_refused() {
    ruleset_refused(
        "/disasters/5/effect",
        json!({ "points": { "disaster": 4_000_000_000u32 } }),
        "`disasters[5].effect.disaster`: 4000000000 is out of range 0..=1000",
    );
    ruleset_refused(
        "/disasters/3/effect",
        json!({ "scorch": { "areas": 101, "remove_to_free": true } }),
        "`disasters[3].effect.areas`: 101 is out of range 0..=100",
    );
}

#[test]
fn era_2_more_die_carrying_buildings_than_a_roll_can_list_are_refused() {
    ruleset_refused(
        "/buildings/longhouse/count",
        json!(25),
        "`buildings.longhouse.count`: 25 is out of range 0..=24",
    );
}

#[test]
fn era_19_tracking_tokens_that_can_never_all_flip_are_refused() {
    let json = edited(
        &json_of(&Ruleset::default()),
        "/buildings/keep/count",
        json!(4),
    );
    assert_refused::<Ruleset>(
        edited(&json, "/supply/tracking_tokens/four", json!(12)),
        "`supply.tracking_tokens.four`: 12 tokens, but only 11 building types",
    );
}

// ----- state: domains (ERA-7) -----

/// Domains edited by hand, each refused naming what is wrong: a path into
/// the state, the value written there, and the words of the refusal.
#[test]
fn era_4_era_7_domains_edited_against_the_rules_are_refused() {
    let g = laid_out();
    let cell = empty_cell(&g, 0);
    let cases = [
        // ERA-7: cells are within the domain's grid, and spelled plainly.
        (
            "/players/0/domain/scorched",
            json!(["k1"]),
            "cell k1 is outside the 9 × 9 domain".to_owned(),
        ),
        (
            "/players/0/domain/scorched",
            json!(["a+5"]),
            "not a cell".to_owned(),
        ),
        (
            "/players/0/domain/scorched",
            json!([cell, cell]),
            format!("cell {cell} is listed twice"),
        ),
        (
            "/players/1/domain/wall_counts/3",
            json!(2),
            "wall_counts: the walls counted cover 8 cells, but 12 cells are walls".to_owned(),
        ),
        // ERA-7: a building covers its shape.
        (
            "/players/0/domain/buildings/1/cells",
            json!([cell]),
            "players[0].domain.buildings[1]: not a placement".to_owned(),
        ),
        // ERA-4: the Keep stands on the centre cell.
        (
            "/players/0/domain/buildings/0/cells",
            json!([cell]),
            "the Keep on the centre cell".to_owned(),
        ),
    ];
    for (pointer, value, needle) in cases {
        state_refused(&g, pointer, value, &needle);
    }
}

#[test]
fn era_7_pieces_overlapping_in_a_domain_are_refused() {
    let g = laid_out();
    let mut json = json_of(&g);
    let keep = json["players"][2]["domain"]["buildings"][0].clone();
    json["players"][2]["domain"]["buildings"]
        .as_array_mut()
        .unwrap()
        .push(keep);
    assert_refused::<Era>(json, "pieces overlap at e5 (ERA-7)");
    let walls = json_of(&g)["players"][1]["domain"]["walls"].clone();
    state_refused(&g, "/players/1/domain/scorched", walls, "pieces overlap at");
}

// ----- state: the table -----

#[test]
fn a_valid_state_round_trips() {
    let json = json_of(&laid_out());
    let g: Era = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(json_of(&g), json);
}

#[test]
fn a_seat_count_that_does_not_match_the_config_is_refused() {
    let mut json = json_of(&laid_out());
    json["players"].as_array_mut().unwrap().pop();
    assert_refused::<Era>(json, "players: 2 entries for a 3-player game");
}

#[test]
fn a_start_player_beyond_the_table_is_refused() {
    state_refused(&in_build(), "/start", json!(7), "start: seat 7");
}

#[test]
fn a_step_naming_a_turn_beyond_the_table_is_refused() {
    state_refused(
        &in_build(),
        "/step",
        json!({ "suffer": { "turn": 7, "by": 0, "left": 1 } }),
        "names a seat or turn beyond the 3-player table",
    );
}

#[test]
fn a_step_the_engine_would_have_moved_past_is_refused() {
    state_refused(
        &laid_out(),
        "/step",
        json!({ "layout": { "seat": 2 } }),
        "players[2].laid_out: 8 of 8 start pieces laid out during the layout",
    );
    state_refused(
        &in_build(),
        "/step",
        json!({ "disasters": { "turn": 0 } }),
        "the automatic steps from here have not been run",
    );
}

#[test]
fn era_6_a_round_number_that_does_not_fit_the_step_is_refused() {
    state_refused(&in_build(), "/round", json!(0), "round: 0 after the setup");
    state_refused(&laid_out(), "/round", json!(4), "round: 4 during the setup");
}

#[test]
fn era_3_tracking_tokens_not_of_the_ruleset_are_refused() {
    state_refused(
        &laid_out(),
        "/tokens",
        json!(9),
        "tokens: 9 in play, but the ruleset has 3",
    );
}

#[test]
fn era_19_more_flipped_tokens_than_empty_building_types_are_refused() {
    state_refused(
        &laid_out(),
        "/flipped",
        json!(1),
        "flipped: 1 tokens show X, but only 0 building types are out of the supply",
    );
}

#[test]
fn era_22_a_game_over_with_blank_tokens_is_refused() {
    state_refused(
        &over(),
        "/flipped",
        json!(0),
        "the game is over, but only 0 of",
    );
}

#[test]
fn era_1_pieces_that_do_not_add_up_are_refused() {
    state_refused(&laid_out(), "/supply/4", json!(0), "supply: farm");
    state_refused(
        &laid_out(),
        "/wall_supply/3",
        json!(20),
        "wall_supply: walls of length 4",
    );
    state_refused(
        &laid_out(),
        "/scorched_supply",
        json!(0),
        "scorched_supply: scorched areas",
    );
}

#[test]
fn era_5_a_layout_count_beyond_the_start_pieces_is_refused() {
    state_refused(
        &in_build(),
        "/players/1/laid_out",
        json!(200),
        "players[1].laid_out: 200 start pieces, but there are 8",
    );
}

// ----- state: tracks and dice -----

#[test]
fn era_15_resources_above_the_track_are_refused() {
    state_refused(
        &laid_out(),
        "/players/0/resources/1",
        json!(9),
        "players[0].resources",
    );
}

#[test]
fn era_15_a_negative_track_is_refused() {
    state_refused(&in_build(), "/players/0/culture", json!(-3), "-3");
}

#[test]
fn era_21_a_track_beyond_its_type_is_refused() {
    state_refused(
        &in_build(),
        "/players/0/disaster",
        json!(u64::from(u32::MAX) + 1),
        "4294967296",
    );
}

#[test]
fn era_2_dice_that_do_not_match_buildings_are_refused() {
    state_refused(
        &in_build(),
        "/players/0/owned/0",
        json!(30),
        "players[0].owned: 30 yellow dice, but the game has 18",
    );
    state_refused(
        &laid_out(),
        "/players/1/owned/0",
        json!(3),
        "players[1].owned: yellow 3, gray 1, blue 0, white 0 before the first round",
    );
}

#[test]
fn era_12_more_dice_showing_than_owned_are_refused() {
    state_refused(
        &in_build(),
        "/players/2/dice/gray",
        json!([9, 0, 0, 0, 0, 0]),
        "dice: 9 gray dice showing or rolling, but the player owns 1",
    );
}

#[test]
fn era_12_a_die_set_aside_that_does_not_show_is_refused() {
    state_refused(
        &in_roll(),
        "/players/0/set_aside/gray",
        json!([0, 0, 0, 0, 0, 5]),
        "set_aside: 5 gray dice set aside",
    );
}

#[test]
fn era_12_a_face_index_beyond_the_die_is_refused() {
    assert_refused::<era_rules::Action>(
        json!({ "reroll": { "die": "yellow", "face": 6 } }),
        "face index 6 is not a face of a die",
    );
}

#[test]
fn era_13_unused_feathers_without_a_white_die_are_refused() {
    let g = laid_out();
    let feather = Side::ALL
        .into_iter()
        .find(|&s| g.ruleset().face(Colour::White, s).is_feather())
        .unwrap();
    let mut fresh = [0; 6];
    fresh[usize::from(feather.index())] = 1;
    state_refused(
        &g,
        "/players/0/fresh",
        json!(fresh),
        &format!("fresh: 1 unused feathers on {feather}, but 0 white dice show it"),
    );
}

#[test]
fn era_13_unused_feathers_outside_the_feathers_are_refused() {
    let r = Ruleset::default();
    let feather = Side::ALL
        .into_iter()
        .find(|&s| r.face(Colour::White, s).is_feather())
        .unwrap();
    let shows = |g: &Era| {
        (0..3).find(|&s| {
            let p = g.player(s).unwrap();
            p.dice().get(Colour::White, feather) > p.fixed().get(Colour::White, feather)
        })
    };
    let (g, seat) = (0..)
        .find_map(|seed| {
            let g = play(3, seed, 50_000, |g| {
                matches!(g.step(), Step::Build { .. }) && shows(g).is_some()
            });
            shows(&g).map(|s| (g, s))
        })
        .unwrap();
    state_refused(
        &g,
        &format!("/players/{seat}/fresh/{}", feather.index()),
        json!(1),
        &format!("players[{seat}].fresh: unused feather re-rolls outside the feathers"),
    );
}

#[test]
fn era_12_more_rolls_than_a_round_has_are_refused() {
    state_refused(
        &in_build(),
        "/players/0/rolls",
        json!(9),
        "players[0].rolls: 9 rolls, but a round has 3",
    );
}

// ----- views -----

#[test]
fn a_viewer_beyond_the_table_is_refused() {
    view_refused(
        &in_build(),
        seat(0),
        "/viewer",
        json!({ "seat": 5 }),
        "viewer: seat 5 is not at a 3-player table",
    );
}

#[test]
fn era_3_a_view_with_a_table_size_out_of_range_is_refused() {
    view_refused(&in_build(), seat(0), "/config/players", json!(9), "ERA-3");
}

#[test]
fn era_5_a_layout_hidden_after_the_layout_is_refused() {
    view_refused(
        &in_build(),
        seat(0),
        "/seats/1/domain",
        Value::Null,
        "players[1].domain: hidden, but only a layout in progress is secret",
    );
}

#[test]
fn era_5_a_layout_shown_to_another_seat_is_refused() {
    let g = in_layout();
    let own = json_of(&g.view(seat(0)))["seats"][0]["domain"].clone();
    view_refused(
        &g,
        seat(1),
        "/seats/0/domain",
        own,
        "players[0].domain: shown to another seat during the layout",
    );
}

#[test]
fn era_12_dice_hidden_outside_the_roll_are_refused() {
    let mut json = json_of(&in_build().view(seat(0)));
    for field in ["showing_faces", "set_aside_faces", "fixed_faces"] {
        json["seats"][2]["dice"][field] = Value::Null;
    }
    assert_refused::<EraView>(
        json,
        "players[2].dice: hidden outside another player's Roll step",
    );
}

#[test]
fn era_12_dice_shown_to_another_seat_during_the_roll_are_refused() {
    let g = in_roll();
    let none = json!({ "yellow": 0, "gray": 0, "blue": 0, "white": 0 });
    let mut json = json_of(&g.view(Viewer::Spectator));
    let p = &mut json["seats"][1]["dice"];
    for field in ["showing_faces", "set_aside_faces", "fixed_faces"] {
        p[field] = json!([]);
    }
    for field in ["showing", "set_aside", "fixed"] {
        p[field] = none.clone();
    }
    assert_refused::<EraView>(json, "shown to another seat during the Roll step");
}

#[test]
fn dice_shown_without_the_dice_set_aside_are_refused() {
    view_refused(
        &in_build(),
        seat(0),
        "/seats/0/dice/set_aside_faces",
        Value::Null,
        "dice, set_aside: shown or hidden together",
    );
}

#[test]
fn era_12_a_dice_count_that_does_not_match_the_faces_is_refused() {
    view_refused(
        &in_build(),
        seat(0),
        "/seats/0/dice/showing/gray",
        json!(0),
        "dice: the faces show",
    );
}

#[test]
fn era_1_a_view_whose_supply_does_not_add_up_is_refused() {
    view_refused(
        &in_build(),
        Viewer::Spectator,
        "/supply/buildings/farm",
        json!(0),
        "supply: farm",
    );
    // With hidden layouts, the hidden start pieces still count.
    view_refused(
        &in_layout(),
        seat(1),
        "/supply/buildings/farm",
        json!(0),
        "supply: farm",
    );
}

#[test]
fn era_7_a_view_with_overlapping_pieces_is_refused() {
    let g = in_build();
    let walls = json_of(&g.view(seat(1)))["seats"][1]["domain"]["walls"].clone();
    view_refused(
        &g,
        seat(1),
        "/seats/1/domain/scorched",
        walls,
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
    let mut json = json_of(&g.view(Viewer::Spectator));
    for p in json["seats"].as_array_mut().unwrap() {
        p["resources"] = json!({ "goods": 0, "stone": 0, "wood": 0, "food": 0 });
    }
    assert_refused::<EraView>(json, "the victim has no");
}

#[test]
fn era_18_a_view_whose_chosen_piece_cannot_be_built_is_refused() {
    let g = at(3, |g| {
        matches!(
            g.step(),
            Step::Build {
                chosen: Some(_),
                ..
            }
        )
    });
    let Step::Build { turn, .. } = g.step() else {
        panic!("{:?}", g.step())
    };
    let builder = (g.start_player() + usize::from(turn)) % 3;
    view_refused(
        &g,
        Viewer::Spectator,
        &format!("/seats/{builder}/resources"),
        json!({ "goods": 0, "stone": 0, "wood": 0, "food": 0 }),
        "cannot be built (ERA-18)",
    );
}

// ----- round trips -----

#[test]
fn valid_configs_states_and_views_round_trip() {
    let mut spec = RulesetSpec::default();
    spec.dice.yellow[3] = "HH".into();
    assert_round_trips(&EraConfig::new(2));
    assert_round_trips(&EraConfig::with_ruleset(4, Ruleset::new(spec).unwrap()));
    for g in [in_layout(), laid_out(), in_roll(), in_build(), over()] {
        assert_round_trips(&g);
        for v in (0..g.players()).map(seat).chain([Viewer::Spectator]) {
            assert_round_trips(&g.view(v));
        }
    }
}

// ----- corrupted JSON -----

/// The words of Era's encoding, and some that are none.
const WORDS: &[&str] = &[
    "keep",
    "longhouse",
    "townhouse",
    "church",
    "farm",
    "lumber_mill",
    "market",
    "hospital",
    "guildhall",
    "monastery",
    "university",
    "cathedral",
    "wall1",
    "wall4",
    "wall8",
    "wall9",
    "scorched",
    "yellow",
    "gray",
    "blue",
    "white",
    "green",
    "goods",
    "stone",
    "wood",
    "food",
    "a1",
    "e5",
    "i9",
    "k1",
    "j10",
    "layout",
    "start_roll",
    "roll",
    "feathers",
    "monastery",
    "disasters",
    "treachery",
    "fire",
    "build",
    "extort",
    "over",
    "seat",
    "spectator",
    "turn",
    "brigands",
    "revolt",
    "disease",
    "",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    #[test]
    fn corrupted_states_and_views_are_refused_or_safe(
        players in 2usize..=4,
        seed in any::<u64>(),
        steps in 0usize..900,
        edits in 1usize..4,
    ) {
        let g = play(players, seed, steps, |_| false);
        let mut rng = DiceRng::from_seed_u64(seed);
        for text in Corruptor::new(WORDS).corrupted_positions(&g, edits, &mut rng) {
            check_decoded::<Era>(&text, seed);
        }
    }
}

// ----- counters within reach -----

#[test]
fn era_15_a_culture_total_no_game_reaches_is_refused() {
    // Once accepted, and its total turned negative in the final result.
    state_refused(
        &over(),
        "/players/0/culture",
        json!(u32::MAX),
        "players[0].culture: 4294967295, but a game of 100000 rounds reaches at most",
    );
}

#[test]
fn era_21_a_disaster_total_no_game_reaches_is_refused() {
    state_refused(
        &in_build(),
        "/players/1/disaster",
        json!(4_000_000_000u32),
        "players[1].disaster: 4000000000, but a game of 100000 rounds reaches at most",
    );
}

#[test]
fn era_22_a_round_beyond_any_game_is_refused() {
    state_refused(
        &in_build(),
        "/round",
        json!(u32::MAX),
        "round: 4294967295, but a game is read only up to round 100000",
    );
}

#[test]
fn era_18_more_pieces_to_build_than_hammers_shown_is_refused() {
    let g = in_build();
    let turn = match g.step() {
        Step::Build { turn, .. } => Some(turn),
        _ => None,
    }
    .unwrap();
    state_refused(
        &g,
        "/step",
        json!({ "build": { "turn": turn, "hammers": 255, "chosen": null } }),
        "step: 255 pieces to build, but the builder's dice show",
    );
}

#[test]
fn every_refusal_names_its_rule() {
    let g = in_roll();
    let mut rolling = g.clone();
    rolling.apply(era_rules::Action::Done).unwrap();
    assert_eq!(rolling.to_move(), ToMove::Chance);
    let err = rolling
        .apply(era_rules::Action::Pay)
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("ERA-"), "{err}");
    let err = g
        .clone()
        .apply_chance(era_rules::Chance::StartRoll([None; 4]))
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("ERA-"), "{err}");
}
