#![doc = include_str!("../README.md")]
#![allow(
    clippy::doc_markdown,
    reason = "the docs name WebSocket, SQLite and PostgreSQL as words"
)]

pub mod connection;
pub mod http;
pub mod lobby;
pub mod matches;
pub mod metrics;
pub mod offline;
pub mod server;
pub mod store;
pub mod wire;
