//! The invariants of a state or a view, checked when one is deserialised
//! and before a view is determinized.
//!
//! A state and a view share one check ([`Table::check`]): a view is a state
//! with some domains and dice hidden, and everything it shows must be what
//! some valid state shows.

use alloc::format;
use alloc::string::String;
#[cfg(feature = "serde")]
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::fmt;

use crate::dice::DiceCounts;
use crate::domain::Domain;
use crate::grid::all_cells;
use crate::piece::{BuildingKind, Cell, MAX_WALL_LENGTH, PIECES, Piece};
use crate::state::{Era, MAX_PLAYERS, Player, Step};
use crate::symbols::{Colour, Resource};
use crate::{EraConfig, Ruleset};

/// Why a deserialised state was refused: the invariant it breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StateError(pub(crate) String);

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid Era state: {}", self.0)
    }
}

impl core::error::Error for StateError {}

/// Why a deserialised view was refused: what no valid state would show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ViewError(pub(crate) String);

impl fmt::Display for ViewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid Era view: {}", self.0)
    }
}

impl core::error::Error for ViewError {}

/// One player as the checks see them: all of a state's player, or what a
/// view shows (`None` while hidden).
pub(crate) struct Seen<'a> {
    pub(crate) domain: Option<&'a Domain>,
    /// The faces showing and the dice set aside, while shown.
    pub(crate) dice: Option<(&'a DiceCounts, &'a DiceCounts)>,
    pub(crate) laid_out: u8,
    pub(crate) resources: [u8; 4],
    pub(crate) owned: [u8; 4],
    pub(crate) showing: [u8; 4],
    pub(crate) set_aside: [u8; 4],
    pub(crate) rolling: [u8; 4],
    pub(crate) rolls: u8,
    pub(crate) fresh: [u8; 6],
}

impl<'a> Seen<'a> {
    pub(crate) fn of(p: &'a Player) -> Seen<'a> {
        Seen {
            domain: Some(&p.domain),
            dice: Some((&p.dice, &p.set_aside)),
            laid_out: p.laid_out,
            resources: p.resources,
            owned: p.owned,
            showing: p.dice.per_colour(),
            set_aside: p.set_aside.per_colour(),
            rolling: p.rolling,
            rolls: p.rolls,
            fresh: p.fresh,
        }
    }

    /// What holds whatever the table: dice set aside show, no more dice
    /// than owned, shown faces agree with the counts (ERA-12, ERA-13).
    pub(crate) fn check_alone(&self) -> Result<(), String> {
        for (((colour, &owned), (&showing, &aside)), &rolling) in Colour::ALL
            .iter()
            .zip(&self.owned)
            .zip(self.showing.iter().zip(&self.set_aside))
            .zip(&self.rolling)
        {
            if aside > showing {
                return Err(format!(
                    "set_aside: {aside} {colour} dice set aside, but {showing} show (ERA-12)"
                ));
            }
            let in_play = u32::from(showing).saturating_add(u32::from(rolling));
            if in_play > u32::from(owned) {
                return Err(format!(
                    "dice: {in_play} {colour} dice showing or rolling, but the player owns {owned} (ERA-2)"
                ));
            }
        }
        let Some((dice, aside)) = self.dice else {
            return Ok(());
        };
        if dice.per_colour() != self.showing {
            return Err(format!(
                "dice: the faces show {:?} dice per colour, but {:?} are counted",
                dice.per_colour(),
                self.showing
            ));
        }
        if aside.per_colour() != self.set_aside {
            return Err(format!(
                "set_aside: the faces show {:?} dice per colour, but {:?} are counted",
                aside.per_colour(),
                self.set_aside
            ));
        }
        for colour in Colour::ALL {
            for face in 0..6u8 {
                if aside.get(colour, face) > dice.get(colour, face) {
                    return Err(format!(
                        "set_aside: a {colour} die set aside on face {face} that does not show (ERA-12)"
                    ));
                }
            }
        }
        for ((face, &fresh), &white) in (0u8..).zip(&self.fresh).zip(&dice.white) {
            if fresh > white {
                return Err(format!(
                    "fresh: {fresh} unused feathers on face {face}, but {white} white dice show it (ERA-13)"
                ));
            }
        }
        Ok(())
    }
}

/// A position as the checks see it: what a state holds, or what a view
/// shows.
pub(crate) struct Table<'a> {
    pub(crate) config: &'a EraConfig,
    pub(crate) step: Step,
    pub(crate) round: u32,
    pub(crate) start: u8,
    pub(crate) supply: [u8; 12],
    pub(crate) boxed: [u8; 12],
    pub(crate) wall_supply: [u8; MAX_WALL_LENGTH as usize],
    pub(crate) scorched_supply: u8,
    pub(crate) tokens: u8,
    pub(crate) flipped: u8,
    pub(crate) players: Vec<Seen<'a>>,
}

impl Table<'_> {
    fn ruleset(&self) -> &Ruleset {
        &self.config.ruleset
    }

    /// Every invariant that can be read off what is shown.
    pub(crate) fn check(&self) -> Result<(), String> {
        let n = self.players.len();
        if !(2..=MAX_PLAYERS).contains(&self.config.players) {
            return Err(format!(
                "config.players: Era is for 2 to 4 players, not {} (ERA-3)",
                self.config.players
            ));
        }
        if n != self.config.players {
            return Err(format!(
                "players: {n} entries for a {}-player game",
                self.config.players
            ));
        }
        // 2 to 4 players, checked above.
        let n8 = u8::try_from(n).unwrap_or(u8::MAX);
        if self.start >= n8 {
            return Err(format!(
                "start: seat {} is not at a {n}-player table",
                self.start
            ));
        }
        self.check_step(n8)?;
        self.check_tokens(n8)?;
        for (seat, p) in self.players.iter().enumerate() {
            p.check_alone()
                .and_then(|()| self.check_player(n8, seat, p))
                .map_err(|e| format!("players[{seat}].{e}"))?;
        }
        self.check_supply(n8)
    }

    fn check_step(&self, n8: u8) -> Result<(), String> {
        let in_range = match self.step {
            Step::Layout { seat } => seat < n8,
            Step::StartRoll { rolling } => {
                rolling.count_ones() >= 2 && u32::from(rolling) >> n8 == 0
            }
            Step::Roll { turn }
            | Step::Feathers { turn }
            | Step::Fire { turn }
            | Step::Monastery { turn, .. }
            | Step::Build { turn, .. } => turn < n8,
            Step::Treachery { turn, by } => turn < n8 && (1..n8).contains(&by),
            Step::Extort { turn, victim, .. } => turn < n8 && (1..n8).contains(&victim),
            Step::Over => true,
        };
        if !in_range {
            return Err(format!(
                "step: {:?} names a seat or turn beyond the {n8}-player table",
                self.step
            ));
        }
        let setup = matches!(self.step, Step::Layout { .. } | Step::StartRoll { .. });
        if setup && self.round != 0 {
            return Err(format!(
                "round: {} during the setup (ERA-5, ERA-6)",
                self.round
            ));
        }
        if !setup && self.round == 0 {
            return Err("round: 0 after the setup (ERA-6)".into());
        }
        if self.step == Step::Over && self.flipped < self.tokens {
            return Err(format!(
                "step: the game is over, but only {} of {} tracking tokens show X (ERA-22)",
                self.flipped, self.tokens
            ));
        }
        Ok(())
    }

    fn check_tokens(&self, n8: u8) -> Result<(), String> {
        let expected = self.ruleset().tracking_tokens(n8);
        if self.tokens != expected {
            return Err(format!(
                "tokens: {} in play, but the ruleset has {expected} at {n8} players (ERA-3)",
                self.tokens
            ));
        }
        if self.flipped > self.tokens {
            return Err(format!(
                "flipped: {} tokens show X, but {} are in play (ERA-19)",
                self.flipped, self.tokens
            ));
        }
        // A token flips when the last building of a type leaves the supply,
        // which never fills up again after the layout.
        let empty: usize = self.supply.iter().map(|&x| usize::from(x == 0)).sum();
        if usize::from(self.flipped) > empty {
            return Err(format!(
                "flipped: {} tokens show X, but only {empty} building types are out of the supply (ERA-19)",
                self.flipped
            ));
        }
        Ok(())
    }

    /// One player against the table; messages start with the field.
    #[allow(clippy::too_many_lines)]
    fn check_player(&self, n8: u8, seat: usize, p: &Seen<'_>) -> Result<(), String> {
        let r = self.ruleset();
        #[expect(
            clippy::arithmetic_side_effects,
            reason = "start and seat are below n8 (checked), which is 2 to 4"
        )]
        let pos = (usize::from(n8) + seat - usize::from(self.start)) % usize::from(n8);
        let this_turn = |turn: u8| usize::from(turn) == pos;
        if let Some(d) = p.domain {
            check_domain(r, d)?;
        }
        let total = r.start_total_for(n8);
        if p.laid_out > total {
            return Err(format!(
                "laid_out: {} start pieces, but there are {total} (ERA-4)",
                p.laid_out
            ));
        }
        let laying = match self.step {
            Step::Layout { seat: s } => usize::from(s).cmp(&seat),
            _ => core::cmp::Ordering::Greater,
        };
        let laid_ok = match laying {
            // Seats after the one laying out have not started; seats before
            // it, and everyone after the layout, have laid out every piece.
            core::cmp::Ordering::Less => p.laid_out == 0,
            core::cmp::Ordering::Greater => p.laid_out == total,
            core::cmp::Ordering::Equal => p.laid_out < total,
        };
        if !laid_ok {
            return Err(format!(
                "laid_out: {} of {total} start pieces laid out during {} (ERA-5)",
                p.laid_out, self.step
            ));
        }
        let max = r.resource_max();
        for (res, &have) in Resource::ALL.iter().zip(&p.resources) {
            if have > max {
                return Err(format!(
                    "resources: {have} {res}, above the track's {max} (ERA-15)"
                ));
            }
        }
        if p.rolls > r.rolls {
            return Err(format!(
                "rolls: {} rolls, but a round has {} (ERA-12)",
                p.rolls, r.rolls
            ));
        }
        let setup = matches!(self.step, Step::Layout { .. } | Step::StartRoll { .. });
        let between_rounds = setup || self.step == Step::Over;
        for (((colour, &owned), &showing), &rolling) in Colour::ALL
            .iter()
            .zip(&p.owned)
            .zip(&p.showing)
            .zip(&p.rolling)
        {
            let carrier = colour.carrier();
            let most = r.building_count(carrier);
            if owned > most {
                return Err(format!(
                    "owned: {owned} {colour} dice, but the game has {most} of the {carrier} that carries them (ERA-2)"
                ));
            }
            let in_play = u32::from(showing).saturating_add(u32::from(rolling));
            if between_rounds && in_play != 0 {
                return Err(format!(
                    "dice: {colour} dice showing or rolling outside a round (ERA-12)"
                ));
            }
            if !between_rounds && in_play != u32::from(owned) {
                return Err(format!(
                    "dice: {in_play} {colour} dice showing or rolling, but the player owns {owned} (ERA-12)"
                ));
            }
        }
        if setup {
            let keep_only = Colour::ALL.map(|c| u8::from(c.carrier() == BuildingKind::Keep));
            if p.owned != keep_only {
                return Err(format!(
                    "owned: {:?} dice before the first round, not the Keep's die (ERA-4)",
                    p.owned
                ));
            }
        }
        let unchanged = matches!(
            self.step,
            Step::Roll { .. } | Step::Feathers { .. } | Step::Monastery { .. } | Step::Over
        );
        if let (true, Some(d)) = (unchanged, p.domain) {
            // No building comes or goes between the end of a round and the
            // disasters of the next.
            let carried = d.carried_dice();
            if p.owned != carried {
                return Err(format!(
                    "owned: {:?} dice, but the domain's buildings carry {carried:?} (ERA-2, ERA-22)",
                    p.owned
                ));
            }
        }
        let any = |a: &[u8]| a.iter().any(|&x| x > 0);
        match self.step {
            Step::Roll { turn } => {
                if usize::from(turn) > pos && any(&p.rolling) {
                    return Err("rolling: dice in hand after the player's roll (ERA-12)".into());
                }
                if usize::from(turn) < pos && (any(&p.showing) || p.rolls != 0) {
                    return Err("dice: dice rolled before the player's turn (ERA-12)".into());
                }
            }
            Step::Feathers { turn } if !this_turn(turn) && any(&p.rolling) => {
                return Err(
                    "rolling: dice in hand outside the player's feather re-roll (ERA-13)".into(),
                );
            }
            Step::Feathers { .. } => {}
            _ if any(&p.rolling) => {
                return Err("rolling: dice in hand outside the roll (ERA-12)".into());
            }
            _ => {}
        }
        let rolling_now = matches!(self.step, Step::Roll { turn } if this_turn(turn));
        if !rolling_now && any(&p.set_aside) {
            return Err("set_aside: dice set aside outside the player's roll (ERA-12)".into());
        }
        let feathers = matches!(self.step, Step::Feathers { .. });
        for (face, &fresh) in (0u8..).zip(&p.fresh) {
            if fresh == 0 {
                continue;
            }
            if !feathers {
                return Err("fresh: unused feather re-rolls outside the feathers (ERA-13)".into());
            }
            if !r.face(Colour::White, usize::from(face)).is_feather() {
                return Err(format!(
                    "fresh: face {face} of the white die shows no feather (ERA-13)"
                ));
            }
        }
        Ok(())
    }

    /// Every piece is in the supply, the box, a domain or a hand (ERA-1).
    /// A hidden domain holds the Keep and the start pieces laid out so far,
    /// except those that fitted nowhere and went back to the supply.
    fn check_supply(&self, n8: u8) -> Result<(), String> {
        let r = self.ruleset();
        let mut total = [0u32; PIECES];
        let mut slack = [0u32; PIECES];
        let add = |counts: &mut [u32; PIECES], piece: Piece, n: u32| {
            if let Some(x) = counts.get_mut(piece.index()) {
                *x = x.saturating_add(n);
            }
        };
        for ((kind, &supply), &boxed) in BuildingKind::ALL.iter().zip(&self.supply).zip(&self.boxed)
        {
            let n = u32::from(supply).saturating_add(u32::from(boxed));
            add(&mut total, Piece::Building(*kind), n);
        }
        for (len, &n) in (1..=MAX_WALL_LENGTH).zip(&self.wall_supply) {
            add(&mut total, Piece::Wall(len), u32::from(n));
        }
        add(&mut total, Piece::Scorched, u32::from(self.scorched_supply));
        let start_total = r.start_total_for(n8);
        for p in &self.players {
            if let Some(d) = p.domain {
                for b in &d.buildings {
                    add(&mut total, Piece::Building(b.kind), 1);
                }
                for (len, &n) in (1..=MAX_WALL_LENGTH).zip(&d.wall_counts) {
                    add(&mut total, Piece::Wall(len), u32::from(n));
                }
                add(&mut total, Piece::Scorched, d.scorched.count_ones());
            } else {
                add(&mut total, Piece::Building(BuildingKind::Keep), 1);
                for piece in (0..p.laid_out).filter_map(|i| r.start_piece_for(n8, i)) {
                    add(&mut total, piece, 1);
                    add(&mut slack, piece, 1);
                }
            }
            for piece in (p.laid_out..start_total).filter_map(|i| r.start_piece_for(n8, i)) {
                add(&mut total, piece, 1);
            }
        }
        let pieces = BuildingKind::ALL
            .into_iter()
            .map(Piece::Building)
            .chain((1..=MAX_WALL_LENGTH).map(Piece::Wall))
            .chain(core::iter::once(Piece::Scorched));
        for piece in pieces {
            let i = piece.index();
            let have = total.get(i).copied().unwrap_or(0);
            let extra = slack.get(i).copied().unwrap_or(0);
            let count = u32::from(match piece {
                Piece::Building(kind) => r.building_count(kind),
                Piece::Wall(len) => r.wall_count(len),
                Piece::Scorched => r.scorched,
            });
            if have < count || have > count.saturating_add(extra) {
                let what = match piece {
                    Piece::Building(kind) => format!("supply: {kind}"),
                    Piece::Wall(len) => format!("wall_supply: walls of length {len}"),
                    Piece::Scorched => String::from("scorched_supply: scorched areas"),
                };
                return Err(format!(
                    "{what}: {have} in the supply, the box, domains and hands, but the game has {count} (ERA-1)"
                ));
            }
        }
        Ok(())
    }
}

/// A domain under the ruleset: its size, the Keep on the centre, pieces on
/// distinct cells inside the grid, each building a placement of its shape.
pub(crate) fn check_domain(r: &Ruleset, d: &Domain) -> Result<(), String> {
    if d.size != r.size {
        return Err(format!(
            "domain.size: {}, but the ruleset's domain is {} (D2)",
            d.size, r.size
        ));
    }
    let keep_on_centre = d
        .buildings
        .first()
        .is_some_and(|b| b.kind == BuildingKind::Keep && b.cells == 1u128 << r.centre);
    if !keep_on_centre {
        return Err(
            "domain.buildings[0]: the first building must be the Keep on the centre cell (ERA-4)"
                .into(),
        );
    }
    let all = all_cells(r.size);
    if d.walls & d.scorched != 0 || (d.walls | d.scorched) & !all != 0 {
        return Err("domain: walls and scorched areas overlap or leave the grid (ERA-7)".into());
    }
    let wall_cells = d
        .wall_counts
        .iter()
        .zip(1u32..)
        .map(|(&c, len)| u32::from(c).saturating_mul(len))
        .fold(0, u32::saturating_add);
    if wall_cells != d.walls.count_ones() {
        return Err(format!(
            "domain.wall_counts: the walls counted cover {wall_cells} cells, but {} cells are walls",
            d.walls.count_ones()
        ));
    }
    let mut seen = d.walls | d.scorched;
    for (i, b) in d.buildings.iter().enumerate() {
        if b.cells & seen != 0 || b.cells & !all != 0 || !is_placement(r, b.kind, b.cells) {
            return Err(format!(
                "domain.buildings[{i}]: not a placement of a {} on free cells (ERA-7)",
                b.kind
            ));
        }
        seen |= b.cells;
    }
    Ok(())
}

fn is_placement(r: &Ruleset, kind: BuildingKind, cells: u128) -> bool {
    let piece = Piece::Building(kind);
    let Some(first) = (cells != 0).then(|| cells.trailing_zeros()) else {
        return false;
    };
    let Some(anchor) = Cell::from_bit(first, r.size) else {
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
    fn table(&self) -> Table<'_> {
        Table {
            config: &self.config,
            step: self.step,
            round: self.round,
            start: self.start,
            supply: self.supply,
            boxed: self.boxed,
            wall_supply: self.wall_supply,
            scorched_supply: self.scorched_supply,
            tokens: self.tokens,
            flipped: self.flipped,
            players: self.players.iter().map(Seen::of).collect(),
        }
    }

    /// Checks every invariant the engine relies on.
    pub(crate) fn validate(&self) -> Result<(), StateError> {
        self.table().check().map_err(StateError)?;
        let n8 = self.n();
        match self.step {
            Step::Build {
                turn,
                chosen: Some(piece),
                ..
            } if turn < n8 && !self.can_build(self.seat(turn), piece) => {
                return Err(StateError(format!(
                    "step: the chosen {piece} cannot be built (ERA-18)"
                )));
            }
            Step::Extort {
                turn,
                victim,
                demand: Some(res),
            } => {
                let v = self.victim(turn, victim);
                if self.players.get(v).is_none_or(|p| p.resource(res) == 0) {
                    return Err(StateError(format!(
                        "step: the victim has no {res} to pay the demand (ERA-20)"
                    )));
                }
            }
            _ => {}
        }
        // Every automatic step has run: a player or chance must act.
        let mut settled = self.clone();
        settled.settle();
        if settled != *self {
            return Err(StateError(
                "step: the automatic steps from here have not been run".into(),
            ));
        }
        Ok(())
    }
}

/// The plain form of [`Era`] that deserialisation validates.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawEra {
    config: EraConfig,
    step: Step,
    round: u32,
    start: u8,
    players: Vec<Player>,
    supply: [u8; 12],
    boxed: [u8; 12],
    wall_supply: [u8; MAX_WALL_LENGTH as usize],
    scorched_supply: u8,
    tokens: u8,
    flipped: u8,
}

#[cfg(feature = "serde")]
impl TryFrom<RawEra> for Era {
    type Error = StateError;

    fn try_from(raw: RawEra) -> Result<Self, StateError> {
        let era = Era {
            config: Arc::new(raw.config),
            step: raw.step,
            round: raw.round,
            start: raw.start,
            players: raw.players,
            supply: raw.supply,
            boxed: raw.boxed,
            wall_supply: raw.wall_supply,
            scorched_supply: raw.scorched_supply,
            tokens: raw.tokens,
            flipped: raw.flipped,
        };
        era.validate()?;
        Ok(era)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Era {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
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
        st.serialize_field("tokens", &self.tokens)?;
        st.serialize_field("flipped", &self.flipped)?;
        st.end()
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Era {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = RawEra::deserialize(d)?;
        Era::try_from(raw).map_err(serde::de::Error::custom)
    }
}
