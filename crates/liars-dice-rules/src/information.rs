//! What the seat to move knows, as a key (LD-10): its own dice and the
//! bids, as OpenSpiel's `liars_dice` information state string has them.

use dice_core::{InformationState, Seat, ToMove, Viewer};

use crate::bid::MAX_DICE;
use crate::state::LiarsDice;
use crate::view::LiarsDiceView;

/// The information state of the seat to move: its seat, its dice sorted
/// (OpenSpiel sorts every hand once all dice are rolled), and the bids
/// made as a set of bid ids (bids only rise, so the set is the sequence).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LiarsDiceKey {
    /// The seat to move.
    pub seat: Seat,
    /// Its dice, lowest first; 0 past its count.
    pub dice: [u8; MAX_DICE as usize],
    /// Bit `id` is set when the bid with action id `id` was made.
    pub bids: u64,
}

impl InformationState for LiarsDice {
    type InfoKey = LiarsDiceKey;

    fn information_key(view: &LiarsDiceView) -> Option<LiarsDiceKey> {
        let ToMove::Player(seat) = view.to_move() else {
            return None;
        };
        if view.viewer() != Viewer::Seat(seat) {
            return None;
        }
        let mut dice = [0u8; MAX_DICE as usize];
        for (slot, &face) in dice.iter_mut().zip(view.own_dice()) {
            *slot = face;
        }
        let count = view.own_dice().len().min(dice.len());
        dice.get_mut(..count).unwrap_or_default().sort_unstable();
        let bids = view.bids().iter().fold(0u64, |set, bid| {
            set | 1u64.checked_shl(bid.id()).unwrap_or(0)
        });
        Some(LiarsDiceKey { seat, dice, bids })
    }
}
