//! What a seat plays for: to win, or to score as much as it can.

use crate::result::GameResult;
use crate::seat::Seat;

/// What a seat plays for, as a game declares it with
/// [`Game::objective`](crate::Game::objective): what a search rewards and
/// what a ladder ranks by.
///
/// With several seats every game here plays to win. At a table of one
/// every finished game is a win, so winning says nothing of how well the
/// seat played; a game for one declares [`Objective::Score`], and its final
/// score ([`GameResult::scores`]) is what counts. The bounds are integers,
/// as the rules keep them: [`reward`](Self::reward) turns a result into a
/// number from 0 to 1 for a search, and only a search does arithmetic on
/// floats.
///
/// ```
/// use dice_core::{GameResult, Objective};
///
/// let solo = GameResult::new(vec![60], Vec::new(), vec![0]);
/// assert_eq!(Objective::Win.reward(&solo, 0), 1.0);
/// let score = Objective::Score { lowest: 0, highest: 120 };
/// assert_eq!(score.reward(&solo, 0), 0.5);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub enum Objective {
    /// To win: a sole winner's reward is 1, each of `k` who share the
    /// victory gets `1/k`, the others 0.
    #[default]
    Win,
    /// To score as much as possible: a seat's final score, from `lowest`
    /// (reward 0) to `highest` (reward 1), whatever the winners. The game
    /// promises every final score lies between the bounds; one outside
    /// counts as the bound it passes.
    Score {
        /// The lowest final score a seat can get.
        lowest: i32,
        /// The highest final score a seat can get.
        highest: i32,
    },
}

impl Objective {
    /// What `seat` gets from a finished game with this result, from 0 to 1:
    /// its share of the victory, or its score placed between the bounds
    /// (`(score - lowest) / (highest - lowest)`, 1 when the bounds are
    /// equal). A seat not in the result gets 0.
    pub fn reward(self, result: &GameResult, seat: Seat) -> f64 {
        match self {
            Objective::Win => {
                if !result.is_winner(seat) {
                    return 0.0;
                }
                let count = u32::try_from(result.winners().len()).unwrap_or(u32::MAX);
                1.0 / f64::from(count.max(1))
            }
            Objective::Score { lowest, highest } => result
                .scores()
                .get(seat)
                .map_or(0.0, |&score| placed(score, lowest, highest)),
        }
    }
}

/// `score` placed between the bounds: 0 at `lowest` or below, 1 at
/// `highest` or above.
fn placed(score: i32, lowest: i32, highest: i32) -> f64 {
    let (score, lowest, highest) = (f64::from(score), f64::from(lowest), f64::from(highest));
    let span = highest - lowest;
    if span <= 0.0 {
        return 1.0;
    }
    ((score - lowest) / span).clamp(0.0, 1.0)
}

#[cfg(test)]
#[expect(
    clippy::float_cmp,
    reason = "halves and whole numbers are exact in binary"
)]
mod tests {
    use super::*;
    use alloc::vec;

    #[test]
    fn a_shared_victory_is_shared() {
        let r = GameResult::new(vec![5, 5, 1], vec![], vec![0, 1]);
        assert_eq!(Objective::Win.reward(&r, 0), 0.5);
        assert_eq!(Objective::Win.reward(&r, 2), 0.0);
    }

    #[test]
    fn a_score_is_placed_between_the_bounds_and_clamped() {
        let r = GameResult::new(vec![-5, 10, 30, 25], vec![], vec![2]);
        let objective = Objective::Score {
            lowest: 0,
            highest: 20,
        };
        let rewards: vec::Vec<f64> = (0..5).map(|s| objective.reward(&r, s)).collect();
        assert_eq!(rewards, [0.0, 0.5, 1.0, 1.0, 0.0]);
        let flat = Objective::Score {
            lowest: 3,
            highest: 3,
        };
        assert_eq!(flat.reward(&r, 0), 1.0);
    }
}
