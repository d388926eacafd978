//! States drawn consistently with what a viewer sees: hidden layouts and
//! hidden dice drawn afresh (`Game::determinize`, `Game::resample_hidden`).

use alloc::sync::Arc;
use alloc::vec::Vec;

use dice_core::seat::{PerSeat, Seat};
use dice_core::{DiceRng, InconsistentView, Viewer};

use crate::action::Action;
use crate::colour::Colour;
use crate::dice::DiceCounts;
use crate::domain::Domain;
use crate::error::InvalidState;
use crate::map::ByColour;
use crate::side::Side;
use crate::state::{Era, Player};
use crate::view::EraView;

/// How many draws before giving up on one that leaves a valid state.
const DRAWS: usize = 100;

/// How many dice of each colour show, are set aside to roll again, and
/// were set by a Monastery.
#[derive(Clone, Copy)]
struct Counts {
    showing: ByColour<u8>,
    set_aside: ByColour<u8>,
    fixed: ByColour<u8>,
}

impl Era {
    /// Redraws everything `viewer` cannot see; draws again (up to 100
    /// times, then keeps the state) when the result is not a node where a
    /// player must act, for example when the player deciding whether to roll
    /// again would be left with nothing but skulls.
    pub(crate) fn resample(&mut self, viewer: Viewer, rng: &mut DiceRng) {
        for _ in 0..DRAWS {
            let mut s = self.clone();
            s.resample_once(viewer, rng);
            if s.validate().is_ok() {
                *self = s;
                return;
            }
        }
    }

    fn resample_once(&mut self, viewer: Viewer, rng: &mut DiceRng) {
        for seat in 0..self.players.players() {
            if self.layout_hidden(seat, viewer) {
                if let Some(d) = self.random_layout(seat, rng) {
                    if let Some(p) = self.players.get_mut(seat) {
                        p.domain = d;
                    }
                }
            }
            if self.dice_hidden(seat, viewer) {
                self.redraw_dice(seat, rng);
            }
        }
    }

    /// New faces for `seat`'s dice, as many of each colour as show and as
    /// are set aside.
    fn redraw_dice(&mut self, seat: Seat, rng: &mut DiceRng) -> Option<()> {
        let p = self.players.get(seat)?;
        let counts = Counts {
            showing: p.dice.per_colour(),
            set_aside: p.set_aside.per_colour(),
            fixed: p.fixed.per_colour(),
        };
        let drawn = self.random_dice(counts, rng)?;
        let p = self.players.get_mut(seat)?;
        (p.dice, p.set_aside, p.fixed) = drawn;
        Some(())
    }

    /// A fresh domain with the Keep and the first `laid_out` start pieces of
    /// `seat`, each placed uniformly among its legal placements in turn; a
    /// piece that fits nowhere stays out, as in the layout (ERA-5).
    fn random_layout(&self, seat: Seat, rng: &mut DiceRng) -> Option<Domain> {
        let laid = self.players.get(seat)?.laid_out;
        let mut scratch = self.clone();
        scratch.players.get_mut(seat)?.domain = Player::new(self.ruleset()).domain;
        let mut legal = Vec::new();
        for i in 0..laid {
            let piece = self.start_piece(i)?;
            legal.clear();
            scratch.push_placements(seat, piece, &mut legal);
            if let Some(&Action::Place { turn, at, .. }) = rng.choose(&legal) {
                let cells = scratch.fits(seat, piece, turn, at)?;
                scratch.place(seat, piece, cells);
            }
        }
        Some(scratch.players.get(seat)?.domain.clone())
    }

    /// Faces for the dice showing, set aside and set by a Monastery, per
    /// colour: dice set aside to roll again show a face without a skull,
    /// uniformly; the others any face, uniformly.
    fn random_dice(
        &self,
        counts: Counts,
        rng: &mut DiceRng,
    ) -> Option<(DiceCounts, DiceCounts, DiceCounts)> {
        let mut dice = DiceCounts::NONE;
        let mut set_aside = DiceCounts::NONE;
        let mut fixed = DiceCounts::NONE;
        for colour in Colour::ALL {
            let no_skull: Vec<Side> = Side::ALL
                .into_iter()
                .filter(|&f| !self.is_skull(colour, f))
                .collect();
            for _ in 0..counts.set_aside[colour] {
                let side = *rng.choose(&no_skull)?;
                set_aside.add(colour, side, 1);
                dice.add(colour, side, 1);
            }
            for _ in 0..counts.fixed[colour] {
                let side = *rng.choose(&Side::ALL)?;
                fixed.add(colour, side, 1);
                dice.add(colour, side, 1);
            }
            let rest = counts.showing[colour]
                .checked_sub(counts.set_aside[colour])?
                .checked_sub(counts.fixed[colour])?;
            for _ in 0..rest {
                let side = *rng.choose(&Side::ALL)?;
                dice.add(colour, side, 1);
            }
        }
        Some((dice, set_aside, fixed))
    }
}

impl EraView {
    /// A full state consistent with this view: hidden layouts are laid out
    /// again piece by piece, each uniformly among its legal placements;
    /// hidden dice show uniform faces (dice set aside: uniform among the
    /// faces without a skull), conditioned on the state being valid (drawn
    /// again, up to 100 times); why none is, if the view is inconsistent.
    pub(crate) fn determinize(&self, rng: &mut DiceRng) -> Result<Era, InconsistentView> {
        self.state_shown(rng).map_err(InconsistentView::new)
    }

    /// A valid state that shows this view, drawn as [`EraView::determinize`]
    /// draws; or why none is: the view's own fault, or the fault of the
    /// last state drawn.
    pub(crate) fn state_shown(&self, rng: &mut DiceRng) -> Result<Era, InvalidState> {
        self.validate()?;
        let mut fault = InvalidState::NoStateShown;
        for _ in 0..DRAWS {
            if let Some(era) = self.draw(rng) {
                match era.validate() {
                    Ok(()) => return Ok(era),
                    Err(e) => fault = e,
                }
            }
        }
        Err(fault)
    }

    /// A state with what the view hides drawn afresh, not yet checked.
    fn draw(&self, rng: &mut DiceRng) -> Option<Era> {
        let start = Player::new(self.config.ruleset());
        let players = PerSeat::from_values(self.players.iter().map(|v| Player {
            domain: v.domain.clone().unwrap_or_else(|| start.domain.clone()),
            resources: v.resources,
            culture: v.culture,
            disaster: v.disaster,
            owned: v.owned,
            dice: v.dice.unwrap_or(DiceCounts::NONE),
            set_aside: v.set_aside.unwrap_or(DiceCounts::NONE),
            fixed: v.fixed.unwrap_or(DiceCounts::NONE),
            choices: v.choices,
            rolling: v.rolling,
            rolls: v.rolls,
            fresh: v.fresh,
            laid_out: v.laid_out,
        }))?;
        let mut era = Era {
            config: Arc::clone(&self.config),
            table: self.config.table()?,
            step: self.step,
            round: self.round,
            start: self.start,
            players,
            supply: self.supply,
            boxed: self.boxed,
            wall_supply: self.wall_supply,
            scorched_supply: self.scorched_supply,
            tracking: self.tracking,
        };
        for (seat, v) in self.players.iter().enumerate() {
            if v.domain.is_none() {
                let d = era.random_layout(seat, rng)?;
                era.players.get_mut(seat)?.domain = d;
            }
            if v.dice.is_none() {
                let counts = Counts {
                    showing: v.showing,
                    set_aside: v.set_aside_count,
                    fixed: v.fixed_count,
                };
                let drawn = era.random_dice(counts, rng)?;
                let p = era.players.get_mut(seat)?;
                (p.dice, p.set_aside, p.fixed) = drawn;
            }
        }
        Some(era)
    }
}

#[cfg(test)]
mod tests {
    use dice_core::{DiceRng, Game, Viewer};

    use crate::auto_layout::auto_layout_action;
    use crate::config::EraConfig;
    use crate::map::ByColour;
    use crate::state::Era;

    /// Outside the crate a view comes from the rules or from decoding, both
    /// valid; one changed in here must still find no state.
    #[test]
    fn determinize_refuses_an_inconsistent_view() {
        let mut game = Era::new(&EraConfig::new(3)).unwrap();
        while let Some(action) = auto_layout_action(&game) {
            game.apply(action).unwrap();
        }
        let mut rng = DiceRng::from_seed_u64(1);
        assert!(Era::determinize(&game.view(Viewer::Seat(0)), &mut rng).is_ok());
        let mut view = game.view(Viewer::Seat(0));
        view.players.pop();
        assert!(Era::determinize(&view, &mut rng).is_err());
        let mut view = game.view(Viewer::Seat(0));
        view.players[1].laid_out = u8::MAX;
        assert!(Era::determinize(&view, &mut rng).is_err());
        let mut view = game.view(Viewer::Seat(0));
        view.players[2].showing = ByColour::from_array([200; 4]);
        view.players[2].dice = None;
        view.players[2].set_aside = None;
        assert!(Era::determinize(&view, &mut rng).is_err());
    }
}
