//! Every integration test of the crate in one binary (one link, one
//! build of the crate's generics): each file is a module named after
//! what it tests.

#[allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    clippy::arithmetic_side_effects,
    reason = "helpers shared by the tests: a failure is a failed test"
)]
#[macro_use]
#[path = "../common/mod.rs"]
mod common;

mod bots;
mod human;
#[allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::panic,
    reason = "reading the committed ladder: a malformed file is a failed test"
)]
mod ladder;
mod narration;
mod replay;
mod resume;
