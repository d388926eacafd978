#![doc = include_str!("../README.md")]
#![no_std]
#![forbid(unsafe_code)]

extern crate alloc;

pub mod bot;
pub mod dice;
pub mod domain;
pub mod error;
pub mod map;
pub mod prelude;
pub mod ruleset;

mod accessors;
mod action;
mod auto_layout;
mod build;
mod building;
mod cell;
mod collect;
mod colour;
mod config;
mod determinize;
mod disasters;
mod display_name;
mod end_of_round;
mod extort;
mod face;
mod feathers;
mod feed;
mod flow;
mod game;
mod grid;
mod ids;
mod layout;
mod listing;
mod narration;
mod notation;
mod observation;
mod parse_error;
mod past;
mod piece;
mod render;
mod roll;
mod rolling;
#[cfg(feature = "schema")]
mod schema;
mod scoreboard;
mod scoring;
#[cfg(feature = "serde")]
mod serde_text;
mod side;
mod start_player;
mod state;
mod step;
mod symbols;
mod table;
mod tracking;
mod validate;
mod view;
#[cfg(feature = "serde")]
mod view_json;

#[cfg(test)]
mod geometry_props;

pub use action::{Action, Chance, DieRef};
pub use auto_layout::auto_layout_action;
pub use building::BuildingKind;
pub use cell::{Cell, MAX_GRID, ParseCellError};
pub use colour::Colour;
pub use config::{EraConfig, RULES_REVISION};
pub use domain::Domain;
pub use error::{EraError, InvalidState};
pub use face::{ChoiceSet, Face, ParseFaceError};
pub use narration::{SeenAction, SeenChance};
pub use piece::{MAX_WALL_LENGTH, ParsePieceError, Piece};
pub use ruleset::Ruleset;
pub use scoring::Score;
pub use side::Side;
pub use state::{Era, MAX_PLAYERS, Player};
pub use step::Step;
pub use symbols::{Resource, Symbol};
pub use table::TableSize;
pub use view::{EraView, PlayerView};

/// The game contract, dice, records, histories and agents this crate
/// builds on, so a frontend needs no other dependency:
/// `era_rules::dice_core::Match`, or everything at once with [`prelude`].
pub use dice_core;
