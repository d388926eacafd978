//! Monte Carlo tree search over the contract, for any game, with chance and
//! hidden information.

use alloc::vec::Vec;

use crate::agent::Agent;
use crate::game::{Game, ToMove};
use crate::rng::DiceRng;
use crate::seat::Seat;

/// A Monte Carlo tree search player for any [`Game`].
///
/// It never reads the real state: every iteration starts from a state
/// [determinized](Game::determinize) from the seat's own view (so hidden
/// tiles and unrevealed dice are sampled, not peeked at), then descends one
/// shared tree of decisions (single-observer information-set search):
/// - at a decision node, children not yet tried are expanded first; then the
///   child with the best UCB1 score for the player who moves there is taken,
///   counting only children legal in this determinization (availability);
/// - chance nodes are not stored: their outcome is drawn with
///   [`Game::sample_chance`] each time (open-loop search);
/// - from a new node, a uniformly random playout runs to the end (or to
///   `playout_steps`), and the result is backed up: 1 for a win, `1/k` for a
///   victory shared by `k`, 0 otherwise, for each seat.
///
/// The most visited legal action at the root is played. All randomness comes
/// from the generator passed to [`Agent::choose`], so a seeded run is
/// reproducible; floating point is only in the bot, never in the rules.
///
/// ```
/// use dice_core::{Agent, DiceRng, Game, Viewer, mcts::Mcts, pig::{Pig, PigAction, PigConfig}};
///
/// let mut game = Pig::new(&PigConfig::default()).unwrap();
/// game.apply(PigAction::Roll).unwrap();
/// game.apply_chance(6).unwrap();
/// let mut legal = Vec::new();
/// game.legal_actions(&mut legal);
/// assert_eq!(legal, [PigAction::Roll, PigAction::Hold]);
/// let mut bot = Mcts::new(200);
/// let view = game.view(Viewer::Seat(0));
/// let action = Agent::<Pig>::choose(&mut bot, 0, &view, &legal, &mut DiceRng::from_seed_u64(1));
/// assert!(legal.contains(&action.unwrap()));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Mcts {
    iterations: u32,
    exploration: f64,
    playout_steps: u32,
}

impl Mcts {
    /// A search with this many iterations (determinize, descend, play out,
    /// back up) per decision, exploration 0.7 and playouts of at most
    /// 10 000 steps.
    pub fn new(iterations: u32) -> Self {
        Mcts {
            iterations,
            exploration: 0.7,
            playout_steps: 10_000,
        }
    }

    /// The same search with another UCB1 exploration constant.
    #[must_use]
    pub fn with_exploration(mut self, exploration: f64) -> Self {
        self.exploration = exploration;
        self
    }

    /// The same search with playouts of at most `steps` steps; a longer one
    /// stops and counts as a draw.
    #[must_use]
    pub fn with_playout_steps(mut self, steps: u32) -> Self {
        self.playout_steps = steps;
        self
    }

    /// Iterations per decision.
    pub fn iterations(&self) -> u32 {
        self.iterations
    }

    /// The UCB1 exploration constant.
    pub fn exploration(&self) -> f64 {
        self.exploration
    }

    /// The longest playout, in steps.
    pub fn playout_steps(&self) -> u32 {
        self.playout_steps
    }
}

struct Edge<A> {
    action: A,
    id: u32,
    child: usize,
    visits: u32,
    available: u32,
    reward: f64,
}

struct Node<A> {
    /// Sorted by action id.
    edges: Vec<Edge<A>>,
}

struct Search<'a, G: Game> {
    params: &'a Mcts,
    nodes: Vec<Node<G::Action>>,
    legal: Vec<G::Action>,
    path: Vec<(usize, usize, Seat)>,
    rewards: Vec<f64>,
}

impl<G: Game> Agent<G> for Mcts {
    fn name(&self) -> &'static str {
        "mcts"
    }

    fn choose(
        &mut self,
        _seat: Seat,
        view: &G::View,
        legal: &[G::Action],
        rng: &mut DiceRng,
    ) -> Option<G::Action> {
        if legal.len() <= 1 {
            return legal.first().copied();
        }
        let mut search = Search::<G> {
            params: self,
            nodes: alloc::vec![Node { edges: Vec::new() }],
            legal: Vec::new(),
            path: Vec::new(),
            rewards: Vec::new(),
        };
        for _ in 0..self.iterations {
            if let Some(state) = G::determinize(view, rng) {
                search.iterate(state, rng);
            }
        }
        let root = search.nodes.first()?;
        let best = root
            .edges
            .iter()
            .filter(|e| legal.contains(&e.action))
            .max_by_key(|e| e.visits)
            .map(|e| e.action);
        best.or_else(|| rng.choose(legal).copied())
    }
}

impl<G: Game> Search<'_, G> {
    fn iterate(&mut self, mut state: G, rng: &mut DiceRng) {
        self.path.clear();
        let mut node = 0;
        let mut steps = 0u32;
        let mut expanded = false;
        while !expanded && steps < self.params.playout_steps {
            steps = steps.saturating_add(1);
            match state.to_move() {
                ToMove::Over => break,
                ToMove::Chance => {
                    let Some(outcome) = state.sample_chance(rng) else {
                        break;
                    };
                    state.apply_chance_unchecked(outcome);
                }
                ToMove::Player(mover) => {
                    state.legal_actions(&mut self.legal);
                    let Some((edge, is_new)) = self.select(&state, node, rng) else {
                        break;
                    };
                    let Some(e) = self.nodes.get(node).and_then(|n| n.edges.get(edge)) else {
                        break;
                    };
                    let (action, child) = (e.action, e.child);
                    state.apply_unchecked(action);
                    self.path.push((node, edge, mover));
                    node = child;
                    expanded = is_new;
                }
            }
        }
        self.play_out(&mut state, steps, rng);
        self.back_up();
    }

    /// Marks the available edges, then expands an untried action or picks
    /// the best UCB1 edge. Returns the edge index and whether it is new.
    fn select(&mut self, state: &G, node: usize, rng: &mut DiceRng) -> Option<(usize, bool)> {
        let exploration = self.params.exploration;
        let next_index = self.nodes.len();
        let n = self.nodes.get_mut(node)?;
        let mut untried: Option<(u32, G::Action)> = None;
        let mut untried_count = 0u32;
        for action in &self.legal {
            let id = state.action_id(action)?;
            if let Ok(i) = n.edges.binary_search_by_key(&id, |e| e.id) {
                if let Some(e) = n.edges.get_mut(i) {
                    e.available = e.available.saturating_add(1);
                }
            } else {
                // Reservoir sampling: each untried action equally likely.
                untried_count = untried_count.saturating_add(1);
                if rng.below(core::num::NonZeroU32::new(untried_count)?) == 0 {
                    untried = Some((id, *action));
                }
            }
        }
        if let Some((id, action)) = untried {
            let at = n.edges.binary_search_by_key(&id, |e| e.id).err()?;
            n.edges.insert(
                at,
                Edge {
                    action,
                    id,
                    child: next_index,
                    visits: 0,
                    available: 1,
                    reward: 0.0,
                },
            );
            self.nodes.push(Node { edges: Vec::new() });
            return Some((at, true));
        }
        let legal = &self.legal;
        let mut best: Option<(usize, f64)> = None;
        for (i, e) in n.edges.iter().enumerate() {
            if !legal.contains(&e.action) {
                continue;
            }
            let visits = f64::from(e.visits.max(1));
            let mean = e.reward / visits;
            let bonus = exploration * libm::sqrt(libm::log(f64::from(e.available.max(1))) / visits);
            let score = mean + bonus;
            if best.is_none_or(|(_, s)| score > s) {
                best = Some((i, score));
            }
        }
        best.map(|(i, _)| (i, false))
    }

    fn play_out(&mut self, state: &mut G, mut steps: u32, rng: &mut DiceRng) {
        while steps < self.params.playout_steps {
            steps = steps.saturating_add(1);
            match state.to_move() {
                ToMove::Over => break,
                ToMove::Chance => match state.sample_chance(rng) {
                    Some(outcome) => state.apply_chance_unchecked(outcome),
                    None => break,
                },
                ToMove::Player(_) => {
                    state.legal_actions(&mut self.legal);
                    match rng.choose(&self.legal) {
                        Some(&a) => state.apply_unchecked(a),
                        None => break,
                    }
                }
            }
        }
        self.rewards.clear();
        let players = state.players();
        match state.result() {
            Some(result) if !result.winners().is_empty() => {
                #[allow(clippy::cast_precision_loss)]
                let share = 1.0 / result.winners().len() as f64;
                self.rewards.resize(players, 0.0);
                for &w in result.winners() {
                    if let Some(r) = self.rewards.get_mut(w) {
                        *r = share;
                    }
                }
            }
            _ => {
                #[allow(clippy::cast_precision_loss)]
                let draw = 1.0 / players.max(1) as f64;
                self.rewards.resize(players, draw);
            }
        }
    }

    fn back_up(&mut self) {
        for &(node, edge, mover) in &self.path {
            let reward = self.rewards.get(mover).copied().unwrap_or(0.0);
            if let Some(e) = self.nodes.get_mut(node).and_then(|n| n.edges.get_mut(edge)) {
                e.visits = e.visits.saturating_add(1);
                e.reward += reward;
            }
        }
    }
}
