//! The exact odds against the spec's figures, and the best action.

use super::common;

use std::collections::BTreeMap;

use age_of_war_rules::dice::{Face, Roll};
use age_of_war_rules::line::{Line, LineSet};
use age_of_war_rules::solver::{self, CastleOdds, Choice, OddsTable};
use age_of_war_rules::{Action, AgeOfWar, AgeOfWarConfig, Castle, Chance};
use common::{fill, rolls};
use dice_core::{Game, Prob};

/// A probability in percent, rounded to `decimals` places, as an integer.
fn percent(p: Prob, decimals: u32) -> Option<u128> {
    let scale = 10u128.checked_pow(decimals)?.checked_mul(100)?;
    let twice = p.numer().checked_mul(scale)?.checked_mul(2)?;
    twice
        .checked_add(p.denom())?
        .checked_div(p.denom().checked_mul(2)?)
}

#[test]
fn single_roll_table_of_the_spec() {
    let a = Line::symbols(1, 0, 0);
    let aa = Line::symbols(2, 0, 0);
    let ac = Line::symbols(1, 1, 0);
    let rows: [(Line, [u128; 7]); 5] = [
        (a, [16667, 30556, 42130, 51775, 59812, 66510, 72092]),
        (aa, [0, 2778, 7407, 13194, 19624, 26322, 33020]),
        (ac, [0, 5556, 13889, 23302, 32793, 41800, 50036]),
        (
            Line::Infantry(3),
            [16667, 38889, 58333, 72917, 82986, 89583, 93750],
        ),
        (Line::Infantry(10), [0, 0, 0, 1157, 4784, 11407, 20640]),
    ];
    for (line, expected) in rows {
        for (dice, want) in (1u8..).zip(expected) {
            assert_eq!(
                percent(line.fill_chance(dice), 3),
                Some(want),
                "{line} with {dice} dice"
            );
        }
    }
}

#[test]
fn odani_is_33_8312_percent() {
    let odds = CastleOdds::new(Castle::Odani);
    assert_eq!(percent(odds.conquer(), 4), Some(338_312));
}

#[test]
fn inuyama_equals_marugame_at_65_8340_percent() {
    let inuyama = CastleOdds::new(Castle::Inuyama).conquer();
    let marugame = CastleOdds::new(Castle::Marugame).conquer();
    assert_eq!(inuyama, marugame);
    assert_eq!(percent(inuyama, 4), Some(658_340));
}

/// The conquest chance of `castle` by exhaustive expectimax over the engine
/// itself (its chance outcomes, legal actions and turn end), memoised on
/// (filled lines, dice in hand): an independent check of the solver.
fn by_engine(game: &AgeOfWar, castle: Castle) -> Option<Prob> {
    fn value(game: &AgeOfWar, castle: Castle, memo: &mut BTreeMap<(u8, u8), Prob>) -> Option<Prob> {
        let key = (game.turn().filled().bits(), game.turn().in_hand());
        if let Some(known) = memo.get(&key) {
            return Some(*known);
        }
        let me = game.current_player();
        let mut outcomes = Vec::new();
        game.chance_outcomes(&mut outcomes);
        let mut total = Prob::ZERO;
        let mut legal = Vec::new();
        for (outcome, p) in outcomes {
            let mut rolled = game.clone();
            rolled.apply_chance(outcome).ok()?;
            rolled.legal_actions(&mut legal);
            let mut best = Prob::ZERO;
            for action in legal.iter().copied() {
                if matches!(action, Action::Fill { castle: other, .. } if other != castle) {
                    continue;
                }
                let next = rolled.after(action).ok()?;
                let chance = if next.table().holder(castle) == Some(me) {
                    Prob::ONE
                } else if next.current_player() != me {
                    Prob::ZERO
                } else {
                    value(&next, castle, memo)?
                };
                best = best.max(chance);
            }
            total = total.checked_add(p.checked_mul(best)?)?;
        }
        memo.insert(key, total);
        Some(total)
    }
    value(game, castle, &mut BTreeMap::new())
}

/// Two players, seat 0 about to roll.
fn started() -> AgeOfWar {
    common::started(2, 0)
}

#[test]
fn the_solver_agrees_with_expectimax_over_the_engine() {
    let game = started();
    for castle in [Castle::Gifu, Castle::Odani, Castle::Marugame] {
        assert_eq!(
            by_engine(&game, castle),
            Some(CastleOdds::new(castle).conquer()),
            "{castle}"
        );
    }
}

#[test]
fn the_solver_agrees_with_expectimax_on_a_steal() {
    let mut game: AgeOfWar = serde_json::from_value(serde_json::json!({
        "config": { "players": 2 },
        "table": ["centre", "centre", "centre", "centre", "centre", "centre", {"player": 1},
                  "centre", "centre", "centre", "centre", "centre", "centre", "centre"],
        "current": 0, "phase": "rolling", "target": null, "filled": [],
        "placed": 0, "lost": 0, "roll": []
    }))
    .unwrap();
    let steal = CastleOdds::new(Castle::Inuyama).steal().unwrap();
    assert_eq!(by_engine(&game, Castle::Inuyama), Some(steal));
    assert!(steal < CastleOdds::new(Castle::Inuyama).conquer());
    // Kumamoto is never stolen.
    game = started();
    assert_eq!(CastleOdds::new(Castle::Kumamoto).steal(), None);
    assert_eq!(
        by_engine(&game, Castle::Kumamoto),
        Some(CastleOdds::new(Castle::Kumamoto).conquer())
    );
}

#[test]
fn chances_grow_with_dice_and_shrink_with_lines() {
    for castle in Castle::ALL {
        let odds = CastleOdds::new(castle);
        let all = castle.all_lines();
        assert_eq!(odds.chance(LineSet::EMPTY, 0), Some(Prob::ONE));
        assert_eq!(odds.chance(all, 0), Some(Prob::ZERO));
        assert_eq!(odds.chance(all, 8), None);
        for dice in 1..=7 {
            let fewer = odds.chance(all, dice - 1).unwrap();
            assert!(odds.chance(all, dice).unwrap() >= fewer, "{castle}");
            for line in all.iter() {
                let mut open = all;
                open.remove(line);
                assert!(odds.chance(open, dice).unwrap() >= odds.chance(all, dice).unwrap());
            }
        }
    }
    let gifu = CastleOdds::new(Castle::Gifu);
    let mut lines = LineSet::EMPTY;
    lines.insert(1);
    assert_eq!(gifu.chance(lines, 1), Prob::new(1, 6));
    // A line Gifu does not have.
    assert_eq!(
        CastleOdds::new(Castle::Odani).chance(LineSet::from_bits(0b100).unwrap(), 7),
        None
    );
}

#[test]
fn best_choice_takes_the_better_of_filling_and_losing() {
    let odds = CastleOdds::new(Castle::Gassantoda);
    let open = Castle::Gassantoda.printed_set();
    // `D` · `8 inf` with D 3 3 2 A A C: filling the infantry first leaves four
    // dice for one daimyo, better than taking `D` and needing 8 from six.
    let roll = Roll::from_faces(&[
        Face::Daimyo,
        Face::Infantry3,
        Face::Infantry3,
        Face::Infantry2,
        Face::Archery,
        Face::Archery,
        Face::Cavalry,
    ])
    .unwrap();
    let (choice, p) = odds.best_choice(open, &roll).unwrap();
    let mut only_d = LineSet::EMPTY;
    only_d.insert(1);
    let mut only_inf = LineSet::EMPTY;
    only_inf.insert(2);
    let after_inf = odds.chance(only_d, 4).unwrap();
    let after_d = odds.chance(only_inf, 6).unwrap();
    assert!(after_inf > after_d);
    assert_eq!(choice, Choice::Fill(2));
    assert_eq!(p, after_inf);
    // Nothing fills: lose a die.
    let nothing = Roll::from_faces(&[Face::Archery; 7]).unwrap();
    let (choice, p) = odds.best_choice(open, &nothing).unwrap();
    assert_eq!(choice, Choice::LoseDie);
    assert_eq!(p, odds.chance(open, 6).unwrap());
    assert_eq!(odds.best_choice(LineSet::EMPTY, &nothing), None);
}

#[test]
fn best_action_follows_the_committed_castle() {
    let mut game = started();
    rolls(&mut game, "D C 3 2 A 3 A");
    game.apply(fill(Castle::Gassantoda, 2)).unwrap();
    rolls(&mut game, "A 3 C 1");
    assert_eq!(solver::best_action(&game), Some(Action::LoseDie));
    game.apply(Action::LoseDie).unwrap();
    rolls(&mut game, "2 C D");
    assert_eq!(
        solver::best_action(&game),
        Some(fill(Castle::Gassantoda, 1))
    );
}

#[test]
fn best_action_is_none_unless_a_player_acts_on_a_roll() {
    let game = started();
    assert_eq!(solver::best_action(&game), None);
    let fresh = AgeOfWar::new(&AgeOfWarConfig::new(2)).unwrap();
    assert_eq!(OddsTable::new().best_action(&fresh), None);
}

#[test]
fn best_action_before_committing_weighs_points_by_odds() {
    use Face::*;
    // Seven daimyo: only `D` lines fill. Marugame (`D D` · `C`, 1 point),
    // Kumamoto (`D D` · `A` · `C` · `4 inf`, 3 points) and the `D` lines of
    // Gifu, Kiyosu, Inuyama, Kitanosho, Gassantoda and Matsuyama compete.
    let mut game = started();
    game.apply_chance(Chance::Roll(Roll::from_faces(&[Daimyo; 7]).unwrap()))
        .unwrap();
    let odds = OddsTable::new();
    let best = odds.best_action(&game).unwrap();
    assert!(game.is_legal(&best));
    // The expected points of every fill: the chosen one is the largest.
    let expected = |action: Action| -> f64 {
        let Action::Fill { castle, line } = action else {
            return 0.0;
        };
        let mut open = game.required_lines(castle);
        open.remove(line);
        let placed = castle
            .line(line)
            .unwrap()
            .dice_needed(&game.turn().roll().unwrap())
            .unwrap();
        let chance = odds.castle(castle).chance(open, 7 - placed).unwrap();
        chance.to_f64() * f64::from(solver::swing(&game, castle))
    };
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    let top = legal.iter().map(|&a| expected(a)).fold(0.0, f64::max);
    assert!((expected(best) - top).abs() < 1e-12);
}

#[test]
fn swing_counts_clan_bonus_and_the_victims_loss() {
    let game: AgeOfWar = serde_json::from_value(serde_json::json!({
        "config": { "players": 2 },
        "table": ["centre", "centre", "centre", "centre", {"player": 1}, "centre", "centre",
                  "centre", "centre", {"player": 0}, "centre", "centre", "centre", "centre"],
        "current": 0, "phase": "rolling", "target": null, "filled": [],
        "placed": 0, "lost": 0, "roll": []
    }))
    .unwrap();
    // Takahashi completes Mori: 5 points instead of Gassantoda's 2.
    assert_eq!(solver::swing(&game, Castle::Takahashi), 3);
    // Edo from seat 1: +3 for seat 0 and -3 for seat 1.
    assert_eq!(solver::swing(&game, Castle::Edo), 6);
    assert_eq!(solver::swing(&game, Castle::Odani), 1);
}

#[test]
fn the_best_action_is_always_legal_in_random_games() {
    let odds = OddsTable::new();
    let mut rng = dice_core::DiceRng::from_seed_u64(5);
    let mut legal = Vec::new();
    for players in [2, 4] {
        let mut game = AgeOfWar::new(&AgeOfWarConfig::new(players)).unwrap();
        let mut decisions = 0;
        while game.to_move() != dice_core::ToMove::Over && decisions < 3000 {
            if let dice_core::ToMove::Player(_) = game.to_move() {
                let best = odds.best_action(&game).unwrap();
                assert!(game.is_legal(&best), "{best} in {game}");
                game.legal_actions(&mut legal);
                // Seat 0 follows the solver, the others play at random.
                let action = if game.current_player() == 0 {
                    best
                } else {
                    *rng.choose(&legal).unwrap()
                };
                game.apply(action).unwrap();
                decisions += 1;
            } else {
                let outcome = game.sample_chance(&mut rng).unwrap();
                game.apply_chance(outcome).unwrap();
            }
        }
        assert!(decisions > 10);
    }
}
