//! What the registry tells of each game beyond its rules, from the game's
//! declaration: what a lobby, a page or a binding shows and offers.

use dice_core::listing::Utility;
use serde::Serialize;

use crate::state::Engine;

/// One bot a game offers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct BotInfo {
    /// Its name, e.g. `"mcts"`.
    pub name: &'static str,
    /// Other names it answers to.
    pub aliases: &'static [&'static str],
    /// Its search's iterations per decision by default; `None` for a bot
    /// that does not search.
    pub default_iterations: Option<u32>,
}

/// One level a game offers people: a bot at given settings, by a name
/// that says its strength (`beginner`, `casual`, `strong`, `strongest`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct LevelInfo {
    /// Its name, e.g. `"strong"`; a seat asks for it as `level:strong`.
    pub name: &'static str,
    /// The bot it plays.
    pub bot: &'static str,
    /// The iterations per decision it gives the bot; `None` for the bot's
    /// default.
    pub iterations: Option<u32>,
}

/// What a game's returns are: OpenSpiel's `utility`, `min_utility`,
/// `max_utility` and `utility_sum`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[non_exhaustive]
pub struct ReturnsInfo {
    /// `"constant_sum"` (the winners share 1) or `"zero_sum"` (the result's
    /// scores).
    pub kind: &'static str,
    /// The lowest return.
    pub min: f64,
    /// The highest return.
    pub max: f64,
    /// What the returns of a finished game add up to.
    pub sum: f64,
}

impl From<Utility> for ReturnsInfo {
    fn from(utility: Utility) -> Self {
        ReturnsInfo {
            kind: match utility {
                Utility::ZeroSumScores { .. } | Utility::SoleWinner => "zero_sum",
                _ => "constant_sum",
            },
            min: utility.lowest(),
            max: utility.highest(),
            sum: utility.sum(),
        }
    }
}

/// Everything a game declares, with its config: what
/// [`AnyGame::info`](crate::AnyGame::info) answers and [`catalogue`](crate::catalogue) lists
/// for each game's default config.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[non_exhaustive]
pub struct GameInfo {
    /// The registry name, e.g. `"age-of-war"`.
    pub name: &'static str,
    /// The full name, for people: `"Era: Medieval Age"`.
    pub title: &'static str,
    /// Other names it loads by.
    pub aliases: &'static [&'static str],
    /// The config as JSON, every parameter included.
    pub config: serde_json::Value,
    /// Seats at this table.
    pub players: usize,
    /// The fewest seats the game takes.
    pub min_players: usize,
    /// The most seats the game takes.
    pub max_players: usize,
    /// Whether every seat sees the whole state.
    pub perfect_information: bool,
    /// What the returns are.
    pub returns: ReturnsInfo,
    /// The most outcomes one chance event of this config has.
    pub max_chance_outcomes: u64,
    /// The table options a command line switches on by name.
    pub options: &'static [&'static str],
    /// The bots, the default first.
    pub bots: Vec<BotInfo>,
    /// The levels, weakest first, ordered by the ratings the game's ladder
    /// measured.
    pub levels: Vec<LevelInfo>,
}

impl GameInfo {
    /// `G`'s declaration, with `config`.
    pub(crate) fn of<G: Engine>(config: &G::Config, players: usize) -> Self {
        let listing = G::LISTING;
        let (min_players, max_players) = listing.seats();
        GameInfo {
            name: G::NAME,
            title: listing.title(),
            aliases: listing.aliases(),
            config: serde_json::to_value(config).unwrap_or(serde_json::Value::Null),
            players,
            min_players,
            max_players,
            perfect_information: listing.perfect_information(),
            returns: G::utility(config).into(),
            max_chance_outcomes: G::chance_bound(config),
            options: listing.options(),
            bots: listing
                .bots()
                .iter()
                .map(|b| BotInfo {
                    name: b.name(),
                    aliases: b.aliases(),
                    default_iterations: b.default_iterations(),
                })
                .collect(),
            levels: listing
                .levels()
                .iter()
                .map(|l| LevelInfo {
                    name: l.name(),
                    bot: l.bot(),
                    iterations: l.iterations(),
                })
                .collect(),
        }
    }
}
