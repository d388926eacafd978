//! What lies open on the table: the part of a position every seat sees,
//! shared by a state and each of its views, and the one check of it.

use dice_core::seat::{PerSeat, TurnOrder};
use dice_core::{Seat, ToMove, Viewer};

use crate::army::{Faction, MAX_PLAYERS, PALISADES, Warrior, is_gold_layout};
use crate::board::{
    ALL_SQUARES, MIN_TERRITORY, MINE_SQUARES, MINES, Palisades, Square, SquareMap, squares_of,
};
use crate::config::ArmadoraConfig;
use crate::error::{ArmadoraError, InvalidState};

/// Where a reinforcement may go (ARM-15, provisional): `true` (the default)
/// for a full territory, `false` for one not yet full.
pub const REINFORCE_IN_FULL_TERRITORY: bool = true;

/// Where the game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum TurnStep {
    /// Nothing done yet: a power may come first.
    Start,
    /// A power was used; the action follows.
    AfterPower,
    /// One palisade placed: a second one or `end_turn` follows.
    SecondPalisade,
}

/// The board's warriors, as the rules or a viewer see them.
pub(crate) type Board<V> = SquareMap<Option<Warrior<V>>>;

/// What every seat sees of a position: the config, the gold, the
/// palisades, whose turn it is, passes, power and reinforcement tokens,
/// and which squares the Mage looked at. The warriors on the board and the
/// supplies are not part of it: [`Armadora`](crate::Armadora) holds them
/// all, an [`ArmadoraView`](crate::ArmadoraView) what its viewer may see.
///
/// ```
/// use armadora_rules::prelude::*;
///
/// let game = Armadora::new(&ArmadoraConfig::new(2).advanced(true)).unwrap();
/// assert_eq!(game.table().phase(), Phase::DealGold);
/// assert_eq!(game.table().palisades_left(), 35);
/// assert_eq!(game.table(), game.view(Viewer::Seat(1)).table());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Table {
    pub(crate) config: ArmadoraConfig,
    pub(crate) phase: Phase,
    /// Pile sizes on the mines in [`MINES`] order; zeros before the deal.
    pub(crate) gold: [u8; 8],
    pub(crate) current: Seat,
    pub(crate) step: TurnStep,
    pub(crate) palisades: Palisades,
    pub(crate) passed: PerSeat<bool, MAX_PLAYERS>,
    pub(crate) powers: PerSeat<u8, MAX_PLAYERS>,
    pub(crate) reinforcements: PerSeat<bool, MAX_PLAYERS>,
    /// Squares whose warrior the Mage has looked at.
    pub(crate) looked: u64,
}

impl Table {
    /// The table at setup: nothing dealt, nothing placed, every token in
    /// hand.
    pub(crate) fn new(config: &ArmadoraConfig) -> Result<Table, ArmadoraError> {
        config.validate()?;
        let players = config.players();
        let advanced = config.is_advanced();
        let refused = ArmadoraError::Players(players);
        let passed = PerSeat::new(players, &false).ok_or(refused)?;
        Ok(Table {
            config: *config,
            phase: Phase::DealGold,
            gold: [0; 8],
            current: 0,
            step: TurnStep::Start,
            palisades: Palisades::EMPTY,
            passed,
            powers: PerSeat::from_fn(players, |seat| match config.faction(seat) {
                Some(faction) if advanced => faction.power_tokens(),
                _ => 0,
            })
            .ok_or(refused)?,
            reinforcements: PerSeat::new(players, &advanced).ok_or(refused)?,
            looked: 0,
        })
    }

    /// The game's config.
    pub const fn config(&self) -> &ArmadoraConfig {
        &self.config
    }

    /// Where the game stands.
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// Who acts next.
    pub const fn to_move(&self) -> ToMove {
        match self.phase {
            Phase::DealGold | Phase::DrawFirstPlayer => ToMove::Chance,
            Phase::Play => ToMove::Player(self.current),
            Phase::Over => ToMove::Over,
        }
    }

    /// Where the player to move is within their turn.
    pub const fn turn_step(&self) -> TurnStep {
        self.step
    }

    /// The seats in turn order (ARM-6: clockwise).
    pub const fn turn_order(&self) -> TurnOrder {
        self.passed.turn_order()
    }

    /// The pile sizes on the mines in [`MINES`] order; zeros before the
    /// deal.
    pub const fn gold(&self) -> [u8; 8] {
        self.gold
    }

    /// The gold pile on `square`: `Some` on a mine once the gold is dealt.
    pub fn gold_at(&self, square: Square) -> Option<u8> {
        MINES
            .iter()
            .zip(self.gold)
            .find(|&(&mine, _)| mine == square)
            .map(|(_, pile)| pile)
            .filter(|&pile| pile > 0)
    }

    /// The palisades on the board.
    pub const fn palisades(&self) -> Palisades {
        self.palisades
    }

    /// Palisades left in the shared supply (ARM-6).
    pub fn palisades_left(&self) -> u8 {
        // A valid table holds at most `PALISADES`, so nothing saturates.
        let placed = u8::try_from(self.palisades.count()).unwrap_or(PALISADES);
        PALISADES.saturating_sub(placed)
    }

    /// Whether a seat has passed (ARM-7); a seat not at the table has not.
    pub fn has_passed(&self, seat: Seat) -> bool {
        self.passed.get(seat) == Some(&true)
    }

    /// A seat's unspent power tokens (ARM-15); none for a seat not at the
    /// table.
    pub fn power_tokens(&self, seat: Seat) -> u8 {
        self.powers.get(seat).copied().unwrap_or(0)
    }

    /// Whether a seat still holds its reinforcement token (ARM-15).
    pub fn has_reinforcement(&self, seat: Seat) -> bool {
        self.reinforcements.get(seat) == Some(&true)
    }

    /// Squares the Mage has looked at (ARM-15).
    pub fn looked_at(&self) -> impl Iterator<Item = Square> {
        squares_of(self.looked)
    }

    /// Whether `viewer` may see the value of `warrior` on `square` (ARM-14,
    /// ARM-15): everything once the game is over, Goblin face-up warriors,
    /// one's own with `peek_own`, and what the Mage looked at. A seat not
    /// at the table sees what a spectator sees.
    pub fn sees<V>(&self, viewer: Viewer, square: Square, warrior: &Warrior<V>) -> bool {
        self.phase == Phase::Over
            || warrior.face_up
            || match viewer {
                Viewer::Spectator => false,
                Viewer::Seat(seat) => {
                    (seat == warrior.owner && self.config.is_peek_own())
                        || (self.config.seat_of(Faction::Mage) == Some(seat)
                            && self.looked & square.bit() != 0)
                }
            }
    }

    /// The power tokens `seat` has spent (ARM-15): its faction's tokens in
    /// this game, less those it holds.
    fn spent(&self, seat: Seat) -> Result<u8, InvalidState> {
        let tokens = match self.config.faction(seat) {
            Some(faction) if self.config.is_advanced() => faction.power_tokens(),
            _ => 0,
        };
        let held = self.power_tokens(seat);
        tokens
            .checked_sub(held)
            .ok_or(InvalidState::TooManyPowerTokens { seat, held, tokens })
    }

    /// Everything every seat can check of a position with this table and
    /// `board` (the warriors as the rules or a viewer see them: values are
    /// not read): seats, gold, palisades and territories, tokens, the turn.
    /// A state and a view pass the same check.
    pub(crate) fn check<V>(&self, board: &Board<V>) -> Result<(), InvalidState> {
        self.config.validate().map_err(InvalidState::Config)?;
        let players = self.config.players();
        if !self.turn_order().contains(self.current) {
            return Err(InvalidState::AbsentCurrent {
                seat: self.current,
                players,
            });
        }
        if self.phase == Phase::DealGold && self.gold != [0; 8] {
            return Err(InvalidState::GoldBeforeDeal(self.gold));
        }
        if self.phase != Phase::DealGold && !is_gold_layout(self.gold) {
            return Err(InvalidState::NotTheGoldPiles(self.gold));
        }
        let placed = self.palisades.count();
        if placed > u32::from(PALISADES) {
            return Err(InvalidState::TooManyPalisades(placed));
        }
        let palisades = self.palisades;
        if let Some(small) =
            Square::all().find(|s| palisades.territory_of(s.bit()).count_ones() < MIN_TERRITORY)
        {
            return Err(InvalidState::SmallTerritory(small));
        }
        self.check_warriors(board)?;
        self.check_territories(board)?;
        self.check_powers(board)?;
        self.check_turn(board)
    }

    /// Each warrior: off the mines, of a seat at the table, with tokens its
    /// game and faction allow; each reinforcement token held or on the
    /// board, once.
    fn check_warriors<V>(&self, board: &Board<V>) -> Result<(), InvalidState> {
        let config = &self.config;
        let players = config.players();
        let mut reinforced = self.reinforcements.map(|_, _| false);
        for (at, warrior) in warriors(board) {
            if at.is_mine() {
                return Err(InvalidState::WarriorOnMine(at));
            }
            let Some(done) = reinforced.get_mut(warrior.owner) else {
                return Err(InvalidState::AbsentOwner {
                    at,
                    owner: warrior.owner,
                    players,
                });
            };
            let tokens = warrior.arrows > 0 || warrior.reinforced || warrior.face_up;
            if tokens && !config.is_advanced() {
                return Err(InvalidState::TokensInBaseGame(at));
            }
            if warrior.face_up && config.faction(warrior.owner) != Some(Faction::Goblin) {
                return Err(InvalidState::FaceUpNotGoblin(at));
            }
            if warrior.arrows > 0
                && config
                    .seat_of(Faction::Elf)
                    .is_none_or(|elf| config.same_side(elf, warrior.owner))
            {
                return Err(InvalidState::ArrowOnOwnSide(at));
            }
            if warrior.reinforced {
                if *done || self.has_reinforcement(warrior.owner) {
                    return Err(InvalidState::TwoReinforcements(warrior.owner));
                }
                *done = true;
            }
        }
        for ((seat, &held), (_, &placed)) in self.reinforcements.iter().zip(reinforced.iter()) {
            if held && !config.is_advanced() {
                return Err(InvalidState::ReinforcementInBaseGame);
            }
            if config.is_advanced() && !held && !placed {
                return Err(InvalidState::ReinforcementMissing(seat));
            }
        }
        Ok(())
    }

    /// At most one reinforcement per territory, and only in a full one.
    fn check_territories<V>(&self, board: &Board<V>) -> Result<(), InvalidState> {
        let free = free_squares(board);
        for territory in self.palisades.territories() {
            let mut reinforced = squares_of(territory)
                .filter(|&at| board[at].as_ref().is_some_and(|w| w.reinforced));
            let Some(first) = reinforced.next() else {
                continue;
            };
            if reinforced.next().is_some() {
                return Err(InvalidState::TwoReinforcementsInTerritory(first));
            }
            // A full territory stays full: no square frees up and
            // palisades only split it into full parts.
            if (territory & free == 0) != REINFORCE_IN_FULL_TERRITORY {
                return Err(InvalidState::ReinforcementNotFull(first));
            }
        }
        Ok(())
    }

    /// Each arrow, face-up warrior and look spent one token, and the Mage
    /// looked only at opponents.
    fn check_powers<V>(&self, board: &Board<V>) -> Result<(), InvalidState> {
        for seat in self.turn_order().seats() {
            self.spent(seat)?;
        }
        let arrows: u32 = warriors(board).map(|(_, w)| u32::from(w.arrows)).sum();
        let face_up = warriors(board).filter(|(_, w)| w.face_up).count();
        let uses = [
            (Faction::Elf, u64::from(arrows)),
            (Faction::Goblin, face_up as u64),
            (Faction::Mage, u64::from(self.looked.count_ones())),
        ];
        for (faction, used) in uses {
            let spent = match self.config.seat_of(faction) {
                Some(seat) => self.spent(seat)?,
                None => 0,
            };
            if used > u64::from(spent) {
                return Err(InvalidState::TokensNotSpent(faction));
            }
        }
        if let Some(mage) = self.config.seat_of(Faction::Mage) {
            let opponent = |at: Square| {
                board[at]
                    .as_ref()
                    .is_some_and(|w| !self.config.same_side(w.owner, mage))
            };
            if let Some(at) = squares_of(self.looked).find(|&at| !opponent(at)) {
                return Err(InvalidState::LookWithoutOpponent(at));
            }
        }
        Ok(())
    }

    /// The setup, the player to move and the turn step.
    fn check_turn<V>(&self, board: &Board<V>) -> Result<(), InvalidState> {
        let fresh = warriors(board).next().is_none()
            && self.palisades.count() == 0
            && !self.passed.iter().any(|(_, &p)| p)
            && self.step == TurnStep::Start
            && self.current == 0
            && self.looked == 0;
        let all_passed = self.passed.iter().all(|(_, &p)| p);
        match self.phase {
            Phase::DealGold if !fresh => return Err(InvalidState::PlayBeforeDeal),
            Phase::DrawFirstPlayer if !fresh => return Err(InvalidState::PlayBeforeFirstPlayer),
            Phase::Play if self.has_passed(self.current) => {
                return Err(InvalidState::PassedToMove);
            }
            Phase::Play if all_passed => return Err(InvalidState::AllPassedInPlay),
            Phase::Over if !all_passed || self.step != TurnStep::Start => {
                return Err(InvalidState::OverTooSoon);
            }
            _ => {}
        }
        match self.step {
            TurnStep::AfterPower if !self.config.is_advanced() => {
                Err(InvalidState::PowerInBaseGame)
            }
            TurnStep::AfterPower
                if self
                    .config
                    .faction(self.current)
                    .is_none_or(|f| self.power_tokens(self.current) >= f.power_tokens()) =>
            {
                Err(InvalidState::PowerNotSpent)
            }
            TurnStep::SecondPalisade if self.palisades.count() == 0 => {
                Err(InvalidState::SecondPalisadeWithoutFirst)
            }
            TurnStep::SecondPalisade
                if self.palisades_left() == 0 || self.palisades.allowed_lines().is_empty() =>
            {
                Err(InvalidState::SecondPalisadeImpossible)
            }
            _ => Ok(()),
        }
    }
}

/// The warriors on a board, `a1` first.
pub(crate) fn warriors<V>(board: &Board<V>) -> impl Iterator<Item = (Square, &Warrior<V>)> {
    board
        .iter()
        .filter_map(|(at, warrior)| Some((at, warrior.as_ref()?)))
}

/// Free squares (ARM-7): neither a mine nor a warrior.
pub(crate) fn free_squares<V>(board: &Board<V>) -> u64 {
    warriors(board).fold(ALL_SQUARES & !MINE_SQUARES, |free, (at, _)| {
        free & !at.bit()
    })
}
