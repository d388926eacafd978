//! ERA-15: every player adds the resources and culture their dice show,
//! then their buildings' income, up to each track's maximum (the excess is
//! lost; culture has no maximum). A die on a choice face `A | B` yields the
//! set its owner picks, in turn order.

use alloc::vec::Vec;

use dice_core::seat::Seat;

use crate::action::Action;
use crate::error::EraError;
use crate::face::{ChoiceSet, Face};
use crate::map::ByResource;
use crate::ruleset::Ruleset;
use crate::state::{Era, Player};
use crate::step::{Progress, Step};
use crate::symbols::Symbol;

impl Era {
    /// Every player collects what needs no choice; the dice on choice faces
    /// wait for their owner.
    pub(crate) fn enter_collect(&mut self) {
        let config = alloc::sync::Arc::clone(&self.config);
        for (_, p) in self.players.iter_mut() {
            collect_plain(p, config.ruleset());
        }
        self.step = Step::Collect { turn: 0 };
    }

    pub(crate) fn check_collect(&self, seat: Seat, action: Action) -> Result<(), EraError> {
        let Action::Collect { die, face, .. } = action else {
            return Err(self.wrong_step(action));
        };
        if self
            .players
            .get(seat)
            .is_some_and(|p| p.choices.get(die, face) > 0)
        {
            Ok(())
        } else {
            Err(EraError::NoChoice)
        }
    }

    /// The die yields the set picked.
    pub(crate) fn play_collect(&mut self, seat: Seat, action: Action) {
        if let Action::Collect { die, face, set } = action {
            let config = alloc::sync::Arc::clone(&self.config);
            let r = config.ruleset();
            if let Some(p) = self.players.get_mut(seat) {
                p.choices.remove(die, face, 1);
                yield_face(p, r, r.face(die, face).yields(set), 1);
            }
        }
    }

    /// Both sets of every choice face still to pick.
    pub(crate) fn legal_collect(&self, seat: Seat, out: &mut Vec<Action>) {
        if let Some(p) = self.players.get(seat) {
            for (die, face, _) in p.choices.dice() {
                out.extend(ChoiceSet::ALL.map(|set| Action::Collect { die, face, set }));
            }
        }
    }

    /// The player picks while a choice face is left; then the next player.
    pub(crate) fn advance_collect(&mut self, turn: u8) -> Progress {
        if turn >= self.seats() {
            return Progress::Finished;
        }
        if self
            .players
            .get(self.seat(turn))
            .is_some_and(|p| !p.choices.is_empty())
        {
            return Progress::Wait;
        }
        self.step = self.step.next_turn();
        Progress::Moved
    }
}

/// A player's dice on plain faces and buildings' income; the dice on
/// choice faces are kept for their owner's pick.
fn collect_plain(p: &mut Player, r: &Ruleset) {
    let dice = p.dice;
    for (colour, faces) in dice.iter() {
        for (side, &n) in faces.iter().filter(|&(_, &n)| n > 0) {
            let face = r.face(colour, side);
            if face.is_choice() {
                p.choices.add(colour, side, n);
            } else {
                yield_face(p, r, face, n);
            }
        }
    }
    let mut income = ByResource::<u32>::default();
    for b in &p.domain.buildings {
        for (resource, gain) in income.iter_mut() {
            *gain = gain.saturating_add(u32::from(r.buildings[b.kind].income[resource]));
        }
    }
    p.gain(income, r.tracks.resource_max);
}

/// `n` dice showing `face` add its resources, up to each track's maximum,
/// and its culture.
fn yield_face(p: &mut Player, r: &Ruleset, face: Face, n: u8) {
    let n = u32::from(n);
    let gain = face.resources().map(|_, &k| n.saturating_mul(u32::from(k)));
    p.gain(gain, r.tracks.resource_max);
    let culture = n.saturating_mul(u32::from(face.count(Symbol::Culture)));
    p.culture = p.culture.saturating_add(culture);
}
