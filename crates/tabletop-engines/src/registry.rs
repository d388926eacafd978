//! Every game by name: OpenSpiel's `load_game`, in Rust.

use std::fmt;
use std::marker::PhantomData;

use dice_core::listing::{LEVEL_PREFIX, Utility};
use dice_core::observation::{Block, observation_len};
use dice_core::prelude::*;
use serde_json::{Map, Value};

use crate::bot::{AnyBot, Typed};
use crate::error::LoadError;
use crate::games::{GameTask, GameVisitor, new_game_params, visit_games, with_game};
use crate::info::GameInfo;
use crate::params;
use crate::rollout::play_randomly;
use crate::spec::GameString;
use crate::state::{AnyState, Engine, Played, to_json};

/// A game with its config, any game: OpenSpiel's `Game`, in Rust.
pub trait AnyGame: Send + Sync + fmt::Debug {
    /// The game's name, e.g. `"armadora"`.
    fn name(&self) -> &'static str;
    /// The game's full name, for people: `"Era: Medieval Age"`.
    fn title(&self) -> &'static str;
    /// Everything the game declares, with this config.
    fn info(&self) -> GameInfo;
    /// Whether every seat sees the whole state.
    fn perfect_information(&self) -> bool;
    /// What the returns are ([`AnyState::returns`]).
    fn utility(&self) -> Utility;
    /// The most outcomes one chance event of this config has.
    fn max_chance_outcomes(&self) -> u64;
    /// The JSON Schemas of the game's wire documents, by file stem:
    /// `record`, `history`, `view` and `update`.
    #[cfg(feature = "schema")]
    fn wire_schemas(&self) -> Vec<(&'static str, Value)>;
    /// The config as JSON (every field, defaults included).
    fn config_json(&self) -> String;
    /// Seats at the table.
    fn players(&self) -> usize;
    /// The fewest seats the game takes.
    fn min_players(&self) -> usize;
    /// The most seats the game takes.
    fn max_players(&self) -> usize;
    /// The bots this game offers, by name; the first is the default.
    fn bot_names(&self) -> Vec<&'static str>;
    /// The levels this game offers people, by name, weakest first; a seat
    /// asks for one as `level:NAME` ([`new_bot`](Self::new_bot)).
    fn level_names(&self) -> Vec<&'static str>;
    /// A new bot by its name (or another name it answers to), or by a
    /// level as `level:NAME` (the level's bot with its settings);
    /// `iterations` sets a search's iterations per decision (the level's,
    /// else the game's default, when `None`; ignored by bots that do not
    /// search).
    ///
    /// # Errors
    /// [`LoadError::UnknownBot`] for a name the game does not offer.
    fn new_bot(&self, name: &str, iterations: Option<u32>) -> Result<Box<dyn AnyBot>, LoadError>;
    /// Every action id is below this bound.
    fn num_distinct_actions(&self) -> u32;
    /// The observation tensor's blocks, in order.
    fn observation_layout(&self) -> Vec<Block>;
    /// The observation tensor's length.
    fn observation_len(&self) -> usize;
    /// The game's first state (usually a chance node for the setup).
    fn new_initial_state(&self) -> Box<dyn AnyState>;
    /// A state written by [`AnyState::to_record_json`] (or any record of
    /// this game), replayed.
    ///
    /// # Errors
    /// Text that is not a record of this game, or that does not replay.
    fn load_state(&self, record_json: &str) -> Result<Box<dyn AnyState>, LoadError>;
    /// Plays `count` games to the end with uniformly random decisions,
    /// seeded `seed`, `seed + 1`, ..., without leaving Rust; see
    /// [`RandomGames`].
    fn play_random_games(&self, seed: u64, count: u64, max_steps: u64) -> RandomGames;
}

/// What [`AnyGame::play_random_games`] played.
#[derive(Debug, Clone, Default, PartialEq)]
#[non_exhaustive]
pub struct RandomGames {
    /// Games played to the end.
    pub finished: u64,
    /// Games stopped at `max_steps`.
    pub unfinished: u64,
    /// Steps taken (decisions and chance events), over all games.
    pub steps: u64,
    /// Each finished game's returns (see [`AnyState::returns`]), in seed
    /// order.
    pub returns: Vec<Vec<f64>>,
}

struct Registered<G: Engine> {
    config: G::Config,
    start: G,
    game: PhantomData<G>,
}

impl<G: Engine> fmt::Debug for Registered<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AnyGame")
            .field("name", &G::NAME)
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

impl<G: Engine> Registered<G> {
    fn from_params(params: &Map<String, Value>) -> Result<Self, LoadError> {
        let config_err = |reason: String| LoadError::Config {
            game: G::NAME,
            reason,
        };
        let config: G::Config = params::read(&new_game_params::<G>(params)).map_err(config_err)?;
        let start = G::new(&config).map_err(|e| config_err(e.to_string()))?;
        Ok(Registered {
            config,
            start,
            game: PhantomData,
        })
    }
}

impl<G: Engine> AnyGame for Registered<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn title(&self) -> &'static str {
        G::LISTING.title()
    }

    fn info(&self) -> GameInfo {
        GameInfo::of::<G>(&self.config, self.start.players())
    }

    fn perfect_information(&self) -> bool {
        G::LISTING.perfect_information()
    }

    fn utility(&self) -> Utility {
        G::utility(&self.config)
    }

    fn max_chance_outcomes(&self) -> u64 {
        G::chance_bound(&self.config)
    }

    #[cfg(feature = "schema")]
    fn wire_schemas(&self) -> Vec<(&'static str, Value)> {
        dice_core::schema::wire_schemas::<G>()
            .into_iter()
            .map(|(stem, schema)| (stem, serde_json::to_value(schema).unwrap_or(Value::Null)))
            .collect()
    }

    fn config_json(&self) -> String {
        to_json(&self.config)
    }

    fn players(&self) -> usize {
        self.start.players()
    }

    fn min_players(&self) -> usize {
        G::LISTING.seats().0
    }

    fn max_players(&self) -> usize {
        G::LISTING.seats().1
    }

    fn bot_names(&self) -> Vec<&'static str> {
        names(G::LISTING.bots(), dice_core::listing::Bot::name)
    }

    fn level_names(&self) -> Vec<&'static str> {
        names(G::LISTING.levels(), dice_core::listing::Level::name)
    }

    fn new_bot(&self, name: &str, iterations: Option<u32>) -> Result<Box<dyn AnyBot>, LoadError> {
        let (bot, level_iterations) =
            G::LISTING
                .seat_bot(name)
                .ok_or_else(|| LoadError::UnknownBot {
                    game: G::NAME,
                    name: name.to_owned(),
                    known: self
                        .bot_names()
                        .into_iter()
                        .map(str::to_owned)
                        .chain(
                            self.level_names()
                                .into_iter()
                                .map(|level| format!("{LEVEL_PREFIX}{level}")),
                        )
                        .collect::<Vec<_>>()
                        .join(", "),
                })?;
        Ok(Box::new(Typed::new(bot, iterations.or(level_iterations))))
    }

    fn num_distinct_actions(&self) -> u32 {
        self.start.action_id_bound()
    }

    fn observation_layout(&self) -> Vec<Block> {
        G::observation_layout(&self.config)
    }

    fn observation_len(&self) -> usize {
        observation_len::<G>(&self.config)
    }

    fn new_initial_state(&self) -> Box<dyn AnyState> {
        Box::new(Played::new(self.start.clone()))
    }

    fn load_state(&self, record_json: &str) -> Result<Box<dyn AnyState>, LoadError> {
        let saved = |reason: String| LoadError::Saved {
            game: G::NAME,
            reason,
        };
        let record: Record<G> =
            serde_json::from_str(record_json).map_err(|e| saved(e.to_string()))?;
        if record.config() != &self.config {
            return Err(saved(
                "the record is for another config of the game".to_owned(),
            ));
        }
        let m = replay(&record).map_err(|e| saved(e.to_string()))?;
        let played = Played::from_match(&m).map_err(|e| saved(e.to_string()))?;
        Ok(Box::new(played))
    }

    fn play_random_games(&self, seed: u64, count: u64, max_steps: u64) -> RandomGames {
        let mut summary = RandomGames::default();
        let mut legal = Vec::new();
        for game_seed in (0..count).map(|i| seed.wrapping_add(i)) {
            let mut rng = DiceRng::from_seed_u64(game_seed);
            let mut state = self.start.clone();
            let steps = play_randomly(&mut state, max_steps, &mut rng, &mut legal);
            summary.steps = summary.steps.saturating_add(steps);
            match Played::new(state).returns() {
                Some(returns) => {
                    summary.finished = summary.finished.saturating_add(1);
                    summary.returns.push(returns);
                }
                None => summary.unfinished = summary.unfinished.saturating_add(1),
            }
        }
        summary
    }
}

/// The names of every game, as [`load_game`] knows them.
///
/// ```
/// assert!(tabletop_engines::game_names().contains(&"pig"));
/// ```
pub fn game_names() -> Vec<&'static str> {
    struct Names(Vec<&'static str>);
    impl GameVisitor for Names {
        fn visit<G: Engine>(&mut self) {
            self.0.push(G::NAME);
        }
    }
    let mut names = Names(Vec::new());
    visit_games(&mut names);
    names.0
}

/// Loads a game from a game string: `pig`, `age-of-war(players=4)`,
/// `armadora(players=3,advanced=true)`, `era(players=2)`. Parameters are
/// the fields of the game's JSON config; unknown or ill-typed ones are
/// refused by name.
///
/// ```
/// use tabletop_engines::load_game;
///
/// let game = load_game("pig(players=3,target=50)").unwrap();
/// assert_eq!(game.players(), 3);
/// let err = load_game("pig(players=3,targte=50)").unwrap_err();
/// assert!(err.to_string().contains("unknown field `targte`"), "{err}");
/// ```
///
/// # Errors
/// A malformed string, an unknown game, or a config the game refuses.
pub fn load_game(text: &str) -> Result<Box<dyn AnyGame>, LoadError> {
    let spec: GameString = text.parse()?;
    load_game_with(spec.name(), spec.params())
}

/// Loads a game from its name and its config as JSON (an object; missing
/// fields take their defaults).
///
/// ```
/// let game = tabletop_engines::load_game_json("pig", r#"{"players": 4}"#).unwrap();
/// assert_eq!(game.players(), 4);
/// ```
///
/// # Errors
/// Text that is not a JSON object, an unknown game, or a config the game
/// refuses.
pub fn load_game_json(name: &str, config_json: &str) -> Result<Box<dyn AnyGame>, LoadError> {
    let params = serde_json::from_str::<UniqueKeys>(config_json)
        .map_err(|e| LoadError::Syntax {
            text: config_json.to_owned(),
            reason: format!("a config is a JSON object: {e}"),
        })?
        .0;
    load_game_with(name, &params)
}

fn load_game_with(name: &str, params: &Map<String, Value>) -> Result<Box<dyn AnyGame>, LoadError> {
    struct Load<'a>(&'a Map<String, Value>);
    impl GameTask for Load<'_> {
        type Output = Result<Box<dyn AnyGame>, LoadError>;
        fn run<G: Engine>(self) -> Self::Output {
            Ok(Box::new(Registered::<G>::from_params(self.0)?))
        }
    }
    with_game(name, Load(params)).unwrap_or_else(|| {
        Err(LoadError::UnknownGame {
            name: name.to_owned(),
            known: game_names().join(", "),
        })
    })
}

/// A JSON object whose keys are all different: a parameter given twice is
/// refused, as in a game string, rather than the last one winning.
struct UniqueKeys(Map<String, Value>);

impl<'de> serde::Deserialize<'de> for UniqueKeys {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;

        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = UniqueKeys;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON object")
            }

            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<UniqueKeys, A::Error> {
                let mut params = Map::new();
                while let Some((key, value)) = map.next_entry::<String, Value>()? {
                    if params.contains_key(&key) {
                        return Err(serde::de::Error::custom(format!(
                            "parameter `{key}` is given twice"
                        )));
                    }
                    params.insert(key, value);
                }
                Ok(UniqueKeys(params))
            }
        }

        deserializer.deserialize_map(Visitor)
    }
}

/// Every game of the registry at its default config, in the registry's
/// order: what `GET /api/games` serves.
///
/// ```
/// let games = tabletop_engines::catalogue();
/// let era = games.iter().find(|g| g.name == "era").unwrap();
/// assert_eq!(era.title, "Era: Medieval Age");
/// assert_eq!((era.min_players, era.max_players), (2, 4));
/// assert_eq!(era.bots[0].name, "greedy");
/// assert_eq!(era.levels[0].name, "beginner");
/// ```
pub fn catalogue() -> Vec<GameInfo> {
    struct All(Vec<GameInfo>);
    impl GameVisitor for All {
        fn visit<G: Engine>(&mut self) {
            if let Ok(game) = load_game(G::NAME) {
                self.0.push(game.info());
            }
        }
    }
    let mut all = All(Vec::new());
    visit_games(&mut all);
    all.0
}

/// The names of a listing's bots or levels, in the listing's order.
fn names<T>(listed: &[T], name: fn(&T) -> &'static str) -> Vec<&'static str> {
    listed.iter().map(name).collect()
}
