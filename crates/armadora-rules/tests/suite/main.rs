//! Every integration test of the crate in one binary (one link, one
//! build of the crate's generics): each file is a module named after
//! what it tests.

#[path = "../common/mod.rs"]
mod common;

mod action_stream;
mod encoding;
mod golden;
mod hostile;
mod narration;
mod notation;
mod observation;
mod properties;
mod rules;
mod scoreboard;
mod search;
mod seats;
