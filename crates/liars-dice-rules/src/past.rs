//! The log redrawn for one viewer: each die the viewer did not see gets
//! the face it has in a state rolled afresh.

use alloc::vec::Vec;

use dice_core::{DiceRng, Entry, Game, Past, ResampleLog, Viewer};

use crate::state::LiarsDice;

/// The dice are rolled first and never change (LD-3), and a bid or a call
/// reads the same whatever was rolled (LD-4 to LD-6), so rolling the
/// present afresh ([`Game::resample_hidden`]: every die the viewer does not
/// see, each face 1/6) and reading each roll's face off its place redraws
/// the past with it. The viewer's own dice are kept, so every roll it saw
/// is unchanged; every face stays a legal roll.
impl ResampleLog for LiarsDice {
    fn resample_log(past: Past<'_, Self>, viewer: Viewer, rng: &mut DiceRng) -> Vec<Entry<Self>> {
        let rolled = past.now().resample_hidden(viewer, rng);
        let mut at = usize::from(past.start().rolled);
        past.log()
            .iter()
            .map(|entry| match *entry {
                Entry::Chance(face) => {
                    let redrawn = rolled.faces.get(at).copied().unwrap_or(face);
                    at = at.saturating_add(1);
                    Entry::Chance(redrawn)
                }
                Entry::Action { .. } => entry.clone(),
            })
            .collect()
    }
}
