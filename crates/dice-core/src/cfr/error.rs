//! Why a game cannot be solved here.

/// Why [`Cfr::new`](super::Cfr::new) refused a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolverError {
    /// The solver is for two players.
    #[error("the solver is for two players, not {0}")]
    Players(usize),
    /// A finished game whose two scores do not cancel out.
    #[error("the game is not zero-sum: the two scores of an ending do not cancel out")]
    NotZeroSum,
    /// A node that says the game is over but has no result.
    #[error("a finished game has no result")]
    NoResult,
    /// The seat to move has no information key.
    #[error("the seat to move has no information key")]
    NoInformationKey,
    /// One information key met with another seat or other legal actions,
    /// or with none.
    #[error("an information key is met with different seats or legal actions")]
    Inconsistent,
    /// The tree has more nodes than the limit.
    #[error("the game tree has more than {0} nodes")]
    TooLarge(usize),
}
