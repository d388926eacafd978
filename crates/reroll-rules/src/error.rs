//! Why an action, roll, config or position was refused.

/// Why Reroll refused something; names the rule.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RerollError {
    /// RR-1: one to four seats.
    #[error("RR-1: Reroll is for 1 to 4 players, not {0}")]
    Players(usize),
    /// RR-1: one to ten rounds.
    #[error("RR-1: Reroll lasts 1 to 10 rounds, not {0}")]
    Rounds(u32),
    /// RR-2: a decision while the die is rolling.
    #[error("RR-2: waiting for the die")]
    WaitingForChance,
    /// RR-3: anything after the last round.
    #[error("RR-3: the game is over")]
    GameOver,
    /// RR-2: a die result while no die is rolling.
    #[error("RR-2: no die is rolling")]
    NotChance,
    /// RR-2: a die shows 1 to 6.
    #[error("RR-2: a die shows 1 to 6, not {0}")]
    ImpossibleRoll(u8),
    /// A saved position that no game reaches.
    #[error("impossible position: {0}")]
    Position(&'static str),
}
