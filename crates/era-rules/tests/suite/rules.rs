//! One or more tests per rule of the specification, named after its id,
//! on the public API: games are laid out and started by the helpers, dice
//! are scripted as chance outcomes, and positions are edited through their
//! JSON, which the engine validates.

use super::common;

use common::{
    add_building, add_wall, blank, blank_rolls, cell, clear_domain, edited, fewest_and_most_swords,
    hand, laid_out, laid_out_with, legal, only_stop_then_the_second_rolls, place, roll,
    roll_and_stop, roll_then_blanks, set_resources, side, skull, start, started,
};
use dice_core::{Game, ToMove, Viewer};
use era_rules::map::FaceCounts;
use era_rules::ruleset::{Disaster, DisasterRow, EmptyCells, RulesetSpec};
use era_rules::{
    Action, BuildingKind, Chance, ChoiceSet, Colour, DieRef, Era, EraConfig, EraError, Piece,
    PlayerView, Resource, Ruleset, Side, Step, Symbol, TableSize,
};
use serde_json::{Value, json};

const MARKET: Piece = Piece::Building(BuildingKind::Market);
const FARM: Piece = Piece::Building(BuildingKind::Farm);

fn bits(cells: &[&str]) -> u128 {
    cells.iter().fold(0, |set, c| {
        let c = cell(c);
        set | 1u128 << (u32::from(c.row()) * 9 + u32::from(c.col()))
    })
}

/// A domain decoded from JSON: the Keep on e5, then `buildings`; walls
/// counted as walls of length 1.
fn domain(buildings: &[(BuildingKind, &[&str])], walls: &[&str]) -> era_rules::domain::Domain {
    let mut list = vec![json!({"kind": "keep", "cells": ["e5"]})];
    for (kind, cells) in buildings {
        list.push(json!({"kind": kind.name(), "cells": cells}));
    }
    serde_json::from_value(json!({
        "size": 9,
        "buildings": list,
        "walls": walls,
        "wall_counts": [walls.len(), 0, 0, 0, 0, 0, 0, 0],
        "scorched": [],
    }))
    .unwrap()
}

/// Whether `shown` holds of seat 0 as seat 1, a spectator and seat 0
/// itself see it, in that order.
fn seat_0_shown_to(g: &Era, shown: impl Fn(&PlayerView) -> bool) -> [bool; 3] {
    [Viewer::Seat(1), Viewer::Spectator, Viewer::Seat(0)]
        .map(|v| shown(g.view(v).player(0).unwrap()))
}

/// A face of `colour` with hammers and no skull.
fn hammer(r: &Ruleset, colour: Colour) -> Side {
    side(r, colour, |f| f.count(Symbol::Hammer) > 0 && !f.is_skull())
}

/// Seat 0 rolls `n` of its yellow dice on `face` and every other die in
/// hand blank, and stops; the others roll blanks.
fn yellow_then_blanks(g: &mut Era, face: Side, n: u8) {
    let mut dice = hand(g);
    for (colour, _, count) in &mut dice {
        if *colour == Colour::Yellow {
            *count -= n;
        }
    }
    dice.push((Colour::Yellow, face, n));
    roll_then_blanks(g, &dice);
}

/// Two players, seat 0 to build with `hammers` pieces, after `edit`; every
/// die showed a blank face except one of seat 0's yellow dice, which
/// showed hammers.
fn building(players: usize, hammers: u8, edit: impl FnOnce(&mut Value)) -> Era {
    let mut g = started(players);
    let face = hammer(g.ruleset(), Colour::Yellow);
    yellow_then_blanks(&mut g, face, 1);
    assert!(
        matches!(g.step(), Step::Build { turn: 0, .. }),
        "{:?}",
        g.step()
    );
    edited(&g, |j| {
        j["step"]["build"]["hammers"] = json!(hammers);
        edit(j);
    })
}

/// [`building`] with seat 0's domain cleared to its Keep and seat 0
/// holding `resources`.
fn building_from_the_keep(players: usize, hammers: u8, resources: [u8; 4]) -> Era {
    building(players, hammers, |j| {
        clear_domain(j, 0);
        set_resources(j, 0, resources);
    })
}

/// Two players, seat 0's domain cleared then holding `buildings` (laid out
/// before the first round, so their dice are seat 0's from the start), and
/// seat 0 about to roll.
fn with_buildings(
    players: usize,
    buildings: &[(BuildingKind, &[&str])],
    edit: impl FnOnce(&mut Value),
) -> Era {
    let g = laid_out(players);
    let mut g = edited(&g, |j| {
        clear_domain(j, 0);
        for (kind, cells) in buildings {
            add_building(j, 0, *kind, cells);
        }
        edit(j);
    });
    start(&mut g);
    g
}

/// Two players, seat 0 holding a Church on a1-b1 and `second` on a3-b3
/// (a gray, a white and one more die): seat 0 rolls a blank gray die, a
/// white feather and `other`, and stops; the others roll blanks, and the
/// game waits on seat 0's feathers. The game and the feather face.
fn feather_rolled(second: BuildingKind, other: (Colour, Side)) -> (Era, Side) {
    let mut g = with_buildings(
        2,
        &[
            (BuildingKind::Church, &["a1", "b1"]),
            (second, &["a3", "b3"]),
        ],
        |_| {},
    );
    let r = g.ruleset().clone();
    let feather = feather_face(&r);
    let (colour, face) = other;
    roll_then_blanks(
        &mut g,
        &[
            (colour, face, 1),
            (Colour::Gray, blank(&r, Colour::Gray), 1),
            (Colour::White, feather, 1),
        ],
    );
    assert_eq!(g.step(), Step::Feathers { turn: 0 });
    (g, feather)
}

/// A white face showing a feather.
fn feather_face(r: &Ruleset) -> Side {
    side(r, Colour::White, era_rules::Face::is_feather)
}

/// Rows of 1 × 2 buildings from a1-b1 down column a-b.
const PAIRS: [[&str; 2]; 8] = [
    ["a1", "b1"],
    ["a2", "b2"],
    ["a3", "b3"],
    ["a4", "b4"],
    ["a6", "b6"],
    ["a7", "b7"],
    ["a8", "b8"],
    ["a9", "b9"],
];

fn longhouses(n: usize) -> Vec<(BuildingKind, &'static [&'static str])> {
    PAIRS
        .iter()
        .take(n)
        .map(|p| (BuildingKind::Longhouse, &p[..]))
        .collect()
}

// ----- components and setup -----

#[test]
fn era_1_the_supply_holds_the_components() {
    let r = Ruleset::default();
    let buildings: u32 = BuildingKind::ALL
        .iter()
        .map(|&k| u32::from(r.building_count(k)))
        .sum();
    assert_eq!(buildings, 71);
    let walls: u32 = (1..=8).map(|l| u32::from(r.wall_count(l))).sum();
    assert_eq!(walls, 32);
    assert_eq!(r.scorched_areas(), 27);
    let dice: u32 = Colour::ALL
        .iter()
        .map(|c| u32::from(r.building_count(c.carrier())))
        .sum();
    assert_eq!(dice, 36);
    assert_eq!(r.tracking_tokens(TableSize::Four), 5);
}

#[test]
fn era_2_dice_follow_die_carrying_buildings() {
    let g = started(3);
    for p in g.player_list() {
        assert_eq!(p.owned_dice().as_array(), &[3, 1, 0, 0]);
        assert_eq!(p.owned_dice(), p.domain().carried_dice());
    }
    assert_eq!(Colour::White.carrier(), BuildingKind::Church);
    assert_eq!(BuildingKind::Townhouse.die(), Some(Colour::Blue));
}

#[test]
fn era_3_two_players_box_one_of_each_and_tokens_by_table() {
    let two = Era::new(&EraConfig::new(2)).unwrap();
    assert_eq!(two.boxed().as_array(), &[1; 12]);
    assert_eq!(two.tracking_tokens(), (3, 0));
    let three = Era::new(&EraConfig::new(3)).unwrap();
    assert_eq!(three.boxed().as_array(), &[0; 12]);
    assert_eq!(three.tracking_tokens(), (3, 0));
    let four = Era::new(&EraConfig::new(4)).unwrap();
    assert_eq!(four.tracking_tokens(), (5, 0));
    assert_eq!(Era::new(&EraConfig::new(5)), Err(EraError::Players(5)));
}

#[test]
fn era_4_each_player_starts_with_keep_pieces_and_resources() {
    let mut g = Era::new(&EraConfig::new(2)).unwrap();
    let p = g.player(0).unwrap();
    // D6, revision 3: 0 goods, 1 stone, 2 wood, 3 food.
    assert_eq!(p.resources().as_array(), &[0, 1, 2, 3]);
    assert_eq!(p.domain().cell_char(cell("e5")), 'K');
    let r = g.ruleset().clone();
    assert_eq!(
        r.start_pieces(),
        [
            FARM,
            Piece::Wall(4),
            Piece::Wall(4),
            Piece::Wall(4),
            Piece::Building(BuildingKind::Longhouse),
            Piece::Building(BuildingKind::Longhouse),
            Piece::Building(BuildingKind::Longhouse),
        ]
    );
    assert_eq!(r.start_scorched(TableSize::Two), 2);
    assert_eq!(r.start_scorched(TableSize::Three), 1);
    assert_eq!(r.start_scorched(TableSize::Four), 0);
    // Seat 0 lays out the pieces larger first, then the scorched areas.
    let mut laid = Vec::new();
    while g.to_move() == ToMove::Player(0) {
        let a = era_rules::auto_layout_action(&g).unwrap();
        if let Action::Place { piece, .. } = a {
            laid.push(piece);
        }
        g.apply(a).unwrap();
    }
    let mut expected = r.start_pieces().to_vec();
    expected.extend([Piece::Scorched, Piece::Scorched]);
    assert_eq!(laid, expected);
}

#[test]
fn era_5_layouts_stay_secret_until_everyone_is_done() {
    let mut g = Era::new(&EraConfig::new(2)).unwrap();
    let wrong = place(Piece::Building(BuildingKind::Longhouse), "a1", 0);
    assert_eq!(g.apply(wrong), Err(EraError::NotNextPiece(FARM)));
    g.apply(era_rules::auto_layout_action(&g).unwrap()).unwrap();
    assert_eq!(
        seat_0_shown_to(&g, |p| p.domain().is_some()),
        [false, false, true]
    );
    while let Some(a) = era_rules::auto_layout_action(&g) {
        g.apply(a).unwrap();
    }
    assert_eq!(g.to_move(), ToMove::Chance);
    assert!(
        g.view(Viewer::Seat(1))
            .player(0)
            .unwrap()
            .domain()
            .is_some()
    );
}

#[test]
fn era_6_most_swords_starts_and_ties_roll_again() {
    let mut g = laid_out(3);
    let (fewest, most) = fewest_and_most_swords(g.ruleset());
    g.apply_chance(Chance::StartRoll([
        Some(most),
        Some(most),
        Some(fewest),
        None,
    ]))
    .unwrap();
    assert_eq!(g.step(), Step::StartRoll { rolling: 0b011 });
    assert_eq!(
        g.apply_chance(Chance::StartRoll([
            Some(most),
            Some(most),
            Some(fewest),
            None
        ])),
        Err(EraError::ImpossibleStartRoll)
    );
    g.apply_chance(Chance::StartRoll([Some(fewest), Some(most), None, None]))
        .unwrap();
    assert_eq!(g.start_player(), 1);
    assert_eq!(g.round(), 1);
    assert_eq!(g.step(), Step::Roll { turn: 0 });
    assert_eq!(g.to_move(), ToMove::Chance);
}

// ----- the domain -----

#[test]
fn era_7_pieces_turn_and_mirror_but_never_cover_taken_cells() {
    let r = Ruleset::default();
    assert_eq!(r.orientations(Piece::Building(BuildingKind::Monastery)), 4);
    assert_eq!(r.orientations(FARM), 1);
    assert_eq!(r.orientations(Piece::Wall(3)), 2);
    let mut g = building(2, 1, |j| {
        clear_domain(j, 0);
        j["players"][0]["domain"]["scorched"] = json!(["a1"]);
        set_resources(j, 0, [6, 7, 8, 8]);
    });
    g.apply(Action::Choose(FARM)).unwrap();
    assert_eq!(
        g.check(&place(FARM, "a1", 0)),
        Err(EraError::DoesNotFit(FARM))
    );
    assert_eq!(
        g.check(&place(FARM, "i9", 0)),
        Err(EraError::DoesNotFit(FARM))
    );
    assert_eq!(
        g.check(&place(FARM, "d4", 0)),
        Err(EraError::DoesNotFit(FARM))
    );
    assert_eq!(g.check(&place(FARM, "b1", 0)), Ok(()));
}

#[test]
fn era_8_diagonal_contact_is_not_adjacency() {
    let d = domain(
        &[
            (BuildingKind::Market, &["a1", "b1"]),
            (BuildingKind::Market, &["c2", "d2"]),
        ],
        &[],
    );
    assert_eq!(d.largest_cluster(), 1);
    let d = domain(
        &[
            (BuildingKind::Market, &["a1", "b1"]),
            (BuildingKind::Market, &["c2", "d2"]),
            (BuildingKind::Market, &["c1", "d1"]),
        ],
        &[],
    );
    assert_eq!(d.largest_cluster(), 3);
}

#[test]
fn era_9_walls_that_touch_only_diagonally_leak() {
    let d = domain(&[], &["b1", "a2", "c2", "b3"]);
    assert_eq!(d.walled_cells(), 0);
    let ring = ["a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"];
    let d = domain(&[], &ring);
    assert_eq!(d.walled_cells(), bits(&["b2"]));
    // A gap in the ring leaks.
    let d = domain(&[(BuildingKind::Market, &["b2"])], &ring[..7]);
    assert_eq!(d.walled_cells(), 0);
    assert!(!d.is_walled(&d.buildings()[1]));
}

#[test]
fn era_9_the_keep_counts_as_wall() {
    let d = domain(&[], &["d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6"]);
    assert_eq!(d.walled_cells(), 0, "the Keep fills the only inner cell");
    // d5 is enclosed by walls and the Keep on e5.
    let d = domain(&[], &["c4", "d4", "e4", "c5", "c6", "d6", "e6"]);
    assert_eq!(d.walled_cells(), bits(&["d5"]));
}

#[test]
fn era_10_walled_area_skips_keep_and_scorched_cells() {
    let ring = [
        "a1", "b1", "c1", "d1", "a2", "d2", "a3", "d3", "a4", "b4", "c4", "d4",
    ];
    let d = domain(&[], &ring);
    assert_eq!(d.walled_area(), 4);
    let mut json = serde_json::to_value(&d).unwrap();
    json["scorched"] = json!(["b2"]);
    let d: era_rules::domain::Domain = serde_json::from_value(json).unwrap();
    assert_eq!(d.walled_area(), 3);
}

#[test]
fn era_11_clusters_join_buildings_not_walls_or_keeps() {
    // Joined only through the Keep on e5, or along walls: no cluster.
    let d = domain(
        &[
            (BuildingKind::Market, &["d5"]),
            (BuildingKind::Market, &["f5"]),
        ],
        &["d6", "e6", "f6"],
    );
    assert_eq!(d.largest_cluster(), 1);
    let d = domain(
        &[
            (BuildingKind::Market, &["d5"]),
            (BuildingKind::Market, &["f5"]),
            (BuildingKind::Market, &["d4", "e4"]),
            (BuildingKind::Market, &["f4"]),
        ],
        &[],
    );
    assert_eq!(d.largest_cluster(), 4);
}

// ----- the round -----

#[test]
fn era_12_skulls_lock_three_rolls_and_dice_stay_hidden() {
    let mut g = started(2);
    let r = g.ruleset().clone();
    let (plain, dead) = (blank(&r, Colour::Yellow), skull(&r, Colour::Yellow));
    let mut four = [0; 6];
    four[0] = 4;
    let too_many = Chance::Roll {
        die: Colour::Yellow,
        faces: FaceCounts::from_array(four),
    };
    assert_eq!(g.apply_chance(too_many), Err(EraError::ImpossibleRoll));
    roll(
        &mut g,
        &[
            (Colour::Yellow, plain, 2),
            (Colour::Yellow, dead, 1),
            (Colour::Gray, blank(&r, Colour::Gray), 1),
        ],
    );
    assert_eq!(g.to_move(), ToMove::Player(0));
    let locked = Action::Reroll(DieRef {
        die: Colour::Yellow,
        face: dead,
    });
    assert_eq!(g.apply(locked), Err(EraError::NoSuchDie));
    assert_eq!(g.apply(Action::Roll), Err(EraError::NothingSetAside));
    assert_eq!(
        seat_0_shown_to(&g, |p| p.dice().is_some()),
        [false, false, true]
    );
    // Two more rolls; then the roller may only stop, and stopping passes
    // the turn (ERA-12: the table is not told whether any die could roll).
    for _ in 0..2 {
        let again = Action::Reroll(DieRef {
            die: Colour::Yellow,
            face: plain,
        });
        g.apply(again).unwrap();
        g.apply(Action::Roll).unwrap();
        roll(&mut g, &[(Colour::Yellow, plain, 1)]);
    }
    assert_eq!(g.player(0).unwrap().rolls(), 3);
    assert_eq!(g.player(0).unwrap().dice().get(Colour::Yellow, dead), 1);
    only_stop_then_the_second_rolls(&mut g);
}

#[test]
fn era_12_a_player_may_stop_early() {
    let mut g = started(2);
    let dice = hand(&g);
    roll(&mut g, &dice);
    g.apply(Action::Done).unwrap();
    assert_eq!(g.step(), Step::Roll { turn: 1 });
    assert_eq!(g.player(0).unwrap().rolls(), 1);
}

#[test]
fn era_13_a_feather_rerolls_once_even_with_a_skull() {
    let r = Ruleset::default();
    let dead = skull(&r, Colour::Yellow);
    let (mut g, feather) = feather_rolled(BuildingKind::Longhouse, (Colour::Yellow, dead));
    assert_eq!(g.to_move(), ToMove::Player(0));
    g.apply(feather_for(feather, Colour::Yellow, dead)).unwrap();
    assert_eq!(g.player(0).unwrap().rolling().as_array(), &[1, 0, 0, 1]);
    // The white die shows a feather again, but it was already used.
    roll(
        &mut g,
        &[
            (Colour::Yellow, blank(&r, Colour::Yellow), 1),
            (Colour::White, feather, 1),
        ],
    );
    assert_ne!(g.step(), Step::Feathers { turn: 0 });
}

/// Seat 0 owns a Monastery (or two), two Longhouses, a Church and the
/// Keep: two yellow dice, a gray and a white one.
fn with_monasteries(monasteries: usize) -> Era {
    let mut buildings: Vec<(BuildingKind, &[&str])> = vec![
        (BuildingKind::Longhouse, &["a4", "b4"]),
        (BuildingKind::Longhouse, &["a6", "b6"]),
        (BuildingKind::Church, &["a8", "b8"]),
        (BuildingKind::Monastery, &["a1", "a2", "b2"]),
    ];
    if monasteries == 2 {
        buildings.push((BuildingKind::Monastery, &["h1", "h2", "i2"]));
    }
    with_buildings(2, &buildings, |_| {})
}

fn set_die(die: Colour, from: Side, to: Side) -> Action {
    Action::SetDie { die, from, to }
}

/// The feather on `feather` rerolls the `die` showing `face`.
fn feather_for(feather: Side, die: Colour, face: Side) -> Action {
    Action::Feather {
        face: feather,
        with: Some(DieRef { die, face }),
    }
}

fn reroll(die: Colour, face: Side) -> Action {
    Action::Reroll(DieRef { die, face })
}

#[test]
fn era_14_a_monastery_sets_a_die_after_the_first_roll_and_it_stays_set() {
    let mut g = with_monasteries(1);
    let r = g.ruleset().clone();
    let feather = feather_face(&r);
    let (plain, other) = (Side::One, Side::Four);
    let hammers = hammer(&r, Colour::Yellow);
    roll(
        &mut g,
        &[
            (Colour::Yellow, plain, 1),
            (Colour::Yellow, other, 1),
            (Colour::Gray, blank(&r, Colour::Gray), 1),
            (Colour::White, feather, 1),
        ],
    );
    // After the first roll: set the die showing `plain` to `hammers`.
    g.apply(set_die(Colour::Yellow, plain, hammers)).unwrap();
    let p = g.player(0).unwrap();
    assert_eq!(p.dice().get(Colour::Yellow, hammers), 1);
    assert_eq!(p.fixed().get(Colour::Yellow, hammers), 1);
    // The other seat sees that a die was set, not which.
    let seen = g.view(Viewer::Seat(1));
    assert!(seen.player(0).unwrap().fixed().is_none());
    assert_eq!(seen.player(0).unwrap().fixed_count()[Colour::Yellow], 1);
    // It is set aside: it does not roll again.
    assert_eq!(
        g.apply(reroll(Colour::Yellow, hammers)),
        Err(EraError::NoSuchDie)
    );
    g.apply(reroll(Colour::Yellow, other)).unwrap();
    g.apply(Action::Roll).unwrap();
    roll(&mut g, &[(Colour::Yellow, plain, 1)]);
    g.apply(Action::Done).unwrap();
    blank_rolls(&mut g);
    // Nor does a feather roll it again.
    assert_eq!(g.step(), Step::Feathers { turn: 0 });
    let with_it = feather_for(feather, Colour::Yellow, hammers);
    assert_eq!(g.apply(with_it), Err(EraError::NoFeather));
    g.apply(Action::Feather {
        face: feather,
        with: None,
    })
    .unwrap();
    roll(&mut g, &[(Colour::White, blank(&r, Colour::White), 1)]);
    // At Build it still shows the face it was set to, and its hammers count.
    let p = g.player(0).unwrap();
    assert_eq!(p.dice().get(Colour::Yellow, hammers), 1);
    let expected = r.face(Colour::Yellow, hammers).count(Symbol::Hammer);
    assert!(
        matches!(g.step(), Step::Build { turn: 0, hammers: h, .. } if h == expected),
        "{:?}",
        g.step()
    );
}

#[test]
fn era_14_the_monastery_acts_only_between_the_first_and_second_roll() {
    let mut g = with_monasteries(1);
    let r = g.ruleset().clone();
    let dead = skull(&r, Colour::Yellow);
    // Before any roll there is nothing to set.
    assert_eq!(g.to_move(), ToMove::Chance);
    roll(
        &mut g,
        &[
            (Colour::Yellow, dead, 1),
            (Colour::Yellow, Side::One, 1),
            (Colour::Gray, blank(&r, Colour::Gray), 1),
            (Colour::White, blank(&r, Colour::White), 1),
        ],
    );
    // Not a skull.
    assert_eq!(
        g.apply(set_die(Colour::Yellow, dead, Side::One)),
        Err(EraError::CannotSet)
    );
    // Not a die set aside to roll again.
    g.apply(reroll(Colour::Yellow, Side::One)).unwrap();
    assert_eq!(
        g.apply(set_die(Colour::Yellow, Side::One, Side::Two)),
        Err(EraError::CannotSet)
    );
    g.apply(Action::Roll).unwrap();
    roll(&mut g, &[(Colour::Yellow, Side::One, 1)]);
    // After the second roll, too late.
    assert_eq!(g.player(0).unwrap().rolls(), 2);
    assert_eq!(
        g.apply(set_die(Colour::Yellow, Side::One, Side::Two)),
        Err(EraError::CannotSet)
    );
}

#[test]
fn era_14_each_monastery_sets_one_die() {
    let mut g = with_monasteries(2);
    let r = g.ruleset().clone();
    roll(
        &mut g,
        &[
            (Colour::Yellow, Side::One, 2),
            (Colour::Gray, blank(&r, Colour::Gray), 1),
            (Colour::White, blank(&r, Colour::White), 1),
        ],
    );
    g.apply(set_die(Colour::Yellow, Side::One, Side::Two))
        .unwrap();
    g.apply(set_die(Colour::Yellow, Side::One, Side::Three))
        .unwrap();
    let gray = blank(&r, Colour::Gray);
    assert_eq!(
        g.apply(set_die(Colour::Gray, gray, Side::Five)),
        Err(EraError::CannotSet)
    );
    assert_eq!(g.player(0).unwrap().fixed().total(), 2);
}

/// Seat 0's yellow dice show `choice` and blank faces; the game waits for
/// seat 0 to pick at Collect.
fn collecting(choice: Side) -> Era {
    let mut g = started(2);
    let r = g.ruleset().clone();
    roll_then_blanks(
        &mut g,
        &[
            (Colour::Yellow, choice, 1),
            (Colour::Yellow, blank(&r, Colour::Yellow), 2),
            (Colour::Gray, blank(&r, Colour::Gray), 1),
        ],
    );
    g
}

#[test]
fn era_15_a_choice_face_yields_exactly_one_of_its_sets() {
    let r = Ruleset::default();
    let choice = side(&r, Colour::Yellow, era_rules::Face::is_choice);
    let face = r.face(Colour::Yellow, choice);
    for set in [ChoiceSet::A, ChoiceSet::B] {
        let mut g = collecting(choice);
        assert_eq!(g.step(), Step::Collect { turn: 0 });
        assert_eq!(g.to_move(), ToMove::Player(0));
        let pick = |set| Action::Collect {
            die: Colour::Yellow,
            face: choice,
            set,
        };
        assert_eq!(legal(&g), vec![pick(ChoiceSet::A), pick(ChoiceSet::B)]);
        let before = g.player(0).unwrap().resources();
        let culture = g.player(0).unwrap().culture();
        g.apply(pick(set)).unwrap();
        let after = g.player(0).unwrap();
        let gained = face.yields(set).resources();
        // Seat 0 collected before feeding: the set alone, nothing of the
        // other.
        for res in Resource::ALL {
            if res != Resource::Food {
                assert_eq!(after.resource(res), before[res] + gained[res], "{res}");
            }
        }
        assert_eq!(after.culture(), culture);
        assert_ne!(g.step(), Step::Collect { turn: 0 });
        assert_eq!(after.choices().total(), 0);
    }
}

#[test]
fn era_15_choice_faces_show_no_skull_hammer_sword_or_shield() {
    let r = Ruleset::default();
    for colour in Colour::ALL {
        for s in Side::ALL {
            let face = r.face(colour, s);
            if face.is_choice() {
                for symbol in [Symbol::Skull, Symbol::Hammer, Symbol::Sword, Symbol::Shield] {
                    for set in [ChoiceSet::A, ChoiceSet::B] {
                        assert_eq!(face.yields(set).count(symbol), 0);
                    }
                }
            }
        }
    }
    let mut spec = RulesetSpec::default();
    spec.dice.yellow[4] = "FK|S".into();
    assert_eq!(Ruleset::new(spec).unwrap_err().field(), "dice.yellow[4]");
}

#[test]
fn era_15_roll_outcomes_with_choice_faces_are_still_multisets_of_faces() {
    let mut g = started(2);
    let mut outcomes = Vec::new();
    g.chance_outcomes(&mut outcomes);
    // Three yellow dice, one choice face among six: C(8, 5) = 56 outcomes.
    assert_eq!(outcomes.len(), 56);
    let total = outcomes
        .iter()
        .try_fold(dice_core::Prob::ZERO, |acc, (_, p)| acc.checked_add(*p));
    assert_eq!(total, Some(dice_core::Prob::ONE));
    let r = g.ruleset().clone();
    let choice = side(&r, Colour::Yellow, era_rules::Face::is_choice);
    let mut all_choice = [0; 6];
    all_choice[usize::from(choice.index())] = 3;
    let (_, p) = outcomes
        .iter()
        .find(|(c, _)| {
            *c == Chance::Roll {
                die: Colour::Yellow,
                faces: FaceCounts::from_array(all_choice),
            }
        })
        .unwrap();
    assert_eq!(*p, dice_core::Prob::new(1, 216).unwrap());
    g.apply_chance(outcomes[0].0).unwrap();
}

#[test]
fn era_15_collect_caps_resources_but_not_culture() {
    let churches: Vec<(BuildingKind, &[&str])> = PAIRS[..4]
        .iter()
        .map(|p| (BuildingKind::Church, &p[..]))
        .collect();
    let mut buildings = churches;
    buildings.extend([
        (BuildingKind::Townhouse, &["d1", "e1"][..]),
        (BuildingKind::Townhouse, &["d3", "e3"][..]),
        (BuildingKind::Townhouse, &["d7", "e7"][..]),
        (BuildingKind::Townhouse, &["d9", "e9"][..]),
        (BuildingKind::LumberMill, &["h1", "i1"][..]),
    ]);
    let mut g = with_buildings(2, &buildings, |j| {
        j["players"][0]["culture"] = json!(20);
        set_resources(j, 0, [2, 2, 2, 8]);
    });
    let r = g.ruleset().clone();
    let best = |colour, symbol| {
        Side::ALL
            .into_iter()
            .filter(|&s| !r.face(colour, s).is_skull())
            .max_by_key(|&s| r.face(colour, s).count(symbol))
            .unwrap()
    };
    let (white, blue) = (
        best(Colour::White, Symbol::Culture),
        best(Colour::Blue, Symbol::Goods),
    );
    roll_then_blanks(
        &mut g,
        &[
            (Colour::Gray, blank(&r, Colour::Gray), 1),
            (Colour::Blue, blue, 4),
            (Colour::White, white, 4),
        ],
    );
    let p = g.player(0).unwrap();
    let goods = 2 + 4 * u32::from(r.face(Colour::Blue, blue).count(Symbol::Goods));
    let max = r.resource_max(Resource::Goods);
    assert!(goods > u32::from(max), "the roll passes the maximum");
    assert_eq!(p.resource(Resource::Goods), max);
    let culture = 4 * u32::from(r.face(Colour::White, white).count(Symbol::Culture));
    assert_eq!(p.culture(), 20 + culture);
    assert_eq!(
        p.culture_track(&r),
        ((20 + culture) / 25, (20 + culture) % 25)
    );
    // The Lumber Mill's two wood.
    assert!(p.resource(Resource::Wood) >= 4);
}

#[test]
fn era_16_each_unfed_die_costs_a_disaster_point() {
    let g = laid_out(2);
    let mut g = edited(&g, |j| set_resources(j, 0, [0, 2, 2, 0]));
    start(&mut g);
    let r = g.ruleset().clone();
    let no_food = |colour| {
        side(&r, colour, |f| {
            f.count(Symbol::Food) == 0
                && !f.is_skull()
                && f.count(Symbol::Hammer) == 0
                && f.count(Symbol::Sword) == 0
        })
    };
    roll_then_blanks(
        &mut g,
        &[
            (Colour::Yellow, no_food(Colour::Yellow), 3),
            (Colour::Gray, no_food(Colour::Gray), 1),
        ],
    );
    // The Farm's food feeds one of the four dice.
    let p = g.player(0).unwrap();
    assert_eq!(p.resource(Resource::Food), 0);
    assert_eq!(p.disaster(), 3);
}

/// Seat 0 rolls `skulls` skulls with as many Longhouses, with plenty of
/// everything; seat 1 has nothing.
fn disaster_game(skulls: usize, edit: impl FnOnce(&mut Value)) -> Era {
    let mut g = with_buildings(2, &longhouses(skulls), |j| {
        set_resources(j, 0, [5, 5, 5, 8]);
        set_resources(j, 1, [0, 0, 0, 0]);
        edit(j);
    });
    let r = g.ruleset().clone();
    let skulls = u8::try_from(skulls).unwrap();
    roll_then_blanks(
        &mut g,
        &[
            (Colour::Yellow, skull(&r, Colour::Yellow), skulls),
            (Colour::Gray, blank(&r, Colour::Gray), 1),
        ],
    );
    g
}

/// The disaster seat 0 rolled strikes next: its sufferer's seat.
fn sufferer(g: &Era) -> usize {
    match g.to_move() {
        ToMove::Player(p) => Some(p),
        _ => None,
    }
    .unwrap()
}

/// The disaster seat 0 rolled strikes seat `by` next, the last one of
/// the turn: `by` is to move.
fn assert_strikes(g: &Era, by: u8) {
    assert_eq!(
        g.step(),
        Step::Suffer {
            turn: 0,
            by,
            left: 1
        }
    );
    assert_eq!(sufferer(g), usize::from(by));
}

#[test]
fn d5_one_skull_brigands_the_roller_loses_a_resource_of_their_choice() {
    let mut g = disaster_game(1, |_| {});
    assert_strikes(&g, 0);
    let mut choices = legal(&g);
    choices.sort_by_key(|a| format!("{a:?}"));
    assert!(choices.contains(&Action::Refuse));
    assert!(choices.contains(&Action::Lose(Resource::Wood)));
    let (wood, points) = (
        g.player(0).unwrap().resource(Resource::Wood),
        g.player(0).unwrap().disaster(),
    );
    g.apply(Action::Lose(Resource::Wood)).unwrap();
    let p = g.player(0).unwrap();
    assert_eq!(p.resource(Resource::Wood), wood - 1);
    assert_eq!(p.disaster(), points);
    assert!(matches!(g.step(), Step::Build { .. }));
}

#[test]
fn d5_one_skull_brigands_or_the_disaster_point() {
    let mut g = disaster_game(1, |_| {});
    let points = g.player(0).unwrap().disaster();
    assert_eq!(
        g.apply(Action::Pay),
        Err(EraError::WrongStep {
            rule: "ERA-20",
            step: "a disaster"
        })
    );
    g.apply(Action::Refuse).unwrap();
    assert_eq!(g.player(0).unwrap().disaster(), points + 1);
    assert!(matches!(g.step(), Step::Build { .. }));
}

#[test]
fn d5_three_skulls_treachery_each_opponent_scorches_their_own_domain() {
    let mut g = disaster_game(3, |_| {});
    assert_strikes(&g, 1);
    let keep = cell("e5");
    assert_eq!(g.apply(Action::Scorch(keep)), Err(EraError::NotEmpty(keep)));
    // Only empty cells outside the walls of seat 1's own domain.
    let d = g.player(1).unwrap().domain().clone();
    let open = d.empty() & !d.walled_cells();
    let cells: Vec<Action> = d.cells(open).map(Action::Scorch).collect();
    assert_eq!(legal(&g), cells);
    let before0 = g.player(0).unwrap().domain().clone();
    let target = d.cells(open).next().unwrap();
    g.apply(Action::Scorch(target)).unwrap();
    assert_eq!(g.player(1).unwrap().domain().cell_char(target), 'x');
    assert_eq!(g.player(0).unwrap().domain(), &before0);
}

#[test]
fn d5_treachery_without_a_scorched_area_does_nothing() {
    let g = disaster_game(3, |j| {
        // Every scorched area is in a domain: seat 1 holds its two from the
        // layout, seat 0 the rest.
        let empty: Vec<String> = (6..=9)
            .flat_map(|row| ('a'..='i').map(move |col| format!("{col}{row}")))
            .collect();
        let d = &mut j["players"][0]["domain"];
        let taken = d.to_string();
        let free: Vec<&String> = empty
            .iter()
            .filter(|c| !taken.contains(&format!("\"{c}\"")))
            .take(25)
            .collect();
        d["scorched"] = json!(free);
    });
    assert_eq!(g.scorched_supply(), 0);
    assert_eq!(g.player(1).unwrap().disaster(), 0);
    assert!(matches!(g.step(), Step::Build { .. }));
}

#[test]
fn d6_collecting_past_a_maximum_loses_the_excess_per_resource() {
    let r = Ruleset::default();
    let max = |res| r.resource_max(res);
    assert_eq!(
        [
            Resource::Goods,
            Resource::Stone,
            Resource::Wood,
            Resource::Food
        ]
        .map(max),
        [6, 7, 8, 8]
    );
    // Near each maximum, then a roll of a wood face, a stone face, a food
    // face and a goods face.
    let begin = [6, 6, 7, 8];
    let g = laid_out(2);
    let mut g = edited(&g, |j| set_resources(j, 0, begin));
    start(&mut g);
    let most = |colour, symbol| {
        Side::ALL
            .into_iter()
            .filter(|&s| {
                let f = r.face(colour, s);
                !f.is_skull() && !f.is_choice()
            })
            .max_by_key(|&s| r.face(colour, s).count(symbol))
            .unwrap()
    };
    let (wood, stone, food) = (
        most(Colour::Yellow, Symbol::Wood),
        most(Colour::Yellow, Symbol::Stone),
        most(Colour::Yellow, Symbol::Food),
    );
    let goods = most(Colour::Gray, Symbol::Goods);
    roll_then_blanks(
        &mut g,
        &[
            (Colour::Yellow, wood, 1),
            (Colour::Yellow, stone, 1),
            (Colour::Yellow, food, 1),
            (Colour::Gray, goods, 1),
        ],
    );
    let p = g.player(0).unwrap();
    // Every track stops at its own maximum; the rest is lost.
    for (i, res, face) in [
        (0, Resource::Goods, r.face(Colour::Gray, goods)),
        (1, Resource::Stone, r.face(Colour::Yellow, stone)),
        (2, Resource::Wood, r.face(Colour::Yellow, wood)),
    ] {
        let collected = begin[i] + face.count(res.symbol());
        assert!(collected > max(res), "{res}: the roll passes the maximum");
        assert_eq!(p.resource(res), max(res), "{res}");
    }
}

#[test]
fn era_20_settled_a_paid_demand_goes_to_the_extorter_up_to_the_maximum() {
    let r = Ruleset::default();
    let (_, most) = fewest_and_most_swords(&r);
    let mut g = extort_setup(most, weak(&r), |j| {
        set_resources(j, 0, [6, 2, 2, 2]);
        set_resources(j, 1, [1, 0, 0, 0]);
    });
    while matches!(g.step(), Step::Build { .. }) {
        g.apply(Action::Done).unwrap();
    }
    assert_eq!(g.player(0).unwrap().resource(Resource::Goods), 6);
    let goods = g.player(1).unwrap().resource(Resource::Goods);
    g.apply(Action::Demand(Resource::Goods)).unwrap();
    g.apply(Action::Pay).unwrap();
    assert_eq!(g.player(1).unwrap().resource(Resource::Goods), goods - 1);
    assert_eq!(g.player(0).unwrap().resource(Resource::Goods), 6);
}

#[test]
fn d5_two_skulls_disease_spares_a_hospital_and_its_neighbours() {
    // Two Longhouses side by side: both struck.
    let g = disaster_game(2, |_| {});
    assert_eq!(g.player(0).unwrap().disaster(), 2, "no Hospital: both");
    // A Hospital beside the top two of four Longhouses.
    let mut g = with_buildings(
        2,
        &[
            (BuildingKind::Longhouse, &["a1", "b1"]),
            (BuildingKind::Longhouse, &["a2", "b2"]),
            (BuildingKind::Longhouse, &["a3", "b3"]),
            (BuildingKind::Longhouse, &["a4", "b4"]),
            (BuildingKind::Hospital, &["c1", "d1", "c2", "d2"]),
        ],
        |j| set_resources(j, 0, [5, 5, 5, 8]),
    );
    let dead = skull(g.ruleset(), Colour::Yellow);
    yellow_then_blanks(&mut g, dead, 2);
    // The cluster is five buildings; the two Longhouses beside the
    // Hospital and the Hospital itself are immune (revision 3).
    let d = g.player(0).unwrap().domain();
    assert_eq!(d.largest_cluster(), 5);
    assert_eq!(d.struck_by_disease(true), 2);
    assert_eq!(d.struck_by_disease(false), 3);
    assert_eq!(g.player(0).unwrap().disaster(), 2);
}

#[test]
fn d3_the_hospital_itself_is_immune_to_disease() {
    let d = domain(&[(BuildingKind::Hospital, &["a1", "b1", "a2", "b2"])], &[]);
    assert_eq!(d.largest_cluster(), 1);
    assert_eq!(d.struck_by_disease(true), 0);
    assert_eq!(d.struck_by_disease(false), 1, "revision 2 struck it");
}

#[test]
fn d5_of_equal_clusters_disease_strikes_the_one_with_fewer_immune() {
    let d = domain(
        &[
            (BuildingKind::Longhouse, &["a1", "b1"]),
            (BuildingKind::Hospital, &["c1", "d1", "c2", "d2"]),
            (BuildingKind::Longhouse, &["a7", "b7"]),
            (BuildingKind::Longhouse, &["a8", "b8"]),
        ],
        &[],
    );
    // Two clusters of two: the first is immune whole; the second counts.
    assert_eq!(d.largest_cluster(), 2);
    assert_eq!(d.struck_by_disease(true), 2);
}

#[test]
fn era_17_two_skulls_disease_strikes_the_largest_cluster() {
    // The two Longhouses stand apart: two clusters of one.
    let g = disaster_game(2, |j| {
        let d = &mut j["players"][0]["domain"]["buildings"];
        d[2]["cells"] = json!(["h9", "i9"]);
    });
    assert_eq!(g.player(0).unwrap().disaster(), 1);
}

#[test]
fn d5_four_skulls_fire_the_roller_removes_an_unwalled_building() {
    let mut g = disaster_game(4, |_| {});
    assert_strikes(&g, 0);
    let keep = cell("e5");
    assert_eq!(
        g.apply(Action::Burn(keep)),
        Err(EraError::NotBurnable(keep))
    );
    let before = g.player(0).unwrap().domain().buildings().len();
    g.apply(Action::Burn(cell("a1"))).unwrap();
    assert_eq!(g.player(0).unwrap().domain().buildings().len(), before - 1);
    assert_eq!(
        g.boxed()[BuildingKind::Longhouse],
        1 + g.ruleset().two_player_removed()
    );
}

#[test]
fn d5_five_skulls_invasion_each_opponent_removes_a_building_of_theirs() {
    let mut g = disaster_game(5, |_| {});
    assert_eq!(sufferer(&g), 1);
    let own = g.player(1).unwrap().domain().clone();
    let first = legal(&g)[0];
    let Action::Burn(at) = first else {
        panic!("{first:?}")
    };
    assert!(own.building_at(at).is_some());
    let before0 = g.player(0).unwrap().domain().buildings().len();
    g.apply(first).unwrap();
    assert_eq!(
        g.player(1).unwrap().domain().buildings().len(),
        own.buildings().len() - 1
    );
    assert_eq!(g.player(0).unwrap().domain().buildings().len(), before0);
}

#[test]
fn d5_six_skulls_revolt_loses_all_trade_goods() {
    let g = disaster_game(6, |_| {});
    let p = g.player(0).unwrap();
    assert_eq!(p.resource(Resource::Goods), 0);
    assert!(p.resource(Resource::Stone) > 0);
    assert_eq!(p.disaster(), 0);
}

#[test]
fn era_18_one_piece_per_hammer_paid_from_the_supply() {
    let mut g = building_from_the_keep(2, 1, [6, 7, 8, 8]);
    let before = g.supply()[BuildingKind::Market];
    let cost = g.ruleset().building_cost(BuildingKind::Market);
    g.apply(Action::Choose(MARKET)).unwrap();
    g.apply(place(MARKET, "a1", 0)).unwrap();
    let p = g.player(0).unwrap();
    for (r, have) in [6, 7, 8, 8].into_iter().enumerate() {
        let res = Resource::ALL[r];
        assert_eq!(p.resource(res), have - cost[res]);
    }
    assert_eq!(g.supply()[BuildingKind::Market], before - 1);
    assert_eq!(p.domain().count(BuildingKind::Market), 1);
    assert!(!matches!(g.step(), Step::Build { turn: 0, .. }));
}

#[test]
fn era_18_no_piece_without_supply_or_payment() {
    let church = Piece::Building(BuildingKind::Church);
    let mut g = building(2, 2, |j| {
        clear_domain(j, 0);
        set_resources(j, 0, [0, 0, 1, 0]);
        // Every Church is in the box.
        j["boxed"][3] = json!(5);
    });
    assert_eq!(
        g.apply(Action::Choose(church)),
        Err(EraError::NotInSupply(church))
    );
    let cathedral = Piece::Building(BuildingKind::Cathedral);
    assert_eq!(
        g.apply(Action::Choose(cathedral)),
        Err(EraError::CannotPay(cathedral))
    );
    assert_eq!(
        g.apply(Action::Choose(Piece::Scorched)),
        Err(EraError::NotBuildable)
    );
    assert_eq!(legal(&g), vec![Action::Done]);
}

#[test]
fn era_18_walls_cost_stone_per_cell() {
    let mut g = building_from_the_keep(2, 1, [6, 7, 8, 8]);
    g.apply(Action::Choose(Piece::Wall(3))).unwrap();
    g.apply(place(Piece::Wall(3), "a1", 1)).unwrap();
    let p = g.player(0).unwrap();
    assert_eq!(p.resource(Resource::Stone), 7 - 3);
    assert_eq!(p.domain().walls(), bits(&["a1", "a2", "a3"]));
}

#[test]
fn era_19_the_last_building_of_a_type_flips_a_token() {
    let uni = Piece::Building(BuildingKind::University);
    let mut g = building_from_the_keep(2, 2, [6, 7, 8, 8]);
    assert_eq!(g.supply()[BuildingKind::University], 1);
    g.apply(Action::Choose(uni)).unwrap();
    g.apply(place(uni, "a1", 0)).unwrap();
    assert_eq!(g.tracking_tokens(), (3, 1));
    // Walls never flip one.
    g.apply(Action::Choose(Piece::Wall(1))).unwrap();
    g.apply(place(Piece::Wall(1), "i9", 0)).unwrap();
    assert_eq!(g.tracking_tokens(), (3, 1));
}

/// Seat 0's gray die shows `extorter`, seat 1's `victim`; seat 1 rolls
/// hammers on its yellow dice; `edit` sets the position before the round.
/// The game waits where seat 1 builds, if it can, or where Extort begins.
fn extort_setup(extorter: Side, victim: Side, edit: impl FnOnce(&mut Value)) -> Era {
    let mut g = edited(&laid_out(2), edit);
    start(&mut g);
    let r = g.ruleset().clone();
    roll_and_stop(
        &mut g,
        &[
            (Colour::Yellow, blank(&r, Colour::Yellow), 3),
            (Colour::Gray, extorter, 1),
        ],
    );
    roll_and_stop(
        &mut g,
        &[
            (Colour::Yellow, hammer(&r, Colour::Yellow), 3),
            (Colour::Gray, victim, 1),
        ],
    );
    g
}

/// [`extort_setup`] with seat 1 holding `resources` before collecting,
/// and the Build step over.
fn extort_game(extorter: Side, victim: Side, resources: [u8; 4]) -> Era {
    let mut g = extort_setup(extorter, victim, |j| set_resources(j, 1, resources));
    while matches!(g.step(), Step::Build { .. }) {
        g.apply(Action::Done).unwrap();
    }
    g
}

/// A gray face with neither swords nor shields.
fn weak(r: &Ruleset) -> Side {
    side(r, Colour::Gray, |f| {
        f.count(Symbol::Sword) == 0 && f.count(Symbol::Shield) == 0 && !f.is_skull()
    })
}

fn sword_count(r: &Ruleset, s: Side) -> u8 {
    r.face(Colour::Gray, s).count(Symbol::Sword)
}

fn shield_count(r: &Ruleset, s: Side) -> u8 {
    r.face(Colour::Gray, s).count(Symbol::Shield)
}

#[test]
fn era_20_more_swords_than_the_victims_swords_and_shields_extorts() {
    let r = Ruleset::default();
    let (_, most) = fewest_and_most_swords(&r);
    let s = sword_count(&r, most);
    let victim = Side::ALL
        .into_iter()
        .filter(|&v| sword_count(&r, v) < s && shield_count(&r, v) < s)
        .max_by_key(|&v| shield_count(&r, v))
        .unwrap();
    let mut g = extort_game(most, victim, [0, 1, 0, 0]);
    assert_eq!(g.to_move(), ToMove::Player(0));
    assert_eq!(
        g.apply(Action::Demand(Resource::Wood)),
        Err(EraError::NotOwned(Resource::Wood))
    );
    g.apply(Action::Demand(Resource::Stone)).unwrap();
    assert_eq!(g.to_move(), ToMove::Player(1));
    let stone = g.player(0).unwrap().resource(Resource::Stone);
    g.apply(Action::Pay).unwrap();
    assert_eq!(g.player(1).unwrap().resource(Resource::Stone), 0);
    assert_eq!(g.player(0).unwrap().resource(Resource::Stone), stone + 1);
}

#[test]
fn era_20_refusing_costs_two_disaster_points() {
    let r = Ruleset::default();
    let (_, most) = fewest_and_most_swords(&r);
    let mut g = extort_game(most, weak(&r), [0, 1, 0, 0]);
    let before = g.player(1).unwrap().disaster();
    g.apply(Action::Demand(Resource::Stone)).unwrap();
    g.apply(Action::Refuse).unwrap();
    assert_eq!(g.player(1).unwrap().disaster(), before + 2);
}

#[test]
fn era_20_no_extortion_when_shields_match_the_swords() {
    let r = Ruleset::default();
    let guard = Side::ALL
        .into_iter()
        .max_by_key(|&v| shield_count(&r, v))
        .unwrap();
    let attacker = Side::ALL
        .into_iter()
        .filter(|&a| {
            let s = sword_count(&r, a);
            s > 0 && shield_count(&r, guard) >= s
        })
        .max_by_key(|&a| sword_count(&r, a))
        .unwrap();
    let g = extort_game(attacker, guard, [0, 1, 0, 0]);
    // Nothing to demand: the round ended, and the next one began.
    assert_eq!(g.round(), 2);
}

#[test]
fn era_20_a_victim_with_nothing_takes_the_points() {
    let r = Ruleset::default();
    let (_, most) = fewest_and_most_swords(&r);
    let swords = sword_count(&r, most);
    // A face that pays nothing and does not protect.
    let fewest = side(&r, Colour::Gray, |f| {
        f.count(Symbol::Sword) < swords
            && f.count(Symbol::Shield) < swords
            && !f.is_skull()
            && f.resources().as_array().iter().all(|&n| n == 0)
    });
    let mut g = extort_setup(most, fewest, |j| set_resources(j, 1, [0, 0, 0, 0]));
    // Seat 1 builds nothing, owns nothing, and so cannot pay.
    let before = g.player(1).unwrap().disaster();
    assert!(
        g.player(1)
            .unwrap()
            .resources()
            .as_array()
            .iter()
            .all(|&n| n == 0)
    );
    g.apply(Action::Done).unwrap();
    assert_eq!(g.player(1).unwrap().disaster(), before + 2);
}

#[test]
fn era_21_the_disaster_track_wraps_without_limit() {
    let g = edited(&started(2), |j| j["players"][0]["disaster"] = json!(27));
    let p = g.player(0).unwrap();
    assert_eq!(p.disaster(), 27);
    assert_eq!(p.disaster_track(g.ruleset()), (1, 2));
}

#[test]
fn era_22_dice_follow_buildings_and_the_marker_passes_left() {
    let church = Piece::Building(BuildingKind::Church);
    let mut g = building_from_the_keep(3, 1, [6, 7, 8, 8]);
    g.apply(Action::Choose(church)).unwrap();
    g.apply(place(church, "a9", 0)).unwrap();
    while g.round() == 1 {
        assert!(matches!(g.to_move(), ToMove::Player(_)), "{:?}", g.step());
        g.apply(Action::Done).unwrap();
    }
    assert_eq!(g.player(0).unwrap().owned_dice().as_array(), &[0, 1, 0, 1]);
    assert_eq!(g.start_player(), 1);
    assert_eq!(g.round(), 2);
}

/// Seat 0 to build, with every tracking token about to show X: the game
/// ends with this round. `edit` sets the position to score.
fn last_round(edit: impl FnOnce(&mut Value)) -> Era {
    building(2, 1, |j| {
        // Every Townhouse, Church and Monastery is in the box.
        for kind in [
            BuildingKind::Townhouse,
            BuildingKind::Church,
            BuildingKind::Monastery,
        ] {
            j["boxed"][kind as usize] = json!(Ruleset::default().building_count(kind));
        }
        j["flipped"] = json!(3);
        clear_domain(j, 0);
        clear_domain(j, 1);
        set_resources(j, 0, [0, 0, 0, 0]);
        set_resources(j, 1, [0, 0, 0, 0]);
        edit(j);
    })
}

fn ended(edit: impl FnOnce(&mut Value)) -> Era {
    let mut g = last_round(edit);
    while g.to_move() != ToMove::Over {
        g.apply(Action::Done).unwrap();
    }
    g
}

#[test]
fn era_22_the_game_ends_when_every_token_shows_x() {
    let g = ended(|_| {});
    assert_eq!(g.step(), Step::Over);
    assert_eq!(g.round(), 1);
    assert!(g.result().is_some());
}

// ----- scoring -----

#[test]
fn era_23_era_24_settled_a_keep_is_never_walled_and_walled_buildings_score_double() {
    let r = Ruleset::default();
    let points = |k| r.building_points(k);
    let ring = |j: &mut Value| {
        add_wall(j, 0, &["a1", "b1", "c1", "d1"]);
        add_wall(j, 0, &["a3", "b3", "c3", "d3"]);
        add_wall(j, 0, &["a2"]);
        add_wall(j, 0, &["d2"]);
    };
    let g = last_round(|j| {
        ring(j);
        add_building(j, 0, BuildingKind::Hospital, &["g7", "h7", "g8", "h8"]);
        add_building(j, 0, BuildingKind::Keep, &["b2"]);
    });
    let s = g.scores()[0];
    // Keeps are never walled (ERA-9): they are wall themselves.
    let all = 2 * points(BuildingKind::Keep) + points(BuildingKind::Hospital);
    assert_eq!((s.buildings, s.walled), (all, 0));
    let g = last_round(|j| {
        ring(j);
        add_building(j, 0, BuildingKind::Hospital, &["g7", "h7", "g8", "h8"]);
        add_building(j, 0, BuildingKind::Market, &["b2", "c2"]);
    });
    let s = g.scores()[0];
    let market = points(BuildingKind::Market);
    assert_eq!(
        (s.buildings, s.walled),
        (
            points(BuildingKind::Keep) + points(BuildingKind::Hospital) + market,
            market
        )
    );
}

#[test]
fn era_24_bonus_buildings_score_each_copy() {
    let g = last_round(|j| {
        set_resources(j, 0, [1, 2, 0, 0]);
        j["players"][0]["culture"] = json!(7);
        add_building(j, 0, BuildingKind::Guildhall, &["a1", "b1", "a2", "b2"]);
        add_building(j, 0, BuildingKind::Guildhall, &["c1", "d1", "c2", "d2"]);
        add_building(j, 0, BuildingKind::University, &["e1", "f1", "e2", "f2"]);
        add_building(j, 0, BuildingKind::Market, &["a9", "b9"]);
        add_building(
            j,
            0,
            BuildingKind::Cathedral,
            &["a7", "b7", "c7", "a8", "b8", "c8"],
        );
    });
    let s = g.scores()[0];
    let p = g.player(0).unwrap();
    assert_eq!(s.guildhalls, 2 * 3);
    assert_eq!(s.universities, 7);
    assert_eq!(s.cathedrals, p.owned_dice().total());
    // Revision 4: of the Market's neighbours a8 and b8 are the
    // Cathedral's, c9 is empty.
    assert_eq!(s.markets, 1);
}

/// The Market's bonus (ERA-24, D3) of seat 0 at the end, after `edit`.
fn markets(edit: impl FnOnce(&mut Value)) -> u32 {
    ended(edit).scores()[0].markets
}

#[test]
fn era_24_d3_market_counts_only_adjacent_empty_cells() {
    let bonus = Ruleset::default().building_bonus(BuildingKind::Market);
    assert_eq!(bonus, 1);
    // Around c3–d3: b3 a wall, c2–d2 a Longhouse; e3, c4 and d4 are
    // empty. The 70 other empty cells of the domain count nothing.
    let got = markets(|j| {
        add_building(j, 0, BuildingKind::Market, &["c3", "d3"]);
        add_building(j, 0, BuildingKind::Longhouse, &["c2", "d2"]);
        add_wall(j, 0, &["b3"]);
    });
    assert_eq!(got, 3 * bonus);
    // An empty cell that fills loses its point.
    let got = markets(|j| {
        add_building(j, 0, BuildingKind::Market, &["c3", "d3"]);
        add_building(j, 0, BuildingKind::Longhouse, &["c2", "d2"]);
        add_wall(j, 0, &["b3"]);
        add_wall(j, 0, &["e3"]);
    });
    assert_eq!(got, 2 * bonus);
}

#[test]
fn era_24_d3_two_markets_count_their_adjacent_empty_cells_each_on_its_own() {
    // a2 and b2 lie next to both Markets: each counts them.
    let got = markets(|j| {
        add_building(j, 0, BuildingKind::Market, &["a1", "b1"]);
        add_building(j, 0, BuildingKind::Market, &["a3", "b3"]);
    });
    // a1–b1: a2, b2, c1. a3–b3: a2, b2, c3, a4, b4.
    assert_eq!(got, 3 + 5);
    // A Market next to another is not an empty cell of it.
    let got = markets(|j| {
        add_building(j, 0, BuildingKind::Market, &["a1", "b1"]);
        add_building(j, 0, BuildingKind::Market, &["c1", "d1"]);
    });
    // a1–b1: a2, b2. c1–d1: c2, d2, e1.
    assert_eq!(got, 2 + 3);
}

#[test]
fn era_8_era_24_d3_diagonal_cells_do_not_count_for_a_market() {
    // Every side-neighbour of b2–c2 is taken; a1, d1, a3, d3 touch it
    // only at a corner.
    let got = markets(|j| {
        add_building(j, 0, BuildingKind::Market, &["b2", "c2"]);
        add_building(j, 0, BuildingKind::Longhouse, &["b1", "c1"]);
        add_building(j, 0, BuildingKind::Longhouse, &["b3", "c3"]);
        add_wall(j, 0, &["a2"]);
        add_wall(j, 0, &["d2"]);
    });
    assert_eq!(got, 0);
}

/// The default ruleset's JSON with the Market counting every empty cell of
/// the domain: the revision-3 reading, written as data.
fn whole_domain_ruleset() -> Value {
    let mut ruleset = serde_json::to_value(Ruleset::default()).unwrap();
    assert!(
        ruleset["buildings"]["market"].get("empty_cells").is_none(),
        "the default reading is left out"
    );
    ruleset["buildings"]["market"]["empty_cells"] = json!("domain");
    ruleset
}

#[test]
fn era_24_d3_the_whole_domain_count_is_still_a_ruleset_value() {
    let ruleset = whole_domain_ruleset();
    let loaded: Ruleset = serde_json::from_value(ruleset.clone()).unwrap();
    assert_eq!(
        loaded.bonus_empty_cells(BuildingKind::Market),
        EmptyCells::Domain
    );
    assert!(!loaded.is_default());
    let two_markets = |j: &mut Value| {
        add_building(j, 0, BuildingKind::Market, &["a1", "b1"]);
        add_building(j, 0, BuildingKind::Market, &["a3", "b3"]);
    };
    let got = markets(|j| {
        j["config"]["ruleset"] = ruleset;
        two_markets(j);
    });
    // 81 cells − Keep − 2 − 2 = 76 empty, for each Market.
    assert_eq!(got, 2 * 76);
    assert_eq!(markets(two_markets), 3 + 5, "the default counts neighbours");
}

#[test]
fn era_24_d3_a_revision_3_state_counts_the_whole_domain() {
    let got = markets(|j| {
        assert_eq!(j["config"]["revision"], json!(4));
        j["config"]["revision"] = json!(3);
        add_building(j, 0, BuildingKind::Market, &["a1", "b1"]);
    });
    // 81 cells − Keep − 2 = 78 empty.
    assert_eq!(got, 78);
    // Written back as revision 4 with the ruleset saying so.
    let g = ended(|j| j["config"]["revision"] = json!(3));
    let config = serde_json::to_value(g.config()).unwrap();
    assert_eq!(config["revision"], json!(4));
    assert_eq!(config["ruleset"], whole_domain_ruleset());
}

#[test]
fn era_25_most_culture_scores_the_bonus_shared_on_ties() {
    let g = last_round(|j| {
        j["players"][0]["culture"] = json!(30);
        j["players"][1]["culture"] = json!(30);
    });
    let s = g.scores();
    assert_eq!((s[0].culture, s[0].culture_bonus), (30, 5));
    assert_eq!(s[1].culture_bonus, 5);
    let g = last_round(|_| {});
    assert_eq!(g.scores()[0].culture_bonus, 0, "at least 1 culture");
}

#[test]
fn era_26_largest_walled_area_scores_the_bonus() {
    let g = last_round(|j| {
        add_wall(j, 0, &["a1", "b1", "c1"]);
        add_wall(j, 0, &["a3", "b3", "c3"]);
        add_wall(j, 0, &["a2"]);
        add_wall(j, 0, &["c2"]);
    });
    let s = g.scores();
    assert_eq!((s[0].walled_area, s[0].walled_area_bonus), (1, 10));
    assert_eq!(s[1].walled_area_bonus, 0);
}

#[test]
fn era_27_disaster_points_are_subtracted() {
    let g = last_round(|j| j["players"][0]["disaster"] = json!(30));
    let s = g.scores()[0];
    assert_eq!(s.disasters, 30);
    assert_eq!(s.total(), 1 - 30);
}

#[test]
fn era_28_ties_go_to_goods_then_stone_then_wood_then_food_then_share() {
    let g = ended(|j| {
        set_resources(j, 0, [1, 0, 0, 0]);
        set_resources(j, 1, [0, 6, 6, 6]);
    });
    // No Guildhall: resources do not score, they only break ties.
    assert_eq!(g.result().unwrap().winners(), &[0]);
    let g = ended(|j| {
        set_resources(j, 0, [0, 0, 0, 1]);
        set_resources(j, 1, [0, 0, 0, 1]);
    });
    assert_eq!(g.result().unwrap().winners(), &[0, 1]);
    let g = ended(|j| {
        set_resources(j, 0, [0, 0, 0, 1]);
        set_resources(j, 1, [0, 0, 0, 1]);
        j["players"][1]["culture"] = json!(1);
    });
    assert_eq!(g.result().unwrap().winners(), &[1]);
}

// ----- the ruleset and errors -----

#[test]
fn a_changed_ruleset_changes_the_dice_and_the_disasters() {
    let mut spec = RulesetSpec::default();
    // Every yellow face is "KH"; two skulls or more mean Revolt.
    spec.dice.yellow = vec!["KH".into(); 6];
    spec.disasters = vec![
        DisasterRow::new(0, Some(1), Disaster::None),
        DisasterRow::new(2, None, Disaster::Points { disaster: 9 }),
    ];
    let config = EraConfig::with_ruleset(2, Ruleset::new(spec).unwrap());
    let g = laid_out_with(&config);
    let mut g = edited(&g, |j| set_resources(j, 0, [0, 2, 2, 8]));
    start(&mut g);
    let r = g.ruleset().clone();
    roll_and_stop(
        &mut g,
        &[
            (Colour::Yellow, Side::One, 3),
            (Colour::Gray, blank(&r, Colour::Gray), 1),
        ],
    );
    roll_and_stop(
        &mut g,
        &[
            (Colour::Yellow, Side::One, 3),
            (Colour::Gray, blank(&r, Colour::Gray), 1),
        ],
    );
    assert_eq!(
        g.step(),
        Step::Build {
            turn: 0,
            hammers: 3,
            chosen: None
        }
    );
    let p = g.player(0).unwrap();
    assert_eq!(p.disaster(), 9);
}

#[test]
fn illegal_actions_name_the_rule_and_change_nothing() {
    let mut g = started(2);
    let before = g.clone();
    assert_eq!(g.apply(Action::Pay), Err(EraError::WaitingForChance));
    assert_eq!(g, before);
    let mut g = building(2, 1, |_| {});
    let before = g.clone();
    let err = g.apply(Action::Roll).unwrap_err();
    assert!(err.to_string().starts_with("ERA-12"), "{err}");
    assert_eq!(g, before);
}

// ----- revision 3: values and settled readings -----

#[test]
fn d3_the_farm_costs_two_wood_and_no_building_costs_food() {
    let r = Ruleset::default();
    assert_eq!(
        r.building_cost(BuildingKind::Farm).as_array(),
        &[0, 0, 2, 0]
    );
    for kind in BuildingKind::ALL {
        assert_eq!(r.building_cost(kind)[Resource::Food], 0, "{kind}");
    }
}

#[test]
fn era_13_settled_a_feather_on_the_die_rolled_with_it_gives_no_reroll() {
    let r = Ruleset::default();
    let plain = blank(&r, Colour::White);
    let (mut g, feather) = feather_rolled(BuildingKind::Church, (Colour::White, plain));
    g.apply(feather_for(feather, Colour::White, plain)).unwrap();
    // Both white dice land on the feather: neither re-rolls again.
    roll(&mut g, &[(Colour::White, feather, 2)]);
    assert_ne!(g.step(), Step::Feathers { turn: 0 });
    assert!(
        !legal(&g)
            .iter()
            .any(|a| matches!(a, Action::Feather { .. }))
    );
}

#[test]
fn era_14_settled_a_monastery_may_set_a_skull_stop_at_once_and_the_skull_counts() {
    let mut g = with_monasteries(1);
    let r = g.ruleset().clone();
    let plain = blank(&r, Colour::Yellow);
    let dead = skull(&r, Colour::Yellow);
    roll(
        &mut g,
        &[
            (Colour::Yellow, plain, 2),
            (Colour::Gray, blank(&r, Colour::Gray), 1),
            (Colour::White, blank(&r, Colour::White), 1),
        ],
    );
    // A die may be set to its skull face, and the player may stop at once.
    g.apply(set_die(Colour::Yellow, plain, dead)).unwrap();
    assert!(legal(&g).contains(&Action::Done));
    g.apply(Action::Done).unwrap();
    assert_eq!(g.step(), Step::Roll { turn: 1 });
    blank_rolls(&mut g);
    while matches!(g.step(), Step::Feathers { .. } | Step::Collect { .. }) {
        let a = legal(&g)[0];
        g.apply(a).unwrap();
    }
    // The set skull is one skull: Brigands (D5, 1 skull) strikes seat 0.
    assert_strikes(&g, 0);
}

#[test]
fn era_15_settled_choice_faces_are_decided_die_by_die() {
    let r = Ruleset::default();
    let choice = side(&r, Colour::Yellow, era_rules::Face::is_choice);
    let mut g = started(2);
    roll_then_blanks(
        &mut g,
        &[
            (Colour::Yellow, choice, 3),
            (Colour::Gray, blank(&r, Colour::Gray), 1),
        ],
    );
    while matches!(g.step(), Step::Feathers { .. }) {
        g.apply(Action::Done).unwrap();
    }
    // Seat 0 first, one die per decision: three decisions for three dice.
    for left in (1..=3u8).rev() {
        assert_eq!(g.step(), Step::Collect { turn: 0 });
        assert_eq!(
            g.player(0).unwrap().choices().get(Colour::Yellow, choice),
            left
        );
        let a = legal(&g)[0];
        assert!(matches!(a, Action::Collect { .. }));
        g.apply(a).unwrap();
    }
    assert_ne!(g.step(), Step::Collect { turn: 0 });
}
