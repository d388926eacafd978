#![doc = include_str!("../README.md")]
#![no_std]
#![forbid(unsafe_code)]

extern crate alloc;

mod action;
pub mod army;
pub mod board;
mod board_text;
pub mod bot;
mod chance;
mod config;
mod determinize;
mod error;
mod game;
mod listing;
mod notation;
mod observation;
mod past;
pub mod prelude;
#[cfg(feature = "schema")]
mod schema;
mod scoring;
mod seen;
#[cfg(feature = "serde")]
mod serde_forms;
mod settled;
mod state;
pub mod table;
mod turn;
mod view;

pub use action::{ADVANCED_ACTION_IDS, Action, BASE_ACTION_IDS, Power};
pub use army::{Faction, NoSuchValue, SeenWarrior, Value, Warrior};
pub use board::{Line, Square};
pub use bot::Greedy;
pub use chance::Chance;
pub use config::ArmadoraConfig;
pub use dice_core::Seat;
pub use error::{ArmadoraError, Holding, InvalidState};
pub use notation::Notation;
pub use scoring::Scoring;
pub use seen::SeenAction;
pub use state::Armadora;
pub use table::{Phase, Table, TurnStep};
pub use view::ArmadoraView;

/// The game contract, dice, records, histories and agents this crate
/// builds on, so a frontend needs no other dependency:
/// `armadora_rules::dice_core::Match`, or everything at once with
/// [`prelude`].
pub use dice_core;
