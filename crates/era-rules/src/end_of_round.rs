//! ERA-22: dice follow the buildings; the game ends when every tracking
//! token shows X, otherwise the round marker passes to the left.

use crate::state::Era;
use crate::step::Step;

impl Era {
    /// The end of the round: the dice go back to the hand with their
    /// buildings; the game ends, or the next round begins.
    pub(crate) fn end_round(&mut self) {
        for (_, p) in self.players.iter_mut() {
            p.owned = p.domain.carried_dice();
            p.clear_dice();
        }
        if self.tracking.all_show_x() {
            self.step = Step::Over;
            return;
        }
        self.start = self.order().next(self.start);
        self.begin_round();
    }
}
