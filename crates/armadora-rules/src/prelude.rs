//! What a frontend, a bot or a server names in almost every file:
//! `use armadora_rules::prelude::*;`.
//!
//! The game's own types ([`Armadora`], [`ArmadoraConfig`], [`ArmadoraView`],
//! [`Action`], [`Power`], [`Chance`], [`SeenAction`], [`Square`], [`Line`],
//! [`Value`], [`Faction`], [`Warrior`], [`SeenWarrior`], [`Table`],
//! [`Phase`], [`TurnStep`], [`Scoring`], [`ArmadoraError`], the
//! [`Greedy`] bot) and everything in [`dice_core::prelude`]: [`Game`],
//! [`Match`], [`ToMove`], [`Viewer`], [`Agent`], [`RandomAgent`],
//! [`DiceRng`], [`Prob`], [`Record`], [`History`], [`SeenEntry`],
//! [`replay`], ...
//!
//! ```
//! use armadora_rules::prelude::*;
//!
//! let mut m = Match::<Armadora>::new(&ArmadoraConfig::new(2), 42).unwrap();
//! m.resolve_all_chance(10); // the gold layout, then the first player
//! let seat = m.player_to_move().unwrap();
//! let view: ArmadoraView = m.state().view(Viewer::Seat(seat));
//! assert_eq!(view.tiles_left(seat), 16);
//! ```

pub use dice_core::prelude::*;

pub use crate::action::{Action, Power};
pub use crate::army::{Faction, SeenWarrior, Value, Warrior};
pub use crate::board::{Line, Square};
pub use crate::bot::Greedy;
pub use crate::chance::Chance;
pub use crate::config::ArmadoraConfig;
pub use crate::error::ArmadoraError;
pub use crate::scoring::Scoring;
pub use crate::seen::SeenAction;
pub use crate::state::Armadora;
pub use crate::table::{Phase, Table, TurnStep};
pub use crate::view::ArmadoraView;
