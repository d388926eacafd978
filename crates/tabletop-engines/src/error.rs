//! Why a game does not load, and why a step is refused.

/// Why a game string, a config or a saved state does not load.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LoadError {
    /// The game string is malformed.
    #[error("{text:?} is not a game string: {reason}")]
    Syntax {
        /// The text given.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// No game has this name.
    #[error("no game is called {name:?}; the games are {known}")]
    UnknownGame {
        /// The name given.
        name: String,
        /// The names there are, comma-separated.
        known: String,
    },
    /// The game refused a parameter or the config as a whole.
    #[error("{game}: {reason}")]
    Config {
        /// The game's name.
        game: &'static str,
        /// The refusal, naming the parameter where one is at fault.
        reason: String,
    },
    /// The game offers no bot of this name.
    #[error("{game} has no bot called {name:?}; its bots are {known}")]
    UnknownBot {
        /// The game's name.
        game: &'static str,
        /// The name given.
        name: String,
        /// The bots there are, comma-separated.
        known: String,
    },
    /// A saved state or record that does not read or replay.
    #[error("{game}: {reason}")]
    Saved {
        /// The game's name.
        game: &'static str,
        /// What is wrong with it.
        reason: String,
    },
}

/// Why an action id or chance outcome id was refused; the state is then
/// unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StepError {
    /// The id names no action of this config (it is at or above
    /// `num_distinct_actions`).
    #[error("action id {id} is not an action of this game (ids are below {bound})")]
    NoSuchAction {
        /// The id given.
        id: u32,
        /// The config's bound.
        bound: u32,
    },
    /// The action breaks a rule; `rule` is the engine's own message,
    /// naming the rule.
    #[error("{action}: {rule}")]
    Illegal {
        /// The action, as text.
        action: String,
        /// The rule it breaks.
        rule: String,
    },
    /// A chance outcome id beyond the pending event's outcomes.
    #[error("chance outcome {id} does not exist here ({count} outcomes)")]
    NoSuchOutcome {
        /// The id given.
        id: u32,
        /// How many outcomes the pending event has.
        count: usize,
    },
    /// Text that is not an action.
    #[error("{0}")]
    Text(String),
    /// A step after the end.
    #[error("the game is over")]
    GameOver,
    /// An action sent by a seat that is not to move: someone else is, or
    /// chance, or the game is over. Public, like who is to move.
    #[error("{}", dice_core::SeatError::<String>::NotYourTurn { seat: *seat, to_move: *to_move })]
    NotYourTurn {
        /// The seat that sent it.
        seat: dice_core::Seat,
        /// Who is to move instead.
        to_move: dice_core::ToMove,
    },
}
