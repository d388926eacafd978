//! Move averages (MAST): each seat's mean reward for each action id over
//! every simulation of one decision, which guides playouts and widens the
//! tree toward the actions that have paid.

use alloc::vec::Vec;

use crate::game::{Game, play_on};
use crate::rng::DiceRng;
use crate::seat::Seat;

/// The averages of one decision's search, and the moves of the current
/// simulation (tree and playout) to credit when it ends.
#[derive(Debug, Clone, Default)]
pub(super) struct History {
    /// `(times played, reward summed, mean)` by `seat * bound + action
    /// id`, the mean kept so that reading it costs no division.
    table: Vec<(u32, f64, f64)>,
    bound: usize,
    /// `(mover, action id)` of the current simulation, in order.
    trail: Vec<(Seat, u32)>,
}

impl History {
    /// Forgets every average, keeping the memory, for a game of `players`
    /// seats whose action ids are below `bound`.
    pub(super) fn reset(&mut self, players: usize, bound: u32) {
        // A u32 fits a usize on every target with alloc; 0 would only turn
        // the averages off, never misplace one.
        self.bound = usize::try_from(bound).unwrap_or(0);
        self.table.clear();
        let len = players.saturating_mul(self.bound);
        self.table.resize(len, (0, 0.0, 0.5));
        self.trail.clear();
    }

    /// Starts a new simulation's trail.
    pub(super) fn start(&mut self) {
        self.trail.clear();
    }

    /// Notes that `mover` played action `id` in the current simulation.
    pub(super) fn record(&mut self, mover: Seat, id: u32) {
        self.trail.push((mover, id));
    }

    fn slot(&self, seat: Seat, id: u32) -> Option<usize> {
        let id = usize::try_from(id).ok().filter(|&id| id < self.bound)?;
        seat.checked_mul(self.bound)?.checked_add(id)
    }

    /// `seat`'s mean reward for action `id`, counting one half-won
    /// simulation more (1/2 for an action never played).
    pub(super) fn mean(&self, seat: Seat, id: u32) -> f64 {
        self.slot(seat, id)
            .and_then(|i| self.table.get(i))
            .map_or(0.5, |&(_, _, mean)| mean)
    }

    /// Credits every move of the simulation with its mover's reward.
    pub(super) fn back_up(&mut self, rewards: &[f64]) {
        for &(mover, id) in &self.trail {
            let reward = rewards.get(mover).copied().unwrap_or(0.0);
            if let Some(entry) = self.slot(mover, id).and_then(|i| self.table.get_mut(i)) {
                entry.0 = entry.0.saturating_add(1);
                entry.1 += reward;
                entry.2 = (entry.1 + 0.5) / (f64::from(entry.0) + 1.0);
            }
        }
    }

    /// Plays on for at most `max_steps` steps: chance as the game samples
    /// it; at a decision, with probability `explore_percent`/100 a uniform
    /// legal action, otherwise the one with the mover's best mean. Every move is recorded.
    pub(super) fn play_out<G: Game>(
        &mut self,
        state: &mut G,
        legal: &mut Vec<G::Action>,
        explore_percent: u32,
        max_steps: u32,
        rng: &mut DiceRng,
    ) {
        play_on(state, rng, max_steps, |state, mover, rng| {
            state.legal_actions(legal);
            let explore = rng
                .pick(100)
                .is_some_and(|d| u32::try_from(d).is_ok_and(|d| d < explore_percent));
            let action = if explore {
                rng.pick(legal.len()).and_then(|i| legal.get(i)).copied()
            } else {
                self.best(state, mover, legal, rng)
            }?;
            if let Some(id) = state.action_id(&action) {
                self.record(mover, id);
            }
            Some(action)
        });
    }

    /// The legal action with `mover`'s best mean, each of equals equally
    /// likely (reservoir sampling).
    fn best<G: Game>(
        &self,
        state: &G,
        mover: Seat,
        legal: &[G::Action],
        rng: &mut DiceRng,
    ) -> Option<G::Action> {
        let mut best: Option<(G::Action, f64)> = None;
        let mut equals = 0usize;
        for action in legal {
            let mean = state
                .action_id(action)
                .map_or(0.5, |id| self.mean(mover, id));
            #[expect(clippy::float_cmp, reason = "equal means are ties to share out")]
            let tie = best.is_some_and(|(_, b)| mean == b);
            if tie {
                equals = equals.saturating_add(1);
                if rng.pick(equals) == Some(0) {
                    best = Some((*action, mean));
                }
            } else if best.is_none_or(|(_, b)| mean > b) {
                best = Some((*action, mean));
                equals = 1;
            }
        }
        best.map(|(action, _)| action)
    }
}

#[cfg(test)]
#[expect(clippy::float_cmp, reason = "halves and quarters are exact in binary")]
mod tests {
    use super::*;

    #[test]
    fn an_action_never_played_averages_one_half() {
        let mut history = History::default();
        history.reset(2, 4);
        assert_eq!(history.mean(0, 3), 0.5);
        // Beyond the ids or the seats: the same prior, no panic.
        assert_eq!(history.mean(0, 4), 0.5);
        assert_eq!(history.mean(2, 0), 0.5);
    }

    #[test]
    fn each_move_of_a_simulation_is_credited_with_its_movers_reward() {
        let mut history = History::default();
        history.reset(2, 4);
        history.start();
        history.record(0, 1);
        history.record(1, 2);
        history.record(0, 1);
        history.back_up(&[1.0, 0.0]);
        // Seat 0 played action 1 twice and won: (2 + 1/2) / (2 + 1).
        assert_eq!(history.mean(0, 1), 2.5 / 3.0);
        // Seat 1 played action 2 once and lost: (0 + 1/2) / (1 + 1).
        assert_eq!(history.mean(1, 2), 0.25);
        // Seat 1 never played action 1: what seat 0 earned is not its.
        assert_eq!(history.mean(1, 1), 0.5);
        // A new simulation's trail starts empty.
        history.start();
        history.back_up(&[0.0, 1.0]);
        assert_eq!(history.mean(1, 2), 0.25);
        // A reset forgets.
        history.reset(2, 4);
        assert_eq!(history.mean(0, 1), 0.5);
    }
}
