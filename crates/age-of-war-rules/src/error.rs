//! Why an action, a chance outcome, a config or a state is refused.

use dice_core::Seat;

use crate::castle::Castle;
use crate::line::{Line, LineSet};

/// Why an action, chance outcome or config was refused. The message names
/// the rule broken; the state is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AgeOfWarError {
    /// The table size is outside 2 to 6.
    #[error("AOW-4: Age of War is for 2 to 6 players, not {0}")]
    Players(usize),
    /// Anything after the centre emptied.
    #[error("AOW-12: the game is over")]
    GameOver,
    /// A decision before the first player is drawn.
    #[error("AOW-4: the first player must be drawn first")]
    WaitingForFirstPlayer,
    /// A decision while the dice are rolling.
    #[error("AOW-5: the dice in hand must be rolled first")]
    WaitingForRoll,
    /// A chance outcome while a player must decide.
    #[error("AOW-5: no dice are rolling; player {0} must choose")]
    NotChance(Seat),
    /// A roll before the first player is drawn, or a first player after.
    #[error("AOW-4: the first player is drawn once, before any roll")]
    WrongChanceEvent,
    /// A first player who is not at the table.
    #[error("AOW-4: the first player must be one of the {players} seats, not {seat}")]
    NoSuchSeat {
        /// The seat named.
        seat: Seat,
        /// The table size.
        players: usize,
    },
    /// A roll of another number of dice than the player holds.
    #[error("AOW-5: {in_hand} dice are in hand, but the roll shows {rolled}")]
    WrongDiceCount {
        /// Dice in the roll.
        rolled: u8,
        /// Dice in hand.
        in_hand: u8,
    },
    /// A line number the card does not have.
    #[error("AOW-2: {castle} has no line {line}")]
    NoSuchLine {
        /// The castle.
        castle: Castle,
        /// The line number.
        line: u8,
    },
    /// A castle the player already holds.
    #[error("AOW-9: you already hold {0}")]
    OwnCastle(Castle),
    /// A castle of a conquered clan.
    #[error("AOW-11: {0} is face down in a conquered clan and cannot be attacked")]
    FaceDown(Castle),
    /// The special line of a castle in the centre.
    #[error("AOW-9: the special daimyo line of {0} is only for taking it from an opponent")]
    SpecialLineInCentre(Castle),
    /// A second castle after committing.
    #[error("AOW-7: this turn is committed to {committed}, not {castle}")]
    OtherCastle {
        /// The castle chosen by the first fill.
        committed: Castle,
        /// The castle named.
        castle: Castle,
    },
    /// A line already filled this turn.
    #[error("AOW-6: line {line} of {castle} is already filled")]
    AlreadyFilled {
        /// The castle.
        castle: Castle,
        /// The line number.
        line: u8,
    },
    /// The roll does not show what the line needs.
    #[error("AOW-6: the roll does not fill line {line} of {castle} ({needs})")]
    NotFilled {
        /// The castle.
        castle: Castle,
        /// The line number.
        line: u8,
        /// What the line needs.
        needs: Line,
    },
}

/// Why a deserialised state was rejected: the invariant it breaks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum InvalidState {
    /// The config is refused.
    #[error("invalid config: {0}")]
    Config(AgeOfWarError),
    /// A castle is held by a seat that is not at the table.
    #[error("AOW-10: {castle} is held by seat {seat}, but the table has {players} seats")]
    Holder {
        /// The castle.
        castle: Castle,
        /// The seat named.
        seat: Seat,
        /// The table size.
        players: usize,
    },
    /// The player to move is not at the table.
    #[error("AOW-4: player {0} to move is not at the table")]
    Current(Seat),
    /// Before the first player is drawn, every castle is in the centre and
    /// no turn has begun.
    #[error("AOW-4: before the first player is drawn the table must be as set up")]
    NotSetUp,
    /// More dice placed and lost than the seven a turn has.
    #[error("AOW-1: {placed} dice placed and {lost} lost leave none of the seven in hand")]
    TooManyDice {
        /// Dice on lines.
        placed: u8,
        /// Dice set aside.
        lost: u8,
    },
    /// The roll does not match the dice in hand.
    #[error("AOW-5: the roll shows {rolled} dice, but {in_hand} are in hand")]
    Roll {
        /// Dice in the roll.
        rolled: u8,
        /// Dice in hand.
        in_hand: u8,
    },
    /// A roll shows while the dice in hand are still to be rolled.
    #[error("AOW-5: the roll shows {rolled} dice, but the dice in hand are still to be rolled")]
    RollBeforeRolling {
        /// Dice in the roll.
        rolled: u8,
    },
    /// Lines are filled with no castle chosen, or a castle chosen with no
    /// line filled.
    #[error("AOW-7: the committed castle and the filled lines disagree")]
    Commitment,
    /// The committed castle is one the player may not attack.
    #[error("AOW-9: the player to move may not attack {0}")]
    Target(Castle),
    /// A filled line that is not required, or every required line filled
    /// while the turn goes on.
    #[error("AOW-8: the filled lines {0} do not fit the committed castle")]
    Lines(LineSet),
    /// Fewer dice placed than the filled lines need.
    #[error("AOW-6: {placed} dice placed cannot fill the filled lines")]
    Placed {
        /// Dice on lines.
        placed: u8,
    },
    /// More dice placed than the filled lines ever take: a fill places the
    /// fewest dice that fill the line.
    #[error("AOW-6: {placed} dice placed, but the filled lines take at most {most}")]
    PlacedTooMany {
        /// Dice on lines.
        placed: u8,
        /// The most dice the filled lines take.
        most: u16,
    },
    /// At the end the player to move is the last conqueror, who holds the
    /// castle taken.
    #[error("AOW-12: the game ended on player {0}'s conquest, but player {0} holds no castle")]
    LastConqueror(Seat),
    /// The game is over but a turn is in progress.
    #[error("AOW-12: the centre is empty, so no turn can be in progress")]
    TurnAfterEnd,
}
