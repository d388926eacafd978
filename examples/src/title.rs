//! What the `play` and `replay` tools need to know of one game.

use dice_core::{Agent, Game, Seat};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Options every game reads from the command line: the table size and the
/// game's own switches (`--advanced`, `--no-teams`, ...).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameOptions {
    /// `--players N`, if given.
    pub players: Option<usize>,
    /// Switches not known to the tool, without their leading `--`.
    pub switches: Vec<String>,
    /// `--mcts-iterations N`, if given.
    pub mcts_iterations: Option<u32>,
}

/// One game as the command-line tools drive it: config from options, bots by
/// name, and how to say in words what happened.
pub trait Title:
    Game<
        Config: Serialize + DeserializeOwned + Sync,
        Action: Serialize + DeserializeOwned + Send,
        Chance: Serialize + DeserializeOwned + Send,
        View: Serialize,
    > + Send
    + 'static
{
    /// The bots this game offers (the first is the default for every seat).
    const BOTS: &'static [&'static str];

    /// The config for these options.
    ///
    /// # Errors
    /// An unknown switch or an unsupported player count, in words.
    fn config_from(options: &GameOptions) -> Result<Self::Config, String>;

    /// A bot by name: `random`, `greedy`, `mcts`.
    fn bot(name: &str, options: &GameOptions) -> Option<Box<dyn Agent<Self>>>;

    /// One line for a decision, from the state before it; empty for none
    /// (a secret the log keeps).
    fn describe_action(before: &Self, seat: Seat, action: &Self::Action) -> String;

    /// One line for a chance outcome, from the state before it.
    fn describe_chance(before: &Self, outcome: &Self::Chance) -> String;

    /// Text shown after a step that ends a turn or round (the board, the
    /// table), or `None` for nothing.
    fn after_step(before: &Self, after: &Self) -> Option<String>;

    /// The final scores with every component, in lines.
    fn describe_result(state: &Self) -> String;

    /// A view in text, for `replay`.
    fn describe_view(view: &Self::View) -> String;
}
