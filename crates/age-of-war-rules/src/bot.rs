//! A bot that plays the exact solver's best action.

use dice_core::{Agent, DiceRng, Seat};

use crate::action::Action;
use crate::solver::OddsTable;
use crate::state::AgeOfWar;

/// Plays [`OddsTable::best_action`]: the exact best choice for the castle a
/// turn is committed to, and before committing the target with the highest
/// expected points swing. It looks one turn ahead only: it does not plan
/// which castles to leave for later.
///
/// It calls itself `"solver"`.
///
/// ```
/// use age_of_war_rules::prelude::*;
///
/// let mut m = Match::<AgeOfWar>::new(&AgeOfWarConfig::new(2), 7).unwrap();
/// let mut solver = SolverBot::new();
/// assert_eq!(solver.name(), "solver");
/// let mut agents: [&mut dyn Agent<AgeOfWar>; 2] = [&mut solver, &mut RandomAgent];
/// play_out(&mut m, &mut agents, &mut DiceRng::from_seed_u64(7), 1_000_000).unwrap();
/// assert!(m.state().result().is_some());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SolverBot {
    odds: OddsTable,
}

impl SolverBot {
    /// Solves the odds of all fourteen castles once (about 10 ms).
    pub fn new() -> SolverBot {
        SolverBot {
            odds: OddsTable::new(),
        }
    }
}

impl Agent<AgeOfWar> for SolverBot {
    fn name(&self) -> &'static str {
        "solver"
    }

    fn choose(
        &mut self,
        _seat: Seat,
        view: &AgeOfWar,
        legal: &[Action],
        rng: &mut DiceRng,
    ) -> Option<Action> {
        self.odds
            .best_action(view)
            .filter(|action| legal.contains(action))
            .or_else(|| rng.choose(legal).copied())
    }
}
