//! Actions as text, narrations for each viewer, and the text drawing of a
//! view.
#![allow(
    clippy::panic,
    reason = "helpers read texts known to be actions: a failure is a failed test"
)]

use super::common;

use common::{blank, cell, hand, laid_out, roll, started};
use dice_core::testkit::random_steps;
use dice_core::{Game, History, Match, ToMove, Viewer};
use era_rules::{
    Action, BuildingKind, Chance, ChoiceSet, Colour, DieRef, Era, EraConfig, Piece, Resource,
    SeenAction, SeenChance, Side, Step,
};

fn text_of(g: &Era, action: Action) -> String {
    g.action_text(&action)
}

fn read(g: &Era, text: &str) -> Action {
    g.action_from_text(text)
        .unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn refused(g: &Era, text: &str, needle: &str) {
    let err = g.action_from_text(text).unwrap_err().to_string();
    assert!(err.contains(needle), "{text:?}: {err}");
}

/// Shouting, extra spaces and commas.
fn sloppy(text: &str) -> String {
    format!("  {}  ", text.to_uppercase().replace(' ', " ,  "))
}

#[test]
fn every_legal_action_reads_back_from_its_text_however_it_is_typed() {
    let mut legal = Vec::new();
    let mut checked = 0;
    for players in 2..=4 {
        for seed in 0..40 {
            let g = random_steps(
                Era::new(&EraConfig::new(players)).unwrap(),
                seed,
                usize::try_from(seed * 37 % 900).unwrap(),
                |_| false,
            );
            g.legal_actions(&mut legal);
            for &a in &legal {
                let text = text_of(&g, a);
                assert_eq!(read(&g, &text), a, "{text}");
                assert_eq!(read(&g, &sloppy(&text)), a, "{text}");
                checked += 1;
            }
        }
    }
    assert!(checked > 500, "{checked}");
}

#[test]
fn the_notation_of_each_kind_of_action() {
    let g = laid_out(2);
    let cases = [
        (
            Action::Place {
                piece: Piece::Building(BuildingKind::Farm),
                at: cell("c3"),
                turn: 0,
            },
            "place farm at c3 turn 0",
        ),
        (
            Action::Choose(Piece::Building(BuildingKind::LumberMill)),
            "build lumber_mill",
        ),
        (
            Action::Reroll(DieRef {
                die: Colour::Yellow,
                face: Side::Three,
            }),
            "reroll yellow 3",
        ),
        (Action::Roll, "roll"),
        (Action::Done, "done"),
        (
            Action::Feather {
                face: Side::Two,
                with: Some(DieRef {
                    die: Colour::Yellow,
                    face: Side::Six,
                }),
            },
            "feather 2 with yellow 6",
        ),
        (
            Action::SetDie {
                die: Colour::Gray,
                from: Side::One,
                to: Side::Five,
            },
            "set gray 1 to 5",
        ),
        (
            Action::Collect {
                die: Colour::Yellow,
                face: Side::Five,
                set: ChoiceSet::B,
            },
            "collect yellow 5 b",
        ),
        (Action::Scorch(cell("e4")), "scorch e4"),
        (Action::Burn(cell("c3")), "burn c3"),
        (Action::Demand(Resource::Wood), "demand wood"),
        (Action::Pay, "pay"),
        (Action::Refuse, "refuse"),
    ];
    for (action, text) in cases {
        assert_eq!(text_of(&g, action), text);
        assert_eq!(read(&g, text), action);
    }
}

#[test]
fn faces_sets_and_pieces_may_be_typed_by_their_symbols_and_names() {
    let g = laid_out(2);
    let yellow = |face| {
        Action::Reroll(DieRef {
            die: Colour::Yellow,
            face,
        })
    };
    assert_eq!(read(&g, "reroll yellow fff"), yellow(Side::One));
    assert_eq!(read(&g, "reroll yellow KWH"), yellow(Side::Six));
    assert_eq!(read(&g, "Reroll Yellow ff|s"), yellow(Side::Five));
    assert_eq!(
        read(&g, "collect yellow 5 s"),
        Action::Collect {
            die: Colour::Yellow,
            face: Side::Five,
            set: ChoiceSet::B
        }
    );
    assert_eq!(
        read(&g, "place wall 4 b5 1"),
        Action::Place {
            piece: Piece::Wall(4),
            at: cell("b5"),
            turn: 1
        }
    );
    assert_eq!(
        read(&g, "place farm c3"),
        Action::Place {
            piece: Piece::Building(BuildingKind::Farm),
            at: cell("c3"),
            turn: 0
        }
    );
    assert_eq!(
        read(&g, "choose lumber-mill"),
        Action::Choose(Piece::Building(BuildingKind::LumberMill))
    );
    assert_eq!(
        read(&g, "reroll grey 2"),
        Action::Reroll(DieRef {
            die: Colour::Gray,
            face: Side::Two
        })
    );
}

#[test]
fn text_that_is_no_action_says_what_was_expected() {
    let g = laid_out(2);
    for (text, needle) in [
        ("", "expected an action: place, build, reroll"),
        ("fold", "`fold` is no action; expected place, build"),
        ("reroll purple 3", "`purple` is not a die colour"),
        ("reroll yellow 7", "the faces of a die are numbered 1 to 6"),
        (
            "reroll yellow",
            "expected a face: its number 1 to 6, or its symbols at the end",
        ),
        (
            "reroll white c",
            "faces 3 and 4 of the white die both show it",
        ),
        ("reroll blue fff", "is no face of the blue die"),
        ("place farm at z9", "`z9` is not a cell like e5"),
        ("place castle at c3", "`castle` is not a building"),
        (
            "place farm at c3 turn x",
            "`x` is not an orientation number",
        ),
        ("scorch", "expected a cell like e5 at the end"),
        ("collect yellow 5 c", "`c` is no set of the face FF|S"),
        ("demand gold", "`gold` is not a resource"),
        ("pay now", "`now` after a whole action"),
    ] {
        refused(&g, text, needle);
    }
}

#[test]
fn era_5_another_seat_learns_which_piece_was_laid_out_not_where() {
    let g = Era::new(&EraConfig::new(2)).unwrap();
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    let place = legal[7];
    let Action::Place { at, .. } = place else {
        panic!("{place:?}")
    };
    let mine = g.seen_action(&place, Viewer::Seat(0));
    assert_eq!(mine, SeenAction::Shown(place));
    assert!(mine.to_string().contains(&at.to_string()));
    for viewer in [Viewer::Seat(1), Viewer::Spectator] {
        let seen = g.seen_action(&place, viewer);
        assert_eq!(
            seen,
            SeenAction::LaidOut(Piece::Building(BuildingKind::Farm))
        );
        assert_eq!(seen.to_string(), "lays out a farm behind the screen");
        let json = serde_json::to_string(&seen).unwrap();
        assert_eq!(json, r#"{"laid_out":"farm"}"#);
    }
}

#[test]
fn era_6_the_start_player_roll_is_public() {
    let g = laid_out(2);
    let outcome = Chance::StartRoll([Some(Side::Five), Some(Side::Two), None, None]);
    for viewer in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator] {
        let seen = g.seen_chance(&outcome, viewer);
        assert_eq!(
            seen,
            SeenChance::StartRoll([Some(Side::Five), Some(Side::Two), None, None])
        );
        assert_eq!(
            seen.to_string(),
            "the start-player roll: player 0 shows face 5, player 1 shows face 2"
        );
    }
    assert_eq!(
        g.chance_text(&outcome),
        "the start-player roll: player 0 rolls XXX (face 5), player 1 rolls X (face 2)"
    );
}

#[test]
fn era_12_another_seat_learns_that_dice_were_rolled_not_their_faces() {
    let g = started(2);
    let r = g.ruleset().clone();
    let mut faces = [0; 6];
    faces[0] = 2;
    faces[5] = 1;
    let outcome = Chance::Roll {
        die: Colour::Yellow,
        faces: era_rules::map::FaceCounts::from_array(faces),
    };
    assert_eq!(
        g.seen_chance(&outcome, Viewer::Seat(0)).to_string(),
        "player 0 rolls yellow: faces 1, 1, 6"
    );
    for viewer in [Viewer::Seat(1), Viewer::Spectator] {
        let seen = g.seen_chance(&outcome, viewer);
        assert_eq!(
            seen,
            SeenChance::RolledBehindScreen {
                seat: 0,
                die: Colour::Yellow,
                dice: 3
            }
        );
        assert_eq!(
            seen.to_string(),
            "player 0 rolls 3 yellow dice behind the screen"
        );
    }
    assert_eq!(
        g.chance_text(&outcome),
        "player 0 rolls yellow: FFF FFF WHK"
    );
    // Set aside to roll again: the others learn the colour only.
    let mut g = g;
    roll(
        &mut g,
        &[
            (Colour::Yellow, Side::One, 3),
            (Colour::Gray, blank(&r, Colour::Gray), 1),
        ],
    );
    let again = Action::Reroll(DieRef {
        die: Colour::Yellow,
        face: Side::One,
    });
    assert_eq!(
        g.seen_action(&again, Viewer::Seat(1)),
        SeenAction::SetAside(Colour::Yellow)
    );
    assert_eq!(
        g.seen_action(&again, Viewer::Seat(0)).to_string(),
        "sets the yellow die on face 1 aside to roll again"
    );
    assert_eq!(
        g.seen_action(&Action::Done, Viewer::Seat(1)).to_string(),
        "is done"
    );
}

#[test]
fn era_13_feather_rerolls_are_open() {
    let g = (0..1_000)
        .map(|seed| {
            random_steps(Era::new(&EraConfig::new(3)).unwrap(), seed, 5_000, |g| {
                matches!(g.step(), Step::Feathers { .. }) && g.to_move() == ToMove::Chance
            })
        })
        .find(|g| matches!(g.step(), Step::Feathers { .. }))
        .unwrap();
    let mut outcomes = Vec::new();
    g.chance_outcomes(&mut outcomes);
    let (outcome, _) = outcomes[0];
    for viewer in [
        Viewer::Seat(0),
        Viewer::Seat(1),
        Viewer::Seat(2),
        Viewer::Spectator,
    ] {
        assert!(
            matches!(g.seen_chance(&outcome, viewer), SeenChance::Rolled { .. }),
            "{viewer:?}"
        );
    }
}

#[test]
fn a_history_for_a_seat_holds_neither_another_layout_nor_the_seed() {
    let mut m = Match::<Era>::new(&EraConfig::new(2), 424_242).unwrap();
    let mut legal = Vec::new();
    // Seat 0 lays out its first piece; seat 1's history shows no cell.
    m.state().legal_actions(&mut legal);
    m.play(legal[0]).unwrap();
    let history: History<Era> = m.history(Viewer::Seat(1));
    let json = serde_json::to_string(&history).unwrap();
    assert!(json.contains(r#"{"laid_out":"farm"}"#), "{json}");
    assert!(!json.contains("\"at\""), "{json}");
    assert!(!json.contains("424242"), "{json}");
    let own = serde_json::to_string(&m.history(Viewer::Seat(0))).unwrap();
    assert!(own.contains("\"place\""), "{own}");
    assert_eq!(
        history.log()[0].to_string(),
        "player 0: lays out a farm behind the screen"
    );
}

#[test]
fn a_view_draws_the_table_as_its_viewer_sees_it() {
    let g = Era::new(&EraConfig::new(2)).unwrap();
    let mut g = g;
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    g.apply(legal[0]).unwrap();
    let mine = g.view(Viewer::Seat(0)).to_string();
    let theirs = g.view(Viewer::Seat(1)).to_string();
    assert!(
        mine.starts_with("round 0, the layout: player 0 to move"),
        "{mine}"
    );
    assert!(
        mine.contains("player 0 (you): goods 0, stone 1, wood 2, food 3"),
        "{mine}"
    );
    let grid = |text: &str| text.lines().skip(7).take(9).collect::<Vec<_>>().join("\n");
    assert!(grid(&mine).contains('F'), "{mine}");
    assert!(grid(&theirs).contains("????K????"), "{theirs}");
    assert!(!grid(&theirs).contains('F'), "{theirs}");
    // Dice behind a screen are counted, not shown.
    let mut g = started(2);
    let dice = hand(&g);
    roll(&mut g, &dice);
    assert_eq!(g.to_move(), ToMove::Player(0));
    let theirs = g.view(Viewer::Seat(1)).to_string();
    assert!(theirs.contains("4 dice behind the screen"), "{theirs}");
    let mine = g.view(Viewer::Seat(0)).to_string();
    assert!(
        mine.contains("showing yellow: FFF FFF FFF | gray:"),
        "{mine}"
    );
}
