//! Age of War (Reiner Knizia, 2014) rules engine on the [`dice_core::Game`]
//! contract, with exact, optimal conquest odds.
//!
//! The crate root holds what a program driving a game needs:
//!
//! - [`AgeOfWar`]: the position and every rule of the spec (AOW-1 to
//!   AOW-14): the first-player draw, rolls of the dice in hand as multiset
//!   chance outcomes (792 for seven dice, exact probabilities), filling lines
//!   or losing a die, commitment, conquest and failure, steals with the
//!   special daimyo line, clans, the end when the centre empties, scoring and
//!   the tie-break chain with shared victories. Nothing is hidden, so it is
//!   also every seat's view.
//! - [`AgeOfWarConfig`], [`Action`] (with the [`Castle`] it names),
//!   [`Chance`], the errors [`AgeOfWarError`] and [`InvalidState`], and
//!   [`SolverBot`], a [`dice_core::Agent`] that plays the exact solver's best
//!   action.
//!
//! The rest is reached by path, one module per part of the rulebook:
//! [`castle`] (castles and clans), [`data`] (the printed cards), [`dice`]
//! (faces and rolls), [`line`](mod@line) (battle lines), [`table`] (where each castle
//! is), [`turn`] (the turn in progress), [`scoring`], [`config`] (table
//! sizes), and [`solver`]: for any castle, open lines and dice in hand, the
//! exact chance of conquest with best play and the best choice for a roll;
//! from a position, the best action.
//!
//! # Example
//!
//! ```
//! use age_of_war_rules::solver::OddsTable;
//! use age_of_war_rules::{AgeOfWar, AgeOfWarConfig, Castle};
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
//! # Text notation
//!
//! What a person types at a prompt, and what
//! [`Game::action_text`](dice_core::Game::action_text) and `Display` write:
//!
//! - `fill CASTLE LINE`: `fill edo 2`; the special daimyo line 0 (for
//!   taking a castle from an opponent, AOW-9) is `fill edo daimyo`;
//! - `lose die`.
//!
//! Castles by name, in any case: `azuchi matsumoto odani gifu edo kiyosu
//! inuyama kasugayama kitanosho gassantoda takahashi matsuyama marugame
//! kumamoto`. Lines are numbered as printed, from 1. Reading ignores case
//! and extra spaces and also takes `fill edo line 2`, `fill edo special`,
//! `fill edo 0`, `lose`, `lose a die` and `lose_die`. Text that names no
//! action is refused with a [`dice_core::ParseActionError`] saying what was
//! expected (`"fill edo 9" is not an action: Edo has lines 1 to 3 and the
//! daimyo line`); whether the action is legal now is for
//! [`Game::check`](dice_core::Game::check).
//!
//! Chance outcomes read `first player 2` and `roll infantry1 infantry1
//! archery daimyo` ([`Game::chance_text`](dice_core::Game::chance_text),
//! `Display`). Nothing in Age of War is secret, so the narration for every
//! viewer ([`Game::seen_action`](dice_core::Game::seen_action),
//! [`Game::seen_chance`](dice_core::Game::seen_chance)) is the action or
//! outcome itself.
//!
//! # Records
//!
//! With the `serde` feature, everything uses the workspace's encodings:
//! faces `infantry1 infantry2 infantry3 archery cavalry daimyo`, castles by
//! lowercase name, lines `0` (special daimyo line) and `1..=n` (printed lines
//! in table order), chance `{"first_player": p}` and `{"roll": [faces]}`
//! (any order on input, [`Face::ALL`](dice::Face::ALL) order on output),
//! actions `{"fill": {"castle": c, "line": n}}` and `"lose_die"`, config
//! `{"players": n}`. A deserialised [`AgeOfWar`] is validated and rejected,
//! with an [`InvalidState`] naming the rule, when it breaks an invariant;
//! configs, actions, chance outcomes, tables, rolls and line sets are
//! checked on the way in too, so hostile records are refused, never played.
//!
//! A [`Record`](dice_core::Record) holds the seed and where the generator
//! stands, which predict every future roll: it is private to whoever runs
//! the game, and replaying it resumes the match with the same dice. What a
//! seat or a spectator may receive is its view (the state) and its
//! [`History`](dice_core::History) (`Match::history`), which hold neither.
//!
//! # Reproducibility
//!
//! [`Game::sample_chance`](dice_core::Game::sample_chance) draws the first
//! player with one [`DiceRng::index`](dice_core::DiceRng::index) over the
//! seats and a roll with
//! [`Die::roll_many`](dice_core::Die::roll_many) over [`dice::DIE`]: one
//! [`DiceRng::below`](dice_core::DiceRng::below)`(6)` per die in hand, face
//! index in [`Face::ALL`](dice::Face::ALL) order. The golden records in
//! `tests/golden` pin it.
//!
//! # Features
//!
//! - `serde`: serialisation of configs, states, actions, chance outcomes
//!   and records.
//!
//! The crate is `#![no_std]` with `alloc`.
#![no_std]
#![forbid(unsafe_code)]

extern crate alloc;

mod action;
pub mod bot;
pub mod castle;
mod chance;
pub mod config;
pub mod data;
pub mod dice;
mod error;
pub mod line;
mod per_castle;
mod rolls;
pub mod scoring;
pub mod solver;
mod state;
pub mod table;
pub mod turn;

pub use action::Action;
pub use bot::SolverBot;
pub use castle::Castle;
pub use chance::Chance;
pub use config::AgeOfWarConfig;
pub use error::{AgeOfWarError, InvalidState};
pub use state::AgeOfWar;

/// The README's examples are compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
