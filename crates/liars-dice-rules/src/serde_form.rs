//! The state as written: each seat's dice, the bids in order, who called
//! liar (read back in `state`, only when it is a position of the game).

use alloc::vec::Vec;

use dice_core::Seat;

use crate::bid::Bid;
use crate::config::LiarsDiceConfig;

/// A position as written.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawLiarsDice {
    pub(crate) config: LiarsDiceConfig,
    /// Each seat's dice rolled so far.
    pub(crate) dice: Vec<Vec<u8>>,
    pub(crate) bids: Vec<Bid>,
    pub(crate) called_by: Option<Seat>,
}
