//! Monte Carlo tree search over the contract, for any game, with chance and
//! hidden information.

mod evaluated;
mod guided;
mod history;

use alloc::vec::Vec;

use evaluated::Leaf;
pub use evaluated::{Evaluated, Lead};
use history::History;

use crate::agent::Agent;
use crate::game::{Game, ToMove};
use crate::objective::Objective;
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
///   `playout_steps`), and each seat's reward for the result is backed up,
///   by the game's [`Objective`]: to win, 1 for a win,
///   `1/k` for a victory shared by `k`, 0 otherwise (`1/n` each for a
///   draw or a playout cut short); to score, the seat's final score placed
///   between the objective's bounds ([`Objective::reward`]), 1/2 for a
///   playout cut short.
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
#[derive(Clone)]
pub struct Mcts {
    iterations: u32,
    exploration: f64,
    playout_steps: u32,
    /// How move averages guide the search, if they do ([`Mcts::guided`]).
    guide: Option<Guide>,
    /// The tree and the search's buffers, kept from one decision to the
    /// next so that a warm search allocates nothing of its own.
    tree: Tree,
}

/// How move averages (MAST) guide a search: playouts take the mover's
/// best-paying action but for `explore_percent` % uniform picks; a tree
/// edge's value starts from its action's average, weighted as `prior`
/// visits; a node tries its best-paying untried action first.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Guide {
    explore_percent: u32,
    prior: f64,
    /// Progressive widening, if on: a node opens a new edge only while it
    /// has fewer than `widen * (n + 1) ^ widen_power` tried edges, `n`
    /// their visits in all.
    widen: f64,
    widen_power: f64,
}

impl PartialEq for Mcts {
    /// Two searches are equal when their parameters are: the kept buffers
    /// are no part of what the bot is.
    fn eq(&self, other: &Self) -> bool {
        self.iterations == other.iterations
            && self.exploration.to_bits() == other.exploration.to_bits()
            && self.playout_steps == other.playout_steps
            && self.guide == other.guide
    }
}

impl core::fmt::Debug for Mcts {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Mcts")
            .field("iterations", &self.iterations)
            .field("exploration", &self.exploration)
            .field("playout_steps", &self.playout_steps)
            .field("guide", &self.guide)
            .finish_non_exhaustive()
    }
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
            guide: None,
            tree: Tree::default(),
        }
    }

    /// The search `ismcts`: this many iterations over determinized views
    /// like [`Mcts::new`], guided by move averages (MAST): each seat's mean
    /// reward for each action id over every move of the decision's
    /// simulations, tree and playout. A tree edge's value starts from its
    /// action's average, weighted as 10 visits, and a node tries its
    /// best-paying untried action first: with the hundreds of actions of
    /// an Armadöra or Era turn, a thousand iterations try each root
    /// action about once, and the averages, shared by every node, tell
    /// them apart long before their own visits do. Playouts stay uniform
    /// (guided playouts measured weaker, and slower), and every node is
    /// widened at once ([`with_widening`](Mcts::with_widening) measured no
    /// better). The most visited action is played, the best mean of equals.
    pub fn guided(iterations: u32) -> Self {
        Mcts::new(iterations).with_move_averages(100, 10.0)
    }

    /// The same search guided by move averages ([`Mcts::guided`]):
    /// playouts pick uniformly `explore_percent` % of the time (100: always)
    /// and otherwise the mover's best-paying action, and a tree edge's
    /// value starts from its action's average weighted as `prior` visits.
    #[must_use]
    pub fn with_move_averages(mut self, explore_percent: u32, prior: f64) -> Self {
        self.guide = Some(Guide {
            explore_percent,
            prior,
            widen: 0.0,
            widen_power: 0.0,
        });
        self
    }

    /// The same guided search with progressive widening: a node opens its
    /// best-paying untried action only while it has fewer than
    /// `widen * (n + 1) ^ power` tried ones, `n` their visits in all (no
    /// effect on an unguided search; `widen` 0, the default, turns it
    /// off). At equal time against `mcts`, `(1.0, 0.5)` won 58.8 % of 200
    /// Armadöra games but 49.0 % of 200 in Era, and lost at 200
    /// iterations in Armadöra, so [`Mcts::guided`] does not widen.
    #[must_use]
    pub fn with_widening(mut self, widen: f64, power: f64) -> Self {
        if let Some(guide) = &mut self.guide {
            guide.widen = widen;
            guide.widen_power = power;
        }
        self
    }

    /// The same search with another UCB1 exploration constant.
    #[must_use]
    pub fn with_exploration(mut self, exploration: f64) -> Self {
        self.exploration = exploration;
        self
    }

    /// The same search with playouts of at most `steps` steps; a longer one
    /// stops and counts as a draw (the middle score, for a game played for
    /// score).
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

/// One action tried at a node, by its [`Game::action_id`].
#[derive(Debug, Clone, Copy)]
struct Edge {
    id: u32,
    /// The node it leads to, in [`Tree::nodes`].
    child: u32,
    visits: u32,
    /// How many iterations found it legal here (availability).
    available: u32,
    /// The iteration that last found it legal, and where in that
    /// iteration's legal list: the UCB1 pass counts only edges of this
    /// iteration, without searching the list again.
    stamp: u32,
    legal_index: u32,
    reward: f64,
}

/// The search's memory, reused by every decision: nodes keep their edge
/// vectors (cleared, not freed) and the score tables only grow.
#[derive(Debug, Clone, Default)]
struct Tree {
    /// Each node's edges, sorted by action id; `nodes[..used]` are the
    /// current search's, the rest spare vectors.
    nodes: Vec<Vec<Edge>>,
    used: usize,
    /// (node, edge, mover) of the current descent.
    path: Vec<(usize, usize, Seat)>,
    /// The winners of the current simulation's end, kept so that asking
    /// allocates nothing, and each seat's reward from it, by seat.
    winners: Vec<Seat>,
    rewards: Vec<f64>,
    /// The root's legal actions' ids, in the order of the root's list.
    root_ids: Vec<u32>,
    /// `sqrt(ln n)`, `1 / sqrt(n)` and `1 / n` for `n` in `0..len` (`n`
    /// counted as at least 1), so that a UCB1 score costs no logarithm.
    sqrt_ln: Vec<f64>,
    inv_sqrt: Vec<f64>,
    inv: Vec<f64>,
    /// The move averages of a guided search.
    history: History,
}

impl Tree {
    /// Empties the tree down to a root without edges, keeping the memory.
    fn reset(&mut self) {
        for edges in self.nodes.iter_mut().take(self.used) {
            edges.clear();
        }
        if self.nodes.is_empty() {
            self.nodes.push(Vec::new());
        }
        self.used = 1;
    }

    /// A new node without edges; returns its index.
    fn new_node(&mut self) -> Option<u32> {
        let index = self.used;
        match self.nodes.get_mut(index) {
            Some(edges) => edges.clear(),
            None => self.nodes.push(Vec::new()),
        }
        self.used = index.checked_add(1)?;
        u32::try_from(index).ok()
    }

    /// Fills the score tables up to `n` inclusive.
    #[allow(clippy::cast_precision_loss, reason = "n is at most u32::MAX")]
    fn grow_tables(&mut self, n: u32) {
        let len = usize::try_from(n).map_or(usize::MAX, |n| n.saturating_add(1));
        while self.inv.len() < len {
            let x = self.inv.len().max(1) as f64;
            self.sqrt_ln.push(libm::sqrt(libm::log(x)));
            self.inv_sqrt.push(1.0 / libm::sqrt(x));
            self.inv.push(1.0 / x);
        }
    }
}

/// UCB1 of an edge: mean reward plus `exploration * sqrt(ln available /
/// visits)`, from the score tables.
#[inline]
fn score(edge: &Edge, exploration: f64, inv: &[f64], inv_sqrt: &[f64], sqrt_ln: &[f64]) -> f64 {
    let visits = usize::try_from(edge.visits).unwrap_or(usize::MAX);
    let available = usize::try_from(edge.available).unwrap_or(usize::MAX);
    if let (Some(inv), Some(inv_sqrt), Some(sqrt_ln)) = (
        inv.get(visits),
        inv_sqrt.get(visits),
        sqrt_ln.get(available),
    ) {
        edge.reward * inv + exploration * sqrt_ln * inv_sqrt
    } else {
        // Beyond the tables (never, as counts stay below the
        // iterations): the formula itself.
        let visits = f64::from(edge.visits.max(1));
        edge.reward / visits
            + exploration * libm::sqrt(libm::log(f64::from(edge.available.max(1))) / visits)
    }
}

/// The edge a selection takes: its index in the node, the legal action's
/// index in the list, the node it leads to, and whether it is new.
#[derive(Debug, Clone, Copy)]
struct Chosen {
    edge: usize,
    legal_index: usize,
    child: usize,
    is_new: bool,
}

impl Chosen {
    /// Edge `edge`, tried before, at `legal_index` in the legal list and
    /// leading to node `child`.
    fn tried(edge: usize, legal_index: u32, child: u32) -> Option<Chosen> {
        Some(Chosen {
            edge,
            legal_index: usize::try_from(legal_index).ok()?,
            child: usize::try_from(child).ok()?,
            is_new: false,
        })
    }
}

/// What a pass over the legal list found: an untried action to expand
/// (its id and place in the list), or else the best tried edge.
#[derive(Debug, Clone, Copy)]
enum Marked {
    Untried { id: u32, legal_index: u32 },
    Best(Option<Chosen>),
}

/// Finds the edges of a node's legal actions in turn: a cursor over the
/// sorted edges while the ids come in ascending order, a binary search
/// otherwise.
#[derive(Debug, Default)]
struct EdgeCursor {
    cursor: usize,
    last_id: Option<u32>,
}

impl EdgeCursor {
    /// The edge of action `id`, with its index, if the node has one.
    fn find<'e>(&mut self, edges: &'e mut [Edge], id: u32) -> Option<(usize, &'e mut Edge)> {
        let found = if self.last_id.is_none_or(|last| last < id) {
            while edges.get(self.cursor).is_some_and(|e| e.id < id) {
                self.cursor = self.cursor.saturating_add(1);
            }
            edges
                .get(self.cursor)
                .is_some_and(|e| e.id == id)
                .then_some(self.cursor)
        } else {
            edges.binary_search_by_key(&id, |e| e.id).ok()
        };
        self.last_id = Some(id);
        let i = found?;
        edges.get_mut(i).map(|e| (i, e))
    }
}

/// One pass over the legal list: `visit` gets each action's id, its index
/// in the list and its edge among `edges` (found by an [`EdgeCursor`] and
/// marked available at iteration `stamp`), or no edge for an action not
/// tried yet. `None` as soon as an id or an index does not fit, or `visit`
/// gives `None`.
fn each_legal<G: Game>(
    state: &G,
    legal: &[G::Action],
    edges: &mut [Edge],
    stamp: u32,
    mut visit: impl FnMut(u32, u32, Option<(usize, &mut Edge)>) -> Option<()>,
) -> Option<()> {
    let mut cursor = EdgeCursor::default();
    for (index, action) in legal.iter().enumerate() {
        let id = state.action_id(action)?;
        let index = u32::try_from(index).ok()?;
        let mut edge = cursor.find(edges, id);
        if let Some((_, e)) = &mut edge {
            e.available = e.available.saturating_add(1);
            e.stamp = stamp;
            e.legal_index = index;
        }
        visit(id, index, edge)?;
    }
    Some(())
}

/// One decision's search: the parameters, the kept tree and the current
/// iteration.
struct Search<'a, G: Game> {
    iterations: u32,
    exploration: f64,
    playout_steps: u32,
    guide: Option<Guide>,
    tree: &'a mut Tree,
    /// How a playout cut short is scored, if it is ([`Evaluated`]).
    leaf: Option<Leaf<G>>,
    legal: Vec<G::Action>,
    /// The current iteration, from 1 (edges stamped 0 were never legal).
    stamp: u32,
}

impl<G: Game> Agent<G> for Mcts {
    fn name(&self) -> &'static str {
        if self.guide.is_some() {
            "ismcts"
        } else {
            "mcts"
        }
    }

    fn choose(
        &mut self,
        _seat: Seat,
        view: &G::View,
        legal: &[G::Action],
        rng: &mut DiceRng,
    ) -> Option<G::Action> {
        self.decide::<G>(view, legal, rng, None)
    }
}

impl Mcts {
    /// One decision's search from `view`, playouts scored by `leaf` where
    /// it cuts them short.
    fn decide<G: Game>(
        &mut self,
        view: &G::View,
        legal: &[G::Action],
        rng: &mut DiceRng,
        leaf: Option<Leaf<G>>,
    ) -> Option<G::Action> {
        if legal.len() <= 1 {
            return legal.first().copied();
        }
        self.tree.reset();
        self.tree.grow_tables(self.iterations);
        self.tree.root_ids.clear();
        let mut search = Search::<G> {
            iterations: self.iterations,
            exploration: self.exploration,
            playout_steps: self.playout_steps,
            guide: self.guide,
            tree: &mut self.tree,
            leaf,
            legal: Vec::new(),
            stamp: 0,
        };
        for _ in 0..search.iterations {
            if let Ok(state) = G::determinize(view, rng) {
                if search.tree.root_ids.is_empty() {
                    let ids = legal.iter().map(|a| state.action_id(a).unwrap_or(u32::MAX));
                    search.tree.root_ids.extend(ids);
                    if search.guide.is_some() {
                        let bound = state.action_id_bound();
                        search.tree.history.reset(state.players(), bound);
                    }
                }
                search.stamp = search.stamp.saturating_add(1);
                search.iterate(state, rng);
            }
        }
        if self.guide.is_some() {
            return self
                .tree
                .most_visited(legal)
                .or_else(|| rng.choose(legal).copied());
        }
        // The most visited legal action (the last of equals, by action id).
        let tree = &self.tree;
        let best = tree
            .nodes
            .first()?
            .iter()
            .filter_map(|e| {
                let at = tree.root_ids.iter().position(|&id| id == e.id)?;
                Some((e.visits, at))
            })
            .max_by_key(|&(visits, _)| visits)
            .and_then(|(_, at)| legal.get(at).copied());
        best.or_else(|| rng.choose(legal).copied())
    }
}

impl<G: Game> Search<'_, G> {
    fn iterate(&mut self, mut state: G, rng: &mut DiceRng) {
        self.tree.path.clear();
        if self.guide.is_some() {
            self.tree.history.start();
        }
        let mut node = 0;
        let mut steps = 0u32;
        let mut expanded = false;
        while !expanded && steps < self.playout_steps {
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
                    let Some(Chosen {
                        edge,
                        legal_index,
                        child,
                        is_new,
                    }) = self.select(&state, node, mover, rng)
                    else {
                        break;
                    };
                    let Some(&action) = self.legal.get(legal_index) else {
                        break;
                    };
                    if self.guide.is_some() {
                        if let Some(id) = state.action_id(&action) {
                            self.tree.history.record(mover, id);
                        }
                    }
                    state.apply_unchecked(action);
                    self.tree.path.push((node, edge, mover));
                    node = child;
                    expanded = is_new;
                }
            }
        }
        self.play_out(&mut state, steps, rng);
        self.back_up();
    }

    /// Marks the available edges, then expands an untried action or picks
    /// the best UCB1 edge (the first of equals in edge order).
    fn select(&mut self, state: &G, node: usize, mover: Seat, rng: &mut DiceRng) -> Option<Chosen> {
        let marked = match self.guide {
            Some(guide) => self.mark_guided(state, node, mover, guide, rng)?,
            None => self.mark(state, node, rng)?,
        };
        match marked {
            Marked::Untried { id, legal_index } => self.expand(node, id, legal_index),
            Marked::Best(best) => best,
        }
    }

    /// One pass over the legal list: each action's edge is found by an
    /// [`EdgeCursor`], marked available, and scored as it is found; an
    /// action without an edge is a candidate for expansion instead, each
    /// equally likely (reservoir sampling).
    fn mark(&mut self, state: &G, node: usize, rng: &mut DiceRng) -> Option<Marked> {
        let stamp = self.stamp;
        let exploration = self.exploration;
        let tree = &mut *self.tree;
        let (inv, inv_sqrt, sqrt_ln) = (&tree.inv, &tree.inv_sqrt, &tree.sqrt_ln);
        let edges = tree.nodes.get_mut(node)?;
        let mut untried: Option<(u32, u32)> = None;
        let mut untried_count = 0usize;
        let mut best: Option<(Chosen, f64)> = None;
        each_legal(state, &self.legal, edges, stamp, |id, index, edge| {
            let Some((i, e)) = edge else {
                untried_count = untried_count.saturating_add(1);
                if rng.pick(untried_count) == Some(0) {
                    untried = Some((id, index));
                }
                return Some(());
            };
            if untried.is_some() {
                return Some(());
            }
            let score = score(e, exploration, inv, inv_sqrt, sqrt_ln);
            #[expect(
                clippy::float_cmp,
                reason = "an exact tie goes to the first edge, as a pass in edge order gives"
            )]
            let better = best.is_none_or(|(b, s)| score > s || (score == s && i < b.edge));
            if better {
                best = Some((Chosen::tried(i, index, e.child)?, score));
            }
            Some(())
        })?;
        Some(match untried {
            Some((id, legal_index)) => Marked::Untried { id, legal_index },
            None => Marked::Best(best.map(|(chosen, _)| chosen)),
        })
    }

    /// Adds the edge of untried action `id` (at `legal_index` in the legal
    /// list) to `node`, leading to a new node.
    fn expand(&mut self, node: usize, id: u32, legal_index: u32) -> Option<Chosen> {
        let child = self.tree.new_node()?;
        let edges = self.tree.nodes.get_mut(node)?;
        let at = edges.binary_search_by_key(&id, |e| e.id).err()?;
        edges.insert(
            at,
            Edge {
                id,
                child,
                visits: 0,
                available: 1,
                stamp: self.stamp,
                legal_index,
                reward: 0.0,
            },
        );
        Some(Chosen {
            edge: at,
            legal_index: usize::try_from(legal_index).ok()?,
            child: usize::try_from(child).ok()?,
            is_new: true,
        })
    }

    /// Plays on at random from the end of the descent and sets each seat's
    /// reward ([`Tree::rewards`]) by the game's [`Objective`].
    fn play_out(&mut self, state: &mut G, steps: u32, rng: &mut DiceRng) {
        let mut budget = self.playout_steps.saturating_sub(steps);
        if let Some(leaf) = &self.leaf {
            budget = budget.min(leaf.depth);
        }
        match self.guide {
            Some(guide) => self.tree.history.play_out(
                state,
                &mut self.legal,
                guide.explore_percent,
                budget,
                rng,
            ),
            None => state.random_playout(rng, &mut self.legal, budget),
        }
        let tree = &mut *self.tree;
        let players = state.players();
        tree.rewards.clear();
        if let Some(leaf) = &self.leaf {
            if state.to_move() != ToMove::Over {
                leaf.score(state, &mut tree.rewards);
                return;
            }
        }
        match state.objective() {
            Objective::Win => {
                if state.winners_into(&mut tree.winners) && !tree.winners.is_empty() {
                    #[allow(clippy::cast_precision_loss)]
                    let share = 1.0 / tree.winners.len() as f64;
                    let winners = tree.winners.as_slice();
                    tree.rewards.extend(
                        (0..players).map(|seat| if winners.contains(&seat) { share } else { 0.0 }),
                    );
                } else {
                    // A draw (or a playout cut short): every seat shares.
                    #[allow(clippy::cast_precision_loss)]
                    let draw = 1.0 / players.max(1) as f64;
                    tree.rewards.extend((0..players).map(|_| draw));
                }
            }
            objective => match state.result() {
                Some(result) => {
                    let rewards = (0..players).map(|seat| objective.reward(&result, seat));
                    tree.rewards.extend(rewards);
                }
                // A playout cut short: no score, the middle for every seat.
                None => tree.rewards.extend((0..players).map(|_| 0.5)),
            },
        }
    }

    fn back_up(&mut self) {
        let tree = &mut *self.tree;
        if self.guide.is_some() {
            tree.history.back_up(&tree.rewards);
        }
        for &(node, edge, mover) in &tree.path {
            let reward = tree.rewards.get(mover).copied().unwrap_or(0.0);
            if let Some(e) = tree.nodes.get_mut(node).and_then(|n| n.get_mut(edge)) {
                e.visits = e.visits.saturating_add(1);
                e.reward += reward;
            }
        }
    }
}
