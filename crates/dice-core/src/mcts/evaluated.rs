//! A search whose playouts stop after a few steps and are scored by the
//! game's own estimate of who leads ([`Evaluated`]).

use alloc::vec::Vec;

use super::Mcts;
use crate::agent::Agent;
use crate::game::Game;
use crate::rng::DiceRng;
use crate::seat::Seat;

/// Each seat's lead if the game ended now, in the game's own points (its
/// score minus the best opponent's, say), written into `out` (cleared
/// first), one per seat. It must not allocate once `out` has grown.
pub type Lead<G> = fn(&G, &mut Vec<f64>);

/// How a search scores a playout it cuts short: `depth` steps after the
/// tree's leaf, each seat's [`Lead`] turned into a reward between 0 and 1
/// by the logistic curve `1 / (1 + e^(-lead / scale))`.
pub(super) struct Leaf<G> {
    pub(super) depth: u32,
    scale: f64,
    lead: Lead<G>,
}

impl<G: Game> Leaf<G> {
    /// Each seat's reward for `state`, which is not over, into `rewards`.
    pub(super) fn score(&self, state: &G, rewards: &mut Vec<f64>) {
        (self.lead)(state, rewards);
        let players = state.players();
        rewards.resize(players, 0.0);
        for lead in rewards.iter_mut() {
            *lead = reward(*lead, self.scale);
        }
    }
}

/// A lead's reward: `1 / (1 + e^(-lead / scale))`.
fn reward(lead: f64, scale: f64) -> f64 {
    1.0 / (1.0 + libm::exp(-lead / scale))
}

/// A search ([`Mcts`], guided or not) whose playouts run at most `depth`
/// steps past the tree and, unless the game is over by then, are scored
/// by the game's estimate of each seat's lead ([`Lead`]) instead of to
/// the end: a playout of hundreds of uniform moves says little in a game
/// where the placements, not the dice, decide, and a short one costs a
/// fraction of the time, so the search runs many more iterations in the
/// same time.
///
/// ```
/// use dice_core::{Agent, DiceRng, Game, Viewer, mcts::Mcts, pig::{Pig, PigAction, PigConfig}};
///
/// // Pig's lead for two seats: points banked, minus the other seat's
/// // (into `out`, allocating nothing once it has grown).
/// fn lead(state: &Pig, out: &mut Vec<f64>) {
///     let banked = |seat: usize| f64::from(state.scores()[seat]);
///     out.clear();
///     out.extend([banked(0) - banked(1), banked(1) - banked(0)]);
/// }
/// let mut game = Pig::new(&PigConfig::default()).unwrap();
/// game.apply(PigAction::Roll).unwrap();
/// game.apply_chance(6).unwrap();
/// let mut legal = Vec::new();
/// game.legal_actions(&mut legal);
/// let mut bot = Mcts::new(200).evaluated(lead, 4, 10.0);
/// let view = game.view(Viewer::Seat(0));
/// let action = bot.choose(0, &view, &legal, &mut DiceRng::from_seed_u64(1));
/// assert!(legal.contains(&action.unwrap()));
/// ```
pub struct Evaluated<G> {
    search: Mcts,
    leaf: Leaf<G>,
}

impl<G> Clone for Evaluated<G> {
    fn clone(&self) -> Self {
        Evaluated {
            search: self.search.clone(),
            leaf: Leaf { ..self.leaf },
        }
    }
}

impl<G> core::fmt::Debug for Evaluated<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Evaluated")
            .field("search", &self.search)
            .field("depth", &self.leaf.depth)
            .field("scale", &self.leaf.scale)
            .finish_non_exhaustive()
    }
}

impl Mcts {
    /// The same search with playouts cut `depth` steps past the tree and
    /// scored by `lead`, a lead of `scale` points worth a reward of
    /// `1 / (1 + e^-1)` (about 0.73) ([`Evaluated`]).
    pub fn evaluated<G: Game>(self, lead: Lead<G>, depth: u32, scale: f64) -> Evaluated<G> {
        Evaluated {
            search: self,
            leaf: Leaf { depth, scale, lead },
        }
    }
}

impl<G: Game> Evaluated<G> {
    /// The search under the cut playouts.
    pub fn search(&self) -> &Mcts {
        &self.search
    }

    /// Steps played past the tree before a playout is scored.
    pub fn depth(&self) -> u32 {
        self.leaf.depth
    }
}

impl<G: Game> Agent<G> for Evaluated<G> {
    fn name(&self) -> &'static str {
        "mcts-lead"
    }

    fn choose(
        &mut self,
        _seat: Seat,
        view: &G::View,
        legal: &[G::Action],
        rng: &mut DiceRng,
    ) -> Option<G::Action> {
        let leaf = Leaf { ..self.leaf };
        self.search.decide(view, legal, rng, Some(leaf))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lead_becomes_a_reward_on_the_logistic_curve() {
        // No lead: one half; a lead of the scale: 1 / (1 + e^-1).
        assert!((reward(0.0, 4.0) - 0.5).abs() < 1e-15);
        assert!((reward(4.0, 4.0) - 0.731_058_578_630_004_9).abs() < 1e-12);
        // A lead of 6 against 4: 1 / (1 + e^-1.5), and its trailer's
        // reward makes it up to one.
        assert!((reward(6.0, 4.0) - 0.817_574_476_193_643_7).abs() < 1e-12);
        assert!((reward(6.0, 4.0) + reward(-6.0, 4.0) - 1.0).abs() < 1e-12);
    }
}
