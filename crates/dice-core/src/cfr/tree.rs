//! The whole game tree, walked once and laid out flat: nodes in preorder,
//! information states interned to indices in the order first met.

use alloc::collections::BTreeMap;
use alloc::vec::Vec;

use crate::game::{Game, ToMove};
use crate::information::InformationState;

use super::error::SolverError;

/// A node's kind, with what its kind needs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Kind {
    /// The game is over: seat 0's score (seat 1's is its negation).
    Terminal(f64),
    /// A chance event: each edge carries its probability.
    Chance,
    /// `seat` chooses; the edges follow the information state's actions.
    Decision {
        /// Who chooses.
        seat: usize,
        /// Which information state it is in.
        infoset: usize,
    },
}

/// One node: its kind and where its edges start in [`Tree::children`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Node {
    pub(crate) kind: Kind,
    pub(crate) first: usize,
    pub(crate) len: usize,
}

/// One information state: its seat, and where its actions start in the
/// solver's per-action arrays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct InfoSet {
    pub(crate) seat: usize,
    pub(crate) first: usize,
    pub(crate) len: usize,
}

impl InfoSet {
    /// Its action slots.
    pub(crate) fn slots(self) -> core::ops::Range<usize> {
        self.first..self.first.saturating_add(self.len)
    }
}

/// The game tree of a two-player zero-sum game.
#[derive(Debug, Clone)]
pub(crate) struct Tree<G: InformationState> {
    /// Every node, in preorder: a node before its children.
    pub(crate) nodes: Vec<Node>,
    /// Each node's children, contiguous per node.
    pub(crate) children: Vec<usize>,
    /// The probability of each edge of a chance node (0 at decisions).
    pub(crate) chance: Vec<f64>,
    /// The information states, in the order first met in preorder.
    pub(crate) infosets: Vec<InfoSet>,
    /// The key of each information state.
    pub(crate) keys: Vec<G::InfoKey>,
    /// Each information state's actions, in its legal order.
    pub(crate) actions: Vec<G::Action>,
    /// The nodes of each information state, contiguous per state, in
    /// preorder.
    pub(crate) members: Vec<usize>,
    /// Where each information state's nodes start in `members` (one more
    /// entry than states).
    pub(crate) member_start: Vec<usize>,
}

/// The tree under construction, with the index of each key met so far.
struct Builder<G: InformationState> {
    tree: Tree<G>,
    index: BTreeMap<G::InfoKey, usize>,
    limit: usize,
}

impl<G: InformationState> Tree<G> {
    /// Walks the whole game from `root`, refusing a tree of more than
    /// `limit` nodes.
    pub(crate) fn build(root: &G, limit: usize) -> Result<Self, SolverError> {
        if root.players() != 2 {
            return Err(SolverError::Players(root.players()));
        }
        let mut builder = Builder {
            tree: Tree {
                nodes: Vec::new(),
                children: Vec::new(),
                chance: Vec::new(),
                infosets: Vec::new(),
                keys: Vec::new(),
                actions: Vec::new(),
                members: Vec::new(),
                member_start: Vec::new(),
            },
            index: BTreeMap::new(),
            limit,
        };
        builder.node(root)?;
        let mut tree = builder.tree;
        tree.group_members();
        Ok(tree)
    }

    /// Each information state's nodes, in preorder (none for an index
    /// that names no information state).
    pub(crate) fn members_of(&self, infoset: usize) -> &[usize] {
        let bound = |i: usize| self.member_start.get(i).copied();
        match (bound(infoset), bound(infoset.saturating_add(1))) {
            (Some(start), Some(end)) => laid_out(&self.members, start..end),
            _ => &[],
        }
    }

    /// Child nodes of `node`, with each edge's chance probability.
    pub(crate) fn edges(&self, node: Node) -> impl Iterator<Item = (usize, f64)> + '_ {
        let range = node.first..node.first.saturating_add(node.len);
        let children = laid_out(&self.children, range.clone());
        let chance = laid_out(&self.chance, range);
        children.iter().copied().zip(chance.iter().copied())
    }

    /// How many action slots the information states have in all.
    pub(crate) fn slots(&self) -> usize {
        self.actions.len()
    }

    /// Counts the nodes of each information state, then lays them out.
    fn group_members(&mut self) {
        let mut start = alloc::vec![0usize; self.infosets.len().saturating_add(1)];
        for node in &self.nodes {
            if let Kind::Decision { infoset, .. } = node.kind {
                if let Some(s) = start.get_mut(infoset.saturating_add(1)) {
                    *s = s.saturating_add(1);
                }
            }
        }
        let mut total = 0usize;
        for s in &mut start {
            total = total.saturating_add(*s);
            *s = total;
        }
        let mut next = start.clone();
        let mut members = alloc::vec![0usize; total];
        for (at, node) in self.nodes.iter().enumerate() {
            if let Kind::Decision { infoset, .. } = node.kind {
                if let Some(n) = next.get_mut(infoset) {
                    if let Some(m) = members.get_mut(*n) {
                        *m = at;
                    }
                    *n = n.saturating_add(1);
                }
            }
        }
        self.members = members;
        self.member_start = start;
    }
}

impl<G: InformationState> Builder<G> {
    /// Adds `state`'s subtree and returns the index of its node.
    fn node(&mut self, state: &G) -> Result<usize, SolverError> {
        let at = self.tree.nodes.len();
        if at >= self.limit {
            return Err(SolverError::TooLarge(self.limit));
        }
        self.tree.nodes.push(Node {
            kind: Kind::Chance,
            first: 0,
            len: 0,
        });
        let (kind, edges) = match state.to_move() {
            ToMove::Over => (Kind::Terminal(terminal_score(state)?), Vec::new()),
            ToMove::Chance => (Kind::Chance, self.chance_children(state)?),
            ToMove::Player(seat) => self.decision(state, seat)?,
        };
        let first = self.tree.children.len();
        let len = edges.len();
        for (child, p) in edges {
            self.tree.children.push(child);
            self.tree.chance.push(p);
        }
        if let Some(node) = self.tree.nodes.get_mut(at) {
            *node = Node { kind, first, len };
        }
        Ok(at)
    }

    fn chance_children(&mut self, state: &G) -> Result<Vec<(usize, f64)>, SolverError> {
        let mut outcomes = Vec::new();
        state.chance_outcomes(&mut outcomes);
        let mut edges = Vec::with_capacity(outcomes.len());
        for (outcome, p) in outcomes {
            let mut child = state.clone();
            child.apply_chance_unchecked(outcome);
            edges.push((self.node(&child)?, p.to_f64()));
        }
        Ok(edges)
    }

    fn decision(
        &mut self,
        state: &G,
        seat: usize,
    ) -> Result<(Kind, Vec<(usize, f64)>), SolverError> {
        let key = state
            .information_key_of(seat)
            .ok_or(SolverError::NoInformationKey)?;
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        let infoset = self.intern(key, seat, &legal)?;
        let mut edges = Vec::with_capacity(legal.len());
        for action in legal {
            let mut child = state.clone();
            child.apply_unchecked(action);
            edges.push((self.node(&child)?, 0.0));
        }
        Ok((Kind::Decision { seat, infoset }, edges))
    }

    /// The index of `key`'s information state, added when new; the same
    /// seat and actions wherever it is met, or the game's key is wrong.
    fn intern(
        &mut self,
        key: G::InfoKey,
        seat: usize,
        legal: &[G::Action],
    ) -> Result<usize, SolverError> {
        if let Some(&i) = self.index.get(&key) {
            let known_set = self.tree.infosets.get(i).ok_or(SolverError::Inconsistent)?;
            let known = laid_out(&self.tree.actions, known_set.slots());
            if known_set.seat != seat || known != legal {
                return Err(SolverError::Inconsistent);
            }
            return Ok(i);
        }
        if legal.is_empty() {
            return Err(SolverError::Inconsistent);
        }
        let i = self.tree.infosets.len();
        self.tree.infosets.push(InfoSet {
            seat,
            first: self.tree.actions.len(),
            len: legal.len(),
        });
        self.tree.actions.extend_from_slice(legal);
        self.tree.keys.push(key.clone());
        self.index.insert(key, i);
        Ok(i)
    }
}

/// Seat 0's score at the end; the two scores must cancel out.
fn terminal_score<G: Game>(state: &G) -> Result<f64, SolverError> {
    let result = state.result().ok_or(SolverError::NoResult)?;
    match *result.scores() {
        [a, b] if a.checked_add(b) == Some(0) => Ok(f64::from(a)),
        _ => Err(SolverError::NotZeroSum),
    }
}

/// `range` of `items`. Every range the solver takes was laid out over the
/// very vector it reads when the tree was built (`Builder`,
/// `group_members`), whatever the game: out of bounds is a solver bug,
/// never an input, and fails loudly rather than computing with nothing.
#[allow(clippy::expect_used, reason = "ranges are laid out with their vectors")]
pub(crate) fn laid_out<T>(items: &[T], range: core::ops::Range<usize>) -> &[T] {
    items
        .get(range)
        .expect("a range laid out over this vector when the tree was built")
}

/// `laid_out`, to write.
#[allow(clippy::expect_used, reason = "ranges are laid out with their vectors")]
pub(crate) fn laid_out_mut<T>(items: &mut [T], range: core::ops::Range<usize>) -> &mut [T] {
    items
        .get_mut(range)
        .expect("a range laid out over this vector when the tree was built")
}
