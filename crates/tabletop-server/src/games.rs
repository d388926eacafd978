//! The only code that touches a full game state: a type-erased table over
//! the registry. Everything it hands out is built from views, per-viewer
//! entries, legal `(id, text)` pairs of the seat to move and refusals for
//! the actor: never a state, a record or a generator.

use serde_json::{Value, json};
use tabletop_engines::dice_core::{DiceRng, ToMove, Viewer};
use tabletop_engines::{AnyGame, AnyState, LoadError, StepError, load_game, load_game_json};

use crate::protocol::{ActionRef, Refusal};

/// Seat counts, config and bots of one game, for the lobby.
#[derive(Debug, Clone)]
pub struct GameInfo {
    /// The registry name.
    pub name: &'static str,
    /// The default config as JSON (every parameter).
    pub config: Value,
    /// The default table size.
    pub players: usize,
    /// The fewest seats the game takes.
    pub min_players: usize,
    /// The most seats the game takes.
    pub max_players: usize,
    /// The bots by name.
    pub bots: Vec<&'static str>,
}

/// The bots every game has on the server.
pub const BOTS: &[&str] = &["random"];

/// Every game of the registry, for `GET /api/games`.
pub fn catalogue() -> Vec<GameInfo> {
    tabletop_engines::game_names()
        .into_iter()
        .filter_map(|name| {
            let game = load_game(name).ok()?;
            let sizes: Vec<usize> = (1..=8)
                .filter(|n| load_game(&format!("{name}(players={n})")).is_ok())
                .collect();
            Some(GameInfo {
                name,
                config: serde_json::from_str(&game.config_json()).unwrap_or(Value::Null),
                players: game.players(),
                min_players: sizes.first().copied().unwrap_or(game.players()),
                max_players: sizes.last().copied().unwrap_or(game.players()),
                bots: BOTS.to_vec(),
            })
        })
        .collect()
}

/// A bot's decision, ready to run on a blocking thread.
pub type BotJob = Box<dyn FnOnce(&mut DiceRng) -> Option<u32> + Send>;

/// A game in play.
#[derive(Debug)]
pub struct Table {
    game: Box<dyn AnyGame>,
    state: Box<dyn AnyState>,
}

/// A refusal of the engine, worded for the actor.
fn refusal(e: &StepError) -> Refusal {
    match e {
        StepError::NoSuchAction { .. } | StepError::NoSuchOutcome { .. } => {
            Refusal::new("unknown_action", e.to_string())
        }
        StepError::GameOver => Refusal::new("game_over", e.to_string()),
        _ => Refusal::new("illegal", e.to_string()),
    }
}

impl Table {
    /// A new game from a game string (`armadora(players=3)`).
    ///
    /// # Errors
    /// A string the registry does not load.
    pub fn new(game: &str) -> Result<Self, LoadError> {
        let game = load_game(game)?;
        let state = game.new_initial_state();
        Ok(Table { game, state })
    }

    /// A new game from its name and config JSON (as stored).
    ///
    /// # Errors
    /// A game or config the registry does not load.
    pub fn from_config(name: &str, config: &str) -> Result<Self, LoadError> {
        let game = load_game_json(name, config)?;
        let state = game.new_initial_state();
        Ok(Table { game, state })
    }

    /// A table around an existing state (tools and tests: twin matches).
    pub fn from_state(game: Box<dyn AnyGame>, state: Box<dyn AnyState>) -> Self {
        Table { game, state }
    }

    /// The registry name.
    pub fn name(&self) -> &'static str {
        self.game.name()
    }

    /// The config as JSON.
    pub fn config_json(&self) -> String {
        self.game.config_json()
    }

    /// Seats at the table.
    pub fn players(&self) -> usize {
        self.state.players()
    }

    /// Entries applied so far: the sequence number.
    pub fn entry_count(&self) -> usize {
        self.state.history_ids().len()
    }

    /// The seat to move, if a seat is.
    pub fn seat_to_move(&self) -> Option<usize> {
        match self.state.to_move() {
            ToMove::Player(seat) => Some(seat),
            ToMove::Chance | ToMove::Over => None,
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.state.to_move() == ToMove::Over
    }

    /// The id of an action named by `seat`, refused unless `seat` is to
    /// move.
    ///
    /// # Errors
    /// Not the seat's turn, the game over, or text that is no action.
    pub fn action_id(&self, seat: usize, action: &ActionRef) -> Result<u32, Refusal> {
        self.check_turn(seat)?;
        match action {
            ActionRef::Id(id) => Ok(*id),
            ActionRef::Text(text) => self.state.string_to_id(text).map_err(|e| refusal(&e)),
        }
    }

    fn check_turn(&self, seat: usize) -> Result<(), Refusal> {
        match self.state.to_move() {
            ToMove::Player(s) if s == seat => Ok(()),
            ToMove::Over => Err(refusal(&StepError::GameOver)),
            _ => Err(Refusal::new(
                "not_your_turn",
                format!("seat {seat} is not to move"),
            )),
        }
    }

    /// Applies `id` for `seat`; the state is unchanged on refusal.
    ///
    /// # Errors
    /// Not the seat's turn, or the rule the action breaks.
    pub fn apply_as(&mut self, seat: usize, id: u32) -> Result<(), Refusal> {
        self.check_turn(seat)?;
        self.state.apply(id).map_err(|e| refusal(&e))
    }

    /// Applies a stored entry when a match is replayed.
    ///
    /// # Errors
    /// An entry the state refuses (a corrupt store).
    pub fn replay_entry(&mut self, id: u32) -> Result<(), StepError> {
        self.state.apply(id)
    }

    /// Resolves chance nodes with `rng` until a seat is to move or the game
    /// is over; answers the outcome ids applied.
    pub fn resolve_chance(&mut self, rng: &mut DiceRng) -> Vec<u32> {
        let mut ids = Vec::new();
        while self.state.to_move() == ToMove::Chance {
            match self.state.apply_sampled_chance(rng) {
                Some(id) => ids.push(id),
                None => break,
            }
        }
        ids
    }

    /// The legal actions of `seat` as `(id, text)`, empty unless it is to
    /// move.
    pub fn legal_for(&self, seat: usize) -> Vec<(u32, String)> {
        if self.seat_to_move() != Some(seat) {
            return Vec::new();
        }
        self.state
            .legal_actions()
            .into_iter()
            .filter_map(|id| self.state.id_to_string(id).ok().map(|text| (id, text)))
            .collect()
    }

    /// What `viewer` is told of entries `since..` and of the table now.
    pub fn update(&self, viewer: Viewer, since: usize) -> Value {
        let history: Value =
            serde_json::from_str(&self.state.history_json(viewer)).unwrap_or(Value::Null);
        let entries: Vec<Value> = history
            .get("log")
            .and_then(Value::as_array)
            .map(|log| log.iter().skip(since).cloned().collect())
            .unwrap_or_default();
        let to = self.entry_count();
        let legal: Vec<Value> = match viewer {
            Viewer::Seat(seat) => self
                .legal_for(seat)
                .into_iter()
                .map(|(id, text)| json!([id, text]))
                .collect(),
            Viewer::Spectator => Vec::new(),
        };
        let to_move = match self.state.to_move() {
            ToMove::Player(seat) => json!({ "seat": seat }),
            ToMove::Chance => json!("chance"),
            ToMove::Over => json!("over"),
        };
        json!({
            "game": self.name(),
            "viewer": viewer_json(viewer),
            "from": since.min(to),
            "to": to,
            "entries": entries,
            "to_move": to_move,
            "view": serde_json::from_str::<Value>(&self.state.view_json(viewer)).unwrap_or(Value::Null),
            "legal": legal,
            "result": self.result(),
        })
    }

    /// The result once over, as JSON (`null` before).
    pub fn result(&self) -> Value {
        self.state
            .result()
            .and_then(|r| serde_json::to_value(r).ok())
            .unwrap_or(Value::Null)
    }

    /// The ids applied from entry `seq` on.
    pub fn ids_from(&self, seq: usize) -> Vec<u32> {
        self.state.history_ids().into_iter().skip(seq).collect()
    }

    /// A bot's decision for `seat`, to run off the async threads: it is
    /// given only what the seat may know (here its legal actions).
    pub fn bot_job(&self, _bot: &str, seat: usize) -> BotJob {
        let legal = self.legal_for(seat);
        Box::new(move |rng: &mut DiceRng| rng.choose(&legal).map(|(id, _)| *id))
    }
}

/// A viewer as JSON: `{"seat": n}` or `"spectator"`.
pub fn viewer_json(viewer: Viewer) -> Value {
    match viewer {
        Viewer::Seat(seat) => json!({ "seat": seat }),
        Viewer::Spectator => json!("spectator"),
    }
}
