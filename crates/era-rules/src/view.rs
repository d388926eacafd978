//! What one seat, or a spectator, may know (ERA-5, ERA-12).

use alloc::sync::Arc;
use alloc::vec::Vec;

use dice_core::seat::{Seat, TurnOrder};
use dice_core::{ToMove, Viewer};

use crate::accessors::{board_accessors, table_accessors};
use crate::config::EraConfig;
use crate::dice::DiceCounts;
use crate::domain::Domain;
use crate::map::{ByBuilding, ByColour, ByResource, FaceCounts};
use crate::piece::MAX_WALL_LENGTH;
use crate::state::Era;
use crate::step::Step;
use crate::tracking::TrackingTokens;

/// One player as a viewer sees them: the layout is hidden from the others
/// until every player has laid out (ERA-5), and the dice until the end of
/// the Roll step (ERA-12). Everything else is public.
///
/// Decoded on its own, a player view is only read; its invariants are
/// checked with the whole view ([`EraView`]'s decoding).
///
/// Its JSON is written with the whole view's (by name); this type reads
/// the positional form older versions wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct PlayerView {
    /// The domain, `None` while hidden.
    pub(crate) domain: Option<Domain>,
    /// Start pieces laid out so far.
    pub(crate) laid_out: u8,
    /// Resources on the tracks.
    pub(crate) resources: ByResource<u8>,
    /// Culture in all.
    pub(crate) culture: u32,
    /// Disaster points in all.
    pub(crate) disaster: u32,
    /// Dice owned per colour.
    pub(crate) owned: ByColour<u8>,
    /// The faces showing, `None` while hidden.
    pub(crate) dice: Option<DiceCounts>,
    /// The dice set aside to roll again, `None` while hidden.
    pub(crate) set_aside: Option<DiceCounts>,
    /// The dice a Monastery set, `None` while hidden (ERA-14).
    pub(crate) fixed: Option<DiceCounts>,
    /// How many dice show a face, per colour (public: the dice are on the
    /// table even when their faces are not).
    pub(crate) showing: ByColour<u8>,
    /// How many dice are set aside to roll again, per colour.
    pub(crate) set_aside_count: ByColour<u8>,
    /// How many dice a Monastery set, per colour.
    pub(crate) fixed_count: ByColour<u8>,
    /// The dice on choice faces whose set is still to be picked (ERA-15;
    /// public, like every die after the reveal).
    pub(crate) choices: DiceCounts,
    /// Dice in hand about to be rolled, per colour.
    pub(crate) rolling: ByColour<u8>,
    /// Rolls made this round.
    pub(crate) rolls: u8,
    /// Unused feather re-rolls by white face (ERA-13).
    pub(crate) fresh: FaceCounts,
}

/// What one seat, or a spectator, may know of an [`Era`] position.
///
/// Deserialising checks that some valid state shows this view: the same
/// invariants as a state's for everything shown, layouts and dice hidden
/// exactly when the rules hide them (ERA-5, ERA-12), and a supply that adds
/// up with what hidden layouts may hold. [`Game::determinize`] checks a view
/// built in code the same way, and returns `None` for an invalid one.
///
/// Its JSON names everything (resources, colours, buildings, wall
/// lengths, cells, die faces by their table D1 number with their
/// symbols), one object per seat, each domain's occupied cells listed with
/// what stands on them, and who is to move; the positional form older
/// versions wrote still reads. See the crate's README for an example.
///
/// [`Game::determinize`]: dice_core::Game::determinize
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EraView {
    /// Whose view.
    pub(crate) viewer: Viewer,
    /// The config.
    pub(crate) config: Arc<EraConfig>,
    /// The step.
    pub(crate) step: Step,
    /// The round.
    pub(crate) round: u32,
    /// The start player.
    pub(crate) start: Seat,
    /// Buildings in the supply.
    pub(crate) supply: ByBuilding<u8>,
    /// Buildings in the box.
    pub(crate) boxed: ByBuilding<u8>,
    /// Walls in the supply by length − 1.
    pub(crate) wall_supply: [u8; MAX_WALL_LENGTH as usize],
    /// Scorched areas in the supply.
    pub(crate) scorched_supply: u8,
    /// The tracking tokens.
    pub(crate) tracking: TrackingTokens,
    /// Every player.
    pub(crate) players: Vec<PlayerView>,
}

impl PlayerView {
    board_accessors!();

    /// The domain, `None` while the layout is hidden from the viewer
    /// (ERA-5).
    pub fn domain(&self) -> Option<&Domain> {
        self.domain.as_ref()
    }

    /// The faces showing (those set aside to roll again included), `None`
    /// while behind the screen (ERA-12).
    pub fn dice(&self) -> Option<&DiceCounts> {
        self.dice.as_ref()
    }

    /// The dice set aside to roll again, `None` while behind the screen.
    pub fn set_aside(&self) -> Option<&DiceCounts> {
        self.set_aside.as_ref()
    }

    /// The dice a Monastery set this round, `None` while behind the screen
    /// (ERA-14).
    pub fn fixed(&self) -> Option<&DiceCounts> {
        self.fixed.as_ref()
    }

    /// How many dice show a face, per colour: public, the dice are on the
    /// table even when their faces are not.
    pub fn showing(&self) -> ByColour<u8> {
        self.showing
    }

    /// How many dice are set aside to roll again, per colour (public).
    pub fn set_aside_count(&self) -> ByColour<u8> {
        self.set_aside_count
    }

    /// How many dice a Monastery set, per colour (public).
    pub fn fixed_count(&self) -> ByColour<u8> {
        self.fixed_count
    }
}

impl Era {
    /// Whether `seat`'s layout is hidden from `viewer`.
    pub(crate) fn layout_hidden(&self, seat: usize, viewer: Viewer) -> bool {
        layout_hidden(self.step, seat, viewer)
    }

    /// Whether `seat`'s dice are hidden from `viewer`.
    pub(crate) fn dice_hidden(&self, seat: usize, viewer: Viewer) -> bool {
        dice_hidden(self.step, seat, viewer)
    }
}

/// Whether `seat`'s layout is hidden from `viewer` during `step`: the
/// layouts are secret until everyone has laid out (ERA-5).
pub(crate) fn layout_hidden(step: Step, seat: Seat, viewer: Viewer) -> bool {
    matches!(step, Step::Layout { .. }) && viewer != Viewer::Seat(seat)
}

/// Whether `seat`'s dice are hidden from `viewer` during `step`: the dice
/// stay behind the screens until the reveal (ERA-12).
pub(crate) fn dice_hidden(step: Step, seat: Seat, viewer: Viewer) -> bool {
    matches!(step, Step::Roll { .. }) && viewer != Viewer::Seat(seat)
}

impl EraView {
    /// Whose view this is.
    pub fn viewer(&self) -> Viewer {
        self.viewer
    }

    /// The config of the game.
    pub fn config(&self) -> &EraConfig {
        &self.config
    }

    table_accessors!();

    /// Every player as the viewer sees them, by seat.
    pub fn player_list(&self) -> &[PlayerView] {
        &self.players
    }

    /// One player as the viewer sees them, `None` for a seat not at the
    /// table.
    pub fn player(&self, seat: Seat) -> Option<&PlayerView> {
        self.players.get(seat)
    }

    /// Who acts next, as in the game the view is of.
    pub fn to_move(&self) -> ToMove {
        let Some(order) = TurnOrder::new(self.players.len()) else {
            return ToMove::Over;
        };
        let start = self.start;
        let seat = |turn: u8| order.left_of(start, usize::from(turn));
        let left_of = |turn: u8, by: u8| order.left_of(seat(turn), usize::from(by));
        let rolling = |turn: u8| {
            self.players
                .get(seat(turn))
                .is_some_and(|p| p.rolling.any())
        };
        match self.step {
            Step::Over => ToMove::Over,
            Step::StartRoll { .. } => ToMove::Chance,
            Step::Layout { seat } => ToMove::Player(usize::from(seat)),
            Step::Roll { turn } | Step::Feathers { turn } if rolling(turn) => ToMove::Chance,
            Step::Roll { turn }
            | Step::Feathers { turn }
            | Step::Collect { turn }
            | Step::Disasters { turn }
            | Step::Build { turn, .. }
            | Step::Extort {
                turn, demand: None, ..
            } => ToMove::Player(seat(turn)),
            Step::Suffer { turn, by, .. } => ToMove::Player(left_of(turn, by)),
            Step::Extort {
                turn,
                victim,
                demand: Some(_),
            } => ToMove::Player(left_of(turn, victim)),
        }
    }

    pub(crate) fn of(era: &Era, viewer: Viewer) -> EraView {
        EraView::showing(era, viewer, false)
    }

    /// Everything of `era`, as no viewer may see it: what the checks of a
    /// state read.
    pub(crate) fn unhidden(era: &Era) -> EraView {
        EraView::showing(era, Viewer::Spectator, true)
    }

    fn showing(era: &Era, viewer: Viewer, everything: bool) -> EraView {
        let players = era
            .players
            .iter()
            .map(|(seat, p)| {
                let dice_hidden = !everything && era.dice_hidden(seat, viewer);
                let layout_hidden = !everything && era.layout_hidden(seat, viewer);
                PlayerView {
                    domain: (!layout_hidden).then(|| p.domain.clone()),
                    laid_out: p.laid_out,
                    resources: p.resources,
                    culture: p.culture,
                    disaster: p.disaster,
                    owned: p.owned,
                    dice: (!dice_hidden).then_some(p.dice),
                    set_aside: (!dice_hidden).then_some(p.set_aside),
                    fixed: (!dice_hidden).then_some(p.fixed),
                    showing: p.dice.per_colour(),
                    set_aside_count: p.set_aside.per_colour(),
                    fixed_count: p.fixed.per_colour(),
                    choices: p.choices,
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
            tracking: era.tracking,
            players,
        }
    }
}
