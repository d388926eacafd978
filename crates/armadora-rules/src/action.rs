//! Decisions (ARM-7, ARM-15), chance outcomes (ARM-6) and stable action ids.

use core::fmt;
use core::str::FromStr;

use crate::army::{GOLD_PILES, MAX_VALUE};
use crate::board::{LINES, Line, SQUARES, Square};
use crate::error::ArmadoraError;

/// A decision of the player to move.
///
/// Record forms: `{"warrior": {"at": "d3", "value": 4}}`, `"pass"`,
/// `{"reinforce": "d3"}`, `{"palisade": "c2e"}`, `"end_turn"` and
/// `{"power": ...}` (see [`Power`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Action {
    /// Place one of your warriors face down on a free square (ARM-7).
    Warrior {
        /// Where.
        at: Square,
        /// Which of your tiles, by value.
        #[cfg_attr(
            feature = "serde",
            serde(deserialize_with = "serde_impl::warrior_value")
        )]
        value: u8,
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
/// `{"orc": "c2e"}`, `{"elf": "d3"}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Power {
    /// Look at the opponent warrior on this square.
    Mage(Square),
    /// Place one of your warriors face up on a free square.
    Goblin {
        /// Where.
        at: Square,
        /// Which of your tiles, by value.
        #[cfg_attr(
            feature = "serde",
            serde(deserialize_with = "serde_impl::warrior_value")
        )]
        value: u8,
    },
    /// Place an extra palisade.
    Orc(Line),
    /// Shoot an arrow at the opponent warrior on this square.
    Elf(Square),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Warrior { at, value } => write!(f, "warrior {at}={value}"),
            Action::Pass => f.write_str("pass"),
            Action::Reinforce(at) => write!(f, "reinforce {at}"),
            Action::Palisade(line) => write!(f, "palisade {line}"),
            Action::EndTurn => f.write_str("end_turn"),
            Action::Power(p) => write!(f, "power {p}"),
        }
    }
}

/// Parses the display form: `warrior d3=4`, `pass`, `reinforce d3`,
/// `palisade c2e`, `end_turn`, `power mage d3`, `power goblin d3=1`,
/// `power orc c2e`, `power elf d3`.
///
/// ```
/// use armadora_rules::Action;
///
/// let a: Action = "warrior d3=4".parse().unwrap();
/// assert_eq!(a.to_string(), "warrior d3=4");
/// assert!("warrior d3".parse::<Action>().is_err());
/// ```
impl FromStr for Action {
    type Err = ArmadoraError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut words = s.split_whitespace();
        let (first, second, third) = (words.next(), words.next(), words.next());
        if words.next().is_some() {
            return Err(ArmadoraError::BadAction);
        }
        let bad = |_| ArmadoraError::BadAction;
        let placement = |w: &str| -> Result<(Square, u8), ArmadoraError> {
            let (at, value) = w.split_once('=').ok_or(ArmadoraError::BadAction)?;
            Ok((
                at.parse().map_err(bad)?,
                value.parse().map_err(|_| ArmadoraError::BadAction)?,
            ))
        };
        Ok(match (first, second, third) {
            (Some("pass"), None, None) => Action::Pass,
            (Some("end_turn"), None, None) => Action::EndTurn,
            (Some("warrior"), Some(w), None) => {
                let (at, value) = placement(w)?;
                Action::Warrior { at, value }
            }
            (Some("reinforce"), Some(w), None) => Action::Reinforce(w.parse().map_err(bad)?),
            (Some("palisade"), Some(w), None) => Action::Palisade(w.parse().map_err(bad)?),
            (Some("power"), Some("mage"), Some(w)) => {
                Action::Power(Power::Mage(w.parse().map_err(bad)?))
            }
            (Some("power"), Some("goblin"), Some(w)) => {
                let (at, value) = placement(w)?;
                Action::Power(Power::Goblin { at, value })
            }
            (Some("power"), Some("orc"), Some(w)) => {
                Action::Power(Power::Orc(w.parse().map_err(bad)?))
            }
            (Some("power"), Some("elf"), Some(w)) => {
                Action::Power(Power::Elf(w.parse().map_err(bad)?))
            }
            _ => return Err(ArmadoraError::BadAction),
        })
    }
}

impl fmt::Display for Power {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Power::Mage(at) => write!(f, "mage {at}"),
            Power::Goblin { at, value } => write!(f, "goblin {at}={value}"),
            Power::Orc(line) => write!(f, "orc {line}"),
            Power::Elf(at) => write!(f, "elf {at}"),
        }
    }
}

/// One outcome of a setup chance event (ARM-6).
///
/// Record forms: `{"gold": [d1, b2, f2, h2, a4, e4, c5, g5]}` (pile sizes in
/// the order of [`MINES`](crate::MINES)), then `{"first_player": p}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case", try_from = "serde_impl::RawChance")
)]
pub enum Chance {
    /// The gold layout.
    Gold([u8; 8]),
    /// The seat that begins.
    FirstPlayer(usize),
}

impl fmt::Display for Chance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Chance::Gold(g) => write!(f, "gold {g:?}"),
            Chance::FirstPlayer(p) => write!(f, "first_player {p}"),
        }
    }
}

/// Whether `gold` is the eight piles in some order.
pub(crate) fn is_gold_layout(gold: [u8; 8]) -> bool {
    let mut sorted = gold;
    sorted.sort_unstable();
    sorted == GOLD_PILES
}

// Action ids: the base game's actions first, so its bound is smaller.
const VALUES: u32 = MAX_VALUE as u32;
#[allow(clippy::cast_possible_truncation)]
const SQ: u32 = SQUARES as u32;
#[allow(clippy::cast_possible_truncation)]
const LN: u32 = LINES as u32;
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

fn square_id(s: Square) -> u32 {
    u32::try_from(s.index()).unwrap_or(SQ)
}

fn line_id(l: Line) -> u32 {
    u32::try_from(l.index()).unwrap_or(LN)
}

fn placement_id(at: Square, value: u8) -> Option<u32> {
    let offset = value.checked_sub(1).filter(|&v| v < MAX_VALUE)?;
    square_id(at)
        .checked_mul(VALUES)?
        .checked_add(u32::from(offset))
}

fn placement(id: u32) -> Option<(Square, u8)> {
    let at = Square::from_index(usize::try_from(id.checked_div(VALUES)?).ok()?)?;
    let value = u8::try_from(id.checked_rem(VALUES)?).ok()?.checked_add(1)?;
    Some((at, value))
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
            Action::Palisade(l) => (PALISADE_IDS, line_id(l)),
            Action::Reinforce(s) => (REINFORCE_IDS, square_id(s)),
            Action::Power(Power::Mage(s)) => (MAGE_IDS, square_id(s)),
            Action::Power(Power::Goblin { at, value }) => (GOBLIN_IDS, placement_id(at, value)?),
            Action::Power(Power::Orc(l)) => (ORC_IDS, line_id(l)),
            Action::Power(Power::Elf(s)) => (ELF_IDS, square_id(s)),
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

#[cfg(feature = "serde")]
mod serde_impl {
    use alloc::format;
    use alloc::string::String;

    use serde::{Deserialize, Deserializer, de::Error};

    use super::{Chance, is_gold_layout};
    use crate::army::{GOLD_PILES, MAX_PLAYERS, MAX_VALUE};

    /// A warrior value in an action: 1 to 5 (ARM-5).
    pub(super) fn warrior_value<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
        let value = u8::deserialize(d)?;
        if (1..=MAX_VALUE).contains(&value) {
            Ok(value)
        } else {
            Err(D::Error::custom(format_args!(
                "ARM-5: warrior value {value} is not 1 to {MAX_VALUE}"
            )))
        }
    }

    /// The serialised form of a [`Chance`].
    #[derive(Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub(super) enum RawChance {
        Gold([u8; 8]),
        FirstPlayer(usize),
    }

    impl TryFrom<RawChance> for Chance {
        type Error = String;

        fn try_from(r: RawChance) -> Result<Self, String> {
            match r {
                RawChance::Gold(g) if is_gold_layout(g) => Ok(Chance::Gold(g)),
                RawChance::Gold(g) => Err(format!(
                    "ARM-6: gold {g:?} is not the piles {GOLD_PILES:?}, one per mine"
                )),
                RawChance::FirstPlayer(p) if p < MAX_PLAYERS => Ok(Chance::FirstPlayer(p)),
                RawChance::FirstPlayer(p) => Err(format!(
                    "ARM-6: first player {p} is not a seat (at most {MAX_PLAYERS} players)"
                )),
            }
        }
    }
}
