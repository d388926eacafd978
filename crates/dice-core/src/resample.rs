//! A match's past redrawn where one viewer could not see it: what search
//! over hidden information plays from when it must keep the viewer's
//! whole history, not only its view of the present.

use alloc::vec::Vec;

use crate::game::{Game, Viewer};
use crate::record::Entry;
use crate::rng::DiceRng;

/// A log and the state it was played from: what
/// [`ResampleLog::resample_log`] redraws.
pub struct Past<'a, G: Game> {
    start: &'a G,
    log: &'a [Entry<G>],
}

impl<'a, G: Game> Past<'a, G> {
    /// `log`, played from `start`; it must be legal from there.
    pub fn new(start: &'a G, log: &'a [Entry<G>]) -> Self {
        Past { start, log }
    }

    /// The state the log was played from.
    pub fn start(&self) -> &'a G {
        self.start
    }

    /// Every entry, in order.
    pub fn log(&self) -> &'a [Entry<G>] {
        self.log
    }

    /// The state the log leads to.
    #[must_use]
    pub fn now(&self) -> G {
        let mut now = self.start.clone();
        for entry in self.log {
            entry.apply_unchecked(&mut now);
        }
        now
    }
}

/// A game whose log can be redrawn for one viewer.
///
/// [`Game::resample_hidden`] redraws the present; this redraws the past
/// that leads to it, so that the viewer's [`History`](crate::History) is
/// the same as well (OpenSpiel's `ResampleFromInfostate` keeps the
/// information state, which is the history under perfect recall).
pub trait ResampleLog: Game {
    /// A log, played from the same start, that `viewer` cannot tell apart
    /// from `past`'s: every entry reads the same to `viewer`
    /// ([`SeenEntry::new`](crate::SeenEntry::new) is equal entry by entry)
    /// and so does the view it leads to, while everything hidden from
    /// `viewer` is drawn afresh from `rng`, from a distribution each game
    /// documents. Every entry is legal where it stands.
    ///
    /// The provided method is for games without hidden information: it
    /// returns the log as it is.
    #[must_use]
    fn resample_log(past: Past<'_, Self>, viewer: Viewer, rng: &mut DiceRng) -> Vec<Entry<Self>> {
        let _ = (viewer, rng);
        past.log().to_vec()
    }
}
