//! What the `play` and `replay` tools need to know of one game beyond the
//! [`Game`] contract: its config from the command line, its bots, and how
//! to draw its table.

use std::fmt::Write as _;

use dice_core::mcts::Mcts;
use dice_core::{Agent, Game, RandomAgent};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Options every game reads from the command line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameOptions {
    /// `--players N`, if given.
    pub players: Option<usize>,
    /// The game switches given (`advanced`, `no-teams`, ...), without
    /// their leading `--`.
    pub switches: Vec<String>,
    /// `--mcts-iterations N`, if given.
    pub mcts_iterations: Option<u32>,
}

impl GameOptions {
    /// Refuses every switch, for a game that takes none.
    ///
    /// # Errors
    /// The first switch given, in words.
    pub fn no_switches(&self, game: &str) -> Result<(), String> {
        match self.switches.first() {
            Some(switch) => Err(format!("{game} has no option --{switch}")),
            None => Ok(()),
        }
    }
}

/// A game as the command-line tools drive it: a config from options, bots
/// by name, and its table drawn from a viewer's view.
///
/// The narration of each decision and chance outcome is the game's own
/// ([`Game::seen_action`], [`Game::seen_chance`], [`Game::action_text`],
/// [`Game::chance_text`]); what this adds is drawn from views only, so it
/// never tells a viewer more than the viewer's view does.
pub trait PlayableGame:
    Game<
        Config: Serialize + DeserializeOwned + Sync,
        Action: Serialize + DeserializeOwned + Send,
        Chance: Serialize + DeserializeOwned + Send,
        View: Serialize,
        SeenAction: Serialize,
        SeenChance: Serialize,
    > + Send
    + 'static
{
    /// The bots this game offers; the first is every seat's default.
    const BOTS: &'static [&'static str];

    /// Other names the command line accepts for a bot: `(alias, bot)`.
    const BOT_ALIASES: &'static [(&'static str, &'static str)] = &[];

    /// Iterations per decision of the `mcts` bot unless
    /// `--mcts-iterations` says otherwise.
    const MCTS_ITERATIONS: u32;

    /// The config for these options.
    ///
    /// # Errors
    /// A switch this game does not take, or a table it does not seat, in
    /// words.
    fn config_from(options: &GameOptions) -> Result<Self::Config, String>;

    /// This game's own bot by its name in [`BOTS`](Self::BOTS) (`random`
    /// and `mcts` are everyone's, see [`bot`]).
    fn own_bot(name: &str) -> Option<Box<dyn Agent<Self>>>;

    /// The search this game's `mcts` bot runs.
    fn mcts(iterations: u32) -> Mcts {
        Mcts::new(iterations)
    }

    /// The table as `view` shows it: what a person needs to decide.
    fn draw(view: &Self::View) -> String;

    /// What to tell after a step that moved the table from `before` to
    /// `after` (a conquest, the board at the end of a round), or `None`.
    fn after_step(before: &Self::View, after: &Self::View) -> Option<String>;

    /// The final scores with every component, once the game is over (when
    /// every game here has shown everything to everyone).
    fn describe_result(state: &Self) -> String;
}

/// The bot named `name` (a name of [`PlayableGame::BOTS`] or an alias),
/// with its name as the bot list shows it.
pub fn bot<G: PlayableGame>(
    name: &str,
    options: &GameOptions,
) -> Option<(&'static str, Box<dyn Agent<G>>)> {
    let canonical = G::BOTS.iter().copied().find(|&b| b == name).or_else(|| {
        G::BOT_ALIASES
            .iter()
            .find_map(|&(alias, bot)| (alias == name).then_some(bot))
    })?;
    let agent: Box<dyn Agent<G>> = match canonical {
        "random" => Box::new(RandomAgent),
        "mcts" => Box::new(G::mcts(
            options.mcts_iterations.unwrap_or(G::MCTS_ITERATIONS),
        )),
        own => G::own_bot(own)?,
    };
    Some((canonical, agent))
}

/// Every name [`bot`] accepts, for an error message.
pub fn bot_names<G: PlayableGame>() -> String {
    G::BOT_ALIASES
        .iter()
        .fold(G::BOTS.join(", "), |mut names, (alias, bot)| {
            let _ = write!(names, " ({alias} is {bot})");
            names
        })
}
