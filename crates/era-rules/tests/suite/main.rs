//! Every integration test of the crate in one binary (one link, one
//! build of the crate's generics): each file is a module named after
//! what it tests.

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
