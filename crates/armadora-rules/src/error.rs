//! Why an action, chance outcome, config or state was refused.

/// Why something was refused; the message names the rule it breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ArmadoraError {
    /// A config with an unsupported player count.
    #[error("ARM-5: Armadöra is for 2 to 4 players, not {0}")]
    Players(usize),
    /// A config whose factions are not one distinct faction per seat.
    #[error("ARM-4: each player takes a different faction, one per seat")]
    Factions,
    /// Teams asked for at a table that is not four players.
    #[error("ARM-13: teams are for four players")]
    Teams,
    /// Not the notation of a square.
    #[error("ARM-1: squares are a1 to h5")]
    BadSquare,
    /// Not the notation of an interior line.
    #[error("ARM-2: lines are an interior side of a square, like c2e or c2s")]
    BadLine,
    /// Text that is not an action in its display form.
    #[error(
        "not an action: write e.g. \"warrior d3=4\", \"palisade c2e\", \"end_turn\", \"pass\", \"reinforce d3\" or \"power mage d3\""
    )]
    BadAction,
    /// A decision while a chance event is pending.
    #[error("ARM-6: the setup is not complete")]
    WaitingForChance,
    /// Anything after the end.
    #[error("ARM-9: the game is over, every player has passed")]
    GameOver,
    /// A chance outcome while a player must decide.
    #[error("ARM-6: no chance event is pending")]
    NotChance,
    /// A gold layout that is not the eight piles.
    #[error("ARM-6: the gold is the piles 3, 4, 4, 5, 5, 6, 6, 7, one per mine")]
    BadGold,
    /// A first player who is not at the table.
    #[error("ARM-6: the first player must be a seat at the table, not {0}")]
    BadFirstPlayer(usize),
    /// The wrong chance event for this moment of the setup.
    #[error("ARM-6: the gold is dealt first, then the first player is drawn")]
    WrongChance,
    /// A warrior on a mine or an occupied square.
    #[error("ARM-7: {0} is not free (a mine or a warrior is there)")]
    NotFree(crate::Square),
    /// A warrior value the player has none of.
    #[error("ARM-5: you have no warrior of value {0} left")]
    NoSuchWarrior(u8),
    /// A palisade with the supply empty.
    #[error("ARM-6: the palisade supply is empty")]
    NoPalisadeLeft,
    /// A palisade on a line that already holds one.
    #[error("ARM-2: {0} already holds a palisade")]
    LineTaken(crate::Line),
    /// A palisade that would close off fewer than four squares.
    #[error("ARM-8: a palisade on {0} would leave a territory under 4 squares")]
    FourSquares(crate::Line),
    /// A warrior, pass, power or reinforcement while placing the second
    /// palisade of a turn, or a palisade or end of turn out of place.
    #[error(
        "ARM-7: after a first palisade only a second palisade or the end of the turn may follow"
    )]
    PalisadeTurn,
    /// `end_turn` without a palisade placed this turn.
    #[error("ARM-7: end_turn only follows a first palisade")]
    NothingToEnd,
    /// A power or reinforcement in the base game.
    #[error("ARM-15: powers and reinforcement belong to the advanced game")]
    NotAdvanced,
    /// A second power in a turn, or a power after the action began.
    #[error("ARM-15: at most one power per turn, before the action")]
    OnePower,
    /// A power of another faction, or with no token left.
    #[error("ARM-15: you have no {0} power token")]
    NoPower(crate::Faction),
    /// A Mage look or Elf arrow not aimed at an opponent's warrior.
    #[error("ARM-15: {0} holds no opponent warrior")]
    NoOpponentWarrior(crate::Square),
    /// An Elf arrow into a territory without an Elf warrior, or a full one.
    #[error("ARM-15: the Elf shoots only in a territory, not full, where the Elf has a warrior")]
    ElfOutOfRange,
    /// A reinforcement not on one's own warrior.
    #[error("ARM-15: {0} holds none of your warriors")]
    NotYourWarrior(crate::Square),
    /// A reinforcement with the token spent.
    #[error("ARM-15: your reinforcement token is spent")]
    NoReinforcement,
    /// A reinforcement in a territory that is not full.
    #[error("ARM-15: reinforce only in a full territory")]
    NotFull,
    /// A second reinforcement in one territory.
    #[error("ARM-15: that territory already holds a reinforcement")]
    AlreadyReinforced,
    /// An action from a seat that is not to move.
    #[error("ARM-6: seat {0} is not to move")]
    NotYourTurn(dice_core::Seat),
    /// A deserialised state or view that breaks an invariant.
    #[error("invalid state: {0}")]
    InvalidState(&'static str),
}
