//! Every integration test of the crate in one binary (one link, one
//! build of the crate's generics): each file is a module named after
//! what it tests.

#[path = "../common/mod.rs"]
mod common;

mod action_odds;
mod action_stream;
mod contract;
mod encoding;
mod golden;
mod hopeless;
mod hostile;
mod observation;
mod properties;
mod rules;
mod sampling;
mod scoreboard;
mod seats;
mod server;
mod solver;
mod text;
