//! Bots by name, for every game: what a server seats at a table.

use std::fmt;

use dice_core::mcts::Mcts;
use dice_core::prelude::*;

use crate::state::{AnyState, Engine, Played};

/// A bot for any game: it picks an action id for a seat from that seat's
/// view and legal actions only (never from the hidden parts of the state),
/// with randomness from the generator it is handed, so a server that
/// passes [`DiceRng::decision_rng`] gets the same choice again after a
/// restart.
pub trait AnyBot: Send + fmt::Debug {
    /// The bot's name, e.g. `"mcts"`.
    fn name(&self) -> &'static str;

    /// The action id `seat` plays in `state`; `None` when `seat` is not to
    /// move, or `state` is of another game.
    fn choose(&mut self, state: &dyn AnyState, seat: Seat, rng: &mut DiceRng) -> Option<u32>;
}

/// How to make one game's bot, with the iterations of a search.
pub(crate) struct BotEntry<G> {
    pub(crate) name: &'static str,
    pub(crate) make: fn(Option<u32>) -> Box<dyn Agent<G> + Send>,
}

/// One game's bot behind [`AnyBot`].
pub(crate) struct Typed<G: Engine> {
    name: &'static str,
    agent: Box<dyn Agent<G> + Send>,
}

impl<G: Engine> Typed<G> {
    pub(crate) fn new(entry: &BotEntry<G>, iterations: Option<u32>) -> Self {
        Typed {
            name: entry.name,
            agent: (entry.make)(iterations),
        }
    }
}

impl<G: Engine> fmt::Debug for Typed<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AnyBot")
            .field("game", &G::NAME)
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl<G: Engine> AnyBot for Typed<G> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn choose(&mut self, state: &dyn AnyState, seat: Seat, rng: &mut DiceRng) -> Option<u32> {
        let state = state.as_any().downcast_ref::<Played<G>>()?.state();
        if state.to_move() != ToMove::Player(seat) {
            return None;
        }
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        let view = state.view(Viewer::Seat(seat));
        let action = self.agent.choose(seat, &view, &legal, rng)?;
        state.action_id(&action)
    }
}

fn random<G: Engine>(_: Option<u32>) -> Box<dyn Agent<G> + Send> {
    Box::new(RandomAgent)
}

#[cfg(feature = "pig")]
/// The bots of Pig.
pub(crate) const PIG: &[BotEntry<dice_core::pig::Pig>] = &[
    BotEntry {
        name: "random",
        make: random,
    },
    BotEntry {
        name: "mcts",
        make: |n| Box::new(Mcts::new(n.unwrap_or(1000))),
    },
];

#[cfg(feature = "age-of-war")]
/// The bots of Age of War: the exact solver of the turn at hand first.
pub(crate) const AGE_OF_WAR: &[BotEntry<age_of_war_rules::AgeOfWar>] = &[
    BotEntry {
        name: "solver",
        make: |_| Box::new(age_of_war_rules::SolverBot::new()),
    },
    BotEntry {
        name: "random",
        make: random,
    },
    BotEntry {
        name: "mcts",
        make: |n| Box::new(Mcts::new(n.unwrap_or(200)).with_playout_steps(20_000)),
    },
];

#[cfg(feature = "armadora")]
/// The bots of Armadöra.
pub(crate) const ARMADORA: &[BotEntry<armadora_rules::Armadora>] = &[
    BotEntry {
        name: "greedy",
        make: |_| Box::new(armadora_rules::Greedy::default()),
    },
    BotEntry {
        name: "random",
        make: random,
    },
    BotEntry {
        name: "mcts",
        make: |n| Box::new(Mcts::new(n.unwrap_or(1000))),
    },
];

#[cfg(feature = "era")]
/// The bots of Era.
pub(crate) const ERA: &[BotEntry<era_rules::Era>] = &[
    BotEntry {
        name: "greedy",
        make: |_| Box::new(era_rules::bot::Greedy),
    },
    BotEntry {
        name: "random",
        make: random,
    },
    BotEntry {
        name: "mcts",
        make: |n| Box::new(Mcts::new(n.unwrap_or(500))),
    },
];
