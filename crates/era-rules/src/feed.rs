//! ERA-16: every player pays food for each of their dice; each die not fed
//! costs disaster points.

use crate::state::Era;
use crate::symbols::Resource;

impl Era {
    /// Every player feeds their dice.
    pub(crate) fn feed(&mut self) {
        let round = self.ruleset().round;
        let Some(per_die) = core::num::NonZeroU32::new(u32::from(round.food_per_die)) else {
            return;
        };
        for (_, p) in self.players.iter_mut() {
            let dice = p.dice_owned();
            let food = p.resources[Resource::Food];
            let fed = (u32::from(food) / per_die).min(dice);
            let paid = u8::try_from(fed.saturating_mul(per_die.get())).unwrap_or(food);
            p.resources[Resource::Food] = food.saturating_sub(paid);
            let unfed = dice.saturating_sub(fed);
            p.disaster = p
                .disaster
                .saturating_add(unfed.saturating_mul(round.unfed_disaster));
        }
    }
}
