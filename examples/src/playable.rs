//! What the `play` and `replay` tools need to know of one game beyond the
//! [`Game`](dice_core::Game) contract: its config from the command line,
//! its bots, and how to draw its table. All of it is the game's
//! declaration ([`Listed`]), read through the registry: the tools name no
//! game.

use std::fmt::Write as _;

use dice_core::Agent;
use dice_core::listing::{LEVEL_PREFIX, Listed};
use tabletop_engines::Engine;

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

/// A game as the command-line tools drive it: a config from options, bots
/// by name, and its table drawn from a viewer's view; every game of the
/// registry is one.
///
/// The narration of each decision and chance outcome is the game's own
/// ([`Game::seen_action`], [`Game::seen_chance`], [`Game::action_text`],
/// [`Game::chance_text`]); what this adds is drawn from views only, so it
/// never tells a viewer more than the viewer's view does.
///
/// [`Game::seen_action`]: dice_core::Game::seen_action
/// [`Game::seen_chance`]: dice_core::Game::seen_chance
/// [`Game::action_text`]: dice_core::Game::action_text
/// [`Game::chance_text`]: dice_core::Game::chance_text
pub trait PlayableGame: Engine {
    /// The config for these options: the table size, and the switches the
    /// game declares ([`Listing::options`](dice_core::listing::Listing::options)).
    ///
    /// # Errors
    /// A switch this game does not take, or a table it does not seat, in
    /// words.
    fn config_from(options: &GameOptions) -> Result<Self::Config, String> {
        let declared = Self::LISTING.options();
        if let Some(switch) = options
            .switches
            .iter()
            .find(|s| !declared.contains(&s.as_str()))
        {
            return Err(format!("{} has no option --{switch}", Self::NAME));
        }
        let switches: Vec<&str> = options.switches.iter().map(String::as_str).collect();
        Self::table_config(options.players, &switches)
    }

    /// The table as `view` shows it: what a person needs to decide.
    fn draw(view: &Self::View) -> String {
        Self::table_text(view)
    }

    /// What to tell after a step that moved the table from `before` to
    /// `after` (a conquest, the board at the end of a round), or `None`.
    fn tell_step(before: &Self::View, after: &Self::View) -> Option<String> {
        <Self as Listed>::after_step(before, after)
    }

    /// The final scores with every component, once the game is over (when
    /// every game here has shown everything to everyone).
    fn describe_result(state: &Self) -> String {
        Self::result_text(state)
    }

    /// The bots, the default first.
    fn bots() -> Vec<&'static str> {
        Self::LISTING
            .bots()
            .iter()
            .map(dice_core::listing::Bot::name)
            .collect()
    }
}

impl<G: Engine> PlayableGame for G {}

/// The bot named `name` (a bot's name or another name it answers to, or
/// `level:NAME` for one of the game's levels), with its name as the
/// tables show it (a level by its own name); a search searches
/// `--mcts-iterations` times per decision, or the bot's default (a level
/// keeps its own settings).
pub fn bot<G: PlayableGame>(
    name: &str,
    options: &GameOptions,
) -> Option<(String, Box<dyn Agent<G>>)> {
    let (bot, level_iterations) = G::LISTING.seat_bot(name)?;
    let agent: Box<dyn Agent<G>> = bot.make(level_iterations.or(options.mcts_iterations));
    let shown = if name.starts_with(LEVEL_PREFIX) {
        name.to_owned()
    } else {
        bot.name().to_owned()
    };
    Some((shown, agent))
}

/// Every name [`bot`] accepts, for an error message.
pub fn bot_names<G: PlayableGame>() -> String {
    let bots = G::LISTING.bots();
    let mut names = G::bots().join(", ");
    for bot in bots {
        for alias in bot.aliases() {
            let _ = write!(names, " ({alias} is {})", bot.name());
        }
    }
    for level in G::LISTING.levels() {
        let _ = write!(names, ", {LEVEL_PREFIX}{}", level.name());
    }
    names
}
