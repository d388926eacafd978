//! Counterfactual regret minimisation: an equilibrium solver for
//! two-player zero-sum games with [information states](InformationState).
//!
//! [`Cfr`] walks the whole game once and lays the tree out flat (nodes in
//! preorder, information states interned to indices in the order first
//! met); an iteration is then two passes over arrays, one per seat
//! (alternating updates). [`CfrVariant::Vanilla`] is OpenSpiel's
//! `CFRSolver` operation for operation: regret matching, reach-weighted
//! average, and the same pruning of subtrees neither seat reaches, so its
//! exploitability after each iteration is OpenSpiel's to the last digits.
//! [`CfrVariant::Plus`] is OpenSpiel's `CFRPlusSolver` (regret matching+
//! and linear averaging), which gets close to an equilibrium in far fewer
//! iterations.
//!
//! The solver computes in `f64`, which rules never do. It is
//! deterministic: every loop runs in a fixed order (the tree's preorder,
//! the legal actions' order, the information states' order), so the same
//! game, variant and iteration count give bit-identical strategies on every
//! run and machine with IEEE 754 doubles.
//!
//! ```
//! use dice_core::InformationState;
//! use dice_core::cfr::{Cfr, CfrVariant};
//!
//! /// The exploitability of CFR's average strategy after 10 iterations.
//! fn after_ten<G: InformationState>(root: &G) -> f64 {
//!     let mut solver = Cfr::new(root, CfrVariant::Vanilla).unwrap();
//!     solver.run(10);
//!     solver.exploitability()
//! }
//! ```

mod error;
mod exploitability;
mod regret;
mod strategy;
mod tree;
mod walk;

use alloc::vec::Vec;

pub use error::SolverError;
pub use strategy::Strategy;

use crate::information::InformationState;
use tree::Tree;
use walk::Walk;

/// Which regret minimiser.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CfrVariant {
    /// OpenSpiel's `CFRSolver`: regret matching, alternating updates, the
    /// average weighted by each seat's reach.
    Vanilla,
    /// OpenSpiel's `CFRPlusSolver`: regret matching+ (negative regrets
    /// reset to 0 after each pass), alternating updates, iteration `t`
    /// weighted `t` in the average.
    Plus,
}

/// A tabular CFR solver over the whole tree of a two-player zero-sum game.
#[derive(Debug, Clone)]
pub struct Cfr<G: InformationState> {
    tree: Tree<G>,
    variant: CfrVariant,
    /// Per action slot: cumulative regret, cumulative weighted strategy,
    /// current strategy.
    regrets: Vec<f64>,
    cumulative: Vec<f64>,
    policy: Vec<f64>,
    scratch: Vec<f64>,
    iterations: u64,
}

impl<G: InformationState> Cfr<G> {
    /// The most nodes [`Cfr::new`] lays out: about 1.5 GB of tree.
    pub const NODE_LIMIT: usize = 1 << 26;

    /// A solver for the game from `root`, every strategy uniform.
    ///
    /// # Errors
    /// Not two players, an ending whose scores do not cancel out, an
    /// information key that is missing or met with different legal
    /// actions, or more than [`Cfr::NODE_LIMIT`] nodes.
    pub fn new(root: &G, variant: CfrVariant) -> Result<Self, SolverError> {
        Self::with_node_limit(root, variant, Self::NODE_LIMIT)
    }

    /// As [`Cfr::new`], refusing a tree of more than `limit` nodes.
    ///
    /// # Errors
    /// As [`Cfr::new`], with [`SolverError::TooLarge`] past `limit`.
    pub fn with_node_limit(
        root: &G,
        variant: CfrVariant,
        limit: usize,
    ) -> Result<Self, SolverError> {
        let tree = Tree::build(root, limit)?;
        let slots = tree.slots();
        let mut policy = alloc::vec![0.0; slots];
        regret::average(&tree, &alloc::vec![0.0; slots], &mut policy);
        Ok(Cfr {
            tree,
            variant,
            regrets: alloc::vec![0.0; slots],
            cumulative: alloc::vec![0.0; slots],
            policy,
            scratch: Vec::new(),
            iterations: 0,
        })
    }

    /// One iteration: a pass for seat 0, then for seat 1 against seat 0's
    /// updated strategy.
    pub fn iterate(&mut self) {
        self.iterations = self.iterations.saturating_add(1);
        #[allow(clippy::cast_precision_loss, reason = "exact below 2^53 iterations")]
        let weight = match self.variant {
            CfrVariant::Vanilla => 1.0,
            CfrVariant::Plus => self.iterations as f64,
        };
        for seat in 0..2 {
            let mut walk = Walk {
                tree: &self.tree,
                policy: &self.policy,
                regrets: &mut self.regrets,
                cumulative: &mut self.cumulative,
                scratch: &mut self.scratch,
                seat,
                weight,
            };
            walk.value(0, [1.0; 3]);
            if self.variant == CfrVariant::Plus {
                regret::clip_negative(&mut self.regrets);
            }
            regret::match_regrets(&self.tree, &self.regrets, &mut self.policy, seat);
        }
    }

    /// `iterations` iterations.
    pub fn run(&mut self, iterations: u64) {
        for _ in 0..iterations {
            self.iterate();
        }
    }

    /// The iterations run so far.
    pub fn iterations(&self) -> u64 {
        self.iterations
    }

    /// The variant.
    pub fn variant(&self) -> CfrVariant {
        self.variant
    }

    /// How many information states the two seats have.
    pub fn information_states(&self) -> usize {
        self.tree.infosets.len()
    }

    /// How many nodes the tree has (chance, decisions and endings).
    pub fn nodes(&self) -> usize {
        self.tree.nodes.len()
    }

    /// The strategy of the next iteration (it need not converge).
    pub fn current_strategy(&self) -> Strategy<G> {
        Strategy::new(&self.tree, self.policy.clone())
    }

    /// The average strategy, which converges to an equilibrium.
    pub fn average_strategy(&self) -> Strategy<G> {
        Strategy::new(&self.tree, self.average_policy())
    }

    /// The exploitability of the average strategy: what a best response
    /// wins against it, averaged over the two seats (OpenSpiel's
    /// `exploitability`, half its `nash_conv`). 0 at an equilibrium.
    pub fn exploitability(&self) -> f64 {
        exploitability::exploitability(&self.tree, &self.average_policy())
    }

    /// The exploitability of `strategy`, a strategy of this game (its
    /// information states absent from this tree play uniformly).
    pub fn exploitability_of(&self, strategy: &Strategy<G>) -> f64 {
        let mut policy = alloc::vec![0.0; self.tree.slots()];
        regret::average(
            &self.tree,
            &alloc::vec![0.0; self.tree.slots()],
            &mut policy,
        );
        for (set, key) in self.tree.infosets.iter().zip(&self.tree.keys) {
            if let (Some(probs), Some(out)) =
                (strategy.probabilities(key), policy.get_mut(set.slots()))
            {
                if probs.len() == out.len() {
                    out.copy_from_slice(probs);
                }
            }
        }
        exploitability::exploitability(&self.tree, &policy)
    }

    fn average_policy(&self) -> Vec<f64> {
        let mut average = alloc::vec![0.0; self.tree.slots()];
        regret::average(&self.tree, &self.cumulative, &mut average);
        average
    }
}
