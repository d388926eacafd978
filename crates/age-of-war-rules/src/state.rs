//! The game state and its rules on the [`Game`] contract.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use dice_core::seat::TurnOrder;
use dice_core::{
    DiceRng, Game, GameResult, ParseActionError, Prob, ResampleLog, Scoreboard, Seat, ToMove,
};

use crate::action::{ACTION_ID_BOUND, Action};
use crate::castle::Castle;
use crate::chance::Chance;
use crate::config::AgeOfWarConfig;
use crate::dice::{DICE, Roll};
use crate::error::{AgeOfWarError, InvalidState};
use crate::fills;
use crate::line::LineSet;
use crate::rolls::ROLLS;
use crate::scoring;
use crate::table::{Place, Table};
use crate::turn::Turn;

/// Which event the game waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) enum Phase {
    /// The first player is drawn (AOW-4).
    FirstPlayer,
    /// The dice in hand are rolled (AOW-5); also the phase at the end.
    Rolling,
    /// The player to move acts on the roll (AOW-5).
    Choosing,
}

/// An Age of War position: the table, whose turn it is, and the turn so far.
///
/// Every value is a valid position: the only ways to build one are
/// [`Game::new`], the rules, and deserialisation, which validates.
///
/// ```
/// use age_of_war_rules::prelude::*;
///
/// let mut game = AgeOfWar::new(&AgeOfWarConfig::new(2)).unwrap();
/// game.apply_chance(Chance::FirstPlayer(0)).unwrap();
/// // The spec's turn: Kim attacks Gassantoda (`D` · `8 inf`).
/// use Face::*;
/// let roll = Roll::from_faces(&[Daimyo, Cavalry, Infantry3, Infantry2, Archery, Infantry3, Archery]);
/// game.apply_chance(Chance::Roll(roll.unwrap())).unwrap();
/// game.apply(Action::Fill { castle: Castle::Gassantoda, line: 2 }).unwrap();
/// assert_eq!(game.turn().in_hand(), 4);
/// let roll = Roll::from_faces(&[Archery, Infantry3, Cavalry, Infantry1]).unwrap();
/// game.apply_chance(Chance::Roll(roll)).unwrap();
/// game.apply(Action::LoseDie).unwrap();
/// let roll = Roll::from_faces(&[Infantry2, Cavalry, Daimyo]).unwrap();
/// game.apply_chance(Chance::Roll(roll)).unwrap();
/// game.apply(Action::Fill { castle: Castle::Gassantoda, line: 1 }).unwrap();
/// assert_eq!(game.table().holder(Castle::Gassantoda), Some(0));
/// assert_eq!(game.to_move(), ToMove::Chance); // player 1 rolls next
/// assert_eq!(game.current_player(), 1);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "raw::RawAgeOfWar", into = "raw::RawAgeOfWar")
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct AgeOfWar {
    config: AgeOfWarConfig,
    /// The seats of `config`, in turn order.
    seats: TurnOrder,
    table: Table,
    current: Seat,
    phase: Phase,
    turn: Turn,
}

impl AgeOfWar {
    /// Where every castle is.
    pub const fn table(&self) -> &Table {
        &self.table
    }

    /// The turn in progress: committed castle, filled lines, dice, roll.
    pub const fn turn(&self) -> &Turn {
        &self.turn
    }

    /// The seat whose turn it is (also while its dice roll). Before the
    /// first player is drawn it is 0; at the end, the last conqueror.
    pub const fn current_player(&self) -> Seat {
        self.current
    }

    /// Which event the game waits for.
    pub(crate) const fn phase(&self) -> Phase {
        self.phase
    }

    /// Whether the game is over: the centre is empty (AOW-12).
    pub fn is_over(&self) -> bool {
        self.table.centre_is_empty()
    }

    /// The lines a conquest of `castle` needs now: the printed lines, plus
    /// the special line when an opponent holds it (AOW-8, AOW-9).
    pub fn required_lines(&self, castle: Castle) -> LineSet {
        match self.table.place(castle) {
            Place::Centre => castle.printed_set(),
            Place::Player(_) => castle.all_lines(),
        }
    }

    /// Whether the player to move may attack `castle` (AOW-9, AOW-11),
    /// leaving aside commitment.
    ///
    /// # Errors
    /// The castle is face down or already the player's.
    pub fn may_attack(&self, castle: Castle) -> Result<(), AgeOfWarError> {
        if self.table.is_face_down(castle) {
            Err(AgeOfWarError::FaceDown(castle))
        } else if self.table.holder(castle) == Some(self.current) {
            Err(AgeOfWarError::OwnCastle(castle))
        } else {
            Ok(())
        }
    }

    /// Pushes a fill of each line of `lines` that a roll offering `offers`
    /// fills, in line order.
    fn push_fills(castle: Castle, lines: LineSet, offers: u32, out: &mut Vec<Action>) {
        for line in lines.iter() {
            if fills::fills_line(castle, line, offers) {
                out.push(Action::Fill { castle, line });
            }
        }
    }

    fn check_fill(&self, castle: Castle, line: u8) -> Result<u8, AgeOfWarError> {
        let needs = castle
            .line(line)
            .ok_or(AgeOfWarError::NoSuchLine { castle, line })?;
        if let Some(committed) = self.turn.target {
            if committed != castle {
                return Err(AgeOfWarError::OtherCastle { committed, castle });
            }
        }
        self.may_attack(castle)?;
        if line == 0 && self.table.place(castle) == Place::Centre {
            return Err(AgeOfWarError::SpecialLineInCentre(castle));
        }
        if self.turn.filled.contains(line) {
            return Err(AgeOfWarError::AlreadyFilled { castle, line });
        }
        needs
            .dice_needed(&self.turn.roll)
            .ok_or(AgeOfWarError::NotFilled {
                castle,
                line,
                needs,
            })
    }

    fn end_roll(&mut self) {
        self.turn.roll = Roll::EMPTY;
        if self.turn.in_hand() == 0 {
            // AOW-8: out of dice, the turn fails.
            self.next_turn();
        } else {
            self.phase = Phase::Rolling;
        }
    }

    fn conquer(&mut self, castle: Castle) {
        self.table.set(castle, Place::Player(self.current));
        if self.table.centre_is_empty() {
            // AOW-12: the game ends at once.
            self.turn = Turn::FRESH;
            self.phase = Phase::Rolling;
        } else {
            self.next_turn();
        }
    }

    fn next_turn(&mut self) {
        // Clockwise (AOW-4).
        self.current = self.seats.next(self.current);
        self.turn = Turn::FRESH;
        self.phase = Phase::Rolling;
    }

    /// Whether the turn in progress can no longer end in a conquest,
    /// whatever the dice show: the lines still needed call for more dice
    /// than the player has left (a line needs at least one die per symbol,
    /// an infantry line one die per three points; AOW-6, AOW-8). Committed,
    /// the open lines of the castle chosen count; before committing, every
    /// castle the player may attack is out of reach. False when no turn is
    /// being played (before the first player is drawn, at the end).
    pub fn turn_is_hopeless(&self) -> bool {
        if self.phase == Phase::FirstPlayer || self.is_over() {
            return false;
        }
        let in_hand = self.turn.in_hand();
        if let Some(castle) = self.turn.target {
            let open = self.required_lines(castle).without(self.turn.filled);
            return fills::fewest_dice(castle, open) > in_hand;
        }
        // A castle in the centre is always a target (nobody holds it, so its
        // clan is not conquered): most turns are decided there.
        let within_reach =
            |castle: Castle| fills::fewest_dice(castle, self.required_lines(castle)) <= in_hand;
        if Castle::ALL
            .into_iter()
            .any(|castle| self.table.place(castle) == Place::Centre && within_reach(castle))
        {
            return false;
        }
        let attackable = self.table.attackable(self.current);
        !Castle::ALL
            .into_iter()
            .any(|castle| attackable.contains(castle) && within_reach(castle))
    }

    /// **A simulation shortcut, not a rule:** ends a hopeless turn (see
    /// [`turn_is_hopeless`](Self::turn_is_hopeless)) at once, as if its
    /// remaining dice had all been lost, and passes the dice to the next
    /// player (AOW-8); returns whether it did. The turn's outcome is certain,
    /// so games played with it end as often in each result as games played
    /// out die by die, in fewer steps; but they draw fewer rolls, so a seed
    /// gives another game, and a `Match` that used it would not replay: use
    /// it on a bare state in a simulation loop, never in a match. The check
    /// costs about as much as a step: call it before each roll (when
    /// [`to_move`](Game::to_move) is `Chance`), not at every step.
    pub fn end_hopeless_turn(&mut self) -> bool {
        if !self.turn_is_hopeless() {
            return false;
        }
        self.next_turn();
        true
    }

    /// Checks every invariant of a position built from its parts.
    #[cfg_attr(not(feature = "serde"), allow(dead_code))]
    fn validated(
        config: AgeOfWarConfig,
        table: Table,
        current: Seat,
        phase: Phase,
        turn: Turn,
    ) -> Result<AgeOfWar, InvalidState> {
        let state = AgeOfWar::new(&config).map_err(InvalidState::Config)?;
        state.check_seats(&table, current)?;
        let state = AgeOfWar {
            table,
            current,
            phase,
            turn,
            ..state
        };
        if phase == Phase::FirstPlayer {
            return if table == Table::new() && turn == Turn::FRESH && current == 0 {
                Ok(state)
            } else {
                Err(InvalidState::NotSetUp)
            };
        }
        if table.centre_is_empty() {
            return if phase != Phase::Rolling || turn != Turn::FRESH {
                Err(InvalidState::TurnAfterEnd)
            } else if table.holdings(current).next().is_none() {
                Err(InvalidState::LastConqueror(current))
            } else {
                Ok(state)
            };
        }
        check_dice(phase, turn)?;
        state.check_commitment()?;
        Ok(state)
    }

    /// Every castle's holder, and the current player, sit at the table.
    #[cfg_attr(not(feature = "serde"), allow(dead_code))]
    fn check_seats(&self, table: &Table, current: Seat) -> Result<(), InvalidState> {
        for castle in Castle::ALL {
            if let Some(seat) = table.holder(castle) {
                if !self.seats.contains(seat) {
                    return Err(InvalidState::Holder {
                        castle,
                        seat,
                        players: self.config.players(),
                    });
                }
            }
        }
        if !self.seats.contains(current) {
            return Err(InvalidState::Current(current));
        }
        Ok(())
    }

    /// The turn's target and filled lines agree, the target may be attacked,
    /// and the dice placed fit the filled lines.
    #[cfg_attr(not(feature = "serde"), allow(dead_code))]
    fn check_commitment(&self) -> Result<(), InvalidState> {
        let turn = self.turn;
        let placed = turn.placed;
        match turn.target {
            None if turn.filled.is_empty() && placed == 0 => Ok(()),
            None => Err(InvalidState::Commitment),
            Some(_) if turn.filled.is_empty() => Err(InvalidState::Commitment),
            Some(castle) => {
                if self.may_attack(castle).is_err() {
                    return Err(InvalidState::Target(castle));
                }
                let required = self.required_lines(castle);
                if !required.is_superset(turn.filled) || turn.filled.is_superset(required) {
                    return Err(InvalidState::Lines(turn.filled));
                }
                // At most five lines of at most ten dice: the sums fit u16.
                let lines = || turn.filled.iter().filter_map(|line| castle.line(line));
                let fewest: u16 = lines().map(|line| u16::from(line.fewest_dice())).sum();
                if u16::from(placed) < fewest {
                    return Err(InvalidState::Placed { placed });
                }
                let most: u16 = lines().map(|line| u16::from(line.most_dice())).sum();
                if u16::from(placed) > most {
                    return Err(InvalidState::PlacedTooMany { placed, most });
                }
                Ok(())
            }
        }
    }
}

/// The dice of a turn: placed and lost leave some in hand, none rolled
/// before the roll, and all in hand rolled once it is made.
#[cfg_attr(not(feature = "serde"), allow(dead_code))]
fn check_dice(phase: Phase, turn: Turn) -> Result<(), InvalidState> {
    let (placed, lost) = (turn.placed, turn.lost);
    if placed.checked_add(lost).is_none_or(|used| used >= DICE) {
        return Err(InvalidState::TooManyDice { placed, lost });
    }
    let in_hand = turn.in_hand();
    let rolled = turn.roll.dice();
    if phase == Phase::Rolling && rolled != 0 {
        return Err(InvalidState::RollBeforeRolling { rolled });
    }
    if phase == Phase::Choosing && rolled != in_hand {
        return Err(InvalidState::Roll { rolled, in_hand });
    }
    Ok(())
}

impl Game for AgeOfWar {
    const NAME: &'static str = "age-of-war";
    type Config = AgeOfWarConfig;
    type Action = Action;
    type Chance = Chance;
    type Error = AgeOfWarError;
    // Age of War has no hidden information: every seat sees every action,
    // every roll and the whole position.
    dice_core::perfect_information!();

    fn new(config: &AgeOfWarConfig) -> Result<Self, AgeOfWarError> {
        Ok(AgeOfWar {
            config: *config,
            seats: config.turn_order()?,
            table: Table::new(),
            current: 0,
            phase: Phase::FirstPlayer,
            turn: Turn::FRESH,
        })
    }

    fn to_move(&self) -> ToMove {
        match self.phase {
            Phase::FirstPlayer => ToMove::Chance,
            _ if self.is_over() => ToMove::Over,
            Phase::Rolling => ToMove::Chance,
            Phase::Choosing => ToMove::Player(self.current),
        }
    }

    fn config(&self) -> &AgeOfWarConfig {
        &self.config
    }

    fn players(&self) -> usize {
        self.seats.players()
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        // `to_move` is `Player` exactly when choosing in a game not over.
        if self.phase != Phase::Choosing || self.is_over() {
            return;
        }
        let offers = fills::offers(self.turn.roll);
        if let Some(castle) = self.turn.target {
            let open = self.required_lines(castle).without(self.turn.filled);
            Self::push_fills(castle, open, offers, out);
        } else {
            // `may_attack` for every castle at once.
            let attackable = self.table.attackable(self.current);
            for castle in Castle::ALL {
                if attackable.contains(castle) {
                    Self::push_fills(castle, self.required_lines(castle), offers, out);
                }
            }
        }
        out.push(Action::LoseDie);
    }

    fn check(&self, action: &Action) -> Result<(), AgeOfWarError> {
        match self.to_move() {
            ToMove::Over => return Err(AgeOfWarError::GameOver),
            ToMove::Chance if self.phase == Phase::FirstPlayer => {
                return Err(AgeOfWarError::WaitingForFirstPlayer);
            }
            ToMove::Chance => return Err(AgeOfWarError::WaitingForRoll),
            ToMove::Player(_) => {}
        }
        match *action {
            Action::LoseDie => Ok(()),
            Action::Fill { castle, line } => self.check_fill(castle, line).map(|_| ()),
        }
    }

    fn apply_unchecked(&mut self, action: Action) {
        match action {
            Action::LoseDie => {
                self.turn.lost = self.turn.lost.saturating_add(1);
                self.end_roll();
            }
            Action::Fill { castle, line } => {
                let Some(dice) = castle
                    .line(line)
                    .and_then(|needs| needs.dice_needed(&self.turn.roll))
                else {
                    return;
                };
                self.turn.placed = self.turn.placed.saturating_add(dice);
                self.turn.filled.insert(line);
                self.turn.target = Some(castle);
                if self.turn.filled.is_superset(self.required_lines(castle)) {
                    self.conquer(castle);
                } else {
                    self.end_roll();
                }
            }
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(Chance, Prob)>) {
        out.clear();
        match self.to_move() {
            ToMove::Chance if self.phase == Phase::FirstPlayer => {
                let Some(each) = u128::try_from(self.seats.players())
                    .ok()
                    .and_then(|players| Prob::new(1, players))
                else {
                    return;
                };
                out.extend(
                    self.seats
                        .seats()
                        .map(|seat| (Chance::FirstPlayer(seat), each)),
                );
            }
            ToMove::Chance => {
                // The same outcomes, in the same order, as
                // `DIE.roll_outcomes`, from the precomputed table.
                out.extend(
                    ROLLS
                        .with_probs(self.turn.in_hand())
                        .map(|(roll, prob)| (Chance::Roll(*roll), prob)),
                );
            }
            ToMove::Player(_) | ToMove::Over => {}
        }
    }

    fn check_chance(&self, outcome: &Chance) -> Result<(), AgeOfWarError> {
        match (self.to_move(), self.phase, outcome) {
            (ToMove::Over, _, _) => Err(AgeOfWarError::GameOver),
            (ToMove::Player(seat), _, _) => Err(AgeOfWarError::NotChance(seat)),
            (_, Phase::FirstPlayer, Chance::FirstPlayer(seat)) => {
                if self.seats.contains(*seat) {
                    Ok(())
                } else {
                    Err(AgeOfWarError::NoSuchSeat {
                        seat: *seat,
                        players: self.config.players(),
                    })
                }
            }
            (_, Phase::Rolling, Chance::Roll(roll)) => {
                let in_hand = self.turn.in_hand();
                if roll.dice() == in_hand {
                    Ok(())
                } else {
                    Err(AgeOfWarError::WrongDiceCount {
                        rolled: roll.dice(),
                        in_hand,
                    })
                }
            }
            _ => Err(AgeOfWarError::WrongChanceEvent),
        }
    }

    fn apply_chance_unchecked(&mut self, outcome: Chance) {
        match (self.phase, outcome) {
            (Phase::FirstPlayer, Chance::FirstPlayer(seat)) if self.seats.contains(seat) => {
                self.current = seat;
                self.phase = Phase::Rolling;
            }
            (Phase::Rolling, Chance::Roll(roll)) if roll.dice() > 0 => {
                self.turn.roll = roll;
                self.phase = Phase::Choosing;
            }
            _ => {}
        }
    }

    /// The first player: one [`DiceRng::index`] over the seats. A roll:
    /// [`Die::roll_many`](dice_core::Die::roll_many) of the dice in hand,
    /// one [`DiceRng::below`]`(6)` per die, faces in
    /// [`Face::ALL`](crate::dice::Face::ALL) order.
    fn sample_chance(&self, rng: &mut DiceRng) -> Option<Chance> {
        if self.to_move() != ToMove::Chance {
            return None;
        }
        match self.phase {
            Phase::FirstPlayer => rng.index(self.seats.players()).map(Chance::FirstPlayer),
            Phase::Rolling => Some(Chance::Roll(Roll::sample(self.turn.in_hand(), rng))),
            Phase::Choosing => None,
        }
    }

    fn result(&self) -> Option<GameResult> {
        if !self.is_over() || self.phase == Phase::FirstPlayer {
            return None;
        }
        Some(scoring::result(&self.table, self.seats))
    }

    /// AOW-13 as if the game ended now: castles and clan bonuses.
    fn scoreboard(view: &Self) -> Option<Scoreboard> {
        Some(scoring::scoreboard(&view.table, view.seats))
    }

    fn winners_into(&self, out: &mut Vec<Seat>) -> bool {
        if !self.is_over() || self.phase == Phase::FirstPlayer {
            out.clear();
            return false;
        }
        scoring::winners_into(&self.table, self.seats, out);
        true
    }

    /// The text notation of [`Action`]: `fill edo 2`, `fill edo daimyo`,
    /// `lose die`.
    fn action_text(&self, action: &Action) -> String {
        action.to_string()
    }

    /// Reads the text notation of [`Action`], in any case and spacing.
    fn action_from_text(&self, text: &str) -> Result<Action, ParseActionError> {
        text.parse()
    }

    /// `first player 2`, `roll infantry3 infantry3 daimyo`.
    fn chance_text(&self, outcome: &Chance) -> String {
        outcome.to_string()
    }

    fn action_id_bound(&self) -> u32 {
        ACTION_ID_BOUND
    }

    fn action_id(&self, action: &Action) -> Option<u32> {
        action.id()
    }

    fn action_from_id(&self, id: u32) -> Option<Action> {
        Action::from_id(id)
    }
}

/// Every roll and every decision is public: nothing to redraw.
impl ResampleLog for AgeOfWar {}

impl fmt::Display for AgeOfWar {
    /// The table, then whose turn it is and how it stands.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.table)?;
        match self.to_move() {
            ToMove::Over => f.write_str("game over"),
            ToMove::Chance if self.phase == Phase::FirstPlayer => {
                f.write_str("drawing the first player")
            }
            ToMove::Chance => write!(f, "player {} rolls: {}", self.current, self.turn),
            ToMove::Player(seat) => write!(f, "player {seat} to play: {}", self.turn),
        }
    }
}

#[cfg(feature = "serde")]
mod raw {
    use super::{
        AgeOfWar, AgeOfWarConfig, Castle, InvalidState, LineSet, Phase, Roll, Seat, Table, Turn,
    };

    /// The serialised form of a state, validated on the way in.
    #[derive(serde::Serialize, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
    pub(super) struct RawAgeOfWar {
        config: AgeOfWarConfig,
        table: Table,
        current: Seat,
        phase: Phase,
        target: Option<Castle>,
        filled: LineSet,
        placed: u8,
        lost: u8,
        roll: Roll,
    }

    impl From<AgeOfWar> for RawAgeOfWar {
        fn from(state: AgeOfWar) -> Self {
            RawAgeOfWar {
                config: state.config,
                table: state.table,
                current: state.current,
                phase: state.phase,
                target: state.turn.target,
                filled: state.turn.filled,
                placed: state.turn.placed,
                lost: state.turn.lost,
                roll: state.turn.roll,
            }
        }
    }

    impl TryFrom<RawAgeOfWar> for AgeOfWar {
        type Error = InvalidState;

        fn try_from(raw: RawAgeOfWar) -> Result<Self, InvalidState> {
            let RawAgeOfWar {
                config,
                table,
                current,
                phase,
                target,
                filled,
                placed,
                lost,
                roll,
            } = raw;
            let turn = Turn {
                target,
                filled,
                placed,
                lost,
                roll,
            };
            AgeOfWar::validated(config, table, current, phase, turn)
        }
    }
}
