//! Age of War's exact chance of conquering next to each legal action of
//! the seat to move: what the reference server adds to an update
//! (`conquest_odds`) and the JavaScript package's `State.conquestOdds()`
//! answers, computed once here for both.
//!
//! Age of War has no hidden part: its view is the whole table, which every
//! seat and spectator sees alike. The chances come from the table alone,
//! by the rules crate's solver, so they tell a seat nothing it could not
//! compute itself.

use std::sync::OnceLock;

use age_of_war_rules::AgeOfWar;
use age_of_war_rules::solver::OddsTable;
use dice_core::{Game, Prob};

use crate::state::AnyState;

/// The chance of conquering if the seat to move takes `action` and then
/// plays on as well as it can. Its JSON is the wire's
/// `{"action": 3, "chance": "67/144", "percent": "46.53"}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConquestOdds {
    /// The action's id.
    pub action: u32,
    /// The exact chance.
    pub chance: Prob,
}

impl ConquestOdds {
    /// The chance as a percentage with two decimals, rounded half up in
    /// integers (`"33.33"`), as a page shows it.
    pub fn percent(&self) -> String {
        let (numer, denom) = (self.chance.numer(), self.chance.denom());
        let hundredths = numer
            .saturating_mul(20_000)
            .checked_div(denom)
            .map_or(0, |twice| twice.saturating_add(1) / 2);
        format!("{}.{:02}", hundredths / 100, hundredths % 100)
    }
}

impl serde::Serialize for ConquestOdds {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut odds = serializer.serialize_struct("ConquestOdds", 3)?;
        odds.serialize_field("action", &self.action)?;
        odds.serialize_field("chance", &self.chance)?;
        odds.serialize_field("percent", &self.percent())?;
        odds.end()
    }
}

/// The fourteen castles solved once (about 10 ms) and kept: every later
/// position is answered from it.
fn odds_table() -> &'static OddsTable {
    static TABLE: OnceLock<OddsTable> = OnceLock::new();
    TABLE.get_or_init(OddsTable::new)
}

/// One chance per legal action of the seat to move on `table`, in id
/// order; none when no seat is to move.
pub fn conquest_odds(table: &AgeOfWar) -> Vec<ConquestOdds> {
    let mut odds: Vec<ConquestOdds> = odds_table()
        .action_odds(table)
        .into_iter()
        .filter_map(|(action, chance)| {
            Some(ConquestOdds {
                action: table.action_id(&action)?,
                chance,
            })
        })
        .collect();
    odds.sort_by_key(|o| o.action);
    odds
}

/// [`conquest_odds`] of a state the registry made; `None` when it is not
/// an Age of War state.
pub fn conquest_odds_of(state: &dyn AnyState) -> Option<Vec<ConquestOdds>> {
    state.engine::<AgeOfWar>().map(conquest_odds)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, reason = "a failure is a test failure")]
mod tests {
    use dice_core::{DiceRng, Prob, ToMove};

    use super::{ConquestOdds, conquest_odds_of};

    fn percent(numer: u128, denom: u128) -> String {
        ConquestOdds {
            action: 0,
            chance: Prob::new(numer, denom).unwrap(),
        }
        .percent()
    }

    #[test]
    fn percentages_round_half_up_in_integers() {
        assert_eq!(percent(1, 3), "33.33");
        assert_eq!(percent(2, 3), "66.67");
        assert_eq!(percent(1, 1), "100.00");
        assert_eq!(percent(0, 7), "0.00");
        assert_eq!(percent(1, 8), "12.50");
        assert_eq!(percent(1, 16), "6.25");
        // 0.005% is half a hundredth: up; a little less: down.
        assert_eq!(percent(1, 20_000), "0.01");
        assert_eq!(percent(1, 20_001), "0.00");
    }

    #[test]
    fn aow_a_chance_per_legal_action_of_the_seat_to_move_and_none_for_other_games() {
        let game = crate::registry::load_game("age-of-war(players=2)").unwrap();
        let mut state = game.new_initial_state();
        let mut rng = DiceRng::from_seed_u64(7);
        while state.to_move() == ToMove::Chance {
            state.apply_sampled_chance(&mut rng).unwrap();
        }
        let odds = conquest_odds_of(state.as_ref()).unwrap();
        let legal = state.legal_actions();
        assert!(!legal.is_empty());
        assert_eq!(odds.iter().map(|o| o.action).collect::<Vec<_>>(), legal);
        assert!(odds.iter().all(|o| o.chance <= Prob::ONE));
        let first = serde_json::to_value(odds[0]).unwrap();
        let chance = format!("{}/{}", odds[0].chance.numer(), odds[0].chance.denom());
        assert_eq!(
            first,
            serde_json::json!({"action": odds[0].action, "chance": chance, "percent": odds[0].percent()})
        );
        // At a chance node nobody is to move: no chances.
        let start = game.new_initial_state();
        assert_eq!(start.to_move(), ToMove::Chance);
        assert_eq!(conquest_odds_of(start.as_ref()), Some(Vec::new()));
        let pig = crate::registry::load_game("pig")
            .unwrap()
            .new_initial_state();
        assert_eq!(conquest_odds_of(pig.as_ref()), None);
    }
}
