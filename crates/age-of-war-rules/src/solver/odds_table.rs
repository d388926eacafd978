//! The odds of all fourteen castles, and the best action they imply.

use dice_core::{Game, ToMove};

use super::castle_odds::{CastleOdds, Choice};
use super::free_turn::FreeTurn;
use super::hand::Hand;
use crate::action::Action;
use crate::castle::Castle;
use crate::dice::Roll;
use crate::per_castle::PerCastle;
use crate::state::AgeOfWar;
use crate::table::Place;

/// Odds for all fourteen castles, solved once and reused: what a bot or a
/// frontend playing many turns keeps.
///
/// ```
/// use age_of_war_rules::Castle;
/// use age_of_war_rules::solver::OddsTable;
///
/// let odds = OddsTable::new();
/// assert_eq!(odds.castle(Castle::Inuyama).conquer(), odds.castle(Castle::Marugame).conquer());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OddsTable {
    castles: PerCastle<CastleOdds>,
}

impl Default for OddsTable {
    fn default() -> Self {
        OddsTable::new()
    }
}

impl OddsTable {
    /// Solves every castle (about 10 ms).
    pub fn new() -> OddsTable {
        OddsTable {
            castles: PerCastle::from_fn(CastleOdds::new),
        }
    }

    /// The odds of one castle.
    pub fn castle(&self, castle: Castle) -> &CastleOdds {
        self.castles.get(castle)
    }

    /// The odds of every castle.
    pub(super) fn castles(&self) -> &PerCastle<CastleOdds> {
        &self.castles
    }

    /// The best action for the player to move (see [`best_action`]).
    pub fn best_action(&self, state: &AgeOfWar) -> Option<Action> {
        let roll = rolled(state)?;
        match state.turn().target() {
            Some(castle) => committed(self.castle(castle), state, roll),
            None => self.best_uncommitted(state, roll),
        }
    }

    /// Before committing: the action with the highest expected swing, where
    /// losing a die is worth the expected swing of best play from one die
    /// fewer, still free to choose any castle.
    fn best_uncommitted(&self, state: &AgeOfWar, roll: Roll) -> Option<Action> {
        let turn = FreeTurn::new(&self.castles, state, |castle| {
            u128::from(swing(state, castle))
        });
        let rolled = Hand::new(roll.dice())?;
        let lose = turn.lose(rolled);
        Some(match turn.best_fill(rolled, roll) {
            Some((action, value)) if value >= lose && value > 0 => action,
            _ => Action::LoseDie,
        })
    }
}

/// The roll the player to move must act on, if a player must act.
pub(super) fn rolled(state: &AgeOfWar) -> Option<Roll> {
    match state.to_move() {
        ToMove::Player(_) => state.turn().roll(),
        ToMove::Chance | ToMove::Over => None,
    }
}

/// The best action on `roll` for the castle the turn is committed to.
fn committed(odds: &CastleOdds, state: &AgeOfWar, roll: Roll) -> Option<Action> {
    let castle = odds.castle();
    let open = state.required_lines(castle).without(state.turn().filled());
    let (choice, _) = odds.best_choice(open, &roll)?;
    Some(match choice {
        Choice::Fill(line) => Action::Fill { castle, line },
        Choice::LoseDie => Action::LoseDie,
    })
}

/// The points `castle` would swing to the player to move if conquered now:
/// what the player gains (its points, or the clan bonus in place of the
/// clan's face-up points when it completes a clan) plus what the opponent
/// holding it loses.
pub fn swing(state: &AgeOfWar, castle: Castle) -> u32 {
    let me = state.current_player();
    let before = *state.table();
    let mut after = before;
    after.set(castle, Place::Player(me));
    let gain = after.score(me).saturating_sub(before.score(me));
    // A castle nobody holds costs nobody anything.
    let loss = before.holder(castle).map_or(0, |victim| {
        before.score(victim).saturating_sub(after.score(victim))
    });
    u32::from(gain).saturating_add(u32::from(loss))
}

/// The best action for the player to move in `state`: for the castle the
/// turn is committed to, the action with the highest chance of conquering
/// it; before committing, the one with the highest expected points swing
/// (see [`swing`]). `None` unless a player must act on a roll.
///
/// Solving one castle is cheap; before committing this solves all fourteen,
/// so a bot playing many turns should keep an [`OddsTable`] instead.
///
/// ```
/// use age_of_war_rules::dice::{Face, Roll};
/// use age_of_war_rules::prelude::*;
/// use age_of_war_rules::solver;
///
/// let mut game = AgeOfWar::new(&AgeOfWarConfig::new(2)).unwrap();
/// game.apply_chance(Chance::FirstPlayer(0)).unwrap();
/// game.apply_chance(Chance::Roll(Roll::from_faces(&[Face::Daimyo; 7]).unwrap())).unwrap();
/// // Seven daimyo: Marugame's `D D` is a sure start.
/// let best = solver::best_action(&game).unwrap();
/// assert!(game.is_legal(&best));
/// ```
pub fn best_action(state: &AgeOfWar) -> Option<Action> {
    match state.turn().target() {
        Some(castle) => committed(&CastleOdds::new(castle), state, rolled(state)?),
        None => OddsTable::new().best_action(state),
    }
}
