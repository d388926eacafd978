#![doc = include_str!("../README.md")]
#![no_std]
#![forbid(unsafe_code)]

extern crate alloc;
#[cfg(feature = "testkit")]
extern crate std;

mod agent;
mod arrangement;
pub mod cfr;
#[cfg(any(test, all(target_arch = "wasm32", target_feature = "simd128")))]
mod chacha;
mod config_form;
mod die;
mod game;
mod game_match;
mod history;
mod inconsistent;
mod information;
pub mod listing;
pub mod mcts;
mod notation;
mod objective;
pub mod observation;
#[doc(hidden)]
pub mod perfect_information;
pub mod pig;
mod prob;
mod record;
mod replay;
mod resample;
mod result;
mod rng;
#[cfg(feature = "schema")]
pub mod schema;
mod scoreboard;
pub mod seat;
mod separated;
#[cfg(feature = "testkit")]
pub mod testkit;
mod update;

pub use agent::{Agent, PlayOutError, RandomAgent, play_on, play_out};
pub use arrangement::{
    Arrangements, arrangement_count, arrangement_rank, arrangement_unrank, arrangements, shuffled,
};
pub use die::{Die, FaceCounts, RollOutcomes};
pub use game::{Game, SeatError, ToMove, Viewer, sample_weighted};
pub use game_match::Match;
pub use history::{History, SeenEntry};
pub use inconsistent::InconsistentView;
pub use information::InformationState;
pub use notation::ParseActionError;
pub use objective::Objective;
pub use prob::{ParseProbError, Prob};
pub use record::{Entry, FORMAT, OLDEST_FORMAT, Record};
pub use replay::{EntryError, MAX_CHANCE_CHAIN, ReplayError, replay};
pub use resample::{Past, ResampleLog};
pub use result::{GameResult, InvalidResult};
pub use rng::DiceRng;
#[cfg(feature = "os-rng")]
pub use rng::OsRngError;
pub use scoreboard::{ScorePart, Scoreboard};
pub use seat::Seat;
pub use separated::write_separated;
pub use update::{LegalAction, Update};

/// What a frontend, a bot or a server uses in almost every file:
/// `use dice_core::prelude::*;`.
pub mod prelude {
    pub use crate::agent::{Agent, RandomAgent, play_on, play_out};
    pub use crate::game::{Game, SeatError, ToMove, Viewer};
    pub use crate::game_match::Match;
    pub use crate::history::{History, SeenEntry};
    pub use crate::objective::Objective;
    pub use crate::prob::Prob;
    pub use crate::record::{Entry, Record};
    pub use crate::replay::replay;
    pub use crate::resample::ResampleLog;
    pub use crate::result::GameResult;
    pub use crate::rng::DiceRng;
    pub use crate::seat::Seat;
    pub use crate::update::{LegalAction, Update};
}
