//! The game state: the table, every player's board, domain and dice, and
//! the queries and moves of pieces and points that several steps share.

use alloc::sync::Arc;
use alloc::vec::Vec;
use core::fmt;

use dice_core::seat::{PerSeat, Seat, TurnOrder};
use dice_core::write_separated;

use crate::accessors::{board_accessors, table_accessors};
use crate::action::Action;
use crate::building::BuildingKind;
use crate::cell::Cell;
use crate::colour::Colour;
use crate::config::EraConfig;
use crate::dice::DiceCounts;
use crate::domain::{Building, Domain};
use crate::error::EraError;
use crate::grid::CellSet;
use crate::map::{ByBuilding, ByColour, ByResource, FaceCounts};
use crate::piece::{MAX_WALL_LENGTH, Piece};
use crate::ruleset::{Ruleset, wall_slot, wall_slot_mut};
use crate::side::Side;
use crate::step::Step;
use crate::symbols::{Resource, Symbol};
use crate::table::TableSize;
use crate::tracking::TrackingTokens;

/// The largest table.
pub const MAX_PLAYERS: usize = 4;

/// One player's board, domain and dice.
///
/// Decoded on its own, a player is only read; its invariants are checked
/// with the whole state ([`Era`]'s decoding).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Player {
    pub(crate) domain: Domain,
    pub(crate) resources: ByResource<u8>,
    pub(crate) culture: u32,
    pub(crate) disaster: u32,
    pub(crate) owned: ByColour<u8>,
    /// Every die showing a face (those set aside to roll again included).
    pub(crate) dice: DiceCounts,
    /// The dice chosen to roll again (ERA-12).
    pub(crate) set_aside: DiceCounts,
    /// The dice a Monastery set: set aside, not rolled again (ERA-14).
    pub(crate) fixed: DiceCounts,
    /// The dice on choice faces whose set is still to be picked (ERA-15).
    pub(crate) choices: DiceCounts,
    /// Dice in hand, about to be rolled.
    pub(crate) rolling: ByColour<u8>,
    pub(crate) rolls: u8,
    /// White dice on each feather face that may still be re-rolled (ERA-13).
    pub(crate) fresh: FaceCounts,
    pub(crate) laid_out: u8,
}

impl Player {
    board_accessors!();

    /// A player at the start: the Keep on the centre cell, the starting
    /// resources (ERA-4, D6), nothing laid out yet.
    pub(crate) fn new(ruleset: &Ruleset) -> Player {
        let mut domain = Domain::new(ruleset.geometry.size);
        domain.buildings.push(Building {
            kind: BuildingKind::Keep,
            cells: ruleset.geometry.centre,
        });
        let owned = domain.carried_dice();
        Player {
            domain,
            resources: ruleset.start.resources,
            owned,
            ..Player::default()
        }
    }

    /// The domain.
    pub fn domain(&self) -> &Domain {
        &self.domain
    }

    /// The culture track as (laps recorded as +25, position on the track)
    /// under `ruleset`'s lap (ERA-15).
    pub fn culture_track(&self, ruleset: &Ruleset) -> (u32, u32) {
        laps(self.culture, ruleset.tracks.culture_lap)
    }

    /// The disaster track as (laps recorded as −25, position on the track)
    /// under `ruleset`'s lap (ERA-21).
    pub fn disaster_track(&self, ruleset: &Ruleset) -> (u32, u32) {
        laps(self.disaster, ruleset.tracks.disaster_lap)
    }

    /// The dice showing faces (including those set aside to roll again).
    pub fn dice(&self) -> &DiceCounts {
        &self.dice
    }

    /// The dice set aside to roll again (ERA-12).
    pub fn set_aside(&self) -> &DiceCounts {
        &self.set_aside
    }

    /// The dice a Monastery set this round: set aside, not rolled again,
    /// not even by a feather (ERA-14).
    pub fn fixed(&self) -> &DiceCounts {
        &self.fixed
    }

    /// Dice owned, of every colour.
    pub(crate) fn dice_owned(&self) -> u32 {
        self.owned.total()
    }

    /// Every die back in hand, none showing: between rounds (ERA-22).
    pub(crate) fn clear_dice(&mut self) {
        self.dice = DiceCounts::NONE;
        self.set_aside = DiceCounts::NONE;
        self.fixed = DiceCounts::NONE;
        self.choices = DiceCounts::NONE;
        self.rolling = ByColour::default();
        self.fresh = FaceCounts::default();
    }

    /// Dice of `colour` showing `side` that are neither set aside to roll
    /// again nor set by a Monastery.
    pub(crate) fn free(&self, colour: Colour, side: Side) -> u8 {
        self.dice
            .get(colour, side)
            .saturating_sub(self.set_aside.get(colour, side))
            .saturating_sub(self.fixed.get(colour, side))
    }

    /// Adds `gain` to the tracks, up to each maximum; the excess is lost
    /// (ERA-15, D6).
    pub(crate) fn gain(&mut self, gain: ByResource<u32>, max: ByResource<u8>) {
        for (r, have) in self.resources.iter_mut() {
            let total = u32::from(*have).saturating_add(gain[r]);
            *have = u8::try_from(total.min(u32::from(max[r]))).unwrap_or(max[r]);
        }
    }
}

/// A track total as (laps, position), laps of `lap` points (at least 1).
fn laps(total: u32, lap: u32) -> (u32, u32) {
    match (total.checked_div(lap), total.checked_rem(lap)) {
        (Some(laps), Some(position)) => (laps, position),
        _ => (0, total),
    }
}

/// An Era position: the whole game, every secret included.
///
/// ```
/// use dice_core::{Game, ToMove};
/// use era_rules::{Era, EraConfig, Step};
///
/// let game = Era::new(&EraConfig::new(3)).unwrap();
/// assert_eq!(game.step(), Step::Layout { seat: 0 });
/// assert_eq!(game.to_move(), ToMove::Player(0));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Era {
    pub(crate) config: Arc<EraConfig>,
    /// The table size of the config.
    pub(crate) table: TableSize,
    pub(crate) step: Step,
    pub(crate) round: u32,
    /// The seat holding the round marker.
    pub(crate) start: Seat,
    pub(crate) players: PerSeat<Player, MAX_PLAYERS>,
    pub(crate) supply: ByBuilding<u8>,
    pub(crate) boxed: ByBuilding<u8>,
    pub(crate) wall_supply: [u8; MAX_WALL_LENGTH as usize],
    pub(crate) scorched_supply: u8,
    pub(crate) tracking: TrackingTokens,
}

impl Era {
    /// The setup (ERA-3, ERA-4): the supply less the boxed pieces and every
    /// player's start, and the first seat to lay out.
    pub(crate) fn create(config: &EraConfig) -> Result<Era, EraError> {
        let table = config.table().ok_or(EraError::Players(config.players()))?;
        let r = config.ruleset();
        let players = PerSeat::new(table.players(), &Player::new(r))
            .ok_or(EraError::Players(config.players()))?;
        let seats = table.seats();
        let per_player = |piece: Piece| r.start_copies(piece).saturating_mul(seats);
        let removed = if table == TableSize::Two {
            r.supply.two_player_removed
        } else {
            0
        };
        let boxed = ByBuilding::from_fn(|kind| removed.min(r.building_count(kind)));
        let supply = ByBuilding::from_fn(|kind| {
            let keeps = if kind == BuildingKind::Keep { seats } else { 0 };
            r.building_count(kind)
                .saturating_sub(boxed[kind])
                .saturating_sub(per_player(Piece::Building(kind)))
                .saturating_sub(keeps)
        });
        let mut wall_supply = [0u8; MAX_WALL_LENGTH as usize];
        for (length, slot) in (1..).zip(wall_supply.iter_mut()) {
            *slot = r
                .wall_count(length)
                .saturating_sub(per_player(Piece::Wall(length)));
        }
        let scorched_supply = r
            .supply
            .scorched
            .saturating_sub(r.start_scorched(table).saturating_mul(seats));
        Ok(Era {
            config: Arc::new(config.clone()),
            table,
            step: Step::Layout { seat: 0 },
            round: 0,
            start: 0,
            players,
            supply,
            boxed,
            wall_supply,
            scorched_supply,
            tracking: TrackingTokens::new(r.tracking_tokens(table)),
        })
    }

    table_accessors!();

    /// How many play.
    pub fn table(&self) -> TableSize {
        self.table
    }

    /// Every player, by seat.
    pub fn player_list(&self) -> &[Player] {
        self.players.as_slice()
    }

    /// One player, `None` for a seat not at the table.
    pub fn player(&self, seat: Seat) -> Option<&Player> {
        self.players.get(seat)
    }

    /// One player's domain, `None` for a seat not at the table.
    pub fn domain(&self, seat: Seat) -> Option<&Domain> {
        self.player(seat).map(Player::domain)
    }

    /// The seats in turn order.
    pub(crate) fn order(&self) -> TurnOrder {
        self.players.turn_order()
    }

    /// How many seats, as a turn count.
    pub(crate) fn seats(&self) -> u8 {
        self.table.seats()
    }

    /// The seat at turn-order position `turn` from the start player.
    pub(crate) fn seat(&self, turn: u8) -> Seat {
        self.order().left_of(self.start_player(), usize::from(turn))
    }

    /// The seat `by` seats to the left of the player at turn-order
    /// position `turn` (Treachery, ERA-20).
    pub(crate) fn left_of_turn(&self, turn: u8, by: u8) -> Seat {
        self.order().left_of(self.seat(turn), usize::from(by))
    }

    /// Piece `index` of the layout (ERA-4).
    pub(crate) fn start_piece(&self, index: u8) -> Option<Piece> {
        self.ruleset().start_piece(self.table, index)
    }

    // ----- what the rules ask of a position -----

    /// The cells `piece` would cover, if it fits there on empty cells of
    /// `seat`'s domain (ERA-7).
    pub(crate) fn fits(&self, seat: Seat, piece: Piece, turn: u8, at: Cell) -> Option<CellSet> {
        let cells = self.ruleset().cells(piece, turn, at)?;
        let p = self.players.get(seat)?;
        (cells & p.domain.occupied() == 0).then_some(cells)
    }

    /// Whether `piece` fits anywhere on empty cells of `seat`'s domain.
    pub(crate) fn fits_anywhere(&self, seat: Seat, piece: Piece) -> bool {
        let Some(free) = self.free_cells(seat) else {
            return false;
        };
        let r = self.ruleset();
        (0..r.orientations(piece))
            .filter_map(|turn| r.orientation(piece, turn))
            .any(|o| o.fitting(free) != 0)
    }

    /// Every placement of `piece` on empty cells of `seat`'s domain, by
    /// orientation, then row, then column (ERA-7).
    pub(crate) fn push_placements(&self, seat: Seat, piece: Piece, out: &mut Vec<Action>) {
        let Some(free) = self.free_cells(seat) else {
            return;
        };
        let r = self.ruleset();
        let size = r.geometry.size;
        for turn in 0..r.orientations(piece) {
            let Some(o) = r.orientation(piece, turn) else {
                continue;
            };
            let mut fits = o.fitting(free);
            while fits != 0 {
                let bit = fits.trailing_zeros();
                fits ^= 1u128 << bit;
                if let Some(at) = Cell::from_bit(bit, size) {
                    out.push(Action::Place { piece, at, turn });
                }
            }
        }
    }

    /// The empty cells of `seat`'s domain.
    fn free_cells(&self, seat: Seat) -> Option<CellSet> {
        self.players.get(seat).map(|p| p.domain.empty())
    }

    /// Whether `seat` can pay for `piece` (ERA-18).
    pub(crate) fn can_afford(&self, seat: Seat, piece: Piece) -> bool {
        let cost = self.ruleset().cost(piece);
        self.players
            .get(seat)
            .is_some_and(|p| Resource::ALL.iter().all(|&r| p.resources[r] >= cost[r]))
    }

    /// Whether the supply has a `piece` left (ERA-18).
    pub(crate) fn in_supply(&self, piece: Piece) -> bool {
        match piece {
            Piece::Building(kind) => self.supply[kind] > 0,
            Piece::Wall(length) => wall_slot(&self.wall_supply, length).is_some_and(|&n| n > 0),
            Piece::Scorched => false,
        }
    }

    /// Whether face `side` of a `colour` die shows a skull.
    pub(crate) fn is_skull(&self, colour: Colour, side: Side) -> bool {
        self.ruleset().face(colour, side).is_skull()
    }

    /// How many `symbol`s `seat`'s dice show; none for a seat not at the
    /// table.
    pub(crate) fn symbols(&self, seat: Seat, symbol: Symbol) -> u32 {
        self.players
            .get(seat)
            .map_or(0, |p| p.dice.symbols(self.ruleset(), symbol))
    }

    /// How many skulls `seat`'s dice show (ERA-17).
    pub(crate) fn skulls(&self, seat: Seat) -> u32 {
        self.symbols(seat, Symbol::Skull)
    }

    // ----- moving pieces and points -----

    /// Disaster points for `seat` (ERA-21: the track has no limit).
    pub(crate) fn add_disaster(&mut self, seat: Seat, points: u32) {
        if let Some(p) = self.players.get_mut(seat) {
            p.disaster = p.disaster.saturating_add(points);
        }
    }

    /// Puts `piece` on `cells` of `seat`'s domain.
    pub(crate) fn place(&mut self, seat: Seat, piece: Piece, cells: CellSet) {
        let Some(p) = self.players.get_mut(seat) else {
            return;
        };
        let domain = &mut p.domain;
        match piece {
            Piece::Building(kind) => domain.buildings.push(Building { kind, cells }),
            Piece::Wall(length) => {
                domain.walls |= cells;
                if let Some(count) = wall_slot_mut(&mut domain.wall_counts, length) {
                    *count = count.saturating_add(1);
                }
            }
            Piece::Scorched => domain.scorched |= cells,
        }
    }

    /// Pays for `piece` and takes it from the supply; the last building of
    /// a type flips a tracking token (ERA-18, ERA-19).
    pub(crate) fn take_from_supply(&mut self, seat: Seat, piece: Piece) {
        let cost = self.ruleset().cost(piece);
        if let Some(p) = self.players.get_mut(seat) {
            for (r, have) in p.resources.iter_mut() {
                *have = have.saturating_sub(cost[r]);
            }
        }
        match piece {
            Piece::Building(kind) => {
                let left = &mut self.supply[kind];
                *left = left.saturating_sub(1);
                if *left == 0 {
                    self.tracking.flip();
                }
            }
            Piece::Wall(length) => {
                if let Some(left) = wall_slot_mut(&mut self.wall_supply, length) {
                    *left = left.saturating_sub(1);
                }
            }
            Piece::Scorched => self.scorched_supply = self.scorched_supply.saturating_sub(1),
        }
    }

    /// Puts `piece` back in the supply.
    pub(crate) fn return_to_supply(&mut self, piece: Piece) {
        match piece {
            Piece::Building(kind) => self.supply[kind] = self.supply[kind].saturating_add(1),
            Piece::Wall(length) => {
                if let Some(left) = wall_slot_mut(&mut self.wall_supply, length) {
                    *left = left.saturating_add(1);
                }
            }
            Piece::Scorched => self.scorched_supply = self.scorched_supply.saturating_add(1),
        }
    }

    /// The error for an action of another step than the current one.
    pub(crate) fn wrong_step(&self, action: Action) -> EraError {
        EraError::WrongStep {
            rule: action.rule(),
            step: self.step.name(),
        }
    }
}

impl fmt::Display for Player {
    /// `goods 0, stone 2, wood 2, food 2 | culture 0 | disaster 0 | dice
    /// yellow 3, gray 1, blue 0, white 0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_separated(f, ", ", self.resources.iter(), |f, (r, n)| {
            write!(f, "{r} {n}")
        })?;
        write!(
            f,
            " | culture {} | disaster {} | dice",
            self.culture, self.disaster
        )?;
        write_separated(f, ",", self.owned.iter(), |f, (c, n)| write!(f, " {c} {n}"))
    }
}
