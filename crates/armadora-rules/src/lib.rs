//! Armadöra (Christwart Conrad, 2013) for 2 to 4 players, on the
//! [`dice_core::Game`] contract: the base game, four-player teams or free
//! for all, the peek-at-own option and the advanced powers and
//! reinforcement, with hidden information handled by per-seat views.
//!
//! - [`Armadora`]: a valid position; [`Game`](dice_core::Game) gives who
//!   moves, legal actions without allocation, `apply` with a typed
//!   [`ArmadoraError`] naming the rule, the setup chance events with exact
//!   probabilities, views, determinization and the result.
//! - [`ArmadoraConfig`]: players, factions and options.
//! - [`Square`], [`Line`], [`Palisades`]: the board as bit sets (ARM-1 to
//!   ARM-3, ARM-8).
//! - [`Action`], [`Power`], [`Chance`]: the decisions and chance outcomes,
//!   in the record encoding below.
//! - [`ArmadoraView`]: what one seat or a spectator may know (ARM-14), with
//!   a text drawing of the board.
//! - [`Scoring`]: territory majorities, piles and the tie-break (ARM-10 to
//!   ARM-13, ARM-16).
//! - [`bot::Greedy`]: a one-ply [`dice_core::Agent`] that plays the action
//!   leaving the best gold margin, judged on states sampled from its view.
//!
//! Squares, lines and actions display in record style (`d3`, `c2e`,
//! `warrior d3=4`) and parse back with [`FromStr`](core::str::FromStr);
//! [`Armadora::apply_from`] refuses an action from a seat not on turn.
//!
//! # Example
//!
//! ```
//! use armadora_rules::{Action, Armadora, ArmadoraConfig, ArmadoraError, Line};
//! use dice_core::{Agent, DiceRng, Game, Match, RandomAgent, ToMove, Viewer, play_out};
//!
//! // A seeded match resolves the setup chance (gold layout, first player).
//! let mut m = Match::<Armadora>::new(&ArmadoraConfig::new(2), 42).unwrap();
//! assert_eq!(m.resolve_all_chance(10), ToMove::Player(m.player_to_move().unwrap()));
//!
//! // Palisades come one at a time; the four-square rule is checked.
//! let a2s: Line = "a2s".parse().unwrap();
//! m.play(Action::Palisade("b1e".parse().unwrap())).unwrap();
//! m.play(Action::Palisade("b1s".parse().unwrap())).unwrap();
//! m.play(Action::Palisade("a2e".parse().unwrap())).unwrap();
//! assert_eq!(m.play(Action::Palisade(a2s)), Err(ArmadoraError::FourSquares(a2s)));
//! m.play(Action::EndTurn).unwrap();
//!
//! // Random players to the end.
//! let mut agents: [&mut dyn Agent<Armadora>; 2] = [&mut RandomAgent, &mut RandomAgent];
//! play_out(&mut m, &mut agents, &mut DiceRng::from_seed_u64(1), 10_000).unwrap();
//! let result = m.state().result().unwrap();
//! assert_eq!(result.scores().len(), 2);
//! println!("{}", m.state().view(Viewer::Spectator));
//! ```
//!
//! # Records
//!
//! Squares `a1`…`h5` (column letter, row from the top), lines `c2e` (between
//! c2 and d2) and `c2s` (between c2 and c3). Chance at setup, in this order:
//! `{"gold": [d1, b2, f2, h2, a4, e4, c5, g5]}` (pile sizes in that mine
//! order), then `{"first_player": p}`. Actions: `{"warrior": {"at": "d3",
//! "value": 4}}`, `"pass"`, `{"reinforce": "d3"}`, `{"palisade": "c2e"}`
//! then another `{"palisade": ...}` or `"end_turn"` (the turn ends by itself
//! when no second palisade is possible), and before the action at most one
//! `{"power": {"mage": "d3"}}`, `{"power": {"goblin": {"at": "d3", "value":
//! 1}}}`, `{"power": {"orc": "c2e"}}` or `{"power": {"elf": "d3"}}`. Config:
//! `{"players": n, "factions": [...], "advanced": bool, "peek_own": bool,
//! "teams": bool}`; see [`ArmadoraConfig`] for the defaults.
//!
//! # Provisional rules
//!
//! - Teams (ARM-13): seats 0 and 2 against 1 and 3, strengths added per
//!   territory, gold and piles per team, both partners share the team's
//!   result. The default with four players; [`ArmadoraConfig::free_for_all`]
//!   turns it off.
//! - A warrior's strength never drops below 0 ([`Warrior::strength`]).
//! - A reinforcement goes in a full territory
//!   ([`REINFORCE_IN_FULL_TERRITORY`]).
//! - In a territory only players with a warrior there contend; when all of
//!   them have strength 0 they tie.
//! - A Mage look and an Elf arrow aim at an opponent: not one's partner. The
//!   Elf may shoot the same warrior with both tokens.
//! - The reinforcement token's use and location are public: every player
//!   starts with one, so the board tells who still holds theirs.
//!
//! # Hidden information
//!
//! Values of face-down warriors and unplaced tiles are secret (ARM-14);
//! [`ArmadoraView`] carries only what its viewer may see,
//! `resample_hidden` redraws everything else and `determinize` builds a full
//! state from a view: each player's hidden tiles are their starting set
//! minus the values the view shows, shuffled uniformly over their hidden
//! squares and their supply.
//!
//! # Features
//!
//! - `serde`: serialisation of configs, states, views, actions and chance
//!   outcomes, for records; everything is validated on the way in, with an
//!   error naming what is wrong (a view must be one some position shows).
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
mod army;
mod board;
pub mod bot;
mod config;
mod error;
mod scoring;
#[cfg(feature = "serde")]
mod serde_forms;
mod state;
mod view;

pub use action::{ADVANCED_ACTION_IDS, Action, BASE_ACTION_IDS, Chance, Power};
pub use army::{
    Faction, GOLD_PILES, MAX_PLAYERS, MAX_VALUE, PALISADES, WARRIORS, Warrior, starting_warriors,
};
pub use board::{
    COLUMNS, LINES, Line, MIN_TERRITORY, MINES, Palisades, ROWS, SQUARES, Side, Square,
    Territories, squares_of,
};
pub use config::ArmadoraConfig;
pub use dice_core::Seat;
pub use error::ArmadoraError;
pub use scoring::Scoring;
pub use state::{Armadora, Phase, REINFORCE_IN_FULL_TERRITORY, Supply, TurnStep};
pub use view::{ArmadoraView, SeenWarrior};

/// The README's example, compiled and run as a doc test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
