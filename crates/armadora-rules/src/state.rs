//! The game state: the table, every warrior and every supply, and the one
//! way from raw parts to a valid state.

use dice_core::Seat;
use dice_core::seat::PerSeat;

use crate::army::{MAX_PLAYERS, Supply, Value, Warrior};
use crate::board::{ALL_SQUARES, Line, LineSet, MINE_SQUARES, Square};
use crate::error::{ArmadoraError, InvalidState};
use crate::table::{Board, Table, warriors};

/// An Armadöra position: a complete, valid game state.
///
/// Every value is a position the rules reach: the only ways to build one
/// are [`Game::new`](dice_core::Game::new), the rules, determinization and
/// deserialisation, and the last two check everything.
///
/// ```
/// use armadora_rules::prelude::*;
///
/// let mut game = Armadora::new(&ArmadoraConfig::new(2)).unwrap();
/// game.apply_chance(Chance::Gold([3, 4, 4, 5, 5, 6, 6, 7])).unwrap();
/// game.apply_chance(Chance::FirstPlayer(1)).unwrap();
/// assert_eq!(game.to_move(), ToMove::Player(1));
/// game.apply(Action::Warrior { at: "d3".parse().unwrap(), value: Value::Five }).unwrap();
/// assert_eq!(game.to_move(), ToMove::Player(0));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Armadora {
    pub(crate) table: Table,
    pub(crate) board: Board<Value>,
    pub(crate) supply: PerSeat<Supply, MAX_PLAYERS>,
    /// The squares holding a warrior, derived from `board`.
    pub(crate) occupied: u64,
    /// Free lines the four-square rule allows, derived from the palisades
    /// and kept up to date on each palisade so that listing them costs
    /// nothing.
    pub(crate) allowed: LineSet,
}

impl Armadora {
    /// A state from its parts, if they make one: the table and board pass
    /// the public check ([`Table`]), and each player's placed and unplaced
    /// warriors make their starting set (ARM-5).
    pub(crate) fn assemble(
        table: Table,
        board: &Board<Value>,
        supply: PerSeat<Supply, MAX_PLAYERS>,
    ) -> Result<Armadora, InvalidState> {
        table.check(board)?;
        let players = table.config.players();
        let starting = table
            .config
            .starting_supply()
            .ok_or(InvalidState::Config(ArmadoraError::Players(players)))?;
        if supply.players() != players {
            return Err(InvalidState::Config(ArmadoraError::Players(
                supply.players(),
            )));
        }
        for (seat, &unplaced) in supply.iter() {
            let placed = warriors(board)
                .filter(|(_, w)| w.owner == seat)
                .map(|(_, w)| w.value);
            if Supply::of(placed.chain(unplaced.warriors())) != Some(starting) {
                return Err(InvalidState::NotTheStartingSet(seat));
            }
        }
        let occupied = warriors(board).fold(0, |set, (at, _)| set | at.bit());
        let allowed = table.palisades.allowed_lines();
        Ok(Armadora {
            table,
            board: board.clone(),
            supply,
            occupied,
            allowed,
        })
    }

    /// What every seat sees: the config, gold, palisades, turn, passes and
    /// tokens.
    pub const fn table(&self) -> &Table {
        &self.table
    }

    /// The warrior on `square`, if any, with its value whoever may see it.
    pub fn warrior_at(&self, square: Square) -> Option<Warrior> {
        self.board[square]
    }

    /// A seat's unplaced warriors; none for a seat not at the table.
    pub fn supply(&self, seat: Seat) -> Supply {
        self.supply.get(seat).copied().unwrap_or_default()
    }

    /// How many unplaced warriors a seat has (public, ARM-5).
    pub fn tiles_left(&self, seat: Seat) -> u8 {
        self.supply(seat).tiles()
    }

    /// Free squares (ARM-7): neither a mine nor a warrior.
    pub(crate) const fn free(&self) -> u64 {
        ALL_SQUARES & !MINE_SQUARES & !self.occupied
    }

    /// Whether a territory (a square set) is full (ARM-3): none of its
    /// squares is free.
    pub fn is_full(&self, territory: u64) -> bool {
        territory & self.free() == 0
    }

    /// Whether a palisade may go on `line` now: the supply is not empty,
    /// the line is free and the four-square rule (ARM-8) allows it.
    pub fn allows_palisade(&self, line: Line) -> bool {
        self.table.palisades_left() > 0 && self.allowed.contains(line)
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use serde::ser::SerializeStruct;
    use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error};

    use super::Armadora;
    use crate::army::{MAX_PLAYERS, Supply, Value};
    use crate::error::Holding;
    use crate::serde_forms::{FourSeats, RawTable, seats};
    use crate::table::Board;

    /// The written form: the table's fields around the board and supplies.
    impl Serialize for Armadora {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut out = s.serialize_struct("Armadora", 12)?;
            self.table.serialize_opening(&mut out)?;
            out.serialize_field("board", &self.board)?;
            out.serialize_field("supply", &FourSeats(&self.supply))?;
            self.table.serialize_closing(&mut out)?;
            out.end()
        }
    }

    /// The read form, checked into a state.
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct RawState {
        #[serde(flatten)]
        table: RawTable,
        board: Board<Value>,
        supply: [Supply; MAX_PLAYERS],
    }

    impl<'de> Deserialize<'de> for Armadora {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let raw = RawState::deserialize(d)?;
            let table = raw.table.into_table().map_err(D::Error::custom)?;
            let players = table.config().players();
            let supply =
                seats(players, raw.supply, |_| Holding::Supply).map_err(D::Error::custom)?;
            Armadora::assemble(table, &raw.board, supply).map_err(D::Error::custom)
        }
    }
}
