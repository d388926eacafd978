//! `Bot`: a game's bots, by name, choosing from a seat's view only.

use tabletop_engines::AnyBot;
use wasm_bindgen::prelude::*;

use crate::args;
use crate::rng::DiceRng;
use crate::state::State;

/// A bot of one game (`Game.newBot(name)`): it picks an action id for a
/// seat from that seat's view and legal actions only.
#[wasm_bindgen]
pub struct Bot {
    inner: Box<dyn AnyBot>,
}

impl Bot {
    pub(crate) fn new(inner: Box<dyn AnyBot>) -> Self {
        Bot { inner }
    }
}

#[wasm_bindgen]
impl Bot {
    /// The bot's name, e.g. `"mcts"`.
    #[wasm_bindgen(getter)]
    pub fn name(&self) -> String {
        self.inner.name().to_owned()
    }

    /// The action id `seat` plays in `state`, with randomness from `rng`;
    /// `undefined` when `seat` is not to move, or `state` is of another
    /// game.
    ///
    /// # Errors
    /// A `RangeError` for a `seat` that is not at the table.
    pub fn choose(
        &mut self,
        state: &State,
        seat: f64,
        rng: &mut DiceRng,
    ) -> Result<Option<u32>, JsValue> {
        let seat = args::seat(seat, state.inner().players())?;
        Ok(self.inner.choose(state.inner(), seat, rng.inner_mut()))
    }
}
