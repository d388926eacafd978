//! Observation tensors read block by block: what a test that pins a
//! documented layout, or a position encoded by hand, compares.

use alloc::vec::Vec;

use crate::game::Viewer;
use crate::observation::{ObservationTensor, observation, observation_blocks};

/// The names and lengths of a config's blocks, in order: the documented
/// layout a test compares them with.
///
/// ```
/// use dice_core::testkit::layout_lengths;
/// use dice_core::pig::{Pig, PigConfig};
///
/// let layout = layout_lengths::<Pig>(&PigConfig::default());
/// assert_eq!(layout[1], ("to_move", 2));
/// ```
pub fn layout_lengths<G: ObservationTensor>(config: &G::Config) -> Vec<(&'static str, usize)> {
    G::observation_layout(config)
        .iter()
        .map(|block| (block.name(), block.len()))
        .collect()
}

/// `viewer`'s tensor of `state` cut into its named blocks, in order, each
/// with its numbers.
///
/// ```
/// use dice_core::testkit::{block, observed_blocks};
/// use dice_core::pig::{Pig, PigConfig};
/// use dice_core::{Game, Viewer};
///
/// let game = Pig::new(&PigConfig::default()).unwrap();
/// let blocks = observed_blocks(&game, Viewer::Seat(0));
/// assert_eq!(block(&blocks, "to_move"), [1.0, 0.0]);
/// ```
///
/// # Panics
/// When the tensor is not as long as its layout.
pub fn observed_blocks<G: ObservationTensor>(
    state: &G,
    viewer: Viewer,
) -> Vec<(&'static str, Vec<f32>)> {
    let layout = G::observation_layout(state.config());
    let tensor = observation(state, viewer);
    let blocks = observation_blocks(&layout, &tensor).unwrap_or_else(|| {
        panic!(
            "{viewer:?}'s tensor of {} numbers does not fit its layout",
            tensor.len()
        )
    });
    blocks.into_iter().map(|(n, b)| (n, b.to_vec())).collect()
}

/// The numbers of the block called `name`.
///
/// # Panics
/// When no block has that name.
pub fn block<'b>(blocks: &'b [(&'static str, Vec<f32>)], name: &str) -> &'b [f32] {
    let Some((_, numbers)) = blocks.iter().find(|(n, _)| *n == name) else {
        panic!("no block is called {name:?}")
    };
    numbers
}
