//! Random rollouts on an engine's own types: OpenSpiel's
//! `RandomRolloutEvaluator`, without ids or JSON.

use dice_core::listing::Listed;
use dice_core::prelude::*;

/// The mean returns of `count` games played on from `start` with uniformly
/// random decisions, chance drawn from `rng`; a game not over after
/// `max_steps` steps counts as zeros.
pub(crate) fn mean_random_returns<G: Listed>(
    start: &G,
    count: u64,
    max_steps: u64,
    rng: &mut DiceRng,
) -> Vec<f64> {
    let utility = G::utility(start.config());
    let mut total = vec![0.0; start.players()];
    let mut legal = Vec::new();
    let mut returns = Vec::new();
    for _ in 0..count {
        let mut state = start.clone();
        play_randomly(&mut state, max_steps, rng, &mut legal);
        if let Some(result) = state.result() {
            utility.returns_into(&result, &mut returns);
            for (sum, r) in total.iter_mut().zip(&returns) {
                *sum += r;
            }
        }
    }
    #[expect(
        clippy::cast_precision_loss,
        reason = "a rollout count is far below 2**52"
    )]
    let n = count.max(1) as f64;
    total.into_iter().map(|sum| sum / n).collect()
}

/// Plays `state` on with uniformly random decisions, chance and decisions
/// both drawn from `rng`, until it is over, stuck or `max_steps` steps are
/// taken; returns the steps taken. `legal` is scratch space.
pub(crate) fn play_randomly<G: Game>(
    state: &mut G,
    max_steps: u64,
    rng: &mut DiceRng,
    legal: &mut Vec<G::Action>,
) -> u64 {
    let mut steps = 0u64;
    while steps < max_steps {
        match state.to_move() {
            ToMove::Over => break,
            ToMove::Chance => match state.sample_chance(rng) {
                Some(outcome) => state.apply_chance_unchecked(outcome),
                None => break,
            },
            ToMove::Player(_) => {
                state.legal_actions(legal);
                match rng.choose(legal) {
                    Some(&action) => state.apply_unchecked(action),
                    None => break,
                }
            }
        }
        steps = steps.saturating_add(1);
    }
    steps
}
