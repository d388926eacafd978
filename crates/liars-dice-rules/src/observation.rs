//! The observation tensor: OpenSpiel's information state tensor of
//! `liars_dice`, number for number.

use alloc::vec::Vec;

use dice_core::Viewer;
use dice_core::observation::{Block, ObservationTensor};

use crate::bid::FACES;
use crate::config::{LiarsDiceConfig, PLAYERS};
use crate::state::LiarsDice;
use crate::view::LiarsDiceView;

/// OpenSpiel's layout: the viewer's seat one-hot, each of its dice one-hot
/// (sorted once every die is rolled), and a flag per bid made and for
/// liar called. A spectator's seat and dice are zeros.
impl ObservationTensor for LiarsDice {
    fn observation_layout(config: &LiarsDiceConfig) -> Vec<Block> {
        let dice = usize::from(config.numdice).saturating_mul(usize::from(FACES));
        let actions = usize::from(config.total_dice())
            .saturating_mul(usize::from(FACES))
            .saturating_add(1);
        alloc::vec![
            Block::new("player", PLAYERS, "1 for the viewer's seat"),
            Block::new("dice", dice, "each own die one-hot over its six faces"),
            Block::new(
                "bids",
                actions,
                "1 for each bid made, by action id, and last 1 once liar is called"
            ),
        ]
    }

    fn write_observation(view: &LiarsDiceView, out: &mut Vec<f32>) {
        out.clear();
        let config = view.config();
        let layout = Self::observation_layout(config);
        let len = layout.iter().map(Block::len).sum();
        out.resize(len, 0.0);
        let (player, rest) = out.split_at_mut(PLAYERS);
        let (dice, bids) =
            rest.split_at_mut(usize::from(config.numdice).saturating_mul(usize::from(FACES)));
        if let Viewer::Seat(seat) = view.viewer() {
            if let Some(x) = player.get_mut(seat) {
                *x = 1.0;
            }
        }
        // Slots past the viewer's dice hold `u8::MAX`, which sorts after
        // every face.
        let mut own = [u8::MAX; crate::bid::MAX_DICE as usize];
        let count = view.own_dice().len().min(own.len());
        for (slot, &face) in own.iter_mut().zip(view.own_dice()) {
            *slot = face;
        }
        if view.to_move() != dice_core::ToMove::Chance {
            own.sort_unstable();
        }
        for (die, &face) in own.iter().take(count).enumerate() {
            let at = die
                .saturating_mul(usize::from(FACES))
                .saturating_add(usize::from(face).saturating_sub(1));
            if let Some(x) = dice.get_mut(at) {
                *x = 1.0;
            }
        }
        for bid in view.bids() {
            if let Some(x) = usize::try_from(bid.id()).ok().and_then(|i| bids.get_mut(i)) {
                *x = 1.0;
            }
        }
        if view.called_by().is_some() {
            if let Some(x) = bids.last_mut() {
                *x = 1.0;
            }
        }
    }
}
