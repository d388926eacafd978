//! Why no state shows a view: the answer of a failed
//! [`Game::determinize`](crate::Game::determinize).

use alloc::string::{String, ToString};

/// A view that no state of the game shows (one edited by hand, or decoded
/// from a broken document), with the reason, so that whoever handed it in
/// learns what is wrong with it.
///
/// ```
/// use dice_core::InconsistentView;
///
/// let e = InconsistentView::new("seat 1 holds 3 dice, the config deals 2");
/// assert_eq!(e.to_string(), "no state shows this view: seat 1 holds 3 dice, the config deals 2");
/// assert_eq!(e.reason(), "seat 1 holds 3 dice, the config deals 2");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no state shows this view: {reason}")]
pub struct InconsistentView {
    reason: String,
}

impl InconsistentView {
    /// No state shows the view, for `reason` (a rule's or an invariant's
    /// own words).
    pub fn new(reason: impl core::fmt::Display) -> Self {
        InconsistentView {
            reason: reason.to_string(),
        }
    }

    /// What is wrong with the view.
    pub fn reason(&self) -> &str {
        &self.reason
    }
}
