//! From cumulative regrets to the next strategy, and from cumulative
//! strategies to the average: OpenSpiel's `_regret_matching` and
//! `_update_average_policy`, operation for operation.

use super::tree::{Tree, laid_out, laid_out_mut};
use crate::information::InformationState;

/// Regret matching for every information state of `seat`: each action in
/// proportion to its positive regret, or uniform when none is positive.
pub(crate) fn match_regrets<G: InformationState>(
    tree: &Tree<G>,
    regrets: &[f64],
    policy: &mut [f64],
    seat: usize,
) {
    for set in tree.infosets.iter().filter(|s| s.seat == seat) {
        let regrets = laid_out(regrets, set.slots());
        let policy = laid_out_mut(policy, set.slots());
        proportional(regrets.iter().map(|&r| r.max(0.0)), regrets, policy);
    }
}

/// The average strategy of every information state: the cumulative
/// reach-weighted strategies normalised, or uniform where they sum to 0.
pub(crate) fn average<G: InformationState>(tree: &Tree<G>, cumulative: &[f64], out: &mut [f64]) {
    for set in &tree.infosets {
        let sums = laid_out(cumulative, set.slots());
        let out = laid_out_mut(out, set.slots());
        proportional(sums.iter().copied(), sums, out);
    }
}

/// `out` in proportion to `weights` (whose sum is taken in order), or
/// uniform when that sum is not positive. `raw` only gives the count.
fn proportional(weights: impl Iterator<Item = f64> + Clone, raw: &[f64], out: &mut [f64]) {
    let total: f64 = weights.clone().fold(0.0, |sum, w| sum + w);
    if total > 0.0 {
        for (o, w) in out.iter_mut().zip(weights) {
            *o = w / total;
        }
    } else {
        #[allow(clippy::cast_precision_loss, reason = "a handful of actions")]
        let uniform = 1.0 / raw.len() as f64;
        out.fill(uniform);
    }
}

/// Regret matching+'s reset: negative cumulative regrets become 0.
pub(crate) fn clip_negative(regrets: &mut [f64]) {
    for r in regrets {
        if *r < 0.0 {
            *r = 0.0;
        }
    }
}
