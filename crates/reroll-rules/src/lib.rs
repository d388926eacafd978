#![doc = include_str!("../README.md")]
#![no_std]
#![forbid(unsafe_code)]

extern crate alloc;

mod action;
mod config;
mod error;
mod listing;
mod observation;
mod state;

pub use action::RerollAction;
pub use config::{MAX_PLAYERS, MAX_ROUNDS, RerollConfig};
pub use error::RerollError;
pub use listing::KeepHigh;
pub use state::Reroll;

/// The game contract this crate builds on.
pub use dice_core;
