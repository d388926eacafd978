//! Warriors (ARM-5): their values, and warriors on the board as the rules
//! and a viewer (ARM-14) see them.

use core::fmt;

use dice_core::Seat;

/// The highest warrior value.
pub const MAX_VALUE: u8 = 5;

/// A warrior's printed value, 1 to 5 (ARM-5). In records and views it is
/// the number.
///
/// ```
/// use armadora_rules::Value;
///
/// assert_eq!(Value::new(4), Some(Value::Four));
/// assert_eq!(Value::new(6), None);
/// assert_eq!(Value::Four.get(), 4);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "u8", try_from = "u8")
)]
#[repr(u8)]
pub enum Value {
    /// 1.
    One = 1,
    /// 2.
    Two = 2,
    /// 3.
    Three = 3,
    /// 4.
    Four = 4,
    /// 5.
    Five = 5,
}

impl Value {
    /// Every value, lowest first.
    pub const ALL: [Value; MAX_VALUE as usize] = [
        Value::One,
        Value::Two,
        Value::Three,
        Value::Four,
        Value::Five,
    ];

    /// The value printed as `value`, if a warrior has it.
    pub const fn new(value: u8) -> Option<Value> {
        match value {
            1 => Some(Value::One),
            2 => Some(Value::Two),
            3 => Some(Value::Three),
            4 => Some(Value::Four),
            5 => Some(Value::Five),
            _ => None,
        }
    }

    /// The number, 1 to 5.
    pub const fn get(self) -> u8 {
        self as u8
    }
}

impl From<Value> for u8 {
    fn from(value: Value) -> u8 {
        value.get()
    }
}

impl From<Value> for u32 {
    fn from(value: Value) -> u32 {
        u32::from(value.get())
    }
}

/// A number no warrior carries (ARM-5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("ARM-5: warrior value {0} is not 1 to {MAX_VALUE}")]
pub struct NoSuchValue(pub u8);

/// [`Value::new`] with the number kept for the error.
impl TryFrom<u8> for Value {
    type Error = NoSuchValue;

    fn try_from(value: u8) -> Result<Value, NoSuchValue> {
        Value::new(value).ok_or(NoSuchValue(value))
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.get(), f)
    }
}

/// A warrior standing on the board: `value` is its [`Value`] for the rules,
/// `Option<Value>` as a viewer sees it ([`SeenWarrior`]).
///
/// Its fields are read directly; only the rules place warriors, so it has
/// no public constructor and may gain fields in a minor release.
///
/// ```
/// use armadora_rules::prelude::*;
///
/// let mut game = Armadora::new(&ArmadoraConfig::new(2)).unwrap();
/// game.apply_chance(Chance::Gold([3, 4, 4, 5, 5, 6, 6, 7])).unwrap();
/// game.apply_chance(Chance::FirstPlayer(0)).unwrap();
/// game.apply(game.action_from_text("warrior d3 4").unwrap()).unwrap();
/// let d3 = "d3".parse().unwrap();
/// let warrior: Warrior = game.warrior_at(d3).unwrap();
/// assert_eq!((warrior.owner, warrior.value, warrior.strength()), (0, Value::Four, 4));
/// // Seat 1 sees who stands there, not the value.
/// let seen: SeenWarrior = game.view(Viewer::Seat(1)).warrior_at(d3).unwrap();
/// assert_eq!((seen.owner, seen.value), (0, None));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Warrior<V = Value> {
    /// The seat that placed it (public).
    pub owner: Seat,
    /// Its printed value.
    pub value: V,
    /// Placed face up by the Goblin power (ARM-15): its value is public.
    pub face_up: bool,
    /// Elf arrows on it (ARM-15, public).
    pub arrows: u8,
    /// Carries its owner's reinforcement token (ARM-15, public).
    pub reinforced: bool,
}

/// A warrior as a viewer sees it: `value` is `None` when hidden (ARM-14).
pub type SeenWarrior = Warrior<Option<Value>>;

impl Warrior {
    /// Its strength at scoring (ARM-16): the value minus one per arrow, not
    /// below 0, plus one if reinforced.
    pub const fn strength(self) -> u32 {
        let shot = self.value.get().saturating_sub(self.arrows) as u32;
        shot.saturating_add(self.reinforced as u32)
    }

    /// As a viewer sees it: with its value when `visible`.
    pub fn seen(self, visible: bool) -> SeenWarrior {
        self.with_value(if visible { Some(self.value) } else { None })
    }
}

impl<V> Warrior<V> {
    /// The same warrior with `value` for its value.
    pub(crate) fn with_value<W>(self, value: W) -> Warrior<W> {
        Warrior {
            owner: self.owner,
            value,
            face_up: self.face_up,
            arrows: self.arrows,
            reinforced: self.reinforced,
        }
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error};

    use dice_core::Seat;

    use super::Warrior;
    use crate::army::{Faction, MAX_PLAYERS};

    impl<V: Serialize> Serialize for Warrior<V> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            RawWarrior {
                owner: self.owner,
                value: &self.value,
                face_up: self.face_up,
                arrows: self.arrows,
                reinforced: self.reinforced,
            }
            .serialize(s)
        }
    }

    /// The serialised form of a [`Warrior`].
    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct RawWarrior<V> {
        owner: Seat,
        value: V,
        face_up: bool,
        arrows: u8,
        reinforced: bool,
    }

    /// What any warrior, seen or not, must be: a seat at some table and no
    /// more arrows than the Elf has tokens; its value is checked by
    /// [`Value`](super::Value)'s own decoding.
    impl<'de, V: Deserialize<'de>> Deserialize<'de> for Warrior<V> {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let raw = RawWarrior::<V>::deserialize(d)?;
            if raw.owner >= MAX_PLAYERS {
                return Err(D::Error::custom(format_args!(
                    "ARM-4: warrior owner {} is not a seat (at most {MAX_PLAYERS} players)",
                    raw.owner
                )));
            }
            let tokens = Faction::Elf.power_tokens();
            if raw.arrows > tokens {
                return Err(D::Error::custom(format_args!(
                    "ARM-15: {} arrows on one warrior but the Elf has {tokens} tokens",
                    raw.arrows
                )));
            }
            Ok(Warrior {
                owner: raw.owner,
                value: raw.value,
                face_up: raw.face_up,
                arrows: raw.arrows,
                reinforced: raw.reinforced,
            })
        }
    }
}
