#![doc = include_str!("../README.md")]
#![allow(
    clippy::doc_markdown,
    reason = "the docs name WebSocket, SQLite and PostgreSQL as words"
)]

pub mod actor;
pub mod addresses;
pub mod app;
pub mod bots;
pub mod client_message;
pub mod clock;
pub mod code;
pub mod games;
pub mod http;
pub mod journal;
pub mod limits;
pub mod lobby;
pub mod lobby_error;
pub mod metrics;
pub mod names;
pub mod network;
pub mod offline;
pub mod open_list;
pub mod operator;
pub mod patch;
pub mod postgres;
pub mod relay;
pub mod replay;
pub mod routes;
pub mod seats;
pub mod server;
pub mod server_message;
pub mod socket;
pub mod sqlite;
pub mod store;
pub mod talk;
pub mod token;
pub mod turn;
pub mod view_schema;
