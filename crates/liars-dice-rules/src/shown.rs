//! The states that show a view: a view of a state, a state drawn for a
//! view (what search over hidden dice plays from), and the check a decoded
//! view passes.

use dice_core::{DiceRng, Die, Game, InconsistentView, Seat, ToMove, Viewer};

use crate::bid::{Action, FACES};
use crate::config::PLAYERS;
use crate::state::LiarsDice;
#[cfg(feature = "serde")]
use crate::view::RawView;
use crate::view::{Hand, LiarsDiceView};

#[cfg(feature = "serde")]
impl TryFrom<RawView> for LiarsDiceView {
    type Error = InconsistentView;

    fn try_from(raw: RawView) -> Result<Self, InconsistentView> {
        let view = LiarsDiceView {
            config: raw.config,
            viewer: raw.viewer,
            hands: raw.hands,
            bids: raw.bids,
            called_by: raw.called_by,
        };
        view.state_with(&mut |_| 1).map(|_| view)
    }
}

impl LiarsDiceView {
    /// `viewer`'s view of `state`.
    pub(crate) fn of(state: &LiarsDice, viewer: Viewer) -> Self {
        let shown = |seat: Seat| state.called_by().is_some() || viewer == Viewer::Seat(seat);
        LiarsDiceView {
            config: *state.config(),
            viewer,
            hands: (0..PLAYERS)
                .map(|seat| {
                    let dice = state.dice(seat);
                    Hand {
                        rolled: u8::try_from(dice.len()).unwrap_or(u8::MAX),
                        faces: shown(seat).then(|| dice.to_vec()),
                    }
                })
                .collect(),
            bids: state.bids().collect(),
            called_by: state.called_by(),
        }
    }

    /// A state that shows this view, what it hides rolled from `rng`.
    pub(crate) fn state_shown(&self, rng: &mut DiceRng) -> Result<LiarsDice, InconsistentView> {
        const D6: Die<u8, 6> = Die::new([1, 2, 3, 4, 5, 6]);
        self.state_with(&mut |_| D6.roll(rng).copied().unwrap_or(1))
    }

    /// A state that shows this view, each hidden die given the face `roll`
    /// gives it; or why none is.
    fn state_with(&self, roll: &mut dyn FnMut(usize) -> u8) -> Result<LiarsDice, InconsistentView> {
        let mut state = LiarsDice::new(&self.config).map_err(InconsistentView::new)?;
        if let Viewer::Seat(seat) = self.viewer {
            if seat >= PLAYERS {
                return Err(InconsistentView::new("the viewer is no seat at the table"));
            }
        }
        if self.hands.len() != PLAYERS {
            return Err(InconsistentView::new("one hand per seat"));
        }
        let over = self.called_by.is_some();
        let per = self.config.numdice;
        for (seat, hand) in self.hands.iter().enumerate() {
            if hand.rolled > per {
                return Err(InconsistentView::new(
                    "a hand of more dice than a player holds",
                ));
            }
            if seat > 0 && hand.rolled > 0 && state.dice(0).len() < usize::from(per) {
                return Err(InconsistentView::new(
                    "seat 1 rolled before seat 0 had every die",
                ));
            }
            let seen = over || self.viewer == Viewer::Seat(seat);
            match (&hand.faces, seen) {
                (Some(faces), true) => {
                    if faces.len() != usize::from(hand.rolled) {
                        return Err(InconsistentView::new(
                            "a hand shows another number of faces than it rolled",
                        ));
                    }
                    for &face in faces {
                        if !(1..=FACES).contains(&face) {
                            return Err(InconsistentView::new("a die shows 1 to 6"));
                        }
                        state.apply_chance_unchecked(face);
                    }
                }
                (None, false) => {
                    for die in 0..hand.rolled {
                        state.apply_chance_unchecked(roll(usize::from(die)));
                    }
                }
                (Some(_), false) => {
                    return Err(InconsistentView::new("a hidden hand shows its faces"));
                }
                (None, true) => {
                    return Err(InconsistentView::new(
                        "a hand the viewer sees hides its faces",
                    ));
                }
            }
        }
        for &bid in &self.bids {
            state
                .apply(Action::Bid(bid))
                .map_err(InconsistentView::new)?;
        }
        if let Some(caller) = self.called_by {
            if state.to_move() != ToMove::Player(caller) {
                return Err(InconsistentView::new("liar called by a seat not to move"));
            }
            state.apply(Action::Liar).map_err(InconsistentView::new)?;
        }
        Ok(state)
    }
}
