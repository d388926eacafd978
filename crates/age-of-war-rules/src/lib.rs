//! Age of War (Reiner Knizia, 2014) rules engine on the [`dice_core::Game`]
//! contract, with exact, optimal conquest odds.
//!
//! - [`AgeOfWar`]: the position and every rule of the spec (AOW-1 to
//!   AOW-14): the first-player draw, rolls of the dice in hand as multiset
//!   chance outcomes (792 for seven dice, exact probabilities), filling lines
//!   or losing a die, commitment, conquest and failure, steals with the
//!   special daimyo line, clans, the end when the centre empties, scoring and
//!   the tie-break chain with shared victories.
//! - [`Castle`], [`Clan`], [`Line`], [`Face`], [`Roll`], [`Table`]: the cards
//!   and dice in the game's own words.
//! - [`solver`]: for any castle, open lines and dice in hand, the exact
//!   chance of conquest with best play and the best choice for a roll; from a
//!   position, the best action.
//! - [`bot::SolverBot`]: a [`dice_core::Agent`] that plays the solver's best
//!   action.
//!
//! # Example
//!
//! ```
//! use age_of_war_rules::{solver::OddsTable, AgeOfWar, AgeOfWarConfig, Castle};
//! use dice_core::{DiceRng, Game, Match, ToMove};
//!
//! // A seeded two-player game: seat 0 follows the exact solver, seat 1
//! // plays at random.
//! let odds = OddsTable::new();
//! let mut m = Match::<AgeOfWar>::new(&AgeOfWarConfig { players: 2 }, 7).unwrap();
//! let mut rng = DiceRng::from_seed_u64(8);
//! let mut legal = Vec::new();
//! loop {
//!     match m.state().to_move() {
//!         ToMove::Over => break,
//!         ToMove::Chance => {
//!             m.resolve_chance().unwrap();
//!         }
//!         ToMove::Player(seat) => {
//!             let action = if seat == 0 {
//!                 odds.best_action(m.state()).unwrap()
//!             } else {
//!                 m.state().legal_actions(&mut legal);
//!                 *rng.choose(&legal).unwrap()
//!             };
//!             m.play(action).unwrap();
//!         }
//!     }
//! }
//! let result = m.state().result().unwrap();
//! assert_eq!(result.scores().len(), 2);
//! assert!(m.state().table().centre_is_empty());
//! // The record replays to the same position.
//! assert_eq!(dice_core::replay(&m.record()).unwrap().state(), m.state());
//!
//! // Exact odds: Odani (`10 inf`) from the centre with seven dice.
//! let odani = odds.castle(Castle::Odani).conquer();
//! assert!((odani.to_f64() - 0.338312).abs() < 1e-6);
//! ```
//!
//! # The turn on the contract
//!
//! After the first-player draw ([`Chance::FirstPlayer`]), each turn
//! alternates a chance node (a [`Chance::Roll`] of the dice in hand) and a
//! decision of the player to move ([`Action::Fill`] or [`Action::LoseDie`]).
//! Filling places the fewest dice that fill the line (AOW-6); the turn ends
//! with a conquest when every required line of the committed castle is
//! filled, or fails when no dice are left (AOW-8). Illegal actions and
//! outcomes are refused with an [`AgeOfWarError`] naming the rule, and the
//! state is unchanged.
//!
//! Games end with probability one, but Age of War has no bound on their
//! length: castles can change hands forever. Uniformly random players take
//! a few thousand steps.
//!
//! # Records
//!
//! With the `serde` feature, everything uses the workspace's encodings:
//! faces `infantry1 infantry2 infantry3 archery cavalry daimyo`, castles by
//! lowercase name, lines `0` (special daimyo line) and `1..=n` (printed lines
//! in table order), chance `{"first_player": p}` and `{"roll": [faces]}`
//! (any order on input, [`Face::ALL`] order on output), actions
//! `{"fill": {"castle": c, "line": n}}` and `"lose_die"`, config
//! `{"players": n}`. A deserialised [`AgeOfWar`] is validated and rejected,
//! with an [`InvalidState`] naming the rule, when it breaks an invariant;
//! configs, actions, chance outcomes, tables, rolls and line sets are
//! checked on the way in too, so hostile records are refused, never played.
//!
//! # Reproducibility
//!
//! [`Game::sample_chance`](dice_core::Game::sample_chance) draws the first
//! player with one [`DiceRng::index`](dice_core::DiceRng::index) over the
//! seats and a roll with
//! [`Die::roll_many`](dice_core::Die::roll_many) over [`DIE`]: one
//! [`DiceRng::below`](dice_core::DiceRng::below)`(6)` per die in hand, face
//! index in [`Face::ALL`] order. The golden records in `tests/golden` pin it.
//!
//! # Features
//!
//! - `serde`: serialisation of configs, states, actions, chance outcomes
//!   and records.
//!
//! The crate is `#![no_std]` with `alloc`.
#![no_std]
#![forbid(unsafe_code)]
// Hostile input must never panic: every index, unwrap and arithmetic
// operation is checked, or carries its proof in an `expect` reason.
#![warn(
    clippy::indexing_slicing,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::unreachable,
    clippy::todo,
    clippy::unimplemented,
    clippy::arithmetic_side_effects
)]

extern crate alloc;

mod action;
pub mod bot;
mod castle;
mod chance;
mod config;
mod data;
mod dice;
mod error;
mod line;
mod rolls;
mod scoring;
pub mod solver;
mod state;
mod table;
mod turn;

pub use action::Action;
pub use castle::{Castle, Clan, ParseNameError};
pub use chance::Chance;
pub use config::{AgeOfWarConfig, MAX_PLAYERS, MIN_PLAYERS};
pub use dice::{DICE, DIE, Face, Roll};
pub use error::{AgeOfWarError, InvalidState};
pub use line::{Line, LineSet, MAX_LINE};
pub use scoring::result;
pub use state::AgeOfWar;
pub use table::{Place, Table};
pub use turn::Turn;

/// The README's examples are compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
