//! The exact chance of a conquest after each legal action: hand-checked
//! positions, and exhaustive expectimax over the engine itself.
#![allow(
    clippy::unwrap_used,
    reason = "an independent expectimax over the engine: a refused step or an \
              overflowing fraction is a failed test"
)]

use super::common;

use std::collections::BTreeMap;

use age_of_war_rules::prelude::*;
use age_of_war_rules::solver::{self, OddsTable};
use common::{fill, rolls, started};
use serde_json::json;

/// `numer / denom`.
fn p(numer: u128, denom: u128) -> Prob {
    Prob::new(numer, denom).unwrap()
}

/// `1 - (5/6)^n`: at least one daimyo in `n` dice rolled in all.
fn some_daimyo_in(n: u32) -> Prob {
    p(5u128.pow(n), 6u128.pow(n)).complement()
}

#[test]
fn aow_8_the_worked_turn_has_the_odds_of_finding_one_daimyo() {
    let odds = OddsTable::new();
    let mut game = started(2, 0);
    rolls(&mut game, "D C 3 2 A 3 A");
    // Inuyama (`D` · `A A`): `A A` leaves five dice to find a daimyo,
    // losing one after each miss.
    let first = odds.action_odds(&game);
    assert!(first.contains(&(fill(Castle::Inuyama, 2), some_daimyo_in(5 + 4 + 3 + 2 + 1))));
    game.apply(fill(Castle::Gassantoda, 2)).unwrap();
    rolls(&mut game, "A 3 C 1");
    // Committed to Gassantoda, `D` left: only losing a die, then three,
    // two and one dice to find it.
    assert_eq!(
        odds.action_odds(&game),
        [(Action::LoseDie, some_daimyo_in(3 + 2 + 1))]
    );
    game.apply(Action::LoseDie).unwrap();
    rolls(&mut game, "2 C D");
    assert_eq!(
        odds.action_odds(&game),
        [
            (fill(Castle::Gassantoda, 1), Prob::ONE),
            (Action::LoseDie, some_daimyo_in(2 + 1)),
        ]
    );
    assert_eq!(some_daimyo_in(3), p(91, 216));
}

#[test]
fn aow_7_with_three_dice_left_only_three_line_castles_have_a_chance() {
    // Seat 0 lost four dice before choosing a castle; the last three show
    // `A C D`. No castle is taken with fewer than three dice, so losing one
    // more gives nothing. Gifu (`D` · `A` · `C`) after one symbol: two dice
    // must show one of the two others (5/9), then the last die the third
    // (1/6). Inuyama after `D` and Marugame after `C` need a pair in two
    // dice: 1/36.
    let game: AgeOfWar = serde_json::from_value(json!({
        "config": {"players": 2}, "table": vec!["centre"; 14], "current": 0,
        "phase": "choosing", "target": null, "filled": [], "placed": 0, "lost": 4,
        "roll": ["archery", "cavalry", "daimyo"],
    }))
    .unwrap();
    let expected = |action: Action| match action {
        Action::Fill {
            castle: Castle::Gifu,
            ..
        } => p(5, 54),
        Action::Fill {
            castle: Castle::Inuyama,
            line: 1,
        }
        | Action::Fill {
            castle: Castle::Marugame,
            line: 2,
        } => p(1, 36),
        _ => Prob::ZERO,
    };
    let odds = solver::action_odds(&game);
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    assert_eq!(odds.iter().map(|(a, _)| *a).collect::<Vec<_>>(), legal);
    assert!(legal.len() > 15, "{legal:?}");
    for (action, chance) in odds {
        assert_eq!(chance, expected(action), "{action}");
    }
}

#[test]
fn aow_5_no_action_odds_while_the_dice_roll() {
    let odds = OddsTable::new();
    assert!(odds.action_odds(&common::new_game(2)).is_empty());
    assert!(odds.action_odds(&started(3, 1)).is_empty());
    let end = common::random_game(common::new_game(2), 4, |_| {});
    assert!(solver::action_odds(&end).is_empty());
}

/// Memo of [`conquest_by_engine`]: (committed castle, filled lines, dice in
/// hand) of a turn on one table.
type Memo = BTreeMap<(Option<Castle>, u8, u8), Prob>;

/// The chance, by exhaustive expectimax over the engine itself (its chance
/// outcomes, legal actions and turn end), that the turn of the player whose
/// dice are about to roll ends in a conquest, playing to make it as large as
/// possible.
fn conquest_by_engine(game: &AgeOfWar, memo: &mut Memo) -> Prob {
    let turn = game.turn();
    let key = (turn.target(), turn.filled().bits(), turn.in_hand());
    if let Some(known) = memo.get(&key) {
        return *known;
    }
    let mut outcomes = Vec::new();
    game.chance_outcomes(&mut outcomes);
    let mut legal = Vec::new();
    let mut total = Prob::ZERO;
    for (outcome, chance) in outcomes {
        let mut rolled = game.clone();
        rolled.apply_chance(outcome).unwrap();
        rolled.legal_actions(&mut legal);
        let best = legal
            .iter()
            .map(|&action| after_action(&rolled, action, memo))
            .max()
            .unwrap();
        total = total
            .checked_add(chance.checked_mul(best).unwrap())
            .unwrap();
    }
    memo.insert(key, total);
    total
}

/// The chance of a conquest this turn after `action`, by the engine.
fn after_action(rolled: &AgeOfWar, action: Action, memo: &mut Memo) -> Prob {
    let me = rolled.current_player();
    let next = rolled.after(action).unwrap();
    if next.table().castles_held(me) > rolled.table().castles_held(me) {
        Prob::ONE
    } else if next.current_player() != me {
        Prob::ZERO
    } else {
        conquest_by_engine(&next, memo)
    }
}

/// Checks the odds of every legal action of `game` against the engine.
fn agrees_with_the_engine(odds: &OddsTable, game: &AgeOfWar, memo: &mut Memo) {
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    let by_engine: Vec<(Action, Prob)> = legal
        .iter()
        .map(|&action| (action, after_action(game, action, memo)))
        .collect();
    assert_eq!(odds.action_odds(game), by_engine, "{game}");
}

#[test]
fn aow_9_action_odds_agree_with_expectimax_over_the_engine() {
    let odds = OddsTable::new();
    // From the centre, and on a table where seat 0 may steal (special line)
    // and Shimazu is conquered (Kumamoto face down).
    let tables: [&[(Castle, usize)]; 2] = [
        &[],
        &[
            (Castle::Kumamoto, 1),
            (Castle::Gifu, 1),
            (Castle::Edo, 1),
            (Castle::Marugame, 1),
            (Castle::Inuyama, 0),
        ],
    ];
    for held in tables {
        let start = common::position(2, held, 0);
        let mut memo = Memo::new();
        for (first, then) in [
            ("D C 3 2 A 3 A", "A 2 C D 3"),
            ("D D A A C 1 1", "1 1 1 2 2"),
            ("3 3 3 2 A C D", "C C D D A"),
        ] {
            let mut game = start.clone();
            rolls(&mut game, first);
            agrees_with_the_engine(&odds, &game, &mut memo);
            // Two dice lost before choosing, then a roll of five.
            game.apply(Action::LoseDie).unwrap();
            rolls(&mut game, "1 1 1 1 1 1");
            game.apply(Action::LoseDie).unwrap();
            rolls(&mut game, then);
            agrees_with_the_engine(&odds, &game, &mut memo);
            // Committed after each fill of that roll.
            let mut legal = Vec::new();
            game.legal_actions(&mut legal);
            for action in legal.iter().filter(|a| **a != Action::LoseDie) {
                let mut committed = game.after(*action).unwrap();
                if committed.current_player() != 0 || committed.to_move() != ToMove::Chance {
                    continue;
                }
                let dice = usize::from(committed.turn().in_hand());
                let faces = ["D", "A", "C", "3", "2"].repeat(2);
                rolls(&mut committed, &faces[..dice].join(" "));
                agrees_with_the_engine(&odds, &committed, &mut memo);
            }
        }
    }
}

#[test]
fn action_odds_cover_every_legal_action_and_the_best_choice_in_random_games() {
    let odds = OddsTable::new();
    let mut legal = Vec::new();
    let mut checked = 0;
    for (players, seed) in [(2, 1), (3, 2), (6, 3)] {
        common::random_game(common::new_game(players), seed, |state| {
            if !matches!(state.to_move(), ToMove::Player(_)) {
                return;
            }
            state.legal_actions(&mut legal);
            let chances = odds.action_odds(state);
            assert_eq!(chances.iter().map(|(a, _)| *a).collect::<Vec<_>>(), legal);
            // Committed, the best action has the best chance.
            if let Some(castle) = state.turn().target() {
                let open = state.required_lines(castle).without(state.turn().filled());
                let (_, best) = odds
                    .castle(castle)
                    .best_choice(open, &state.turn().roll().unwrap())
                    .unwrap();
                assert_eq!(chances.iter().map(|(_, c)| *c).max(), Some(best));
                let action = odds.best_action(state).unwrap();
                assert!(chances.contains(&(action, best)), "{state}");
                assert_eq!(solver::action_odds(state), chances);
            }
            checked += 1;
        });
    }
    assert!(checked > 1_000, "{checked}");
}
