//! The exact chance of a conquest this turn after each legal action.

use alloc::vec::Vec;

use dice_core::{Game, Prob};

use super::castle_odds::CastleOdds;
use super::free_turn::FreeTurn;
use super::hand::Hand;
use super::odds_table::{OddsTable, rolled};
use crate::action::Action;
use crate::dice::Roll;
use crate::line::LineSet;
use crate::state::AgeOfWar;

impl OddsTable {
    /// Every legal action of the player to move with the exact chance that
    /// the turn then ends in a conquest (see [`action_odds`]), in
    /// [`legal_actions`](dice_core::Game::legal_actions) order. Empty
    /// unless a player must act on a roll.
    pub fn action_odds(&self, state: &AgeOfWar) -> Vec<(Action, Prob)> {
        match state.turn().target() {
            Some(castle) => committed_odds(self.castle(castle), state),
            None => self.uncommitted_odds(state),
        }
    }

    /// Before the first fill: a fill commits to its castle; losing a die
    /// keeps every target open.
    fn uncommitted_odds(&self, state: &AgeOfWar) -> Vec<(Action, Prob)> {
        let Some(decision) = OnRoll::of(state) else {
            return Vec::new();
        };
        odds_of_legal(state, |action| match action {
            Action::Fill { castle, line } => {
                decision.fill(self.castle(castle), state.required_lines(castle), line)
            }
            Action::LoseDie => {
                let any_conquest =
                    FreeTurn::new(self.castles(), state, |_| 1).lose(decision.rolled);
                decision.after_losing(any_conquest)
            }
        })
    }
}

/// Every legal action of the player to move in `state` with the exact
/// chance that this turn ends in a conquest (AOW-8) when the player takes
/// that action and then plays every later roll of the turn to make that
/// chance as large as possible; in
/// [`legal_actions`](dice_core::Game::legal_actions) order, one entry per
/// legal action. Empty unless a player must act on a roll.
///
/// - A fill commits the turn to its castle (AOW-7), and a committed turn
///   can only conquer that castle: the number is the chance of conquering
///   it this turn. A fill that completes the castle has chance 1; losing
///   the last die has chance 0.
/// - Losing a die before the first fill keeps every target open: the
///   number is the chance of conquering some castle the player may attack
///   (AOW-9, AOW-11), choosing the target on later rolls to make it as
///   large as possible.
///
/// The chances count conquests, not points, and look no further than this
/// turn; [`best_action`](super::best_action) weighs points. Each is an
/// exact fraction (print it with
/// [`Prob::to_f64`](dice_core::Prob::to_f64) for a percentage).
///
/// Before the first fill this solves all fourteen castles (about 10 ms);
/// keep an [`OddsTable`] and call [`OddsTable::action_odds`] to answer
/// many positions.
///
/// ```
/// use age_of_war_rules::dice::{Face, Roll};
/// use age_of_war_rules::prelude::*;
/// use age_of_war_rules::solver;
///
/// let mut game = AgeOfWar::new(&AgeOfWarConfig::new(2)).unwrap();
/// game.apply_chance(Chance::FirstPlayer(0)).unwrap();
/// use Face::*;
/// let roll = Roll::from_faces(&[Daimyo, Cavalry, Infantry3, Infantry2, Archery, Infantry3, Archery]);
/// game.apply_chance(Chance::Roll(roll.unwrap())).unwrap();
/// game.apply(Action::Fill { castle: Castle::Gassantoda, line: 2 }).unwrap();
/// // Committed to Gassantoda, `D` left, four dice in hand; they show no daimyo.
/// let roll = Roll::from_faces(&[Archery, Infantry3, Cavalry, Infantry1]).unwrap();
/// game.apply_chance(Chance::Roll(roll)).unwrap();
/// // Losing a die is the only action: then at least one daimyo in three
/// // dice, or in two after losing another, or in the last one.
/// let odds = solver::action_odds(&game);
/// let miss = Prob::new(5 * 5 * 5 * 5 * 5 * 5, 6 * 6 * 6 * 6 * 6 * 6).unwrap();
/// assert_eq!(odds, [(Action::LoseDie, miss.complement())]);
/// ```
pub fn action_odds(state: &AgeOfWar) -> Vec<(Action, Prob)> {
    match state.turn().target() {
        Some(castle) => committed_odds(&CastleOdds::new(castle), state),
        None => OddsTable::new().action_odds(state),
    }
}

/// After the first fill: every action keeps to the committed castle.
fn committed_odds(odds: &CastleOdds, state: &AgeOfWar) -> Vec<(Action, Prob)> {
    let Some(decision) = OnRoll::of(state) else {
        return Vec::new();
    };
    let open = state
        .required_lines(odds.castle())
        .without(state.turn().filled());
    odds_of_legal(state, |action| match action {
        Action::Fill { line, .. } => decision.fill(odds, open, line),
        Action::LoseDie => decision.after_losing(odds.value(open, decision.kept)),
    })
}

/// `chance(action)` for every legal action of `state`. Each is known for
/// a legal action: its castle and line exist, the roll fills the line, and
/// the dice in hand cover what it places.
fn odds_of_legal(state: &AgeOfWar, chance: impl Fn(Action) -> Option<Prob>) -> Vec<(Action, Prob)> {
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    legal
        .into_iter()
        .filter_map(|action| Some((action, chance(action)?)))
        .collect()
}

/// The roll the player to move acts on.
struct OnRoll {
    roll: Roll,
    /// The dice it shows.
    rolled: Hand,
    /// The dice left after losing one.
    kept: Hand,
}

impl OnRoll {
    /// The roll of `state`, if a player must act on one.
    fn of(state: &AgeOfWar) -> Option<OnRoll> {
        let roll = rolled(state)?;
        let rolled = Hand::new(roll.dice())?;
        let kept = rolled.less(1)?;
        Some(OnRoll { roll, rolled, kept })
    }

    /// The chance of filling the rest of `open` after filling `line` of the
    /// castle of `odds` with this roll.
    fn fill(&self, odds: &CastleOdds, open: LineSet, line: u8) -> Option<Prob> {
        let numer = odds.after_fill(open, line, self.rolled, self.roll)?;
        Prob::new(numer, self.kept.scale())
    }

    /// A chance after losing a die, from its numerator over the scale of
    /// the dice kept.
    fn after_losing(&self, numer: u128) -> Option<Prob> {
        Prob::new(numer, self.kept.scale())
    }
}
