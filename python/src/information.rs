//! Information states where OpenSpiel has them: which games provide an
//! information state tensor, and Liar's Dice's information state string
//! as OpenSpiel's `liars_dice` writes it.

use std::fmt::Write as _;

use tabletop_engines::AnyGame;
use tabletop_engines::dice_core::{Game as _, Seat, ToMove};
use tabletop_engines::liars_dice_rules::LiarsDice;

/// Whether the game's observation tensor is also its information state
/// tensor: in a game of perfect information it shows everything, and
/// Liar's Dice's tensor is OpenSpiel's information state tensor (the seat,
/// its own dice, every bid made), which has perfect recall because bids
/// only rise.
pub(crate) fn has_information_tensor(game: &dyn AnyGame) -> bool {
    game.perfect_information() || game.name() == "liars-dice"
}

/// `seat`'s information state in OpenSpiel's words: its dice (in the order
/// rolled, `-1` for a die not yet rolled; sorted once every die is rolled,
/// as OpenSpiel sorts every hand), then each bid made as `q-f` and `Liar`
/// once called, separated by spaces: `"25 1-3 2-5 Liar"`.
pub(crate) fn liars_dice_string(state: &LiarsDice, seat: Seat) -> String {
    let mut dice = state.dice(seat).to_vec();
    if state.to_move() != ToMove::Chance {
        dice.sort_unstable();
    }
    let mut text = String::new();
    for face in &dice {
        let _ = write!(text, "{face}");
    }
    for _ in dice.len()..usize::from(state.config().numdice) {
        text.push_str("-1");
    }
    for bid in state.bids() {
        let _ = write!(text, " {bid}");
    }
    if state.called_by().is_some() {
        text.push_str(" Liar");
    }
    text
}
