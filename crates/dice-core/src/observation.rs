//! Views as fixed-size numeric tensors, for neural networks.

use alloc::vec::Vec;

use crate::game::{Game, Viewer};

/// One named block of an observation tensor.
///
/// A tensor is its blocks end to end, in the order
/// [`ObservationTensor::observation_layout`] lists them, so a network (or a
/// person reading one) knows which numbers mean what.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Block {
    name: &'static str,
    len: usize,
    meaning: &'static str,
}

impl Block {
    /// A block of `len` numbers called `name`, described by `meaning`.
    pub const fn new(name: &'static str, len: usize, meaning: &'static str) -> Self {
        Block { name, len, meaning }
    }

    /// A short name, in snake case: `"my_castles"`.
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// How many numbers the block holds.
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether the block holds no number.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// What the numbers say, in a sentence.
    pub const fn meaning(&self) -> &'static str {
        self.meaning
    }
}

/// A game whose views encode as flat `f32` tensors of a size that depends
/// only on the config: the input of a policy or value network.
///
/// The tensor encodes the [view](Game::view), never the state, so it holds
/// exactly what its viewer may know; two states the viewer cannot tell apart
/// give the same tensor, bit for bit (the test kit's
/// `testkit::check_observations` checks it).
/// Floating point lives here only, never in the rules.
///
/// ```
/// use dice_core::observation::{observation, observation_len, ObservationTensor};
/// use dice_core::pig::{Pig, PigConfig};
/// use dice_core::{Game, Viewer};
///
/// let config = PigConfig::default();
/// let game = Pig::new(&config).unwrap();
/// let tensor = observation(&game, Viewer::Seat(0));
/// assert_eq!(tensor.len(), observation_len::<Pig>(&config));
/// for block in Pig::observation_layout(&config) {
///     println!("{:>16} {:3}  {}", block.name(), block.len(), block.meaning());
/// }
/// ```
pub trait ObservationTensor: Game {
    /// The tensor's blocks, in order; they depend only on the config.
    fn observation_layout(config: &Self::Config) -> Vec<Block>;

    /// Replaces the contents of `out` with `view` encoded: exactly
    /// [`observation_len`] numbers, all finite. Reusing one buffer makes this
    /// allocation-free.
    fn write_observation(view: &Self::View, out: &mut Vec<f32>);
}

/// How many numbers a tensor of this config holds: the sum of its blocks.
pub fn observation_len<G: ObservationTensor>(config: &G::Config) -> usize {
    G::observation_layout(config)
        .iter()
        .fold(0, |sum, block| sum.saturating_add(block.len()))
}

/// `viewer`'s view of `state`, encoded.
pub fn observation<G: ObservationTensor>(state: &G, viewer: Viewer) -> Vec<f32> {
    let mut out = Vec::new();
    G::write_observation(&state.view(viewer), &mut out);
    out
}

/// `tensor` cut into the named blocks of `layout`, in order: what each
/// number means, for a reader or a test. `None` when the tensor is not as
/// long as the layout.
///
/// ```
/// use dice_core::observation::{observation, observation_blocks, ObservationTensor};
/// use dice_core::pig::{Pig, PigConfig};
/// use dice_core::{Game, Viewer};
///
/// let config = PigConfig::default();
/// let tensor = observation(&Pig::new(&config).unwrap(), Viewer::Seat(0));
/// let blocks = observation_blocks(&Pig::observation_layout(&config), &tensor).unwrap();
/// assert_eq!(blocks[1], ("to_move", &[1.0, 0.0][..]));
/// ```
pub fn observation_blocks<'t>(
    layout: &[Block],
    tensor: &'t [f32],
) -> Option<Vec<(&'static str, &'t [f32])>> {
    let mut rest = tensor;
    let mut blocks = Vec::with_capacity(layout.len());
    for block in layout {
        let (this, tail) = rest.split_at_checked(block.len())?;
        blocks.push((block.name(), this));
        rest = tail;
    }
    rest.is_empty().then_some(blocks)
}
