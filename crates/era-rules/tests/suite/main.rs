//! Every integration test of the crate in one binary (one link, one
//! build of the crate's generics): each file is a module named after
//! what it tests.
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    reason = "tests and their helpers: a failure is a failed test"
)]

#[path = "../common/mod.rs"]
mod common;

mod action_stream;
mod bot;
mod golden;
mod hostile;
mod leaks;
mod observation;
mod properties;
mod rules;
mod ruleset;
mod sampler;
mod scoreboard;
mod seats;
mod testkit;
mod text;
mod view_json;
