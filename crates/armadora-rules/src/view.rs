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
    use alloc::format;
    use alloc::string::String;
    use alloc::vec::Vec;

    use dice_core::seat::PerSeat;
    use dice_core::{Seat, Viewer};
    use serde::ser::SerializeStruct;
    use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error};

    use super::ArmadoraView;
    use crate::army::{Faction, MAX_PLAYERS, SeenWarrior, Supply, Value};
    use crate::board::{MINES, Palisades, Square, squares_of};
    use crate::config::ArmadoraConfig;
    use crate::error::{ArmadoraError, Holding, InvalidState};
    use crate::scoring::{Award, gold_in};
    use crate::serde_forms::{RawTable, SquareSet, seats, square_set};
    use crate::table::{Board, Phase, Table, TurnStep, warriors};

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

    /// The written form, for a frontend to draw without knowing the crate:
    /// everything by name (squares, lines, seats as objects, values as
    /// keys), the territories worked out, owners once the game is over.
    ///
    /// ```json
    /// { "viewer": { "seat": 0 }, "config": { ... }, "phase": "play", "current": 1,
    ///   "step": "start",
    ///   "gold": { "d1": 5, "b2": 7, "f2": 6, "h2": 6, "a4": 4, "e4": 5, "c5": 4, "g5": 3 },
    ///   "warriors": { "b1": { "owner": 0, "value": 4, "face_up": false, "arrows": 0,
    ///                         "reinforced": false },
    ///                 "c1": { "owner": 1, "value": null, ... } },
    ///   "palisades": ["e2e", "a3s"], "palisades_left": 33,
    ///   "territories": [ { "squares": ["a1", "b1", ...], "gold": 40, "owners": null } ],
    ///   "seats": [ { "seat": 0, "faction": "orc", "tiles_left": 14, "passed": false,
    ///                "power_tokens": 0, "reinforcement": false }, ... ],
    ///   "own_supply": { "1": 11, "2": 2, "3": 0, "4": 0, "5": 1 }, "looked": [] }
    /// ```
    impl Serialize for ArmadoraView {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let table = &self.table;
            let mut out = s.serialize_struct("ArmadoraView", 15)?;
            out.serialize_field("viewer", &self.viewer)?;
            out.serialize_field("config", &table.config)?;
            out.serialize_field("phase", &table.phase)?;
            out.serialize_field("current", &table.current)?;
            out.serialize_field("step", &table.step)?;
            out.serialize_field("gold", &GoldOut(table.gold))?;
            out.serialize_field("warriors", &WarriorsOut(&self.board))?;
            out.serialize_field("palisades", &table.palisades)?;
            out.serialize_field("palisades_left", &table.palisades_left())?;
            out.serialize_field("territories", &territories(self))?;
            let seats: Vec<SeatOut> = self
                .tiles_left
                .iter()
                .map(|(seat, &tiles_left)| SeatOut {
                    seat,
                    faction: table.config.faction(seat),
                    tiles_left,
                    passed: table.has_passed(seat),
                    power_tokens: table.power_tokens(seat),
                    reinforcement: table.has_reinforcement(seat),
                })
                .collect();
            out.serialize_field("seats", &seats)?;
            out.serialize_field("own_supply", &self.own_supply.map(SupplyByValue::from))?;
            out.serialize_field("looked", &SquareSet(table.looked))?;
            out.end()
        }
    }

    #[cfg(feature = "schema")]
    impl schemars::JsonSchema for ArmadoraView {
        fn schema_name() -> alloc::borrow::Cow<'static, str> {
            "ArmadoraView".into()
        }

        fn json_schema(g: &mut schemars::SchemaGenerator) -> schemars::Schema {
            use alloc::collections::BTreeMap;
            let pile = schemars::json_schema!({ "type": "integer", "minimum": 0, "maximum": 255 });
            let mines: Vec<String> = MINES.iter().map(|m| alloc::format!("{m}")).collect();
            let gold: BTreeMap<&str, &schemars::Schema> =
                mines.iter().map(|m| (m.as_str(), &pile)).collect();
            schemars::json_schema!({
                "description": "What one seat, or a spectator, may know of an Armadöra position (ARM-14), by name.",
                "type": "object",
                "properties": {
                    "viewer": g.subschema_for::<Viewer>(),
                    "config": g.subschema_for::<ArmadoraConfig>(),
                    "phase": g.subschema_for::<Phase>(),
                    "current": g.subschema_for::<Seat>(),
                    "step": g.subschema_for::<TurnStep>(),
                    "gold": {
                        "description": "The gold pile on each mine (ARM-6).",
                        "type": "object",
                        "properties": gold,
                        "required": mines,
                        "additionalProperties": false
                    },
                    "warriors": {
                        "description": "The warriors by square, occupied squares only.",
                        "type": "object",
                        "propertyNames": g.subschema_for::<Square>(),
                        "additionalProperties": g.subschema_for::<SeenWarrior>()
                    },
                    "palisades": g.subschema_for::<Palisades>(),
                    "palisades_left": { "type": "integer", "minimum": 0, "maximum": 255 },
                    "territories": { "type": "array", "items": g.subschema_for::<TerritoryOut>() },
                    "seats": { "type": "array", "items": g.subschema_for::<SeatOut>() },
                    "own_supply": g.subschema_for::<Option<SupplyByValue>>(),
                    "looked": { "type": "array", "items": g.subschema_for::<Square>(), "uniqueItems": true }
                },
                "required": ["viewer", "config", "phase", "current", "step", "gold", "warriors",
                             "palisades", "palisades_left", "territories", "seats", "own_supply", "looked"],
                "additionalProperties": false
            })
        }
    }

    /// The gold piles by mine.
    struct GoldOut([u8; 8]);

    impl Serialize for GoldOut {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_map(MINES.iter().zip(self.0))
        }
    }

    /// The warriors by square, occupied squares only, `a1` first.
    struct WarriorsOut<'a>(&'a Board<Option<Value>>);

    impl Serialize for WarriorsOut<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_map(warriors(self.0))
        }
    }

    /// One seat's public standing.
    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
    struct SeatOut {
        seat: Seat,
        faction: Option<Faction>,
        tiles_left: u8,
        passed: bool,
        power_tokens: u8,
        reinforcement: bool,
    }

    /// A supply as counts by value, `"1"` to `"5"`.
    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
    struct SupplyByValue {
        #[serde(rename = "1")]
        one: u8,
        #[serde(rename = "2")]
        two: u8,
        #[serde(rename = "3")]
        three: u8,
        #[serde(rename = "4")]
        four: u8,
        #[serde(rename = "5")]
        five: u8,
    }

    impl From<Supply> for SupplyByValue {
        fn from(supply: Supply) -> Self {
            let [one, two, three, four, five] = supply.counts();
            SupplyByValue {
                one,
                two,
                three,
                four,
                five,
            }
        }
    }

    /// One territory (ARM-3): its squares, the gold on its mines, and once
    /// the game is over the seats that take it (ARM-10; both partners in
    /// the team game, none where nobody stands).
    #[derive(Serialize, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
    struct TerritoryOut {
        squares: Vec<Square>,
        gold: u8,
        owners: Option<Vec<Seat>>,
    }

    /// The territories as the view shows them, from the one holding `a1`.
    fn territories(view: &ArmadoraView) -> Vec<TerritoryOut> {
        let table = &view.table;
        // Once the game is over every value is shown, so the majorities
        // can be worked out from the view.
        let revealed: Option<Board<Value>> = (table.phase == Phase::Over)
            .then(|| {
                let mut board: Board<Value> = Board::from_fn(|_| None);
                for (at, warrior) in warriors(&view.board) {
                    board[at] = Some(warrior.with_value(warrior.value?));
                }
                Some(board)
            })
            .flatten();
        table
            .palisades
            .territories()
            .map(|territory| TerritoryOut {
                squares: squares_of(territory).collect(),
                gold: gold_in(table, territory),
                owners: revealed.as_ref().map(|board| {
                    let award = Award::on(table, board, territory);
                    table
                        .turn_order()
                        .seats()
                        .filter(|&seat| award.won_by(table.config.side_of(seat)))
                        .collect()
                }),
            })
            .collect()
    }

    /// The read form, checked into a view.
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct RawView {
        viewer: Viewer,
        config: ArmadoraConfig,
        phase: Phase,
        current: Seat,
        step: TurnStep,
        gold: GoldIn,
        warriors: WarriorsIn,
        palisades: Palisades,
        palisades_left: u8,
        territories: Vec<TerritoryOut>,
        seats: Vec<SeatOut>,
        own_supply: Option<SupplyByValue>,
        #[serde(deserialize_with = "square_set")]
        looked: u64,
    }

    /// The gold piles read by mine: every mine once, nothing else.
    struct GoldIn([u8; 8]);

    impl<'de> Deserialize<'de> for GoldIn {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let gold = d.deserialize_map(BySquare::new(
                [None; 8],
                |gold: &mut [Option<u8>; 8], at: Square, pile: u8| {
                    let slot = MINES
                        .iter()
                        .position(|&mine| mine == at)
                        .and_then(|i| gold.get_mut(i))
                        .ok_or_else(|| format!("ARM-6: {at} is not a mine"))?;
                    match slot.replace(pile) {
                        Some(_) => Err(format!("ARM-6: the mine {at} is listed twice")),
                        None => Ok(()),
                    }
                },
            ))?;
            let mut out = [0; 8];
            for ((pile, slot), mine) in out.iter_mut().zip(gold).zip(MINES) {
                *pile = slot.ok_or_else(|| {
                    D::Error::custom(format_args!(
                        "ARM-6: the gold on the mine {mine} is missing"
                    ))
                })?;
            }
            Ok(GoldIn(out))
        }
    }

    /// The warriors read by square, each square at most once.
    struct WarriorsIn(Board<Option<Value>>);

    impl<'de> Deserialize<'de> for WarriorsIn {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            d.deserialize_map(BySquare::new(
                Board::from_fn(|_| None),
                |board: &mut Board<Option<Value>>, at: Square, warrior: SeenWarrior| match board[at]
                    .replace(warrior)
                {
                    Some(_) => Err(format!("ARM-7: square {at} is listed twice")),
                    None => Ok(()),
                },
            ))
            .map(WarriorsIn)
        }
    }

    /// Reads an object keyed by square names into `T`, one entry at a time
    /// through `put`, which refuses what does not belong (a key given
    /// twice included).
    struct BySquare<T, V, F> {
        out: T,
        put: F,
        value: core::marker::PhantomData<fn() -> V>,
    }

    impl<T, V, F> BySquare<T, V, F> {
        fn new(out: T, put: F) -> Self {
            BySquare {
                out,
                put,
                value: core::marker::PhantomData,
            }
        }
    }

    impl<'de, T, V, F> serde::de::Visitor<'de> for BySquare<T, V, F>
    where
        V: Deserialize<'de>,
        F: FnMut(&mut T, Square, V) -> Result<(), String>,
    {
        type Value = T;

        fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.write_str("an object keyed by square names")
        }

        fn visit_map<A: serde::de::MapAccess<'de>>(mut self, mut map: A) -> Result<T, A::Error> {
            while let Some(at) = map.next_key::<Square>()? {
                let value = map.next_value::<V>()?;
                (self.put)(&mut self.out, at, value).map_err(A::Error::custom)?;
            }
            Ok(self.out)
        }
    }

    impl<'de> Deserialize<'de> for ArmadoraView {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let raw = RawView::deserialize(d)?;
            let players = raw.config.players();
            if raw.seats.len() != players {
                return Err(D::Error::custom(format_args!(
                    "ARM-4: {} seats listed at a table of {players}",
                    raw.seats.len()
                )));
            }
            let mut tiles = [0; MAX_PLAYERS];
            let mut passed = [false; MAX_PLAYERS];
            let mut powers = [0; MAX_PLAYERS];
            let mut reinforcements = [false; MAX_PLAYERS];
            for (i, seat) in raw.seats.iter().enumerate() {
                if seat.seat != i || seat.faction != raw.config.faction(i) {
                    return Err(D::Error::custom(format_args!(
                        "ARM-4: seat {i} is listed as seat {} playing {:?}",
                        seat.seat, seat.faction
                    )));
                }
                if let (Some(t), Some(p), Some(w), Some(r)) = (
                    tiles.get_mut(i),
                    passed.get_mut(i),
                    powers.get_mut(i),
                    reinforcements.get_mut(i),
                ) {
                    (*t, *p, *w, *r) = (
                        seat.tiles_left,
                        seat.passed,
                        seat.power_tokens,
                        seat.reinforcement,
                    );
                }
            }
            let own_supply = match raw.own_supply {
                Some(s) => Some(
                    Supply::from_counts([s.one, s.two, s.three, s.four, s.five]).ok_or_else(
                        || D::Error::custom("ARM-5: the supply holds more of a value than a set"),
                    )?,
                ),
                None => None,
            };
            let table = RawTable {
                config: raw.config,
                phase: raw.phase,
                gold: raw.gold.0,
                current: raw.current,
                step: raw.step,
                palisades: raw.palisades,
                passed,
                powers,
                reinforcements,
                looked: raw.looked,
            }
            .into_table()
            .map_err(D::Error::custom)?;
            let tiles_left = seats(players, tiles, Holding::TilesLeft).map_err(D::Error::custom)?;
            let view =
                ArmadoraView::assemble(raw.viewer, table, &raw.warriors.0, tiles_left, own_supply)
                    .map_err(D::Error::custom)?;
            if raw.palisades_left != view.table.palisades_left() {
                return Err(D::Error::custom(format_args!(
                    "ARM-6: {} palisades left, but {} are placed of 35",
                    raw.palisades_left,
                    view.table.palisades.count()
                )));
            }
            if raw.territories != territories(&view) {
                return Err(D::Error::custom(
                    "ARM-3: the territories listed are not those the palisades make",
                ));
            }
            Ok(view)
        }
    }
}
