//! Era: Medieval Age (Matt Leacock, 2019) rules engine on the
//! [`dice_core::Game`] contract, for 2 to 4 players, on a correctable
//! [`Ruleset`], playing **revision 2** of the rules specification
//! ([`RULES_REVISION`]).
//!
//! The mechanisms ERA-1 … ERA-28 of the specification are implemented as
//! written; every number, face, cost, shape, count and disaster row lives in
//! one [`Ruleset`] (tables D1–D7). The published appendix is not available,
//! so much of that data is provisional or single-source (the crate README
//! says which, value by value): a player holding the physical game corrects
//! it by loading a ruleset (JSON with the `serde` feature), never by
//! changing code. [`Ruleset::new`] rejects an invalid one with the field at
//! fault.
//!
//! A one-ply [`dice_core::Agent`], [`bot::Greedy`], plays by simple dice
//! rules and the best immediate score.
//!
//! # Example
//!
//! ```
//! use dice_core::{play_out, Agent, DiceRng, Game, Match, RandomAgent, Viewer};
//! use era_rules::{Era, EraConfig};
//!
//! let mut m = Match::<Era>::new(&EraConfig::new(3), 42).unwrap();
//! let mut agents: [&mut dyn Agent<Era>; 3] = [&mut RandomAgent, &mut RandomAgent, &mut RandomAgent];
//! play_out(&mut m, &mut agents, &mut DiceRng::from_seed_u64(1), 20_000).unwrap();
//! let game = m.state();
//! let result = game.result().unwrap();
//! for (seat, score) in game.scores().iter().enumerate() {
//!     assert_eq!(i64::from(result.scores()[seat]), score.total());
//! }
//! println!("{}", game.view(Viewer::Seat(0))); // the table as seat 0 sees it
//! ```
//!
//! # How a game runs
//!
//! Decisions are sequential, in turn order from the start player; hidden
//! information is modelled by views ([`EraView`]). [`Step`] says where the
//! game stands; each step of the round is one module of this crate.
//!
//! 1. **Layout** (ERA-4, ERA-5): seat 0, then 1, … lays out its start pieces
//!    one at a time, larger pieces first ([`Ruleset::start_pieces`], then the
//!    scorched areas), with [`Action::Place`]. Other seats see the layout
//!    only when everyone is done. A start piece that fits nowhere goes back
//!    to the supply (never with the default data). [`auto_layout_action`]
//!    lays out without a human.
//! 2. **Start player** (ERA-6): chance [`Chance::StartRoll`], repeated for
//!    the tied seats.
//! 3. **Roll** (ERA-12, ERA-14): each player's dice roll as chance, then the
//!    player sets dice aside with [`Action::Reroll`] and rolls them with
//!    [`Action::Roll`], or stops with [`Action::Done`]; skulls cannot be set
//!    aside; after the last roll the turn passes by itself. After the first
//!    roll and before the second, each Monastery turns one die without a
//!    skull to a face of its owner's choice ([`Action::SetDie`]); that die
//!    is set aside and rolls no more. Other players' dice stay hidden until
//!    everyone is done.
//! 4. **Feathers** (ERA-13): [`Action::Feather`], openly; never with a die a
//!    Monastery set.
//! 5. **Collect** (ERA-15): automatic, up to each track's maximum (D6),
//!    except a die on a choice face `A | B`: its owner picks a set with
//!    [`Action::Collect`], in turn order. **Feed** (ERA-16) is automatic.
//! 6. **Disasters** (ERA-17, D5): automatic, except Treachery (each opponent
//!    in turn order from the victim's left plays [`Action::Scorch`]) and Fire
//!    (the victim plays [`Action::Burn`]). Disease spares buildings next to
//!    one of the victim's Hospitals.
//! 7. **Build** (ERA-18, ERA-19): per hammer, [`Action::Choose`] a piece,
//!    then [`Action::Place`] it; [`Action::Done`] stops early.
//! 8. **Extort** (ERA-20): the extorter plays [`Action::Demand`], the victim
//!    [`Action::Pay`] (the extorter receives the resource, up to the track's
//!    maximum) or [`Action::Refuse`].
//! 9. **End of round** (ERA-22): dice follow buildings, the end check, the
//!    round marker passes to the left.
//!
//! Readings where the text leaves room are documented where they apply; the
//! README lists them.
//!
//! # What each viewer is told
//!
//! [`Game::seen_action`](dice_core::Game::seen_action) and
//! [`Game::seen_chance`](dice_core::Game::seen_chance) give an action or a
//! roll as a viewer may know it ([`SeenAction`], [`SeenChance`]); their
//! `Display` is the narration for that viewer, and per-viewer
//! [`History`](dice_core::History)s are built from them. Another seat, or a
//! spectator, learns of a layout placement only the piece laid out, of a
//! roll behind the screen only how many dice of which colour, of a die set
//! aside or set by a Monastery only its colour. The start-player roll and
//! the feather re-rolls are public. [`Action`] and [`Chance`] do not
//! implement `Display`, so that no secret is printed by mistake;
//! [`EraView`]'s `Display` draws the table as its viewer sees it, hidden
//! layouts as `?`.
//!
//! # Actions as text
//!
//! [`Game::action_text`](dice_core::Game::action_text) writes an action the
//! way a person types it, and
//! [`Game::action_from_text`](dice_core::Game::action_from_text) reads it
//! back, forgiving case, spacing and the optional words:
//!
//! | action | text |
//! |---|---|
//! | lay out or build a piece | `place farm at c3 turn 0` (`at`, `turn` optional; orientation 0 if left out) |
//! | choose the piece to build | `build farm` (or `choose farm`) |
//! | set a die aside to roll again | `reroll yellow 3` |
//! | roll the dice set aside | `roll` |
//! | stop rolling, feathers or building | `done` |
//! | a feather re-roll | `feather 2`, `feather 2 with yellow 6` |
//! | a Monastery sets a die | `set yellow 1 to 2` |
//! | a choice face's set | `collect yellow 5 b` |
//! | Treachery, Fire | `scorch e4`, `burn c3` |
//! | Extort | `demand wood`, `pay`, `refuse` |
//!
//! A face is its number in table D1 (1 to 6), or its symbols (`fff`,
//! `ff|s`) when no other face of that die shows the same; a set of a choice
//! face is `a`, `b` or its symbols; pieces are named as in records
//! (`lumber_mill`, `wall4`). Text that is no action is refused with what
//! was expected: `"reroll yellow 7" is not an action: `7`: the faces of a
//! die are numbered 1 to 6`.
//! [`Game::chance_text`](dice_core::Game::chance_text) writes a roll in
//! full, each die by its face: `player 1 rolls yellow: FFF FFF WHK`.
//!
//! # Chance
//!
//! A roll resolves one colour at a time (yellow, gray, blue, white), each
//! colour one multiset outcome of faces ([`Chance::Roll`]) with its exact
//! [`Prob`](dice_core::Prob): a node has `C(n + 5, 5)` outcomes for `n` dice
//! of the colour, at most 33 649 (18 yellow dice). Choice faces are faces
//! like the others; the set is picked at Collect. A whole multi-colour roll
//! as one outcome would reach over 10<sup>8</sup> outcomes in ordinary
//! random games, which no caller can enumerate.
//!
//! [`Game::sample_chance`](dice_core::Game::sample_chance) draws directly:
//! one [`DiceRng::below`](dice_core::DiceRng::below) of 6 per die of the
//! colour rolled ([`Die::roll_many`](dice_core::Die::roll_many)), or per
//! seat still rolling at the start-player roll, in seat order. This is
//! pinned by golden tests and part of the reproducibility promise.
//!
//! # Views and determinization
//!
//! [`Game::determinize`](dice_core::Game::determinize) and
//! [`Game::resample_hidden`](dice_core::Game::resample_hidden) redraw what a
//! view hides: a hidden layout is laid out again piece by piece, each piece
//! uniformly among its legal placements; hidden dice show uniformly random
//! faces, except dice set aside to roll again, which show a uniformly random
//! face without a skull; a draw that leaves no valid state (the player
//! deciding whether to roll again left with only skulls) is drawn again.
//!
//! # Records
//!
//! `Era::NAME` is `"era"`. Config `{"players": 3, "revision": 2}` (plus
//! `"ruleset": {...}` when it is not the default); a config without a
//! revision is of revision 1, and is refused with an error naming the
//! revision ([`EraError::Revision`]). Cells are `"a1"` … `"i9"` (column
//! letter, row number from the top); pieces `"keep"`, `"longhouse"`,
//! `"townhouse"`, `"church"`, `"farm"`, `"lumber_mill"`, `"market"`,
//! `"hospital"`, `"guildhall"`, `"monastery"`, `"university"`,
//! `"cathedral"`, `"wall1"` … `"wall8"`, `"scorched"`; dice colours
//! `"yellow" "gray" "blue" "white"`; faces are indices 0 to 5 (columns 1 to
//! 6 of table D1); sets of a choice face `"a"`, `"b"`; resources `"goods"
//! "stone" "wood" "food"`.
//!
//! ```json
//! { "game": "era", "format": 2, "config": { "players": 2, "revision": 2 }, "seed": 11,
//!   "log": [
//!     { "player": 0, "action": { "place": { "piece": "farm", "at": "a3", "turn": 0 } } },
//!     { "chance": { "start_roll": [1, 2, null, null] } },
//!     { "chance": { "roll": { "die": "yellow", "faces": [1, 0, 0, 1, 0, 1] } } },
//!     { "player": 0, "action": { "set_die": { "die": "yellow", "from": 0, "to": 1 } } },
//!     { "player": 0, "action": { "reroll": { "die": "yellow", "face": 3 } } },
//!     { "player": 0, "action": "roll" },
//!     { "player": 0, "action": "done" },
//!     { "player": 1, "action": { "feather": { "face": 1, "with": { "die": "gray", "face": 5 } } } },
//!     { "player": 0, "action": { "collect": { "die": "yellow", "face": 4, "set": "b" } } },
//!     { "player": 1, "action": { "scorch": "e4" } },
//!     { "player": 0, "action": { "burn": "c3" } },
//!     { "player": 0, "action": { "choose": "wall3" } },
//!     { "player": 0, "action": { "demand": "wood" } },
//!     { "player": 1, "action": "refuse" }
//!   ] }
//! ```
//!
//! # Game length
//!
//! Random games end: the longest of the 650 seeds of this crate's test kit
//! runs is 937 steps (decisions and chance events), at 4 players; the test
//! kit runs with a bound of 20 000 steps.
//!
//! # Modules
//!
//! The root holds what a game needs; [`ruleset`] has the plain data a
//! ruleset is written in, [`domain`] and [`dice`] the parts of a player's
//! board, [`map`] the typed maps (one value per colour, resource, building
//! type, face or table size), [`error`] every reason for a refusal, and
//! [`bot`] the greedy player.
//!
//! # Features
//!
//! - `serde`: serialisation of configs, rulesets, states and views (each
//!   validated on load), actions, chance outcomes, what viewers are told,
//!   and records.
//!
//! The crate is `#![no_std]` with `alloc`.
#![no_std]

extern crate alloc;

pub mod bot;
pub mod dice;
pub mod domain;
pub mod error;
pub mod map;
pub mod ruleset;

mod action;
mod auto_layout;
mod build;
mod building;
mod cell;
mod collect;
mod colour;
mod config;
mod determinize;
mod disasters;
mod end_of_round;
mod extort;
mod face;
mod feathers;
mod feed;
mod flow;
mod game;
mod grid;
mod ids;
mod layout;
mod narration;
mod notation;
mod piece;
mod render;
mod roll;
mod rolling;
mod scoring;
mod side;
mod start_player;
mod state;
mod step;
mod symbols;
mod table;
mod validate;
mod view;

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

#[cfg(test)]
mod geometry_props;

pub use action::{Action, Chance, DieRef};
pub use auto_layout::auto_layout_action;
pub use building::BuildingKind;
pub use cell::{Cell, MAX_GRID, ParseCellError};
pub use colour::Colour;
pub use config::{EraConfig, RULES_REVISION};
pub use domain::Domain;
pub use error::{EraError, InvalidState};
pub use face::{ChoiceSet, Face, ParseFaceError};
pub use narration::{SeenAction, SeenChance};
pub use piece::{MAX_WALL_LENGTH, ParsePieceError, Piece};
pub use ruleset::Ruleset;
pub use scoring::Score;
pub use side::Side;
pub use state::{Era, MAX_PLAYERS, Player};
pub use step::Step;
pub use symbols::{Resource, Symbol};
pub use table::TableSize;
pub use view::{EraView, PlayerView};
