//! Stable action ids (for policy heads and masks): every action maps to an
//! integer below a bound that depends only on the domain size.

use crate::action::{Action, DieRef};
use crate::cell::Cell;
use crate::colour::Colour;
use crate::face::ChoiceSet;
use crate::map::Key;
use crate::piece::{PIECE_COUNT, Piece};
use crate::side::Side;
use crate::symbols::Resource;

/// Orientation slots per piece: rotations and mirror images.
const TURNS: u32 = 8;
/// Dice by colour and face.
const DICE: u32 = 24;
/// A feather's other die: none, or one of the 24.
const WITH: u32 = 25;
/// A set of a choice face, per die.
const SETS: u32 = 2;

/// Where each kind of action starts in the id space, for a domain of
/// `cells` cells.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Ids {
    cells: u32,
    reroll: u32,
    roll: u32,
    done: u32,
    feather: u32,
    set_die: u32,
    scorch: u32,
    burn: u32,
    demand: u32,
    pay: u32,
    refuse: u32,
    choose: u32,
    collect: u32,
    lose: u32,
    bound: u32,
}

impl Ids {
    /// The id space of a domain of side `size` (at most 11: every offset
    /// stays below 30 000; any `u8` side keeps them below 11 million, so
    /// no sum saturates).
    pub(crate) fn new(size: u8) -> Ids {
        let cells = u32::from(size).saturating_mul(u32::from(size));
        let pieces = u32::from(PIECE_COUNT);
        let reroll = pieces.saturating_mul(TURNS).saturating_mul(cells);
        let roll = reroll.saturating_add(DICE);
        let done = roll.saturating_add(1);
        let feather = done.saturating_add(1);
        let set_die = feather.saturating_add(6 * WITH);
        let scorch = set_die.saturating_add(DICE * 6);
        let burn = scorch.saturating_add(cells);
        let demand = burn.saturating_add(cells);
        let pay = demand.saturating_add(4);
        let refuse = pay.saturating_add(1);
        let choose = refuse.saturating_add(1);
        let collect = choose.saturating_add(pieces);
        let lose = collect.saturating_add(DICE * SETS);
        Ids {
            cells,
            reroll,
            roll,
            done,
            feather,
            set_die,
            scorch,
            burn,
            demand,
            pay,
            refuse,
            choose,
            collect,
            lose,
            bound: lose.saturating_add(4),
        }
    }

    /// Every id is below this.
    pub(crate) fn bound(&self) -> u32 {
        self.bound
    }

    /// The id of `action` in a domain of side `size`.
    pub(crate) fn of(&self, action: Action, size: u8) -> Option<u32> {
        let cell = |c: Cell| c.bit(size);
        match action {
            Action::Place { piece, at, turn } => {
                if u32::from(turn) >= TURNS {
                    return None;
                }
                let p = u32::try_from(piece.index()?).ok()?;
                p.checked_mul(TURNS)?
                    .checked_add(u32::from(turn))?
                    .checked_mul(self.cells)?
                    .checked_add(cell(at)?)
            }
            Action::Reroll(d) => self.reroll.checked_add(die_index(d)),
            Action::Roll => Some(self.roll),
            Action::Done => Some(self.done),
            Action::Feather { face, with } => {
                // 0 for a white die rolled alone, then one per other die.
                let w = match with {
                    None => 0,
                    Some(d) => die_index(d).saturating_add(1),
                };
                self.feather
                    .checked_add(u32::from(face.index()).checked_mul(WITH)?)?
                    .checked_add(w)
            }
            Action::SetDie { die, from, to } => {
                let from = die_index(DieRef { die, face: from });
                self.set_die
                    .checked_add(from.checked_mul(6)?)?
                    .checked_add(u32::from(to.index()))
            }
            Action::Scorch(c) => self.scorch.checked_add(cell(c)?),
            Action::Burn(c) => self.burn.checked_add(cell(c)?),
            Action::Demand(r) => self.demand.checked_add(u32::try_from(r.position()).ok()?),
            Action::Pay => Some(self.pay),
            Action::Refuse => Some(self.refuse),
            Action::Lose(r) => self.lose.checked_add(u32::try_from(r.position()).ok()?),
            Action::Choose(piece) => self.choose.checked_add(u32::try_from(piece.index()?).ok()?),
            Action::Collect { die, face, set } => self
                .collect
                .checked_add(die_index(DieRef { die, face }).checked_mul(SETS)?)?
                .checked_add(set as u32),
        }
    }

    /// The action with this id in a domain of side `size`.
    pub(crate) fn action(&self, id: u32, size: u8) -> Option<Action> {
        let cell = |i: u32| Cell::from_bit(i, size);
        let index = |i: u32| usize::try_from(i).ok();
        Some(if id < self.reroll {
            let at = cell(id.checked_rem(self.cells)?)?;
            let rest = id.checked_div(self.cells)?;
            let turn = u8::try_from(rest % TURNS).ok()?;
            let piece = Piece::from_index(index(rest / TURNS)?)?;
            Action::Place { piece, at, turn }
        } else if id < self.roll {
            Action::Reroll(die_from(id.checked_sub(self.reroll)?)?)
        } else if id == self.roll {
            Action::Roll
        } else if id == self.done {
            Action::Done
        } else if id < self.set_die {
            let i = id.checked_sub(self.feather)?;
            let face = side(i / WITH)?;
            let with = match (i % WITH).checked_sub(1) {
                None => None,
                Some(d) => Some(die_from(d)?),
            };
            Action::Feather { face, with }
        } else if id < self.scorch {
            let i = id.checked_sub(self.set_die)?;
            let from = die_from(i / 6)?;
            Action::SetDie {
                die: from.die,
                from: from.face,
                to: side(i % 6)?,
            }
        } else if id < self.burn {
            Action::Scorch(cell(id.checked_sub(self.scorch)?)?)
        } else if id < self.demand {
            Action::Burn(cell(id.checked_sub(self.burn)?)?)
        } else if id < self.pay {
            let r = index(id.checked_sub(self.demand)?)?;
            Action::Demand(*Resource::ALL.get(r)?)
        } else if id == self.pay {
            Action::Pay
        } else if id == self.refuse {
            Action::Refuse
        } else if id < self.collect {
            Action::Choose(Piece::from_index(index(id.checked_sub(self.choose)?)?)?)
        } else if id >= self.lose {
            let r = index(id.checked_sub(self.lose)?)?;
            Action::Lose(*Resource::ALL.get(r)?)
        } else if id < self.bound {
            let i = id.checked_sub(self.collect)?;
            let d = die_from(i / SETS)?;
            let set = *ChoiceSet::ALL.get(index(i % SETS)?)?;
            Action::Collect {
                die: d.die,
                face: d.face,
                set,
            }
        } else {
            return None;
        })
    }
}

/// A die's place among the 24 (colour, face) pairs.
fn die_index(d: DieRef) -> u32 {
    (d.die as u32)
        .saturating_mul(6)
        .saturating_add(u32::from(d.face.index()))
}

/// The die at this place among the 24.
fn die_from(i: u32) -> Option<DieRef> {
    let die = *Colour::ALL.get(usize::try_from(i / 6).ok()?)?;
    Some(DieRef {
        die,
        face: side(i % 6)?,
    })
}

fn side(i: u32) -> Option<Side> {
    Side::from_index(u8::try_from(i).ok()?)
}
