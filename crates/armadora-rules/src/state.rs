//! The game state and the rules of a turn (ARM-6 to ARM-9, ARM-15).

use alloc::vec::Vec;

use dice_core::{DiceRng, Game, GameResult, Prob, Seat, ToMove, Viewer, arrangements, shuffled};

use crate::action::{ADVANCED_ACTION_IDS, Action, BASE_ACTION_IDS, Chance, Power, is_gold_layout};
use crate::army::{
    Faction, GOLD_PILES, MAX_PLAYERS, MAX_VALUE, PALISADES, Warrior, starting_warriors,
};
use crate::board::{
    ALL_SQUARES, Line, LineSet, MINE_SQUARES, MINES, Palisades, SQUARES, Square, squares_of,
};
use crate::config::ArmadoraConfig;
use crate::error::ArmadoraError;
use crate::scoring::Scoring;
use crate::view::ArmadoraView;

/// Where a reinforcement may go (ARM-15, provisional): `true` (the default)
/// for a full territory, `false` for one not yet full.
pub const REINFORCE_IN_FULL_TERRITORY: bool = true;

/// Values `1..=5` as array indices.
const VALUES: usize = MAX_VALUE as usize;

/// Counts of one player's unplaced warriors by value (index 0 is value 1).
pub type Supply = [u8; VALUES];

/// Where the game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Phase {
    /// The gold is about to be dealt (chance).
    DealGold,
    /// The first player is about to be drawn (chance).
    DrawFirstPlayer,
    /// Players take turns.
    Play,
    /// Everyone has passed (ARM-9).
    Over,
}

/// Where the player to move is within their turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum TurnStep {
    /// Nothing done yet: a power may come first.
    Start,
    /// A power was used; the action follows.
    AfterPower,
    /// One palisade placed: a second one or `end_turn` follows.
    SecondPalisade,
}

/// An Armadöra position: a complete, valid game state.
///
/// ```
/// use armadora_rules::{Action, Armadora, ArmadoraConfig, Chance};
/// use dice_core::{Game, ToMove};
///
/// let mut game = Armadora::new(&ArmadoraConfig::new(2)).unwrap();
/// game.apply_chance(Chance::Gold([3, 4, 4, 5, 5, 6, 6, 7])).unwrap();
/// game.apply_chance(Chance::FirstPlayer(1)).unwrap();
/// assert_eq!(game.to_move(), ToMove::Player(1));
/// game.apply(Action::Warrior { at: "d3".parse().unwrap(), value: 5 }).unwrap();
/// assert_eq!(game.to_move(), ToMove::Player(0));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "Raw", deny_unknown_fields)
)]
pub struct Armadora {
    pub(crate) config: ArmadoraConfig,
    pub(crate) phase: Phase,
    pub(crate) gold: [u8; 8],
    pub(crate) current: Seat,
    pub(crate) step: TurnStep,
    pub(crate) palisades: Palisades,
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_forms"))]
    pub(crate) board: [Option<Warrior>; SQUARES],
    pub(crate) supply: [Supply; MAX_PLAYERS],
    pub(crate) passed: [bool; MAX_PLAYERS],
    pub(crate) powers: [u8; MAX_PLAYERS],
    pub(crate) reinforcements: [bool; MAX_PLAYERS],
    /// Squares whose warrior the Mage has looked at.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_forms::square_set"))]
    pub(crate) looked: u64,
    #[cfg_attr(feature = "serde", serde(skip))]
    pub(crate) occupied: u64,
    /// Free lines the four-square rule allows, kept up to date on each
    /// palisade so that listing them costs nothing.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub(crate) allowed: LineSet,
}

/// The serialised form, validated into a state.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    config: ArmadoraConfig,
    phase: Phase,
    gold: [u8; 8],
    current: Seat,
    step: TurnStep,
    palisades: Palisades,
    #[serde(with = "crate::serde_forms")]
    board: [Option<Warrior>; SQUARES],
    supply: [Supply; MAX_PLAYERS],
    passed: [bool; MAX_PLAYERS],
    powers: [u8; MAX_PLAYERS],
    reinforcements: [bool; MAX_PLAYERS],
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_forms::square_set"))]
    looked: u64,
}

#[cfg(feature = "serde")]
impl TryFrom<Raw> for Armadora {
    type Error = ArmadoraError;

    fn try_from(r: Raw) -> Result<Self, ArmadoraError> {
        let mut state = Armadora {
            config: r.config,
            phase: r.phase,
            gold: r.gold,
            current: r.current,
            step: r.step,
            palisades: r.palisades,
            board: r.board,
            supply: r.supply,
            passed: r.passed,
            powers: r.powers,
            reinforcements: r.reinforcements,
            looked: r.looked,
            occupied: 0,
            allowed: LineSet::default(),
        };
        state.validate()?;
        Ok(state)
    }
}

fn invalid(what: &'static str) -> ArmadoraError {
    ArmadoraError::InvalidState(what)
}

impl Armadora {
    /// The set each player starts with at this table (ARM-5).
    fn starting(&self) -> Supply {
        starting_warriors(self.config.players()).unwrap_or_default()
    }

    /// Recomputes derived fields and checks every invariant; used for
    /// deserialised states and determinized ones.
    pub(crate) fn validate(&mut self) -> Result<(), ArmadoraError> {
        let c = self.config;
        c.validate()?;
        let n = c.players();
        let starting = self.starting();
        self.occupied = self
            .board
            .iter()
            .zip(0..)
            .filter(|(w, _)| w.is_some())
            .fold(0, |acc, (_, i)| acc | 1u64 << i);
        self.allowed = self.palisades.allowed_lines();
        if self.occupied & MINE_SQUARES != 0 {
            return Err(invalid("a warrior stands on a mine"));
        }
        let mut placed = [[0u8; VALUES]; MAX_PLAYERS];
        let mut reinforced = [false; MAX_PLAYERS];
        for w in self.board.iter().flatten() {
            let count = placed
                .get_mut(w.owner)
                .filter(|_| w.owner < n)
                .and_then(|p| p.get_mut(usize::from(w.value.wrapping_sub(1))))
                .ok_or(invalid("ARM-5: a warrior with an unknown owner or value"))?;
            *count = count.saturating_add(1);
            if !c.is_advanced() && (w.arrows > 0 || w.reinforced || w.face_up) {
                return Err(invalid("ARM-15: advanced tokens in the base game"));
            }
            if w.face_up && c.faction(w.owner) != Some(Faction::Goblin) {
                return Err(invalid(
                    "ARM-15: a face-up warrior not placed by the Goblin",
                ));
            }
            if w.arrows > 0
                && c.seat_of(Faction::Elf)
                    .is_none_or(|elf| c.same_side(elf, w.owner))
            {
                return Err(invalid(
                    "ARM-15: an arrow on a warrior of the Elf's own side",
                ));
            }
            let held = self.has_reinforcement(w.owner);
            if let Some(done) = reinforced.get_mut(w.owner).filter(|_| w.reinforced) {
                if *done || held {
                    return Err(invalid(
                        "ARM-15: more than one reinforcement token for a player",
                    ));
                }
                *done = true;
            }
        }
        let seats = placed
            .iter()
            .zip(&self.supply)
            .zip(&self.powers)
            .zip(&self.reinforcements)
            .zip(&reinforced)
            .zip(&self.passed)
            .enumerate();
        for (seat, (((((placed, supply), &powers), &holds), &spent), &passed)) in seats {
            let in_play = seat < n;
            let mut total = *supply;
            for (t, &p) in total.iter_mut().zip(placed) {
                *t = t.saturating_add(p);
            }
            if in_play && total != starting || !in_play && total != [0; VALUES] {
                return Err(invalid(
                    "ARM-5: placed and unplaced warriors differ from the starting set",
                ));
            }
            let tokens = match c.faction(seat) {
                Some(f) if c.is_advanced() => f.power_tokens(),
                _ => 0,
            };
            if powers > tokens {
                return Err(invalid("ARM-15: more power tokens than the faction has"));
            }
            if holds && !(c.is_advanced() && in_play) {
                return Err(invalid(
                    "ARM-15: a reinforcement token outside the advanced game",
                ));
            }
            if c.is_advanced() && in_play && !holds && !spent {
                return Err(invalid("ARM-15: a reinforcement token is missing"));
            }
            if !in_play && passed {
                return Err(invalid("ARM-9: a seat not at the table has passed"));
            }
        }
        self.validate_board()?;
        self.validate_phase()
    }

    /// Palisades, territories and the Mage's looks.
    fn validate_board(&self) -> Result<(), ArmadoraError> {
        let c = self.config;
        if self.palisades.count() > u32::from(PALISADES) {
            return Err(invalid("ARM-6: more than 35 palisades"));
        }
        if self.palisades.territories().any(|t| t.count_ones() < 4) {
            return Err(invalid("ARM-8: a territory under four squares"));
        }
        if self
            .palisades
            .territories()
            .any(|t| self.reinforced_in(t).count_ones() > 1)
        {
            return Err(invalid("ARM-15: two reinforcements in one territory"));
        }
        // A full territory stays full: no square frees up and palisades
        // only split it into full parts.
        if REINFORCE_IN_FULL_TERRITORY
            && self
                .palisades
                .territories()
                .any(|t| self.reinforced_in(t) != 0 && !self.is_full(t))
        {
            return Err(invalid(
                "ARM-15: a reinforcement in a territory that is not full",
            ));
        }
        // Each arrow, face-up warrior and look spent one token.
        let spent = |f: Faction| {
            c.seat_of(f)
                .filter(|_| c.is_advanced())
                .map_or(0, |s| f.power_tokens().saturating_sub(self.power_tokens(s)))
        };
        let warriors = || self.board.iter().flatten();
        let arrows: u32 = warriors().map(|w| u32::from(w.arrows)).sum();
        let face_up = warriors().filter(|w| w.face_up).count();
        if arrows > u32::from(spent(Faction::Elf))
            || face_up > usize::from(spent(Faction::Goblin))
            || self.looked.count_ones() > u32::from(spent(Faction::Mage))
        {
            return Err(invalid(
                "ARM-15: more arrows, face-up warriors or looks than tokens spent",
            ));
        }
        let mage = c.seat_of(Faction::Mage).filter(|_| c.is_advanced());
        if self.looked != 0 {
            let seen_ok = mage.is_some_and(|m| {
                squares_of(self.looked)
                    .all(|s| self.warrior_at(s).is_some_and(|w| !c.same_side(w.owner, m)))
            });
            if !seen_ok {
                return Err(invalid(
                    "ARM-15: the Mage looked at a square without an opponent warrior",
                ));
            }
        }
        Ok(())
    }

    /// The setup, the player to move and the turn step.
    fn validate_phase(&self) -> Result<(), ArmadoraError> {
        let c = self.config;
        let n = c.players();
        let fresh = self.occupied == 0
            && self.palisades.count() == 0
            && self.passed == [false; MAX_PLAYERS]
            && self.step == TurnStep::Start
            && self.current == 0
            && self.looked == 0;
        if self.current >= n {
            return Err(invalid("ARM-6: the seat to move is not at the table"));
        }
        let all_passed = self.passed.iter().take(n).all(|&p| p);
        match self.phase {
            Phase::DealGold if self.gold != [0; 8] || !fresh => {
                return Err(invalid("ARM-6: play before the gold is dealt"));
            }
            Phase::DealGold => {}
            _ if !is_gold_layout(self.gold) => {
                return Err(invalid("ARM-6: not the eight gold piles"));
            }
            Phase::DrawFirstPlayer if !fresh => {
                return Err(invalid("ARM-6: play before the first player is drawn"));
            }
            Phase::DrawFirstPlayer => {}
            Phase::Play => {
                if self.has_passed(self.current) {
                    return Err(invalid("ARM-7: the player to move has passed"));
                }
                if all_passed {
                    return Err(invalid(
                        "ARM-9: every player has passed but the game goes on",
                    ));
                }
            }
            Phase::Over => {
                if !all_passed || self.step != TurnStep::Start {
                    return Err(invalid(
                        "ARM-9: the game is over before every player has passed",
                    ));
                }
            }
        }
        match self.step {
            TurnStep::AfterPower if !c.is_advanced() => {
                return Err(invalid("ARM-15: a power used in the base game"));
            }
            TurnStep::AfterPower
                if c.faction(self.current)
                    .is_none_or(|f| self.power_tokens(self.current) >= f.power_tokens()) =>
            {
                return Err(invalid(
                    "ARM-15: a power used this turn but the player to move has spent none",
                ));
            }
            TurnStep::SecondPalisade if self.palisades.count() == 0 => {
                return Err(invalid(
                    "ARM-7: waiting for a second palisade with none placed",
                ));
            }
            TurnStep::SecondPalisade if !self.any_palisade_allowed() => {
                return Err(invalid(
                    "ARM-8: waiting for a second palisade that cannot be placed",
                ));
            }
            _ => {}
        }
        Ok(())
    }

    /// [`check`](Game::check) for an action sent by `seat`, for servers
    /// that take actions from several clients.
    ///
    /// # Errors
    /// [`ArmadoraError::NotYourTurn`] unless `seat` is to move, then the
    /// rule the action breaks.
    pub fn check_from(&self, seat: Seat, action: &Action) -> Result<(), ArmadoraError> {
        match self.to_move() {
            ToMove::Player(p) if p != seat => Err(ArmadoraError::NotYourTurn(seat)),
            _ => self.check(action),
        }
    }

    /// [`apply`](Game::apply) for an action sent by `seat`.
    ///
    /// ```
    /// use armadora_rules::{Action, Armadora, ArmadoraConfig, ArmadoraError, Chance};
    /// use dice_core::Game;
    ///
    /// let mut game = Armadora::new(&ArmadoraConfig::new(2)).unwrap();
    /// game.apply_chance(Chance::Gold([3, 4, 4, 5, 5, 6, 6, 7])).unwrap();
    /// game.apply_chance(Chance::FirstPlayer(0)).unwrap();
    /// assert_eq!(game.apply_from(1, Action::Pass), Err(ArmadoraError::NotYourTurn(1)));
    /// assert_eq!(game.apply_from(0, Action::Pass), Ok(()));
    /// ```
    ///
    /// # Errors
    /// As [`check_from`](Self::check_from); the state is then unchanged.
    pub fn apply_from(&mut self, seat: Seat, action: Action) -> Result<(), ArmadoraError> {
        self.check_from(seat, &action)?;
        self.apply_unchecked(action);
        Ok(())
    }

    /// The warrior on `square`, if any, with its value whoever may see it.
    pub fn warrior_at(&self, square: Square) -> Option<Warrior> {
        self.board.get(square.index()).copied().flatten()
    }

    /// The gold pile on `square`: `Some` on a mine once the gold is dealt.
    pub fn gold_at(&self, square: Square) -> Option<u8> {
        let i = MINES.iter().position(|&m| m == square)?;
        self.gold.get(i).copied().filter(|&g| g > 0)
    }

    /// The pile sizes on the mines in [`MINES`] order; zeros before the deal.
    pub fn gold(&self) -> [u8; 8] {
        self.gold
    }

    /// The palisades on the board.
    pub fn palisades(&self) -> Palisades {
        self.palisades
    }

    /// Palisades left in the shared supply (ARM-6).
    pub fn palisades_left(&self) -> u8 {
        let placed = u8::try_from(self.palisades.count()).unwrap_or(PALISADES);
        PALISADES.saturating_sub(placed)
    }

    /// A seat's unplaced warriors, by value (index 0 holds value 1).
    pub fn supply(&self, seat: Seat) -> Supply {
        self.supply.get(seat).copied().unwrap_or_default()
    }

    /// How many unplaced warriors a seat has (public, ARM-5).
    pub fn tiles_left(&self, seat: Seat) -> u8 {
        self.supply(seat).iter().sum()
    }

    /// Whether a seat has passed (ARM-7).
    pub fn has_passed(&self, seat: Seat) -> bool {
        self.passed.get(seat).copied().unwrap_or(false)
    }

    /// A seat's unspent power tokens (ARM-15).
    pub fn power_tokens(&self, seat: Seat) -> u8 {
        self.powers.get(seat).copied().unwrap_or(0)
    }

    /// Whether a seat still holds its reinforcement token (ARM-15).
    pub fn has_reinforcement(&self, seat: Seat) -> bool {
        self.reinforcements.get(seat).copied().unwrap_or(false)
    }

    /// Where the game stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Where the player to move is within their turn.
    pub fn turn_step(&self) -> TurnStep {
        self.step
    }

    /// Squares the Mage has looked at (ARM-15).
    pub fn looked_at(&self) -> impl Iterator<Item = Square> {
        squares_of(self.looked)
    }

    /// Free squares (ARM-7): neither a mine nor a warrior.
    fn free(&self) -> u64 {
        ALL_SQUARES & !MINE_SQUARES & !self.occupied
    }

    /// Whether a territory (a square set) is full (ARM-3).
    pub fn is_full(&self, territory: u64) -> bool {
        territory & self.free() == 0
    }

    fn reinforced_in(&self, territory: u64) -> u64 {
        squares_of(territory & self.occupied)
            .filter(|&s| self.warrior_at(s).is_some_and(|w| w.reinforced))
            .fold(0, |acc, s| acc | s.bit())
    }

    /// The final standing if the game ended now (ARM-10 to ARM-13, ARM-16).
    pub fn scoring(&self) -> Scoring {
        Scoring::of(self)
    }

    fn any_palisade_allowed(&self) -> bool {
        self.palisades_left() > 0 && !self.allowed.is_empty()
    }

    /// Whether a palisade may go on `line` now: the supply is not empty,
    /// the line is free and the four-square rule (ARM-8) allows it.
    pub fn allows_palisade(&self, line: Line) -> bool {
        self.palisades_left() > 0 && self.allowed.contains(line)
    }

    fn add_palisade(&mut self, line: Line) {
        self.palisades = self.palisades.with(line);
        self.allowed = self
            .palisades
            .refresh_allowed(self.allowed, Palisades::near(line));
    }

    fn check_palisade(&self, line: Line) -> Result<(), ArmadoraError> {
        if self.palisades.contains(line) {
            Err(ArmadoraError::LineTaken(line))
        } else if self.palisades_left() == 0 {
            Err(ArmadoraError::NoPalisadeLeft)
        } else if !self.allowed.contains(line) {
            Err(ArmadoraError::FourSquares(line))
        } else {
            Ok(())
        }
    }

    fn check_placement(&self, at: Square, value: u8) -> Result<(), ArmadoraError> {
        if self.free() & at.bit() == 0 {
            return Err(ArmadoraError::NotFree(at));
        }
        let left = self
            .supply
            .get(self.current)
            .and_then(|s| s.get(usize::from(value.wrapping_sub(1))))
            .copied()
            .unwrap_or(0);
        if left == 0 {
            return Err(ArmadoraError::NoSuchWarrior(value));
        }
        Ok(())
    }

    fn opponent_at(&self, at: Square) -> Result<Warrior, ArmadoraError> {
        self.warrior_at(at)
            .filter(|w| !self.config.same_side(w.owner, self.current))
            .ok_or(ArmadoraError::NoOpponentWarrior(at))
    }

    fn check_power(&self, power: Power) -> Result<(), ArmadoraError> {
        if !self.config.is_advanced() {
            return Err(ArmadoraError::NotAdvanced);
        }
        if self.step != TurnStep::Start {
            return Err(ArmadoraError::OnePower);
        }
        let faction = match power {
            Power::Mage(_) => Faction::Mage,
            Power::Goblin { .. } => Faction::Goblin,
            Power::Orc(_) => Faction::Orc,
            Power::Elf(_) => Faction::Elf,
        };
        if self.config.faction(self.current) != Some(faction)
            || self.power_tokens(self.current) == 0
        {
            return Err(ArmadoraError::NoPower(faction));
        }
        match power {
            Power::Mage(at) => self.opponent_at(at).map(|_| ()),
            Power::Goblin { at, value } => self.check_placement(at, value),
            Power::Orc(line) => self.check_palisade(line),
            Power::Elf(at) => {
                self.opponent_at(at)?;
                let territory = self.palisades.territory_of(at.bit());
                let elf_there = squares_of(territory & self.occupied)
                    .any(|s| self.warrior_at(s).is_some_and(|w| w.owner == self.current));
                if elf_there && !self.is_full(territory) {
                    Ok(())
                } else {
                    Err(ArmadoraError::ElfOutOfRange)
                }
            }
        }
    }

    fn check_reinforce(&self, at: Square) -> Result<(), ArmadoraError> {
        if !self.config.is_advanced() {
            return Err(ArmadoraError::NotAdvanced);
        }
        if !self.has_reinforcement(self.current) {
            return Err(ArmadoraError::NoReinforcement);
        }
        if self.warrior_at(at).is_none_or(|w| w.owner != self.current) {
            return Err(ArmadoraError::NotYourWarrior(at));
        }
        let territory = self.palisades.territory_of(at.bit());
        if self.is_full(territory) != REINFORCE_IN_FULL_TERRITORY {
            return Err(ArmadoraError::NotFull);
        }
        if self.reinforced_in(territory) != 0 {
            return Err(ArmadoraError::AlreadyReinforced);
        }
        Ok(())
    }

    fn place(&mut self, at: Square, value: u8, face_up: bool) {
        let owner = self.current;
        if let Some(n) = self
            .supply
            .get_mut(owner)
            .and_then(|s| s.get_mut(usize::from(value.wrapping_sub(1))))
        {
            *n = n.saturating_sub(1);
        }
        if let Some(slot) = self.board.get_mut(at.index()) {
            *slot = Some(Warrior {
                owner,
                value,
                face_up,
                arrows: 0,
                reinforced: false,
            });
            self.occupied |= at.bit();
        }
    }

    fn spend_power(&mut self) {
        if let Some(t) = self.powers.get_mut(self.current) {
            *t = t.saturating_sub(1);
        }
        self.step = TurnStep::AfterPower;
    }

    /// Hands the turn to the next player who has not passed, or ends the
    /// game when everyone has (ARM-9).
    fn end_turn(&mut self) {
        self.step = TurnStep::Start;
        let n = self.config.players();
        for k in 1..=n {
            #[expect(
                clippy::arithmetic_side_effects,
                reason = "current < n <= 4 and k <= n, and a validated config has n >= 2"
            )]
            let seat = (self.current + k) % n;
            if !self.has_passed(seat) {
                self.current = seat;
                return;
            }
        }
        self.phase = Phase::Over;
    }

    fn push_placements(&self, out: &mut Vec<Action>, goblin: bool) {
        let supply = self.supply(self.current);
        let mut values = [0u8; VALUES];
        let held = (1..).zip(supply).filter(|&(_, left)| left > 0);
        for ((value, _), slot) in held.zip(&mut values) {
            *slot = value;
        }
        let kinds = supply.iter().filter(|&&left| left > 0).count();
        let values = values.get(..kinds).unwrap_or(&[]);
        let mut free = self.free();
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free &= free.wrapping_sub(1);
            let Some(at) = Square::from_index(bit.trailing_zeros() as usize) else {
                continue;
            };
            if goblin {
                out.extend(
                    values
                        .iter()
                        .map(|&value| Action::Power(Power::Goblin { at, value })),
                );
            } else {
                out.extend(values.iter().map(|&value| Action::Warrior { at, value }));
            }
        }
    }

    fn push_palisades(&self, out: &mut Vec<Action>, orc: bool) {
        if self.palisades_left() == 0 {
            return;
        }
        if orc {
            out.extend(self.allowed.lines().map(|l| Action::Power(Power::Orc(l))));
        } else {
            out.extend(self.allowed.lines().map(Action::Palisade));
        }
    }

    fn push_powers(&self, out: &mut Vec<Action>) {
        let Some(faction) = self.config.faction(self.current) else {
            return;
        };
        match faction {
            Faction::Goblin => self.push_placements(out, true),
            Faction::Orc => self.push_palisades(out, true),
            Faction::Mage | Faction::Elf => {
                for at in squares_of(self.occupied) {
                    let power = if faction == Faction::Mage {
                        Power::Mage(at)
                    } else {
                        Power::Elf(at)
                    };
                    if self.check_power(power).is_ok() {
                        out.push(Action::Power(power));
                    }
                }
            }
        }
    }
}

impl Game for Armadora {
    const NAME: &'static str = "armadora";
    type Config = ArmadoraConfig;
    type Action = Action;
    type Chance = Chance;
    type View = ArmadoraView;
    type Error = ArmadoraError;
    // Placeholder until this engine tells each viewer only what it may see.
    type SeenAction = &'static str;
    type SeenChance = &'static str;

    fn new(config: &ArmadoraConfig) -> Result<Self, ArmadoraError> {
        config.validate()?;
        let n = config.players();
        let starting = starting_warriors(n).ok_or(ArmadoraError::Players(n))?;
        let advanced = config.is_advanced();
        Ok(Armadora {
            config: *config,
            phase: Phase::DealGold,
            gold: [0; 8],
            current: 0,
            step: TurnStep::Start,
            palisades: Palisades::EMPTY,
            board: [None; SQUARES],
            supply: core::array::from_fn(|s| if s < n { starting } else { [0; VALUES] }),
            passed: [false; MAX_PLAYERS],
            powers: core::array::from_fn(|s| match config.faction(s) {
                Some(f) if advanced => f.power_tokens(),
                _ => 0,
            }),
            reinforcements: core::array::from_fn(|s| advanced && s < n),
            looked: 0,
            occupied: 0,
            allowed: Palisades::EMPTY.allowed_lines(),
        })
    }

    fn config(&self) -> &ArmadoraConfig {
        &self.config
    }

    fn players(&self) -> usize {
        self.config.players()
    }

    fn to_move(&self) -> ToMove {
        match self.phase {
            Phase::DealGold | Phase::DrawFirstPlayer => ToMove::Chance,
            Phase::Play => ToMove::Player(self.current),
            Phase::Over => ToMove::Over,
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.phase != Phase::Play {
            return;
        }
        if self.step == TurnStep::SecondPalisade {
            self.push_palisades(out, false);
            out.push(Action::EndTurn);
            return;
        }
        let advanced = self.config.is_advanced();
        if advanced && self.step == TurnStep::Start && self.power_tokens(self.current) > 0 {
            self.push_powers(out);
        }
        self.push_placements(out, false);
        if advanced && self.has_reinforcement(self.current) {
            for at in squares_of(self.occupied) {
                if self.check_reinforce(at).is_ok() {
                    out.push(Action::Reinforce(at));
                }
            }
        }
        self.push_palisades(out, false);
        out.push(Action::Pass);
    }

    fn check(&self, action: &Action) -> Result<(), ArmadoraError> {
        match self.phase {
            Phase::DealGold | Phase::DrawFirstPlayer => {
                return Err(ArmadoraError::WaitingForChance);
            }
            Phase::Over => return Err(ArmadoraError::GameOver),
            Phase::Play => {}
        }
        match (*action, self.step) {
            (Action::Palisade(line), _) => self.check_palisade(line),
            (Action::EndTurn, TurnStep::SecondPalisade) => Ok(()),
            (Action::EndTurn, _) => Err(ArmadoraError::NothingToEnd),
            (_, TurnStep::SecondPalisade) => Err(ArmadoraError::PalisadeTurn),
            (Action::Warrior { at, value }, _) => self.check_placement(at, value),
            (Action::Pass, _) => Ok(()),
            (Action::Reinforce(at), _) => self.check_reinforce(at),
            (Action::Power(p), _) => self.check_power(p),
        }
    }

    fn apply_unchecked(&mut self, action: Action) {
        if self.phase != Phase::Play {
            return;
        }
        match action {
            Action::Warrior { at, value } => {
                self.place(at, value, false);
                self.end_turn();
            }
            Action::Pass => {
                if let Some(p) = self.passed.get_mut(self.current) {
                    *p = true;
                }
                self.end_turn();
            }
            Action::Reinforce(at) => {
                if let Some(Some(w)) = self.board.get_mut(at.index()) {
                    w.reinforced = true;
                }
                if let Some(r) = self.reinforcements.get_mut(self.current) {
                    *r = false;
                }
                self.end_turn();
            }
            Action::Palisade(line) => {
                self.add_palisade(line);
                if self.step == TurnStep::SecondPalisade || !self.any_palisade_allowed() {
                    self.end_turn();
                } else {
                    self.step = TurnStep::SecondPalisade;
                }
            }
            Action::EndTurn => self.end_turn(),
            Action::Power(power) => {
                match power {
                    Power::Mage(at) => self.looked |= at.bit(),
                    Power::Goblin { at, value } => self.place(at, value, true),
                    Power::Orc(line) => self.add_palisade(line),
                    Power::Elf(at) => {
                        if let Some(Some(w)) = self.board.get_mut(at.index()) {
                            w.arrows = w.arrows.saturating_add(1);
                        }
                    }
                }
                self.spend_power();
            }
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(Chance, Prob)>) {
        out.clear();
        match self.phase {
            Phase::DealGold => {
                out.extend(arrangements(GOLD_PILES).map(|(g, p)| (Chance::Gold(g), p)));
            }
            Phase::DrawFirstPlayer => {
                let n = self.config.players();
                let each = Prob::new(1, n as u128).unwrap_or(Prob::ZERO);
                out.extend((0..n).map(|p| (Chance::FirstPlayer(p), each)));
            }
            Phase::Play | Phase::Over => {}
        }
    }

    fn check_chance(&self, outcome: &Chance) -> Result<(), ArmadoraError> {
        match (self.phase, outcome) {
            (Phase::DealGold, Chance::Gold(g)) if is_gold_layout(*g) => Ok(()),
            (Phase::DealGold, Chance::Gold(_)) => Err(ArmadoraError::BadGold),
            (Phase::DrawFirstPlayer, Chance::FirstPlayer(p)) if *p < self.config.players() => {
                Ok(())
            }
            (Phase::DrawFirstPlayer, Chance::FirstPlayer(p)) => {
                Err(ArmadoraError::BadFirstPlayer(*p))
            }
            (Phase::DealGold | Phase::DrawFirstPlayer, _) => Err(ArmadoraError::WrongChance),
            (Phase::Play, _) => Err(ArmadoraError::NotChance),
            (Phase::Over, _) => Err(ArmadoraError::GameOver),
        }
    }

    fn apply_chance_unchecked(&mut self, outcome: Chance) {
        match (self.phase, outcome) {
            (Phase::DealGold, Chance::Gold(g)) => {
                self.gold = g;
                self.phase = Phase::DrawFirstPlayer;
            }
            (Phase::DrawFirstPlayer, Chance::FirstPlayer(p)) => {
                self.current = p.min(self.config.players().saturating_sub(1));
                self.phase = Phase::Play;
            }
            _ => {}
        }
    }

    /// Gold: [`dice_core::shuffled`] of the piles `3,4,4,5,5,6,6,7` (a
    /// Fisher–Yates shuffle, seven [`DiceRng::index`] draws); first player:
    /// one [`DiceRng::index`] draw below the number of players.
    fn sample_chance(&self, rng: &mut DiceRng) -> Option<Chance> {
        match self.phase {
            Phase::DealGold => Some(Chance::Gold(shuffled(GOLD_PILES, rng))),
            Phase::DrawFirstPlayer => rng.index(self.config.players()).map(Chance::FirstPlayer),
            Phase::Play | Phase::Over => None,
        }
    }

    fn view(&self, viewer: Viewer) -> ArmadoraView {
        ArmadoraView::of(self, viewer)
    }

    /// Keeps everything the view shows; each player's warriors the view
    /// hides (face-down values and unplaced tiles) are that player's
    /// starting set minus the values it shows, shuffled uniformly
    /// ([`DiceRng::shuffle`], one player after the other in seat order) and
    /// dealt to their hidden board squares in square order, the rest going
    /// to their supply.
    fn determinize(view: &ArmadoraView, rng: &mut DiceRng) -> Option<Self> {
        view.determinize(rng)
    }

    fn resample_hidden(&self, viewer: Viewer, rng: &mut DiceRng) -> Self {
        self.view(viewer)
            .determinize(rng)
            .unwrap_or_else(|| self.clone())
    }

    fn result(&self) -> Option<GameResult> {
        (self.phase == Phase::Over).then(|| self.scoring().result())
    }

    /// The base game's actions come first, so a base-game config has the
    /// smaller bound [`BASE_ACTION_IDS`].
    fn seen_action(&self, _action: &Self::Action, _viewer: Viewer) -> &'static str {
        todo!("narrate an action to a viewer")
    }

    fn seen_chance(&self, _outcome: &Self::Chance, _viewer: Viewer) -> &'static str {
        todo!("narrate a chance outcome to a viewer")
    }

    fn action_text(&self, _action: &Self::Action) -> alloc::string::String {
        todo!("write an action as text")
    }

    fn action_from_text(&self, text: &str) -> Result<Self::Action, dice_core::ParseActionError> {
        todo!("read an action from {text}")
    }

    fn chance_text(&self, _outcome: &Self::Chance) -> alloc::string::String {
        todo!("write a chance outcome as text")
    }

    fn action_id_bound(&self) -> u32 {
        if self.config.is_advanced() {
            ADVANCED_ACTION_IDS
        } else {
            BASE_ACTION_IDS
        }
    }

    fn action_id(&self, action: &Action) -> Option<u32> {
        action.id().filter(|&id| id < self.action_id_bound())
    }

    fn action_from_id(&self, id: u32) -> Option<Action> {
        (id < self.action_id_bound())
            .then(|| Action::from_id(id))
            .flatten()
    }
}
