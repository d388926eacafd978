//! The record encodings of the architecture doc, stable action ids, and
//! validation of deserialised states.

use super::common;

use age_of_war_rules::dice::{Face, Roll};
use age_of_war_rules::{Action, AgeOfWar, AgeOfWarConfig, Castle, Chance};
use common::{fill, position_json, roll};
use dice_core::testkit::json::assert_refused;
use dice_core::{Game, Record, replay};
use serde_json::{Value, json};

/// The JSON of each of `values`, in order.
fn wire_forms<T: serde::Serialize>(values: &[T]) -> serde_json::Result<Vec<Value>> {
    values.iter().map(serde_json::to_value).collect()
}

#[test]
fn actions_chance_and_config_use_the_wire_names() {
    assert_eq!(
        serde_json::to_value(fill(Castle::Gassantoda, 2)).unwrap(),
        json!({"fill": {"castle": "gassantoda", "line": 2}})
    );
    assert_eq!(
        serde_json::to_value(Action::LoseDie).unwrap(),
        json!("lose_die")
    );
    assert_eq!(
        serde_json::to_value(Chance::FirstPlayer(2)).unwrap(),
        json!({"first_player": 2})
    );
    assert_eq!(
        serde_json::to_value(Chance::Roll(roll("D C 3 2 A 3 A"))).unwrap(),
        json!({"roll": ["infantry2", "infantry3", "infantry3", "archery", "archery", "cavalry", "daimyo"]})
    );
    assert_eq!(
        serde_json::to_value(AgeOfWarConfig::new(3)).unwrap(),
        json!({"players": 3})
    );
    assert_eq!(
        wire_forms(&Castle::ALL).unwrap(),
        [
            "azuchi",
            "matsumoto",
            "odani",
            "gifu",
            "edo",
            "kiyosu",
            "inuyama",
            "kasugayama",
            "kitanosho",
            "gassantoda",
            "takahashi",
            "matsuyama",
            "marugame",
            "kumamoto"
        ]
    );
    assert_eq!(
        wire_forms(&Face::ALL).unwrap(),
        [
            "infantry1",
            "infantry2",
            "infantry3",
            "archery",
            "cavalry",
            "daimyo"
        ]
    );
}

#[test]
fn rolls_are_read_in_any_order_and_never_above_seven_dice() {
    let a: Chance =
        serde_json::from_value(json!({"roll": ["daimyo", "infantry1", "daimyo"]})).unwrap();
    let b: Chance =
        serde_json::from_value(json!({"roll": ["infantry1", "daimyo", "daimyo"]})).unwrap();
    assert_eq!(a, b);
    assert_eq!(
        a,
        Chance::Roll(Roll::from_faces(&[Face::Daimyo, Face::Daimyo, Face::Infantry1]).unwrap())
    );
    let eight = json!({"roll": ["daimyo", "daimyo", "daimyo", "daimyo", "daimyo", "daimyo", "daimyo", "daimyo"]});
    let err = serde_json::from_value::<Chance>(eight).unwrap_err();
    assert!(err.to_string().contains("AOW-1"), "{err}");
    assert!(serde_json::from_value::<Chance>(json!({"roll": ["ninja"]})).is_err());
    assert!(serde_json::from_value::<AgeOfWarConfig>(json!({"players": 3, "x": 1})).is_err());
    assert!(
        serde_json::from_value::<Action>(json!({"fill": {"castle": "osaka", "line": 1}})).is_err()
    );
}

#[test]
fn action_ids_are_stable_and_round_trip() {
    let game = AgeOfWar::new(&AgeOfWarConfig::new(2)).unwrap();
    assert_eq!(game.action_id_bound(), 71);
    assert_eq!(game.action_id(&Action::LoseDie), Some(70));
    assert_eq!(game.action_id(&fill(Castle::Azuchi, 1)), Some(1));
    assert_eq!(game.action_id(&fill(Castle::Matsumoto, 0)), Some(5));
    assert_eq!(game.action_id(&fill(Castle::Kumamoto, 0)), None);
    assert_eq!(game.action_id(&fill(Castle::Odani, 2)), None);
    let mut count = 0;
    for id in 0..game.action_id_bound() {
        if let Some(a) = game.action_from_id(id) {
            assert_eq!(game.action_id(&a), Some(id));
            count += 1;
        }
    }
    // 13 special lines, 38 printed lines, and losing a die.
    let printed: usize = Castle::ALL
        .iter()
        .map(|castle| castle.printed_lines().len())
        .sum();
    assert_eq!(printed, 38);
    assert_eq!(count, 13 + printed + 1);
    assert_eq!(game.action_from_id(71), None);
}

#[test]
fn aow_4_every_table_size_has_the_same_71_action_ids() {
    for players in 2..=6 {
        let game = AgeOfWar::new(&AgeOfWarConfig::new(players)).unwrap();
        assert_eq!(game.action_id_bound(), 71);
        let named = (0..71).filter_map(|id| game.action_from_id(id)).count();
        assert_eq!(named, 52, "{players} players");
    }
}

#[test]
fn aow_4_a_config_without_players_is_a_two_player_table() {
    let config: AgeOfWarConfig = serde_json::from_value(json!({})).unwrap();
    assert_eq!(config, AgeOfWarConfig::new(2));
    assert_eq!(config.players(), 2);
    assert_eq!(serde_json::to_value(config).unwrap(), json!({"players": 2}));
}

#[test]
fn the_architecture_example_record_replays() {
    let record: Record<AgeOfWar> = serde_json::from_value(json!({
        "game": "age-of-war",
        "format": 1,
        "config": { "players": 3 },
        "seed": 42,
        "log": [
            { "chance": { "first_player": 0 } },
            { "chance": { "roll": ["daimyo", "cavalry", "infantry3", "infantry2", "archery", "infantry3", "archery"] } },
            { "player": 0, "action": { "fill": { "castle": "gassantoda", "line": 2 } } },
            { "action": "lose_die" }
        ]
    }))
    .unwrap();
    let m = replay(&record).unwrap();
    assert_eq!(m.state().turn().target(), Some(Castle::Gassantoda));
    assert_eq!(m.state().turn().lost(), 1);
    // The roll before `lose_die` was drawn from the seed and logged.
    assert_eq!(m.log().len(), 5);
}

#[test]
fn replay_errors_name_the_entry_and_the_rule() {
    let record: Record<AgeOfWar> = serde_json::from_value(json!({
        "game": "age-of-war", "format": 1, "config": { "players": 2 }, "seed": 1,
        "log": [
            { "chance": { "first_player": 1 } },
            { "chance": { "roll": ["daimyo", "daimyo", "daimyo", "daimyo", "daimyo", "daimyo", "daimyo"] } },
            { "player": 1, "action": { "fill": { "castle": "gifu", "line": 0 } } }
        ]
    }))
    .unwrap();
    let err = replay(&record).unwrap_err().to_string();
    assert_eq!(
        err,
        "entry 2: illegal action: AOW-9: the special daimyo line of Gifu is only for taking it from an opponent"
    );
}

/// Player 0 of three about to roll; player 1 holds Edo.
fn state_json() -> Value {
    position_json(3, &[(Castle::Edo, 1)], 0)
}

/// [`state_json`] with the value at each path (keys joined by `/`)
/// replaced, or added where the key is new.
fn state_with<'a>(edits: impl IntoIterator<Item = (&'a str, Value)>) -> Value {
    let mut json = state_json();
    for (path, value) in edits {
        *path.split('/').fold(&mut json, |at, key| &mut at[key]) = value;
    }
    json
}

/// The edits that commit the turn to `castle`, with `lines` filled by
/// `placed` dice.
fn committed(castle: &str, lines: &[u8], placed: u8) -> [(&'static str, Value); 3] {
    [
        ("target", json!(castle)),
        ("filled", json!(lines)),
        ("placed", json!(placed)),
    ]
}

/// The state of [`state_json`] after `edits` is refused, citing `rule`.
fn rejected<'a>(edits: impl IntoIterator<Item = (&'a str, Value)>, rule: &str) {
    assert_refused::<AgeOfWar>(state_with(edits), rule);
}

#[test]
fn states_round_trip_and_broken_states_are_rejected() {
    let state: AgeOfWar = serde_json::from_value(state_json()).unwrap();
    assert_eq!(
        serde_json::from_value::<AgeOfWar>(serde_json::to_value(&state).unwrap()).unwrap(),
        state
    );
    rejected([("config/players", json!(7))], "AOW-4");
    rejected([("table/azuchi", json!({"player": 3}))], "AOW-10");
    rejected([("current", json!(5))], "AOW-4");
    rejected([("phase", json!("first_player"))], "AOW-4");
    rejected([("lost", json!(7))], "AOW-1");
    rejected([("phase", json!("choosing"))], "AOW-5");
    rejected([("roll", json!(["daimyo"]))], "AOW-5");
    rejected([("filled", json!([1]))], "AOW-7");
    rejected(committed("odani", &[0], 1), "AOW-8");
    rejected(committed("edo", &[1], 1), "AOW-6");
    let seat_1 = [("current", json!(1))];
    rejected(seat_1.into_iter().chain(committed("edo", &[1], 2)), "AOW-9");
    let all: Vec<Value> = (0..14).map(|_| json!({"player": 0})).collect();
    rejected([("table", json!(all)), ("lost", json!(1))], "AOW-12");
    rejected([("filled", json!([9]))], "AOW-2");
    rejected([("extra", json!(1))], "unknown field");
    // A consistent mid-turn state is accepted.
    let mut j = state_with(committed("edo", &[0, 3], 2));
    j["lost"] = json!(1);
    j["phase"] = json!("choosing");
    j["roll"] = json!(["archery", "archery", "cavalry", "daimyo"]);
    let state: AgeOfWar = serde_json::from_value(j).unwrap();
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    assert_eq!(
        legal,
        [fill(Castle::Edo, 1), fill(Castle::Edo, 2), Action::LoseDie]
    );
}
