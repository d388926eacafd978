//! Why an action, outcome, config, state or view was refused: each reason
//! names the rule it breaks.

use dice_core::seat::Seat;

use crate::building::BuildingKind;
use crate::cell::Cell;
use crate::colour::Colour;
use crate::map::ByColour;
use crate::piece::Piece;
use crate::ruleset::RulesetError;
use crate::side::Side;
use crate::step::Step;
use crate::symbols::Resource;

/// Why an action, a chance outcome or a config was refused; the message
/// names the rule it breaks, and the game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EraError {
    /// The table size is not supported.
    #[error("ERA-3: Era is for 2 to 4 players, not {0}")]
    Players(usize),
    /// The ruleset is invalid.
    #[error("{0}")]
    Ruleset(RulesetError),
    /// A config, record or state of another rules revision.
    #[error(
        "this game follows Era rules revision {0}, which is retired: this engine plays revision 4 \
         (the Market's bonus counting the empty cells next to it) and replays revision 3, \
         and cannot play or replay it"
    )]
    Revision(u32),
    /// Anything after the end.
    #[error("ERA-22: the game is over")]
    GameOver,
    /// A decision while dice are rolling.
    #[error("ERA-6, ERA-12, ERA-13: a roll must be resolved first")]
    WaitingForChance,
    /// A chance outcome while a player must decide.
    #[error("ERA-6, ERA-12, ERA-13: no roll is pending")]
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
    /// Leaving a start piece out of the layout although it fits.
    #[error("ERA-5: {0} fits in the domain, so it must be laid out")]
    FitsSomewhere(Piece),
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
    #[error(
        "ERA-14: a Monastery sets a die after the first roll and before the second: a die of the \
         player's without a skull, not set aside, while a Monastery is unused"
    )]
    CannotSet,
    /// No die on that choice face is left to collect.
    #[error("ERA-15: no die on that choice face is left to collect")]
    NoChoice,
    /// A cell a disaster cannot scorch.
    #[error(
        "ERA-17 (D5): {0} is not an empty cell outside the walls of the sufferer's domain, or a cell must be freed first"
    )]
    NotEmpty(Cell),
    /// A cell without a building the disaster can take.
    #[error("ERA-17 (D5): no building there that this disaster may remove: {0}")]
    NotBurnable(Cell),
    /// A resource the sufferer cannot lose now.
    #[error("ERA-17 (D5): the sufferer has no {0} to lose, or this disaster takes none")]
    CannotLose(Resource),
    /// Taking the points where the disaster offers no such choice.
    #[error("ERA-17 (D5): this disaster offers no disaster points instead")]
    CannotRefuse,
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

/// Why a decoded state or view was refused, or a view built in code cannot
/// be [determinized](dice_core::Game::determinize): the invariant it
/// breaks, with the field at fault and the rule.
///
/// States and views are checked by the same code: a view is a state with
/// some layouts and dice hidden, and everything it shows must be what some
/// valid state shows.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum InvalidState {
    /// The config is refused.
    #[error("config: {0}")]
    Config(EraError),
    /// Not one entry per seat.
    #[error("players: {seats} entries for a {players}-player game")]
    Seats {
        /// Entries given.
        seats: usize,
        /// The table size of the config.
        players: usize,
    },
    /// The start player is not at the table.
    #[error("start: seat {seat} is not at a {players}-player table (ERA-6)")]
    StartPlayer {
        /// The seat named.
        seat: Seat,
        /// The table size.
        players: usize,
    },
    /// A view for a seat that is not at the table.
    #[error("viewer: seat {seat} is not at a {players}-player table")]
    Viewer {
        /// The seat named.
        seat: usize,
        /// The table size.
        players: usize,
    },
    /// The step names a seat or turn beyond the table.
    #[error("step: {step:?} names a seat or turn beyond the {players}-player table")]
    StepBeyondTable {
        /// The step.
        step: Step,
        /// The table size.
        players: usize,
    },
    /// A round number during the setup.
    #[error("round: {0} during the setup (ERA-5, ERA-6)")]
    RoundDuringSetup(u32),
    /// Round 0 after the setup.
    #[error("round: 0 after the setup (ERA-6)")]
    NoRound,
    /// More rounds than a decoded game may have played.
    #[error("round: {round}, but a game is read only up to round {most} (ERA-22)")]
    RoundBeyondReach {
        /// The round.
        round: u32,
        /// The last round read.
        most: u32,
    },
    /// More pieces to build than the builder's dice show hammers.
    #[error(
        "step: {builds} pieces to build, but the builder's dice show {hammers} hammers (ERA-18)"
    )]
    BuildsBeyondHammers {
        /// Pieces still to build (the chosen one included).
        builds: u8,
        /// Hammers the builder's dice show.
        hammers: u32,
    },
    /// The game is over before every tracking token shows X.
    #[error(
        "step: the game is over, but only {flipped} of {tokens} tracking tokens show X (ERA-22)"
    )]
    OverTooSoon {
        /// Tokens showing X.
        flipped: u8,
        /// Tokens in play.
        tokens: u8,
    },
    /// Not the ruleset's number of tracking tokens.
    #[error(
        "tokens: {tokens} in play, but the ruleset has {expected} at {players} players (ERA-3)"
    )]
    Tokens {
        /// Tokens in play.
        tokens: u8,
        /// The ruleset's number.
        expected: u8,
        /// The table size.
        players: usize,
    },
    /// More tokens flipped than are in play.
    #[error("flipped: {flipped} tokens show X, but {tokens} are in play (ERA-19)")]
    Flipped {
        /// Tokens showing X.
        flipped: u8,
        /// Tokens in play.
        tokens: u8,
    },
    /// More tokens flipped than building types have left the supply.
    #[error(
        "flipped: {flipped} tokens show X, but only {empty} building types are out of the supply (ERA-19)"
    )]
    FlippedTypes {
        /// Tokens showing X.
        flipped: u8,
        /// Building types with none left in the supply.
        empty: u8,
    },
    /// The pieces of one kind do not add up to the game's.
    #[error("{}: {have} in the supply, the box, domains and hands, but the game has {count} (ERA-1)", supply_field(*.piece))]
    Supply {
        /// The piece.
        piece: Piece,
        /// How many were counted.
        have: u32,
        /// How many the game has.
        count: u32,
    },
    /// The piece chosen to build cannot be built.
    #[error("step: the chosen {0} cannot be built (ERA-18)")]
    ChosenNotBuildable(Piece),
    /// A demand the victim cannot pay.
    #[error("step: the victim has no {0} to pay the demand (ERA-20)")]
    DemandUnpaid(Resource),
    /// No valid state shows the view: no hidden layout or dice could be
    /// drawn for it.
    #[error("no valid state shows this view")]
    NoStateShown,
    /// A step the engine would have moved past by itself.
    #[error("step: the automatic steps from here have not been run")]
    NotSettled,
    /// One player is invalid.
    #[error("players[{seat}].{problem}")]
    Player {
        /// The seat.
        seat: usize,
        /// What is wrong.
        problem: InvalidPlayer,
    },
}

fn supply_field(piece: Piece) -> alloc::string::String {
    match piece {
        Piece::Building(kind) => alloc::format!("supply: {kind}"),
        Piece::Wall(length) => alloc::format!("wall_supply: walls of length {length}"),
        Piece::Scorched => "scorched_supply: scorched areas".into(),
    }
}

/// What is wrong with one player of a decoded state or view; the message
/// starts with the field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum InvalidPlayer {
    /// The domain is invalid.
    #[error("domain{0}")]
    Domain(InvalidDomain),
    /// Another seat's layout shown during the layout.
    #[error("domain: shown to another seat during the layout (ERA-5)")]
    LayoutShown,
    /// A layout hidden when the layout is over.
    #[error("domain: hidden, but only a layout in progress is secret (ERA-5)")]
    LayoutHidden,
    /// Another seat's dice shown during the Roll step.
    #[error("dice: shown to another seat during the Roll step (ERA-12)")]
    DiceShown,
    /// Dice hidden outside another seat's Roll step.
    #[error("dice: hidden outside another player's Roll step (ERA-12)")]
    DiceHidden,
    /// The faces and the dice set aside of a view are shown apart.
    #[error("dice, set_aside: shown or hidden together")]
    DiceShownApart,
    /// More start pieces laid out than there are.
    #[error("laid_out: {laid_out} start pieces, but there are {total} (ERA-4)")]
    LaidOutBeyond {
        /// Pieces laid out.
        laid_out: u8,
        /// Start pieces at this table.
        total: u8,
    },
    /// A layout count that does not fit the step.
    #[error("laid_out: {laid_out} of {total} start pieces laid out during {step} (ERA-5)")]
    LaidOut {
        /// Pieces laid out.
        laid_out: u8,
        /// Start pieces at this table.
        total: u8,
        /// The step.
        step: Step,
    },
    /// A resource above its track.
    #[error("resources: {have} {resource}, above the track's {max} (ERA-15)")]
    Resource {
        /// The resource.
        resource: Resource,
        /// How much the player has.
        have: u8,
        /// The track's maximum.
        max: u8,
    },
    /// A track total no game reaches by this round.
    #[error("{field}: {have}, but a game of {round} rounds reaches at most {most} ({rule})")]
    TrackBeyondReach {
        /// `culture` or `disaster`.
        field: &'static str,
        /// The total.
        have: u32,
        /// The most rounds a decoded game may have played.
        round: u32,
        /// The most those rounds can bring.
        most: u32,
        /// The rule of the track.
        rule: &'static str,
    },
    /// More rolls than a round has.
    #[error("rolls: {rolls} rolls, but a round has {max} (ERA-12)")]
    Rolls {
        /// Rolls made.
        rolls: u8,
        /// Rolls per round.
        max: u8,
    },
    /// More dice of a colour than the game has carriers for.
    #[error("owned: {owned} {colour} dice, but the game has {most} of the {} that carries them (ERA-2)", .colour.carrier())]
    OwnedBeyondGame {
        /// The colour.
        colour: Colour,
        /// Dice owned.
        owned: u8,
        /// Carriers in the game.
        most: u8,
    },
    /// Dice showing or rolling that do not match those owned.
    #[error(
        "dice: {in_play} {colour} dice showing or rolling, but the player owns {owned} (ERA-2, ERA-12)"
    )]
    DiceInPlay {
        /// The colour.
        colour: Colour,
        /// Dice showing or rolling.
        in_play: u32,
        /// Dice owned.
        owned: u8,
    },
    /// Dice showing or rolling between rounds.
    #[error("dice: {0} dice showing or rolling outside a round (ERA-12)")]
    DiceOutsideRound(Colour),
    /// Other dice than the Keep's before the first round.
    #[error("owned: {0} before the first round, not the Keep's die (ERA-4)")]
    OwnedBeforeFirstRound(ByColour<u8>),
    /// Dice that the buildings do not carry.
    #[error("owned: {owned}, but the domain's buildings carry {carried} (ERA-2, ERA-22)")]
    OwnedNotCarried {
        /// Dice owned.
        owned: ByColour<u8>,
        /// Dice the buildings carry.
        carried: ByColour<u8>,
    },
    /// Dice in hand after the player's roll.
    #[error("rolling: dice in hand after the player's roll (ERA-12)")]
    RollingAfterRoll,
    /// Dice showing before the player's roll.
    #[error("dice: dice rolled before the player's turn (ERA-12)")]
    RolledBeforeTurn,
    /// Dice in hand outside a roll or feather re-roll.
    #[error("rolling: dice in hand outside the player's roll or feather re-roll (ERA-12, ERA-13)")]
    RollingOutOfTurn,
    /// Dice set aside outside the player's roll.
    #[error("set_aside: dice set aside outside the player's roll (ERA-12)")]
    SetAsideOutOfTurn,
    /// More dice set aside (to roll again, or by a Monastery) than show.
    #[error("set_aside: {aside} {colour} dice set aside, but {showing} show (ERA-12, ERA-14)")]
    SetAsideBeyondShowing {
        /// The colour.
        colour: Colour,
        /// Dice set aside.
        aside: u8,
        /// Dice showing.
        showing: u8,
    },
    /// Dice set aside (to roll again, or by a Monastery) on a face that
    /// fewer dice show.
    #[error("set_aside: {colour} dice set aside on {side}, which fewer dice show (ERA-12, ERA-14)")]
    SetAsideFace {
        /// The colour.
        colour: Colour,
        /// The face.
        side: Side,
    },
    /// Dice counts that disagree with the faces.
    #[error("{field}: the faces show {faces}, but {counted} are counted")]
    Counts {
        /// The field.
        field: &'static str,
        /// Dice per colour on the faces.
        faces: ByColour<u8>,
        /// Dice per colour counted.
        counted: ByColour<u8>,
    },
    /// Dice set by a Monastery between rounds.
    #[error("fixed: dice set by a Monastery outside a round (ERA-14)")]
    FixedOutsideRound,
    /// More dice set than the Monasteries set.
    #[error("fixed: {fixed} dice set, but the Monasteries set {uses} (ERA-14)")]
    FixedBeyondMonasteries {
        /// Dice set.
        fixed: u32,
        /// Dice the Monasteries set.
        uses: u32,
    },
    /// Choice faces to pick outside the player's Collect.
    #[error("choices: choice faces to pick outside the player's Collect (ERA-15)")]
    ChoicesOutOfStep,
    /// A choice to pick on a face that is no choice face.
    #[error("choices: the {colour} die's {side} is no choice face (D1)")]
    NotAChoice {
        /// The colour.
        colour: Colour,
        /// The face.
        side: Side,
    },
    /// A choice to pick for a die that does not show the face.
    #[error("choices: more {colour} dice to pick on {side} than show it (ERA-15)")]
    ChoiceNotShowing {
        /// The colour.
        colour: Colour,
        /// The face.
        side: Side,
    },
    /// Unused feathers outside the feathers.
    #[error("fresh: unused feather re-rolls outside the feathers (ERA-13)")]
    FeathersOutOfStep,
    /// An unused feather on a face without one.
    #[error("fresh: {0} of the white die shows no feather (ERA-13)")]
    NoFeather(Side),
    /// More unused feathers than white dice show the face.
    #[error("fresh: {fresh} unused feathers on {side}, but {white} white dice show it (ERA-13)")]
    FeathersBeyondDice {
        /// The face.
        side: Side,
        /// Unused feathers on it.
        fresh: u8,
        /// White dice showing it.
        white: u8,
    },
}

/// What is wrong with a decoded domain; the message starts with the field
/// (after `domain`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum InvalidDomain {
    /// A grid larger than any ruleset's.
    #[error(".size: {0} is above the largest domain, 11 (D2)")]
    TooLarge(u8),
    /// Not the ruleset's domain size.
    #[error(".size: {size}, but the ruleset's domain is {expected} (D2)")]
    Size {
        /// The domain's size.
        size: u8,
        /// The ruleset's.
        expected: u8,
    },
    /// A cell outside the grid.
    #[error(": cell {cell} is outside the {size} × {size} domain (ERA-7)")]
    CellOutside {
        /// The cell.
        cell: Cell,
        /// The side of the grid.
        size: u8,
    },
    /// Walls or scorched areas off the grid.
    #[error(": walls or scorched areas lie outside the grid (ERA-7)")]
    OffGrid,
    /// A cell listed twice in one piece.
    #[error(": cell {0} is listed twice")]
    CellTwice(Cell),
    /// Two pieces on one cell.
    #[error(": pieces overlap at {0} (ERA-7)")]
    Overlap(Cell),
    /// A building with no cell.
    #[error(".buildings[{index}]: a {kind} without cells")]
    NoCells {
        /// Its place in the list.
        index: usize,
        /// Its type.
        kind: BuildingKind,
    },
    /// Wall cells that the walls counted do not cover.
    #[error(".wall_counts: the walls counted cover {counted} cells, but {cells} cells are walls")]
    WallCells {
        /// Cells the counted walls cover.
        counted: u32,
        /// Wall cells.
        cells: u32,
    },
    /// No Keep on the centre cell first.
    #[error(".buildings[0]: the first building must be the Keep on the centre cell (ERA-4)")]
    KeepNotOnCentre,
    /// A building that is not a placement of its shape.
    #[error(".buildings[{index}]: not a placement of a {kind} on free cells (ERA-7)")]
    NotAPlacement {
        /// Its place in the list.
        index: usize,
        /// Its type.
        kind: BuildingKind,
    },
}
