//! The invariants of a state or a view, checked when one is decoded and
//! before a view is determinized.
//!
//! A state and a view share one check ([`Table::check`]): a view is a state
//! with some layouts and dice hidden, and everything it shows must be what
//! some valid state shows.

use alloc::vec::Vec;
use core::cmp::Ordering;

use dice_core::Viewer;
use dice_core::seat::{Seat, TurnOrder};

use crate::building::BuildingKind;
use crate::cell::Cell;
use crate::colour::Colour;
use crate::dice::DiceCounts;
use crate::domain::Domain;
use crate::error::{EraError, InvalidDomain, InvalidPlayer, InvalidState};
use crate::grid::{CellSet, all_cells};
use crate::map::{ByColour, ByResource, FaceCounts};
use crate::piece::{PIECES, Piece};
use crate::ruleset::Ruleset;
use crate::state::Era;
use crate::step::Step;
use crate::table::TableSize;
use crate::tracking::TrackingTokens;
use crate::view::{EraView, PlayerView, dice_hidden, layout_hidden};

/// One player as the checks see them: what a view shows (`None` while
/// hidden).
pub(crate) struct Seen<'a> {
    domain: Option<&'a Domain>,
    /// The faces showing, the dice set aside and the dice a Monastery set,
    /// while shown.
    dice: Option<Faces<'a>>,
    laid_out: u8,
    resources: ByResource<u8>,
    culture: u32,
    disaster: u32,
    owned: ByColour<u8>,
    showing: ByColour<u8>,
    set_aside: ByColour<u8>,
    fixed: ByColour<u8>,
    choices: &'a DiceCounts,
    rolling: ByColour<u8>,
    rolls: u8,
    fresh: FaceCounts,
}

/// A player's dice, face by face.
#[derive(Clone, Copy)]
struct Faces<'a> {
    showing: &'a DiceCounts,
    set_aside: &'a DiceCounts,
    fixed: &'a DiceCounts,
}

impl<'a> Seen<'a> {
    fn of_view(v: &'a PlayerView) -> Seen<'a> {
        let dice = match (&v.dice, &v.set_aside, &v.fixed) {
            (Some(showing), Some(set_aside), Some(fixed)) => Some(Faces {
                showing,
                set_aside,
                fixed,
            }),
            _ => None,
        };
        Seen {
            domain: v.domain.as_ref(),
            dice,
            laid_out: v.laid_out,
            resources: v.resources,
            culture: v.culture,
            disaster: v.disaster,
            owned: v.owned,
            showing: v.showing,
            set_aside: v.set_aside_count,
            fixed: v.fixed_count,
            choices: &v.choices,
            rolling: v.rolling,
            rolls: v.rolls,
            fresh: v.fresh,
        }
    }

    /// What holds whatever the table: dice set aside and dice set by a
    /// Monastery show, no more dice than owned, shown faces agree with the
    /// counts (ERA-12 … ERA-15).
    fn check_alone(&self) -> Result<(), InvalidPlayer> {
        for colour in Colour::ALL {
            let showing = self.showing[colour];
            let aside = self.set_aside[colour].saturating_add(self.fixed[colour]);
            if aside > showing {
                return Err(InvalidPlayer::SetAsideBeyondShowing {
                    colour,
                    aside,
                    showing,
                });
            }
            let in_play = u32::from(showing).saturating_add(u32::from(self.rolling[colour]));
            let owned = self.owned[colour];
            if in_play > u32::from(owned) {
                return Err(InvalidPlayer::DiceInPlay {
                    colour,
                    in_play,
                    owned,
                });
            }
        }
        let Some(faces) = self.dice else {
            return Ok(());
        };
        for (field, dice, counted) in [
            ("dice", faces.showing, self.showing),
            ("set_aside", faces.set_aside, self.set_aside),
            ("fixed", faces.fixed, self.fixed),
        ] {
            if dice.per_colour() != counted {
                return Err(InvalidPlayer::Counts {
                    field,
                    faces: dice.per_colour(),
                    counted,
                });
            }
        }
        let free = |colour, side| {
            faces
                .showing
                .get(colour, side)
                .checked_sub(faces.set_aside.get(colour, side))?
                .checked_sub(faces.fixed.get(colour, side))
        };
        if let Some((colour, side, _)) = faces
            .showing
            .dice()
            .chain(faces.set_aside.dice())
            .chain(faces.fixed.dice())
            .find(|&(colour, side, _)| free(colour, side).is_none())
        {
            return Err(InvalidPlayer::SetAsideFace { colour, side });
        }
        if let Some((colour, side, _)) = self
            .choices
            .dice()
            .find(|&(colour, side, n)| n > faces.showing.get(colour, side))
        {
            return Err(InvalidPlayer::ChoiceNotShowing { colour, side });
        }
        for (side, &fresh) in self.fresh.iter() {
            let white = free(Colour::White, side).ok_or(InvalidPlayer::SetAsideFace {
                colour: Colour::White,
                side,
            })?;
            if fresh > white {
                return Err(InvalidPlayer::FeathersBeyondDice { side, fresh, white });
            }
        }
        Ok(())
    }
}

/// A position as the checks see it: a view, of a viewer or of everything
/// a state holds ([`EraView::unhidden`]).
pub(crate) struct Table<'a> {
    view: &'a EraView,
    players: Vec<Seen<'a>>,
}

impl Table<'_> {
    fn ruleset(&self) -> &Ruleset {
        self.view.config.ruleset()
    }

    /// Every invariant that can be read off what is shown.
    fn check(&self) -> Result<(), InvalidState> {
        let players = self.view.config.players();
        let table =
            TableSize::of(players).ok_or(InvalidState::Config(EraError::Players(players)))?;
        let seats = self.players.len();
        if seats != players {
            return Err(InvalidState::Seats { seats, players });
        }
        let order = TurnOrder::new(players).ok_or(InvalidState::Seats { seats, players })?;
        if self.view.start >= players {
            return Err(InvalidState::StartPlayer {
                seat: self.view.start,
                players,
            });
        }
        self.check_step(table)?;
        self.check_tokens(table)?;
        self.check_builds()?;
        for (seat, p) in self.players.iter().enumerate() {
            let turn = order.distance(self.view.start, seat);
            p.check_alone()
                .and_then(|()| self.check_player(table, seat, turn, p))
                .map_err(|problem| InvalidState::Player { seat, problem })?;
        }
        self.check_supply(table)
    }

    fn check_step(&self, table: TableSize) -> Result<(), InvalidState> {
        let n = table.seats();
        let in_range = match self.view.step {
            Step::Layout { seat } => seat < n,
            Step::StartRoll { rolling } => {
                rolling.count_ones() >= 2 && u32::from(rolling) >> n == 0
            }
            Step::Roll { turn }
            | Step::Feathers { turn }
            | Step::Disasters { turn }
            | Step::Collect { turn }
            | Step::Build { turn, .. } => turn < n,
            Step::Suffer { turn, by, left } => {
                turn < n && by < n && u32::from(left) <= MAX_SUFFER_UNITS
            }
            Step::Extort { turn, victim, .. } => turn < n && (1..n).contains(&victim),
            Step::Over => true,
        };
        if !in_range {
            return Err(InvalidState::StepBeyondTable {
                step: self.view.step,
                players: table.players(),
            });
        }
        let setup = self.view.step.is_setup();
        if setup && self.view.round != 0 {
            return Err(InvalidState::RoundDuringSetup(self.view.round));
        }
        if !setup && self.view.round == 0 {
            return Err(InvalidState::NoRound);
        }
        if self.view.round > MAX_ROUND {
            return Err(InvalidState::RoundBeyondReach {
                round: self.view.round,
                most: MAX_ROUND,
            });
        }
        let tracking = self.view.tracking;
        if self.view.step == Step::Over && !tracking.all_show_x() {
            return Err(InvalidState::OverTooSoon {
                flipped: tracking.showing_x,
                tokens: tracking.in_play,
            });
        }
        Ok(())
    }

    fn check_tokens(&self, table: TableSize) -> Result<(), InvalidState> {
        let TrackingTokens { in_play, showing_x } = self.view.tracking;
        let expected = self.ruleset().tracking_tokens(table);
        if in_play != expected {
            return Err(InvalidState::Tokens {
                tokens: in_play,
                expected,
                players: table.players(),
            });
        }
        if showing_x > in_play {
            return Err(InvalidState::Flipped {
                flipped: showing_x,
                tokens: in_play,
            });
        }
        // A token flips when the last building of a type leaves the supply,
        // which never fills up again after the layout.
        let empty = self
            .view
            .supply
            .values()
            .filter(|&&n| n == 0)
            .fold(0, |empty: u8, _| empty.saturating_add(1));
        if showing_x > empty {
            return Err(InvalidState::FlippedTypes {
                flipped: showing_x,
                empty,
            });
        }
        Ok(())
    }

    /// One player against the table; `turn` is their turn-order position.
    fn check_player(
        &self,
        table: TableSize,
        seat: Seat,
        turn: usize,
        p: &Seen<'_>,
    ) -> Result<(), InvalidPlayer> {
        let r = self.ruleset();
        if let Some(d) = p.domain {
            check_domain(r, d).map_err(InvalidPlayer::Domain)?;
        }
        self.check_layout(table, seat, p)?;
        if let Some((resource, &have)) = p
            .resources
            .iter()
            .find(|&(res, &n)| n > r.resource_max(res))
        {
            return Err(InvalidPlayer::Resource {
                resource,
                have,
                max: r.resource_max(resource),
            });
        }
        self.check_reach(p)?;
        if p.rolls > r.round.rolls {
            return Err(InvalidPlayer::Rolls {
                rolls: p.rolls,
                max: r.round.rolls,
            });
        }
        self.check_dice_owned(p)?;
        self.check_dice_in_step(turn, p)?;
        self.check_monastery(p)?;
        self.check_choices(turn, p)
    }

    /// Culture and disaster points within what a game of at most
    /// [`MAX_ROUND`] rounds can bring (ERA-15, ERA-21), so that no total
    /// overflows.
    fn check_reach(&self, p: &Seen<'_>) -> Result<(), InvalidPlayer> {
        let r = self.ruleset();
        let round = MAX_ROUND;
        for (field, have, per_round, rule) in [
            ("culture", p.culture, r.most_culture_per_round(), "ERA-15"),
            (
                "disaster",
                p.disaster,
                r.most_disaster_per_round(),
                "ERA-21",
            ),
        ] {
            let most = per_round.saturating_mul(round);
            if have > most {
                return Err(InvalidPlayer::TrackBeyondReach {
                    field,
                    have,
                    round,
                    most,
                    rule,
                });
            }
        }
        Ok(())
    }

    /// During the Build step, no more pieces to build than the builder's
    /// dice show hammers (ERA-18).
    fn check_builds(&self) -> Result<(), InvalidState> {
        let Step::Build {
            turn,
            hammers: builds,
            chosen,
        } = self.view.step
        else {
            return Ok(());
        };
        let Some(order) = TurnOrder::new(self.players.len()) else {
            return Ok(());
        };
        let seat = order.left_of(self.view.start, usize::from(turn));
        let Some(faces) = self.players.get(seat).and_then(|p| p.dice) else {
            return Ok(());
        };
        let r = self.ruleset();
        let hammers = faces
            .showing
            .dice()
            .map(|(colour, side, n)| {
                u32::from(r.face(colour, side).count(crate::symbols::Symbol::Hammer))
                    .saturating_mul(u32::from(n))
            })
            .fold(0, u32::saturating_add);
        if u32::from(builds) > hammers || (chosen.is_some() && builds == 0) {
            return Err(InvalidState::BuildsBeyondHammers { builds, hammers });
        }
        Ok(())
    }

    /// Dice a Monastery set only during a round, no more than the
    /// Monasteries set (ERA-14) until a disaster may burn one.
    fn check_monastery(&self, p: &Seen<'_>) -> Result<(), InvalidPlayer> {
        let fixed = p.fixed.total();
        if fixed == 0 {
            return Ok(());
        }
        if self.view.step.is_setup() || self.view.step == Step::Over {
            return Err(InvalidPlayer::FixedOutsideRound);
        }
        let before_disasters = matches!(
            self.view.step,
            Step::Roll { .. } | Step::Feathers { .. } | Step::Collect { .. }
        );
        if let (true, Some(d)) = (before_disasters, p.domain) {
            let per = u32::from(self.ruleset().round.monastery_dice);
            let uses = u32::from(d.count(BuildingKind::Monastery)).saturating_mul(per);
            if fixed > uses {
                return Err(InvalidPlayer::FixedBeyondMonasteries { fixed, uses });
            }
        }
        Ok(())
    }

    /// Choice faces to pick only on choice faces, during Collect, for the
    /// players who have not collected yet (ERA-15).
    fn check_choices(&self, turn: usize, p: &Seen<'_>) -> Result<(), InvalidPlayer> {
        if p.choices.is_empty() {
            return Ok(());
        }
        match self.view.step {
            Step::Collect { turn: t } if usize::from(t) <= turn => {}
            _ => return Err(InvalidPlayer::ChoicesOutOfStep),
        }
        let r = self.ruleset();
        match p
            .choices
            .dice()
            .find(|&(c, s, _)| !r.face(c, s).is_choice())
        {
            Some((colour, side, _)) => Err(InvalidPlayer::NotAChoice { colour, side }),
            None => Ok(()),
        }
    }

    /// Seats before the one laying out have laid out every piece, seats
    /// after it none (ERA-5).
    fn check_layout(
        &self,
        table: TableSize,
        seat: Seat,
        p: &Seen<'_>,
    ) -> Result<(), InvalidPlayer> {
        let total = self.ruleset().start_total(table);
        if p.laid_out > total {
            return Err(InvalidPlayer::LaidOutBeyond {
                laid_out: p.laid_out,
                total,
            });
        }
        let laying = match self.view.step {
            Step::Layout { seat: s } => usize::from(s).cmp(&seat),
            _ => Ordering::Greater,
        };
        let laid_ok = match laying {
            Ordering::Less => p.laid_out == 0,
            Ordering::Greater => p.laid_out == total,
            Ordering::Equal => p.laid_out < total,
        };
        if laid_ok {
            Ok(())
        } else {
            Err(InvalidPlayer::LaidOut {
                laid_out: p.laid_out,
                total,
                step: self.view.step,
            })
        }
    }

    /// Dice follow the buildings (ERA-2, ERA-22), and all of them are in
    /// play during a round.
    fn check_dice_owned(&self, p: &Seen<'_>) -> Result<(), InvalidPlayer> {
        let r = self.ruleset();
        let between_rounds = self.view.step.is_setup() || self.view.step == Step::Over;
        for colour in Colour::ALL {
            let owned = p.owned[colour];
            let most = r.building_count(colour.carrier());
            if owned > most {
                return Err(InvalidPlayer::OwnedBeyondGame {
                    colour,
                    owned,
                    most,
                });
            }
            let in_play = u32::from(p.showing[colour]).saturating_add(u32::from(p.rolling[colour]));
            if between_rounds && in_play != 0 {
                return Err(InvalidPlayer::DiceOutsideRound(colour));
            }
            if !between_rounds && in_play != u32::from(owned) {
                return Err(InvalidPlayer::DiceInPlay {
                    colour,
                    in_play,
                    owned,
                });
            }
        }
        if self.view.step.is_setup() {
            let keep_only = ByColour::from_fn(|c| u8::from(c.carrier() == BuildingKind::Keep));
            if p.owned != keep_only {
                return Err(InvalidPlayer::OwnedBeforeFirstRound(p.owned));
            }
        }
        // No building comes or goes between the end of a round and the
        // disasters of the next.
        let unchanged = matches!(
            self.view.step,
            Step::Roll { .. } | Step::Feathers { .. } | Step::Collect { .. } | Step::Over
        );
        if let (true, Some(d)) = (unchanged, p.domain) {
            let carried = d.carried_dice();
            if p.owned != carried {
                return Err(InvalidPlayer::OwnedNotCarried {
                    owned: p.owned,
                    carried,
                });
            }
        }
        Ok(())
    }

    /// Dice in hand, set aside or with unused feathers only when the step
    /// allows (ERA-12, ERA-13).
    fn check_dice_in_step(&self, turn: usize, p: &Seen<'_>) -> Result<(), InvalidPlayer> {
        let this_turn = |t: u8| usize::from(t) == turn;
        match self.view.step {
            Step::Roll { turn: t } => {
                if usize::from(t) > turn && p.rolling.any() {
                    return Err(InvalidPlayer::RollingAfterRoll);
                }
                if usize::from(t) < turn && (p.showing.any() || p.rolls != 0) {
                    return Err(InvalidPlayer::RolledBeforeTurn);
                }
            }
            Step::Feathers { turn: t } if !this_turn(t) && p.rolling.any() => {
                return Err(InvalidPlayer::RollingOutOfTurn);
            }
            Step::Feathers { .. } => {}
            _ if p.rolling.any() => return Err(InvalidPlayer::RollingOutOfTurn),
            _ => {}
        }
        let rolling_now = matches!(self.view.step, Step::Roll { turn: t } if this_turn(t));
        if !rolling_now && p.set_aside.any() {
            return Err(InvalidPlayer::SetAsideOutOfTurn);
        }
        let feathers = matches!(self.view.step, Step::Feathers { .. });
        let white = &self.ruleset().faces[Colour::White];
        for (side, &fresh) in p.fresh.iter() {
            if fresh == 0 {
                continue;
            }
            if !feathers {
                return Err(InvalidPlayer::FeathersOutOfStep);
            }
            if !white[side].is_feather() {
                return Err(InvalidPlayer::NoFeather(side));
            }
        }
        Ok(())
    }

    /// Every piece is in the supply, the box, a domain or a hand (ERA-1).
    /// A hidden domain holds the Keep and the start pieces laid out so far;
    /// during the layout a start piece that fitted nowhere stays in its
    /// owner's hand until the reveal (ERA-5).
    fn check_supply(&self, table: TableSize) -> Result<(), InvalidState> {
        let r = self.ruleset();
        let mut total = PieceCounts::default();
        for (kind, &n) in self.view.supply.iter() {
            total.add(
                Piece::Building(kind),
                u32::from(n).saturating_add(u32::from(self.view.boxed[kind])),
            );
        }
        for (length, &n) in (1..).zip(&self.view.wall_supply) {
            total.add(Piece::Wall(length), u32::from(n));
        }
        total.add(Piece::Scorched, u32::from(self.view.scorched_supply));
        let start_total = r.start_total(table);
        let layout = matches!(self.view.step, Step::Layout { .. });
        for p in &self.players {
            let laid = (0..p.laid_out).filter_map(|i| r.start_piece(table, i));
            if let Some(d) = p.domain {
                for piece in Piece::ALL {
                    total.add(piece, d.holds(piece));
                }
                if layout {
                    let mut in_hand = PieceCounts::default();
                    for piece in laid {
                        in_hand.add(piece, 1);
                    }
                    for (piece, &n) in in_hand.each() {
                        total.add(piece, n.saturating_sub(d.holds(piece)));
                    }
                }
            } else {
                total.add(Piece::Building(BuildingKind::Keep), 1);
                for piece in laid {
                    total.add(piece, 1);
                }
            }
            for piece in (p.laid_out..start_total).filter_map(|i| r.start_piece(table, i)) {
                total.add(piece, 1);
            }
        }
        for (piece, &have) in total.each() {
            let count = u32::from(match piece {
                Piece::Building(kind) => r.building_count(kind),
                Piece::Wall(length) => r.wall_count(length),
                Piece::Scorched => r.scorched_areas(),
            });
            if have != count {
                return Err(InvalidState::Supply { piece, have, count });
            }
        }
        Ok(())
    }
}

/// The last round a decoded game may be in: far more than any game plays,
/// and small enough that no total can overflow (ERA-22).
const MAX_ROUND: u32 = 100_000;

/// The most units a disaster row may take (the loader's bound).
const MAX_SUFFER_UNITS: u32 = 100;

/// How many of each piece were counted.
#[derive(Default)]
struct PieceCounts([u32; PIECES]);

impl PieceCounts {
    /// `n` more of `piece`: a piece of [`Piece::ALL`], as every caller
    /// counts, so one with a slot.
    fn add(&mut self, piece: Piece, n: u32) {
        if let Some(x) = piece.index().and_then(|i| self.0.get_mut(i)) {
            *x = x.saturating_add(n);
        }
    }

    /// Every piece of [`Piece::ALL`] with its count.
    fn each(&self) -> impl Iterator<Item = (Piece, &u32)> {
        Piece::ALL.into_iter().zip(&self.0)
    }
}

/// A domain under the ruleset: its size, the Keep on the centre, pieces on
/// distinct cells inside the grid, each building a placement of its shape.
fn check_domain(r: &Ruleset, d: &Domain) -> Result<(), InvalidDomain> {
    let size = r.geometry.size;
    if d.size != size {
        return Err(InvalidDomain::Size {
            size: d.size,
            expected: size,
        });
    }
    let keep_on_centre = d
        .buildings
        .first()
        .is_some_and(|b| b.kind == BuildingKind::Keep && b.cells == r.geometry.centre);
    if !keep_on_centre {
        return Err(InvalidDomain::KeepNotOnCentre);
    }
    let all = all_cells(size);
    if (d.walls | d.scorched) & !all != 0 {
        return Err(InvalidDomain::OffGrid);
    }
    if let Some(cell) = first_cell(d.walls & d.scorched, size) {
        return Err(InvalidDomain::Overlap(cell));
    }
    d.check_wall_counts()?;
    let mut seen = d.walls | d.scorched;
    for (index, b) in d.buildings.iter().enumerate() {
        if b.cells & seen != 0 || b.cells & !all != 0 || !is_placement(r, b.kind, b.cells) {
            return Err(InvalidDomain::NotAPlacement {
                index,
                kind: b.kind,
            });
        }
        seen |= b.cells;
    }
    Ok(())
}

/// The first cell of a set, if it has one inside the grid.
fn first_cell(set: CellSet, size: u8) -> Option<Cell> {
    (set != 0)
        .then(|| set.trailing_zeros())
        .and_then(|bit| Cell::from_bit(bit, size))
}

fn is_placement(r: &Ruleset, kind: BuildingKind, cells: CellSet) -> bool {
    let piece = Piece::Building(kind);
    let Some(anchor) = first_cell(cells, r.geometry.size) else {
        return false;
    };
    // The top-left corner of the box lies on the first cell's row, at or
    // left of it.
    (0..r.orientations(piece)).any(|turn| {
        (0..=anchor.col()).any(|col| {
            Cell::new(anchor.row(), col).and_then(|at| r.cells(piece, turn, at)) == Some(cells)
        })
    })
}

impl Era {
    /// Checks every invariant the engine relies on.
    pub(crate) fn validate(&self) -> Result<(), InvalidState> {
        if self.config.table() != Some(self.table) {
            return Err(InvalidState::Config(EraError::Players(
                self.config.players(),
            )));
        }
        EraView::unhidden(self).table_seen().check()?;
        match self.step {
            Step::Build {
                turn,
                chosen: Some(piece),
                ..
            } if !self.can_build(self.seat(turn), piece) => {
                return Err(InvalidState::ChosenNotBuildable(piece));
            }
            Step::Extort {
                turn,
                victim,
                demand: Some(res),
            } => {
                let v = self.left_of_turn(turn, victim);
                if self.players.get(v).is_none_or(|p| p.resources[res] == 0) {
                    return Err(InvalidState::DemandUnpaid(res));
                }
            }
            _ => {}
        }
        // Every automatic step has run: a player or chance must act.
        let mut settled = self.clone();
        settled.settle();
        if settled != *self {
            return Err(InvalidState::NotSettled);
        }
        Ok(())
    }
}

impl EraView {
    /// Checks that some valid state shows this view.
    pub(crate) fn validate(&self) -> Result<(), InvalidState> {
        let players = self.players.len();
        if let Viewer::Seat(seat) = self.viewer {
            if seat >= players {
                return Err(InvalidState::Viewer { seat, players });
            }
        }
        for (seat, p) in self.players.iter().enumerate() {
            let fail = |problem| Err(InvalidState::Player { seat, problem });
            let shown = p.dice.is_some();
            if p.set_aside.is_some() != shown || p.fixed.is_some() != shown {
                return fail(InvalidPlayer::DiceShownApart);
            }
            // Each secret is shown exactly when the viewer may see it.
            match (
                p.domain.is_some(),
                layout_hidden(self.step, seat, self.viewer),
            ) {
                (true, true) => return fail(InvalidPlayer::LayoutShown),
                (false, false) => return fail(InvalidPlayer::LayoutHidden),
                _ => {}
            }
            match (p.dice.is_some(), dice_hidden(self.step, seat, self.viewer)) {
                (true, true) => return fail(InvalidPlayer::DiceShown),
                (false, false) => return fail(InvalidPlayer::DiceHidden),
                _ => {}
            }
        }
        self.table_seen().check()?;
        if let Step::Extort {
            turn,
            victim,
            demand: Some(res),
        } = self.step
        {
            let order = TurnOrder::new(players).ok_or(InvalidState::Seats {
                seats: players,
                players: self.config.players(),
            })?;
            let extorter = order.left_of(self.start, usize::from(turn));
            let v = order.left_of(extorter, usize::from(victim));
            if self.players.get(v).is_none_or(|p| p.resources[res] == 0) {
                return Err(InvalidState::DemandUnpaid(res));
            }
        }
        Ok(())
    }

    fn table_seen(&self) -> Table<'_> {
        Table {
            view: self,
            players: self.players.iter().map(Seen::of_view).collect(),
        }
    }
}

#[cfg(feature = "serde")]
mod decode {
    //! Decoding states: through their plain form, then the checks above
    //! (views decode in `view_json`).

    use alloc::format;
    use alloc::sync::Arc;
    use alloc::vec::Vec;

    use dice_core::seat::{PerSeat, Seat};
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use crate::config::EraConfig;
    use crate::error::{EraError, InvalidState};
    use crate::map::ByBuilding;
    use crate::piece::MAX_WALL_LENGTH;
    use crate::state::{Era, Player};
    use crate::step::Step;
    use crate::tracking::TrackingTokens;

    /// The plain form of [`Era`].
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct RawEra {
        config: EraConfig,
        step: Step,
        round: u32,
        start: Seat,
        players: Vec<Player>,
        supply: ByBuilding<u8>,
        boxed: ByBuilding<u8>,
        wall_supply: [u8; MAX_WALL_LENGTH as usize],
        scorched_supply: u8,
        tokens: u8,
        flipped: u8,
    }

    impl Serialize for Era {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            use serde::ser::SerializeStruct;
            let mut st = s.serialize_struct("Era", 11)?;
            st.serialize_field("config", &*self.config)?;
            st.serialize_field("step", &self.step)?;
            st.serialize_field("round", &self.round)?;
            st.serialize_field("start", &self.start)?;
            st.serialize_field("players", &self.players)?;
            st.serialize_field("supply", &self.supply)?;
            st.serialize_field("boxed", &self.boxed)?;
            st.serialize_field("wall_supply", &self.wall_supply)?;
            st.serialize_field("scorched_supply", &self.scorched_supply)?;
            st.serialize_field("tokens", &self.tracking.in_play)?;
            st.serialize_field("flipped", &self.tracking.showing_x)?;
            st.end()
        }
    }

    impl<'de> Deserialize<'de> for Era {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let raw = RawEra::deserialize(d)?;
            let refuse = |e: InvalidState| D::Error::custom(format!("invalid Era state: {e}"));
            let players = raw.config.players();
            let table = raw
                .config
                .table()
                .ok_or_else(|| refuse(InvalidState::Config(EraError::Players(players))))?;
            let seats = raw.players.len();
            let seated = PerSeat::from_values(raw.players)
                .filter(|s| s.players() == players)
                .ok_or_else(|| refuse(InvalidState::Seats { seats, players }))?;
            let era = Era {
                config: Arc::new(raw.config),
                table,
                step: raw.step,
                round: raw.round,
                start: raw.start,
                players: seated,
                supply: raw.supply,
                boxed: raw.boxed,
                wall_supply: raw.wall_supply,
                scorched_supply: raw.scorched_supply,
                tracking: TrackingTokens {
                    in_play: raw.tokens,
                    showing_x: raw.flipped,
                },
            };
            era.validate().map_err(refuse)?;
            Ok(era)
        }
    }
}
