#![doc = include_str!("../README.md")]
#![allow(
    clippy::doc_markdown,
    reason = "the docs name WebSocket, SQLite and PostgreSQL as words"
)]

pub mod actor;
pub mod games;
pub mod limits;
pub mod lobby;
pub mod odds;
pub mod offline;
pub mod patch;
pub mod protocol;
pub mod server;
pub mod sqlite;
pub mod store;
pub mod token;
pub mod transport;
