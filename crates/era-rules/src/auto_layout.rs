//! A simple layout for bots and examples (ERA-5).

use alloc::vec::Vec;

use dice_core::{Game, ToMove};

use crate::action::Action;
use crate::piece::Piece;
use crate::state::Era;
use crate::step::Step;

/// A sensible placement for the next layout piece of the seat to move,
/// without a human: walls go as far from the Keep as they fit, on the
/// grid's edge rows first; buildings and scorched areas go as close to the
/// Keep as they fit. `None` outside the layout.
///
/// ```
/// use dice_core::{Game, ToMove};
/// use era_rules::{auto_layout_action, Era, EraConfig, Step};
///
/// let mut game = Era::new(&EraConfig::new(2)).unwrap();
/// while let Some(action) = auto_layout_action(&game) {
///     game.apply(action).unwrap();
/// }
/// assert!(matches!(game.step(), Step::StartRoll { .. }));
/// ```
pub fn auto_layout_action(era: &Era) -> Option<Action> {
    let Step::Layout { .. } = era.step() else {
        return None;
    };
    let ToMove::Player(_) = era.to_move() else {
        return None;
    };
    let mut legal = Vec::new();
    era.legal_actions(&mut legal);
    let centre = era.ruleset().domain_size() / 2;
    let distance = |a: &Action| -> u8 {
        match a {
            Action::Place { at, .. } => at
                .row()
                .abs_diff(centre)
                .saturating_add(at.col().abs_diff(centre)),
            _ => 0,
        }
    };
    let is_wall = matches!(
        legal.first(),
        Some(Action::Place {
            piece: Piece::Wall(_),
            ..
        })
    );
    if is_wall {
        legal
            .iter()
            .copied()
            .max_by_key(|a| (distance(a), core::cmp::Reverse(id_key(*a))))
    } else {
        legal
            .iter()
            .copied()
            .min_by_key(|a| (distance(a), id_key(*a)))
    }
}

fn id_key(a: Action) -> (u8, u8, u8) {
    match a {
        Action::Place { at, turn, .. } => (at.row(), at.col(), turn),
        _ => (0, 0, 0),
    }
}
