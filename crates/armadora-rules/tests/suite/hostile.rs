//! Hostile input: every decoded config, action, chance outcome, state and
//! view is one the rules allow, or is refused with a message naming what is
//! wrong; nothing a stranger sends makes the engine panic.
#![allow(
    clippy::unwrap_used,
    reason = "the positions to corrupt are built by scripts and encoded; a script or an \
              encoding that fails is a broken test, reported by panicking as an assertion does"
)]

use super::common;

use armadora_rules::board::Side;
use armadora_rules::{
    Action, Armadora, ArmadoraConfig, ArmadoraView, Chance, Faction, Line, Square,
};
use common::*;
use dice_core::testkit::json::{
    Corruptor, assert_refused, assert_round_trips, check_decoded, edited,
};
use dice_core::testkit::random_steps;
use dice_core::{DiceRng, Game, ToMove, Viewer};
use proptest::prelude::*;
use serde_json::{Value, json};

/// Two players, seat 0 to move: seat 0 put a 5 on d3 (square 19) and seat
/// 1 a 1 on e3 (square 20).
fn two_warriors() -> Armadora {
    let mut game = started(ArmadoraConfig::new(2), GOLD, 0);
    play(&mut game, 0, warrior("d3", 5));
    play(&mut game, 1, warrior("e3", 1));
    game
}

fn view_json(game: &Armadora, viewer: Viewer) -> Value {
    serde_json::to_value(game.view(viewer)).unwrap()
}

fn state_json(game: &Armadora) -> Value {
    serde_json::to_value(game).unwrap()
}

/// Two-player advanced game with the Elf at seat 0 and the Orc at seat 1,
/// seat 0 to move, the Elf's 4 on d3.
fn elf_game() -> Armadora {
    let config = ArmadoraConfig::new(2)
        .advanced(true)
        .with_factions(&[Faction::Elf, Faction::Orc])
        .unwrap();
    let mut game = started(config, GOLD, 0);
    play(&mut game, 0, warrior("d3", 4));
    play(&mut game, 1, warrior("e3", 1));
    game
}

/// A supply as views write it: the count of each value, `"1"` to `"5"`.
fn supply_json([one, two, three, four, five]: [u8; 5]) -> Value {
    json!({"1": one, "2": two, "3": three, "4": four, "5": five})
}

/// Asserts that `two_warriors`' view for `viewer`, with `value` put at
/// `path`, is refused with an error holding `message`.
fn assert_view_edit_refused(viewer: Viewer, path: &str, value: Value, message: &str) {
    let json = edited(&view_json(&two_warriors(), viewer), path, value);
    assert_refused::<ArmadoraView>(json, message);
}

/// Asserts that `game`'s state, with `value` put at `path`, is refused with
/// an error holding `message`.
fn assert_state_edit_refused(game: &Armadora, path: &str, value: Value, message: &str) {
    assert_refused::<Armadora>(edited(&state_json(game), path, value), message);
}

/// Asserts that seat 0's view of `two_warriors`, its own supply replaced by
/// `counts` of each value, is refused with an error holding `message`.
fn assert_own_supply_refused(counts: [u8; 5], message: &str) {
    assert_view_edit_refused(Viewer::Seat(0), "/own_supply", supply_json(counts), message);
}

// Parts: squares, lines, palisades, square sets, warriors, actions, chance.

#[test]
fn arm_1_square_off_the_board_is_refused() {
    assert_refused::<Action>(json!({"reinforce": "i9"}), "square \"i9\" is off the board");
    assert_refused::<Square>(json!("a6"), "square \"a6\" is off the board");
}

#[test]
fn arm_2_line_on_the_outer_edge_is_refused() {
    assert_refused::<Action>(
        json!({"palisade": "h2e"}),
        "line \"h2e\" is not an interior",
    );
    assert_refused::<Line>(json!("a5s"), "line \"a5s\" is not an interior");
}

#[test]
fn arm_2_palisade_listed_twice_is_refused() {
    assert_state_edit_refused(
        &two_warriors(),
        "/palisades",
        json!(["c2e", "c2e"]),
        "palisade c2e is listed twice",
    );
}

#[test]
fn arm_15_mage_look_listed_twice_is_refused() {
    assert_view_edit_refused(
        Viewer::Spectator,
        "/looked",
        json!(["d3", "d3"]),
        "square d3 is listed twice",
    );
}

#[test]
fn arm_5_action_with_a_warrior_value_out_of_range_is_refused() {
    assert_refused::<Action>(
        json!({"warrior": {"at": "d3", "value": 0}}),
        "warrior value 0 is not 1 to 5",
    );
    assert_refused::<Action>(
        json!({"power": {"goblin": {"at": "d3", "value": 6}}}),
        "warrior value 6 is not 1 to 5",
    );
}

#[test]
fn arm_6_gold_chance_that_is_not_the_eight_piles_is_refused() {
    assert_refused::<Chance>(
        json!({"gold": [7, 7, 4, 5, 5, 6, 6, 7]}),
        "gold [7, 7, 4, 5, 5, 6, 6, 7] is not the piles",
    );
}

#[test]
fn arm_6_first_player_beyond_four_seats_is_refused() {
    assert_refused::<Chance>(json!({"first_player": 4}), "first player 4 is not a seat");
}

#[test]
fn arm_5_warrior_value_out_of_range_in_a_state_is_refused() {
    assert_state_edit_refused(
        &two_warriors(),
        "/board/19/value",
        json!(9),
        "warrior value 9 is not 1 to 5",
    );
    assert_view_edit_refused(
        Viewer::Seat(0),
        "/warriors/d3/value",
        json!(0),
        "warrior value 0 is not 1 to 5",
    );
}

#[test]
fn arm_4_warrior_owner_beyond_four_seats_is_refused() {
    assert_state_edit_refused(
        &two_warriors(),
        "/board/19/owner",
        json!(7),
        "warrior owner 7 is not a seat",
    );
    assert_view_edit_refused(
        Viewer::Seat(1),
        "/warriors/e3/owner",
        json!(usize::MAX),
        "is not a seat",
    );
}

#[test]
fn arm_15_more_arrows_on_a_warrior_than_elf_tokens_is_refused() {
    assert_state_edit_refused(
        &elf_game(),
        "/board/20/arrows",
        json!(3),
        "3 arrows on one warrior but the Elf has 2 tokens",
    );
}

// Configs.

#[test]
fn arm_5_config_player_count_out_of_range_is_refused() {
    assert_refused::<ArmadoraConfig>(json!({"players": 1}), "2 to 4 players, not 1");
    assert_refused::<ArmadoraConfig>(json!({"players": 5}), "2 to 4 players, not 5");
    assert_refused::<ArmadoraConfig>(
        json!({"players": u64::MAX}),
        "2 to 4 players, not 18446744073709551615",
    );
    assert_refused::<ArmadoraConfig>(json!({"players": -2}), "invalid value");
}

#[test]
fn arm_4_config_factions_not_one_per_seat_are_refused() {
    assert_refused::<ArmadoraConfig>(
        json!({"players": 2, "factions": ["orc"]}),
        "1 factions listed for 2 players",
    );
    assert_refused::<ArmadoraConfig>(
        json!({"players": 2, "factions": ["orc", "elf", "mage"]}),
        "3 factions listed for 2 players",
    );
}

#[test]
fn arm_4_config_faction_listed_twice_is_refused() {
    assert_refused::<ArmadoraConfig>(
        json!({"players": 3, "factions": ["elf", "orc", "elf"]}),
        "faction elf is listed twice",
    );
}

#[test]
fn arm_13_config_teams_without_four_players_are_refused() {
    assert_refused::<ArmadoraConfig>(
        json!({"players": 3, "teams": true}),
        "ARM-13: teams are for four players",
    );
}

#[test]
fn config_with_an_unknown_option_is_refused() {
    assert_refused::<ArmadoraConfig>(json!({"players": 2, "colour": "red"}), "unknown field");
    assert_refused::<ArmadoraConfig>(json!({"advanced": "yes"}), "invalid type");
}

// Views.

#[test]
fn arm_1_view_names_every_square_line_seat_and_value() {
    let game = two_warriors();
    let json = view_json(&game, Viewer::Seat(0));
    assert_eq!(json["warriors"]["d3"]["value"], 5);
    assert_eq!(json["warriors"]["e3"]["value"], Value::Null);
    assert_eq!(json["warriors"].as_object().unwrap().len(), 2);
    assert_eq!(json["gold"]["b2"], GOLD[1]);
    assert_eq!(json["seats"][1]["faction"], "goblin");
    assert_eq!(json["own_supply"]["1"], 11);
    assert_eq!(json["palisades_left"], 35);
    // One territory, the whole board, its owners unknown until the end.
    assert_eq!(
        json["territories"][0]["squares"].as_array().unwrap().len(),
        40
    );
    assert_eq!(json["territories"][0]["gold"], 40);
    assert_eq!(json["territories"][0]["owners"], Value::Null);
}

#[test]
fn arm_10_a_finished_view_names_each_territorys_owners() {
    let mut game = two_warriors();
    play(&mut game, 0, Action::Pass);
    play(&mut game, 1, Action::Pass);
    let json = view_json(&game, Viewer::Spectator);
    // The 5 on d3 beats the 1 on e3: seat 0 takes the one territory.
    assert_eq!(json["territories"][0]["owners"], json!([0]));
    let back: ArmadoraView = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(back, game.view(Viewer::Spectator));
    let json = edited(&json, "/territories/0/owners", json!([1]));
    assert_refused::<ArmadoraView>(json, "ARM-3: the territories listed are not those");
}

#[test]
fn arm_6_view_mine_listed_twice_or_missing_is_refused() {
    let json = view_json(&two_warriors(), Viewer::Seat(0));
    let mut missing = json.clone();
    missing["gold"].as_object_mut().unwrap().remove("c5");
    assert_refused::<ArmadoraView>(missing, "ARM-6: the gold on the mine c5 is missing");
    let text = json
        .to_string()
        .replace("\"gold\":{", "\"gold\":{\"d1\":3,");
    let err = serde_json::from_str::<ArmadoraView>(&text).unwrap_err();
    assert!(
        err.to_string()
            .contains("ARM-6: the mine d1 is listed twice"),
        "{err}"
    );
    let mut json = json;
    json["gold"]["a1"] = json!(3);
    assert_refused::<ArmadoraView>(json, "ARM-6: a1 is not a mine");
}

#[test]
fn arm_4_a_seat_not_at_the_table_gets_a_spectator_view() {
    // So every view the engine hands out decodes again.
    let game = two_warriors();
    let view = game.view(Viewer::Seat(5));
    assert_eq!(view, game.view(Viewer::Spectator));
    let back: ArmadoraView = serde_json::from_value(serde_json::to_value(&view).unwrap()).unwrap();
    assert_eq!(back, view);
}

#[test]
fn arm_4_view_of_a_seat_not_at_the_table_is_refused() {
    assert_view_edit_refused(
        Viewer::Seat(1),
        "/viewer",
        json!({"seat": 2}),
        "viewer seat 2 is not at the table of 2",
    );
}

#[test]
fn arm_6_view_seat_to_move_not_at_the_table_is_refused() {
    assert_view_edit_refused(
        Viewer::Seat(0),
        "/current",
        json!(3),
        "seat 3 to move is not at the table of 2",
    );
}

#[test]
fn arm_6_view_gold_that_is_not_the_piles_is_refused() {
    assert_view_edit_refused(
        Viewer::Seat(0),
        "/gold/g5",
        json!(8),
        "gold [3, 4, 4, 5, 5, 6, 6, 8] on the 8 mines",
    );
}

#[test]
fn arm_6_view_gold_before_the_deal_is_refused() {
    let fresh = Armadora::new(&ArmadoraConfig::new(2)).unwrap();
    let mines = ["d1", "b2", "f2", "h2", "a4", "e4", "c5", "g5"];
    let gold: serde_json::Map<String, Value> = mines
        .iter()
        .zip(GOLD)
        .map(|(m, g)| ((*m).to_owned(), json!(g)))
        .collect();
    let json = edited(
        &view_json(&fresh, Viewer::Spectator),
        "/gold",
        Value::Object(gold),
    );
    assert_refused::<ArmadoraView>(json, "on the mines before the deal");
}

/// 37 palisades that leave ten territories of four squares: every south
/// line, and the line between d and e on each row.
fn thirty_seven_palisades() -> Value {
    let lines: Vec<String> = Square::all()
        .filter_map(|s| Line::new(s, Side::South))
        .chain((1..=5).map(|row| ln(&format!("d{row}e"))))
        .map(|l| l.to_string())
        .collect();
    assert_eq!(lines.len(), 37);
    json!(lines)
}

#[test]
fn arm_6_view_with_more_palisades_than_the_supply_is_refused() {
    assert_view_edit_refused(
        Viewer::Seat(0),
        "/palisades",
        thirty_seven_palisades(),
        "37 palisades on the board but the supply is 35",
    );
    assert_state_edit_refused(
        &two_warriors(),
        "/palisades",
        thirty_seven_palisades(),
        "37 palisades on the board but the supply is 35",
    );
}

#[test]
fn arm_4_view_warrior_of_a_seat_not_at_the_table_is_refused() {
    assert_view_edit_refused(
        Viewer::Seat(0),
        "/warriors/e3/owner",
        json!(3),
        "the warrior on e3 belongs to seat 3",
    );
}

#[test]
fn arm_7_view_warrior_on_a_mine_is_refused() {
    let view = view_json(&two_warriors(), Viewer::Seat(1));
    let mut json = view.clone();
    json["warriors"]["d1"] = view["warriors"]["e3"].clone();
    assert_refused::<ArmadoraView>(json, "a warrior stands on the mine d1");
}

#[test]
fn arm_14_view_showing_a_value_its_viewer_may_not_see_is_refused() {
    assert_view_edit_refused(
        Viewer::Seat(1),
        "/warriors/d3/value",
        json!(5),
        "the value of the warrior on d3 is shown, but seat 1 may not see it",
    );
    assert_view_edit_refused(
        Viewer::Spectator,
        "/warriors/e3/value",
        json!(1),
        "but a spectator may not see it",
    );
}

#[test]
fn arm_14_view_hiding_a_value_its_viewer_sees_is_refused() {
    assert_view_edit_refused(
        Viewer::Seat(0),
        "/warriors/d3/value",
        Value::Null,
        "the value of the warrior on d3 is hidden, but seat 0 sees it",
    );
}

#[test]
fn arm_14_seat_view_without_its_own_supply_is_refused() {
    assert_view_edit_refused(
        Viewer::Seat(0),
        "/own_supply",
        Value::Null,
        "seat 0's view lacks its own supply",
    );
}

#[test]
fn arm_14_spectator_view_holding_a_supply_is_refused() {
    assert_view_edit_refused(
        Viewer::Spectator,
        "/own_supply",
        supply_json([10, 2, 1, 1, 1]),
        "a spectator's view holds a supply",
    );
}

#[test]
fn arm_5_view_tiles_left_for_a_seat_not_at_the_table_are_refused() {
    let mut json = view_json(&two_warriors(), Viewer::Spectator);
    let mut third = json["seats"][1].clone();
    third["seat"] = json!(2);
    third["tiles_left"] = json!(3);
    json["seats"].as_array_mut().unwrap().push(third);
    assert_refused::<ArmadoraView>(json, "ARM-4: 3 seats listed at a table of 2");
}

#[test]
fn arm_5_view_with_more_warriors_than_the_set_is_refused() {
    assert_view_edit_refused(
        Viewer::Spectator,
        "/seats/1/tiles_left",
        json!(16),
        "seat 1 has 17 warriors (1 placed, 16 left) but each player has 16 at a table of 2",
    );
}

#[test]
fn arm_5_view_supply_not_matching_the_tiles_left_is_refused() {
    assert_own_supply_refused(
        [10, 2, 1, 1, 0],
        "seat 0's supply holds 14 tiles but 15 are left",
    );
}

#[test]
fn arm_5_view_showing_more_of_a_value_than_the_set_is_refused() {
    // Seat 0's 5 is on d3; a second 5 in its supply is one too many.
    assert_own_supply_refused(
        [10, 2, 1, 1, 1],
        "seat 0 shows 2 warriors of value 5 but has 1",
    );
}

#[test]
fn arm_15_view_no_position_could_show_is_refused() {
    assert_view_edit_refused(
        Viewer::Seat(0),
        "/seats/0/power_tokens",
        json!(1),
        "ARM-15: more power tokens than the faction has",
    );
}

// States: invariants of the advanced game.

#[test]
fn arm_15_arrow_on_a_warrior_of_the_elfs_own_side_is_refused() {
    let json = state_json(&elf_game());
    let json = edited(&json, "/board/19/arrows", json!(1));
    let json = edited(&json, "/powers/0", json!(1));
    assert_refused::<Armadora>(json, "an arrow on a warrior of the Elf's own side");
}

#[test]
fn arm_15_reinforcement_in_a_territory_not_full_is_refused() {
    let json = state_json(&elf_game());
    let json = edited(&json, "/board/19/reinforced", json!(true));
    let json = edited(&json, "/reinforcements/0", json!(false));
    assert_refused::<Armadora>(json, "a reinforcement in a territory that is not full");
}

#[test]
fn arm_15_turn_after_a_power_with_no_token_spent_is_refused() {
    assert_state_edit_refused(
        &elf_game(),
        "/step",
        json!("after_power"),
        "a power used this turn but the player to move has spent none",
    );
}

#[test]
fn arm_7_second_palisade_with_none_placed_is_refused() {
    assert_state_edit_refused(
        &two_warriors(),
        "/step",
        json!("second_palisade"),
        "waiting for a second palisade with none placed",
    );
}

// Valid values round-trip.

fn config(index: u8) -> ArmadoraConfig {
    let config = match index % 5 {
        0 => ArmadoraConfig::new(2),
        1 => ArmadoraConfig::new(3),
        2 => ArmadoraConfig::new(4),
        3 => ArmadoraConfig::new(4).free_for_all(),
        _ => ArmadoraConfig::new(3).peek_own(false),
    };
    config.advanced(index % 2 == 1)
}

/// Every seat's view and a spectator's.
fn viewers(game: &Armadora) -> Vec<Viewer> {
    (0..game.players())
        .map(Viewer::Seat)
        .chain([Viewer::Spectator])
        .collect()
}

/// A game from `seed` after at most `steps` random legal steps.
fn reached(config: ArmadoraConfig, seed: u64, steps: usize) -> Armadora {
    random_steps(Armadora::new(&config).unwrap(), seed, steps, |_| false)
}

#[test]
fn valid_configs_states_views_actions_and_chance_assert_round_trips() {
    for index in 0..10 {
        for seed in 0..4 {
            let mut game = Armadora::new(&config(index)).unwrap();
            let mut rng = DiceRng::from_seed_u64(seed);
            let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
            assert_round_trips(game.config());
            loop {
                assert_round_trips(&game);
                for viewer in viewers(&game) {
                    assert_round_trips(&game.view(viewer));
                }
                match game.to_move() {
                    ToMove::Over => break,
                    ToMove::Chance => {
                        game.chance_outcomes(&mut outcomes);
                        outcomes
                            .iter()
                            .take(50)
                            .for_each(|(c, _)| assert_round_trips(c));
                        let c = game.sample_chance(&mut rng).unwrap();
                        game.apply_chance(c).unwrap();
                    }
                    ToMove::Player(_) => {
                        game.legal_actions(&mut legal);
                        legal.iter().for_each(assert_round_trips);
                        game.apply(*rng.choose(&legal).unwrap()).unwrap();
                    }
                }
            }
        }
    }
}

// Random corruption of valid JSON.

/// The encodings' own words, and some that are none.
const WORDS: &[&str] = &[
    "a1",
    "d1",
    "h5",
    "i9",
    "c2e",
    "h2e",
    "spectator",
    "seat",
    "deal_gold",
    "draw_first_player",
    "play",
    "over",
    "start",
    "after_power",
    "second_palisade",
    "orc",
    "goblin",
    "elf",
    "mage",
    "warrior",
    "value",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    #[test]
    fn corrupted_states_and_views_are_refused_or_sound(
        index in 0u8..10,
        seed in any::<u64>(),
        steps in 0usize..200,
        corruption in any::<u64>(),
    ) {
        let game = reached(config(index), seed, steps);
        let mut rng = DiceRng::from_seed_u64(corruption);
        let corruptor = Corruptor::new(WORDS);
        for edits in 1..=3 {
            for text in corruptor.corrupted_positions(&game, edits, &mut rng) {
                check_decoded::<Armadora>(&text, corruption);
                if let Ok(view) = serde_json::from_str::<ArmadoraView>(&text) {
                    let _ = view.board_text();
                }
            }
        }
    }
}
