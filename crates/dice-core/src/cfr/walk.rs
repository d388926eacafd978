//! One traversal for one seat: the values of the current strategies, the
//! regrets of that seat's actions and its strategy weighted by its reach,
//! in the order and with the operations of OpenSpiel's
//! `_compute_counterfactual_regret_for_player`.

use alloc::vec::Vec;

use super::tree::{Kind, Tree, laid_out, laid_out_mut};
use crate::information::InformationState;

/// What one traversal reads and writes.
pub(crate) struct Walk<'a, G: InformationState> {
    pub(crate) tree: &'a Tree<G>,
    /// The current strategy, one probability per action slot.
    pub(crate) policy: &'a [f64],
    /// Cumulative regrets, per action slot.
    pub(crate) regrets: &'a mut [f64],
    /// Cumulative reach-weighted strategies, per action slot.
    pub(crate) cumulative: &'a mut [f64],
    /// Child values of the decisions on the path, as a stack (no
    /// allocation once it has grown to the deepest path's).
    pub(crate) scratch: &'a mut Vec<f64>,
    /// The seat whose regrets are updated.
    pub(crate) seat: usize,
    /// The weight of this iteration in the average (1, or the iteration
    /// number for linear averaging).
    pub(crate) weight: f64,
}

/// Reach probabilities: seat 0's, seat 1's and chance's.
pub(crate) type Reach = [f64; 3];

impl<G: InformationState> Walk<'_, G> {
    /// Seat 0's value of `node` under the current strategies; seat 1's is
    /// its negation, exactly, as every operation is symmetric in sign.
    pub(crate) fn value(&mut self, at: usize, reach: Reach) -> f64 {
        let Some(&node) = self.tree.nodes.get(at) else {
            return 0.0;
        };
        match node.kind {
            Kind::Terminal(score) => score,
            Kind::Chance => {
                let mut value = 0.0;
                for (child, p) in self.tree.edges(node) {
                    let [a, b, c] = reach;
                    value += p * self.value(child, [a, b, c * p]);
                }
                value
            }
            Kind::Decision { seat, infoset } => self.decision(node, seat, infoset, reach),
        }
    }

    fn decision(
        &mut self,
        node: super::tree::Node,
        seat: usize,
        infoset: usize,
        reach: Reach,
    ) -> f64 {
        let [r0, r1, rc] = reach;
        // Neither seat can reach it: OpenSpiel prunes, values 0.
        if r0 == 0.0 && r1 == 0.0 {
            return 0.0;
        }
        let Some(info) = self.tree.infosets.get(infoset).copied() else {
            return 0.0;
        };
        let base = self.scratch.len();
        let mut value = 0.0;
        let policy = laid_out(self.policy, info.slots());
        for ((child, _), &p) in self.tree.edges(node).zip(policy) {
            let child_reach = if seat == 0 {
                [r0 * p, r1, rc]
            } else {
                [r0, r1 * p, rc]
            };
            let v = self.value(child, child_reach);
            value += p * v;
            self.scratch.push(v);
        }
        if seat == self.seat {
            let (own, other) = if seat == 0 { (r0, r1) } else { (r1, r0) };
            let counterfactual = other * rc;
            let sign = if seat == 0 { 1.0 } else { -1.0 };
            let children = laid_out(self.scratch, base..self.scratch.len());
            let regrets = laid_out_mut(self.regrets, info.slots());
            let cumulative = laid_out_mut(self.cumulative, info.slots());
            for (((r, c), &v), &p) in regrets
                .iter_mut()
                .zip(cumulative.iter_mut())
                .zip(children)
                .zip(policy)
            {
                *r += counterfactual * (sign * v - sign * value);
                *c += self.weight * own * p;
            }
        }
        self.scratch.truncate(base);
        value
    }
}
