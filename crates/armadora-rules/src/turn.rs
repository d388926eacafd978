//! A turn (ARM-7 to ARM-9, ARM-15): what the player to move may do, and
//! what it does.

use alloc::vec::Vec;

use dice_core::{Game, Seat, ToMove};

use crate::action::{Action, Power};
use crate::army::{Faction, Value, Warrior};
use crate::board::{Line, Palisades, Square, squares_of};
use crate::error::ArmadoraError;
use crate::state::Armadora;
use crate::table::{Phase, REINFORCE_IN_FULL_TERRITORY, TurnStep};

impl Armadora {
    /// [`check`](Game::check) for an action sent by `seat`, for servers
    /// that take actions from several clients.
    ///
    /// # Errors
    /// [`ArmadoraError::NotYourTurn`] unless `seat` is to move, then the
    /// rule the action breaks.
    pub fn check_from(&self, seat: Seat, action: &Action) -> Result<(), ArmadoraError> {
        match self.table.to_move() {
            ToMove::Player(p) if p != seat => Err(ArmadoraError::NotYourTurn(seat)),
            _ => self.check(action),
        }
    }

    /// [`apply`](Game::apply) for an action sent by `seat`.
    ///
    /// ```
    /// use armadora_rules::prelude::*;
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

    /// Whether `action` is legal now, and if not, the rule it breaks.
    pub(crate) fn check_action(&self, action: Action) -> Result<(), ArmadoraError> {
        match self.table.phase {
            Phase::DealGold | Phase::DrawFirstPlayer => {
                return Err(ArmadoraError::WaitingForChance);
            }
            Phase::Over => return Err(ArmadoraError::GameOver),
            Phase::Play => {}
        }
        match (action, self.table.step) {
            (Action::Palisade(line), _) => self.check_palisade(line),
            (Action::EndTurn, TurnStep::SecondPalisade) => Ok(()),
            (Action::EndTurn, _) => Err(ArmadoraError::NothingToEnd),
            (_, TurnStep::SecondPalisade) => Err(ArmadoraError::PalisadeTurn),
            (Action::Warrior { at, value }, _) => self.check_placement(at, value),
            (Action::Pass, _) => Ok(()),
            (Action::Reinforce(at), _) => self.check_reinforce(at),
            (Action::Power(power), _) => self.check_power(power),
        }
    }

    /// Applies an action [`check_action`](Self::check_action) accepts.
    pub(crate) fn apply_action(&mut self, action: Action) {
        if self.table.phase != Phase::Play {
            return;
        }
        match action {
            Action::Warrior { at, value } => {
                self.place(at, value, false);
                self.end_turn();
            }
            Action::Pass => {
                if let Some(passed) = self.table.passed.get_mut(self.table.current) {
                    *passed = true;
                }
                self.end_turn();
            }
            Action::Reinforce(at) => {
                if let Some(warrior) = &mut self.board[at] {
                    warrior.reinforced = true;
                }
                if let Some(held) = self.table.reinforcements.get_mut(self.table.current) {
                    *held = false;
                }
                self.end_turn();
            }
            Action::Palisade(line) => {
                self.add_palisade(line);
                if self.table.step == TurnStep::SecondPalisade || !self.any_palisade_allowed() {
                    self.end_turn();
                } else {
                    self.table.step = TurnStep::SecondPalisade;
                }
            }
            Action::EndTurn => self.end_turn(),
            Action::Power(power) => {
                match power {
                    Power::Mage(at) => self.table.looked |= at.bit(),
                    Power::Goblin { at, value } => self.place(at, value, true),
                    Power::Orc(line) => self.add_palisade(line),
                    Power::Elf(at) => {
                        if let Some(warrior) = &mut self.board[at] {
                            // At most two arrows: the Elf has two tokens.
                            warrior.arrows = warrior.arrows.saturating_add(1);
                        }
                    }
                }
                if let Some(tokens) = self.table.powers.get_mut(self.table.current) {
                    *tokens = tokens.saturating_sub(1);
                }
                self.table.step = TurnStep::AfterPower;
            }
        }
    }

    /// Every legal action of the player to move, in a fixed order: powers,
    /// warriors, reinforcements, palisades, pass; or during a palisade
    /// turn, the second palisades and the end of the turn.
    pub(crate) fn list_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.table.phase != Phase::Play {
            return;
        }
        if self.table.step == TurnStep::SecondPalisade {
            self.push_palisades(out, Action::Palisade);
            out.push(Action::EndTurn);
            return;
        }
        let advanced = self.table.config.is_advanced();
        let current = self.table.current;
        if advanced && self.table.step == TurnStep::Start && self.table.power_tokens(current) > 0 {
            self.push_powers(out);
        }
        self.push_placements(out, false);
        if advanced && self.table.has_reinforcement(current) {
            for at in squares_of(self.occupied) {
                if self.check_reinforce(at).is_ok() {
                    out.push(Action::Reinforce(at));
                }
            }
        }
        self.push_palisades(out, Action::Palisade);
        out.push(Action::Pass);
    }

    fn any_palisade_allowed(&self) -> bool {
        self.table.palisades_left() > 0 && !self.allowed.is_empty()
    }

    fn add_palisade(&mut self, line: Line) {
        let palisades = self.table.palisades.with(line);
        self.table.palisades = palisades;
        self.allowed = palisades.refresh_allowed(self.allowed, Palisades::near(line));
    }

    fn check_palisade(&self, line: Line) -> Result<(), ArmadoraError> {
        if self.table.palisades.contains(line) {
            Err(ArmadoraError::LineTaken(line))
        } else if self.table.palisades_left() == 0 {
            Err(ArmadoraError::NoPalisadeLeft)
        } else if !self.allowed.contains(line) {
            Err(ArmadoraError::FourSquares(line))
        } else {
            Ok(())
        }
    }

    fn check_placement(&self, at: Square, value: Value) -> Result<(), ArmadoraError> {
        if self.free() & at.bit() == 0 {
            return Err(ArmadoraError::NotFree(at));
        }
        if self.supply(self.table.current).count(value) == 0 {
            return Err(ArmadoraError::NoSuchWarrior(value));
        }
        Ok(())
    }

    fn opponent_at(&self, at: Square) -> Result<Warrior, ArmadoraError> {
        self.board[at]
            .filter(|w| !self.table.config.same_side(w.owner, self.table.current))
            .ok_or(ArmadoraError::NoOpponentWarrior(at))
    }

    fn check_power(&self, power: Power) -> Result<(), ArmadoraError> {
        let table = &self.table;
        if !table.config.is_advanced() {
            return Err(ArmadoraError::NotAdvanced);
        }
        if table.step != TurnStep::Start {
            return Err(ArmadoraError::OnePower);
        }
        let faction = power.faction();
        if table.config.faction(table.current) != Some(faction)
            || table.power_tokens(table.current) == 0
        {
            return Err(ArmadoraError::NoPower(faction));
        }
        match power {
            Power::Mage(at) => self.opponent_at(at).map(|_| ()),
            Power::Goblin { at, value } => self.check_placement(at, value),
            Power::Orc(line) => self.check_palisade(line),
            Power::Elf(at) => {
                self.opponent_at(at)?;
                let territory = table.palisades.territory_of(at.bit());
                let elf_there = squares_of(territory & self.occupied)
                    .any(|s| self.board[s].is_some_and(|w| w.owner == table.current));
                if elf_there && !self.is_full(territory) {
                    Ok(())
                } else {
                    Err(ArmadoraError::ElfOutOfRange)
                }
            }
        }
    }

    fn check_reinforce(&self, at: Square) -> Result<(), ArmadoraError> {
        let table = &self.table;
        if !table.config.is_advanced() {
            return Err(ArmadoraError::NotAdvanced);
        }
        if !table.has_reinforcement(table.current) {
            return Err(ArmadoraError::NoReinforcement);
        }
        if self.board[at].is_none_or(|w| w.owner != table.current) {
            return Err(ArmadoraError::NotYourWarrior(at));
        }
        let territory = table.palisades.territory_of(at.bit());
        if self.is_full(territory) != REINFORCE_IN_FULL_TERRITORY {
            return Err(ArmadoraError::NotFull);
        }
        let reinforced = squares_of(territory & self.occupied)
            .any(|s| self.board[s].is_some_and(|w| w.reinforced));
        if reinforced {
            return Err(ArmadoraError::AlreadyReinforced);
        }
        Ok(())
    }

    /// The player to move's warrior of `value` from their supply to `at`.
    fn place(&mut self, at: Square, value: Value, face_up: bool) {
        let owner = self.table.current;
        let taken = self.supply.get_mut(owner).and_then(|s| s.take(value));
        if taken.is_none() {
            return;
        }
        self.board[at] = Some(Warrior {
            owner,
            value,
            face_up,
            arrows: 0,
            reinforced: false,
        });
        self.occupied |= at.bit();
    }

    /// Hands the turn to the next player who has not passed, clockwise, or
    /// ends the game when everyone has (ARM-9).
    fn end_turn(&mut self) {
        let table = &mut self.table;
        table.step = TurnStep::Start;
        // Once round the table from the seat after the current one, back to
        // the current one itself.
        let order = table.turn_order();
        let next = core::iter::successors(Some(order.next(table.current)), |&seat| {
            Some(order.next(seat))
        })
        .take(order.players())
        .find(|&seat| !table.has_passed(seat));
        match next {
            Some(seat) => table.current = seat,
            None => table.phase = Phase::Over,
        }
    }

    /// Every placement of a held value on a free square: warriors, or the
    /// Goblin's face-up warriors.
    fn push_placements(&self, out: &mut Vec<Action>, goblin: bool) {
        // The values held, gathered once: a slice extends the list fastest.
        let mut held = Value::ALL;
        let kinds = held
            .iter_mut()
            .zip(self.supply(self.table.current).values())
            .map(|(slot, value)| *slot = value)
            .count();
        let held = held.split_at(kinds).0;
        let mut free = self.free();
        while let Some(at) = Square::lowest(free) {
            free &= free.wrapping_sub(1);
            if goblin {
                out.extend(
                    held.iter()
                        .map(|&value| Action::Power(Power::Goblin { at, value })),
                );
            } else {
                out.extend(held.iter().map(|&value| Action::Warrior { at, value }));
            }
        }
    }

    fn push_palisades(&self, out: &mut Vec<Action>, action: impl Fn(Line) -> Action) {
        if self.table.palisades_left() > 0 {
            out.extend(self.allowed.lines().map(action));
        }
    }

    fn push_powers(&self, out: &mut Vec<Action>) {
        let Some(faction) = self.table.config.faction(self.table.current) else {
            return;
        };
        match faction {
            Faction::Goblin => self.push_placements(out, true),
            Faction::Orc => self.push_palisades(out, |line| Action::Power(Power::Orc(line))),
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
