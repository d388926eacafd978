//! The end of a game: scores, tie-break figures and winners.

use alloc::vec::Vec;

use crate::seat::Seat;

/// How a finished game ended, indexed by seat.
///
/// Shared victories are real in every game here: `winners` may hold several
/// seats.
///
/// ```
/// use dice_core::GameResult;
///
/// // Two players on 13 points; the tie-break (largest pile) is 6 against 6,
/// // then 4 against 5: seat 1 wins.
/// let r = GameResult::by_ranking(vec![13, 13], vec![vec![6, 4, 3], vec![6, 5, 2]]);
/// assert_eq!(r.winners(), &[1]);
/// ```
///
/// Decoding checks what [`new`](Self::new) guarantees: at most one list of
/// tie-break figures per seat, winners in increasing order, each a seat.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawGameResult"))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct GameResult {
    scores: Vec<i32>,
    tiebreaks: Vec<Vec<i32>>,
    winners: Vec<Seat>,
}

/// A result as written, before it is checked.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
struct RawGameResult {
    scores: Vec<i32>,
    tiebreaks: Vec<Vec<i32>>,
    winners: Vec<Seat>,
}

/// A decoded result that no game produces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("impossible result: {0}")]
pub struct InvalidResult(&'static str);

#[cfg(feature = "serde")]
impl TryFrom<RawGameResult> for GameResult {
    type Error = InvalidResult;

    fn try_from(raw: RawGameResult) -> Result<Self, InvalidResult> {
        if raw.tiebreaks.len() > raw.scores.len() {
            return Err(InvalidResult("more tie-break lists than seats"));
        }
        if raw.winners.iter().any(|&w| w >= raw.scores.len()) {
            return Err(InvalidResult("a winner who is not at the table"));
        }
        if raw
            .winners
            .windows(2)
            .any(|pair| matches!(pair, [a, b] if a >= b))
        {
            return Err(InvalidResult("winners out of order or repeated"));
        }
        Ok(GameResult {
            scores: raw.scores,
            tiebreaks: raw.tiebreaks,
            winners: raw.winners,
        })
    }
}

impl GameResult {
    /// A result with winners decided by the game's own rule (for example by
    /// team). Winners are sorted and deduplicated.
    pub fn new(scores: Vec<i32>, tiebreaks: Vec<Vec<i32>>, mut winners: Vec<Seat>) -> Self {
        winners.sort_unstable();
        winners.dedup();
        GameResult {
            scores,
            tiebreaks,
            winners,
        }
    }

    /// The seats whose score, then tie-break figures in order, are highest;
    /// a missing tie-break figure counts as 0. Every seat tied to the end
    /// shares the victory.
    pub fn by_ranking(scores: Vec<i32>, tiebreaks: Vec<Vec<i32>>) -> Self {
        let key = |seat: Seat| {
            let figures = tiebreaks.get(seat).map_or(&[][..], Vec::as_slice);
            (scores.get(seat).copied().unwrap_or(i32::MIN), figures)
        };
        let mut winners: Vec<Seat> = Vec::new();
        for seat in 0..scores.len() {
            let Some(&best) = winners.first() else {
                winners.push(seat);
                continue;
            };
            match compare(key(seat), key(best)) {
                core::cmp::Ordering::Greater => {
                    winners.clear();
                    winners.push(seat);
                }
                core::cmp::Ordering::Equal => winners.push(seat),
                core::cmp::Ordering::Less => {}
            }
        }
        GameResult::new(scores, tiebreaks, winners)
    }

    /// Each seat's final score.
    pub fn scores(&self) -> &[i32] {
        &self.scores
    }

    /// Each seat's tie-break figures, compared in order after the score.
    pub fn tiebreaks(&self) -> &[Vec<i32>] {
        &self.tiebreaks
    }

    /// The winning seats, in increasing order; more than one is a shared
    /// victory.
    pub fn winners(&self) -> &[Seat] {
        &self.winners
    }

    /// Whether `seat` won or shared the victory.
    pub fn is_winner(&self, seat: Seat) -> bool {
        self.winners.contains(&seat)
    }
}

fn compare(a: (i32, &[i32]), b: (i32, &[i32])) -> core::cmp::Ordering {
    a.0.cmp(&b.0).then_with(|| {
        // A seat with fewer tie-breakers counts 0 for each one it lacks.
        fn padded(t: &[i32], len: usize) -> impl Iterator<Item = i32> + '_ {
            t.iter().copied().chain(core::iter::repeat(0)).take(len)
        }
        let len = a.1.len().max(b.1.len());
        padded(a.1, len).cmp(padded(b.1, len))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    #[test]
    fn highest_score_wins() {
        let r = GameResult::by_ranking(vec![17, 16], vec![vec![], vec![]]);
        assert_eq!(r.winners(), &[0]);
        assert!(r.is_winner(0) && !r.is_winner(1));
    }

    #[test]
    fn full_tie_is_shared() {
        let r = GameResult::by_ranking(vec![5, 7, 7], vec![vec![1, 2], vec![1, 2], vec![1, 2]]);
        assert_eq!(r.winners(), &[1, 2]);
    }

    #[test]
    fn missing_figures_count_as_zero() {
        let r = GameResult::by_ranking(vec![10, 10], vec![vec![6, 4], vec![6, 4, 1]]);
        assert_eq!(r.winners(), &[1]);
    }

    #[test]
    fn negative_scores_rank() {
        let r = GameResult::by_ranking(vec![-3, -1], vec![vec![], vec![]]);
        assert_eq!(r.winners(), &[1]);
    }
}
