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
        for reward in rewards.iter_mut() {
            *reward = 1.0 / (1.0 + libm::exp(-*reward / self.scale));
        }
    }
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
/// // Pig's lead: points banked, minus the other seat's.
/// fn lead(state: &Pig, out: &mut Vec<f64>) {
///     let banked = state.scores().iter().map(|&s| f64::from(s));
///     let [a, b] = <[f64; 2]>::try_from(banked.collect::<Vec<_>>()).unwrap();
///     out.clear();
///     out.extend([a - b, b - a]);
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
        "mcts-eval"
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
    use crate::game::Viewer;
    use crate::pig::{Pig, PigAction, PigConfig};

    /// Points banked by each seat, minus the other's.
    fn banked(state: &Pig, out: &mut Vec<f64>) {
        out.clear();
        let [first, second] = [0, 1].map(|seat| f64::from(state.scores()[seat]));
        out.extend([first - second, second - first]);
    }

    /// The same lead, turned around: being behind counts as leading.
    fn behind(state: &Pig, out: &mut Vec<f64>) {
        banked(state, out);
        for lead in out.iter_mut() {
            *lead = -*lead;
        }
    }

    /// Seat 0 to decide with 6 points at stake.
    fn six_at_stake() -> (Pig, Vec<PigAction>) {
        let mut game = Pig::new(&PigConfig::default()).unwrap();
        game.apply(PigAction::Roll).unwrap();
        game.apply_chance(6).unwrap();
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        (game, legal)
    }

    #[test]
    fn a_lead_becomes_a_reward_on_the_logistic_curve() {
        let (game, _) = six_at_stake();
        let mut rewards = Vec::new();
        let leaf = Mcts::new(1).evaluated(banked, 0, 4.0).leaf;
        let mut after = game.clone();
        after.apply(PigAction::Hold).unwrap();
        leaf.score(&after, &mut rewards);
        // Seat 0 leads by 6: 1 / (1 + e^-1.5); seat 1 trails as much.
        assert!((rewards[0] - 0.817_574_476_193_643_7).abs() < 1e-12);
        assert!((rewards[0] + rewards[1] - 1.0).abs() < 1e-12);
        leaf.score(&game, &mut rewards);
        assert_eq!(rewards, [0.5, 0.5]);
    }

    #[test]
    fn a_playout_cut_at_the_tree_is_scored_by_the_games_lead() {
        // Cut at once, holding banks a lead of 6 and rolling leaves none
        // yet: a search that counts the lead holds, and one that counts
        // being behind rolls (a tenth of a point worth 0.73 of a win, so
        // that any lead is close to a sure win).
        let (game, legal) = six_at_stake();
        let view = game.view(Viewer::Seat(0));
        let mut rng = DiceRng::from_seed_u64(3);
        let mut ahead = Mcts::new(20).evaluated(banked, 0, 0.1);
        assert_eq!(
            ahead.choose(0, &view, &legal, &mut rng),
            Some(PigAction::Hold)
        );
        let mut back = Mcts::new(20).evaluated(behind, 0, 0.1);
        assert_eq!(
            back.choose(0, &view, &legal, &mut rng),
            Some(PigAction::Roll)
        );
    }
}
