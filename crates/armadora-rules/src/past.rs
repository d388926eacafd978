//! The log redrawn for one viewer: each warrior placement the viewer did
//! not see gets the value its square has in a state dealt afresh.

use alloc::vec::Vec;

use dice_core::{DiceRng, Entry, Game, Past, ResampleLog, Viewer};

use crate::action::Action;
use crate::state::Armadora;

/// Warriors never move once placed (ARM-7), so a placement is told apart
/// only by its value: dealing the present afresh ([`Game::resample_hidden`]:
/// each player's hidden tiles shuffled uniformly) and reading each hidden
/// placement's value off its square redraws the past with it. A value the
/// viewer sees is kept by the deal, so every entry the viewer saw in full
/// is unchanged; every player still places tiles of their own set, so
/// every placement stays legal.
impl ResampleLog for Armadora {
    fn resample_log(past: Past<'_, Self>, viewer: Viewer, rng: &mut DiceRng) -> Vec<Entry<Self>> {
        let dealt = past.now().resample_hidden(viewer, rng);
        past.log()
            .iter()
            .map(|entry| match *entry {
                Entry::Action {
                    player,
                    action: Action::Warrior { at, value },
                } => Entry::Action {
                    player,
                    action: Action::Warrior {
                        at,
                        // A placed warrior stays on its square (ARM-7).
                        value: dealt.board[at].map_or(value, |w| w.value),
                    },
                },
                _ => entry.clone(),
            })
            .collect()
    }
}
