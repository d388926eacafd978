//! What a frontend, a bot or a server names in almost every file:
//! `use era_rules::prelude::*;`.
//!
//! The game's own types ([`Era`], [`EraConfig`], [`EraView`],
//! [`PlayerView`], [`Player`], [`Step`], [`Action`], [`DieRef`],
//! [`Chance`], [`SeenAction`], [`SeenChance`], [`Ruleset`], [`Score`],
//! [`Domain`], [`DiceCounts`], [`Cell`], [`Piece`], [`BuildingKind`],
//! [`Colour`], [`Side`], [`Face`], [`ChoiceSet`], [`Resource`],
//! [`Symbol`], [`TableSize`], [`EraError`], the [`Greedy`] bot and
//! [`auto_layout_action`]) and everything in [`dice_core::prelude`]:
//! [`Game`], [`Match`], [`ToMove`], [`Viewer`], [`Agent`],
//! [`RandomAgent`], [`DiceRng`], [`Prob`], [`Record`], [`History`],
//! [`SeenEntry`], [`replay`], ...
//!
//! ```
//! use era_rules::prelude::*;
//!
//! let mut m = Match::<Era>::new(&EraConfig::new(2), 42).unwrap();
//! let layout = auto_layout_action(m.state()).unwrap();
//! m.play(layout).unwrap();
//! let view: EraView = m.state().view(Viewer::Seat(1));
//! assert_eq!(view.step(), Step::Layout { seat: 0 });
//! // Seat 0's layout in progress is its secret.
//! assert!(view.player(0).unwrap().domain().is_none());
//! ```

pub use dice_core::prelude::*;

pub use crate::action::{Action, Chance, DieRef};
pub use crate::auto_layout::auto_layout_action;
pub use crate::bot::Greedy;
pub use crate::building::BuildingKind;
pub use crate::cell::Cell;
pub use crate::colour::Colour;
pub use crate::config::EraConfig;
pub use crate::dice::DiceCounts;
pub use crate::domain::Domain;
pub use crate::error::EraError;
pub use crate::face::{ChoiceSet, Face};
pub use crate::narration::{SeenAction, SeenChance};
pub use crate::piece::Piece;
pub use crate::ruleset::Ruleset;
pub use crate::scoring::Score;
pub use crate::side::Side;
pub use crate::state::{Era, Player};
pub use crate::step::Step;
pub use crate::symbols::{Resource, Symbol};
pub use crate::table::TableSize;
pub use crate::view::{EraView, PlayerView};
