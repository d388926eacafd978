//! What one seat, or a spectator, may know (LD-10), and the states that
//! show it.

use alloc::vec::Vec;

use dice_core::{DiceRng, Die, Game, InconsistentView, Seat, ToMove, Viewer};

use crate::bid::{Action, Bid, FACES};
use crate::config::{LiarsDiceConfig, PLAYERS};
use crate::state::LiarsDice;

/// One seat's dice as a viewer sees them.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Hand {
    /// How many of its dice are rolled.
    pub rolled: u8,
    /// Their faces, in the order rolled, when the viewer sees them: its
    /// own dice, and every die after the showdown; `None` otherwise.
    pub faces: Option<Vec<u8>>,
}

/// What one viewer may know: the config, every seat's dice as it sees
/// them, the bids and who called liar.
///
/// Decoding checks that some state shows the view.
///
/// ```
/// use dice_core::{Game, Viewer};
/// use liars_dice_rules::{LiarsDice, LiarsDiceConfig};
///
/// let mut game = LiarsDice::new(&LiarsDiceConfig::default()).unwrap();
/// game.apply_chance(3).unwrap();
/// game.apply_chance(5).unwrap();
/// let view = game.view(Viewer::Seat(1));
/// assert_eq!(view.hands()[0].faces, None);
/// assert_eq!(view.hands()[1].faces.as_deref(), Some(&[5][..]));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawView", deny_unknown_fields))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct LiarsDiceView {
    config: LiarsDiceConfig,
    viewer: Viewer,
    hands: Vec<Hand>,
    bids: Vec<Bid>,
    called_by: Option<Seat>,
}

/// A view as written, before it is checked.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
struct RawView {
    config: LiarsDiceConfig,
    viewer: Viewer,
    hands: Vec<Hand>,
    bids: Vec<Bid>,
    called_by: Option<Seat>,
}

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

    /// The config.
    pub fn config(&self) -> &LiarsDiceConfig {
        &self.config
    }

    /// Whose view it is.
    pub fn viewer(&self) -> Viewer {
        self.viewer
    }

    /// Each seat's dice as the viewer sees them.
    pub fn hands(&self) -> &[Hand] {
        &self.hands
    }

    /// The bids made, in order.
    pub fn bids(&self) -> &[Bid] {
        &self.bids
    }

    /// Who called liar, once someone has.
    pub fn called_by(&self) -> Option<Seat> {
        self.called_by
    }

    /// The viewer's own dice, when it is a seat and has rolled some.
    pub fn own_dice(&self) -> &[u8] {
        match self.viewer {
            Viewer::Seat(seat) => self
                .hands
                .get(seat)
                .and_then(|h| h.faces.as_deref())
                .unwrap_or_default(),
            Viewer::Spectator => &[],
        }
    }

    /// Who acts next.
    pub fn to_move(&self) -> ToMove {
        let rolled: usize = self.hands.iter().map(|h| usize::from(h.rolled)).sum();
        if self.called_by.is_some() {
            ToMove::Over
        } else if rolled < usize::from(self.config.total_dice()) {
            ToMove::Chance
        } else {
            ToMove::Player(self.bids.len() % PLAYERS)
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
