//! `Game`: a game with its config, what `loadGame` returns.

use std::sync::Arc;

use js_sys::{Array, Object};
use tabletop_engines::AnyGame;
use wasm_bindgen::prelude::*;

use crate::args;
use crate::bot::Bot;
use crate::errors;
use crate::json::{self, set};
use crate::state::State;
use crate::types::{ConfigValue, Names, RandomGamesValue, RecordInput, TensorLayout};

/// The most games one `playRandomGames` call plays (each keeps its
/// returns).
const MAX_RANDOM_GAMES: u64 = 10_000_000;
/// The steps after which a random game is stopped, unless told otherwise.
const DEFAULT_MAX_STEPS: u64 = 100_000;

/// A game with its config: sizes, the observation tensor's layout, bots,
/// and the states it starts or reads back.
#[wasm_bindgen]
pub struct Game {
    inner: Arc<dyn AnyGame>,
}

impl Game {
    pub(crate) fn new(inner: Arc<dyn AnyGame>) -> Self {
        Game { inner }
    }
}

#[wasm_bindgen]
impl Game {
    /// The game's name, e.g. `"armadora"`.
    #[wasm_bindgen(getter)]
    pub fn name(&self) -> String {
        self.inner.name().to_owned()
    }

    /// The game's title for people, e.g. `"Era: Medieval Age"`.
    #[wasm_bindgen(getter)]
    pub fn title(&self) -> String {
        self.inner.title().to_owned()
    }

    /// The config: every parameter, defaults included.
    pub fn config(&self) -> ConfigValue {
        json::parse(&self.inner.config_json()).unchecked_into()
    }

    /// Seats at the table.
    #[wasm_bindgen(js_name = numPlayers)]
    pub fn num_players(&self) -> usize {
        self.inner.players()
    }

    /// The fewest seats the game takes.
    #[wasm_bindgen(js_name = minPlayers)]
    pub fn min_players(&self) -> usize {
        self.inner.min_players()
    }

    /// The most seats the game takes.
    #[wasm_bindgen(js_name = maxPlayers)]
    pub fn max_players(&self) -> usize {
        self.inner.max_players()
    }

    /// Every action id is below this bound.
    #[wasm_bindgen(js_name = numDistinctActions)]
    pub fn num_distinct_actions(&self) -> u32 {
        self.inner.num_distinct_actions()
    }

    /// The number of floats in an observation tensor.
    #[wasm_bindgen(js_name = observationTensorSize)]
    pub fn observation_tensor_size(&self) -> usize {
        self.inner.observation_len()
    }

    /// The tensor's blocks, in order: what each slice of it means.
    #[wasm_bindgen(js_name = observationTensorLayout)]
    pub fn observation_tensor_layout(&self) -> TensorLayout {
        let mut offset = 0usize;
        let blocks = Array::new();
        for block in self.inner.observation_layout() {
            let entry = Object::new();
            set(&entry, "name", &block.name().into());
            set(&entry, "offset", &offset.into());
            set(&entry, "size", &block.len().into());
            set(&entry, "meaning", &block.meaning().into());
            offset = offset.saturating_add(block.len());
            blocks.push(&entry);
        }
        blocks.unchecked_into()
    }

    /// The bots this game offers, by name; the first is the default.
    #[wasm_bindgen(js_name = botNames)]
    pub fn bot_names(&self) -> Names {
        self.inner
            .bot_names()
            .into_iter()
            .map(JsValue::from_str)
            .collect::<Array>()
            .unchecked_into()
    }

    /// A new bot by its name (`botNames()`); `iterations` sets a search's
    /// iterations per decision (the game's default when left out).
    ///
    /// # Errors
    /// A `GameLoadError` for a name the game does not offer.
    #[wasm_bindgen(js_name = newBot)]
    pub fn new_bot(&self, name: &str, iterations: Option<u32>) -> Result<Bot, JsValue> {
        self.inner
            .new_bot(name, iterations)
            .map(Bot::new)
            .map_err(|e| errors::load(&e))
    }

    /// The game's first state (usually a chance node for the setup).
    #[wasm_bindgen(js_name = newInitialState)]
    pub fn new_initial_state(&self) -> State {
        State::new(Arc::clone(&self.inner), self.inner.new_initial_state())
    }

    /// A state saved by `State.serialize()` or `State.toRecord()` (or any
    /// record of this game, as text or as an object), replayed.
    ///
    /// # Errors
    /// A `GameLoadError` for a record of another game or config, or one
    /// that does not replay; a `TypeError` for neither text nor an object.
    #[wasm_bindgen(js_name = deserializeState)]
    pub fn deserialize_state(&self, record: &RecordInput) -> Result<State, JsValue> {
        let text = json::text(record, "a record")?;
        let state = self.inner.load_state(&text).map_err(|e| errors::load(&e))?;
        Ok(State::new(Arc::clone(&self.inner), state))
    }

    /// Plays `count` games to the end with uniformly random decisions,
    /// seeded `seed`, `seed + 1`, ..., inside WebAssembly; a game is
    /// stopped after `maxSteps` steps (100 000 unless told). The finished
    /// games' returns come in one `Float64Array`, `seats` numbers a game:
    /// seat `s` of the `i`-th finished game at `returns[i * seats + s]`.
    ///
    /// # Errors
    /// A `RangeError` for a seed, count or step limit out of range.
    #[wasm_bindgen(js_name = playRandomGames)]
    pub fn play_random_games(
        &self,
        seed: &crate::types::SeedInput,
        count: f64,
        max_steps: Option<f64>,
    ) -> Result<RandomGamesValue, JsValue> {
        let seed = args::seed(seed)?;
        let count = args::count(count, "count")?;
        if count > MAX_RANDOM_GAMES {
            return Err(errors::range(&format!(
                "at most {MAX_RANDOM_GAMES} games a call, not {count}"
            )));
        }
        let max_steps = max_steps.map_or(Ok(DEFAULT_MAX_STEPS), |m| args::count(m, "maxSteps"))?;
        let played = self.inner.play_random_games(seed, count, max_steps);
        let summary = Object::new();
        #[expect(
            clippy::cast_precision_loss,
            reason = "counts above 2^53 are not reachable in one call"
        )]
        let number = |n: u64| JsValue::from_f64(n as f64);
        set(&summary, "finished", &number(played.finished));
        set(&summary, "unfinished", &number(played.unfinished));
        set(&summary, "steps", &number(played.steps));
        // One typed array for all games: building an array per game cost
        // Pig's random games about a sixth of their time.
        let flat: Vec<f64> = played.returns.iter().flatten().copied().collect();
        set(
            &summary,
            "seats",
            &number(u64::try_from(self.inner.players()).unwrap_or(0)),
        );
        set(
            &summary,
            "returns",
            &js_sys::Float64Array::from(flat.as_slice()),
        );
        Ok(summary.unchecked_into())
    }
}
