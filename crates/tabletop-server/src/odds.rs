//! Age of War's exact chance of conquering next to each legal action, for
//! the seat to move (`update.conquest_odds`, see `PROTOCOL.md`), from
//! `tabletop_engines::odds`: the chances come from the view alone, which in
//! Age of War is the whole table every seat and spectator sees, so they
//! tell a seat nothing it could not compute itself.

use serde_json::Value;
use tabletop_engines::age_of_war_rules::AgeOfWar;
use tabletop_engines::odds::conquest_odds;

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
    let Ok(odds) = serde_json::to_value(conquest_odds(&table)) else {
        return;
    };
    if let Some(fields) = update.as_object_mut() {
        fields.insert("conquest_odds".to_owned(), odds);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

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
