//! The only code that touches a full game state: a type-erased table over
//! the registry. Everything it hands out is built from views, per-viewer
//! entries, legal `(id, text)` pairs of the seat to move and refusals for
//! the actor: never a state, a record or a generator.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tabletop_engines::dice_core::{DiceRng, GameResult, ToMove, Viewer};
use tabletop_engines::odds::{ConquestOdds, conquest_odds_of};
use tabletop_engines::{
    AnyGame, AnyState, LoadError, Mark, StepError, Told, load_game, load_game_json,
};

use crate::wire::client_message::ActionRef;
use crate::wire::code::{Code, Reason};

/// Seat counts, config and bots of one game, for the lobby.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct GameInfo {
    /// The registry name.
    pub name: &'static str,
    /// The full name, for people (the game's own declaration).
    pub title: &'static str,
    /// Whether every seat sees the whole state.
    pub perfect_information: bool,
    /// The default config as JSON (every parameter).
    #[schemars(extend("tsType" = "GameConfig"))]
    pub config: Value,
    /// The default table size.
    pub players: usize,
    /// The fewest seats the game takes.
    pub min_players: usize,
    /// The most seats the game takes.
    pub max_players: usize,
    /// The bots by name.
    pub bots: Vec<&'static str>,
    /// The levels people choose bots by, weakest first: a seat asks for
    /// one as `level:NAME`.
    pub levels: Vec<Level>,
}

/// One level a game offers: a bot at given settings, by a name that says
/// its strength, ordered by the ratings the game's ladder measured.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct Level {
    /// Its name: `beginner`, `casual`, `strong` or `strongest`.
    pub name: &'static str,
    /// The bot it seats.
    pub bot: &'static str,
    /// The iterations per decision it gives the bot; absent for the bot's
    /// default.
    pub iterations: Option<u32>,
}

/// The bot that acts for a person whose turn ran out, and for a bot that
/// overran its budget: every game has it.
pub const FALLBACK_BOT: &str = "random";

/// Every game of the registry, for `GET /api/games`: the registry's own
/// catalogue, each bot by its name, with the levels.
pub fn catalogue() -> Vec<GameInfo> {
    tabletop_engines::catalogue()
        .into_iter()
        .map(|game| GameInfo {
            name: game.name,
            title: game.title,
            perfect_information: game.perfect_information,
            config: game.config,
            players: game.players,
            min_players: game.min_players,
            max_players: game.max_players,
            bots: game.bots.iter().map(|bot| bot.name).collect(),
            levels: game
                .levels
                .iter()
                .map(|level| Level {
                    name: level.name,
                    bot: level.bot,
                    iterations: level.iterations,
                })
                .collect(),
        })
        .collect()
}

/// A position to start a match from instead of the game's first: for
/// tests only (the twins over real sockets), accepted only by a server
/// started with the hidden `--test-starts` flag. A record of the game is
/// replayed; then, with `resample_seed`, every part hidden from `viewer`
/// (a seat, or a spectator when absent) is drawn afresh from that seed
/// (`AnyState::resample_hidden`), and the match's log starts there.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TestStart {
    /// A record of the game (`AnyState::to_record_json`).
    pub record: Value,
    /// The seat the resampled position must look the same to; a spectator
    /// when absent.
    #[serde(default)]
    pub viewer: Option<usize>,
    /// The seed of the resampling; none keeps the record's position.
    #[serde(default)]
    pub resample_seed: Option<u64>,
    /// The match id to use instead of a random one (1 to 64 ASCII letters,
    /// digits, `-` or `_`), so that twins on two servers are told the same
    /// id.
    #[serde(default)]
    pub match_id: Option<String>,
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
fn refusal(e: &StepError) -> Reason {
    let code = match e {
        StepError::NotYourTurn { .. } => Code::NotYourTurn,
        StepError::NoSuchAction { .. } | StepError::NoSuchOutcome { .. } => Code::UnknownAction,
        StepError::GameOver => Code::GameOver,
        _ => Code::Illegal,
    };
    Reason::new(code, e.to_string())
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

    /// The table a [`TestStart`] describes, for the game `name` with
    /// `config` (JSON).
    ///
    /// # Errors
    /// A game, config or record that does not load, or a viewer that is
    /// no seat.
    pub fn from_start(name: &str, config: &str, start: &TestStart) -> Result<Self, String> {
        let game = load_game_json(name, config).map_err(|e| e.to_string())?;
        let mut state = game
            .load_state(&start.record.to_string())
            .map_err(|e| e.to_string())?;
        if let Some(seed) = start.resample_seed {
            let viewer = match start.viewer {
                Some(seat) if seat < state.players() => Viewer::Seat(seat),
                Some(seat) => return Err(format!("seat {seat} is not at the table")),
                None => Viewer::Spectator,
            };
            state = state.resample_hidden(viewer, &mut DiceRng::from_seed_u64(seed));
        }
        // The match's entries count from its start.
        Ok(Table {
            game,
            state: state.restart_here(),
        })
    }

    /// The table as a record (config and log) that [`TestStart`] reads
    /// (tests).
    pub fn record_json(&self) -> String {
        self.state.to_record_json()
    }

    /// A table `viewer` cannot tell apart from this one, every hidden part
    /// drawn afresh from `rng`; its log starts at this position (tests:
    /// the twins). `None` if the config does not load again.
    pub fn resample_hidden(&self, viewer: Viewer, rng: &mut DiceRng) -> Option<Table> {
        let game = load_game_json(self.game.name(), &self.game.config_json()).ok()?;
        Some(Table {
            game,
            state: self.state.resample_hidden(viewer, rng).restart_here(),
        })
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

    /// The game's bots by name.
    pub fn bot_names(&self) -> Vec<&'static str> {
        self.game.bot_names()
    }

    /// What a seat may ask for to seat a bot: each bot's name, and each
    /// level as `level:NAME`.
    pub fn seatable_bots(&self) -> Vec<String> {
        self.game
            .bot_names()
            .into_iter()
            .map(str::to_owned)
            .chain(
                self.game
                    .level_names()
                    .into_iter()
                    .map(|level| format!("level:{level}")),
            )
            .collect()
    }

    /// Entries applied so far: the sequence number.
    pub fn entry_count(&self) -> usize {
        self.state.entry_count()
    }

    /// Every action id is below this bound.
    pub fn action_bound(&self) -> u32 {
        self.state.num_distinct_actions()
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
    pub fn action_id(&self, seat: usize, action: &ActionRef) -> Result<u32, Reason> {
        match self.state.to_move() {
            ToMove::Player(s) if s == seat => {}
            ToMove::Over => return Err(refusal(&StepError::GameOver)),
            to_move => return Err(refusal(&StepError::NotYourTurn { seat, to_move })),
        }
        match action {
            ActionRef::Id(id) => Ok(*id),
            // Text the game's notation does not read names no action.
            ActionRef::Text(text) => self
                .state
                .string_to_id(text)
                .map_err(|e| Reason::new(Code::UnknownAction, e.to_string())),
        }
    }

    /// Applies `id` for `seat`; the state is unchanged on refusal, which is
    /// worded from what `seat` may know.
    ///
    /// # Errors
    /// Not the seat's turn, or the rule the action breaks.
    pub fn apply_as(&mut self, seat: usize, id: u32) -> Result<(), Reason> {
        self.state.apply_as(seat, id).map_err(|e| refusal(&e))
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
        self.state.legal_for(Viewer::Seat(seat))
    }

    /// The position now, to tell each viewer after the next step what it
    /// changed.
    pub fn mark(&self) -> Mark {
        self.state.mark()
    }

    /// What `viewer` is told of the entries since `mark` and of the table
    /// now, built from those entries alone.
    pub fn tell(&self, mark: &Mark, viewer: Viewer) -> Told {
        self.state.tell(mark, viewer)
    }

    /// [`tell`](Table::tell), with the legal texts `wanted` alone written
    /// ([`AnyState::tell_texts`]).
    pub fn tell_texts(&self, mark: &Mark, viewer: Viewer, wanted: &dyn Fn(u32) -> bool) -> Told {
        self.state.tell_texts(mark, viewer, wanted)
    }

    /// What `viewer` is told of the entries from `since` on (a welcome, a
    /// stale answer): the log is replayed up to `since`.
    pub fn tell_since(&self, since: usize, viewer: Viewer) -> Told {
        self.state.tell_since(since, viewer)
    }

    /// The chance of a conquest after each legal action of the seat to
    /// move, in games that offer it (Age of War: its table hides nothing,
    /// so the chances tell the seat nothing it could not compute); read
    /// from the state, not from a view written and read back.
    pub fn odds(&self) -> Option<Vec<ConquestOdds>> {
        self.seat_to_move()?;
        conquest_odds_of(&*self.state).filter(|odds| !odds.is_empty())
    }

    /// `viewer`'s view as JSON text (tests: twins compare it).
    pub fn view_json(&self, viewer: Viewer) -> String {
        self.state.view_json(viewer)
    }

    /// The result once over.
    pub fn result(&self) -> Option<GameResult> {
        self.state.result()
    }

    /// The ids applied from entry `seq` on.
    pub fn ids_from(&self, seq: usize) -> Vec<u32> {
        self.state.history_ids().into_iter().skip(seq).collect()
    }

    /// A copy, to explore from (tests: the twins' shadows).
    pub fn duplicate(&self) -> Option<Table> {
        let game = load_game_json(self.game.name(), &self.game.config_json()).ok()?;
        Some(Table {
            game,
            state: self.state.clone_box(),
        })
    }

    /// A bot's decision for `seat`, to run off the async threads: the bot
    /// reads only the seat's view and legal actions. `None` for a name the
    /// game has no bot by.
    pub fn bot_job(&self, bot: &str, seat: usize) -> Option<BotJob> {
        let mut bot = self.game.new_bot(bot, None).ok()?;
        let state = self.state.clone_box();
        Some(Box::new(move |rng: &mut DiceRng| {
            bot.choose(&*state, seat, rng)
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table of `game` rolled until a seat is to move.
    fn to_move(game: &str) -> Table {
        let mut table = Table::new(game).unwrap();
        let mut rng = DiceRng::from_seed_u64(7);
        table.resolve_chance(&mut rng);
        table
    }

    #[test]
    fn an_age_of_war_seat_to_move_is_told_a_chance_per_legal_action_in_order() {
        let table = to_move("age-of-war(players=2)");
        let seat = table.seat_to_move().unwrap();
        let legal = table.legal_for(seat);
        let odds = table.odds().unwrap();
        assert_eq!(
            odds.iter().map(|o| o.action).collect::<Vec<_>>(),
            legal.iter().map(|(id, _)| *id).collect::<Vec<_>>()
        );
        assert!(odds.iter().all(|o| o.chance.numer() <= o.chance.denom()));
    }

    #[test]
    fn other_games_and_tables_with_no_seat_to_move_have_no_odds() {
        assert!(to_move("armadora(players=2)").odds().is_none());
        assert!(to_move("pig").odds().is_none());
        assert!(
            Table::new("age-of-war(players=2)")
                .unwrap()
                .odds()
                .is_none()
        );
    }
}
