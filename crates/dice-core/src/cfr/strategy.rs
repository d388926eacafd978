//! A solved strategy: for each information state, a probability per legal
//! action; and an agent that plays it.

use alloc::collections::BTreeMap;
use alloc::vec::Vec;

use super::tree::Tree;
use crate::agent::Agent;
use crate::information::InformationState;
use crate::rng::DiceRng;
use crate::seat::Seat;

/// A probability for each legal action of each information state, looked
/// up by key. Also an [`Agent`]: it draws its action with those
/// probabilities.
#[derive(Debug, Clone, PartialEq)]
pub struct Strategy<G: InformationState> {
    /// Each key's first action slot and count.
    index: BTreeMap<G::InfoKey, (usize, usize)>,
    actions: Vec<G::Action>,
    probs: Vec<f64>,
}

impl<G: InformationState> Strategy<G> {
    /// The strategy given by one probability per action slot of `tree`.
    pub(crate) fn new(tree: &Tree<G>, probs: Vec<f64>) -> Self {
        let index = tree
            .keys
            .iter()
            .zip(&tree.infosets)
            .map(|(key, set)| (key.clone(), (set.first, set.len)))
            .collect();
        Strategy {
            index,
            actions: tree.actions.clone(),
            probs,
        }
    }

    /// How many information states it covers.
    pub fn len(&self) -> usize {
        self.index.len()
    }

    /// Whether it covers none.
    pub fn is_empty(&self) -> bool {
        self.index.is_empty()
    }

    /// The legal actions of `key`'s information state, in the game's
    /// order; `None` for a state the strategy does not cover.
    pub fn actions(&self, key: &G::InfoKey) -> Option<&[G::Action]> {
        let &(first, len) = self.index.get(key)?;
        self.actions.get(first..first.checked_add(len)?)
    }

    /// The probability of each of those actions.
    pub fn probabilities(&self, key: &G::InfoKey) -> Option<&[f64]> {
        let &(first, len) = self.index.get(key)?;
        self.probs.get(first..first.checked_add(len)?)
    }

    /// An action of `key`'s information state drawn with its probability
    /// from one word of `rng` (a 32-bit fraction against the cumulative
    /// probabilities; the last action takes what rounding leaves).
    pub fn sample(&self, key: &G::InfoKey, rng: &mut DiceRng) -> Option<G::Action> {
        let actions = self.actions(key)?;
        let probs = self.probabilities(key)?;
        let u = f64::from(rng.next_word()) / 4_294_967_296.0;
        let mut cumulative = 0.0;
        for (&action, &p) in actions.iter().zip(probs) {
            cumulative += p;
            if u < cumulative {
                return Some(action);
            }
        }
        actions.last().copied()
    }

    /// The action for `view`: drawn for its information state when the
    /// strategy covers it and the action is in `legal`, else the first of
    /// `legal`; `None` only when `legal` is empty.
    pub fn pick(
        &self,
        view: &G::View,
        legal: &[G::Action],
        rng: &mut DiceRng,
    ) -> Option<G::Action> {
        G::information_key(view)
            .and_then(|key| self.sample(&key, rng))
            .filter(|a| legal.contains(a))
            .or_else(|| legal.first().copied())
    }
}

/// Plays the strategy ([`Strategy::pick`]).
impl<G: InformationState> Agent<G> for Strategy<G> {
    fn name(&self) -> &'static str {
        "strategy"
    }

    fn choose(
        &mut self,
        _seat: Seat,
        view: &G::View,
        legal: &[G::Action],
        rng: &mut DiceRng,
    ) -> Option<G::Action> {
        self.pick(view, legal, rng)
    }
}
