//! Why an action, chance outcome or config was refused ([`ArmadoraError`]),
//! and why decoded data is no position of the game ([`InvalidState`]).

use core::fmt;

use dice_core::{Seat, Viewer};

use crate::army::{Faction, GOLD_PILES, PALISADES, Value};
use crate::board::{Line, Square};

/// Why something was refused; the message names the rule it breaks.
///
/// ```
/// use armadora_rules::prelude::*;
///
/// assert_eq!(
///     Armadora::new(&ArmadoraConfig::new(5)).unwrap_err().to_string(),
///     "ARM-5: Armadöra is for 2 to 4 players, not 5"
/// );
/// let mut game = Armadora::new(&ArmadoraConfig::new(2)).unwrap();
/// game.apply_chance(Chance::Gold([3, 4, 4, 5, 5, 6, 6, 7])).unwrap();
/// game.apply_chance(Chance::FirstPlayer(0)).unwrap();
/// let d1 = "d1".parse().unwrap();
/// let on_a_mine = Action::Warrior { at: d1, value: Value::One };
/// assert_eq!(game.apply(on_a_mine), Err(ArmadoraError::NotFree(d1)));
/// assert_eq!(
///     ArmadoraError::NotFree(d1).to_string(),
///     "ARM-7: d1 is not free (a mine or a warrior is there)"
/// );
/// ```
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
    NotFree(Square),
    /// A warrior value the player has none of.
    #[error("ARM-5: you have no warrior of value {0} left")]
    NoSuchWarrior(Value),
    /// A palisade with the supply empty.
    #[error("ARM-6: the palisade supply is empty")]
    NoPalisadeLeft,
    /// A palisade on a line that already holds one.
    #[error("ARM-2: {0} already holds a palisade")]
    LineTaken(Line),
    /// A palisade that would close off fewer than four squares.
    #[error("ARM-8: a palisade on {0} would leave a territory under 4 squares")]
    FourSquares(Line),
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
    NoPower(Faction),
    /// A Mage look or Elf arrow not aimed at an opponent's warrior.
    #[error("ARM-15: {0} holds no opponent warrior")]
    NoOpponentWarrior(Square),
    /// An Elf arrow into a territory without an Elf warrior, or a full one.
    #[error("ARM-15: the Elf shoots only in a territory, not full, where the Elf has a warrior")]
    ElfOutOfRange,
    /// A reinforcement not on one's own warrior.
    #[error("ARM-15: {0} holds none of your warriors")]
    NotYourWarrior(Square),
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
    NotYourTurn(Seat),
}

/// Why a decoded state or view is no position of the game: the impossible
/// thing it holds, with the rule that rules it out. Decoding a state or a
/// view checks everything, so a value that decodes is one the rules reach
/// (a view: one that some position shows its viewer).
///
/// ```
/// use armadora_rules::prelude::*;
///
/// let mut game = Armadora::new(&ArmadoraConfig::new(2)).unwrap();
/// game.apply_chance(Chance::Gold([3, 4, 4, 5, 5, 6, 6, 7])).unwrap();
/// game.apply_chance(Chance::FirstPlayer(0)).unwrap();
/// game.apply(game.action_from_text("warrior d3 4").unwrap()).unwrap();
/// // Seat 1's view, edited to show seat 0's warrior value on d3.
/// let mut json = serde_json::to_value(game.view(Viewer::Seat(1))).unwrap();
/// json["warriors"]["d3"]["value"] = serde_json::json!(4);
/// let err = serde_json::from_value::<ArmadoraView>(json).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "ARM-14: the value of the warrior on d3 is shown, but seat 1 may not see it"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum InvalidState {
    /// The config is refused.
    #[error("invalid config: {0}")]
    Config(ArmadoraError),
    /// A seat beyond the table holds something.
    #[error("ARM-4: seat {seat} is not at the table of {players} but has {holds}")]
    AbsentSeat {
        /// The seat.
        seat: Seat,
        /// The table size.
        players: usize,
        /// What it holds.
        holds: Holding,
    },
    /// A view for a seat that is not at the table.
    #[error("ARM-4: viewer seat {seat} is not at the table of {players}")]
    AbsentViewer {
        /// The seat.
        seat: Seat,
        /// The table size.
        players: usize,
    },
    /// The seat to move is not at the table.
    #[error("ARM-6: seat {seat} to move is not at the table of {players}")]
    AbsentCurrent {
        /// The seat.
        seat: Seat,
        /// The table size.
        players: usize,
    },
    /// Gold on the mines before it is dealt.
    #[error("ARM-6: gold {0:?} on the mines before the deal")]
    GoldBeforeDeal([u8; 8]),
    /// Gold that is not the eight piles.
    #[error("ARM-6: gold {0:?} on the 8 mines is not the piles {GOLD_PILES:?}")]
    NotTheGoldPiles([u8; 8]),
    /// Warriors, palisades, passes, looks or a turn begun before the gold
    /// is dealt.
    #[error("ARM-6: play before the gold is dealt")]
    PlayBeforeDeal,
    /// Warriors, palisades, passes, looks or a turn begun before the first
    /// player is drawn.
    #[error("ARM-6: play before the first player is drawn")]
    PlayBeforeFirstPlayer,
    /// More palisades than the supply holds.
    #[error("ARM-6: {0} palisades on the board but the supply is {PALISADES}")]
    TooManyPalisades(u32),
    /// A territory of fewer than four squares.
    #[error("ARM-8: the territory of {0} is under four squares")]
    SmallTerritory(Square),
    /// The player to move has passed.
    #[error("ARM-7: the player to move has passed")]
    PassedToMove,
    /// Every player has passed but the game goes on.
    #[error("ARM-9: every player has passed but the game goes on")]
    AllPassedInPlay,
    /// The game is over but not every player has passed, or a turn is
    /// under way.
    #[error("ARM-9: the game is over before every player has passed")]
    OverTooSoon,
    /// A player holds more power tokens than their faction gets.
    #[error(
        "ARM-15: more power tokens than the faction has: seat {seat} holds {held}, its faction starts with {tokens}"
    )]
    TooManyPowerTokens {
        /// The seat.
        seat: Seat,
        /// Tokens held.
        held: u8,
        /// Tokens the faction starts with in this game.
        tokens: u8,
    },
    /// A reinforcement token in the base game.
    #[error("ARM-15: a reinforcement token outside the advanced game")]
    ReinforcementInBaseGame,
    /// A player neither holds their reinforcement token nor has it on the
    /// board.
    #[error("ARM-15: a reinforcement token is missing for seat {0}")]
    ReinforcementMissing(Seat),
    /// A player holds their token and has one on the board, or has two on
    /// the board.
    #[error("ARM-15: more than one reinforcement token for seat {0}")]
    TwoReinforcements(Seat),
    /// A power used this turn in the base game.
    #[error("ARM-15: a power used in the base game")]
    PowerInBaseGame,
    /// A power used this turn, but the player to move has every token.
    #[error("ARM-15: a power used this turn but the player to move has spent none")]
    PowerNotSpent,
    /// Waiting for a second palisade though none stands.
    #[error("ARM-7: waiting for a second palisade with none placed")]
    SecondPalisadeWithoutFirst,
    /// Waiting for a second palisade that no line or supply allows.
    #[error("ARM-8: waiting for a second palisade that cannot be placed")]
    SecondPalisadeImpossible,
    /// A warrior on a gold mine.
    #[error("ARM-7: a warrior stands on the mine {0}")]
    WarriorOnMine(Square),
    /// A warrior of a seat not at the table.
    #[error("ARM-4: the warrior on {at} belongs to seat {owner}, not at the table of {players}")]
    AbsentOwner {
        /// Where it stands.
        at: Square,
        /// Its owner.
        owner: Seat,
        /// The table size.
        players: usize,
    },
    /// Arrows, a face-up warrior or a reinforcement in the base game.
    #[error("ARM-15: advanced tokens on {0} in the base game")]
    TokensInBaseGame(Square),
    /// A face-up warrior of a player who is not the Goblin.
    #[error("ARM-15: a face-up warrior on {0} not placed by the Goblin")]
    FaceUpNotGoblin(Square),
    /// An arrow on a warrior of the Elf or the Elf's partner.
    #[error("ARM-15: an arrow on a warrior of the Elf's own side, on {0}")]
    ArrowOnOwnSide(Square),
    /// Two reinforcements in one territory.
    #[error("ARM-15: two reinforcements in one territory, on {0} and another square")]
    TwoReinforcementsInTerritory(Square),
    /// A reinforcement in a territory that is not full.
    #[error("ARM-15: a reinforcement in a territory that is not full, on {0}")]
    ReinforcementNotFull(Square),
    /// More arrows, face-up warriors or looks than the faction spent
    /// tokens.
    #[error("ARM-15: more arrows, face-up warriors or looks than tokens spent by the {0}")]
    TokensNotSpent(Faction),
    /// A Mage look at a square without an opponent warrior.
    #[error("ARM-15: the Mage looked at {0}, a square without an opponent warrior")]
    LookWithoutOpponent(Square),
    /// A player's placed and unplaced warriors are not their starting set.
    #[error("ARM-5: placed and unplaced warriors differ from the starting set for seat {0}")]
    NotTheStartingSet(Seat),
    /// A view counts more or fewer warriors for a seat than its set.
    #[error(
        "ARM-5: seat {seat} has {total} warriors ({placed} placed, {left} left) but each player has {set} at a table of {players}"
    )]
    WarriorCount {
        /// The seat.
        seat: Seat,
        /// Placed plus left.
        total: usize,
        /// On the board.
        placed: usize,
        /// Unplaced.
        left: u8,
        /// The starting set's size.
        set: u8,
        /// The table size.
        players: usize,
    },
    /// A view shows more warriors of a value than the set holds.
    #[error("ARM-5: seat {seat} shows {shown} warriors of value {value} but has {set}")]
    ValueCount {
        /// The seat.
        seat: Seat,
        /// How many the view shows (board and own supply).
        shown: usize,
        /// The value.
        value: Value,
        /// How many the starting set holds.
        set: u8,
    },
    /// A view shows a value its viewer may not see.
    #[error("ARM-14: the value of the warrior on {at} is shown, but {} may not see it", Who(*.viewer))]
    ValueShown {
        /// Where the warrior stands.
        at: Square,
        /// Whose view it is.
        viewer: Viewer,
    },
    /// A view hides a value its viewer sees.
    #[error("ARM-14: the value of the warrior on {at} is hidden, but {} sees it", Who(*.viewer))]
    ValueHidden {
        /// Where the warrior stands.
        at: Square,
        /// Whose view it is.
        viewer: Viewer,
    },
    /// A seat's view without the seat's own supply.
    #[error("ARM-14: seat {0}'s view lacks its own supply")]
    ViewWithoutSupply(Seat),
    /// A spectator's view with a supply.
    #[error("ARM-14: a spectator's view holds a supply")]
    SpectatorWithSupply,
    /// The viewer's supply does not hold their tiles left.
    #[error("ARM-5: seat {seat}'s supply holds {held} tiles but {left} are left")]
    SupplyNotTilesLeft {
        /// The seat.
        seat: Seat,
        /// Warriors in the supply.
        held: u8,
        /// Tiles left, as the view counts them.
        left: u8,
    },
}

/// What a seat not at the table holds, in an [`InvalidState::AbsentSeat`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Holding {
    /// Warriors in its supply.
    Supply,
    /// Tiles left, as a view counts them.
    TilesLeft(u8),
    /// It passed.
    Passed,
    /// Power tokens.
    PowerTokens(u8),
    /// A reinforcement token.
    Reinforcement,
}

impl fmt::Display for Holding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Holding::Supply => f.write_str("warriors in its supply"),
            Holding::TilesLeft(left) => write!(f, "{left} tiles left"),
            Holding::Passed => f.write_str("passed"),
            Holding::PowerTokens(tokens) => write!(f, "{tokens} power tokens"),
            Holding::Reinforcement => f.write_str("a reinforcement token"),
        }
    }
}

/// A viewer named in a message: `seat 1` or `a spectator`.
struct Who(Viewer);

impl fmt::Display for Who {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Viewer::Seat(seat) => write!(f, "seat {seat}"),
            Viewer::Spectator => f.write_str("a spectator"),
        }
    }
}
