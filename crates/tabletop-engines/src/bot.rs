//! Bots by name, for every game: what a server seats at a table.

use std::fmt;

use dice_core::listing::Bot;
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

/// One game's bot behind [`AnyBot`].
pub(crate) struct Typed<G: Engine> {
    name: &'static str,
    agent: Box<dyn Agent<G> + Send>,
}

impl<G: Engine> Typed<G> {
    pub(crate) fn new(bot: &Bot<G>, iterations: Option<u32>) -> Self {
        Typed {
            name: bot.name(),
            agent: bot.make(iterations),
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
