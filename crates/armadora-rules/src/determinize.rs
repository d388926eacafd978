//! States rebuilt from a view: what it shows kept, what it hides dealt.

use dice_core::{DiceRng, InconsistentView, Viewer};

use crate::army::{Supply, Value};
use crate::board::SquareMap;
use crate::error::{ArmadoraError, InvalidState};
use crate::state::Armadora;
use crate::table::{Board, warriors};
use crate::view::ArmadoraView;

/// The most warriors a player has: the two-player set (ARM-5).
const MAX_TILES: usize = 16;

impl ArmadoraView {
    /// A full state showing this view, hidden values drawn from `rng`; see
    /// [`Armadora`]'s `determinize`.
    pub(crate) fn determinize(&self, rng: &mut DiceRng) -> Result<Armadora, InconsistentView> {
        self.complete(&mut |tiles| rng.shuffle(tiles))
            .map_err(InconsistentView::new)
    }

    /// A full state showing this view: each player's hidden warriors (their
    /// starting set less what the view shows) in the order `arrange` leaves
    /// them, dealt to their face-down squares in square order, then (unless
    /// the viewer sees it) to their supply.
    fn complete(&self, arrange: &mut impl FnMut(&mut [Value])) -> Result<Armadora, InvalidState> {
        let config = &self.table.config;
        let starting =
            config
                .starting_supply()
                .ok_or(InvalidState::Config(ArmadoraError::Players(
                    config.players(),
                )))?;
        let mut board: Board<Value> = SquareMap::from_fn(|at| {
            let seen = self.board[at]?;
            Some(seen.with_value(seen.value?))
        });
        let mut supply = self.tiles_left.map(|_, _| Supply::EMPTY);
        for (seat, slot) in supply.iter_mut() {
            let miscount = InvalidState::NotTheStartingSet(seat);
            let own = self
                .own_supply
                .filter(|_| self.viewer == Viewer::Seat(seat));
            let shown = warriors(&board)
                .filter(|(_, w)| w.owner == seat)
                .map(|(_, w)| w.value);
            let shown = Supply::of(shown.chain(own.iter().flat_map(|o| o.warriors())));
            let hidden = shown
                .and_then(|shown| starting.checked_sub(shown))
                .ok_or(miscount)?;
            let mut tiles = [Value::One; MAX_TILES];
            for (tile, value) in tiles.iter_mut().zip(hidden.warriors()) {
                *tile = value;
            }
            let tiles = tiles
                .get_mut(..usize::from(hidden.tiles()))
                .ok_or(miscount)?;
            arrange(tiles);
            let mut tiles = tiles.iter().copied();
            let face_down = self.board.iter().filter_map(|(at, w)| {
                w.filter(|w| w.owner == seat && w.value.is_none())
                    .map(|w| (at, w))
            });
            for (at, seen) in face_down {
                board[at] = Some(seen.with_value(tiles.next().ok_or(miscount)?));
            }
            *slot = match own {
                Some(own) => own,
                None => Supply::of(tiles.by_ref()).ok_or(miscount)?,
            };
            if tiles.next().is_some() {
                return Err(miscount);
            }
        }
        Armadora::assemble(self.table, &board, supply)
    }
}
