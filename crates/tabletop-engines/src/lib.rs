#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
// A build without any game's feature loads nothing: the registry's
// machinery is unused then, and that is no mistake.
#![cfg_attr(
    not(any(
        feature = "pig",
        feature = "age-of-war",
        feature = "armadora",
        feature = "era",
        feature = "liars-dice"
    )),
    allow(dead_code, unused_imports)
)]

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
pub use info::{BotInfo, GameInfo, ReturnsInfo};
pub use registry::{AnyGame, RandomGames, catalogue, game_names, load_game, load_game_json};
pub use spec::GameString;
pub use state::{AnyState, Engine, WireTypes};
pub use tell::{Mark, Told};

#[cfg(feature = "age-of-war")]
pub use age_of_war_rules;
#[cfg(feature = "armadora")]
pub use armadora_rules;
pub use dice_core;
#[cfg(feature = "era")]
pub use era_rules;
#[cfg(feature = "liars-dice")]
pub use liars_dice_rules;
