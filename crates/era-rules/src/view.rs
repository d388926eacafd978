//! What one seat, or a spectator, may know (ERA-5, ERA-12), and states
//! drawn consistently with it.

use alloc::format;
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;

use dice_core::{DiceRng, Viewer};

use crate::EraConfig;
use crate::action::Action;
use crate::dice::DiceCounts;
use crate::domain::{Building, Domain};
use crate::piece::{BuildingKind, MAX_WALL_LENGTH};
use crate::state::{Era, Player, Step};
use crate::symbols::Colour;
use crate::validate::{Seen, Table, ViewError};

/// One player as a viewer sees them: the layout is hidden from the others
/// until every player has laid out (ERA-5), and the dice until the end of
/// the Roll step (ERA-12). Everything else is public.
///
/// Deserialising checks what holds at any table: dice and dice set aside
/// shown or hidden together, matching their counts, no more than owned.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawPlayerView"))]
pub struct PlayerView {
    /// The domain, `None` while hidden.
    pub domain: Option<Domain>,
    /// Start pieces laid out so far.
    pub laid_out: u8,
    /// Resources by [`Resource`](crate::Resource).
    pub resources: [u8; 4],
    /// Culture in all.
    pub culture: u32,
    /// Disaster points in all.
    pub disaster: u32,
    /// Dice owned per colour.
    pub owned: [u8; 4],
    /// The faces showing, `None` while hidden.
    pub dice: Option<DiceCounts>,
    /// The dice set aside to roll again, `None` while hidden.
    pub set_aside: Option<DiceCounts>,
    /// How many dice show a face, per colour (public: the dice are on the
    /// table even when their faces are not).
    pub showing: [u8; 4],
    /// How many dice are set aside to roll again, per colour.
    pub set_aside_count: [u8; 4],
    /// Dice in hand about to be rolled, per colour.
    pub rolling: [u8; 4],
    /// Rolls made this round.
    pub rolls: u8,
    /// Unused feather re-rolls by white face (ERA-13).
    pub fresh: [u8; 6],
}

/// What one seat, or a spectator, may know of an [`Era`] position.
///
/// Deserialising checks that some valid state shows this view: the same
/// invariants as a state's for everything shown, layouts and dice hidden
/// exactly when the rules hide them (ERA-5, ERA-12), and a supply that adds
/// up with what hidden layouts may hold. [`Game::determinize`] checks a view
/// built in code the same way, and returns `None` for an invalid one.
///
/// [`Game::determinize`]: dice_core::Game::determinize
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawView"))]
pub struct EraView {
    /// Whose view.
    pub viewer: Viewer,
    /// The config.
    #[cfg_attr(
        feature = "serde",
        serde(serialize_with = "crate::config::serialize_arc")
    )]
    pub config: Arc<EraConfig>,
    /// The step.
    pub step: Step,
    /// The round.
    pub round: u32,
    /// The start player.
    pub start: u8,
    /// Buildings in the supply.
    pub supply: [u8; 12],
    /// Buildings in the box.
    pub boxed: [u8; 12],
    /// Walls in the supply by length − 1.
    pub wall_supply: [u8; MAX_WALL_LENGTH as usize],
    /// Scorched areas in the supply.
    pub scorched_supply: u8,
    /// Tracking tokens in play.
    pub tokens: u8,
    /// Tracking tokens showing X.
    pub flipped: u8,
    /// Every player.
    pub players: Vec<PlayerView>,
}

impl Era {
    /// Whether `seat`'s layout is hidden from `viewer`.
    pub(crate) fn layout_hidden(&self, seat: usize, viewer: Viewer) -> bool {
        matches!(self.step, Step::Layout { .. }) && viewer != Viewer::Seat(seat)
    }

    /// Whether `seat`'s dice are hidden from `viewer`.
    pub(crate) fn dice_hidden(&self, seat: usize, viewer: Viewer) -> bool {
        matches!(self.step, Step::Roll { .. }) && viewer != Viewer::Seat(seat)
    }

    /// Redraws everything `viewer` cannot see; draws again (up to 100
    /// times, then keeps the state) when the result is not a node where a
    /// player must act, for example when the player deciding whether to roll
    /// again would be left with nothing but skulls.
    pub(crate) fn resample(&mut self, viewer: Viewer, rng: &mut DiceRng) {
        for _ in 0..100 {
            let mut s = self.clone();
            s.resample_once(viewer, rng);
            if s.validate().is_ok() {
                *self = s;
                return;
            }
        }
    }

    fn resample_once(&mut self, viewer: Viewer, rng: &mut DiceRng) {
        for seat in 0..self.players.len() {
            if self.layout_hidden(seat, viewer) {
                if let Some(d) = self.random_layout(seat, rng) {
                    if let Some(p) = self.players.get_mut(seat) {
                        p.domain = d;
                    }
                }
            }
            if self.dice_hidden(seat, viewer) {
                let Some(p) = self.players.get(seat) else {
                    continue;
                };
                let showing = p.dice.per_colour();
                let aside = p.set_aside.per_colour();
                if let Some((dice, set_aside)) = self.random_dice(showing, aside, rng) {
                    if let Some(p) = self.players.get_mut(seat) {
                        p.dice = dice;
                        p.set_aside = set_aside;
                    }
                }
            }
        }
    }

    /// A fresh domain with the Keep and the first `laid_out` start pieces of
    /// `seat`, each placed uniformly among its legal placements in turn; a
    /// piece that fits nowhere stays out, as in the layout (ERA-5).
    fn random_layout(&self, seat: usize, rng: &mut DiceRng) -> Option<Domain> {
        let laid = self.players.get(seat)?.laid_out;
        let r = self.ruleset();
        let mut scratch = self.clone();
        let mut legal = Vec::new();
        let mut domain = Domain::new(r.size);
        domain.buildings.push(Building {
            kind: BuildingKind::Keep,
            cells: 1u128 << r.centre,
        });
        scratch.players.get_mut(seat)?.domain = domain;
        for i in 0..laid {
            let piece = self.start_piece(i)?;
            legal.clear();
            scratch.push_placements(seat, piece, &mut legal);
            if let Some(&Action::Place { turn, at, .. }) = rng.choose(&legal) {
                let cells = scratch.fits(seat, piece, turn, at)?;
                scratch.place(seat, piece, cells);
            }
        }
        Some(scratch.players.get(seat)?.domain.clone())
    }

    /// Faces for `showing` dice per colour, of which `aside` are set aside:
    /// those show a face without a skull, uniformly; the others any face,
    /// uniformly.
    fn random_dice(
        &self,
        showing: [u8; 4],
        aside: [u8; 4],
        rng: &mut DiceRng,
    ) -> Option<(DiceCounts, DiceCounts)> {
        let mut dice = DiceCounts::default();
        let mut set_aside = DiceCounts::default();
        for ((colour, n), m) in Colour::ALL.into_iter().zip(showing).zip(aside) {
            let free: Vec<u8> = (0..6).filter(|&f| !self.is_skull(colour, f)).collect();
            for _ in 0..m {
                let f = *rng.choose(&free)?;
                set_aside.add(colour, f, 1);
                dice.add(colour, f, 1);
            }
            for _ in 0..n.checked_sub(m)? {
                let f = u8::try_from(rng.index(6)?).ok()?;
                dice.add(colour, f, 1);
            }
        }
        Some((dice, set_aside))
    }
}

impl EraView {
    pub(crate) fn of(era: &Era, viewer: Viewer) -> EraView {
        let players = era
            .players
            .iter()
            .enumerate()
            .map(|(seat, p)| {
                let dice_hidden = era.dice_hidden(seat, viewer);
                PlayerView {
                    domain: (!era.layout_hidden(seat, viewer)).then(|| p.domain.clone()),
                    laid_out: p.laid_out,
                    resources: p.resources,
                    culture: p.culture,
                    disaster: p.disaster,
                    owned: p.owned,
                    dice: (!dice_hidden).then_some(p.dice),
                    set_aside: (!dice_hidden).then_some(p.set_aside),
                    showing: p.dice.per_colour(),
                    set_aside_count: p.set_aside.per_colour(),
                    rolling: p.rolling,
                    rolls: p.rolls,
                    fresh: p.fresh,
                }
            })
            .collect();
        EraView {
            viewer,
            config: Arc::clone(&era.config),
            step: era.step,
            round: era.round,
            start: era.start,
            supply: era.supply,
            boxed: era.boxed,
            wall_supply: era.wall_supply,
            scorched_supply: era.scorched_supply,
            tokens: era.tokens,
            flipped: era.flipped,
            players,
        }
    }

    /// A full state consistent with this view: hidden layouts are laid out
    /// again piece by piece, each uniformly among its legal placements;
    /// hidden dice show uniform faces (dice set aside: uniform among the
    /// faces without a skull), conditioned on the state being valid (drawn
    /// again, up to 100 times). `None` if the view is inconsistent.
    pub(crate) fn determinize(&self, rng: &mut DiceRng) -> Option<Era> {
        self.validate().ok()?;
        (0..100).find_map(|_| self.determinize_once(rng))
    }

    /// Checks that some valid state shows this view.
    pub(crate) fn validate(&self) -> Result<(), ViewError> {
        let fail = |what: String| Err(ViewError(what));
        let n = self.players.len();
        if let Viewer::Seat(s) = self.viewer {
            if s >= n {
                return fail(format!("viewer: seat {s} is not at a {n}-player table"));
            }
        }
        let layout = matches!(self.step, Step::Layout { .. });
        let roll = matches!(self.step, Step::Roll { .. });
        for (seat, p) in self.players.iter().enumerate() {
            let other = self.viewer != Viewer::Seat(seat);
            let at = |what: &str| format!("players[{seat}].{what}");
            // Each secret is shown exactly when the viewer may see it.
            for (shown, secret, hidden_wrongly, shown_wrongly) in [
                (
                    p.domain.is_some(),
                    layout && other,
                    "domain: hidden, but only a layout in progress is secret (ERA-5)",
                    "domain: shown to another seat during the layout (ERA-5)",
                ),
                (
                    p.dice.is_some(),
                    roll && other,
                    "dice: hidden outside another player's Roll step (ERA-12)",
                    "dice: shown to another seat during the Roll step (ERA-12)",
                ),
            ] {
                match (shown, secret) {
                    (false, false) => return fail(at(hidden_wrongly)),
                    (true, true) => return fail(at(shown_wrongly)),
                    _ => {}
                }
            }
        }
        let table = Table {
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
            players: self.players.iter().map(PlayerView::seen).collect(),
        };
        table.check().map_err(ViewError)?;
        if let Step::Extort {
            turn,
            victim,
            demand: Some(res),
        } = self.step
        {
            let v = core::num::NonZeroUsize::new(n).map_or(0, |n| {
                usize::from(self.start)
                    .saturating_add(usize::from(turn))
                    .saturating_add(usize::from(victim))
                    % n
            });
            let has = self
                .players
                .get(v)
                .and_then(|p| p.resources.get(res as usize))
                .is_some_and(|&x| x > 0);
            if !has {
                return fail(format!(
                    "step: the victim has no {res} to pay the demand (ERA-20)"
                ));
            }
        }
        Ok(())
    }

    fn determinize_once(&self, rng: &mut DiceRng) -> Option<Era> {
        let r = &self.config.ruleset;
        let players = self
            .players
            .iter()
            .map(|v| Player {
                domain: v.domain.clone().unwrap_or_else(|| {
                    let mut d = Domain::new(r.size);
                    d.buildings.push(Building {
                        kind: BuildingKind::Keep,
                        cells: 1u128 << r.centre,
                    });
                    d
                }),
                resources: v.resources,
                culture: v.culture,
                disaster: v.disaster,
                owned: v.owned,
                dice: v.dice.unwrap_or_default(),
                set_aside: v.set_aside.unwrap_or_default(),
                rolling: v.rolling,
                rolls: v.rolls,
                fresh: v.fresh,
                laid_out: v.laid_out,
            })
            .collect();
        let mut era = Era {
            config: Arc::clone(&self.config),
            step: self.step,
            round: self.round,
            start: self.start,
            players,
            supply: self.supply,
            boxed: self.boxed,
            wall_supply: self.wall_supply,
            scorched_supply: self.scorched_supply,
            tokens: self.tokens,
            flipped: self.flipped,
        };
        for (seat, v) in self.players.iter().enumerate() {
            if v.domain.is_none() {
                let d = era.random_layout(seat, rng)?;
                era.players.get_mut(seat)?.domain = d;
            }
            if v.dice.is_none() || v.set_aside.is_none() {
                let (dice, set_aside) = era.random_dice(v.showing, v.set_aside_count, rng)?;
                let p = era.players.get_mut(seat)?;
                p.dice = dice;
                p.set_aside = set_aside;
            }
        }
        era.validate().ok()?;
        Some(era)
    }
}

impl PlayerView {
    fn seen(&self) -> Seen<'_> {
        Seen {
            domain: self.domain.as_ref(),
            dice: self.dice.as_ref().zip(self.set_aside.as_ref()),
            laid_out: self.laid_out,
            resources: self.resources,
            owned: self.owned,
            showing: self.showing,
            set_aside: self.set_aside_count,
            rolling: self.rolling,
            rolls: self.rolls,
            fresh: self.fresh,
        }
    }

    /// What holds for a player at any table.
    #[cfg(feature = "serde")]
    fn check_alone(&self) -> Result<(), String> {
        if self.dice.is_some() != self.set_aside.is_some() {
            return Err("dice, set_aside: shown or hidden together".into());
        }
        self.seen().check_alone()
    }
}

/// The plain form of [`PlayerView`] that deserialisation checks.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlayerView {
    domain: Option<Domain>,
    laid_out: u8,
    resources: [u8; 4],
    culture: u32,
    disaster: u32,
    owned: [u8; 4],
    dice: Option<DiceCounts>,
    set_aside: Option<DiceCounts>,
    showing: [u8; 4],
    set_aside_count: [u8; 4],
    rolling: [u8; 4],
    rolls: u8,
    fresh: [u8; 6],
}

#[cfg(feature = "serde")]
impl TryFrom<RawPlayerView> for PlayerView {
    type Error = String;

    fn try_from(raw: RawPlayerView) -> Result<Self, String> {
        let p = PlayerView {
            domain: raw.domain,
            laid_out: raw.laid_out,
            resources: raw.resources,
            culture: raw.culture,
            disaster: raw.disaster,
            owned: raw.owned,
            dice: raw.dice,
            set_aside: raw.set_aside,
            showing: raw.showing,
            set_aside_count: raw.set_aside_count,
            rolling: raw.rolling,
            rolls: raw.rolls,
            fresh: raw.fresh,
        };
        p.check_alone()?;
        Ok(p)
    }
}

/// The plain form of [`EraView`] that deserialisation validates.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawView {
    viewer: Viewer,
    config: EraConfig,
    step: Step,
    round: u32,
    start: u8,
    supply: [u8; 12],
    boxed: [u8; 12],
    wall_supply: [u8; MAX_WALL_LENGTH as usize],
    scorched_supply: u8,
    tokens: u8,
    flipped: u8,
    players: Vec<PlayerView>,
}

#[cfg(feature = "serde")]
impl TryFrom<RawView> for EraView {
    type Error = ViewError;

    fn try_from(raw: RawView) -> Result<Self, ViewError> {
        let view = EraView {
            viewer: raw.viewer,
            config: Arc::new(raw.config),
            step: raw.step,
            round: raw.round,
            start: raw.start,
            supply: raw.supply,
            boxed: raw.boxed,
            wall_supply: raw.wall_supply,
            scorched_supply: raw.scorched_supply,
            tokens: raw.tokens,
            flipped: raw.flipped,
            players: raw.players,
        };
        view.validate()?;
        Ok(view)
    }
}
