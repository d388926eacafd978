//! The view's JSON, for a frontend to draw without knowing the crate:
//! everything by name (resources, colours, buildings, wall lengths, cells,
//! die faces as table D1 numbers them), each seat an object, the cells of
//! each domain listed with what stands on them. Read back with every check
//! of a view; the positional form older versions wrote still reads.
//!
//! ```json
//! { "viewer": { "seat": 0 }, "config": { "players": 2, "revision": 4 },
//!   "step": { "build": { "turn": 1, "hammers": 1, "chosen": null } },
//!   "to_move": { "player": 0 }, "round": 2, "start_player": 1,
//!   "supply": { "buildings": { "keep": 5, "longhouse": 11, ... },
//!               "walls_by_length": { "1": 3, "2": 6, ... "8": 0 }, "scorched_areas": 23 },
//!   "boxed": { "keep": 1, ... }, "tracking_tokens": { "in_play": 3, "showing_x": 0 },
//!   "seats": [ { "seat": 0, "laid_out": 9,
//!                "domain": { "size": 9, "buildings": [ { "kind": "keep", "cells": ["e5"] } ],
//!                            "walls": ["f2"], "walls_by_length": { "1": 1, ... },
//!                            "scorched": [], "cells": { "f2": "wall", "e5": "keep" } },
//!                "resources": { "goods": 0, "stone": 0, "wood": 8, "food": 1 },
//!                "culture": 0, "disaster": 2,
//!                "dice": { "owned": { "yellow": 3, "gray": 1, "blue": 0, "white": 0 },
//!                          "rolling": { ... }, "rolls": 1,
//!                          "showing": { "yellow": 3, ... },
//!                          "showing_faces": [ { "colour": "yellow", "face": 4,
//!                                               "symbols": "WWW", "dice": 1 } ],
//!                          "set_aside": { ... }, "set_aside_faces": [],
//!                          "fixed": { ... }, "fixed_faces": [],
//!                          "choices": [], "unused_feathers": [] } } ] }
//! ```

use alloc::format;
use alloc::string::{String, ToString};
use alloc::sync::Arc;
use alloc::vec::Vec;

use dice_core::seat::Seat;
use dice_core::{DiceRng, ToMove, Viewer};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::building::BuildingKind;
use crate::cell::Cell;
use crate::colour::Colour;
use crate::config::EraConfig;
use crate::dice::DiceCounts;
use crate::domain::{Domain, RawBuilding, RawDomain};
use crate::map::{ByBuilding, ByColour, ByResource, FaceCounts, Key, Map};
use crate::piece::MAX_WALL_LENGTH;
use crate::ruleset::Ruleset;
use crate::side::Side;
use crate::step::Step;
use crate::tracking::TrackingTokens;
use crate::view::{EraView, PlayerView};

/// A fixed list of counts in order: a typed map, or walls by length.
trait InOrder<const N: usize> {
    fn in_order(self) -> [u8; N];
    fn from_order(counts: [u8; N]) -> Self;
}

impl<K: Key<N>, const N: usize> InOrder<N> for Map<K, u8, N> {
    fn in_order(self) -> [u8; N] {
        *self.as_array()
    }

    fn from_order(counts: [u8; N]) -> Self {
        Map::from_array(counts)
    }
}

impl<const N: usize> InOrder<N> for [u8; N] {
    fn in_order(self) -> [u8; N] {
        self
    }

    fn from_order(counts: [u8; N]) -> Self {
        counts
    }
}

/// Counts by name: a struct of one `u8` per name, written as an object,
/// converted from and to the positional form that lists the names in
/// order.
macro_rules! counts_by_name {
    (
        $(#[$meta:meta])*
        $name:ident for $order:ty { $($(#[$field_meta:meta])* $field:ident),+ $(,)? }
    ) => {
        $(#[$meta])*
        #[derive(Serialize, Deserialize)]
        #[serde(deny_unknown_fields)]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        pub(crate) struct $name {
            $($(#[$field_meta])* $field: u8,)+
        }

        impl From<$order> for $name {
            fn from(counts: $order) -> Self {
                let [$($field),+] = InOrder::in_order(counts);
                $name { $($field),+ }
            }
        }

        impl From<$name> for $order {
            fn from(counts: $name) -> Self {
                InOrder::from_order([$(counts.$field),+])
            }
        }
    };
}

counts_by_name! {
    /// One count per resource, by name.
    ResourceCounts for ByResource<u8> { goods, stone, wood, food }
}

counts_by_name! {
    /// One count per die colour, by name.
    ColourCounts for ByColour<u8> { yellow, gray, blue, white }
}

counts_by_name! {
    /// One count per building type (table D3), by name.
    BuildingCounts for ByBuilding<u8> {
        keep, longhouse, townhouse, church, farm, lumber_mill,
        market, hospital, guildhall, monastery, university, cathedral,
    }
}

counts_by_name! {
    /// Walls by length, `"1"` to `"8"` (table D4).
    WallCounts for [u8; MAX_WALL_LENGTH as usize] {
        #[serde(rename = "1")] one, #[serde(rename = "2")] two,
        #[serde(rename = "3")] three, #[serde(rename = "4")] four,
        #[serde(rename = "5")] five, #[serde(rename = "6")] six,
        #[serde(rename = "7")] seven, #[serde(rename = "8")] eight,
    }
}

/// Dice of one colour showing one face: the face's number in table D1 (1
/// to 6) and its symbols as the ruleset writes them (`"FF|S"`).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct DiceGroup {
    colour: Colour,
    /// The face's number in table D1.
    #[cfg_attr(feature = "schema", schemars(range(min = 1, max = 6)))]
    face: u8,
    /// The face's symbols, as the ruleset writes them.
    symbols: String,
    /// How many dice, at least one.
    #[cfg_attr(feature = "schema", schemars(range(min = 1)))]
    dice: u8,
}

/// Every (colour, face) with at least one die, in colour then face order.
fn groups(dice: &DiceCounts, ruleset: &Ruleset) -> Vec<DiceGroup> {
    dice.dice()
        .map(|(colour, side, dice)| DiceGroup {
            colour,
            face: side.number(),
            symbols: ruleset.face(colour, side).to_string(),
            dice,
        })
        .collect()
}

/// Dice read from groups: each (colour, face) at most once, with at least
/// one die, and the symbols the ruleset prints on that face.
fn dice_of(groups: &[DiceGroup], ruleset: &Ruleset, what: &str) -> Result<DiceCounts, String> {
    let mut dice = DiceCounts::NONE;
    for g in groups {
        let side = Side::from_number(g.face).ok_or_else(|| {
            format!(
                "{what}: face {} is not a face of a die (1 to 6, table D1)",
                g.face
            )
        })?;
        let printed = ruleset.face(g.colour, side).to_string();
        if g.symbols != printed {
            return Err(format!(
                "{what}: {} face {} shows {printed}, not {:?} (table D1)",
                g.colour, g.face, g.symbols
            ));
        }
        if g.dice == 0 {
            return Err(format!(
                "{what}: {} face {} is listed with no die",
                g.colour, g.face
            ));
        }
        if dice.get(g.colour, side) > 0 {
            return Err(format!(
                "{what}: {} face {} is listed twice",
                g.colour, g.face
            ));
        }
        dice.add(g.colour, side, g.dice);
    }
    Ok(dice)
}

/// White dice on feather faces, read from groups of white dice only.
fn white_faces(groups: &[DiceGroup], ruleset: &Ruleset, what: &str) -> Result<FaceCounts, String> {
    if let Some(g) = groups.iter().find(|g| g.colour != Colour::White) {
        return Err(format!(
            "{what}: only white dice carry feathers (ERA-13), not {}",
            g.colour
        ));
    }
    Ok(*dice_of(groups, ruleset, what)?.colour(Colour::White))
}

/// What stands on one cell, written by name: a building type's
/// (`"keep"`, `"farm"`), `"wall"` or `"scorched"`.
#[derive(PartialEq, Eq, Clone, Copy, Debug)]
pub(crate) enum CellContent {
    /// A building of table D3 (the Keep included).
    Building(BuildingKind),
    /// A wall cell.
    Wall,
    /// A scorched area.
    Scorched,
}

impl CellContent {
    /// Its name in the view's JSON.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            CellContent::Building(kind) => kind.name(),
            CellContent::Wall => "wall",
            CellContent::Scorched => "scorched",
        }
    }

    /// The content of this name, if any.
    fn named(name: &str) -> Option<CellContent> {
        match name {
            "wall" => Some(CellContent::Wall),
            "scorched" => Some(CellContent::Scorched),
            _ => BuildingKind::ALL
                .into_iter()
                .find(|kind| kind.name() == name)
                .map(CellContent::Building),
        }
    }
}

impl Serialize for CellContent {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for CellContent {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Named;
        impl serde::de::Visitor<'_> for Named {
            type Value = CellContent;
            fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str("a building type's name, \"wall\" or \"scorched\"")
            }
            fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<CellContent, E> {
                CellContent::named(name)
                    .ok_or_else(|| E::invalid_value(serde::de::Unexpected::Str(name), &self))
            }
        }
        d.deserialize_str(Named)
    }
}

/// Every occupied cell of a domain with what stands on it, in row order.
fn occupied_cells(domain: &Domain) -> Vec<(Cell, CellContent)> {
    domain
        .cells(domain.occupied())
        .map(|cell| {
            let wall = cell
                .bit(domain.size())
                .is_some_and(|bit| domain.walls() >> bit & 1 == 1);
            let content = match domain.building_at(cell) {
                Some((_, b)) => CellContent::Building(b.kind),
                None if wall => CellContent::Wall,
                None => CellContent::Scorched,
            };
            (cell, content)
        })
        .collect()
}

/// Occupied cells by name, written as an object, read refusing a cell
/// listed twice.
#[derive(PartialEq, Eq, Debug)]
pub(crate) struct CellMap(Vec<(Cell, CellContent)>);

impl Serialize for CellMap {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(c, k)| (c, k)))
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for CellMap {
    fn schema_name() -> alloc::borrow::Cow<'static, str> {
        "DomainCells".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "Every occupied cell of the domain by name, with what stands on it (ERA-7).",
            "type": "object",
            "propertyNames": generator.subschema_for::<Cell>(),
            "additionalProperties": generator.subschema_for::<CellContent>()
        })
    }
}

impl<'de> Deserialize<'de> for CellMap {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Cells;
        impl<'de> serde::de::Visitor<'de> for Cells {
            type Value = CellMap;
            fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str("an object keyed by cell names")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<CellMap, A::Error> {
                let mut cells: Vec<(Cell, CellContent)> = Vec::new();
                while let Some(cell) = map.next_key::<Cell>()? {
                    let content = map.next_value::<CellContent>()?;
                    if cells.iter().any(|&(c, _)| c == cell) {
                        return Err(A::Error::custom(format_args!(
                            "cell {cell} is listed twice"
                        )));
                    }
                    cells.push((cell, content));
                }
                cells.sort_unstable_by_key(|&(c, _)| (c.row(), c.col()));
                Ok(CellMap(cells))
            }
        }
        d.deserialize_map(Cells)
    }
}

/// A domain by name: its pieces, and every occupied cell with what stands
/// on it (worked out; checked when read).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct DomainForm {
    size: u8,
    buildings: Vec<RawBuilding>,
    walls: Vec<Cell>,
    walls_by_length: WallCounts,
    scorched: Vec<Cell>,
    cells: CellMap,
}

impl DomainForm {
    fn of(domain: &Domain) -> DomainForm {
        let raw = RawDomain::from(domain.clone());
        DomainForm {
            size: raw.size,
            buildings: raw.buildings,
            walls: raw.walls,
            walls_by_length: raw.wall_counts.into(),
            scorched: raw.scorched,
            cells: CellMap(occupied_cells(domain)),
        }
    }

    fn into_domain(self, seat: Seat) -> Result<Domain, String> {
        let domain = Domain::try_from(RawDomain {
            size: self.size,
            buildings: self.buildings,
            walls: self.walls,
            wall_counts: self.walls_by_length.into(),
            scorched: self.scorched,
        })
        .map_err(|e| format!("seats[{seat}].domain: {e}"))?;
        if self.cells.0 != occupied_cells(&domain) {
            return Err(format!(
                "seats[{seat}].domain.cells: not the cells its buildings, walls and scorched areas cover (ERA-7)"
            ));
        }
        Ok(domain)
    }
}

/// One seat's dice (ERA-12 … ERA-15): counts per colour are public, faces
/// are `null` while behind the screen.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct DiceForm {
    owned: ColourCounts,
    rolling: ColourCounts,
    rolls: u8,
    showing: ColourCounts,
    showing_faces: Option<Vec<DiceGroup>>,
    set_aside: ColourCounts,
    set_aside_faces: Option<Vec<DiceGroup>>,
    fixed: ColourCounts,
    fixed_faces: Option<Vec<DiceGroup>>,
    choices: Vec<DiceGroup>,
    unused_feathers: Vec<DiceGroup>,
}

/// One seat as the viewer sees it.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct SeatForm {
    seat: Seat,
    /// `null` while the layout is hidden (ERA-5).
    domain: Option<DomainForm>,
    laid_out: u8,
    resources: ResourceCounts,
    culture: u32,
    disaster: u32,
    dice: DiceForm,
}

impl SeatForm {
    fn of(seat: Seat, p: &PlayerView, ruleset: &Ruleset) -> SeatForm {
        let faces = |d: &Option<DiceCounts>| d.as_ref().map(|d| groups(d, ruleset));
        let mut feathers = DiceCounts::NONE;
        for (side, &n) in p.fresh.iter() {
            feathers.add(Colour::White, side, n);
        }
        SeatForm {
            seat,
            domain: p.domain.as_ref().map(DomainForm::of),
            laid_out: p.laid_out,
            resources: p.resources.into(),
            culture: p.culture,
            disaster: p.disaster,
            dice: DiceForm {
                owned: p.owned.into(),
                rolling: p.rolling.into(),
                rolls: p.rolls,
                showing: p.showing.into(),
                showing_faces: faces(&p.dice),
                set_aside: p.set_aside_count.into(),
                set_aside_faces: faces(&p.set_aside),
                fixed: p.fixed_count.into(),
                fixed_faces: faces(&p.fixed),
                choices: groups(&p.choices, ruleset),
                unused_feathers: groups(&feathers, ruleset),
            },
        }
    }

    fn into_player(self, at: usize, ruleset: &Ruleset) -> Result<PlayerView, String> {
        if self.seat != at {
            return Err(format!("seats[{at}]: listed as seat {}", self.seat));
        }
        let d = self.dice;
        let faces = |g: Option<Vec<DiceGroup>>, what: &str| {
            g.map(|g| dice_of(&g, ruleset, &format!("seats[{at}].dice.{what}")))
                .transpose()
        };
        Ok(PlayerView {
            domain: self.domain.map(|d| d.into_domain(at)).transpose()?,
            laid_out: self.laid_out,
            resources: self.resources.into(),
            culture: self.culture,
            disaster: self.disaster,
            owned: d.owned.into(),
            dice: faces(d.showing_faces, "showing_faces")?,
            set_aside: faces(d.set_aside_faces, "set_aside_faces")?,
            fixed: faces(d.fixed_faces, "fixed_faces")?,
            showing: d.showing.into(),
            set_aside_count: d.set_aside.into(),
            fixed_count: d.fixed.into(),
            choices: dice_of(&d.choices, ruleset, &format!("seats[{at}].dice.choices"))?,
            rolling: d.rolling.into(),
            rolls: d.rolls,
            fresh: white_faces(
                &d.unused_feathers,
                ruleset,
                &format!("seats[{at}].dice.unused_feathers"),
            )?,
        })
    }
}

/// The pieces in the supply (ERA-1, tables D3 and D4).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct SupplyForm {
    buildings: BuildingCounts,
    walls_by_length: WallCounts,
    scorched_areas: u8,
}

/// The tracking tokens in play, and how many show X (ERA-19).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct TokensForm {
    in_play: u8,
    showing_x: u8,
}

/// The written form of a view, by name.
#[derive(Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(deny_unknown_fields))]
pub(crate) struct ViewForm<'a> {
    viewer: Viewer,
    config: &'a EraConfig,
    step: Step,
    /// Who acts next (worked out from the step; checked when read).
    to_move: ToMove,
    round: u32,
    start_player: Seat,
    supply: SupplyForm,
    boxed: BuildingCounts,
    tracking_tokens: TokensForm,
    seats: Vec<SeatForm>,
}

impl<'a> ViewForm<'a> {
    fn of(view: &'a EraView) -> ViewForm<'a> {
        let ruleset = view.config.ruleset();
        ViewForm {
            viewer: view.viewer,
            config: &view.config,
            step: view.step,
            to_move: view.to_move(),
            round: view.round,
            start_player: view.start,
            supply: SupplyForm {
                buildings: view.supply.into(),
                walls_by_length: view.wall_supply.into(),
                scorched_areas: view.scorched_supply,
            },
            boxed: view.boxed.into(),
            tracking_tokens: TokensForm {
                in_play: view.tracking.in_play,
                showing_x: view.tracking.showing_x,
            },
            seats: view
                .players
                .iter()
                .enumerate()
                .map(|(seat, p)| SeatForm::of(seat, p, ruleset))
                .collect(),
        }
    }
}

impl Serialize for EraView {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        ViewForm::of(self).serialize(s)
    }
}

/// A field whose form tells the two forms apart: a list in the
/// positional form, an object by name in the named one.
enum Either<P, N> {
    Positional(P),
    Named(N),
}

impl<'de, P: Deserialize<'de>, N: Deserialize<'de>> Deserialize<'de> for Either<P, N> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Form<P, N>(core::marker::PhantomData<fn() -> (P, N)>);
        impl<'de, P: Deserialize<'de>, N: Deserialize<'de>> serde::de::Visitor<'de> for Form<P, N> {
            type Value = Either<P, N>;
            fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str("an object by name (or a list, in the positional form)")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                seq: A,
            ) -> Result<Self::Value, A::Error> {
                P::deserialize(serde::de::value::SeqAccessDeserializer::new(seq))
                    .map(Either::Positional)
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<Self::Value, A::Error> {
                N::deserialize(serde::de::value::MapAccessDeserializer::new(map)).map(Either::Named)
            }
        }
        d.deserialize_any(Form(core::marker::PhantomData))
    }
}

/// The read form: the named form's fields and the positional form's, one
/// form at a time.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ViewIn {
    viewer: Viewer,
    config: EraConfig,
    step: Step,
    round: u32,
    supply: Either<ByBuilding<u8>, SupplyForm>,
    boxed: Either<ByBuilding<u8>, BuildingCounts>,
    // The named form.
    to_move: Option<ToMove>,
    start_player: Option<Seat>,
    tracking_tokens: Option<TokensForm>,
    seats: Option<Vec<SeatForm>>,
    // The positional form.
    start: Option<Seat>,
    wall_supply: Option<[u8; MAX_WALL_LENGTH as usize]>,
    scorched_supply: Option<u8>,
    tokens: Option<u8>,
    flipped: Option<u8>,
    players: Option<Vec<PlayerView>>,
}

/// A field the form needs.
fn needed<T, E: serde::de::Error>(field: Option<T>, name: &'static str) -> Result<T, E> {
    field.ok_or_else(|| E::missing_field(name))
}

impl ViewIn {
    fn into_view<E: serde::de::Error>(self) -> Result<(EraView, Option<ToMove>), E> {
        let named = self.to_move.is_some()
            || self.start_player.is_some()
            || self.tracking_tokens.is_some()
            || self.seats.is_some();
        let positional = self.start.is_some()
            || self.wall_supply.is_some()
            || self.scorched_supply.is_some()
            || self.tokens.is_some()
            || self.flipped.is_some()
            || self.players.is_some();
        let mixed = || E::custom("the view mixes the named form with the positional one");
        match (self.supply, self.boxed) {
            (Either::Named(supply), Either::Named(boxed)) if !positional => {
                let ruleset = self.config.ruleset();
                let players = needed(self.seats, "seats")?
                    .into_iter()
                    .enumerate()
                    .map(|(at, s)| s.into_player(at, ruleset))
                    .collect::<Result<Vec<_>, String>>()
                    .map_err(E::custom)?;
                let tokens = needed(self.tracking_tokens, "tracking_tokens")?;
                let view = EraView {
                    viewer: self.viewer,
                    step: self.step,
                    round: self.round,
                    start: needed(self.start_player, "start_player")?,
                    supply: supply.buildings.into(),
                    boxed: boxed.into(),
                    wall_supply: supply.walls_by_length.into(),
                    scorched_supply: supply.scorched_areas,
                    tracking: TrackingTokens {
                        in_play: tokens.in_play,
                        showing_x: tokens.showing_x,
                    },
                    players,
                    config: Arc::new(self.config),
                };
                Ok((view, Some(needed(self.to_move, "to_move")?)))
            }
            (Either::Positional(supply), Either::Positional(boxed)) if !named => {
                let view = EraView {
                    viewer: self.viewer,
                    config: Arc::new(self.config),
                    step: self.step,
                    round: self.round,
                    start: needed(self.start, "start")?,
                    supply,
                    boxed,
                    wall_supply: needed(self.wall_supply, "wall_supply")?,
                    scorched_supply: needed(self.scorched_supply, "scorched_supply")?,
                    tracking: TrackingTokens {
                        in_play: needed(self.tokens, "tokens")?,
                        showing_x: needed(self.flipped, "flipped")?,
                    },
                    players: needed(self.players, "players")?,
                };
                Ok((view, None))
            }
            _ => Err(mixed()),
        }
    }
}

impl<'de> Deserialize<'de> for EraView {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let (view, to_move) = ViewIn::deserialize(d)?.into_view::<D::Error>()?;
        // Some valid state shows it: one is drawn, as `determinize` would.
        view.state_shown(&mut DiceRng::from_seed_u64(0))
            .map_err(|e| D::Error::custom(format!("invalid Era view: {e}")))?;
        if let Some(to_move) = to_move {
            if to_move != view.to_move() {
                return Err(D::Error::custom(format!(
                    "to_move: {to_move:?}, but {} gives {:?}",
                    view.step,
                    view.to_move()
                )));
            }
        }
        Ok(view)
    }
}
