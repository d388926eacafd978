//! The running scores a viewer sees, seat by seat and part by part.

use alloc::string::String;
use alloc::vec::Vec;

/// The running scores one view shows: each seat's score so far, what it
/// counts (`"points"`, `"gold"`, `"dice"`), and, for a game that scores in
/// parts, each part by seat. A game gives it with
/// [`Game::scoreboard`](crate::Game::scoreboard), from a view alone, so it
/// shows nothing the viewer may not know.
///
/// Built from its parts, the totals are the parts' sums: a drawing can
/// show both and they agree.
///
/// ```
/// use dice_core::{ScorePart, Scoreboard};
///
/// let board = Scoreboard::from_parts(
///     "points",
///     vec![ScorePart::new("culture", vec![6, 2]), ScorePart::new("disasters", vec![-1, -4])],
/// );
/// assert_eq!(board.totals(), [5, -2]);
/// assert_eq!(board.parts()[1].name(), "disasters");
/// assert_eq!(Scoreboard::new("dice", vec![5, 5]).parts(), []);
/// ```
///
/// Written `{"unit": "points", "totals": [5, -2], "parts": [{"name":
/// "culture", "points": [6, 2]}, ...]}`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Scoreboard {
    unit: String,
    totals: Vec<i32>,
    parts: Vec<ScorePart>,
}

/// One named part of every seat's score (Era's `"culture"`), by seat.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ScorePart {
    name: String,
    points: Vec<i32>,
}

impl ScorePart {
    /// The part called `name` (a word in `snake_case`, which a page
    /// translates), worth `points` to each seat in turn; a part taken
    /// away is negative.
    pub fn new(name: &str, points: Vec<i32>) -> Self {
        ScorePart {
            name: String::from(name),
            points,
        }
    }

    /// The part's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// What it is worth to each seat.
    pub fn points(&self) -> &[i32] {
        &self.points
    }
}

impl Scoreboard {
    /// Each seat's score so far, counted in `unit`, without parts.
    pub fn new(unit: &str, totals: Vec<i32>) -> Self {
        Scoreboard {
            unit: String::from(unit),
            totals,
            parts: Vec::new(),
        }
    }

    /// The scores as the sums of `parts`, seat by seat (a seat missing
    /// from a part has 0 of it; sums saturate).
    pub fn from_parts(unit: &str, parts: Vec<ScorePart>) -> Self {
        let seats = parts.iter().map(|p| p.points.len()).max().unwrap_or(0);
        let totals = (0..seats)
            .map(|seat| {
                parts
                    .iter()
                    .filter_map(|p| p.points.get(seat))
                    .fold(0i32, |sum, &x| sum.saturating_add(x))
            })
            .collect();
        Scoreboard {
            unit: String::from(unit),
            totals,
            parts,
        }
    }

    /// What the scores count: `"points"`, `"gold"`, `"dice"`.
    pub fn unit(&self) -> &str {
        &self.unit
    }

    /// Each seat's score so far.
    pub fn totals(&self) -> &[i32] {
        &self.totals
    }

    /// The named parts, in the game's order; empty for a game that keeps
    /// one figure.
    pub fn parts(&self) -> &[ScorePart] {
        &self.parts
    }
}
