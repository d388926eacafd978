//! The tree policy of a search guided by move averages ([`Mcts::guided`]):
//! the best-paying untried action first, and edge values that start from
//! their action's average.

#[cfg(doc)]
use super::Mcts;
use super::{Chosen, Edge, Guide, Marked, Search, Tree, each_legal};
use crate::game::Game;
use crate::rng::DiceRng;
use crate::seat::Seat;

/// Two of a search's score tables: `1 / sqrt(n)` and `sqrt(ln n)` by `n`
/// (`Tree::grow_tables`).
type Tables<'t> = (&'t [f64], &'t [f64]);

/// An edge's value blended with its action's average (weighted as `prior`
/// visits), plus the UCB1 exploration term (from the score tables when
/// the counts are in them).
fn guided_score(
    edge: &Edge,
    average: f64,
    guide: Guide,
    exploration: f64,
    tables: Tables<'_>,
) -> f64 {
    let visits = f64::from(edge.visits);
    let value = (edge.reward + guide.prior * average) / (visits + guide.prior);
    let (inv_sqrt, sqrt_ln) = tables;
    let at = |n: u32| usize::try_from(n).unwrap_or(usize::MAX);
    if let (Some(inv_sqrt), Some(sqrt_ln)) = (
        inv_sqrt.get(at(edge.visits)),
        sqrt_ln.get(at(edge.available)),
    ) {
        return value + exploration * sqrt_ln * inv_sqrt;
    }
    // Beyond the tables: the formula itself.
    let available = f64::from(edge.available.max(1));
    value + exploration * libm::sqrt(libm::log(available) / visits.max(1.0))
}

impl<G: Game> Search<'_, G> {
    /// One pass over the legal list, like the unguided pass, but the
    /// untried action to expand is the one with the best average (each of
    /// equals equally likely), and tried edges are scored with their
    /// averages.
    pub(super) fn mark_guided(
        &mut self,
        state: &G,
        node: usize,
        mover: Seat,
        guide: Guide,
        rng: &mut DiceRng,
    ) -> Option<Marked> {
        let stamp = self.stamp;
        let exploration = self.exploration;
        let tree = &mut *self.tree;
        let history = &tree.history;
        let tables = (tree.inv_sqrt.as_slice(), tree.sqrt_ln.as_slice());
        let edges = tree.nodes.get_mut(node)?;
        let mut untried: Option<(u32, u32, f64)> = None;
        let mut equals = 0usize;
        let mut best: Option<(Chosen, f64)> = None;
        let (mut tried, mut visits) = (0u32, 0u32);
        each_legal(state, &self.legal, edges, stamp, |id, index, edge| {
            let average = history.mean(mover, id);
            let Some((i, e)) = edge else {
                #[expect(clippy::float_cmp, reason = "equal averages are ties to share out")]
                let tie = untried.is_some_and(|(_, _, a)| a == average);
                if tie {
                    equals = equals.saturating_add(1);
                    if rng.pick(equals) == Some(0) {
                        untried = Some((id, index, average));
                    }
                } else if untried.is_none_or(|(_, _, a)| average > a) {
                    untried = Some((id, index, average));
                    equals = 1;
                }
                return Some(());
            };
            tried = tried.saturating_add(1);
            visits = visits.saturating_add(e.visits);
            let score = guided_score(e, average, guide, exploration, tables);
            if best.is_none_or(|(_, s)| score > s) {
                best = Some((Chosen::tried(i, index, e.child)?, score));
            }
            Some(())
        })?;
        Some(match untried {
            Some((id, legal_index, _)) if best.is_none() || guide.opens(tried, visits) => {
                Marked::Untried { id, legal_index }
            }
            _ => Marked::Best(best.map(|(chosen, _)| chosen)),
        })
    }
}

impl Guide {
    /// Whether a node with `tried` edges visited `visits` times in all
    /// opens another (always, without widening).
    fn opens(self, tried: u32, visits: u32) -> bool {
        if self.widen <= 0.0 {
            return true;
        }
        let limit = self.widen * libm::pow(f64::from(visits) + 1.0, self.widen_power);
        f64::from(tried) < limit
    }
}

impl Tree {
    /// The root's most visited legal action (`root_ids` in the order of
    /// `legal`), the best mean reward of equals.
    pub(super) fn most_visited<A: Copy>(&self, legal: &[A]) -> Option<A> {
        let mut best: Option<(u32, f64, usize)> = None;
        for edge in self.nodes.first()? {
            let Some(at) = self.root_ids.iter().position(|&id| id == edge.id) else {
                continue;
            };
            let mean = edge.reward / f64::from(edge.visits.max(1));
            let better = best.is_none_or(|(visits, m, _)| {
                edge.visits > visits || (edge.visits == visits && mean > m)
            });
            if better {
                best = Some((edge.visits, mean, at));
            }
        }
        best.and_then(|(_, _, at)| legal.get(at).copied())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edge(id: u32, visits: u32, reward: f64) -> Edge {
        Edge {
            id,
            child: 0,
            visits,
            available: visits,
            stamp: 0,
            legal_index: 0,
            reward,
        }
    }

    #[test]
    fn the_most_visited_root_action_is_played_and_equals_go_to_the_best_mean() {
        let mut tree = Tree::default();
        tree.reset();
        tree.root_ids.extend([7, 3, 5]);
        let root = tree.nodes.first_mut().unwrap();
        root.extend([edge(3, 4, 1.0), edge(5, 4, 3.0), edge(7, 2, 2.0)]);
        assert_eq!(tree.most_visited(&['a', 'b', 'c']), Some('c'));
        // More visits beat a better mean.
        tree.nodes.first_mut().unwrap()[0].visits = 5;
        assert_eq!(tree.most_visited(&['a', 'b', 'c']), Some('b'));
    }

    #[test]
    fn a_node_opens_a_new_edge_while_it_has_fewer_than_the_root_of_its_visits() {
        let guide = Guide {
            explore_percent: 100,
            prior: 10.0,
            widen: 1.0,
            widen_power: 0.5,
        };
        // A node never tried opens its first edge.
        assert!(guide.opens(0, 0));
        // One edge: a second once it has been visited (sqrt 2 > 1), a
        // third only after 4 visits (sqrt 5 > 2).
        assert!(!guide.opens(1, 0));
        assert!(guide.opens(1, 1));
        assert!(!guide.opens(2, 3));
        assert!(guide.opens(2, 4));
        // 99 visits: up to 10 edges.
        assert!(guide.opens(9, 99));
        assert!(!guide.opens(10, 99));
        // Without widening, always.
        let wide = Guide {
            widen: 0.0,
            ..guide
        };
        assert!(wide.opens(1000, 0));
    }

    #[test]
    fn an_edges_value_starts_from_its_actions_average() {
        let guide = Guide {
            explore_percent: 100,
            prior: 10.0,
            widen: 0.0,
            widen_power: 0.0,
        };
        // Never visited: the average alone (no exploration term yet).
        let fresh = edge(1, 0, 0.0);
        assert!((guided_score(&fresh, 0.75, guide, 0.7, (&[], &[])) - 0.75).abs() < 1e-12);
        // Ten visits that all lost weigh as much as the average.
        let lost = Edge {
            available: 1,
            ..edge(1, 10, 0.0)
        };
        assert!((guided_score(&lost, 0.8, guide, 0.7, (&[], &[])) - 0.4).abs() < 1e-12);
    }
}
