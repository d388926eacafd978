//! The running scores a view shows: ERA-23 to ERA-27 as if the game
//! ended now, part by part.

use alloc::vec;

use dice_core::{DiceRng, ScorePart, Scoreboard};

use crate::scoring::Score;
use crate::view::EraView;

impl EraView {
    /// Every seat's score so far by the final formula, with its parts
    /// (buildings, walled buildings again, the four building bonuses,
    /// culture, the culture and walled-area bonuses, disasters taken
    /// away); `None` while a layout is hidden from the viewer (ERA-5).
    ///
    /// Scoring reads the domains, tracks and dice owned, which are public
    /// once every layout is: a state drawn from the view (hidden dice
    /// faces drawn afresh) scores as the game does.
    pub(crate) fn scoreboard(&self) -> Option<Scoreboard> {
        if self.players.iter().any(|p| p.domain.is_none()) {
            return None;
        }
        let state = self.determinize(&mut DiceRng::from_seed_u64(0)).ok()?;
        Some(scoreboard_of(&state.scores()))
    }
}

/// The parts of `scores`, by seat, in the order of [`Score`]'s formula.
fn scoreboard_of(scores: &[Score]) -> Scoreboard {
    // Each part with its sign: disasters are taken away.
    let part = |name: &str, sign: i32, points: fn(&Score) -> u32| {
        let by_seat = scores.iter().map(|s| {
            let points = i32::try_from(points(s)).unwrap_or(i32::MAX);
            points.saturating_mul(sign)
        });
        ScorePart::new(name, by_seat.collect())
    };
    Scoreboard::from_parts(
        "points",
        vec![
            part("buildings", 1, |s| s.buildings),
            part("walled", 1, |s| s.walled),
            part("markets", 1, |s| s.markets),
            part("guildhalls", 1, |s| s.guildhalls),
            part("universities", 1, |s| s.universities),
            part("cathedrals", 1, |s| s.cathedrals),
            part("culture", 1, |s| s.culture),
            part("culture_bonus", 1, |s| s.culture_bonus),
            part("walled_area_bonus", 1, |s| s.walled_area_bonus),
            part("disasters", -1, |s| s.disasters),
        ],
    )
}
