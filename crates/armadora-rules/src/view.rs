//! What one seat or a spectator may know (ARM-14).

use dice_core::seat::PerSeat;
use dice_core::{Seat, Viewer};

use crate::army::{MAX_PLAYERS, SeenWarrior, Supply, Value};
use crate::board::Square;
use crate::state::Armadora;
use crate::table::{Board, Table};

/// What one seat, or a spectator, may know of a position (ARM-14).
///
/// Public ([`Table`]): the gold, palisades, passes, tokens, whose turn it
/// is and which squares the Mage looked at; and who stands where and how
/// many tiles each player has left. Values: a seat sees its own supply; its
/// own placed warriors when `peek_own` is on; Goblin face-up warriors; what
/// it looked at as the Mage; and everything once the game is over. A
/// spectator sees no value until the end; a seat not at the table gets a
/// spectator's view.
///
/// Its [`Display`](core::fmt::Display) draws the board (see
/// [`board_text`](Self::board_text)).
///
/// A deserialised view is checked to be one some position shows this
/// viewer (seats at the table, warrior counts, visible values, gold,
/// palisades, tokens), so [`determinize`](dice_core::Game::determinize)
/// always finds a valid state for it.
///
/// ```
/// use armadora_rules::prelude::*;
///
/// let mut game = Armadora::new(&ArmadoraConfig::new(2)).unwrap();
/// game.apply_chance(Chance::Gold([3, 4, 4, 5, 5, 6, 6, 7])).unwrap();
/// game.apply_chance(Chance::FirstPlayer(0)).unwrap();
/// game.apply(game.action_from_text("warrior d3 4").unwrap()).unwrap();
/// let d3 = "d3".parse().unwrap();
///
/// let mine = game.view(Viewer::Seat(0));
/// let theirs = game.view(Viewer::Seat(1));
/// assert_eq!(mine.warrior_at(d3).unwrap().value, Some(Value::Four));
/// assert_eq!(theirs.warrior_at(d3).unwrap().value, None);
/// // Everyone counts the tiles; only the owner knows which are left.
/// assert_eq!(theirs.tiles_left(0), 15);
/// assert_eq!(mine.own_supply().unwrap().counts(), [11, 2, 1, 0, 1]);
/// assert_eq!(theirs.own_supply().unwrap().counts(), [11, 2, 1, 1, 1]);
/// // A state drawn from seat 1's view keeps what seat 1 sees.
/// let sampled = Armadora::determinize(&theirs, &mut DiceRng::from_seed_u64(3)).unwrap();
/// assert_eq!(sampled.view(Viewer::Seat(1)), theirs);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ArmadoraView {
    pub(crate) viewer: Viewer,
    pub(crate) table: Table,
    pub(crate) board: Board<Option<Value>>,
    pub(crate) tiles_left: PerSeat<u8, MAX_PLAYERS>,
    pub(crate) own_supply: Option<Supply>,
}

impl ArmadoraView {
    /// What `viewer` sees of `state`; a seat not at the table sees what a
    /// spectator sees, and is one.
    pub(crate) fn of(state: &Armadora, viewer: Viewer) -> ArmadoraView {
        let table = &state.table;
        let viewer = match viewer {
            Viewer::Seat(seat) if !table.turn_order().contains(seat) => Viewer::Spectator,
            viewer => viewer,
        };
        let own_supply = match viewer {
            Viewer::Seat(seat) => state.supply.get(seat).copied(),
            Viewer::Spectator => None,
        };
        // A plain loop over the squares: `Board::from_fn` with the closure
        // made every `Match` step 1.5 times slower.
        let mut board = Board::filled(None);
        for (at, warrior) in state.board.iter() {
            if let Some(warrior) = warrior {
                board[at] = Some(warrior.seen(table.sees(viewer, at, warrior)));
            }
        }
        ArmadoraView {
            viewer,
            table: *table,
            board,
            tiles_left: state.supply.map(|_, supply| supply.tiles()),
            own_supply,
        }
    }

    /// Whose view this is.
    pub const fn viewer(&self) -> Viewer {
        self.viewer
    }

    /// What every seat sees: the config, gold, palisades, turn, passes and
    /// tokens.
    pub const fn table(&self) -> &Table {
        &self.table
    }

    /// The warrior on `square` as this viewer sees it.
    pub fn warrior_at(&self, square: Square) -> Option<SeenWarrior> {
        self.board[square]
    }

    /// How many unplaced warriors a seat has (public); none for a seat not
    /// at the table.
    pub fn tiles_left(&self, seat: Seat) -> u8 {
        self.tiles_left.get(seat).copied().unwrap_or(0)
    }

    /// The viewer's own unplaced warriors by value; `None` for a spectator.
    pub const fn own_supply(&self) -> Option<Supply> {
        self.own_supply
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use dice_core::Viewer;
    use serde::ser::SerializeStruct;
    use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error};

    use dice_core::seat::PerSeat;

    use super::ArmadoraView;
    use crate::army::{MAX_PLAYERS, Supply, Value};
    use crate::error::{ArmadoraError, Holding, InvalidState};
    use crate::serde_forms::{FourSeats, RawTable, seats};
    use crate::table::{Board, Table, warriors};

    impl ArmadoraView {
        /// A view from its parts (decoded data), if some position shows it to `viewer`: the
        /// table and board pass the public check ([`Table`]), values are shown
        /// exactly where `viewer` sees them, and each player's placed and
        /// unplaced warriors can make their starting set.
        pub(crate) fn assemble(
            viewer: Viewer,
            table: Table,
            board: &Board<Option<Value>>,
            tiles_left: PerSeat<u8, MAX_PLAYERS>,
            own_supply: Option<Supply>,
        ) -> Result<ArmadoraView, InvalidState> {
            let players = table.config.players();
            if let Viewer::Seat(seat) = viewer {
                if !table.turn_order().contains(seat) {
                    return Err(InvalidState::AbsentViewer { seat, players });
                }
            }
            table.check(board)?;
            for (at, warrior) in warriors(board) {
                match (table.sees(viewer, at, warrior), warrior.value) {
                    (false, Some(_)) => return Err(InvalidState::ValueShown { at, viewer }),
                    (true, None) => return Err(InvalidState::ValueHidden { at, viewer }),
                    _ => {}
                }
            }
            let view = ArmadoraView {
                viewer,
                table,
                board: board.clone(),
                tiles_left,
                own_supply,
            };
            view.check_warriors()?;
            Ok(view)
        }

        /// Each player's warriors, placed and unplaced, against the set they
        /// started with (ARM-5); the viewer's own supply against their tiles
        /// left.
        fn check_warriors(&self) -> Result<(), InvalidState> {
            let players = self.table.config.players();
            let starting = self
                .table
                .config
                .starting_supply()
                .ok_or(InvalidState::Config(ArmadoraError::Players(players)))?;
            let set_size = starting.tiles();
            let own_seat = match (self.viewer, self.own_supply) {
                (Viewer::Seat(seat), Some(_)) => Some(seat),
                (Viewer::Seat(seat), None) => return Err(InvalidState::ViewWithoutSupply(seat)),
                (Viewer::Spectator, Some(_)) => return Err(InvalidState::SpectatorWithSupply),
                (Viewer::Spectator, None) => None,
            };
            if self.tiles_left.players() != players {
                return Err(InvalidState::Config(ArmadoraError::Players(
                    self.tiles_left.players(),
                )));
            }
            for (seat, &left) in self.tiles_left.iter() {
                let mine = || warriors(&self.board).filter(move |(_, w)| w.owner == seat);
                let placed = mine().count();
                let total = placed.saturating_add(usize::from(left));
                if total != usize::from(set_size) {
                    return Err(InvalidState::WarriorCount {
                        seat,
                        total,
                        placed,
                        left,
                        set: set_size,
                        players,
                    });
                }
                let own = self.own_supply.filter(|_| own_seat == Some(seat));
                if let Some(own) = own {
                    if own.tiles() != left {
                        return Err(InvalidState::SupplyNotTilesLeft {
                            seat,
                            held: own.tiles(),
                            left,
                        });
                    }
                }
                // Values shown on the board, plus the supply if it is the
                // viewer's, never exceed the set.
                for value in Value::ALL {
                    let on_board = mine().filter_map(|(_, w)| w.value);
                    let in_supply = own.into_iter().flat_map(Supply::warriors);
                    let shown = on_board.chain(in_supply).filter(|&v| v == value).count();
                    let have = starting.count(value);
                    if shown > usize::from(have) {
                        return Err(InvalidState::ValueCount {
                            seat,
                            shown,
                            value,
                            set: have,
                        });
                    }
                }
            }
            Ok(())
        }
    }

    /// The written form: the viewer, then the table's fields around the
    /// board, tiles left and own supply.
    impl Serialize for ArmadoraView {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut out = s.serialize_struct("ArmadoraView", 14)?;
            out.serialize_field("viewer", &self.viewer)?;
            self.table.serialize_opening(&mut out)?;
            out.serialize_field("board", &self.board)?;
            out.serialize_field("tiles_left", &FourSeats(&self.tiles_left))?;
            out.serialize_field("own_supply", &self.own_supply)?;
            self.table.serialize_closing(&mut out)?;
            out.end()
        }
    }

    /// The read form, checked into a view.
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct RawView {
        viewer: Viewer,
        #[serde(flatten)]
        table: RawTable,
        board: Board<Option<Value>>,
        tiles_left: [u8; MAX_PLAYERS],
        own_supply: Option<Supply>,
    }

    impl<'de> Deserialize<'de> for ArmadoraView {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let raw = RawView::deserialize(d)?;
            let table = raw.table.into_table().map_err(D::Error::custom)?;
            let players = table.config().players();
            let tiles_left =
                seats(players, raw.tiles_left, Holding::TilesLeft).map_err(D::Error::custom)?;
            ArmadoraView::assemble(raw.viewer, table, &raw.board, tiles_left, raw.own_supply)
                .map_err(D::Error::custom)
        }
    }
}
