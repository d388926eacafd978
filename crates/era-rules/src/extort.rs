//! ERA-20: in turn order, each player demands one resource from each
//! player who rolled fewer swords and fewer shields than their swords; the
//! victim pays, or refuses and takes disaster points.

use alloc::vec::Vec;

use dice_core::seat::Seat;

use crate::action::Action;
use crate::error::EraError;
use crate::state::Era;
use crate::step::{Progress, Step};
use crate::symbols::{Resource, Symbol};

impl Era {
    /// The extorter at `turn` turns to the player on their left first.
    pub(crate) fn enter_extort(&mut self) {
        self.step = Step::Extort {
            turn: 0,
            victim: 1,
            demand: None,
        };
    }

    pub(crate) fn check_extort(
        &self,
        turn: u8,
        victim: u8,
        demand: Option<Resource>,
        action: Action,
    ) -> Result<(), EraError> {
        match (action, demand) {
            (Action::Demand(res), None) => {
                let v = self.left_of_turn(turn, victim);
                if self.players.get(v).is_some_and(|p| p.resources[res] > 0) {
                    Ok(())
                } else {
                    Err(EraError::NotOwned(res))
                }
            }
            (Action::Pay | Action::Refuse, Some(_)) => Ok(()),
            _ => Err(self.wrong_step(action)),
        }
    }

    /// A paid resource goes to the extorter, up to the track's maximum.
    pub(crate) fn play_extort(
        &mut self,
        turn: u8,
        victim: u8,
        demand: Option<Resource>,
        action: Action,
    ) {
        match (action, demand) {
            (Action::Demand(res), None) => {
                self.step = Step::Extort {
                    turn,
                    victim,
                    demand: Some(res),
                };
            }
            (Action::Pay | Action::Refuse, Some(res)) => {
                let v = self.left_of_turn(turn, victim);
                if action == Action::Pay {
                    let e = self.seat(turn);
                    let max = self.ruleset().resource_max(res);
                    if let Some(p) = self.players.get_mut(v) {
                        p.resources[res] = p.resources[res].saturating_sub(1);
                    }
                    if let Some(p) = self.players.get_mut(e) {
                        p.resources[res] = p.resources[res].saturating_add(1).min(max);
                    }
                } else {
                    self.add_disaster(v, self.ruleset().round.extort_disaster);
                }
                self.step = Step::Extort {
                    turn,
                    victim: victim.saturating_add(1),
                    demand: None,
                };
            }
            _ => {}
        }
    }

    /// The victim's answers; or every resource the victim has.
    pub(crate) fn legal_extort(
        &self,
        turn: u8,
        victim: u8,
        demand: Option<Resource>,
        out: &mut Vec<Action>,
    ) {
        if demand.is_some() {
            out.extend([Action::Pay, Action::Refuse]);
            return;
        }
        if let Some(p) = self.players.get(self.left_of_turn(turn, victim)) {
            out.extend(
                Resource::ALL
                    .into_iter()
                    .filter(|&r| p.resources[r] > 0)
                    .map(Action::Demand),
            );
        }
    }

    /// Skips the players the extorter cannot extort; a victim with nothing
    /// to give takes the points at once.
    pub(crate) fn advance_extort(
        &mut self,
        turn: u8,
        victim: u8,
        demand: Option<Resource>,
    ) -> Progress {
        let seats = self.seats();
        if turn >= seats {
            return Progress::Finished;
        }
        if victim >= seats {
            self.step = Step::Extort {
                turn: turn.saturating_add(1),
                victim: 1,
                demand: None,
            };
            return Progress::Moved;
        }
        if demand.is_some() {
            return Progress::Wait;
        }
        let v = self.left_of_turn(turn, victim);
        if self.extortable(self.seat(turn), v) {
            if self.players.get(v).is_some_and(|p| p.resources.any()) {
                return Progress::Wait;
            }
            self.add_disaster(v, self.ruleset().round.extort_disaster);
        }
        self.step = Step::Extort {
            turn,
            victim: victim.saturating_add(1),
            demand: None,
        };
        Progress::Moved
    }

    /// Whether `victim` must answer `extorter`: fewer swords than the
    /// extorter, and fewer shields than the extorter's swords.
    pub(crate) fn extortable(&self, extorter: Seat, victim: Seat) -> bool {
        let swords = self.symbols(extorter, Symbol::Sword);
        self.symbols(victim, Symbol::Sword) < swords
            && self.symbols(victim, Symbol::Shield) < swords
    }

    /// Who acts: the extorter demands, the victim answers.
    pub(crate) fn extort_to_move(&self, turn: u8, victim: u8, demand: Option<Resource>) -> Seat {
        if demand.is_some() {
            self.left_of_turn(turn, victim)
        } else {
            self.seat(turn)
        }
    }
}
