//! The server's tests, one binary: the built server as a child process on
//! loopback (every loop bounded in count and time), and its match actor
//! in-process.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    clippy::cast_possible_truncation,
    clippy::unreadable_literal,
    clippy::doc_markdown,
    clippy::too_many_lines,
    clippy::unnested_or_patterns,
    reason = "tests: a failure is a test failure"
)]

mod actor_store;
mod common;
#[path = "../shared/http.rs"]
mod http;
mod inproc;
mod journal;

mod cluster;
mod cluster_hang;
mod crash;
#[cfg(target_os = "linux")]
mod crowd;
mod full_games;
mod hostile;
mod limits;
mod open_internet;
mod open_pages;
mod open_seats;
mod operator;
mod patches;
mod reconnect;
mod replays;
mod schemas;
mod scoreboards;
mod send_queue;
mod store_suite;
mod talk;
mod timeouts;
mod turns;
mod twins;
