//! Actions as text: the error for text that is not an action.

use alloc::string::{String, ToString};

/// Text that is not an action of the game, with what was expected.
///
/// ```
/// use dice_core::{Game, pig::{Pig, PigConfig}};
///
/// let game = Pig::new(&PigConfig::default()).unwrap();
/// let err = game.action_from_text("fold").unwrap_err();
/// assert_eq!(err.to_string(), "\"fold\" is not an action: expected \"roll\" or \"hold\"");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("\"{text}\" is not an action: {reason}")]
pub struct ParseActionError {
    text: String,
    reason: String,
}

impl ParseActionError {
    /// `text` is not an action, for `reason` (what was expected instead).
    pub fn new(text: &str, reason: impl Into<String>) -> Self {
        ParseActionError {
            text: text.to_string(),
            reason: reason.into(),
        }
    }

    /// The text that was read.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// What was wrong with it.
    pub fn reason(&self) -> &str {
        &self.reason
    }
}
