//! Why an action, a chance outcome, a config or a state is refused.

use crate::bid::Bid;

/// Why an action, chance outcome, config or decoded state was refused. The
/// message names the rule broken; the state is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LiarsDiceError {
    /// Another table size than two.
    #[error("LD-1: Liar's Dice is for 2 players, not {0}")]
    Players(usize),
    /// A number of dice outside 1 to 5.
    #[error("LD-2: each player holds 1 to 5 dice, not {0}")]
    Dice(u8),
    /// A decision while dice are still rolling.
    #[error("LD-3: the dice must be rolled first")]
    WaitingForRoll,
    /// A chance outcome while a player must decide.
    #[error("LD-3: every die is rolled; a player must bid or call liar")]
    NotChance,
    /// A die face that is not 1 to 6.
    #[error("LD-2: a die shows 1 to 6, not {0}")]
    ImpossibleRoll(u8),
    /// A bid of more dice than the table has, or of no face.
    #[error("LD-4: {bid} is no bid with {dice} dice on the table")]
    NoSuchBid {
        /// The bid.
        bid: Bid,
        /// The dice on the table.
        dice: u8,
    },
    /// A bid that does not raise the last one.
    #[error("LD-5: {bid} does not raise the last bid, {last}")]
    NotHigher {
        /// The bid.
        bid: Bid,
        /// The last bid.
        last: Bid,
    },
    /// Liar called before any bid.
    #[error("LD-6: liar can only be called on a bid")]
    NothingToCall,
    /// Anything after the showdown.
    #[error("LD-8: the game is over")]
    GameOver,
    /// A decoded state that no game reaches.
    #[error("impossible position: {0}")]
    Position(&'static str),
}
