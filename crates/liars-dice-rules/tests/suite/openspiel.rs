//! The game tree of `liars-dice(players=2,numdice=1)` against OpenSpiel's
//! `liars_dice(players=2,numdice=1)`.
//!
//! The numbers were computed with OpenSpiel's Python package
//! (`pip install open-spiel`, version 2.0.2): a traversal of every history
//! of `pyspiel.load_game("liars_dice", {"players": 2, "numdice": 1})`
//! from its initial state, counting nodes by kind and information state
//! strings by player, and the expected returns under uniform random play
//! (each legal action 1/k, each chance outcome its probability) in
//! `fractions.Fraction`. `python/tests/openspiel_liars_dice.py` recomputes
//! them with OpenSpiel and with this engine (through the Python package)
//! when `open_spiel` is installed; its test runs in `python/ci.sh`.
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    reason = "a test: a failure is a failed test"
)]

use std::collections::HashSet;

use dice_core::{Game, Prob, ToMove, Viewer};
use liars_dice_rules::{Action, LiarsDice, LiarsDiceConfig};

/// OpenSpiel's histories: every node of the tree.
const HISTORIES: u64 = 294_883;
/// Of which terminal.
const TERMINAL: u64 = 147_420;
/// Of which decisions.
const DECISIONS: u64 = 147_456;
/// Of which chance nodes: the first roll, and one second roll per face.
const CHANCE: u64 = 7;
/// Distinct `(player, information_state_string)` at decisions.
const INFORMATION_STATES: usize = 24_576;
/// Seat 0's chance of winning under uniform random play, and seat 1's:
/// OpenSpiel's expected returns are `[-7/216, 7/216]`, that is
/// `209/432 - 223/432` and its opposite.
const WINS: [(u128, u128); 2] = [(209, 432), (223, 432)];

#[derive(Default)]
struct Tree {
    histories: u64,
    terminal: u64,
    decisions: u64,
    chance: u64,
    information_states: HashSet<(usize, String)>,
}

/// Each seat's exact chance of winning from `state` under uniform random
/// play, counting the tree on the way.
fn walk(state: &LiarsDice, tree: &mut Tree) -> [Prob; 2] {
    tree.histories += 1;
    match state.to_move() {
        ToMove::Over => {
            tree.terminal += 1;
            let winner = state.result().unwrap().winners()[0];
            let mut wins = [Prob::ZERO; 2];
            wins[winner] = Prob::ONE;
            wins
        }
        ToMove::Chance => {
            tree.chance += 1;
            let mut outcomes = Vec::new();
            state.chance_outcomes(&mut outcomes);
            let mut wins = [Prob::ZERO; 2];
            for (face, p) in outcomes {
                let child = walk(&state.after_chance(face), tree);
                for (w, c) in wins.iter_mut().zip(child) {
                    *w = w.checked_add(p.checked_mul(c).unwrap()).unwrap();
                }
            }
            wins
        }
        ToMove::Player(seat) => {
            tree.decisions += 1;
            // The view of the seat to move is its information state: its
            // own die and every bid.
            let view = state.view(Viewer::Seat(seat));
            tree.information_states
                .insert((seat, format!("{:?} {:?}", view.own_dice(), view.bids())));
            let mut legal = Vec::new();
            state.legal_actions(&mut legal);
            let p = Prob::new(1, legal.len() as u128).unwrap();
            let mut wins = [Prob::ZERO; 2];
            for action in legal {
                let child = walk(&state.after(action).unwrap(), tree);
                for (w, c) in wins.iter_mut().zip(child) {
                    *w = w.checked_add(p.checked_mul(c).unwrap()).unwrap();
                }
            }
            wins
        }
    }
}

trait AfterChance {
    fn after_chance(&self, face: u8) -> Self;
}

impl AfterChance for LiarsDice {
    fn after_chance(&self, face: u8) -> Self {
        let mut next = *self;
        next.apply_chance(face).unwrap();
        next
    }
}

#[test]
fn ld_5_the_game_tree_is_openspiels_with_its_exact_returns_under_uniform_play() {
    let game = LiarsDice::new(&LiarsDiceConfig::default()).unwrap();
    let mut tree = Tree::default();
    let wins = walk(&game, &mut tree);
    assert_eq!(tree.histories, HISTORIES);
    assert_eq!(tree.terminal, TERMINAL);
    assert_eq!(tree.decisions, DECISIONS);
    assert_eq!(tree.chance, CHANCE);
    assert_eq!(tree.information_states.len(), INFORMATION_STATES);
    for (seat, (numer, denom)) in WINS.into_iter().enumerate() {
        assert_eq!(wins[seat], Prob::new(numer, denom).unwrap(), "seat {seat}");
    }
}

#[test]
fn ld_4_action_ids_and_texts_are_openspiels() {
    let mut game = LiarsDice::new(&LiarsDiceConfig::default()).unwrap();
    // Chance: outcome id f - 1, "Roll f".
    assert_eq!(game.chance_text(&4), "Roll 4");
    assert_eq!(game.chance_outcome_index(&4), Some(3));
    game.apply_chance(3).unwrap();
    game.apply_chance(5).unwrap();
    assert_eq!(game.action_id_bound(), 13);
    let texts: Vec<String> = (0..13)
        .map(|id| game.action_text(&game.action_from_id(id).unwrap()))
        .collect();
    assert_eq!(
        texts,
        [
            "1-1", "1-2", "1-3", "1-4", "1-5", "1-6", "2-1", "2-2", "2-3", "2-4", "2-5", "2-6",
            "Liar"
        ]
    );
    // OpenSpiel, after a bid of 1-4 (id 3): ids 4 to 12.
    game.apply(game.action_from_id(3).unwrap()).unwrap();
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    let ids: Vec<u32> = legal.iter().map(|a| game.action_id(a).unwrap()).collect();
    assert_eq!(ids, (4..=12).collect::<Vec<_>>());
    // OpenSpiel's returns after "3 5 1-4 Liar": [-1, 1].
    game.apply(Action::Liar).unwrap();
    assert_eq!(game.result().unwrap().scores(), [-1, 1]);
}
