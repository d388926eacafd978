//! The game state and the round's steps (ERA-3 … ERA-22).

use alloc::sync::Arc;
use alloc::vec::Vec;
use core::fmt;

use crate::dice::DiceCounts;
use crate::domain::{Building, Domain};
use crate::piece::{BuildingKind, Cell, MAX_WALL_LENGTH, Piece};
use crate::ruleset::Disaster;
use crate::symbols::{Colour, Resource, Symbol};
use crate::{EraConfig, EraError, Ruleset};

/// Where the game stands: the step of the setup or of the round, and whose
/// part of it. `turn` counts seats in turn order from the start player
/// (0 is the start player).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(rename_all = "snake_case", deny_unknown_fields)
)]
pub enum Step {
    /// ERA-5: `seat` lays out its next piece, in secret.
    Layout {
        /// The seat laying out.
        seat: u8,
    },
    /// ERA-6: the seats in the bit set `rolling` roll their gray die.
    StartRoll {
        /// Bit `s` set: seat `s` rolls.
        rolling: u8,
    },
    /// ERA-12: a player rolls, hidden from the others.
    Roll {
        /// Turn-order position.
        turn: u8,
    },
    /// ERA-13: a player uses feathers.
    Feathers {
        /// Turn-order position.
        turn: u8,
    },
    /// ERA-14: a player uses Monasteries.
    Monastery {
        /// Turn-order position.
        turn: u8,
        /// Dice still to set.
        left: u8,
    },
    /// D5 Treachery: opponent `by` seats to the victim's left scorches.
    Treachery {
        /// The victim's turn-order position.
        turn: u8,
        /// How many seats to the victim's left the opponent sits.
        by: u8,
    },
    /// D5 Fire: the victim removes a building.
    Fire {
        /// The victim's turn-order position.
        turn: u8,
    },
    /// ERA-18: a player builds: chooses a piece, then places it.
    Build {
        /// Turn-order position.
        turn: u8,
        /// Pieces still to build.
        hammers: u8,
        /// The piece chosen, to be placed next.
        chosen: Option<Piece>,
    },
    /// ERA-20: the extorter at `turn` deals with the victim `victim` seats
    /// to the left; after a demand the victim answers.
    Extort {
        /// The extorter's turn-order position.
        turn: u8,
        /// How many seats to the extorter's left the victim sits.
        victim: u8,
        /// The demanded resource, once demanded.
        demand: Option<Resource>,
    },
    /// ERA-22: the game is over.
    Over,
}

impl Step {
    /// The step's name in messages.
    pub fn name(&self) -> &'static str {
        match self {
            Step::Layout { .. } => "the layout",
            Step::StartRoll { .. } => "the start-player roll",
            Step::Roll { .. } => "the Roll step",
            Step::Feathers { .. } => "the feathers",
            Step::Monastery { .. } => "the Monastery step",
            Step::Treachery { .. } => "Treachery",
            Step::Fire { .. } => "Fire",
            Step::Build { .. } => "the Build step",
            Step::Extort { .. } => "the Extort step",
            Step::Over => "the end of the game",
        }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One player's board, domain and dice.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawPlayer"))]
pub struct Player {
    pub(crate) domain: Domain,
    pub(crate) resources: [u8; 4],
    pub(crate) culture: u32,
    pub(crate) disaster: u32,
    pub(crate) owned: [u8; 4],
    pub(crate) dice: DiceCounts,
    pub(crate) set_aside: DiceCounts,
    pub(crate) rolling: [u8; 4],
    pub(crate) rolls: u8,
    pub(crate) fresh: [u8; 6],
    pub(crate) laid_out: u8,
}

impl Player {
    /// The domain.
    pub fn domain(&self) -> &Domain {
        &self.domain
    }

    /// Resources by [`Resource`] (goods, stone, wood, food).
    pub fn resources(&self) -> [u8; 4] {
        self.resources
    }

    /// One resource.
    pub fn resource(&self, r: Resource) -> u8 {
        self.resources.get(r as usize).copied().unwrap_or(0)
    }

    /// Culture in all: the track plus 25 per lap (ERA-15).
    pub fn culture(&self) -> u32 {
        self.culture
    }

    /// Disaster points in all: the track plus 25 per lap (ERA-21).
    pub fn disaster(&self) -> u32 {
        self.disaster
    }

    /// The culture track as (laps recorded as +25, position on the track)
    /// for a track of `lap` points (ERA-15).
    pub fn culture_track(&self, lap: u32) -> (u32, u32) {
        let lap = core::num::NonZeroU32::new(lap).unwrap_or(core::num::NonZeroU32::MIN);
        (self.culture / lap, self.culture % lap)
    }

    /// The disaster track as (laps recorded as −25, position on the
    /// track) for a track of `lap` points (ERA-21).
    pub fn disaster_track(&self, lap: u32) -> (u32, u32) {
        let lap = core::num::NonZeroU32::new(lap).unwrap_or(core::num::NonZeroU32::MIN);
        (self.disaster / lap, self.disaster % lap)
    }

    /// The dice owned, per [`Colour`].
    pub fn owned_dice(&self) -> [u8; 4] {
        self.owned
    }

    /// The dice showing faces (including those set aside to roll again).
    pub fn dice(&self) -> &DiceCounts {
        &self.dice
    }

    /// The dice set aside to roll again (ERA-12).
    pub fn set_aside(&self) -> &DiceCounts {
        &self.set_aside
    }

    /// Dice in hand, about to be rolled, per colour.
    pub fn rolling(&self) -> [u8; 4] {
        self.rolling
    }

    /// Rolls made this round.
    pub fn rolls(&self) -> u8 {
        self.rolls
    }

    /// How many start pieces this player has laid out (ERA-5).
    pub fn laid_out(&self) -> u8 {
        self.laid_out
    }

    fn owned_total(&self) -> u32 {
        self.owned.iter().map(|&n| u32::from(n)).sum()
    }
}

/// The plain form of [`Player`] that deserialisation checks.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlayer {
    domain: Domain,
    resources: [u8; 4],
    culture: u32,
    disaster: u32,
    owned: [u8; 4],
    dice: DiceCounts,
    set_aside: DiceCounts,
    rolling: [u8; 4],
    rolls: u8,
    fresh: [u8; 6],
    laid_out: u8,
}

#[cfg(feature = "serde")]
impl TryFrom<RawPlayer> for Player {
    type Error = alloc::string::String;

    /// What holds for a player at any table; the rest is checked with the
    /// whole state.
    fn try_from(raw: RawPlayer) -> Result<Self, alloc::string::String> {
        let p = Player {
            domain: raw.domain,
            resources: raw.resources,
            culture: raw.culture,
            disaster: raw.disaster,
            owned: raw.owned,
            dice: raw.dice,
            set_aside: raw.set_aside,
            rolling: raw.rolling,
            rolls: raw.rolls,
            fresh: raw.fresh,
            laid_out: raw.laid_out,
        };
        crate::validate::Seen::of(&p).check_alone()?;
        Ok(p)
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
    pub(crate) step: Step,
    pub(crate) round: u32,
    pub(crate) start: u8,
    pub(crate) players: Vec<Player>,
    pub(crate) supply: [u8; 12],
    pub(crate) boxed: [u8; 12],
    pub(crate) wall_supply: [u8; MAX_WALL_LENGTH as usize],
    pub(crate) scorched_supply: u8,
    pub(crate) tokens: u8,
    pub(crate) flipped: u8,
}

/// The largest table.
pub const MAX_PLAYERS: usize = 4;

impl Era {
    pub(crate) fn create(config: &EraConfig) -> Result<Era, EraError> {
        if !(2..=MAX_PLAYERS).contains(&config.players) {
            return Err(EraError::Players(config.players));
        }
        let n = u8::try_from(config.players).unwrap_or(2);
        let r = &config.ruleset;
        let removed = if n == 2 { r.two_player_removed } else { 0 };
        let mut supply = [0u8; 12];
        let mut boxed = [0u8; 12];
        for kind in BuildingKind::ALL {
            let i = kind.index();
            let total = r.building_count(kind);
            let rem = removed.min(total);
            let start = r
                .start_pieces()
                .iter()
                .filter(|&&p| p == Piece::Building(kind))
                .count()
                .saturating_add(usize::from(kind == BuildingKind::Keep));
            let start = u8::try_from(start).unwrap_or(u8::MAX).saturating_mul(n);
            if let (Some(s), Some(b)) = (supply.get_mut(i), boxed.get_mut(i)) {
                *b = rem;
                *s = total.saturating_sub(rem).saturating_sub(start);
            }
        }
        let mut wall_supply = [0u8; MAX_WALL_LENGTH as usize];
        for len in 1..=MAX_WALL_LENGTH {
            let start = r
                .start_pieces()
                .iter()
                .filter(|&&p| p == Piece::Wall(len))
                .count();
            let start = u8::try_from(start).unwrap_or(u8::MAX).saturating_mul(n);
            if let Some(s) = len
                .checked_sub(1)
                .and_then(|i| wall_supply.get_mut(usize::from(i)))
            {
                *s = r.wall_count(len).saturating_sub(start);
            }
        }
        let scorched_supply = r
            .scorched
            .saturating_sub(r.start_scorched_for(n).saturating_mul(n));
        let mut players = Vec::with_capacity(config.players);
        for _ in 0..n {
            let mut domain = Domain::new(r.size);
            domain.buildings.push(Building {
                kind: BuildingKind::Keep,
                cells: 1u128 << r.centre,
            });
            let owned = domain.carried_dice();
            players.push(Player {
                domain,
                resources: r.start_resources,
                culture: 0,
                disaster: 0,
                owned,
                dice: DiceCounts::default(),
                set_aside: DiceCounts::default(),
                rolling: [0; 4],
                rolls: 0,
                fresh: [0; 6],
                laid_out: 0,
            });
        }
        let mut era = Era {
            config: Arc::new(config.clone()),
            step: Step::Layout { seat: 0 },
            round: 0,
            start: 0,
            players,
            supply,
            boxed,
            wall_supply,
            scorched_supply,
            tokens: r.tracking_tokens(n),
            flipped: 0,
        };
        era.settle();
        Ok(era)
    }

    /// The ruleset in force.
    pub fn ruleset(&self) -> &Ruleset {
        &self.config.ruleset
    }

    /// The current step.
    pub fn step(&self) -> Step {
        self.step
    }

    /// The round number, from 1 (0 during the setup).
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The seat holding the round marker (the start player, ERA-6).
    pub fn start_player(&self) -> usize {
        usize::from(self.start)
    }

    /// Every player.
    pub fn player_list(&self) -> &[Player] {
        &self.players
    }

    /// One player, `None` for a seat out of range.
    pub fn player(&self, seat: usize) -> Option<&Player> {
        self.players.get(seat)
    }

    /// One player's domain; seat out of range gives the first player's.
    pub fn domain(&self, seat: usize) -> &Domain {
        let p = self.players.get(seat).or_else(|| self.players.first());
        match p {
            Some(p) => &p.domain,
            None => unreachable_domain(),
        }
    }

    /// Buildings of each type in the supply (by [`BuildingKind::ALL`]).
    pub fn supply(&self) -> [u8; 12] {
        self.supply
    }

    /// Buildings of each type returned to the box (2-player setup, Fire).
    pub fn boxed(&self) -> [u8; 12] {
        self.boxed
    }

    /// Walls of each length (index = length − 1) in the supply.
    pub fn wall_supply(&self) -> [u8; MAX_WALL_LENGTH as usize] {
        self.wall_supply
    }

    /// Scorched areas in the supply.
    pub fn scorched_supply(&self) -> u8 {
        self.scorched_supply
    }

    /// Tracking tokens in play and how many show X (ERA-19).
    pub fn tracking_tokens(&self) -> (u8, u8) {
        (self.tokens, self.flipped)
    }

    pub(crate) fn n(&self) -> u8 {
        u8::try_from(self.players.len()).unwrap_or(0)
    }

    /// The seat at turn-order position `turn`.
    #[expect(
        clippy::arithmetic_side_effects,
        reason = "two u8 values sum far below usize::MAX, and n >= 1"
    )]
    pub(crate) fn seat(&self, turn: u8) -> usize {
        let n = usize::from(self.n().max(1));
        (usize::from(self.start) + usize::from(turn)) % n
    }

    pub(crate) fn start_piece(&self, index: u8) -> Option<Piece> {
        self.ruleset().start_piece_for(self.n(), index)
    }

    pub(crate) fn start_total(&self) -> u8 {
        self.ruleset().start_total_for(self.n())
    }

    /// The seat `victim` seats to the left of the player at turn-order
    /// position `turn` (ERA-20, Treachery).
    #[expect(
        clippy::arithmetic_side_effects,
        reason = "a seat and a u8 sum far below usize::MAX, and n >= 1"
    )]
    pub(crate) fn victim(&self, turn: u8, victim: u8) -> usize {
        let n = usize::from(self.n().max(1));
        (self.seat(turn) + usize::from(victim)) % n
    }

    /// Who acts next.
    pub(crate) fn who(&self) -> dice_core::ToMove {
        use dice_core::ToMove;
        match self.step {
            Step::Over => ToMove::Over,
            Step::StartRoll { .. } => ToMove::Chance,
            Step::Layout { seat } => ToMove::Player(usize::from(seat)),
            Step::Roll { turn } | Step::Feathers { turn } => {
                let seat = self.seat(turn);
                match self.players.get(seat) {
                    Some(p) if p.rolling.iter().any(|&d| d > 0) => ToMove::Chance,
                    _ => ToMove::Player(seat),
                }
            }
            Step::Monastery { turn, .. } | Step::Fire { turn } | Step::Build { turn, .. } => {
                ToMove::Player(self.seat(turn))
            }
            Step::Treachery { turn, by } => ToMove::Player(self.victim(turn, by)),
            Step::Extort {
                turn,
                victim,
                demand,
            } => {
                let e = self.seat(turn);
                if demand.is_some() {
                    ToMove::Player(self.victim(turn, victim))
                } else {
                    ToMove::Player(e)
                }
            }
        }
    }

    // ----- queries used by the rules -----

    pub(crate) fn fits(&self, seat: usize, piece: Piece, turn: u8, at: Cell) -> Option<u128> {
        let cells = self.ruleset().cells(piece, turn, at)?;
        let p = self.players.get(seat)?;
        (cells & p.domain.occupied() == 0).then_some(cells)
    }

    pub(crate) fn fits_anywhere(&self, seat: usize, piece: Piece) -> bool {
        let Some(p) = self.players.get(seat) else {
            return false;
        };
        let occupied = p.domain.occupied();
        let r = self.ruleset();
        (0..r.orientations(piece)).any(|t| {
            r.orientation(piece, t).is_some_and(|o| {
                (0..r.size).any(|row| {
                    (0..r.size).any(|col| o.at(row, col, r.size).is_some_and(|c| c & occupied == 0))
                })
            })
        })
    }

    /// Whether `seat` may choose `piece` to build now (ERA-18).
    pub(crate) fn can_build(&self, seat: usize, piece: Piece) -> bool {
        piece != Piece::Scorched
            && piece.is_valid()
            && self.in_supply(piece)
            && self.can_afford(seat, piece)
            && self.fits_anywhere(seat, piece)
    }

    pub(crate) fn can_afford(&self, seat: usize, piece: Piece) -> bool {
        let cost = self.ruleset().cost(piece);
        self.players.get(seat).is_some_and(|p| {
            p.resources
                .iter()
                .zip(cost)
                .all(|(&have, need)| have >= need)
        })
    }

    pub(crate) fn in_supply(&self, piece: Piece) -> bool {
        match piece {
            Piece::Building(k) => self.supply.get(k.index()).is_some_and(|&n| n > 0),
            Piece::Wall(len) => len
                .checked_sub(1)
                .and_then(|i| self.wall_supply.get(usize::from(i)))
                .is_some_and(|&n| n > 0),
            Piece::Scorched => false,
        }
    }

    pub(crate) fn is_skull(&self, colour: Colour, face: u8) -> bool {
        self.ruleset().face(colour, usize::from(face)).is_skull()
    }

    pub(crate) fn is_feather(&self, face: u8) -> bool {
        self.ruleset()
            .face(Colour::White, usize::from(face))
            .is_feather()
    }

    /// Dice a player may still set aside to roll again.
    pub(crate) fn can_set_aside(&self, p: &Player, colour: Colour, face: u8) -> bool {
        !self.is_skull(colour, face) && p.dice.get(colour, face) > p.set_aside.get(colour, face)
    }

    fn any_rerollable(&self, p: &Player) -> bool {
        Colour::ALL
            .iter()
            .any(|&c| (0..6).any(|f| self.can_set_aside(p, c, f)))
            || p.set_aside.total() > 0
    }

    pub(crate) fn has_feather(&self, p: &Player) -> bool {
        (0..6u8).any(|f| self.feather_ready(p, f))
    }

    pub(crate) fn feather_ready(&self, p: &Player, face: u8) -> bool {
        self.is_feather(face)
            && p.fresh.get(usize::from(face)).is_some_and(|&n| n > 0)
            && p.dice.get(Colour::White, face) > 0
    }

    pub(crate) fn settable(&self, p: &Player, colour: Colour, face: u8) -> bool {
        !self.is_skull(colour, face) && p.dice.get(colour, face) > 0
    }

    fn any_settable(&self, p: &Player) -> bool {
        Colour::ALL
            .iter()
            .any(|&c| (0..6).any(|f| self.settable(p, c, f)))
    }

    pub(crate) fn symbols(&self, seat: usize, symbol: Symbol) -> u32 {
        self.players
            .get(seat)
            .map_or(0, |p| p.dice.symbols(self.ruleset(), symbol))
    }

    /// Cells of the victim's domain Fire may take.
    pub(crate) fn burnable(&self, seat: usize) -> u128 {
        let Some(p) = self.players.get(seat) else {
            return 0;
        };
        let walled = p.domain.walled_with(&self.ruleset().masks);
        p.domain
            .buildings
            .iter()
            .filter(|b| b.kind != BuildingKind::Keep && b.cells & !walled != 0)
            .fold(0, |acc, b| acc | b.cells)
    }

    /// Whether `victim` must answer `extorter` (ERA-20).
    pub(crate) fn extortable(&self, extorter: usize, victim: usize) -> bool {
        let swords = self.symbols(extorter, Symbol::Sword);
        self.symbols(victim, Symbol::Sword) < swords
            && self.symbols(victim, Symbol::Shield) < swords
    }

    // ----- the flow -----

    /// Runs automatic steps until a player must decide, dice must roll, or
    /// the game is over. Allocates nothing.
    #[allow(clippy::too_many_lines)]
    pub(crate) fn settle(&mut self) {
        let n = self.n();
        // Every pass moves the step forward; the bound only guards against
        // a corrupted state.
        for _ in 0..10_000 {
            match self.step {
                Step::Over | Step::StartRoll { .. } => return,
                Step::Layout { seat } => {
                    let s = usize::from(seat);
                    let Some(laid) = self.players.get(s).map(|p| p.laid_out) else {
                        self.step = Step::Over;
                        return;
                    };
                    if laid < self.start_total() {
                        let Some(piece) = self.start_piece(laid) else {
                            return;
                        };
                        if self.fits_anywhere(s, piece) {
                            return;
                        }
                        // No room: the piece goes back to the supply.
                        self.return_piece(piece);
                        if let Some(p) = self.players.get_mut(s) {
                            p.laid_out = p.laid_out.saturating_add(1);
                        }
                    } else if seat.saturating_add(1) < n {
                        self.step = Step::Layout {
                            seat: seat.saturating_add(1),
                        };
                    } else {
                        self.step = Step::StartRoll {
                            rolling: (0..n)
                                .fold(0, |all, s| all | 1u8.checked_shl(u32::from(s)).unwrap_or(0)),
                        };
                        return;
                    }
                }
                Step::Roll { turn } => {
                    if turn >= n {
                        self.reveal();
                        self.step = Step::Feathers { turn: 0 };
                        continue;
                    }
                    let seat = self.seat(turn);
                    let Some(p) = self.players.get(seat) else {
                        return;
                    };
                    if p.rolling.iter().any(|&d| d > 0) {
                        return;
                    }
                    if p.rolls < self.ruleset().rolls && self.any_rerollable(p) {
                        return;
                    }
                    self.step = Step::Roll {
                        turn: turn.saturating_add(1),
                    };
                }
                Step::Feathers { turn } => {
                    if turn >= n {
                        for p in &mut self.players {
                            p.fresh = [0; 6];
                        }
                        self.enter_monastery(0);
                        continue;
                    }
                    let seat = self.seat(turn);
                    let Some(p) = self.players.get(seat) else {
                        return;
                    };
                    if p.rolling.iter().any(|&d| d > 0) || self.has_feather(p) {
                        return;
                    }
                    self.step = Step::Feathers {
                        turn: turn.saturating_add(1),
                    };
                }
                Step::Monastery { turn, left } => {
                    if turn >= n {
                        self.collect();
                        self.feed();
                        self.enter_disaster(0);
                        continue;
                    }
                    let seat = self.seat(turn);
                    let ready = self
                        .players
                        .get(seat)
                        .is_some_and(|p| left > 0 && self.any_settable(p));
                    if ready {
                        return;
                    }
                    self.enter_monastery(turn.saturating_add(1));
                }
                Step::Treachery { turn, by } => {
                    if by >= n {
                        self.enter_disaster(turn.saturating_add(1));
                        continue;
                    }
                    let victim = self.seat(turn);
                    let room = self
                        .players
                        .get(victim)
                        .is_some_and(|p| p.domain.empty() != 0);
                    if room && self.scorched_supply > 0 {
                        return;
                    }
                    let points = match self.ruleset().disaster(self.skulls(victim)) {
                        Disaster::Treachery {
                            disaster_without_cell,
                        } => disaster_without_cell,
                        _ => 0,
                    };
                    self.add_disaster(victim, points);
                    self.step = Step::Treachery {
                        turn,
                        by: by.saturating_add(1),
                    };
                }
                Step::Fire { turn } => {
                    if turn >= n {
                        self.enter_disaster(turn);
                        continue;
                    }
                    if self.burnable(self.seat(turn)) != 0 {
                        return;
                    }
                    self.enter_disaster(turn.saturating_add(1));
                }
                Step::Build { turn, hammers, .. } => {
                    if turn >= n {
                        self.step = Step::Extort {
                            turn: 0,
                            victim: 1,
                            demand: None,
                        };
                        continue;
                    }
                    if hammers > 0 {
                        return;
                    }
                    self.enter_build(turn.saturating_add(1));
                }
                Step::Extort {
                    turn,
                    victim,
                    demand,
                } => {
                    if turn >= n {
                        self.end_round();
                        continue;
                    }
                    if victim >= n {
                        self.step = Step::Extort {
                            turn: turn.saturating_add(1),
                            victim: 1,
                            demand: None,
                        };
                        continue;
                    }
                    if demand.is_some() {
                        return;
                    }
                    let e = self.seat(turn);
                    let v = self.victim(turn, victim);
                    if self.extortable(e, v) {
                        let has_any = self
                            .players
                            .get(v)
                            .is_some_and(|p| p.resources.iter().any(|&x| x > 0));
                        if has_any {
                            return;
                        }
                        let penalty = self.ruleset().extort_disaster;
                        self.add_disaster(v, penalty);
                    }
                    self.step = Step::Extort {
                        turn,
                        victim: victim.saturating_add(1),
                        demand: None,
                    };
                }
            }
        }
    }

    fn return_piece(&mut self, piece: Piece) {
        match piece {
            Piece::Building(k) => {
                if let Some(s) = self.supply.get_mut(k.index()) {
                    *s = s.saturating_add(1);
                }
            }
            Piece::Wall(len) => {
                if let Some(s) = len
                    .checked_sub(1)
                    .and_then(|i| self.wall_supply.get_mut(usize::from(i)))
                {
                    *s = s.saturating_add(1);
                }
            }
            Piece::Scorched => self.scorched_supply = self.scorched_supply.saturating_add(1),
        }
    }

    /// ERA-6 → the first round; ERA-22 → every next one.
    pub(crate) fn begin_round(&mut self) {
        self.round = self.round.saturating_add(1);
        for p in &mut self.players {
            p.owned = p.domain.carried_dice();
            p.dice = DiceCounts::default();
            p.set_aside = DiceCounts::default();
            p.rolling = p.owned;
            p.rolls = 0;
            p.fresh = [0; 6];
        }
        self.step = Step::Roll { turn: 0 };
    }

    /// The end of the Roll step: every die is shown; the white dice showing
    /// a feather may each be re-rolled once (ERA-13).
    pub(crate) fn reveal(&mut self) {
        let feathers: [bool; 6] =
            core::array::from_fn(|f| self.is_feather(u8::try_from(f).unwrap_or(0)));
        for p in &mut self.players {
            p.set_aside = DiceCounts::default();
            for (f, fresh) in p.fresh.iter_mut().enumerate() {
                *fresh = if feathers.get(f).copied().unwrap_or(false) {
                    p.dice.white.get(f).copied().unwrap_or(0)
                } else {
                    0
                };
            }
        }
    }

    pub(crate) fn enter_monastery(&mut self, turn: u8) {
        let left = if turn < self.n() {
            let seat = self.seat(turn);
            let monasteries = self
                .players
                .get(seat)
                .map_or(0, |p| p.domain.count(BuildingKind::Monastery));
            monasteries.saturating_mul(self.ruleset().monastery_dice)
        } else {
            0
        };
        self.step = Step::Monastery { turn, left };
    }

    /// ERA-15.
    pub(crate) fn collect(&mut self) {
        let config = Arc::clone(&self.config);
        let r = &config.ruleset;
        for p in &mut self.players {
            let mut gain = [0u32; 4];
            for colour in Colour::ALL {
                for (face, &count) in p.dice.colour(colour).iter().enumerate() {
                    let f = r.face(colour, face);
                    for (g, res) in gain.iter_mut().zip(Resource::ALL) {
                        *g = g.saturating_add(
                            u32::from(count).saturating_mul(u32::from(f.count(res.symbol()))),
                        );
                    }
                    p.culture = p.culture.saturating_add(
                        u32::from(count).saturating_mul(u32::from(f.count(Symbol::Culture))),
                    );
                }
            }
            for b in &p.domain.buildings {
                let income = r.building(b.kind).income;
                for (g, &i) in gain.iter_mut().zip(&income) {
                    *g = g.saturating_add(u32::from(i));
                }
            }
            for (have, g) in p.resources.iter_mut().zip(gain) {
                let total = u32::from(*have).saturating_add(g);
                *have =
                    u8::try_from(total.min(u32::from(r.resource_max))).unwrap_or(r.resource_max);
            }
        }
    }

    /// ERA-16.
    pub(crate) fn feed(&mut self) {
        let Some(per_die) = core::num::NonZeroU32::new(u32::from(self.ruleset().food_per_die))
        else {
            return;
        };
        let penalty = self.ruleset().unfed_disaster;
        for seat in 0..self.players.len() {
            let Some(p) = self.players.get_mut(seat) else {
                continue;
            };
            let dice = p.owned_total();
            let food = p.resource(Resource::Food);
            let fed = (u32::from(food) / per_die).min(dice);
            let paid = fed.saturating_mul(per_die.get());
            if let Some(f) = p.resources.get_mut(Resource::Food as usize) {
                *f = food.saturating_sub(u8::try_from(paid).unwrap_or(u8::MAX));
            }
            let unfed = dice.saturating_sub(fed);
            self.add_disaster(seat, unfed.saturating_mul(penalty));
        }
    }

    pub(crate) fn add_disaster(&mut self, seat: usize, points: u32) {
        if let Some(p) = self.players.get_mut(seat) {
            p.disaster = p.disaster.saturating_add(points);
        }
    }

    pub(crate) fn skulls(&self, seat: usize) -> u32 {
        self.symbols(seat, Symbol::Skull)
    }

    /// ERA-17: resolves the disasters from the player at `turn` on, in
    /// turn order, until one needs a choice (Treachery, Fire); then Build.
    pub(crate) fn enter_disaster(&mut self, turn: u8) {
        let mut turn = turn;
        while turn < self.n() {
            let seat = self.seat(turn);
            let disaster = self.ruleset().disaster(self.skulls(seat));
            let config = Arc::clone(&self.config);
            let Some(p) = self.players.get_mut(seat) else {
                return;
            };
            match disaster {
                Disaster::None => {}
                Disaster::Brigands => {
                    if let Some(g) = p.resources.get_mut(Resource::Goods as usize) {
                        *g = 0;
                    }
                }
                Disaster::Treachery { .. } => {
                    self.step = Step::Treachery { turn, by: 1 };
                    return;
                }
                Disaster::Disease {
                    per_building,
                    per_hospital,
                } => {
                    let cluster = p.domain.largest_cluster_with(&config.ruleset.masks);
                    let hospitals = u32::from(p.domain.count(BuildingKind::Hospital));
                    let points = cluster
                        .saturating_mul(per_building)
                        .saturating_sub(hospitals.saturating_mul(per_hospital));
                    self.add_disaster(seat, points);
                }
                Disaster::Fire => {
                    self.step = Step::Fire { turn };
                    return;
                }
                Disaster::Revolt { disaster } => {
                    p.resources = [0; 4];
                    self.add_disaster(seat, disaster);
                }
            }
            turn = turn.saturating_add(1);
        }
        self.enter_build(0);
    }

    pub(crate) fn enter_build(&mut self, turn: u8) {
        let hammers = if turn < self.n() {
            let h = self.symbols(self.seat(turn), Symbol::Hammer);
            u8::try_from(h).unwrap_or(u8::MAX)
        } else {
            0
        };
        self.step = Step::Build {
            turn,
            hammers,
            chosen: None,
        };
    }

    /// ERA-22.
    pub(crate) fn end_round(&mut self) {
        for p in &mut self.players {
            p.owned = p.domain.carried_dice();
            // The dice go back to the hand with their buildings.
            p.dice = DiceCounts::default();
            p.set_aside = DiceCounts::default();
            p.rolling = [0; 4];
            p.fresh = [0; 6];
        }
        if self.flipped >= self.tokens {
            self.step = Step::Over;
            return;
        }
        self.start = u8::try_from(self.seat(1)).unwrap_or(0);
        self.begin_round();
    }

    /// Takes a piece from the supply and places it (ERA-18, ERA-19).
    pub(crate) fn place(&mut self, seat: usize, piece: Piece, cells: u128) {
        let Some(p) = self.players.get_mut(seat) else {
            return;
        };
        match piece {
            Piece::Building(kind) => p.domain.buildings.push(Building { kind, cells }),
            Piece::Wall(len) => {
                p.domain.walls |= cells;
                if let Some(c) = len
                    .checked_sub(1)
                    .and_then(|i| p.domain.wall_counts.get_mut(usize::from(i)))
                {
                    *c = c.saturating_add(1);
                }
            }
            Piece::Scorched => p.domain.scorched |= cells,
        }
    }

    /// ERA-18, ERA-19: pays and takes from the supply.
    pub(crate) fn take_from_supply(&mut self, seat: usize, piece: Piece) {
        let cost = self.ruleset().cost(piece);
        if let Some(p) = self.players.get_mut(seat) {
            for (have, c) in p.resources.iter_mut().zip(cost) {
                *have = have.saturating_sub(c);
            }
        }
        match piece {
            Piece::Building(k) => {
                if let Some(s) = self.supply.get_mut(k.index()) {
                    *s = s.saturating_sub(1);
                    if *s == 0 && self.flipped < self.tokens {
                        self.flipped = self.flipped.saturating_add(1);
                    }
                }
            }
            Piece::Wall(len) => {
                if let Some(s) = len
                    .checked_sub(1)
                    .and_then(|i| self.wall_supply.get_mut(usize::from(i)))
                {
                    *s = s.saturating_sub(1);
                }
            }
            Piece::Scorched => {}
        }
    }
}

fn unreachable_domain() -> &'static Domain {
    // A game always has players; this empty domain only satisfies the
    // signature of `Era::domain`.
    static EMPTY: Domain = Domain {
        size: 0,
        buildings: Vec::new(),
        walls: 0,
        wall_counts: [0; MAX_WALL_LENGTH as usize],
        scorched: 0,
    };
    &EMPTY
}

impl fmt::Display for Player {
    /// `goods 0, stone 2, wood 2, food 2 | culture 0 | disaster 0 | dice
    /// yellow 3, gray 1, blue 0, white 0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, r) in Resource::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{r} {}", self.resource(*r))?;
        }
        write!(
            f,
            " | culture {} | disaster {} | dice",
            self.culture, self.disaster
        )?;
        for (i, c) in Colour::ALL.iter().enumerate() {
            let sep = if i > 0 { "," } else { "" };
            write!(f, "{sep} {c} {}", self.owned.get(i).copied().unwrap_or(0))?;
        }
        Ok(())
    }
}
