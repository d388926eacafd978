//! The machinery behind the example binaries `play`, `replay` and `ladder`: command
//! lines, every game of the registry by its declaration, narration from a
//! viewpoint, a person at a seat, and summaries. Run them with
//! `cargo run --release --example play -- age-of-war` and
//! `cargo run --release --example replay -- FILE`.

pub mod args;
pub mod batch;
pub mod bot_turn;
pub mod cli;
pub mod games;
pub mod human;
pub mod ladder;
pub mod ladder_cli;
pub mod ladder_report;
pub mod narrate;
pub mod options;
pub mod output;
pub mod play;
pub mod playable;
pub mod rating;
pub mod record_file;
pub mod replay;
pub mod resume;
pub mod seating;
pub mod summary;

/// The workspace README's examples, compiled and run as tests.
#[doc = include_str!("../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// The frontend guide's examples (`docs/frontend.md`), compiled and run as tests.
#[doc = include_str!("../../docs/frontend.md")]
#[cfg(doctest)]
pub struct FrontendGuideDoctests;

/// The server guide's examples (`docs/server.md`), compiled and run as tests.
#[doc = include_str!("../../docs/server.md")]
#[cfg(doctest)]
pub struct ServerGuideDoctests;

/// The reinforcement-learning guide's examples (`docs/rl.md`), compiled and run as tests.
#[doc = include_str!("../../docs/rl.md")]
#[cfg(doctest)]
pub struct RlGuideDoctests;

/// The game author's guide's examples (`docs/game-author.md`), compiled and run as tests.
#[doc = include_str!("../../docs/game-author.md")]
#[cfg(doctest)]
pub struct GameAuthorGuideDoctests;

/// The tools guide's examples (`docs/tools.md`), compiled and run as tests.
#[doc = include_str!("../../docs/tools.md")]
#[cfg(doctest)]
pub struct ToolsGuideDoctests;
