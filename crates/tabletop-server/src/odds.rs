//! Age of War's exact chance of conquering next to each legal action, for
//! the seat to move (`update.conquest_odds`, see `PROTOCOL.md`).
//!
//! Age of War has no hidden part: its view is the whole table (the castles,
//! their owners, the dice rolled and placed), which every seat and
//! spectator sees alike. The chances are computed from that view alone, by
//! the rules crate's solver, so they tell a seat nothing it could not
//! compute itself.

use std::sync::OnceLock;

use serde_json::{Value, json};
use tabletop_engines::age_of_war_rules::AgeOfWar;
use tabletop_engines::age_of_war_rules::solver::OddsTable;
use tabletop_engines::dice_core::Game;

/// The fourteen castles solved once (about 10 ms) and kept: every later
/// position is answered from it.
fn odds_table() -> &'static OddsTable {
    static TABLE: OnceLock<OddsTable> = OnceLock::new();
    TABLE.get_or_init(OddsTable::new)
}

/// The game whose updates carry the field.
const GAME: &str = "age-of-war";

/// Adds `conquest_odds` to an Age of War update that offers legal actions:
/// one `{"action": id, "chance": "numer/denom", "percent": "33.83"}` per
/// legal action, in the order of `legal`. Any other update is left as it is.
pub fn annotate(game: &str, update: &mut Value) {
    if game != GAME {
        return;
    }
    let offers = update
        .get("legal")
        .and_then(Value::as_array)
        .is_some_and(|legal| !legal.is_empty());
    if !offers {
        return;
    }
    let Some(view) = update.get("view") else {
        return;
    };
    let Ok(table) = serde_json::from_value::<AgeOfWar>(view.clone()) else {
        return;
    };
    let mut odds: Vec<Value> = odds_table()
        .action_odds(&table)
        .into_iter()
        .filter_map(|(action, chance)| {
            let id = table.action_id(&action)?;
            Some(json!({
                "action": id,
                "chance": format!("{}/{}", chance.numer(), chance.denom()),
                "percent": percent(chance.numer(), chance.denom()),
            }))
        })
        .collect();
    odds.sort_by_key(|o| o["action"].as_u64());
    if let Some(fields) = update.as_object_mut() {
        fields.insert("conquest_odds".to_owned(), Value::Array(odds));
    }
}

/// `numer / denom` as a percentage with two decimals, rounded half up, in
/// integers.
fn percent(numer: u128, denom: u128) -> String {
    if denom == 0 {
        return "0.00".to_owned();
    }
    let hundredths = numer
        .saturating_mul(20_000)
        .checked_div(denom)
        .map_or(0, |twice| twice.saturating_add(1) / 2);
    format!("{}.{:02}", hundredths / 100, hundredths % 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_round_in_integers() {
        assert_eq!(percent(1, 3), "33.33");
        assert_eq!(percent(2, 3), "66.67");
        assert_eq!(percent(1, 1), "100.00");
        assert_eq!(percent(0, 7), "0.00");
    }

    #[test]
    fn other_games_are_left_alone() {
        let mut update = json!({"legal": [[0, "roll"]], "view": {}});
        annotate("pig", &mut update);
        assert!(update.get("conquest_odds").is_none());
    }

    #[test]
    fn an_age_of_war_seat_to_move_is_told_a_chance_per_legal_action() {
        use tabletop_engines::dice_core::{DiceRng, ToMove, Viewer};
        let game = tabletop_engines::load_game("age-of-war(players=2)").unwrap();
        let mut state = game.new_initial_state();
        let mut rng = DiceRng::from_seed_u64(7);
        while state.to_move() == ToMove::Chance {
            state.apply_sampled_chance(&mut rng).unwrap();
        }
        let ToMove::Player(seat) = state.to_move() else {
            panic!("a seat is to move");
        };
        let mut update: Value =
            serde_json::from_str(&state.update_json(Viewer::Seat(seat), 0)).unwrap();
        annotate("age-of-war", &mut update);
        let legal = update["legal"].as_array().unwrap().len();
        let odds = update["conquest_odds"].as_array().unwrap();
        assert_eq!(odds.len(), legal);
        for (o, l) in odds.iter().zip(update["legal"].as_array().unwrap()) {
            assert_eq!(o["action"], l[0]);
            let chance = o["chance"].as_str().unwrap();
            let (n, d) = chance.split_once('/').unwrap();
            assert!(n.parse::<u128>().unwrap() <= d.parse::<u128>().unwrap());
        }
        // The seat not to move is offered nothing, so told no chances.
        let other = Viewer::Seat(1 - seat);
        let mut update: Value = serde_json::from_str(&state.update_json(other, 0)).unwrap();
        annotate("age-of-war", &mut update);
        assert!(update.get("conquest_odds").is_none());
    }
}
