//! The machinery behind the example binaries `play` and `replay`: command
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
pub mod narrate;
pub mod options;
pub mod output;
pub mod play;
pub mod playable;
pub mod record_file;
pub mod replay;
pub mod resume;
pub mod seating;
pub mod summary;

/// The workspace README's examples, compiled and run as tests.
#[doc = include_str!("../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
