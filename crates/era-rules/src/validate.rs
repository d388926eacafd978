//! The invariants of a state, checked when one is deserialised.

use alloc::format;
use alloc::string::String;
#[cfg(feature = "serde")]
use alloc::sync::Arc;
#[cfg(feature = "serde")]
use alloc::vec::Vec;
use core::fmt;

#[cfg(feature = "serde")]
use crate::EraConfig;
use crate::grid::all_cells;
use crate::piece::{BuildingKind, Cell, MAX_WALL_LENGTH, Piece};
use crate::state::{Era, Player, Step};
use crate::symbols::Colour;

/// Why a deserialised state was refused: the invariant it breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StateError(pub(crate) String);

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid Era state: {}", self.0)
    }
}

impl core::error::Error for StateError {}

fn fail<T>(what: impl Into<String>) -> Result<T, StateError> {
    Err(StateError(what.into()))
}

impl Era {
    /// Checks every invariant the engine relies on.
    #[allow(clippy::too_many_lines)]
    pub(crate) fn validate(&self) -> Result<(), StateError> {
        let r = self.ruleset();
        let n = self.players.len();
        if n != self.config.players || !(2..=4).contains(&n) {
            return fail("players: one entry per seat, 2 to 4");
        }
        let n8 = self.n();
        if self.start >= n8 {
            return fail("start: not a seat");
        }
        let in_range = |turn: u8| turn <= n8;
        let ok_step = match self.step {
            Step::Layout { seat } => seat < n8,
            Step::StartRoll { rolling } => rolling != 0 && u32::from(rolling) < (1 << n),
            Step::Roll { turn }
            | Step::Feathers { turn }
            | Step::Fire { turn }
            | Step::Monastery { turn, .. }
            | Step::Build { turn, .. } => in_range(turn),
            Step::Treachery { turn, by } => turn < n8 && by <= n8,
            Step::Extort { turn, victim, .. } => turn <= n8 && victim <= n8,
            Step::Over => true,
        };
        if !ok_step {
            return fail("step: a seat or position out of range");
        }
        if self.tokens != r.tracking_tokens(n8) || self.flipped > self.tokens {
            return fail("tokens: not the ruleset's count, or more flipped than in play");
        }
        let all = all_cells(r.size);
        let start_total = self.start_total();
        let mut placed = [0u32; 12];
        let mut walls = [0u32; MAX_WALL_LENGTH as usize];
        let mut scorched = 0u32;
        let mut held = [0u32; crate::piece::PIECES];
        for (seat, p) in self.players.iter().enumerate() {
            validate_player(self, seat, p, all)?;
            for b in &p.domain.buildings {
                if let Some(x) = placed.get_mut(b.kind.index()) {
                    *x += 1;
                }
            }
            for (w, &c) in walls.iter_mut().zip(&p.domain.wall_counts) {
                *w += u32::from(c);
            }
            scorched += p.domain.scorched.count_ones();
            if p.laid_out > start_total {
                return fail(format!(
                    "players[{seat}].laid_out: more than the start pieces"
                ));
            }
            for i in p.laid_out..start_total {
                if let Some(h) = self.start_piece(i).and_then(|pc| held.get_mut(pc.index())) {
                    *h += 1;
                }
            }
        }
        for kind in BuildingKind::ALL {
            let i = kind.index();
            let sum = u32::from(self.supply.get(i).copied().unwrap_or(0))
                + u32::from(self.boxed.get(i).copied().unwrap_or(0))
                + placed.get(i).copied().unwrap_or(0)
                + held
                    .get(Piece::Building(kind).index())
                    .copied()
                    .unwrap_or(0);
            if sum != u32::from(r.building_count(kind)) {
                return fail(format!(
                    "supply: {kind} in supply, domains, box and hands do not add up to {}",
                    r.building_count(kind)
                ));
            }
        }
        for len in 1..=MAX_WALL_LENGTH {
            let i = usize::from(len - 1);
            let sum = u32::from(self.wall_supply.get(i).copied().unwrap_or(0))
                + walls.get(i).copied().unwrap_or(0)
                + held.get(Piece::Wall(len).index()).copied().unwrap_or(0);
            if sum != u32::from(r.wall_count(len)) {
                return fail(format!("wall_supply: walls of length {len} do not add up"));
            }
        }
        let sum = u32::from(self.scorched_supply)
            + scorched
            + held.get(Piece::Scorched.index()).copied().unwrap_or(0);
        if sum != u32::from(r.scorched) {
            return fail("scorched_supply: scorched areas do not add up");
        }
        match self.step {
            Step::Build {
                turn,
                chosen: Some(piece),
                ..
            } if turn < n8 && !self.can_build(self.seat(turn), piece) => {
                return fail("step: the chosen piece cannot be built");
            }
            Step::Extort {
                turn,
                victim,
                demand: Some(res),
            } if turn < n8 => {
                let v = (self.seat(turn) + usize::from(victim)) % n;
                if self.players.get(v).is_none_or(|p| p.resource(res) == 0) {
                    return fail("step: the victim cannot pay the demand");
                }
            }
            _ => {}
        }
        // Every automatic step has run: a player or chance must act.
        let mut settled = self.clone();
        settled.settle();
        if settled != *self {
            return fail("step: the automatic steps from here have not been run");
        }
        Ok(())
    }
}

fn validate_player(era: &Era, seat: usize, p: &Player, all: u128) -> Result<(), StateError> {
    let r = era.ruleset();
    let d = &p.domain;
    let at = |what: &str| format!("players[{seat}].{what}");
    if d.size != r.size {
        return fail(at("domain.size: not the ruleset's"));
    }
    let keep_on_centre = d
        .buildings
        .first()
        .is_some_and(|b| b.kind == BuildingKind::Keep && b.cells == 1u128 << r.centre);
    if !keep_on_centre {
        return fail(at(
            "domain.buildings[0]: the Keep on the centre cell (ERA-4)",
        ));
    }
    let mut seen = d.walls | d.scorched;
    if d.walls & d.scorched != 0 || (d.walls | d.scorched) & !all != 0 {
        return fail(at(
            "domain: walls and scorched areas overlap or leave the grid",
        ));
    }
    let wall_cells: u32 = d
        .wall_counts
        .iter()
        .zip(1u32..)
        .map(|(&c, len)| u32::from(c) * len)
        .sum();
    if wall_cells != d.walls.count_ones() {
        return fail(at("domain.walls: the cells do not match the walls counted"));
    }
    for (i, b) in d.buildings.iter().enumerate() {
        if b.cells & seen != 0 || b.cells & !all != 0 || !is_placement(era, b.kind, b.cells) {
            return fail(at(&format!(
                "domain.buildings[{i}]: not a placement of its shape on free cells"
            )));
        }
        seen |= b.cells;
    }
    let max = r.resource_max;
    if p.resources.iter().any(|&x| x > max) {
        return fail(at("resources: above the track's maximum"));
    }
    for colour in Colour::ALL {
        let c = colour as usize;
        let showing = u32::from(p.dice.dice_of(colour));
        let rolling = u32::from(p.rolling.get(c).copied().unwrap_or(0));
        let owned = u32::from(p.owned.get(c).copied().unwrap_or(0));
        if showing + rolling > owned {
            return fail(at("dice: more dice than owned"));
        }
        for f in 0..6 {
            if p.set_aside.get(colour, f) > p.dice.get(colour, f) {
                return fail(at("set_aside: a die set aside that does not show"));
            }
        }
    }
    if p.fresh
        .iter()
        .zip(&p.dice.white)
        .any(|(&fresh, &white)| fresh > white)
    {
        return fail(at("fresh: more unused feathers than white dice"));
    }
    Ok(())
}

fn is_placement(era: &Era, kind: BuildingKind, cells: u128) -> bool {
    let r = era.ruleset();
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
