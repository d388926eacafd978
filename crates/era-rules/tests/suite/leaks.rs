//! No step's flow depends on a hidden fact: who moves next, the step the
//! views show and the supply are the same whatever lies behind a screen
//! (ERA-5, ERA-12).

use super::common;

use common::{blank, hand, legal, only_stop_then_the_second_rolls, roll, skull, started};
use dice_core::{Game, ToMove, Viewer};
use era_rules::ruleset::RulesetSpec;
use era_rules::{
    Action, BuildingKind, Colour, Era, EraConfig, EraError, Piece, Ruleset, SeenAction, Step,
};

/// Every die the player rolling holds lands on its skull.
fn all_skulls(g: &mut Era) {
    let r = g.ruleset().clone();
    let dice: Vec<_> = hand(g)
        .into_iter()
        .map(|(c, _, n)| (c, skull(&r, c), n))
        .collect();
    roll(g, &dice);
}

#[test]
fn era_12_a_player_whose_dice_all_show_skulls_is_still_asked() {
    let mut g = started(3);
    all_skulls(&mut g);
    // Without a die to roll again, stopping is the only move, but it is
    // the roller's: the table must not learn that every die is a skull.
    assert_eq!(g.to_move(), ToMove::Player(0));
    assert_eq!(legal(&g), vec![Action::Done]);
    assert_eq!(g.view(Viewer::Seat(1)).step(), Step::Roll { turn: 0 });
    let mut other = started(3);
    let dice = hand(&other);
    roll(&mut other, &dice);
    assert_eq!(other.to_move(), g.to_move());
    assert_eq!(
        other.view(Viewer::Seat(1)).step(),
        g.view(Viewer::Seat(1)).step()
    );
    only_stop_then_the_second_rolls(&mut g);
}

#[test]
fn era_12_the_third_roll_is_followed_by_the_roller_stopping() {
    let mut g = started(2);
    let r = g.ruleset().clone();
    let plain = blank(&r, Colour::Yellow);
    for _ in 0..r.rolls() {
        let dice = hand(&g);
        roll(&mut g, &dice);
        assert_eq!(g.to_move(), ToMove::Player(0));
        if g.player(0).unwrap().rolls() < r.rolls() {
            g.apply(Action::Reroll(era_rules::DieRef {
                die: Colour::Yellow,
                face: plain,
            }))
            .unwrap();
            g.apply(Action::Roll).unwrap();
        }
    }
    assert_eq!(legal(&g), vec![Action::Done]);
    assert_eq!(g.apply(Action::Roll), Err(EraError::NothingSetAside));
}

/// A 3 × 3 domain with four Longhouses as start pieces and no scorched
/// area: the ring around the Keep holds all four only if they are laid out
/// end to end, so whether the last one fits depends on the hidden layout.
fn cramped() -> EraConfig {
    let mut spec = RulesetSpec::default();
    spec.domain_size = 3;
    spec.start.pieces = vec!["longhouse".to_owned(); 4];
    spec.start.scorched = era_rules::ruleset::ByPlayers {
        two: 0,
        three: 0,
        four: 0,
    };
    EraConfig::with_ruleset(2, Ruleset::new(spec).unwrap())
}

/// The placement of the next layout piece that covers exactly `cells`.
fn covering(g: &Era, seat: usize, cells: &[&str]) -> Action {
    let mut want: Vec<String> = cells.iter().map(|c| (*c).to_owned()).collect();
    want.sort();
    legal(g)
        .into_iter()
        .find(|&a| {
            let mut next = g.clone();
            next.apply(a).unwrap();
            let before = g.domain(seat).unwrap().building_cells();
            let d = next.domain(seat).unwrap();
            let mut got: Vec<String> = d
                .cells(d.building_cells() & !before)
                .map(|c| c.to_string())
                .collect();
            got.sort();
            got == want
        })
        .unwrap()
}

#[test]
fn era_5_a_start_piece_that_fits_nowhere_stays_behind_the_screen() {
    let mut g = Era::new(&cramped()).unwrap();
    let longhouse = Piece::Building(BuildingKind::Longhouse);
    let supply = g.supply()[BuildingKind::Longhouse];
    // Seat 0 leaves two single cells apart: the fourth Longhouse fits
    // nowhere.
    for cells in [["b1", "c1"], ["c3", "b3"], ["a3", "a2"]] {
        let a = covering(&g, 0, &cells);
        g.apply(a).unwrap();
    }
    assert_eq!(g.to_move(), ToMove::Player(0));
    assert_eq!(legal(&g), vec![Action::Done]);
    // Told to the others as a piece laid out, and the supply unchanged.
    assert_eq!(
        g.seen_action(&Action::Done, Viewer::Seat(1)),
        SeenAction::LaidOut(longhouse)
    );
    g.apply(Action::Done).unwrap();
    assert_eq!(g.step(), Step::Layout { seat: 1 });
    assert_eq!(g.supply()[BuildingKind::Longhouse], supply);
    assert_eq!(
        g.view(Viewer::Seat(1)).supply()[BuildingKind::Longhouse],
        supply
    );
    // Seat 1 lays all four end to end; `done` is refused while one fits.
    assert_eq!(
        g.apply(Action::Done),
        Err(EraError::FitsSomewhere(longhouse))
    );
    for cells in [["a1", "b1"], ["c1", "c2"], ["c3", "b3"], ["a3", "a2"]] {
        let a = covering(&g, 1, &cells);
        g.apply(a).unwrap();
    }
    // The reveal returns seat 0's piece to the supply.
    assert!(matches!(g.step(), Step::StartRoll { .. }));
    assert_eq!(g.supply()[BuildingKind::Longhouse], supply + 1);
    assert_eq!(g.domain(0).unwrap().count(BuildingKind::Longhouse), 3);
    assert_eq!(g.domain(1).unwrap().count(BuildingKind::Longhouse), 4);
}

#[test]
fn era_5_a_layout_state_with_a_piece_left_out_reads_back() {
    let mut g = Era::new(&cramped()).unwrap();
    for cells in [["b1", "c1"], ["c3", "b3"], ["a3", "a2"]] {
        let a = covering(&g, 0, &cells);
        g.apply(a).unwrap();
    }
    g.apply(Action::Done).unwrap();
    let json = serde_json::to_string(&g).unwrap();
    let back: Era = serde_json::from_str(&json).unwrap();
    assert_eq!(back, g);
    let view = serde_json::to_string(&g.view(Viewer::Seat(1))).unwrap();
    assert!(serde_json::from_str::<era_rules::EraView>(&view).is_ok());
}
