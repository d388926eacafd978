//! A turn not yet committed to a castle (AOW-7): every castle the player
//! to move may attack is still a target, each weighted by what taking it
//! is worth.

use super::castle_odds::CastleOdds;
use super::hand::{Hand, expected_best};
use crate::action::Action;
use crate::castle::Castle;
use crate::dice::Roll;
use crate::line::LineSet;
use crate::per_castle::PerCastle;
use crate::state::AgeOfWar;

/// One castle the player to move may attack.
#[derive(Debug, Clone, Copy)]
struct Target {
    /// The lines its conquest needs (AOW-8, AOW-9).
    required: LineSet,
    /// What a conquest is worth: 1 to count conquests, or a points swing.
    worth: u128,
}

/// The castles open to the player to move before the first fill, with the
/// odds of each.
pub(super) struct FreeTurn<'a> {
    odds: &'a PerCastle<CastleOdds>,
    targets: PerCastle<Option<Target>>,
}

impl<'a> FreeTurn<'a> {
    /// Every castle the player to move in `state` may attack (AOW-9,
    /// AOW-11), each worth `worth(castle)`, with the odds of every castle.
    pub(super) fn new(
        odds: &'a PerCastle<CastleOdds>,
        state: &AgeOfWar,
        worth: impl Fn(Castle) -> u128,
    ) -> FreeTurn<'a> {
        let targets = PerCastle::from_fn(|castle| {
            state.may_attack(castle).is_ok().then(|| Target {
                required: state.required_lines(castle),
                worth: worth(castle),
            })
        });
        FreeTurn { odds, targets }
    }

    /// The best fill of `roll` (of `rolled` dice) with its expected worth:
    /// the chance of then conquering the castle filled, playing its best,
    /// times its worth, as a numerator over the scale of one die fewer.
    /// Among equals, the first in table order; `None` when no line of a
    /// target fills.
    pub(super) fn best_fill(&self, rolled: Hand, roll: Roll) -> Option<(Action, u128)> {
        let mut best: Option<(Action, u128)> = None;
        for (castle, target) in self.targets.iter() {
            let Some(target) = target else {
                continue;
            };
            let odds = self.odds.get(castle);
            for line in target.required.iter() {
                let Some(chance) = odds.after_fill(target.required, line, rolled, roll) else {
                    continue;
                };
                #[expect(
                    clippy::arithmetic_side_effects,
                    reason = "a chance over the scale of at most six dice is at most 6^21 < 2^55, and a worth is below 2^8, so the product fits u128"
                )]
                let value = chance * target.worth;
                if best.is_none_or(|(_, b)| value > b) {
                    best = Some((Action::Fill { castle, line }, value));
                }
            }
        }
        best
    }

    /// The expected worth of losing a die from `rolled` dice and then
    /// playing best, still free to choose any target, as a numerator over
    /// the scale of one die fewer. Built up from one die: with none left
    /// the turn fails and is worth nothing.
    pub(super) fn lose(&self, rolled: Hand) -> u128 {
        let mut lose = 0;
        for hand in rolled.smaller() {
            let below = lose;
            lose = expected_best(hand, |roll| {
                self.best_fill(hand, *roll)
                    .map_or(below, |(_, value)| value.max(below))
            });
        }
        lose
    }
}
