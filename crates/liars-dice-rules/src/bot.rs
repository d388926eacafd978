//! A bot that bids what its own dice and the odds support.

use dice_core::{Agent, DiceRng, Seat};

use crate::bid::{Action, Bid, WILD};
use crate::view::LiarsDiceView;

/// Bids the lowest legal bid that it expects to hold, counting its own
/// dice and, for each die it cannot see, the chance that it counts (1/3
/// for a face, its own or a wild six; 1/6 for sixes); calls liar when the
/// last bid is more than it expects, or when nothing it expects is left
/// to bid. Integers only: expectations are counted in sixths of a die.
///
/// ```
/// use dice_core::{Agent, DiceRng, Game, Viewer};
/// use liars_dice_rules::{Action, Bid, LiarsDice, LiarsDiceConfig, Odds};
///
/// let mut game = LiarsDice::new(&LiarsDiceConfig::default()).unwrap();
/// game.apply_chance(4).unwrap();
/// game.apply_chance(2).unwrap();
/// let mut legal = Vec::new();
/// game.legal_actions(&mut legal);
/// let view = game.view(Viewer::Seat(0));
/// let bid = Odds.choose(0, &view, &legal, &mut DiceRng::from_seed_u64(0));
/// // Its own 4 makes "1-4" a sure bid.
/// assert_eq!(bid, Some(Action::Bid(Bid::new(1, 4).unwrap())));
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Odds;

/// Sixths of a die that `bid`'s face expects on the table, seen from
/// `view`.
fn expected_sixths(view: &LiarsDiceView, bid: Bid) -> u32 {
    let own = view.own_dice();
    let counted = own.iter().filter(|&&f| bid.counts(f)).count();
    let unseen = usize::from(view.config().total_dice()).saturating_sub(own.len());
    let per_die = if bid.face() == WILD { 1 } else { 2 };
    let sixths = counted
        .saturating_mul(6)
        .saturating_add(unseen.saturating_mul(per_die));
    u32::try_from(sixths).unwrap_or(u32::MAX)
}

/// Whether `bid` is within half a die of what it expects.
fn plausible(view: &LiarsDiceView, bid: Bid) -> bool {
    u32::from(bid.quantity()).saturating_mul(6) <= expected_sixths(view, bid).saturating_add(3)
}

impl Agent<crate::state::LiarsDice> for Odds {
    fn name(&self) -> &'static str {
        "odds"
    }

    fn choose(
        &mut self,
        _seat: Seat,
        view: &LiarsDiceView,
        legal: &[Action],
        _rng: &mut DiceRng,
    ) -> Option<Action> {
        let can_call = legal.contains(&Action::Liar);
        let doubtful = view
            .bids()
            .last()
            .is_some_and(|&last| !plausible(view, last));
        if can_call && doubtful {
            return Some(Action::Liar);
        }
        let bid = legal.iter().copied().find(|a| match a {
            Action::Bid(bid) => plausible(view, *bid),
            Action::Liar => false,
        });
        bid.or_else(|| can_call.then_some(Action::Liar))
            .or_else(|| legal.first().copied())
    }
}
