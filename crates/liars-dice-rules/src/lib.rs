#![doc = include_str!("../README.md")]
#![no_std]
#![forbid(unsafe_code)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod bid;
mod bot;
mod config;
mod error;
mod information;
mod listing;
mod observation;
mod past;
mod seen;
#[cfg(feature = "serde")]
mod serde_form;
mod shown;
mod solved;
mod state;
mod view;

pub use bid::{Action, Bid, FACES, MAX_DICE, WILD};
pub use bot::Odds;
pub use config::{LiarsDiceConfig, PLAYERS};
pub use error::LiarsDiceError;
pub use information::LiarsDiceKey;
pub use seen::SeenRoll;
pub use solved::{Equilibrium, SOLVE_ITERATIONS, solve};
pub use state::LiarsDice;
pub use view::{Hand, LiarsDiceView};

/// The game contract, dice, records and agents this crate builds on, so a
/// frontend needs no other dependency: `liars_dice_rules::dice_core::Match`.
pub use dice_core;
