//! Why an action, outcome, config or state was refused.

use crate::piece::{Cell, Piece};
use crate::ruleset::RulesetError;
use crate::symbols::Resource;

/// Why something was refused; the message names the rule it breaks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EraError {
    /// The table size is not supported.
    #[error("ERA-3: Era is for 2 to 4 players, not {0}")]
    Players(usize),
    /// The ruleset is invalid.
    #[error("{0}")]
    Ruleset(RulesetError),
    /// Anything after the end.
    #[error("ERA-22: the game is over")]
    GameOver,
    /// A decision while dice are rolling.
    #[error("a roll must be resolved first")]
    WaitingForChance,
    /// A chance outcome while a player must decide.
    #[error("no roll is pending")]
    NotChance,
    /// The action belongs to another step of the round.
    #[error("{rule}: not possible during {step}")]
    WrongStep {
        /// The rule of the action.
        rule: &'static str,
        /// The step the game is in.
        step: &'static str,
    },
    /// Laying out another piece than the next one.
    #[error("ERA-5: the next piece to lay out is {0}")]
    NotNextPiece(Piece),
    /// A cell outside the domain, an orientation the piece does not have,
    /// or a piece that would leave the domain or cover a taken cell.
    #[error("ERA-7: {0} does not fit there on empty cells")]
    DoesNotFit(Piece),
    /// Placing another piece than the one chosen.
    #[error("ERA-18: choose the piece to build first, then place that piece")]
    NotChosen,
    /// Scorched areas are not built.
    #[error("ERA-18: only buildings and walls are built")]
    NotBuildable,
    /// The supply has none left.
    #[error("ERA-18: no {0} left in the supply")]
    NotInSupply(Piece),
    /// The cost cannot be paid.
    #[error("ERA-18: cannot pay for {0}")]
    CannotPay(Piece),
    /// No die to set aside like that.
    #[error("ERA-12: no die of that colour left to set aside on that face, or it shows a skull")]
    NoSuchDie,
    /// Every roll is used.
    #[error("ERA-12: no roll left")]
    NoRollLeft,
    /// Rolling again with no die set aside.
    #[error("ERA-12: set a die aside to roll again first")]
    NothingSetAside,
    /// No unused feather on that face, or the other die is missing.
    #[error("ERA-13: no such feather re-roll")]
    NoFeather,
    /// A die the Monastery cannot set.
    #[error("ERA-14: no die without a skull on that face, or not another face")]
    CannotSet,
    /// A cell Treachery cannot scorch.
    #[error("ERA-17 (Treachery): {0} is not an empty cell of the victim's domain")]
    NotEmpty(Cell),
    /// A cell without a building Fire can take.
    #[error("ERA-17 (Fire): no building there that is not walled and not a Keep: {0}")]
    NotBurnable(Cell),
    /// A demand the victim cannot pay.
    #[error("ERA-20: the victim has no {0}")]
    NotOwned(Resource),
    /// A roll outcome that does not match the dice being rolled.
    #[error("ERA-12: not an outcome of the dice being rolled")]
    ImpossibleRoll,
    /// A start roll that does not match the seats rolling.
    #[error(
        "ERA-6: the start roll gives one face (0 to 5) to each seat still rolling, and none to the others"
    )]
    ImpossibleStartRoll,
}

impl From<RulesetError> for EraError {
    fn from(e: RulesetError) -> Self {
        EraError::Ruleset(e)
    }
}
