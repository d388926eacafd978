//! A one-ply bot: the action that most improves the gold standing now.

use alloc::vec::Vec;
use core::cmp::Reverse;

use dice_core::{Agent, DiceRng, Game, Seat};

use crate::action::{Action, Power};
use crate::army::Value;
use crate::state::Armadora;
use crate::view::ArmadoraView;

/// Plays the action that leaves the best gold margin if the game ended now:
/// its own (or its team's) gold minus the best opponent's.
///
/// It cannot see hidden warriors, so it scores each action on a few states
/// [determinized](Game::determinize) from its own view and adds the margins.
/// Ties go to the action that spends the weakest warrior. It never passes
/// while it holds warriors and a square is free; without them it passes
/// once no palisade improves its margin.
///
/// ```
/// use armadora_rules::prelude::*;
///
/// let mut m = Match::<Armadora>::new(&ArmadoraConfig::new(2), 3).unwrap();
/// let mut greedy = Greedy::new(4);
/// let mut agents: [&mut dyn Agent<Armadora>; 2] = [&mut greedy, &mut RandomAgent];
/// play_out(&mut m, &mut agents, &mut DiceRng::from_seed_u64(3), 100_000).unwrap();
/// assert!(m.state().result().is_some());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Greedy {
    samples: u8,
}

impl Greedy {
    /// A bot that scores each action on `samples` determinized states (at
    /// least one).
    pub fn new(samples: u8) -> Greedy {
        Greedy {
            samples: samples.max(1),
        }
    }
}

impl Default for Greedy {
    /// Four samples.
    fn default() -> Self {
        Greedy::new(4)
    }
}

/// Own (team) gold minus the best opponent's (0 without opponents), if
/// the game ended now.
fn margin(state: &Armadora, seat: Seat) -> i64 {
    let config = state.config();
    let scoring = state.scoring();
    let best_other = state
        .table()
        .turn_order()
        .seats()
        .filter(|&other| !config.same_side(other, seat))
        .map(|other| scoring.gold(other))
        .fold(0, u32::max);
    i64::from(scoring.gold(seat)).saturating_sub(i64::from(best_other))
}

/// The warrior value an action spends, to prefer weak tiles on ties.
fn spends(action: Action) -> Option<Value> {
    match action {
        Action::Warrior { value, .. } | Action::Power(Power::Goblin { value, .. }) => Some(value),
        _ => None,
    }
}

impl Agent<Armadora> for Greedy {
    fn name(&self) -> &'static str {
        "greedy"
    }

    fn choose(
        &mut self,
        seat: Seat,
        view: &ArmadoraView,
        legal: &[Action],
        rng: &mut DiceRng,
    ) -> Option<Action> {
        let samples: Vec<Armadora> = (0..self.samples)
            .filter_map(|_| Armadora::determinize(view, rng).ok())
            .collect();
        let Some(first) = samples.first() else {
            return rng.choose(legal).copied();
        };
        let holds_warriors = first.tiles_left(seat) > 0;
        let now: i64 = samples.iter().map(|s| margin(s, seat)).sum();
        let mut best: Option<(i64, Reverse<Option<Value>>, Action)> = None;
        for action in legal {
            let value = if *action == Action::Pass {
                let others = legal.iter().any(|a| *a != Action::Pass);
                if holds_warriors && others {
                    i64::MIN
                } else {
                    now
                }
            } else {
                let total = samples
                    .iter()
                    .map(|s| s.after(*action).ok().map(|next| margin(&next, seat)))
                    .sum::<Option<i64>>()
                    .unwrap_or(i64::MIN / 2);
                if !holds_warriors && total <= now && *action != Action::EndTurn {
                    // A palisade that gains nothing only delays the end.
                    total.saturating_sub(1)
                } else {
                    total
                }
            };
            let key = (value, Reverse(spends(*action)));
            if best.is_none_or(|(best_value, best_spend, _)| key > (best_value, best_spend)) {
                best = Some((key.0, key.1, *action));
            }
        }
        best.map(|(_, _, a)| a)
    }
}
