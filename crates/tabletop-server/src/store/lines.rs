//! Lines of talk as a store keeps them and a welcome tells them: the
//! checks and the rate of a line live with the match (`matches::talk`).

use schemars::JsonSchema;
use serde::Serialize;

/// The lines a store keeps of one match: saying one more drops the
/// oldest.
pub const KEPT_LINES: usize = 500;

/// One line said at a match's table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Line {
    /// The line's number in its match, from 1, one more for each line.
    pub n: u64,
    /// The seat that said it.
    pub seat: usize,
    /// The seat's player name when it was said; `null` for a seat without
    /// one.
    pub name: Option<String>,
    /// What was said, as typed (trimmed): text, never markup.
    pub text: String,
}
