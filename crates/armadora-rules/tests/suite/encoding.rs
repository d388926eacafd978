//! The record encodings of the architecture doc, exactly, and validated
//! deserialisation.

use super::common;

use armadora_rules::{ADVANCED_ACTION_IDS, BASE_ACTION_IDS};
use armadora_rules::{Action, Armadora, ArmadoraConfig, Chance, Faction, Power, Value};
use common::*;
use dice_core::{Game, Viewer};
use serde_json::json;

#[test]
fn actions_use_the_record_encoding() {
    let cases = [
        (
            warrior("d3", 4),
            json!({"warrior": {"at": "d3", "value": 4}}),
        ),
        (Action::Pass, json!("pass")),
        (Action::Reinforce(sq("d3")), json!({"reinforce": "d3"})),
        (palisade("c2e"), json!({"palisade": "c2e"})),
        (palisade("c2s"), json!({"palisade": "c2s"})),
        (Action::EndTurn, json!("end_turn")),
        (
            power(Power::Mage(sq("d3"))),
            json!({"power": {"mage": "d3"}}),
        ),
        (
            power(Power::Goblin {
                at: sq("d3"),
                value: Value::One,
            }),
            json!({"power": {"goblin": {"at": "d3", "value": 1}}}),
        ),
        (
            power(Power::Orc(ln("c2e"))),
            json!({"power": {"orc": "c2e"}}),
        ),
        (power(Power::Elf(sq("d3"))), json!({"power": {"elf": "d3"}})),
    ];
    for (action, encoded) in cases {
        assert_eq!(serde_json::to_value(action).unwrap(), encoded);
        assert_eq!(serde_json::from_value::<Action>(encoded).unwrap(), action);
    }
}

#[test]
fn arm_14_an_action_displays_what_every_seat_may_know() {
    assert_eq!(
        warrior("d3", 4).to_string(),
        "places a warrior face down on d3"
    );
    assert_eq!(palisade("c2e").to_string(), "places a palisade on c2e");
    assert_eq!(
        Action::EndTurn.to_string(),
        "ends the turn after one palisade"
    );
    // The Goblin's warrior goes face up: its value is public.
    assert_eq!(
        power(Power::Goblin {
            at: sq("a1"),
            value: Value::Two,
        })
        .to_string(),
        "uses the Goblin: a warrior of value 2 face up on a1"
    );
}

#[test]
fn actions_are_written_in_the_text_notation() {
    let cases = [
        (warrior("d3", 4), "warrior d3 4"),
        (Action::Pass, "pass"),
        (Action::Reinforce(sq("d3")), "reinforce d3"),
        (palisade("c2e"), "palisade c2e"),
        (palisade("c2s"), "palisade c2s"),
        (Action::EndTurn, "end turn"),
        (power(Power::Mage(sq("d3"))), "power mage d3"),
        (
            power(Power::Goblin {
                at: sq("d3"),
                value: Value::One,
            }),
            "power goblin d3 1",
        ),
        (power(Power::Orc(ln("c2e"))), "power orc c2e"),
        (power(Power::Elf(sq("d3"))), "power elf d3"),
    ];
    let game = Armadora::new(&ArmadoraConfig::new(2)).unwrap();
    for (action, text) in cases {
        assert_eq!(game.action_text(&action), text);
        assert_eq!(game.action_from_text(text), Ok(action), "{text}");
    }
}

#[test]
fn arm_6_chance_outcomes_are_narrated_in_full() {
    let game = Armadora::new(&ArmadoraConfig::new(2)).unwrap();
    let gold = Chance::Gold([5, 7, 6, 6, 4, 5, 4, 3]);
    assert_eq!(
        game.chance_text(&gold),
        "gold d1:5 b2:7 f2:6 h2:6 a4:4 e4:5 c5:4 g5:3"
    );
    assert_eq!(game.chance_text(&Chance::FirstPlayer(1)), "first player 1");
    // Public: every viewer is told the same.
    for viewer in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator] {
        assert_eq!(game.seen_chance(&gold, viewer), gold);
        assert_eq!(
            game.seen_chance(&gold, viewer).to_string(),
            game.chance_text(&gold)
        );
    }
}

#[test]
fn chance_uses_the_record_encoding() {
    let gold = Chance::Gold([3, 4, 4, 5, 5, 6, 6, 7]);
    assert_eq!(
        serde_json::to_value(gold).unwrap(),
        json!({"gold": [3, 4, 4, 5, 5, 6, 6, 7]})
    );
    assert_eq!(
        serde_json::to_value(Chance::FirstPlayer(2)).unwrap(),
        json!({"first_player": 2})
    );
    assert!(serde_json::from_value::<Chance>(json!({"gold": [3, 4, 4]})).is_err());
}

#[test]
fn config_uses_the_record_encoding_with_defaults() {
    let config = ArmadoraConfig::new(3).advanced(true);
    assert_eq!(
        serde_json::to_value(config).unwrap(),
        json!({"players": 3, "factions": ["orc", "goblin", "elf"], "advanced": true,
               "peek_own": true, "teams": false})
    );
    let parsed: ArmadoraConfig = serde_json::from_value(json!({})).unwrap();
    assert_eq!(parsed, ArmadoraConfig::default());
    let parsed: ArmadoraConfig = serde_json::from_value(
        json!({"players": 2, "factions": ["mage", "elf"], "peek_own": false}),
    )
    .unwrap();
    assert_eq!(parsed.factions(), &[Faction::Mage, Faction::Elf]);
    assert!(!parsed.is_peek_own());
    for bad in [
        json!({"players": 5}),
        json!({"players": 1}),
        json!({"players": 3, "teams": true}),
        json!({"players": 2, "factions": ["orc"]}),
        json!({"players": 2, "colour": "red"}),
    ] {
        assert!(
            serde_json::from_value::<ArmadoraConfig>(bad.clone()).is_err(),
            "{bad}"
        );
    }
}

#[test]
fn action_ids_are_stable_and_cover_the_space() {
    let base = Armadora::new(&ArmadoraConfig::new(2)).unwrap();
    let advanced = Armadora::new(&ArmadoraConfig::new(2).advanced(true)).unwrap();
    assert_eq!(base.action_id_bound(), BASE_ACTION_IDS);
    assert_eq!(advanced.action_id_bound(), ADVANCED_ACTION_IDS);
    // 40 squares x 5 values, pass, end turn and 67 lines; then 40
    // reinforcements, 40 looks, 200 Goblin placements, 67 Orc palisades and
    // 40 arrows.
    assert_eq!((BASE_ACTION_IDS, ADVANCED_ACTION_IDS), (269, 656));
    for id in 0..ADVANCED_ACTION_IDS {
        let action = advanced.action_from_id(id).unwrap();
        assert_eq!(advanced.action_id(&action), Some(id));
        assert_eq!(base.action_from_id(id).is_some(), id < BASE_ACTION_IDS);
    }
    assert_eq!(advanced.action_from_id(ADVANCED_ACTION_IDS), None);
    assert_eq!(base.action_id(&power(Power::Elf(sq("a1")))), None);
    assert_eq!(advanced.action_id(&warrior("a1", 1)), Some(0));
}

#[test]
fn deserialised_states_are_validated() {
    let mut game = started(ArmadoraConfig::new(2), [3, 4, 4, 5, 5, 6, 6, 7], 0);
    game.apply(warrior("d3", 5)).unwrap();
    let good = serde_json::to_value(&game).unwrap();
    assert_eq!(
        serde_json::from_value::<Armadora>(good.clone()).unwrap(),
        game
    );
    let broken = |pointer: &str, value: serde_json::Value| {
        let mut v = good.clone();
        *v.pointer_mut(pointer).unwrap() = value;
        serde_json::from_value::<Armadora>(v)
    };
    let cases = [
        ("a warrior on a mine", "/board/3", good["board"][19].clone()),
        ("a value out of the set", "/board/19/value", json!(4)),
        ("an unknown owner", "/board/19/owner", json!(3)),
        (
            "a territory under 4",
            "/palisades",
            json!(["b1e", "b1s", "a2e", "a2s"]),
        ),
        (
            "not the gold piles",
            "/gold",
            json!([3, 3, 4, 5, 5, 6, 6, 7]),
        ),
        (
            "a passed player to move",
            "/passed",
            json!([false, true, false, false]),
        ),
        (
            "a power token in the base game",
            "/powers",
            json!([1, 0, 0, 0]),
        ),
    ];
    for (what, pointer, value) in cases {
        assert!(broken(pointer, value).is_err(), "{what} accepted");
    }
    let twice = broken("/palisades", json!(["c2e", "c2e"]));
    assert!(twice.unwrap_err().to_string().contains("ARM-2"));
}

#[test]
fn views_round_trip_and_hide_values_in_json() {
    let mut game = started(ArmadoraConfig::new(2), [3, 4, 4, 5, 5, 6, 6, 7], 0);
    game.apply(warrior("d3", 5)).unwrap();
    let view = game.view(Viewer::Seat(1));
    let json = serde_json::to_value(&view).unwrap();
    assert_eq!(json["warriors"]["d3"]["value"], serde_json::Value::Null);
    assert_eq!(json["gold"]["d1"], 3);
    assert_eq!(json["seats"][0]["tiles_left"], 15);
    assert_eq!(json["seats"][1]["faction"], "goblin");
    assert_eq!(json["own_supply"]["5"], 1);
    assert_eq!(
        serde_json::from_value::<armadora_rules::ArmadoraView>(json).unwrap(),
        view
    );
}

#[test]
fn hand_edited_views_are_refused_with_the_reason() {
    let game = started(ArmadoraConfig::new(2), [3, 4, 4, 5, 5, 6, 6, 7], 0)
        .after(warrior("d3", 5))
        .unwrap();
    let good = serde_json::to_value(game.view(Viewer::Seat(0))).unwrap();
    let mut json = good.clone();
    json["warriors"]["d3"]["value"] = json!(250);
    let err = serde_json::from_value::<armadora_rules::ArmadoraView>(json).unwrap_err();
    assert!(err.to_string().contains("warrior value 250"), "{err}");
    let mut json = good;
    json["warriors"]["e3"] = json!({"owner": 3, "value": null, "face_up": false, "arrows": 0,
                               "reinforced": false});
    let err = serde_json::from_value::<armadora_rules::ArmadoraView>(json).unwrap_err();
    assert!(err.to_string().contains("belongs to seat 3"), "{err}");
}

#[test]
fn every_action_reads_back_from_its_text() {
    let game = Armadora::new(&ArmadoraConfig::new(2).advanced(true)).unwrap();
    for id in 0..ADVANCED_ACTION_IDS {
        let action = Action::from_id(id).unwrap();
        let text = game.action_text(&action);
        assert_eq!(game.action_from_text(&text), Ok(action), "{text}");
        assert_eq!(text.parse::<Action>(), Ok(action), "{text}");
    }
}
