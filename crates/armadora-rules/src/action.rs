//! Decisions (ARM-7, ARM-15) and their stable ids.

use crate::army::{Faction, MAX_VALUE, Value};
use crate::board::{LINE_COUNT, Line, SQUARE_COUNT, Square};

/// A decision of the player to move.
///
/// Record forms: `{"warrior": {"at": "d3", "value": 4}}`, `"pass"`,
/// `{"reinforce": "d3"}`, `{"palisade": "c2e"}`, `"end_turn"` and
/// `{"power": ...}` (see [`Power`]).
///
/// A warrior placement carries its value, the actor's secret (ARM-14):
/// its [`Display`](core::fmt::Display) is what every seat may know
/// (`places a warrior face down on d3`); the actor's text notation, value
/// included, is [`Action::notation`]; a narration for one viewer is
/// [`Game::seen_action`](dice_core::Game::seen_action).
///
/// The rules define the kinds of action completely, so the enum is
/// exhaustive: a frontend may match on every variant.
///
/// ```
/// use armadora_rules::prelude::*;
///
/// let warrior = Action::Warrior { at: "d3".parse().unwrap(), value: Value::Four };
/// assert_eq!(warrior.notation().to_string(), "warrior d3 4");
/// assert_eq!("warrior d3 4".parse::<Action>(), Ok(warrior));
/// assert_eq!(warrior.to_string(), "places a warrior face down on d3");
/// // Its stable id: square index 19 times 5, plus the value less one.
/// assert_eq!(warrior.id(), Some(19 * 5 + 3));
/// assert_eq!(Action::from_id(98), Some(warrior));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
// A tag byte, then the fields in their order: a placement's square sits
// next to the tag, so listing placements writes the two bytes it shares
// across values at once.
#[repr(u8)]
pub enum Action {
    /// Place one of your warriors face down on a free square (ARM-7).
    Warrior {
        /// Where.
        at: Square,
        /// Which of your tiles, by value.
        value: Value,
    },
    /// Leave the game for good (ARM-7).
    Pass,
    /// Put your reinforcement token on your warrior here (ARM-15).
    Reinforce(Square),
    /// Place one palisade (ARM-7); a second may follow.
    Palisade(Line),
    /// End a turn after a single palisade.
    EndTurn,
    /// Use a power token before the turn's action (ARM-15).
    Power(Power),
}

/// A faction power (ARM-15), used before the turn's action.
///
/// Record forms: `{"mage": "d3"}`, `{"goblin": {"at": "d3", "value": 1}}`,
/// `{"orc": "c2e"}`, `{"elf": "d3"}`. Nothing in a power is secret: the
/// Goblin's warrior goes face up.
///
/// ```
/// use armadora_rules::prelude::*;
///
/// let arrow: Action = "power elf d3".parse().unwrap();
/// assert_eq!(arrow, Action::Power(Power::Elf("d3".parse().unwrap())));
/// let Action::Power(power) = arrow else { unreachable!() };
/// assert_eq!(power.faction(), Faction::Elf);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Power {
    /// Look at the opponent warrior on this square.
    Mage(Square),
    /// Place one of your warriors face up on a free square.
    Goblin {
        /// Where.
        at: Square,
        /// Which of your tiles, by value.
        value: Value,
    },
    /// Place an extra palisade.
    Orc(Line),
    /// Shoot an arrow at the opponent warrior on this square.
    Elf(Square),
}

// Action ids: the base game's actions first, so its bound is smaller.
const VALUES: u32 = MAX_VALUE as u32;
const SQ: u32 = SQUARE_COUNT as u32;
const LN: u32 = LINE_COUNT as u32;
const WARRIOR_IDS: u32 = 0;
const PASS_ID: u32 = SQ * VALUES;
const END_TURN_ID: u32 = PASS_ID + 1;
const PALISADE_IDS: u32 = END_TURN_ID + 1;
/// Action ids of the base game are below this bound.
pub const BASE_ACTION_IDS: u32 = PALISADE_IDS + LN;
const REINFORCE_IDS: u32 = BASE_ACTION_IDS;
const MAGE_IDS: u32 = REINFORCE_IDS + SQ;
const GOBLIN_IDS: u32 = MAGE_IDS + SQ;
const ORC_IDS: u32 = GOBLIN_IDS + SQ * VALUES;
const ELF_IDS: u32 = ORC_IDS + LN;
/// Action ids of the advanced game are below this bound.
pub const ADVANCED_ACTION_IDS: u32 = ELF_IDS + SQ;

fn square_id(s: Square) -> Option<u32> {
    u32::try_from(s.index()).ok()
}

fn line_id(l: Line) -> Option<u32> {
    u32::try_from(l.index()).ok()
}

/// Square-major: the five values of `a1`, then those of `b1`, …
fn placement_id(at: Square, value: Value) -> Option<u32> {
    let offset = u32::from(value).checked_sub(1)?;
    square_id(at)?.checked_mul(VALUES)?.checked_add(offset)
}

fn placement(id: u32) -> Option<(Square, Value)> {
    let at = square(id.checked_div(VALUES)?)?;
    let value = u8::try_from(id.checked_rem(VALUES)?).ok()?.checked_add(1)?;
    Some((at, Value::new(value)?))
}

fn square(id: u32) -> Option<Square> {
    Square::from_index(usize::try_from(id).ok()?)
}

fn line(id: u32) -> Option<Line> {
    Line::from_index(usize::try_from(id).ok()?)
}

impl Action {
    /// The action's id in the advanced action space; base-game actions have
    /// the same id in both spaces, below [`BASE_ACTION_IDS`].
    pub fn id(&self) -> Option<u32> {
        let (first, offset) = match *self {
            Action::Warrior { at, value } => (WARRIOR_IDS, placement_id(at, value)?),
            Action::Pass => (PASS_ID, 0),
            Action::EndTurn => (END_TURN_ID, 0),
            Action::Palisade(l) => (PALISADE_IDS, line_id(l)?),
            Action::Reinforce(s) => (REINFORCE_IDS, square_id(s)?),
            Action::Power(Power::Mage(s)) => (MAGE_IDS, square_id(s)?),
            Action::Power(Power::Goblin { at, value }) => (GOBLIN_IDS, placement_id(at, value)?),
            Action::Power(Power::Orc(l)) => (ORC_IDS, line_id(l)?),
            Action::Power(Power::Elf(s)) => (ELF_IDS, square_id(s)?),
        };
        first.checked_add(offset)
    }

    /// The action with this id, if any.
    pub fn from_id(id: u32) -> Option<Action> {
        Some(match id {
            PASS_ID => Action::Pass,
            END_TURN_ID => Action::EndTurn,
            _ if id < PASS_ID => {
                let (at, value) = placement(id.checked_sub(WARRIOR_IDS)?)?;
                Action::Warrior { at, value }
            }
            _ if id < REINFORCE_IDS => Action::Palisade(line(id.checked_sub(PALISADE_IDS)?)?),
            _ if id < MAGE_IDS => Action::Reinforce(square(id.checked_sub(REINFORCE_IDS)?)?),
            _ if id < GOBLIN_IDS => Action::Power(Power::Mage(square(id.checked_sub(MAGE_IDS)?)?)),
            _ if id < ORC_IDS => {
                let (at, value) = placement(id.checked_sub(GOBLIN_IDS)?)?;
                Action::Power(Power::Goblin { at, value })
            }
            _ if id < ELF_IDS => Action::Power(Power::Orc(line(id.checked_sub(ORC_IDS)?)?)),
            _ if id < ADVANCED_ACTION_IDS => {
                Action::Power(Power::Elf(square(id.checked_sub(ELF_IDS)?)?))
            }
            _ => return None,
        })
    }
}

impl Power {
    /// The faction whose token it spends.
    pub const fn faction(self) -> Faction {
        match self {
            Power::Mage(_) => Faction::Mage,
            Power::Goblin { .. } => Faction::Goblin,
            Power::Orc(_) => Faction::Orc,
            Power::Elf(_) => Faction::Elf,
        }
    }
}
