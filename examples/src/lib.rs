//! The machinery behind the example binaries `play` and `replay`: command
//! lines, per-game adapters, logs and summaries. Run them with
//! `cargo run --release --example play -- age-of-war` and
//! `cargo run --release --example replay -- FILE`.

pub mod age_of_war;
pub mod armadora;
pub mod cli;
pub mod era;
pub mod pig;
pub mod play;
pub mod replay;
pub mod title;

/// The workspace README's examples, compiled and run as tests.
#[doc = include_str!("../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
