//! Armadöra (Christwart Conrad, 2013) for 2 to 4 players, on the
//! [`dice_core::Game`] contract: the base game, four-player teams or free
//! for all, the peek-at-own option and the advanced powers and
//! reinforcement, with hidden information handled by per-seat views.
//!
//! - [`Armadora`]: a valid position; [`Game`](dice_core::Game) gives who
//!   moves, legal actions without allocation, `apply` with a typed
//!   [`ArmadoraError`] naming the rule, the setup chance events with exact
//!   probabilities, views, determinization, narration and the result.
//! - [`ArmadoraConfig`]: players, factions and options.
//! - [`Table`]: what every seat sees of a position (gold, palisades, turn,
//!   passes, tokens); [`ArmadoraView`]: what one seat or a spectator may
//!   know (ARM-14), with a text drawing of the board.
//! - [`Action`], [`Power`], [`Chance`]: the decisions and chance outcomes,
//!   in the record encoding below; [`SeenAction`]: an action as a viewer
//!   may know it.
//! - [`Square`], [`Line`], [`Warrior`], [`Value`], [`Faction`]: the pieces;
//!   the board's geometry and constants are in [`board`], the components'
//!   in [`army`].
//! - [`Scoring`]: territory majorities, piles and the tie-break (ARM-10 to
//!   ARM-13, ARM-16).
//! - [`bot::Greedy`]: a one-ply [`dice_core::Agent`] that plays the action
//!   leaving the best gold margin, judged on states sampled from its view.
//! - [`InvalidState`]: why decoded data is no position.
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
//! # Text notation
//!
//! [`Game::action_text`](dice_core::Game::action_text) writes an action the
//! way a person types it, and
//! [`Game::action_from_text`](dice_core::Game::action_from_text) (or
//! [`str::parse`]) reads it back:
//!
//! | action | text |
//! |---|---|
//! | a warrior of value 4 on d3 | `warrior d3 4` |
//! | a palisade between c2 and d2 | `palisade c2e` |
//! | the end of a turn after one palisade | `end turn` |
//! | pass | `pass` |
//! | the reinforcement token on d3 | `reinforce d3` |
//! | the Mage looks at d3 | `power mage d3` |
//! | the Goblin places a 1 face up on d3 | `power goblin d3 1` |
//! | the Orc's extra palisade on c2e | `power orc c2e` |
//! | the Elf shoots at d3 | `power elf d3` |
//!
//! Case and extra spaces do not matter, and `d3=4` and `end_turn` are read
//! too. Text that is no action gets an error that says why: `"warrior z9
//! 4" is not an action: z9 is not a square (a1 to h5)`. The text names a
//! warrior's value: it is the actor's. To tell anyone else, narrate
//! [`Game::seen_action`](dice_core::Game::seen_action) (a [`SeenAction`]):
//! `places a warrior face down on d3` for an opponent, `places a warrior of
//! value 4 face down on d3` for its owner when `peek_own` is on. Chance
//! outcomes are public; [`Chance`] narrates them (`gold d1:5 b2:7 f2:6 h2:6
//! a4:4 e4:5 c5:4 g5:3`, `first player 1`).
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
//! A record holds every warrior's value: it is private to whoever runs the
//! game. A seat gets its [`History`](dice_core::History)
//! ([`Match::history`](dice_core::Match::history)), whose entries are
//! [`SeenAction`]s: `{"player": 0, "action": {"warrior": {"at": "d3"}}}`
//! where the value is hidden from it, `{"warrior": {"at": "d3", "value":
//! 4}}` where it is seen, every other entry as in the record.
//!
//! # Provisional rules
//!
//! - Teams (ARM-13): seats 0 and 2 against 1 and 3, strengths added per
//!   territory, gold and piles per team, both partners share the team's
//!   result. The default with four players;
//!   [`ArmadoraConfig::free_for_all`] turns it off.
//! - A warrior's strength never drops below 0 ([`Warrior::strength`]).
//! - A reinforcement goes in a full territory
//!   ([`REINFORCE_IN_FULL_TERRITORY`](table::REINFORCE_IN_FULL_TERRITORY)).
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
//! - `serde`: serialisation of configs, states, views, actions, chance
//!   outcomes and seen actions, for records and histories; everything is
//!   validated on the way in, with an [`InvalidState`] naming what is wrong
//!   (a view must be one some position shows).
//!
//! The crate is `#![no_std]` with `alloc`.
#![no_std]
#![forbid(unsafe_code)]

extern crate alloc;

pub mod action;
pub mod army;
pub mod board;
mod board_text;
pub mod bot;
mod chance;
mod config;
mod determinize;
mod error;
mod game;
mod notation;
mod scoring;
mod seen;
#[cfg(feature = "serde")]
mod serde_forms;
mod state;
pub mod table;
mod turn;
mod view;

pub use action::{Action, Power};
pub use army::{Faction, SeenWarrior, Value, Warrior};
pub use board::{Line, Square};
pub use chance::Chance;
pub use config::ArmadoraConfig;
pub use dice_core::Seat;
pub use error::{ArmadoraError, Holding, InvalidState};
pub use notation::Notation;
pub use scoring::Scoring;
pub use seen::SeenAction;
pub use state::Armadora;
pub use table::{Phase, Table, TurnStep};
pub use view::ArmadoraView;

/// The README's example, compiled and run as a doc test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
