#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod bot;
mod error;
mod games;
mod info;
#[cfg(feature = "age-of-war")]
pub mod odds;
mod params;
mod registry;
mod rollout;
mod spec;
mod state;
mod tell;

pub use bot::AnyBot;
pub use error::{LoadError, StepError};
pub use games::{GameTask, GameVisitor, visit_games, with_game};
pub use info::{BotInfo, GameInfo, LevelInfo, ReturnsInfo};
pub use registry::{AnyGame, RandomGames, catalogue, game_names, load_game, load_game_json};
pub use spec::GameString;
pub use state::{AnyState, Engine, WireTypes};
pub use tell::{Mark, Told};

// The rules crates: `dice_core` and each game's `NAME_rules`.
pub use games::rules::*;
