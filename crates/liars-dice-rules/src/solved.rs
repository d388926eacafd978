//! The strongest bot: an approximate equilibrium found by CFR+ at first
//! use.

use alloc::sync::Arc;

use dice_core::cfr::{Cfr, CfrVariant, Strategy};
use dice_core::{Agent, DiceRng, Game, Seat};

use crate::bid::Action;
use crate::bot::Odds;
use crate::config::LiarsDiceConfig;
use crate::state::LiarsDice;
use crate::view::LiarsDiceView;

/// CFR+ iterations that bring the one-die game's exploitability under
/// 0.005: 0.0035 after 120 (0.0049 after 100; vanilla CFR needs about
/// 510).
pub const SOLVE_ITERATIONS: u64 = 120;

/// The CFR+ average strategy of the one-die game after
/// [`SOLVE_ITERATIONS`] iterations; `None` for more dice, whose trees are
/// far too large to lay out (2^24 bid sequences for two dice each).
///
/// Deterministic: the same strategy, bit for bit, on every call.
pub fn solve(config: &LiarsDiceConfig) -> Option<Strategy<LiarsDice>> {
    if config.numdice != 1 {
        return None;
    }
    let root = LiarsDice::new(config).ok()?;
    let mut solver = Cfr::new(&root, CfrVariant::Plus).ok()?;
    solver.run(SOLVE_ITERATIONS);
    Some(solver.average_strategy())
}

/// Plays an approximate equilibrium of the one-die game (exploitability
/// under 0.005: a best response wins less than half a hundredth of a point
/// a game against it), drawing each action with its probability. The
/// strategy is solved at the first move of the process's first such bot
/// (about a second) and shared by every bot after it (feature `std`; in
/// a `no_std` build each bot solves it at its first move and keeps it).
/// With more dice per player no equilibrium is within reach, and it plays
/// as [`Odds`].
///
/// ```
/// use dice_core::{Agent, DiceRng, Game, Viewer};
/// use liars_dice_rules::{Equilibrium, LiarsDice, LiarsDiceConfig};
///
/// let mut game = LiarsDice::new(&LiarsDiceConfig::with_dice(2)).unwrap();
/// for face in [4, 2, 6, 1] {
///     game.apply_chance(face).unwrap();
/// }
/// let mut legal = Vec::new();
/// game.legal_actions(&mut legal);
/// let view = game.view(Viewer::Seat(0));
/// let mut bot = Equilibrium::default();
/// // Two dice each: no solved strategy, so it bids as `odds` would.
/// let action = bot.choose(0, &view, &legal, &mut DiceRng::from_seed_u64(0));
/// assert!(legal.contains(&action.unwrap()));
/// ```
#[derive(Debug, Clone, Default)]
pub struct Equilibrium {
    /// The solved strategy and the config it is for, once solved.
    solved: Option<(LiarsDiceConfig, Option<Arc<Strategy<LiarsDice>>>)>,
}

impl Equilibrium {
    /// The strategy for `config`, solved on first request.
    fn strategy(&mut self, config: &LiarsDiceConfig) -> Option<&Strategy<LiarsDice>> {
        if self.solved.as_ref().is_none_or(|(c, _)| c != config) {
            self.solved = Some((*config, shared(config)));
        }
        self.solved.as_ref().and_then(|(_, s)| s.as_deref())
    }
}

/// The one-die strategy, solved once for the whole process.
#[cfg(feature = "std")]
fn shared(config: &LiarsDiceConfig) -> Option<Arc<Strategy<LiarsDice>>> {
    static ONE_DIE: std::sync::OnceLock<Option<Arc<Strategy<LiarsDice>>>> =
        std::sync::OnceLock::new();
    if *config != LiarsDiceConfig::default() {
        return solve(config).map(Arc::new);
    }
    ONE_DIE.get_or_init(|| solve(config).map(Arc::new)).clone()
}

/// The strategy, solved for this bot.
#[cfg(not(feature = "std"))]
fn shared(config: &LiarsDiceConfig) -> Option<Arc<Strategy<LiarsDice>>> {
    solve(config).map(Arc::new)
}

impl Agent<LiarsDice> for Equilibrium {
    fn name(&self) -> &'static str {
        "cfr"
    }

    fn choose(
        &mut self,
        seat: Seat,
        view: &LiarsDiceView,
        legal: &[Action],
        rng: &mut DiceRng,
    ) -> Option<Action> {
        match self.strategy(view.config()) {
            Some(strategy) => strategy.pick(view, legal, rng),
            None => Odds.choose(seat, view, legal, rng),
        }
    }
}
