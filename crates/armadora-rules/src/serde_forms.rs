//! Serde forms the derive does not give: the table's fields, written flat
//! around a state's or view's own fields as records always had them; one
//! value per seat written for four seats; square sets as lists of square
//! names.

use alloc::vec::Vec;

use dice_core::Seat;
use dice_core::seat::PerSeat;
use serde::ser::SerializeStruct;
use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error};

use crate::army::MAX_PLAYERS;
use crate::board::{Palisades, Square, squares_of};
use crate::config::ArmadoraConfig;
use crate::error::{ArmadoraError, Holding, InvalidState};
use crate::table::{Phase, Table, TurnStep};

/// One value per seat, written as four values (seats beyond the table
/// holding the default), the shape records always had.
pub(crate) struct FourSeats<'a, T>(pub(crate) &'a PerSeat<T, MAX_PLAYERS>);

impl<T: Serialize + Default> Serialize for FourSeats<'_, T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let absent = T::default();
        let slots = self.0.as_slice().iter().chain(core::iter::repeat(&absent));
        s.collect_seq(slots.take(MAX_PLAYERS))
    }
}

/// A square set, written as a list of square names.
pub(crate) struct SquareSet(pub(crate) u64);

impl Serialize for SquareSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(squares_of(self.0))
    }
}

/// A square set read from a list of square names, each at most once.
pub(crate) fn square_set<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    let squares = Vec::<Square>::deserialize(d)?;
    let mut set = 0u64;
    for s in squares {
        if set & s.bit() != 0 {
            return Err(D::Error::custom(format_args!("square {s} is listed twice")));
        }
        set |= s.bit();
    }
    Ok(set)
}

impl Table {
    /// The fields written before the board: config, phase, gold, the seat
    /// to move, the turn step and the palisades.
    pub(crate) fn serialize_opening<S: SerializeStruct>(
        &self,
        out: &mut S,
    ) -> Result<(), S::Error> {
        out.serialize_field("config", &self.config)?;
        out.serialize_field("phase", &self.phase)?;
        out.serialize_field("gold", &self.gold)?;
        out.serialize_field("current", &self.current)?;
        out.serialize_field("step", &self.step)?;
        out.serialize_field("palisades", &self.palisades)
    }

    /// The fields written last: passes, power and reinforcement tokens,
    /// and the Mage's looks.
    pub(crate) fn serialize_closing<S: SerializeStruct>(
        &self,
        out: &mut S,
    ) -> Result<(), S::Error> {
        out.serialize_field("passed", &FourSeats(&self.passed))?;
        out.serialize_field("powers", &FourSeats(&self.powers))?;
        out.serialize_field("reinforcements", &FourSeats(&self.reinforcements))?;
        out.serialize_field("looked", &SquareSet(self.looked))
    }
}

/// The table's fields as a state or view record holds them (a view's
/// reader fills them from its own form).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawTable {
    pub(crate) config: ArmadoraConfig,
    pub(crate) phase: Phase,
    pub(crate) gold: [u8; 8],
    pub(crate) current: Seat,
    pub(crate) step: TurnStep,
    pub(crate) palisades: Palisades,
    pub(crate) passed: [bool; MAX_PLAYERS],
    pub(crate) powers: [u8; MAX_PLAYERS],
    pub(crate) reinforcements: [bool; MAX_PLAYERS],
    #[serde(deserialize_with = "square_set")]
    pub(crate) looked: u64,
}

impl RawTable {
    /// The table, with one value per seat at the table; it is checked with
    /// the board it goes with.
    pub(crate) fn into_table(self) -> Result<Table, InvalidState> {
        let players = self.config.players();
        let passed = seats(players, self.passed, |_| Holding::Passed)?;
        Ok(Table {
            config: self.config,
            phase: self.phase,
            gold: self.gold,
            current: self.current,
            step: self.step,
            palisades: self.palisades,
            passed,
            powers: seats(players, self.powers, Holding::PowerTokens)?,
            reinforcements: seats(players, self.reinforcements, |_| Holding::Reinforcement)?,
            looked: self.looked,
        })
    }
}

/// One value per seat from a record's four slots, refusing a value for a
/// seat not at the table.
pub(crate) fn seats<T: Copy + Default + PartialEq>(
    players: usize,
    slots: [T; MAX_PLAYERS],
    holds: impl Fn(T) -> Holding,
) -> Result<PerSeat<T, MAX_PLAYERS>, InvalidState> {
    if let Some((seat, &value)) = slots
        .iter()
        .enumerate()
        .skip(players)
        .find(|&(_, value)| *value != T::default())
    {
        return Err(InvalidState::AbsentSeat {
            seat,
            players,
            holds: holds(value),
        });
    }
    PerSeat::from_values(slots.into_iter().take(players))
        .ok_or(InvalidState::Config(ArmadoraError::Players(players)))
}
