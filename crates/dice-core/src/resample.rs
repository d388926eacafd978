//! A match's past redrawn where one viewer could not see it: what search
//! over hidden information plays from when it must keep the viewer's
//! whole history, not only its view of the present.

use alloc::vec::Vec;

use crate::game::{Game, Viewer};
use crate::record::Entry;
use crate::rng::DiceRng;

/// A game whose log can be redrawn for one viewer.
///
/// [`Game::resample_hidden`] redraws the present; this redraws the past
/// that leads to it, so that the viewer's [`History`](crate::History) is
/// the same as well (OpenSpiel's `ResampleFromInfostate` keeps the
/// information state, which is the history under perfect recall).
pub trait ResampleLog: Game {
    /// A log, played from `start`, that `viewer` cannot tell apart from
    /// `log`: every entry reads the same to `viewer`
    /// ([`SeenEntry::new`](crate::SeenEntry::new) is equal entry by entry) and so does the view
    /// it leads to, while everything hidden from `viewer` is drawn afresh
    /// from `rng`, from a distribution each game documents. Every entry is
    /// legal where it stands. `log` itself must be legal from `start`.
    ///
    /// The provided method is for games without hidden information: it
    /// returns `log`.
    #[must_use]
    fn resample_log(
        start: &Self,
        log: &[Entry<Self>],
        viewer: Viewer,
        rng: &mut DiceRng,
    ) -> Vec<Entry<Self>> {
        let _ = (start, viewer, rng);
        log.to_vec()
    }
}
