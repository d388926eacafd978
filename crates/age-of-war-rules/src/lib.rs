#![doc = include_str!("../README.md")]
#![no_std]
#![forbid(unsafe_code)]

extern crate alloc;

mod action;
mod bot;
pub mod castle;
mod chance;
pub mod config;
mod data;
pub mod dice;
mod error;
mod fills;
pub mod line;
mod listing;
mod observation;
mod per_castle;
pub mod prelude;
mod rolls;
#[cfg(feature = "schema")]
mod schema;
pub mod scoring;
pub mod solver;
mod state;
pub mod table;
pub mod turn;

pub use action::Action;
pub use bot::SolverBot;
pub use castle::Castle;
pub use chance::Chance;
pub use config::AgeOfWarConfig;
pub use error::{AgeOfWarError, InvalidState};
pub use state::AgeOfWar;

/// The game contract, dice, records and agents this crate builds on, so a
/// frontend needs no other dependency: `age_of_war_rules::dice_core::Match`.
pub use dice_core;
