//! The [`dice_core::Game`] contract for [`Era`]: legality, effects, chance
//! and action ids.

use alloc::vec::Vec;

use dice_core::{DiceRng, Die, Game, GameResult, Prob, ToMove, Viewer};

use crate::action::{Action, Chance, DieRef};
use crate::dice::DiceCounts;
use crate::piece::{BuildingKind, Cell, MAX_WALL_LENGTH, PIECES, Piece};
use crate::state::{Era, Step};
use crate::symbols::{Colour, Resource, Symbol};
use crate::view::EraView;
use crate::{EraConfig, EraError};

const D6: Die<u8, 6> = Die::new([0, 1, 2, 3, 4, 5]);

/// Offsets of each kind of action in the id space.
struct Ids {
    cells: u32,
    reroll: u32,
    roll: u32,
    done: u32,
    feather: u32,
    set_die: u32,
    scorch: u32,
    burn: u32,
    demand: u32,
    pay: u32,
    refuse: u32,
    choose: u32,
    bound: u32,
}

impl Ids {
    #[expect(
        clippy::arithmetic_side_effects,
        reason = "size <= 255, so cells <= 65 025 and every offset stays below 11 million"
    )]
    fn new(size: u8) -> Ids {
        let cells = u32::from(size) * u32::from(size);
        let pieces = u32::try_from(PIECES).unwrap_or(21);
        let reroll = pieces * 8 * cells;
        let roll = reroll + 24;
        let done = roll + 1;
        let feather = done + 1;
        let set_die = feather + 6 * 25;
        let scorch = set_die + 4 * 6 * 6;
        let burn = scorch + cells;
        let demand = burn + cells;
        let pay = demand + 4;
        let refuse = pay + 1;
        let choose = refuse + 1;
        Ids {
            cells,
            reroll,
            roll,
            done,
            feather,
            set_die,
            scorch,
            burn,
            demand,
            pay,
            refuse,
            choose,
            bound: choose + pieces,
        }
    }
}

#[expect(
    clippy::arithmetic_side_effects,
    reason = "a colour is below 4 and a face below 256: at most 273"
)]
fn die_index(d: DieRef) -> u32 {
    (d.die as u32) * 6 + u32::from(d.face)
}

fn die_from(i: u32) -> Option<DieRef> {
    let die = *Colour::ALL.get(usize::try_from(i / 6).ok()?)?;
    Some(DieRef {
        die,
        face: u8::try_from(i % 6).ok()?,
    })
}

impl Era {
    #[allow(clippy::too_many_lines, clippy::match_same_arms)]
    fn player_step_check(&self, seat: usize, action: Action) -> Result<(), EraError> {
        let wrong = |rule| EraError::WrongStep {
            rule,
            step: self.step.name(),
        };
        let r = self.ruleset();
        let p = self.players.get(seat).ok_or(EraError::GameOver)?;
        match (action, self.step) {
            (Action::Place { piece, at, turn }, Step::Layout { .. }) => {
                let expected = self.start_piece(p.laid_out).ok_or(wrong("ERA-5"))?;
                if piece != expected {
                    return Err(EraError::NotNextPiece(expected));
                }
                self.fits(seat, piece, turn, at)
                    .map(|_| ())
                    .ok_or(EraError::DoesNotFit(piece))
            }
            (Action::Place { piece, at, turn }, Step::Build { chosen, .. }) => {
                if chosen != Some(piece) {
                    return Err(EraError::NotChosen);
                }
                self.check_buildable(seat, piece)?;
                self.fits(seat, piece, turn, at)
                    .map(|_| ())
                    .ok_or(EraError::DoesNotFit(piece))
            }
            (Action::Place { .. }, _) => Err(wrong("ERA-18")),
            (Action::Choose(piece), Step::Build { chosen: None, .. }) => {
                self.check_buildable(seat, piece)?;
                if self.fits_anywhere(seat, piece) {
                    Ok(())
                } else {
                    Err(EraError::DoesNotFit(piece))
                }
            }
            (Action::Choose(_), _) => Err(wrong("ERA-18")),
            (Action::Reroll(d), Step::Roll { .. }) => {
                if p.rolls >= r.rolls {
                    return Err(EraError::NoRollLeft);
                }
                if d.face < 6 && self.can_set_aside(p, d.die, d.face) {
                    Ok(())
                } else {
                    Err(EraError::NoSuchDie)
                }
            }
            (Action::Roll, Step::Roll { .. }) => {
                if p.set_aside.total() == 0 {
                    Err(EraError::NothingSetAside)
                } else {
                    Ok(())
                }
            }
            (Action::Reroll(_) | Action::Roll, _) => Err(wrong("ERA-12")),
            (
                Action::Done,
                Step::Roll { .. }
                | Step::Feathers { .. }
                | Step::Monastery { .. }
                | Step::Build { chosen: None, .. },
            ) => Ok(()),
            (Action::Done, _) => Err(wrong("ERA-18")),
            (Action::Feather { face, with }, Step::Feathers { .. }) => {
                if face >= 6 || !self.feather_ready(p, face) {
                    return Err(EraError::NoFeather);
                }
                if let Some(d) = with {
                    let same = u8::from(d.die == Colour::White && d.face == face);
                    if d.face >= 6 || p.dice.get(d.die, d.face) <= same {
                        return Err(EraError::NoFeather);
                    }
                }
                Ok(())
            }
            (Action::Feather { .. }, _) => Err(wrong("ERA-13")),
            (Action::SetDie { die, from, to }, Step::Monastery { left, .. }) => {
                if left > 0 && from < 6 && to < 6 && from != to && self.settable(p, die, from) {
                    Ok(())
                } else {
                    Err(EraError::CannotSet)
                }
            }
            (Action::SetDie { .. }, _) => Err(wrong("ERA-14")),
            (Action::Scorch(cell), Step::Treachery { turn, .. }) => {
                let victim = self
                    .players
                    .get(self.seat(turn))
                    .ok_or(EraError::GameOver)?;
                let empty = cell
                    .bit(r.size)
                    .is_some_and(|b| victim.domain.empty() >> b & 1 == 1);
                if empty && self.scorched_supply > 0 {
                    Ok(())
                } else {
                    Err(EraError::NotEmpty(cell))
                }
            }
            (Action::Scorch(_), _) => Err(wrong("ERA-17")),
            (Action::Burn(cell), Step::Fire { turn }) => {
                let burnable = self.burnable(self.seat(turn));
                if cell.bit(r.size).is_some_and(|b| burnable >> b & 1 == 1) {
                    Ok(())
                } else {
                    Err(EraError::NotBurnable(cell))
                }
            }
            (Action::Burn(_), _) => Err(wrong("ERA-17")),
            (
                Action::Demand(res),
                Step::Extort {
                    turn,
                    victim,
                    demand: None,
                },
            ) => {
                let v = self.victim(turn, victim);
                let has = self.players.get(v).is_some_and(|p| p.resource(res) > 0);
                if has {
                    Ok(())
                } else {
                    Err(EraError::NotOwned(res))
                }
            }
            (
                Action::Pay | Action::Refuse,
                Step::Extort {
                    demand: Some(_), ..
                },
            ) => Ok(()),
            (Action::Demand(_) | Action::Pay | Action::Refuse, _) => Err(wrong("ERA-20")),
        }
    }

    /// ERA-18: a piece that may be built at all: a building or wall, in the
    /// supply, and affordable.
    fn check_buildable(&self, seat: usize, piece: Piece) -> Result<(), EraError> {
        if piece == Piece::Scorched || !piece.is_valid() {
            return Err(EraError::NotBuildable);
        }
        if !self.in_supply(piece) {
            return Err(EraError::NotInSupply(piece));
        }
        if !self.can_afford(seat, piece) {
            return Err(EraError::CannotPay(piece));
        }
        Ok(())
    }

    pub(crate) fn push_placements(&self, seat: usize, piece: Piece, out: &mut Vec<Action>) {
        let r = self.ruleset();
        let Some(p) = self.players.get(seat) else {
            return;
        };
        let occupied = p.domain.occupied();
        for turn in 0..r.orientations(piece) {
            let Some(o) = r.orientation(piece, turn) else {
                continue;
            };
            for row in 0..r.size {
                for col in 0..r.size {
                    if o.at(row, col, r.size).is_some_and(|c| c & occupied == 0) {
                        if let Some(at) = Cell::new(row, col) {
                            out.push(Action::Place { piece, at, turn });
                        }
                    }
                }
            }
        }
    }

    fn push_cells(&self, set: u128, out: &mut Vec<Action>, f: fn(Cell) -> Action) {
        let size = self.ruleset().size;
        let mut left = set;
        while left != 0 {
            let bit = left.trailing_zeros();
            left ^= 1u128 << bit;
            if let Some(c) = Cell::from_bit(bit, size) {
                out.push(f(c));
            }
        }
    }

    #[allow(clippy::too_many_lines)]
    fn apply_player(&mut self, seat: usize, action: Action) {
        match (action, self.step) {
            (Action::Place { piece, at, turn }, Step::Layout { .. }) => {
                if let Some(cells) = self.fits(seat, piece, turn, at) {
                    self.place(seat, piece, cells);
                }
                if let Some(p) = self.players.get_mut(seat) {
                    p.laid_out = p.laid_out.saturating_add(1);
                }
            }
            (
                Action::Place { piece, at, turn },
                Step::Build {
                    turn: t, hammers, ..
                },
            ) => {
                if let Some(cells) = self.fits(seat, piece, turn, at) {
                    self.take_from_supply(seat, piece);
                    self.place(seat, piece, cells);
                }
                self.step = Step::Build {
                    turn: t,
                    hammers: hammers.saturating_sub(1),
                    chosen: None,
                };
            }
            (Action::Choose(piece), Step::Build { turn, hammers, .. }) => {
                self.step = Step::Build {
                    turn,
                    hammers,
                    chosen: Some(piece),
                };
            }
            (Action::Reroll(d), _) => {
                if let Some(p) = self.players.get_mut(seat) {
                    p.set_aside.add(d.die, d.face, 1);
                }
            }
            (Action::Roll, _) => {
                if let Some(p) = self.players.get_mut(seat) {
                    for colour in Colour::ALL {
                        for face in 0..6 {
                            p.dice.remove(colour, face, p.set_aside.get(colour, face));
                        }
                    }
                    p.rolling = p.set_aside.per_colour();
                    p.set_aside = DiceCounts::default();
                }
            }
            (Action::Done, step) => match step {
                Step::Roll { turn } => {
                    if let Some(p) = self.players.get_mut(seat) {
                        p.set_aside = DiceCounts::default();
                    }
                    self.step = Step::Roll {
                        turn: turn.saturating_add(1),
                    };
                }
                Step::Feathers { turn } => {
                    self.step = Step::Feathers {
                        turn: turn.saturating_add(1),
                    }
                }
                Step::Monastery { turn, .. } => {
                    self.step = Step::Monastery { turn, left: 0 };
                }
                Step::Build { turn, .. } => {
                    self.step = Step::Build {
                        turn,
                        hammers: 0,
                        chosen: None,
                    };
                }
                _ => {}
            },
            (Action::Feather { face, with }, _) => {
                if let Some(p) = self.players.get_mut(seat) {
                    p.dice.remove(Colour::White, face, 1);
                    if let Some(f) = p.fresh.get_mut(usize::from(face)) {
                        *f = f.saturating_sub(1);
                    }
                    let mut rolling = [0u8, 0, 0, 1];
                    if let Some(d) = with {
                        if d.die == Colour::White {
                            // Prefer a die already re-rolled, so that an
                            // unused feather stays usable.
                            let showing = p.dice.get(Colour::White, d.face);
                            let fresh = p.fresh.get(usize::from(d.face)).copied().unwrap_or(0);
                            if showing <= fresh {
                                if let Some(f) = p.fresh.get_mut(usize::from(d.face)) {
                                    *f = f.saturating_sub(1);
                                }
                            }
                        }
                        p.dice.remove(d.die, d.face, 1);
                        if let Some(c) = rolling.get_mut(d.die as usize) {
                            *c = c.saturating_add(1);
                        }
                    }
                    p.rolling = rolling;
                }
            }
            (Action::SetDie { die, from, to }, Step::Monastery { turn, left }) => {
                if let Some(p) = self.players.get_mut(seat) {
                    p.dice.remove(die, from, 1);
                    p.dice.add(die, to, 1);
                }
                self.step = Step::Monastery {
                    turn,
                    left: left.saturating_sub(1),
                };
            }
            (Action::Scorch(cell), Step::Treachery { turn, by }) => {
                let victim = self.seat(turn);
                let size = self.ruleset().size;
                if let (Some(p), Some(bit)) = (self.players.get_mut(victim), cell.bit(size)) {
                    p.domain.scorched |= 1u128 << bit;
                }
                self.scorched_supply = self.scorched_supply.saturating_sub(1);
                self.step = Step::Treachery {
                    turn,
                    by: by.saturating_add(1),
                };
            }
            (Action::Burn(cell), Step::Fire { turn }) => {
                if let Some(p) = self.players.get_mut(seat) {
                    if let Some((i, b)) = p.domain.building_at(cell) {
                        let kind = b.kind;
                        p.domain.buildings.remove(i);
                        if let Some(x) = self.boxed.get_mut(kind.index()) {
                            *x = x.saturating_add(1);
                        }
                    }
                }
                self.enter_disaster(turn.saturating_add(1));
            }
            (
                Action::Demand(res),
                Step::Extort {
                    turn,
                    victim,
                    demand: None,
                },
            ) => {
                self.step = Step::Extort {
                    turn,
                    victim,
                    demand: Some(res),
                };
            }
            (
                answer @ (Action::Pay | Action::Refuse),
                Step::Extort {
                    turn,
                    victim,
                    demand: Some(res),
                },
            ) => {
                let e = self.seat(turn);
                let v = self.victim(turn, victim);
                if answer == Action::Pay {
                    let max = self.ruleset().resource_max;
                    if let Some(x) = self
                        .players
                        .get_mut(v)
                        .and_then(|p| p.resources.get_mut(res as usize))
                    {
                        *x = x.saturating_sub(1);
                    }
                    if let Some(x) = self
                        .players
                        .get_mut(e)
                        .and_then(|p| p.resources.get_mut(res as usize))
                    {
                        *x = x.saturating_add(1).min(max);
                    }
                } else {
                    let penalty = self.ruleset().extort_disaster;
                    self.add_disaster(v, penalty);
                }
                self.step = Step::Extort {
                    turn,
                    victim: victim.saturating_add(1),
                    demand: None,
                };
            }
            _ => {}
        }
        self.settle();
    }

    /// The colour being rolled and how many dice of it: the first colour
    /// (yellow, gray, blue, white) with dice in hand.
    fn rolling_colour(&self) -> Option<(Colour, u8)> {
        let p = self.rolling_seat().and_then(|s| self.players.get(s))?;
        Colour::ALL.into_iter().zip(p.rolling).find(|&(_, n)| n > 0)
    }

    fn rolling_seat(&self) -> Option<usize> {
        match self.step {
            Step::Roll { turn } | Step::Feathers { turn } => Some(self.seat(turn)),
            _ => None,
        }
    }
}

impl Game for Era {
    const NAME: &'static str = "era";
    type Config = EraConfig;
    type Action = Action;
    type Chance = Chance;
    type View = EraView;
    type Error = EraError;
    // Placeholder until this engine tells each viewer only what it may see.
    type SeenAction = &'static str;
    type SeenChance = &'static str;

    fn new(config: &EraConfig) -> Result<Self, EraError> {
        Era::create(config)
    }

    fn config(&self) -> &EraConfig {
        &self.config
    }

    fn players(&self) -> usize {
        self.players.len()
    }

    fn to_move(&self) -> ToMove {
        self.who()
    }

    #[allow(clippy::too_many_lines)]
    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        let ToMove::Player(seat) = self.who() else {
            return;
        };
        let Some(p) = self.players.get(seat) else {
            return;
        };
        match self.step {
            Step::Layout { .. } => {
                if let Some(piece) = self.start_piece(p.laid_out) {
                    self.push_placements(seat, piece, out);
                }
            }
            Step::Roll { .. } => {
                if p.rolls < self.ruleset().rolls {
                    for die in Colour::ALL {
                        for face in 0..6 {
                            if self.can_set_aside(p, die, face) {
                                out.push(Action::Reroll(DieRef { die, face }));
                            }
                        }
                    }
                }
                if p.set_aside.total() > 0 {
                    out.push(Action::Roll);
                }
                out.push(Action::Done);
            }
            Step::Feathers { .. } => {
                for face in 0..6 {
                    if !self.feather_ready(p, face) {
                        continue;
                    }
                    out.push(Action::Feather { face, with: None });
                    for die in Colour::ALL {
                        for g in 0..6 {
                            let same = u8::from(die == Colour::White && g == face);
                            if p.dice.get(die, g) > same {
                                out.push(Action::Feather {
                                    face,
                                    with: Some(DieRef { die, face: g }),
                                });
                            }
                        }
                    }
                }
                out.push(Action::Done);
            }
            Step::Monastery { .. } => {
                for die in Colour::ALL {
                    for from in 0..6 {
                        if self.settable(p, die, from) {
                            for to in (0..6).filter(|&t| t != from) {
                                out.push(Action::SetDie { die, from, to });
                            }
                        }
                    }
                }
                out.push(Action::Done);
            }
            Step::Treachery { turn, .. } => {
                let empty = self
                    .players
                    .get(self.seat(turn))
                    .map_or(0, |v| v.domain.empty());
                self.push_cells(empty, out, Action::Scorch);
            }
            Step::Fire { turn } => {
                let burnable = self.burnable(self.seat(turn));
                self.push_cells(burnable, out, Action::Burn);
            }
            Step::Build {
                chosen: Some(piece),
                ..
            } => self.push_placements(seat, piece, out),
            Step::Build { chosen: None, .. } => {
                let pieces = BuildingKind::ALL
                    .into_iter()
                    .map(Piece::Building)
                    .chain((1..=MAX_WALL_LENGTH).map(Piece::Wall));
                for piece in pieces {
                    if self.can_build(seat, piece) {
                        out.push(Action::Choose(piece));
                    }
                }
                out.push(Action::Done);
            }
            Step::Extort {
                turn,
                victim,
                demand,
            } => {
                if demand.is_some() {
                    out.push(Action::Pay);
                    out.push(Action::Refuse);
                } else {
                    let v = self.victim(turn, victim);
                    if let Some(vp) = self.players.get(v) {
                        for r in Resource::ALL {
                            if vp.resource(r) > 0 {
                                out.push(Action::Demand(r));
                            }
                        }
                    }
                }
            }
            Step::StartRoll { .. } | Step::Over => {}
        }
    }

    fn check(&self, action: &Action) -> Result<(), EraError> {
        match self.who() {
            ToMove::Over => Err(EraError::GameOver),
            ToMove::Chance => Err(EraError::WaitingForChance),
            ToMove::Player(seat) => self.player_step_check(seat, *action),
        }
    }

    fn apply_unchecked(&mut self, action: Action) {
        if let ToMove::Player(seat) = self.who() {
            self.apply_player(seat, action);
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(Chance, Prob)>) {
        out.clear();
        if self.who() != ToMove::Chance {
            return;
        }
        if let Step::StartRoll { rolling } = self.step {
            let seats: Vec<usize> = (0..self.players.len())
                .filter(|s| rolling >> s & 1 == 1)
                .collect();
            let k = u32::try_from(seats.len()).unwrap_or(0);
            let Some(p) = Prob::new(1, 6u128.pow(k)) else {
                return;
            };
            for code in 0..6usize.pow(k) {
                let mut faces = [None; 4];
                let mut c = code;
                for &s in seats.iter().rev() {
                    if let Some(f) = faces.get_mut(s) {
                        *f = u8::try_from(c % 6).ok();
                    }
                    c /= 6;
                }
                out.push((Chance::StartRoll(faces), p));
            }
            return;
        }
        if let Some((die, n)) = self.rolling_colour() {
            out.extend(D6.roll_outcomes(n).map(|(c, p)| {
                (
                    Chance::Roll {
                        die,
                        faces: *c.counts(),
                    },
                    p,
                )
            }));
        }
    }

    fn check_chance(&self, outcome: &Chance) -> Result<(), EraError> {
        match self.who() {
            ToMove::Over => return Err(EraError::GameOver),
            ToMove::Player(_) => return Err(EraError::NotChance),
            ToMove::Chance => {}
        }
        match (outcome, self.step) {
            (Chance::StartRoll(faces), Step::StartRoll { rolling }) => {
                let ok = faces.iter().enumerate().all(|(s, f)| {
                    let rolls = s < self.players.len() && rolling >> s & 1 == 1;
                    match f {
                        Some(f) => rolls && *f < 6,
                        None => !rolls,
                    }
                });
                if ok {
                    Ok(())
                } else {
                    Err(EraError::ImpossibleStartRoll)
                }
            }
            (Chance::Roll { die, faces }, _) => {
                let total = faces.iter().map(|&c| u32::from(c)).sum::<u32>();
                match self.rolling_colour() {
                    Some((d, n)) if d == *die && total == u32::from(n) => Ok(()),
                    _ => Err(EraError::ImpossibleRoll),
                }
            }
            (Chance::StartRoll(_), _) => Err(EraError::ImpossibleRoll),
        }
    }

    fn apply_chance_unchecked(&mut self, outcome: Chance) {
        match (outcome, self.step) {
            (Chance::StartRoll(faces), Step::StartRoll { .. }) => {
                let swords = |f: u8| {
                    self.ruleset()
                        .face(Colour::Gray, usize::from(f))
                        .count(Symbol::Sword)
                };
                let best = faces.iter().flatten().map(|&f| swords(f)).max();
                let mut tied = 0u8;
                for (s, f) in faces.iter().enumerate() {
                    if let Some(f) = f {
                        if Some(swords(*f)) == best {
                            tied |= 1 << s;
                        }
                    }
                }
                if tied.is_power_of_two() {
                    self.start = u8::try_from(tied.trailing_zeros()).unwrap_or(0);
                    self.begin_round();
                    self.settle();
                } else if tied != 0 {
                    self.step = Step::StartRoll { rolling: tied };
                }
            }
            (Chance::Roll { die, faces }, step) => {
                if let Some(p) = self.rolling_seat().and_then(|s| self.players.get_mut(s)) {
                    for (face, &n) in (0u8..).zip(&faces) {
                        p.dice.add(die, face, n);
                    }
                    if let Some(r) = p.rolling.get_mut(die as usize) {
                        *r = 0;
                    }
                    if p.rolling == [0; 4] && matches!(step, Step::Roll { .. }) {
                        p.rolls = p.rolls.saturating_add(1);
                    }
                }
                self.settle();
            }
            _ => {}
        }
    }

    /// Rolls directly: at the start-player roll, one [`DiceRng::below`] of
    /// 6 per seat still rolling, in seat order; at a roll, one per die of
    /// the colour being rolled ([`Die::roll_many`]).
    fn sample_chance(&self, rng: &mut DiceRng) -> Option<Chance> {
        if self.who() != ToMove::Chance {
            return None;
        }
        if let Step::StartRoll { rolling } = self.step {
            let mut faces = [None; 4];
            for (s, f) in faces.iter_mut().enumerate().take(self.players.len()) {
                if rolling >> s & 1 == 1 {
                    *f = u8::try_from(D6.roll_index(rng)).ok();
                }
            }
            return Some(Chance::StartRoll(faces));
        }
        let (die, n) = self.rolling_colour()?;
        Some(Chance::Roll {
            die,
            faces: *D6.roll_many(n, rng).counts(),
        })
    }

    fn view(&self, viewer: Viewer) -> EraView {
        EraView::of(self, viewer)
    }

    fn determinize(view: &EraView, rng: &mut DiceRng) -> Option<Self> {
        view.determinize(rng)
    }

    fn resample_hidden(&self, viewer: Viewer, rng: &mut DiceRng) -> Self {
        let mut s = self.clone();
        s.resample(viewer, rng);
        s
    }

    fn result(&self) -> Option<GameResult> {
        (self.step == Step::Over).then(|| self.final_result())
    }

    fn seen_action(&self, _action: &Self::Action, _viewer: Viewer) -> &'static str {
        todo!("narrate an action to a viewer")
    }

    fn seen_chance(&self, _outcome: &Self::Chance, _viewer: Viewer) -> &'static str {
        todo!("narrate a chance outcome to a viewer")
    }

    fn action_text(&self, _action: &Self::Action) -> alloc::string::String {
        todo!("write an action as text")
    }

    fn action_from_text(&self, text: &str) -> Result<Self::Action, dice_core::ParseActionError> {
        todo!("read an action from {text}")
    }

    fn chance_text(&self, _outcome: &Self::Chance) -> alloc::string::String {
        todo!("write a chance outcome as text")
    }

    fn action_id_bound(&self) -> u32 {
        Ids::new(self.ruleset().size).bound
    }

    #[expect(
        clippy::arithmetic_side_effects,
        reason = "faces and turns are checked below 6 and 8 first, so every id is below `Ids::bound`, itself below 11 million"
    )]
    fn action_id(&self, action: &Action) -> Option<u32> {
        let size = self.ruleset().size;
        let ids = Ids::new(size);
        Some(match *action {
            Action::Place { piece, at, turn } => {
                if turn >= 8 || !piece.is_valid() {
                    return None;
                }
                let p = u32::try_from(piece.index()).ok()?;
                (p * 8 + u32::from(turn)) * ids.cells + at.bit(size)?
            }
            Action::Reroll(d) => {
                if d.face >= 6 {
                    return None;
                }
                ids.reroll + die_index(d)
            }
            Action::Roll => ids.roll,
            Action::Done => ids.done,
            Action::Feather { face, with } => {
                if face >= 6 || with.is_some_and(|d| d.face >= 6) {
                    return None;
                }
                ids.feather + u32::from(face) * 25 + with.map_or(0, |d| 1 + die_index(d))
            }
            Action::SetDie { die, from, to } => {
                if from >= 6 || to >= 6 {
                    return None;
                }
                ids.set_die + ((die as u32) * 6 + u32::from(from)) * 6 + u32::from(to)
            }
            Action::Scorch(c) => ids.scorch + c.bit(size)?,
            Action::Burn(c) => ids.burn + c.bit(size)?,
            Action::Demand(r) => ids.demand + r as u32,
            Action::Pay => ids.pay,
            Action::Refuse => ids.refuse,
            Action::Choose(piece) => {
                if !piece.is_valid() {
                    return None;
                }
                ids.choose + u32::try_from(piece.index()).ok()?
            }
        })
    }

    #[expect(
        clippy::arithmetic_side_effects,
        reason = "each subtraction follows the comparison that keeps it non-negative, and `ids.cells` >= 9 since a domain side is at least 3 (`Ruleset::new`)"
    )]
    fn action_from_id(&self, id: u32) -> Option<Action> {
        let size = self.ruleset().size;
        let ids = Ids::new(size);
        let cell = |i: u32| Cell::from_bit(i, size);
        Some(if id < ids.reroll {
            let at = cell(id % ids.cells)?;
            let rest = id / ids.cells;
            let turn = u8::try_from(rest % 8).ok()?;
            let piece = Piece::from_index(usize::try_from(rest / 8).ok()?)?;
            Action::Place { piece, at, turn }
        } else if id < ids.roll {
            Action::Reroll(die_from(id - ids.reroll)?)
        } else if id == ids.roll {
            Action::Roll
        } else if id == ids.done {
            Action::Done
        } else if id < ids.set_die {
            let i = id - ids.feather;
            let face = u8::try_from(i / 25).ok()?;
            let w = i % 25;
            let with = if w == 0 { None } else { Some(die_from(w - 1)?) };
            Action::Feather { face, with }
        } else if id < ids.scorch {
            let i = id - ids.set_die;
            let to = u8::try_from(i % 6).ok()?;
            let from = u8::try_from(i / 6 % 6).ok()?;
            let die = *Colour::ALL.get(usize::try_from(i / 36).ok()?)?;
            Action::SetDie { die, from, to }
        } else if id < ids.burn {
            Action::Scorch(cell(id - ids.scorch)?)
        } else if id < ids.demand {
            Action::Burn(cell(id - ids.burn)?)
        } else if id < ids.pay {
            Action::Demand(*Resource::ALL.get(usize::try_from(id - ids.demand).ok()?)?)
        } else if id == ids.pay {
            Action::Pay
        } else if id == ids.refuse {
            Action::Refuse
        } else if id < ids.bound {
            Action::Choose(Piece::from_index(usize::try_from(id - ids.choose).ok()?)?)
        } else {
            return None;
        })
    }
}
