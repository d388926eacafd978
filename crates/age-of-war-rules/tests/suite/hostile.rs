//! Hostile input: every deserialised config, action, chance outcome, table,
//! state and view is either refused with an error naming what is wrong, or
//! a value the engine plays on without panicking.

use super::common;

use age_of_war_rules::dice::{DICE, Face, Roll};
use age_of_war_rules::line::LineSet;
use age_of_war_rules::scoring::result;
use age_of_war_rules::table::{Place, Table};
use age_of_war_rules::{Action, AgeOfWar, AgeOfWarConfig, Castle, Chance};
use common::{fill, plays, reached, roll};
use dice_core::seat::TurnOrder;
use dice_core::testkit::json::{
    Corruptor, assert_refused, assert_round_trips, check_decoded, edited,
};
use dice_core::{DiceRng, Game, Record, ToMove, Viewer};
use proptest::prelude::*;
use serde_json::{Value, json};

/// A mid-turn position: three players, player 1 holds Edo, player 0 is
/// stealing it with the special line and `3 inf` filled, one die lost, four
/// dice rolled.
fn mid_turn() -> Value {
    let mut table = vec![json!("centre"); 14];
    if let Some(edo) = table.get_mut(Castle::Edo.index()) {
        *edo = json!({"player": 1});
    }
    json!({
        "config": {"players": 3},
        "table": table,
        "current": 0,
        "phase": "choosing",
        "target": "edo",
        "filled": [0, 3],
        "placed": 2,
        "lost": 1,
        "roll": ["archery", "archery", "cavalry", "daimyo"],
    })
}

/// A state's JSON as the engine writes it.
#[allow(
    clippy::unwrap_used,
    reason = "a test helper: a failure is a test failure"
)]
fn written(json: Value) -> Value {
    serde_json::to_value(serde_json::from_value::<age_of_war_rules::AgeOfWar>(json).unwrap())
        .unwrap()
}

/// `mid_turn` with the values at these JSON pointers replaced.
fn mid_turn_with(edits: &[(&str, Value)]) -> Value {
    edits.iter().fold(mid_turn(), |json, (pointer, value)| {
        edited(&json, pointer, value.clone())
    })
}

/// `mid_turn` with another turn on the same table: the fields of `turn`
/// (any of `target`, `filled`, `placed`, `lost` and `roll`) replaced.
fn mid_turn_of(turn: Value) -> Value {
    let mut json = mid_turn();
    if let (Some(state), Value::Object(fields)) = (json.as_object_mut(), turn) {
        state.extend(fields);
    }
    json
}

/// A state refused both as a state and as a view (the view is the state),
/// with an error that says `why`.
fn state_refused(json: Value, why: &str) {
    assert_refused::<AgeOfWar>(json.clone(), why);
    assert_refused::<<AgeOfWar as Game>::View>(json, why);
}

#[test]
fn the_mid_turn_position_is_accepted() {
    let state: AgeOfWar = serde_json::from_value(mid_turn()).unwrap();
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    assert_eq!(
        legal,
        [fill(Castle::Edo, 1), fill(Castle::Edo, 2), Action::LoseDie]
    );
}

// Config.

#[test]
fn aow_4_configs_outside_two_to_six_players_are_refused() {
    for players in [0, 1, 7, 1_000_000] {
        assert_refused::<AgeOfWarConfig>(
            json!({"players": players}),
            &format!("AOW-4: Age of War is for 2 to 6 players, not {players}"),
        );
    }
    assert_refused::<AgeOfWarConfig>(json!({"players": -1}), "invalid value");
    assert_refused::<AgeOfWarConfig>(json!({"players": 3, "teams": true}), "unknown field");
    assert_refused::<AgeOfWarConfig>(json!({"players": null}), "invalid type: null");
}

#[test]
fn aow_4_a_record_with_seven_players_is_refused_when_read() {
    let record = json!({
        "game": "age-of-war", "format": 1, "config": {"players": 7}, "seed": 1, "log": []
    });
    assert_refused::<Record<AgeOfWar>>(record, "AOW-4: Age of War is for 2 to 6 players, not 7");
}

#[test]
fn aow_4_a_state_with_seven_players_is_refused() {
    state_refused(
        mid_turn_with(&[("/config/players", json!(7))]),
        "AOW-4: Age of War is for 2 to 6 players, not 7",
    );
}

// Actions and chance outcomes.

#[test]
fn aow_2_actions_on_lines_a_castle_does_not_have_are_refused() {
    for (castle, line, refusal) in [
        ("odani", 2, "AOW-2: Odani has no line 2"),
        ("kumamoto", 0, "AOW-2: Kumamoto has no line 0"),
        ("gifu", 255, "AOW-2: Gifu has no line 255"),
        ("gifu", 256, "invalid value"),
        ("osaka", 1, "unknown variant `osaka`"),
    ] {
        let action = json!({"fill": {"castle": castle, "line": line}});
        assert_refused::<Action>(action, refusal);
    }
    assert_refused::<Action>(json!("pass"), "unknown variant `pass`");
}

#[test]
fn aow_4_a_first_player_beyond_any_table_is_refused() {
    assert_refused::<Chance>(
        json!({"first_player": 6}),
        "AOW-4: first player seat 6 is at no table",
    );
    assert_refused::<Chance>(
        json!({"first_player": u64::MAX}),
        &format!("first player seat {} is at no table", u64::MAX),
    );
}

#[test]
fn aow_5_a_roll_of_no_dice_is_no_chance_outcome() {
    assert_refused::<Chance>(json!({"roll": []}), "AOW-5: a roll shows at least one die");
}

#[test]
fn aow_1_a_roll_of_more_than_seven_dice_is_refused() {
    assert_refused::<Chance>(
        json!({"roll": vec!["daimyo"; 8]}),
        "AOW-1: a roll has at most 7 dice, not 8",
    );
    // A huge list is counted, not stored.
    assert_refused::<Roll>(
        json!(vec!["infantry1"; 100_000]),
        "AOW-1: a roll has at most 7 dice, not 100000",
    );
    state_refused(
        mid_turn_with(&[("/roll", json!(vec!["archery"; 9]))]),
        "AOW-1: a roll has at most 7 dice, not 9",
    );
}

#[test]
fn aow_1_faces_no_die_shows_are_refused() {
    assert_refused::<Roll>(json!(["daimyo", "ninja"]), "unknown variant `ninja`");
    assert_refused::<Roll>(json!([3]), "invalid type");
    state_refused(
        mid_turn_with(&[(
            "/roll",
            json!(["archery", "archery", "cavalry", "infantry4"]),
        )]),
        "unknown variant `infantry4`",
    );
}

// Tables.

#[test]
fn aow_4_a_castle_held_by_a_seat_beyond_any_table_is_refused() {
    let mut table = vec![json!("centre"); 14];
    table[Castle::Gifu.index()] = json!({"player": 9});
    assert_refused::<Table>(
        json!(table),
        "AOW-4: Gifu is held by seat 9, but a table has at most 6 seats",
    );
    state_refused(
        mid_turn_with(&[("/table/3", json!({"player": usize::MAX}))]),
        &format!("Gifu is held by seat {}", usize::MAX),
    );
}

#[test]
fn aow_10_a_castle_held_by_a_seat_not_at_this_table_is_refused() {
    state_refused(
        mid_turn_with(&[("/table/3", json!({"player": 3}))]),
        "AOW-10: Gifu is held by seat 3, but the table has 3 seats",
    );
}

#[test]
fn aow_10_a_castle_is_in_one_place_so_a_table_lists_exactly_fourteen() {
    // The table is one place per castle in table order: a castle cannot be
    // both in the centre and held, and a list of any other length is refused.
    let mut fifteen = vec![json!("centre"); 14];
    fifteen.push(json!({"player": 1}));
    assert_refused::<Table>(json!(fifteen), "invalid length 15");
    assert_refused::<Table>(json!(vec![json!("centre"); 13]), "invalid length 13");
    let mut state = mid_turn();
    state["table"] = json!(fifteen);
    state_refused(state, "invalid length 15");
    // By name, every castle exactly once.
    let mut state = written(mid_turn());
    state["table"].as_object_mut().unwrap().remove("edo");
    state_refused(state, "AOW-2: the place of Edo is missing");
    let text = written(mid_turn())
        .to_string()
        .replace("\"table\":{", "\"table\":{\"edo\":\"centre\",");
    let err = serde_json::from_str::<AgeOfWar>(&text)
        .unwrap_err()
        .to_string();
    assert!(err.contains("AOW-2: Edo is listed twice"), "{err}");
}

#[test]
fn aow_2_the_table_is_written_by_castle_name_in_table_order() {
    let state = written(mid_turn());
    assert_eq!(state["table"]["edo"], json!({"player": 1}));
    assert_eq!(state["table"].as_object().unwrap().len(), 14);
    let text = serde_json::to_string(
        &serde_json::from_value::<age_of_war_rules::AgeOfWar>(mid_turn()).unwrap(),
    )
    .unwrap();
    assert!(
        text.contains(r#""table":{"azuchi":"centre","matsumoto":"centre""#),
        "{text}"
    );
    assert!(
        text.contains(r#""marugame":"centre","kumamoto":"centre"}"#),
        "{text}"
    );
}

// States (and views, which are states).

#[test]
fn aow_4_a_player_to_move_not_at_the_table_is_refused() {
    state_refused(
        mid_turn_with(&[("/current", json!(5))]),
        "AOW-4: player 5 to move is not at the table",
    );
}

#[test]
fn aow_4_before_the_first_player_is_drawn_the_table_is_as_set_up() {
    state_refused(
        mid_turn_with(&[("/phase", json!("first_player"))]),
        "AOW-4: before the first player is drawn the table must be as set up",
    );
}

#[test]
fn aow_1_more_than_seven_dice_placed_and_lost_are_refused() {
    state_refused(
        mid_turn_with(&[("/lost", json!(5))]),
        "AOW-1: 2 dice placed and 5 lost leave none of the seven in hand",
    );
    state_refused(
        mid_turn_with(&[("/lost", json!(255))]),
        "AOW-1: 2 dice placed and 255 lost leave none of the seven in hand",
    );
    state_refused(mid_turn_with(&[("/placed", json!(256))]), "invalid value");
}

#[test]
fn aow_5_a_roll_that_does_not_match_the_dice_in_hand_is_refused() {
    state_refused(
        mid_turn_with(&[("/roll", json!(["archery"]))]),
        "AOW-5: the roll shows 1 dice, but 4 are in hand",
    );
    state_refused(
        mid_turn_with(&[("/phase", json!("rolling"))]),
        "AOW-5: the roll shows 4 dice, but the dice in hand are still to be rolled",
    );
}

#[test]
fn aow_6_a_line_filled_twice_is_refused() {
    state_refused(
        mid_turn_with(&[("/filled", json!([0, 3, 3]))]),
        "AOW-6: line 3 is listed twice",
    );
    assert_refused::<LineSet>(json!([1, 1]), "AOW-6: line 1 is listed twice");
}

#[test]
fn aow_2_a_filled_line_no_castle_has_is_refused() {
    state_refused(
        mid_turn_with(&[("/filled", json!([0, 5]))]),
        "AOW-2: line 5 does not exist",
    );
    assert_refused::<LineSet>(json!([-1]), "invalid value");
}

#[test]
fn aow_6_fewer_dice_placed_than_the_filled_lines_need_are_refused() {
    state_refused(
        mid_turn_of(json!({
            "placed": 1, "roll": ["archery", "archery", "cavalry", "daimyo", "daimyo"],
        })),
        "AOW-6: 1 dice placed cannot fill the filled lines",
    );
}

#[test]
fn aow_6_more_dice_placed_than_the_filled_lines_take_are_refused() {
    // Edo's special `D` and `3 inf` take at most 1 + 3 dice. This state used
    // to be accepted.
    state_refused(
        mid_turn_of(json!({ "placed": 5, "lost": 0, "roll": ["archery", "cavalry"] })),
        "AOW-6: 5 dice placed, but the filled lines take at most 4",
    );
    // A symbol line takes exactly its symbols: `D` is one die.
    state_refused(
        mid_turn_of(json!({
            "filled": [0], "lost": 0, "roll": ["archery", "cavalry", "daimyo", "daimyo", "daimyo"],
        })),
        "AOW-6: 2 dice placed, but the filled lines take at most 1",
    );
}

#[test]
fn aow_7_lines_filled_without_a_committed_castle_are_refused() {
    state_refused(
        mid_turn_with(&[("/target", json!(null))]),
        "AOW-7: the committed castle and the filled lines disagree",
    );
    state_refused(
        mid_turn_of(json!({
            "filled": [], "placed": 0,
            "roll": ["archery", "archery", "cavalry", "daimyo", "daimyo", "daimyo"],
        })),
        "AOW-7",
    );
}

#[test]
fn aow_9_a_committed_castle_the_player_may_not_attack_is_refused() {
    // Player 1 to move holds Edo.
    state_refused(
        mid_turn_with(&[("/current", json!(1))]),
        "AOW-9: the player to move may not attack Edo",
    );
    // Kumamoto held by player 2 is face down (Shimazu conquered).
    let attack = mid_turn_of(json!({
        "target": "kumamoto", "filled": [2], "placed": 1, "lost": 0, "roll": vec!["daimyo"; 6],
    }));
    state_refused(
        edited(&attack, "/table/13", json!({"player": 2})),
        "AOW-9: the player to move may not attack Kumamoto",
    );
}

#[test]
fn aow_8_filled_lines_that_do_not_fit_the_castle_are_refused() {
    // The special line of a castle in the centre is never filled (AOW-9).
    state_refused(
        mid_turn_of(json!({
            "target": "odani", "filled": [0], "placed": 1, "lost": 0, "roll": vec!["daimyo"; 6],
        })),
        "AOW-8: the filled lines {0} do not fit the committed castle",
    );
    // Every required line filled, yet the turn goes on.
    state_refused(
        mid_turn_of(json!({
            "filled": [0, 1, 2, 3], "placed": 5, "lost": 0, "roll": ["archery", "archery"],
        })),
        "AOW-8",
    );
}

#[test]
fn aow_12_no_turn_goes_on_once_the_centre_is_empty() {
    state_refused(
        mid_turn_with(&[("/table", json!(vec![json!({"player": 2}); 14]))]),
        "AOW-12: the centre is empty, so no turn can be in progress",
    );
}

#[test]
fn aow_12_a_finished_game_ends_on_a_conquest_by_the_player_to_move() {
    let finished = |current: usize| {
        let mut table = vec![json!({"player": 0}); 14];
        table[Castle::Edo.index()] = json!({"player": 1});
        json!({
            "config": {"players": 3}, "table": table, "current": current,
            "phase": "rolling", "target": null, "filled": [], "placed": 0, "lost": 0, "roll": [],
        })
    };
    let end: AgeOfWar = serde_json::from_value(finished(1)).unwrap();
    assert_eq!(end.to_move(), ToMove::Over);
    assert_eq!(end.result().unwrap().winners(), [0]);
    state_refused(
        finished(2),
        "AOW-12: the game ended on player 2's conquest, but player 2 holds no castle",
    );
}

#[test]
fn a_table_shows_castles_held_by_any_seat_without_counting_up_to_it() {
    // Table::set takes any seat: showing one used to count every seat up to
    // it (and overflow at usize::MAX).
    let mut table = Table::new();
    table.set(Castle::Gifu, Place::Player(usize::MAX));
    table.set(Castle::Odani, Place::Player(1 << 40));
    let shown = table.to_string();
    assert!(
        shown.contains(&format!("player {} (1 point): Odani", 1u64 << 40)),
        "{shown}"
    );
    assert!(
        shown.contains(&format!("player {} (1 point): Gifu", usize::MAX)),
        "{shown}"
    );
}

#[test]
fn actions_refuse_unknown_fields() {
    assert_refused::<Action>(
        json!({"fill": {"castle": "gifu", "line": 1, "dice": 7}}),
        "unknown field `dice`",
    );
}

#[test]
fn states_refuse_unknown_and_missing_fields() {
    let mut state = mid_turn();
    state["history"] = json!([]);
    state_refused(state, "unknown field `history`");
    let mut state = mid_turn();
    state.as_object_mut().unwrap().remove("lost");
    state_refused(state, "missing field `lost`");
    state_refused(
        mid_turn_with(&[("/phase", json!("bidding"))]),
        "unknown variant",
    );
}

// Round trips of valid values.

#[test]
fn valid_configs_actions_outcomes_and_tables_round_trip() {
    for players in 2..=6 {
        assert_round_trips(&AgeOfWarConfig::new(players));
        assert_round_trips(&Chance::FirstPlayer(players - 1));
    }
    let game = AgeOfWar::new(&AgeOfWarConfig::default()).unwrap();
    for id in 0..game.action_id_bound() {
        if let Some(action) = game.action_from_id(id) {
            assert_round_trips(&action);
        }
    }
    // Every roll of 7 down to 1 dice, losing a die after each.
    let mut game = game.clone();
    game.apply_chance(Chance::FirstPlayer(0)).unwrap();
    let mut outcomes = Vec::new();
    for in_hand in (1..=DICE).rev() {
        assert_eq!(game.turn().in_hand(), in_hand);
        game.chance_outcomes(&mut outcomes);
        assert!(!outcomes.is_empty());
        for (outcome, _) in &outcomes {
            assert_round_trips(outcome);
        }
        let daimyo = Roll::from_faces(&vec![Face::Daimyo; usize::from(in_hand)]);
        game.apply_chance(Chance::Roll(daimyo.unwrap())).unwrap();
        game.apply(Action::LoseDie).unwrap();
    }
    assert_round_trips(&roll("1 2 3 A C D D"));
    let mut table = Table::new();
    table.set(Castle::Kumamoto, Place::Player(5));
    table.set(Castle::Edo, Place::Player(0));
    assert_round_trips(&table);
}

#[test]
fn valid_states_and_views_round_trip_and_determinize_to_valid_states() {
    for seed in 0..5u64 {
        let players = 2 + usize::try_from(seed).unwrap();
        common::random_game(common::new_game(players), seed, |state| {
            assert_round_trips(state);
            for viewer in viewers(state) {
                let view = state.view(viewer);
                assert_round_trips(&view);
                let mut rng = DiceRng::from_seed_u64(seed);
                let sampled = AgeOfWar::determinize(&view, &mut rng).unwrap();
                assert_eq!(&sampled, state);
            }
        });
    }
}

// Random corruptions of reachable states, views, actions and outcomes.

/// Every seat of the table and a spectator.
fn viewers(state: &AgeOfWar) -> impl Iterator<Item = Viewer> {
    (0..state.players())
        .map(Viewer::Seat)
        .chain(std::iter::once(Viewer::Spectator))
}

/// Strings a hostile peer might write: every name of the encoding and some
/// that are none.
const WORDS: &[&str] = &[
    "centre",
    "player",
    "first_player",
    "rolling",
    "choosing",
    "roll",
    "fill",
    "lose_die",
    "odani",
    "kumamoto",
    "edo",
    "gifu",
    "daimyo",
    "infantry1",
    "infantry3",
    "archery",
    "cavalry",
    "",
    "ninja",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn corrupted_actions_and_outcomes_are_refused_or_checked(
        seed in any::<u64>(),
        steps in 0usize..300,
    ) {
        let state = reached(3, seed, steps);
        let corruptor = Corruptor::new(WORDS);
        let mut rng = DiceRng::from_seed_u64(seed);
        let mut legal = Vec::new();
        let mut outcomes = Vec::new();
        state.legal_actions(&mut legal);
        state.chance_outcomes(&mut outcomes);
        let mut texts: Vec<Value> = legal.iter().map(|a| serde_json::to_value(a).unwrap()).collect();
        texts.extend(outcomes.iter().take(20).map(|(c, _)| serde_json::to_value(c).unwrap()));
        for mut json in texts {
            corruptor.mutate_value(&mut json, &mut rng);
            if let Ok(action) = serde_json::from_value::<Action>(json.clone()) {
                prop_assert!(state.action_id(&action).is_some());
                let mut after = state.clone();
                if after.apply(action).is_err() {
                    prop_assert_eq!(&after, &state);
                }
            }
            if let Ok(outcome) = serde_json::from_value::<Chance>(json) {
                let mut after = state.clone();
                if after.apply_chance(outcome).is_err() {
                    prop_assert_eq!(&after, &state);
                }
            }
        }
    }

    #[test]
    fn corrupted_states_and_views_are_refused_or_play_on(
        (players, seed, steps) in plays(300),
        edits in 1usize..4,
    ) {
        let state = reached(players, seed, steps);
        let mut rng = DiceRng::from_seed_u64(seed ^ 0x5eed);
        for text in Corruptor::new(WORDS).corrupted_positions(&state, edits, &mut rng) {
            check_decoded::<AgeOfWar>(&text, seed);
            // What only Age of War offers: the text of a decoded state, its
            // result, and the solver's move once a castle is chosen (solving
            // one castle is cheap; before committing it solves all 14).
            if let Ok(decoded) = serde_json::from_str::<AgeOfWar>(&text) {
                let _ = decoded.to_string();
                prop_assert_eq!(decoded.result().is_some(), decoded.to_move() == ToMove::Over);
                if decoded.turn().target().is_some() {
                    if let Some(best) = age_of_war_rules::solver::best_action(&decoded) {
                        prop_assert!(decoded.is_legal(&best));
                    }
                }
            }
            // The parts on their own never panic either.
            if let Ok(value) = serde_json::from_str::<Value>(&text) {
                let _ = serde_json::from_value::<Table>(value["table"].clone());
                let _ = serde_json::from_value::<Roll>(value["roll"].clone())
                    .map(|roll| roll.to_string());
                let _ = serde_json::from_value::<AgeOfWarConfig>(value["config"].clone());
            }
        }
    }
}

#[test]
fn aow_13_scoring_counts_only_the_seats_of_the_table() {
    let mut table = Table::new();
    table.set(Castle::Edo, Place::Player(5));
    table.set(Castle::Gifu, Place::Player(usize::MAX));
    let outcome = result(&table, TurnOrder::new(6).unwrap());
    assert_eq!(outcome.scores(), &[0, 0, 0, 0, 0, 3], "Edo is worth 3");
    assert_eq!(outcome.winners(), &[5]);
}
