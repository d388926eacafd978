//! Reroll's tensor.

use alloc::vec::Vec;

use dice_core::observation::{Block, ObservationTensor};
use dice_core::{Game, ToMove};

use crate::config::RerollConfig;
use crate::state::Reroll;

/// For a table of `n` seats: `n` totals, `n` seats to move, the face
/// waiting (one-hot) and two flags.
impl ObservationTensor for Reroll {
    fn observation_layout(config: &RerollConfig) -> Vec<Block> {
        alloc::vec![
            Block::new(
                "totals",
                config.players,
                "each seat's total over six points a round"
            ),
            Block::new("to_move", config.players, "1 for the seat to move, else 0"),
            Block::new("face", 6, "1 for the face waiting for a decision, else 0"),
            Block::new(
                "flags",
                2,
                "1 if this turn's die was rerolled, 1 if the game is over"
            ),
        ]
    }

    fn write_observation(view: &Reroll, out: &mut Vec<f32>) {
        out.clear();
        let most = view.config().rounds.saturating_mul(6).max(1);
        out.extend(view.totals().iter().map(|&t| ratio(t, most)));
        let to_move = view.to_move();
        out.extend((0..view.players()).map(|seat| one_if(to_move == ToMove::Player(seat))));
        out.extend((1..=6).map(|face| one_if(view.face() == Some(face))));
        out.extend([one_if(view.rerolled()), one_if(to_move == ToMove::Over)]);
    }
}

fn one_if(flag: bool) -> f32 {
    f32::from(u8::from(flag))
}

/// `points / most` as a tensor entry; floats stay out of the rules.
#[expect(
    clippy::cast_precision_loss,
    reason = "a network input: six significant digits are plenty"
)]
fn ratio(points: u32, most: u32) -> f32 {
    points as f32 / most as f32
}
