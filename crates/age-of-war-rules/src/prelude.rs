//! What a frontend, a bot or a server names in almost every file:
//! `use age_of_war_rules::prelude::*;`.
//!
//! The game's own types ([`AgeOfWar`], [`AgeOfWarConfig`], [`Action`],
//! [`Chance`], [`Castle`], [`Clan`], [`Face`], [`Roll`], [`Line`],
//! [`Place`], [`AgeOfWarError`], [`SolverBot`]) and everything in
//! [`dice_core::prelude`]: [`Game`], [`Match`], [`ToMove`], [`Viewer`],
//! [`Agent`], [`DiceRng`], [`Prob`], [`Record`], [`replay`], ...
//!
//! ```
//! use age_of_war_rules::prelude::*;
//!
//! let mut m = Match::<AgeOfWar>::new(&AgeOfWarConfig::new(3), 42).unwrap();
//! m.resolve_chance().unwrap(); // the first player
//! assert!(matches!(m.state().to_move(), ToMove::Chance)); // the first roll
//! ```

pub use dice_core::prelude::*;

pub use crate::action::Action;
pub use crate::bot::SolverBot;
pub use crate::castle::{Castle, Clan};
pub use crate::chance::Chance;
pub use crate::config::AgeOfWarConfig;
pub use crate::dice::{Face, Roll};
pub use crate::error::AgeOfWarError;
pub use crate::line::Line;
pub use crate::state::AgeOfWar;
pub use crate::table::Place;
