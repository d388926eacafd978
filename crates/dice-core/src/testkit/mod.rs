//! The test kit every game crate runs from its tests (feature `testkit`).
//!
//! - [`check_game`] runs every check below on a game's configs, with
//!   defaults that suit a new game, and checks its declaration
//!   ([`Listed`](crate::listing::Listed)) against its rules: start there.
//! - [`check_random_games`] plays many seeded games with uniformly random
//!   decisions and checks, at every step, the invariants of the contract
//!   (below).
//! - [`check_histories`] proves that per-viewer histories leak nothing, and
//!   [`check_resume`] that a saved match resumes exactly.
//! - [`check_refusals`] proves that what a seat is told when it sends a move
//!   (refusals, and its legal actions worked out from its view) leaks nothing.
//! - [`check_golden_records`] pins committed records and their results.
//! - [`check_observations`] proves that observation tensors have their
//!   size and leak nothing; [`observed_blocks`], [`block`] and
//!   [`layout_lengths`] read a tensor by its named blocks.
//! - [`check_action_stream`] drives a game with arbitrary bytes, for
//!   property tests and fuzz targets, and [`check_action_streams`] with
//!   bytes drawn from seeds; [`random_steps`] reaches positions
//!   deep in a game, and [`each_random_position`] shows a test every
//!   position of a random game.
//! - [`json`]: refusal and corruption helpers for hostile-input tests.
//!
//! The invariants [`check_random_games`] checks:
//!
//! - at a decision node the legal list is non-empty, has no duplicates, and
//!   every listed action passes [`Game::check`](crate::Game::check), has an id below the bound
//!   that maps back to it, is written as text that reads back to it, and
//!   applies (in place, purely and unchecked, with equal results);
//! - actions drawn from the whole id space are legal exactly when listed,
//!   and a refused one leaves the state unchanged (also at chance nodes);
//! - at a chance node the outcomes are distinct, have positive
//!   probabilities summing to exactly one, pass [`Game::check_chance`](crate::Game::check_chance), and
//!   the sampler only draws listed outcomes;
//! - clones behave identically, and the state and every view survive a JSON
//!   round trip;
//! - every view is unchanged by [`Game::resample_hidden`](crate::Game::resample_hidden) for that viewer,
//!   and a state [determinized](crate::Game::determinize) from a view shows the
//!   same view and the same player to move;
//! - the game ends within the step bound, a result exists exactly at the
//!   end, and it is consistent (one score per seat, winners among the seats);
//! - every action played and every outcome drawn is narrated to every
//!   viewer without panicking;
//! - the match record replays to the same match, generator included, also
//!   after a JSON round trip.
//!
//! A violation panics with the seed, the step and what went wrong, so a
//! failing game can be replayed from its seed.
//!
//! ```
//! use dice_core::testkit::{check_random_games, Options};
//! use dice_core::pig::{Pig, PigConfig};
//!
//! let summary = check_random_games::<Pig>(&PigConfig::default(), &Options::new(0..20));
//! assert_eq!(summary.games, 20);
//! ```

#![allow(
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    reason = "a test harness: it reports a broken contract by panicking, as an \
              assertion does, and no rule reaches it"
)]

mod difference;
mod golden;
mod history;
pub mod json;
mod observation;
mod random;
mod seat;
mod tensor;
mod whole;

pub use golden::{WRITE_GOLDEN, check_golden_records};
pub use history::{HistorySummary, check_histories, check_resume};
pub use observation::{check_observation_range, check_observations};
pub use random::{
    Options, Summary, check_action_stream, check_action_streams, check_random_games,
    each_random_position, random_steps,
};
pub use seat::{SeatSummary, check_refusals};
pub use tensor::{block, layout_lengths, observed_blocks};
pub use whole::{GameSummary, check_game};
