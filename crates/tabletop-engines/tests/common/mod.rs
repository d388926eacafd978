//! Helpers shared by the tests of the registry.

use tabletop_engines::AnyState;
use tabletop_engines::dice_core::{DiceRng, ToMove, Viewer};

/// Plays `steps` random steps, chance drawn from `rng`, each decision by
/// the seat to move among the moves offered to it.
///
/// # Panics
/// When a move offered is refused: a test failure.
pub fn advance(state: &mut dyn AnyState, steps: usize, rng: &mut DiceRng) {
    for _ in 0..steps {
        match state.to_move() {
            ToMove::Over => return,
            ToMove::Chance => {
                state.apply_sampled_chance(rng).unwrap();
            }
            ToMove::Player(seat) => {
                let legal = state.legal_for(Viewer::Seat(seat));
                let &(id, _) = rng.choose(&legal).unwrap();
                state.apply_as(seat, id).unwrap();
            }
        }
    }
}
