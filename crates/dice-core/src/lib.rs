//! Seeded dice, exact chance and the game contract shared by the
//! `age-of-war-rules`, `armadora-rules` and `era-rules` engines.
//!
//! - [`Game`]: the one trait every rules engine implements: who moves, legal
//!   actions without allocation, apply with a typed error and the state
//!   unchanged on error, explicit chance nodes with exact probabilities,
//!   per-seat views, the final result and stable action ids.
//! - [`DiceRng`]: the project's own seeded generator (`ChaCha8`), with its own
//!   uniform sampler and shuffle pinned by golden vectors.
//! - [`Die`], [`FaceCounts`], [`arrangements`] and [`Prob`]: dice and shuffles
//!   as exact chance events: seven dice are 792 multiset outcomes with reduced
//!   integer probabilities, never floats.
//! - [`Match`], [`Record`] and [`replay`]: a game with its generator and log,
//!   the JSON record format and its validating replay.
//! - [`Agent`], [`RandomAgent`] and [`mcts::Mcts`]: who picks the actions; the
//!   search plays any game on the contract, sampling what its seat cannot
//!   see.
//! - `testkit` (feature `testkit`): the random-simulation test every game
//!   crate runs.
//! - [`pig`]: the smallest game on the contract, as a worked example.
//!
//! # Example
//!
//! ```
//! use dice_core::{play_out, Agent, DiceRng, Game, Match, RandomAgent};
//! use dice_core::pig::{Pig, PigConfig};
//!
//! let mut m = Match::<Pig>::new(&PigConfig::default(), 42).unwrap();
//! let mut agents: [&mut dyn Agent<Pig>; 2] = [&mut RandomAgent, &mut RandomAgent];
//! play_out(&mut m, &mut agents, &mut DiceRng::from_seed_u64(1), 100_000).unwrap();
//! let result = m.state().result().unwrap();
//! assert!(result.scores().iter().any(|&s| s >= 30));
//! // The same seeds give the same game, on every platform.
//! let mut again = Match::<Pig>::new(&PigConfig::default(), 42).unwrap();
//! let mut agents: [&mut dyn Agent<Pig>; 2] = [&mut RandomAgent, &mut RandomAgent];
//! play_out(&mut again, &mut agents, &mut DiceRng::from_seed_u64(1), 100_000).unwrap();
//! assert_eq!(again, m);
//! ```
//!
//! # Features
//!
//! - `serde`: serialisation of [`DiceRng`], [`Prob`], [`GameResult`] and
//!   [`Record`].
//! - `testkit`: the `testkit` module (implies `serde`).
//!
//! The crate is `#![no_std]` with `alloc`.
//!
//! # Reproducibility
//!
//! A seed means the same words, dice and games on every platform and in
//! every version of this crate: [`DiceRng::from_seed_u64`], the samplers
//! built on it and each game's chance sampler are pinned by golden vectors.
//! A release that changes them is a breaking release and says so in the
//! CHANGELOG.
#![no_std]
#![forbid(unsafe_code)]
extern crate alloc;
#[cfg(feature = "testkit")]
extern crate std;

mod agent;
mod arrangement;
mod die;
mod game;
mod game_match;
mod history;
pub mod mcts;
mod notation;
pub mod pig;
mod prob;
mod record;
mod replay;
mod result;
mod rng;
pub mod seat;
#[cfg(feature = "testkit")]
pub mod testkit;

pub use agent::{Agent, PlayOutError, RandomAgent, play_out};
pub use arrangement::{Arrangements, arrangement_count, arrangements, shuffled};
pub use die::{Die, FaceCounts, RollOutcomes};
pub use game::{Game, ToMove, Viewer, sample_weighted};
pub use game_match::Match;
pub use history::{History, SeenEntry};
pub use notation::ParseActionError;
pub use prob::{ParseProbError, Prob};
pub use record::{Entry, FORMAT, OLDEST_FORMAT, Record};
pub use replay::{EntryError, MAX_CHANCE_CHAIN, ReplayError, replay};
pub use result::{GameResult, InvalidResult};
pub use rng::DiceRng;
pub use seat::Seat;

/// What a frontend, a bot or a server uses in almost every file:
/// `use dice_core::prelude::*;`.
pub mod prelude {
    pub use crate::agent::{Agent, RandomAgent, play_out};
    pub use crate::game::{Game, ToMove, Viewer};
    pub use crate::game_match::Match;
    pub use crate::history::{History, SeenEntry};
    pub use crate::prob::Prob;
    pub use crate::record::{Entry, Record};
    pub use crate::replay::replay;
    pub use crate::result::GameResult;
    pub use crate::rng::DiceRng;
    pub use crate::seat::Seat;
}
