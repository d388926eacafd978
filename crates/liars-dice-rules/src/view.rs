//! What one seat, or a spectator, may know (LD-10).

use alloc::vec::Vec;

use dice_core::{Seat, ToMove, Viewer};

use crate::bid::Bid;
use crate::config::{LiarsDiceConfig, PLAYERS};

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
    pub(crate) config: LiarsDiceConfig,
    pub(crate) viewer: Viewer,
    pub(crate) hands: Vec<Hand>,
    pub(crate) bids: Vec<Bid>,
    pub(crate) called_by: Option<Seat>,
}

/// A view as written, before it is checked.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct RawView {
    pub(crate) config: LiarsDiceConfig,
    pub(crate) viewer: Viewer,
    pub(crate) hands: Vec<Hand>,
    pub(crate) bids: Vec<Bid>,
    pub(crate) called_by: Option<Seat>,
}

impl LiarsDiceView {
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
        let hand = match self.viewer {
            Viewer::Seat(seat) => self.hands.get(seat),
            Viewer::Spectator => None,
        };
        // A spectator holds no dice, and a seat none before its first roll.
        hand.and_then(|h| h.faces.as_deref()).unwrap_or(&[])
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
}
