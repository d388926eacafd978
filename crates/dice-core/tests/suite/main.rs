//! Every integration test of the crate in one binary (one link, one
//! build of the crate's generics): each file is a module named after
//! what it tests.
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    reason = "tests and their helpers: a failure is a failed test"
)]

mod cfr_kuhn;
mod evaluated;
mod golden_vectors;
#[cfg(feature = "testkit")]
mod history_coverage;
mod objective;
#[cfg(feature = "testkit")]
mod pig_contract;
#[cfg(feature = "testkit")]
mod pig_openspiel;
mod properties;
#[cfg(feature = "testkit")]
mod server_grade;
mod toy;
