//! One or more tests per rule of the specification, named after its id.

extern crate std;

use alloc::vec;
use alloc::vec::Vec;

use dice_core::{Game, ToMove, Viewer};

use crate::action::{Action, Chance, DieRef};
use crate::dice::DiceCounts;
use crate::domain::Building;
use crate::piece::{BuildingKind, Cell, Piece};
use crate::state::{Era, Step};
use crate::symbols::{Colour, Resource};
use crate::{EraConfig, EraError, Ruleset, RulesetSpec, auto_layout_action};

fn cell(s: &str) -> Cell {
    s.parse().unwrap()
}

fn bits(cells: &[&str]) -> u128 {
    cells
        .iter()
        .map(|c| 1u128 << cell(c).bit(9).unwrap())
        .fold(0, |a, b| a | b)
}

/// Laid out by the helper; seat 0 starts (its gray die shows XX).
fn started(players: usize) -> Era {
    let mut g = Era::new(&EraConfig::new(players)).unwrap();
    while let Some(a) = auto_layout_action(&g) {
        g.apply(a).unwrap();
    }
    let mut faces = [None; 4];
    for (s, f) in faces.iter_mut().enumerate().take(players) {
        *f = Some(if s == 0 { 1 } else { 2 });
    }
    g.apply_chance(Chance::StartRoll(faces)).unwrap();
    g
}

/// A bare domain for seat `seat`: only the Keep.
fn clear_domain(g: &mut Era, seat: usize) {
    let d = &mut g.players[seat].domain;
    d.buildings.retain(|b| b.kind == BuildingKind::Keep);
    d.walls = 0;
    d.wall_counts = [0; 8];
    d.scorched = 0;
}

fn faces(colour: Colour, f: &[(u8, u8)]) -> DiceCounts {
    let mut d = DiceCounts::default();
    for &(face, n) in f {
        d.add(colour, face, n);
    }
    let _ = colour;
    d
}

/// Puts every player's dice on the table as given, after the reveal.
fn with_dice(g: &mut Era, dice: &[DiceCounts]) {
    for (p, d) in g.players.iter_mut().zip(dice) {
        p.dice = *d;
        p.owned = d.per_colour();
        p.rolling = [0; 4];
        p.set_aside = DiceCounts::default();
    }
}

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
    assert_eq!(r.scorched, 27);
    let dice: u32 = Colour::ALL
        .iter()
        .map(|c| u32::from(r.building_count(c.carrier())))
        .sum();
    assert_eq!(dice, 36);
    assert_eq!(r.tracking_tokens(4), 5);
}

#[test]
fn era_2_dice_follow_die_carrying_buildings() {
    let g = started(3);
    for p in &g.players {
        assert_eq!(p.owned, [3, 1, 0, 0]);
        assert_eq!(p.owned, p.domain.carried_dice());
    }
    assert_eq!(Colour::White.carrier(), BuildingKind::Church);
    assert_eq!(BuildingKind::Townhouse.die(), Some(Colour::Blue));
}

#[test]
fn era_3_two_players_box_one_of_each_and_tokens_by_table() {
    let two = Era::new(&EraConfig::new(2)).unwrap();
    assert_eq!(two.boxed, [1; 12]);
    assert_eq!(two.tracking_tokens(), (3, 0));
    let three = Era::new(&EraConfig::new(3)).unwrap();
    assert_eq!(three.boxed, [0; 12]);
    assert_eq!(three.tracking_tokens(), (3, 0));
    let four = Era::new(&EraConfig::new(4)).unwrap();
    assert_eq!(four.tracking_tokens(), (5, 0));
    assert_eq!(Era::new(&EraConfig::new(5)), Err(EraError::Players(5)));
}

#[test]
fn era_4_each_player_starts_with_keep_pieces_and_resources() {
    let g = Era::new(&EraConfig::new(2)).unwrap();
    let p = &g.players[0];
    assert_eq!(p.resources, [0, 2, 2, 2]);
    assert_eq!(p.domain.keeps(), 1u128 << 40);
    assert_eq!(p.domain.cell_char(cell("e5")), 'K');
    let start: Vec<Piece> = (0..g.start_total())
        .map(|i| g.start_piece(i).unwrap())
        .collect();
    assert_eq!(
        start,
        vec![
            Piece::Building(BuildingKind::Farm),
            Piece::Wall(4),
            Piece::Wall(4),
            Piece::Wall(4),
            Piece::Building(BuildingKind::Longhouse),
            Piece::Building(BuildingKind::Longhouse),
            Piece::Building(BuildingKind::Longhouse),
            Piece::Scorched,
            Piece::Scorched,
        ]
    );
    assert_eq!(Era::new(&EraConfig::new(3)).unwrap().start_total(), 8);
    assert_eq!(Era::new(&EraConfig::new(4)).unwrap().start_total(), 7);
}

#[test]
fn era_5_layouts_stay_secret_until_everyone_is_done() {
    let mut g = Era::new(&EraConfig::new(2)).unwrap();
    let wrong = Action::Place {
        piece: Piece::Building(BuildingKind::Longhouse),
        at: cell("a1"),
        turn: 0,
    };
    assert_eq!(
        g.apply(wrong),
        Err(EraError::NotNextPiece(Piece::Building(BuildingKind::Farm)))
    );
    g.apply(auto_layout_action(&g).unwrap()).unwrap();
    assert!(g.view(Viewer::Seat(1)).players[0].domain.is_none());
    assert!(g.view(Viewer::Spectator).players[0].domain.is_none());
    assert!(g.view(Viewer::Seat(0)).players[0].domain.is_some());
    while let Some(a) = auto_layout_action(&g) {
        g.apply(a).unwrap();
    }
    assert_eq!(g.to_move(), ToMove::Chance);
    assert!(g.view(Viewer::Seat(1)).players[0].domain.is_some());
}

#[test]
fn era_6_most_swords_starts_and_ties_roll_again() {
    let mut g = Era::new(&EraConfig::new(3)).unwrap();
    while let Some(a) = auto_layout_action(&g) {
        g.apply(a).unwrap();
    }
    // Faces 0 (X) and 4 (HX) tie on one sword; face 2 (D) has none.
    g.apply_chance(Chance::StartRoll([Some(0), Some(4), Some(2), None]))
        .unwrap();
    assert_eq!(g.step, Step::StartRoll { rolling: 0b011 });
    assert_eq!(
        g.apply_chance(Chance::StartRoll([Some(0), Some(4), Some(2), None])),
        Err(EraError::ImpossibleStartRoll)
    );
    g.apply_chance(Chance::StartRoll([Some(3), Some(1), None, None]))
        .unwrap();
    assert_eq!(g.start_player(), 1);
    assert_eq!(g.round(), 1);
    assert_eq!(g.step, Step::Roll { turn: 0 });
    assert_eq!(g.to_move(), ToMove::Chance);
}

#[test]
fn era_7_pieces_turn_and_mirror_but_never_cover_taken_cells() {
    let r = Ruleset::default();
    assert_eq!(r.orientations(Piece::Building(BuildingKind::Monastery)), 4);
    assert_eq!(r.orientations(Piece::Building(BuildingKind::Farm)), 1);
    assert_eq!(r.orientations(Piece::Wall(3)), 2);
    let mut g = started(2);
    clear_domain(&mut g, 0);
    g.players[0].domain.scorched = bits(&["a1"]);
    g.players[0].resources = [8, 8, 8, 8];
    g.step = Step::Build {
        turn: 0,
        hammers: 1,
        chosen: Some(Piece::Building(BuildingKind::Farm)),
    };
    let on = |at: &str| Action::Place {
        piece: Piece::Building(BuildingKind::Farm),
        at: cell(at),
        turn: 0,
    };
    let farm = Piece::Building(BuildingKind::Farm);
    assert_eq!(g.check(&on("a1")), Err(EraError::DoesNotFit(farm)));
    assert_eq!(g.check(&on("i9")), Err(EraError::DoesNotFit(farm)));
    assert_eq!(g.check(&on("d4")), Err(EraError::DoesNotFit(farm)));
    assert_eq!(g.check(&on("b1")), Ok(()));
}

#[test]
fn era_8_diagonal_contact_is_not_adjacency() {
    let mut g = started(2);
    clear_domain(&mut g, 0);
    let d = &mut g.players[0].domain;
    d.buildings.push(Building {
        kind: BuildingKind::Market,
        cells: bits(&["a1", "b1"]),
    });
    d.buildings.push(Building {
        kind: BuildingKind::Market,
        cells: bits(&["c2", "d2"]),
    });
    assert_eq!(d.largest_cluster(), 1);
    d.buildings.push(Building {
        kind: BuildingKind::Market,
        cells: bits(&["c1", "d1"]),
    });
    assert_eq!(d.largest_cluster(), 3);
}

#[test]
fn era_9_walls_that_touch_only_diagonally_leak() {
    let mut g = started(2);
    clear_domain(&mut g, 0);
    let d = &mut g.players[0].domain;
    // A diamond of walls around b2..: touching only at corners.
    d.walls = bits(&["b1", "a2", "c2", "b3"]);
    assert_eq!(d.walled_cells(), 0);
    // A closed square ring encloses its middle.
    d.walls = bits(&["a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"]);
    assert_eq!(d.walled_cells(), bits(&["b2"]));
    // The Keep counts as wall: replace one ring cell by... the ring with a
    // gap leaks.
    d.walls &= !bits(&["c3"]);
    assert_eq!(d.walled_cells(), 0);
    let b = Building {
        kind: BuildingKind::Market,
        cells: bits(&["b2"]),
    };
    assert!(!d.is_walled(&b));
}

#[test]
fn era_9_the_keep_counts_as_wall() {
    let mut g = started(2);
    clear_domain(&mut g, 0);
    let d = &mut g.players[0].domain;
    // The Keep is e5; wall in e6 with a ring using the Keep as one side.
    d.walls = bits(&["d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6"]);
    assert_eq!(d.walled_cells(), 0, "the Keep fills the only inner cell");
    d.walls = bits(&["c4", "d4", "e4", "c5", "c6", "d6", "e6"]);
    // d5 is enclosed by walls and the Keep on e5.
    assert_eq!(d.walled_cells(), bits(&["d5"]));
}

#[test]
fn era_10_walled_area_skips_keep_and_scorched_cells() {
    let mut g = started(2);
    clear_domain(&mut g, 0);
    let d = &mut g.players[0].domain;
    d.walls = bits(&[
        "a1", "b1", "c1", "d1", "a2", "d2", "a3", "d3", "a4", "b4", "c4", "d4",
    ]);
    assert_eq!(d.walled_area(), 4);
    d.scorched = bits(&["b2"]);
    assert_eq!(d.walled_area(), 3);
}

#[test]
fn era_11_clusters_join_buildings_not_walls_or_keeps() {
    let mut g = started(2);
    clear_domain(&mut g, 0);
    let d = &mut g.players[0].domain;
    d.buildings.push(Building {
        kind: BuildingKind::Market,
        cells: bits(&["d5"]),
    });
    d.buildings.push(Building {
        kind: BuildingKind::Market,
        cells: bits(&["f5"]),
    });
    // Joined only through the Keep on e5: not a cluster.
    assert_eq!(d.largest_cluster(), 1);
    d.walls = bits(&["d6", "e6", "f6"]);
    assert_eq!(d.largest_cluster(), 1);
    d.buildings.push(Building {
        kind: BuildingKind::Market,
        cells: bits(&["d4", "e4"]),
    });
    d.buildings.push(Building {
        kind: BuildingKind::Market,
        cells: bits(&["f4"]),
    });
    assert_eq!(d.largest_cluster(), 4);
}

#[test]
fn era_12_skulls_lock_three_rolls_and_dice_stay_hidden() {
    let mut g = started(2);
    // Seat 0 rolls 3 yellow and 1 gray: one yellow skull (face 5).
    g.apply_chance(Chance::Roll {
        die: Colour::Yellow,
        faces: [1, 0, 0, 0, 0, 3],
    })
    .unwrap_err();
    g.apply_chance(Chance::Roll {
        die: Colour::Yellow,
        faces: [1, 1, 0, 0, 0, 1],
    })
    .unwrap();
    g.apply_chance(Chance::Roll {
        die: Colour::Gray,
        faces: [0, 1, 0, 0, 0, 0],
    })
    .unwrap();
    assert_eq!(g.to_move(), ToMove::Player(0));
    let skull = Action::Reroll(DieRef {
        die: Colour::Yellow,
        face: 5,
    });
    assert_eq!(g.apply(skull), Err(EraError::NoSuchDie));
    assert_eq!(g.apply(Action::Roll), Err(EraError::NothingSetAside));
    // Hidden from seat 1 and spectators.
    assert!(g.view(Viewer::Seat(1)).players[0].dice.is_none());
    assert!(g.view(Viewer::Spectator).players[0].dice.is_none());
    assert!(g.view(Viewer::Seat(0)).players[0].dice.is_some());
    // Two more rolls, then the turn passes by itself.
    for _ in 0..2 {
        g.apply(Action::Reroll(DieRef {
            die: Colour::Yellow,
            face: 0,
        }))
        .unwrap();
        g.apply(Action::Roll).unwrap();
        g.apply_chance(Chance::Roll {
            die: Colour::Yellow,
            faces: [1, 0, 0, 0, 0, 0],
        })
        .unwrap();
    }
    assert_eq!(g.players[0].rolls, 3);
    assert_eq!(g.step, Step::Roll { turn: 1 });
    assert_eq!(g.to_move(), ToMove::Chance);
}

#[test]
fn era_12_a_player_may_stop_early() {
    let mut g = started(2);
    g.apply_chance(Chance::Roll {
        die: Colour::Yellow,
        faces: [3, 0, 0, 0, 0, 0],
    })
    .unwrap();
    g.apply_chance(Chance::Roll {
        die: Colour::Gray,
        faces: [1, 0, 0, 0, 0, 0],
    })
    .unwrap();
    g.apply(Action::Done).unwrap();
    assert_eq!(g.step, Step::Roll { turn: 1 });
    assert_eq!(g.players[0].rolls, 1);
}

fn after_reveal(players: usize, dice: &[DiceCounts]) -> Era {
    let mut g = started(players);
    with_dice(&mut g, dice);
    g.reveal();
    g.step = Step::Feathers { turn: 0 };
    g.settle();
    g
}

#[test]
fn era_13_a_feather_rerolls_once_even_with_a_skull() {
    let mut white = faces(Colour::White, &[(2, 1)]);
    white.add(Colour::Yellow, 5, 1);
    let mut g = after_reveal(2, &[white, DiceCounts::default()]);
    assert_eq!(g.to_move(), ToMove::Player(0));
    g.apply(Action::Feather {
        face: 2,
        with: Some(DieRef {
            die: Colour::Yellow,
            face: 5,
        }),
    })
    .unwrap();
    assert_eq!(g.players[0].rolling, [1, 0, 0, 1]);
    g.apply_chance(Chance::Roll {
        die: Colour::Yellow,
        faces: [1, 0, 0, 0, 0, 0],
    })
    .unwrap();
    // The white die shows a feather again, but it was already used.
    g.apply_chance(Chance::Roll {
        die: Colour::White,
        faces: [0, 0, 1, 0, 0, 0],
    })
    .unwrap();
    assert!(!matches!(g.step, Step::Feathers { turn: 0 }));
}

#[test]
fn era_14_a_monastery_sets_a_die_without_a_skull() {
    let mut dice = faces(Colour::Yellow, &[(0, 1), (5, 1)]);
    dice.add(Colour::Gray, 2, 1);
    let mut g = started(2);
    with_dice(&mut g, &[dice, DiceCounts::default()]);
    g.players[0].domain.buildings.push(Building {
        kind: BuildingKind::Monastery,
        cells: bits(&["a1", "a2", "b2"]),
    });
    g.enter_monastery(0);
    g.settle();
    assert_eq!(g.step, Step::Monastery { turn: 0, left: 1 });
    let skull = Action::SetDie {
        die: Colour::Yellow,
        from: 5,
        to: 3,
    };
    assert_eq!(g.apply(skull), Err(EraError::CannotSet));
    g.apply(Action::SetDie {
        die: Colour::Yellow,
        from: 0,
        to: 3,
    })
    .unwrap();
    assert_eq!(g.players[0].dice.get(Colour::Yellow, 3), 1);
    assert!(!matches!(g.step, Step::Monastery { turn: 0, .. }));
}

#[test]
fn era_15_collect_caps_resources_but_not_culture() {
    let mut g = started(2);
    // Four white CC dice and 5 blue GG dice; a Farm and a Lumber Mill.
    let mut dice = faces(Colour::White, &[(1, 4)]);
    dice.add(Colour::Blue, 1, 5);
    with_dice(&mut g, &[dice, DiceCounts::default()]);
    g.players[0].culture = 20;
    g.players[0].domain.buildings.push(Building {
        kind: BuildingKind::LumberMill,
        cells: bits(&["a1", "b1"]),
    });
    let before = g.players[0].resources;
    g.collect();
    let p = &g.players[0];
    assert_eq!(p.resource(Resource::Goods), 8, "10 goods, capped at 8");
    assert_eq!(p.culture, 28);
    assert_eq!(p.culture_track(25), (1, 3));
    // The Farm of the layout gives 1 food, the Lumber Mill 2 wood.
    assert_eq!(p.resource(Resource::Food), before[3] + 1);
    assert_eq!(p.resource(Resource::Wood), before[2] + 2);
}

#[test]
fn era_16_each_unfed_die_costs_a_disaster_point() {
    let mut g = started(2);
    g.players[0].resources[3] = 2;
    g.players[0].owned = [3, 1, 0, 0];
    g.feed();
    assert_eq!(g.players[0].resource(Resource::Food), 0);
    assert_eq!(g.players[0].disaster, 2);
}

fn disaster_game(skulls: u8) -> Era {
    let mut g = started(2);
    let dice = faces(Colour::Yellow, &[(5, skulls)]);
    with_dice(&mut g, &[dice, DiceCounts::default()]);
    g.players[0].resources = [5, 5, 5, 5];
    g.players[1].resources = [0, 0, 0, 0];
    g.enter_disaster(0);
    g.settle();
    g
}

#[test]
fn era_17_two_skulls_brigands_take_all_goods() {
    let g = disaster_game(2);
    assert_eq!(g.players[0].resources, [0, 5, 5, 5]);
}

#[test]
fn era_17_three_skulls_treachery_each_opponent_scorches_a_cell() {
    let mut g = disaster_game(3);
    assert_eq!(g.step, Step::Treachery { turn: 0, by: 1 });
    assert_eq!(g.to_move(), ToMove::Player(1));
    let keep = cell("e5");
    assert_eq!(g.apply(Action::Scorch(keep)), Err(EraError::NotEmpty(keep)));
    let empty = g.players[0]
        .domain
        .cells(g.players[0].domain.empty())
        .next()
        .unwrap();
    g.apply(Action::Scorch(empty)).unwrap();
    assert!(g.players[0].domain.scorched >> empty.bit(9).unwrap() & 1 == 1);
}

#[test]
fn era_17_treachery_without_an_empty_cell_costs_two_points() {
    let mut g = started(2);
    let dice = faces(Colour::Yellow, &[(5, 3)]);
    with_dice(&mut g, &[dice, DiceCounts::default()]);
    let all = crate::grid::all_cells(9);
    g.players[0].domain.scorched |= all & !g.players[0].domain.occupied();
    g.enter_disaster(0);
    g.settle();
    assert_eq!(g.players[0].disaster, 2);
}

#[test]
fn era_17_four_skulls_disease_strikes_the_largest_cluster() {
    let mut g = started(2);
    clear_domain(&mut g, 0);
    for c in [["a1", "b1"], ["c1", "d1"], ["a2", "b2"]] {
        g.players[0].domain.buildings.push(Building {
            kind: BuildingKind::Longhouse,
            cells: bits(&c),
        });
    }
    let dice = faces(Colour::Yellow, &[(5, 4)]);
    with_dice(&mut g, &[dice, DiceCounts::default()]);
    g.enter_disaster(0);
    assert_eq!(g.players[0].disaster, 3);
    // A Hospital prevents two.
    g.players[0].domain.buildings.push(Building {
        kind: BuildingKind::Hospital,
        cells: bits(&["g7", "h7", "g8", "h8"]),
    });
    g.players[0].disaster = 0;
    g.enter_disaster(0);
    assert_eq!(g.players[0].disaster, 1);
}

#[test]
fn era_17_five_skulls_fire_the_victim_burns_an_unwalled_building() {
    let mut g = disaster_game(5);
    assert!(matches!(g.step, Step::Fire { turn: 0 }));
    assert_eq!(g.to_move(), ToMove::Player(0));
    let keep = cell("e5");
    assert_eq!(
        g.apply(Action::Burn(keep)),
        Err(EraError::NotBurnable(keep))
    );
    let before = g.players[0].domain.buildings.len();
    let (_, b) = g.players[0]
        .domain
        .buildings
        .iter()
        .enumerate()
        .find(|(_, b)| b.kind != BuildingKind::Keep)
        .unwrap();
    let kind = b.kind;
    let at = g.players[0].domain.cells(b.cells).next().unwrap();
    g.apply(Action::Burn(at)).unwrap();
    assert_eq!(g.players[0].domain.buildings.len(), before - 1);
    assert_eq!(g.boxed[kind.index()], 1 + g.ruleset().two_player_removed);
}

#[test]
fn era_17_six_skulls_revolt() {
    let g = disaster_game(6);
    assert_eq!(g.players[0].resources, [0; 4]);
    assert_eq!(g.players[0].disaster, 5);
}

fn build_game(hammers: u8) -> Era {
    let mut g = started(2);
    clear_domain(&mut g, 0);
    g.players[0].resources = [8, 8, 8, 8];
    g.step = Step::Build {
        turn: 0,
        hammers,
        chosen: None,
    };
    g
}

#[test]
fn era_18_one_piece_per_hammer_paid_from_the_supply() {
    let mut g = build_game(1);
    let market = Piece::Building(BuildingKind::Market);
    g.apply(Action::Choose(market)).unwrap();
    g.apply(Action::Place {
        piece: market,
        at: cell("a1"),
        turn: 0,
    })
    .unwrap();
    assert_eq!(g.players[0].resources, [6, 8, 7, 8]);
    assert_eq!(g.supply[BuildingKind::Market.index()], 1);
    assert_eq!(g.players[0].domain.count(BuildingKind::Market), 1);
    assert!(!matches!(g.step, Step::Build { turn: 0, .. }));
}

#[test]
fn era_18_no_piece_without_supply_or_payment() {
    let mut g = build_game(2);
    let church = Piece::Building(BuildingKind::Church);
    g.supply[BuildingKind::Church.index()] = 0;
    g.boxed[BuildingKind::Church.index()] += 4;
    assert_eq!(
        g.apply(Action::Choose(church)),
        Err(EraError::NotInSupply(church))
    );
    g.players[0].resources = [0, 0, 1, 0];
    let cathedral = Piece::Building(BuildingKind::Cathedral);
    assert_eq!(
        g.apply(Action::Choose(cathedral)),
        Err(EraError::CannotPay(cathedral))
    );
    assert_eq!(
        g.apply(Action::Choose(Piece::Scorched)),
        Err(EraError::NotBuildable)
    );
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert_eq!(legal, vec![Action::Done]);
}

#[test]
fn era_18_walls_cost_stone_per_cell() {
    let mut g = build_game(1);
    g.apply(Action::Choose(Piece::Wall(3))).unwrap();
    g.apply(Action::Place {
        piece: Piece::Wall(3),
        at: cell("a1"),
        turn: 1,
    })
    .unwrap();
    assert_eq!(g.players[0].resources, [8, 5, 8, 8]);
    assert_eq!(g.players[0].domain.walls, bits(&["a1", "a2", "a3"]));
}

#[test]
fn era_19_the_last_building_of_a_type_flips_a_token() {
    let mut g = build_game(2);
    let uni = Piece::Building(BuildingKind::University);
    assert_eq!(g.supply[BuildingKind::University.index()], 1);
    g.apply(Action::Choose(uni)).unwrap();
    g.apply(Action::Place {
        piece: uni,
        at: cell("a1"),
        turn: 0,
    })
    .unwrap();
    assert_eq!(g.tracking_tokens(), (3, 1));
    // Walls never flip one.
    g.wall_supply[0] = 1;
    g.apply(Action::Choose(Piece::Wall(1))).unwrap();
    g.apply(Action::Place {
        piece: Piece::Wall(1),
        at: cell("i9"),
        turn: 0,
    })
    .unwrap();
    assert_eq!(g.wall_supply[0], 0);
    assert_eq!(g.tracking_tokens(), (3, 1));
}

fn extort_game(extorter: DiceCounts, victim: DiceCounts) -> Era {
    let mut g = started(2);
    with_dice(&mut g, &[extorter, victim]);
    g.players[1].resources = [0, 1, 0, 0];
    g.step = Step::Extort {
        turn: 0,
        victim: 1,
        demand: None,
    };
    g.settle();
    g
}

#[test]
fn era_20_more_swords_than_the_victims_swords_and_shields_extorts() {
    let two_swords = faces(Colour::Gray, &[(1, 1)]);
    let one_shield = faces(Colour::Gray, &[(2, 1)]);
    let mut g = extort_game(two_swords, one_shield);
    assert_eq!(g.to_move(), ToMove::Player(0));
    assert_eq!(
        g.apply(Action::Demand(Resource::Wood)),
        Err(EraError::NotOwned(Resource::Wood))
    );
    g.apply(Action::Demand(Resource::Stone)).unwrap();
    assert_eq!(g.to_move(), ToMove::Player(1));
    let stone = g.players[0].resource(Resource::Stone);
    g.apply(Action::Pay).unwrap();
    assert_eq!(g.players[1].resource(Resource::Stone), 0);
    assert_eq!(g.players[0].resource(Resource::Stone), stone + 1);
}

#[test]
fn era_20_refusing_costs_two_disaster_points() {
    let mut g = extort_game(faces(Colour::Gray, &[(1, 1)]), DiceCounts::default());
    g.apply(Action::Demand(Resource::Stone)).unwrap();
    g.apply(Action::Refuse).unwrap();
    assert_eq!(g.players[1].disaster, 2);
}

#[test]
fn era_20_no_extortion_when_shields_match_the_swords() {
    let mut g = extort_game(
        faces(Colour::Gray, &[(0, 1)]),
        faces(Colour::Gray, &[(2, 1)]),
    );
    // One sword against one shield: nothing, the round moves on.
    assert!(!matches!(
        g.step,
        Step::Extort {
            turn: 0,
            demand: Some(_),
            ..
        }
    ));
    assert_ne!(g.to_move(), ToMove::Player(1));
    g.players[1].resources = [0; 4];
    assert_eq!(g.players[1].disaster, 0);
}

#[test]
fn era_20_a_victim_with_nothing_takes_the_points() {
    let mut g = started(2);
    with_dice(
        &mut g,
        &[faces(Colour::Gray, &[(1, 1)]), DiceCounts::default()],
    );
    g.players[1].resources = [0; 4];
    g.step = Step::Extort {
        turn: 0,
        victim: 1,
        demand: None,
    };
    g.settle();
    assert_eq!(g.players[1].disaster, 2);
}

#[test]
fn era_21_the_disaster_track_wraps_without_limit() {
    let mut g = started(2);
    g.add_disaster(0, 27);
    assert_eq!(g.players[0].disaster(), 27);
    assert_eq!(g.players[0].disaster_track(25), (1, 2));
}

#[test]
fn era_22_dice_follow_buildings_and_the_marker_passes_left() {
    let mut g = started(3);
    g.players[0].domain.buildings.push(Building {
        kind: BuildingKind::Church,
        cells: bits(&["a9", "b9"]),
    });
    g.supply[BuildingKind::Church.index()] -= 1;
    g.end_round();
    assert_eq!(g.players[0].owned, [3, 1, 0, 1]);
    assert_eq!(g.start_player(), 1);
    assert_eq!(g.round(), 2);
}

#[test]
fn era_22_the_game_ends_when_every_token_shows_x() {
    let mut g = started(2);
    g.flipped = g.tokens;
    g.end_round();
    assert_eq!(g.to_move(), ToMove::Over);
    assert!(g.result().is_some());
}

fn scoring_game() -> Era {
    let mut g = started(2);
    clear_domain(&mut g, 0);
    clear_domain(&mut g, 1);
    g.players[0].resources = [0; 4];
    g.players[1].resources = [0; 4];
    g.step = Step::Over;
    g
}

#[test]
fn era_23_walled_buildings_score_double() {
    let mut g = scoring_game();
    let d = &mut g.players[0].domain;
    d.walls = bits(&["a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"]);
    d.buildings.push(Building {
        kind: BuildingKind::Hospital,
        cells: bits(&["g7", "h7", "g8", "h8"]),
    });
    d.buildings.push(Building {
        kind: BuildingKind::Keep,
        cells: bits(&["b2"]),
    });
    let s = g.scores()[0];
    // Two Keeps (1 each, never walled) and a Hospital (3).
    assert_eq!((s.buildings, s.walled), (5, 0));
    let d = &mut g.players[0].domain;
    d.buildings.pop();
    d.buildings.push(Building {
        kind: BuildingKind::Market,
        cells: bits(&["b2"]),
    });
    let s = g.scores()[0];
    assert_eq!((s.buildings, s.walled), (6, 2));
}

#[test]
fn era_24_bonus_buildings_score_each_copy() {
    let mut g = scoring_game();
    g.players[0].resources = [1, 2, 0, 0];
    g.players[0].culture = 7;
    g.players[0].owned = [2, 1, 0, 0];
    let d = &mut g.players[0].domain;
    for (kind, cells) in [
        (BuildingKind::Guildhall, ["a1", "b1", "a2", "b2"]),
        (BuildingKind::Guildhall, ["c1", "d1", "c2", "d2"]),
        (BuildingKind::University, ["e1", "f1", "e2", "f2"]),
    ] {
        d.buildings.push(Building {
            kind,
            cells: bits(&cells),
        });
    }
    d.buildings.push(Building {
        kind: BuildingKind::Market,
        cells: bits(&["a9", "b9"]),
    });
    d.buildings.push(Building {
        kind: BuildingKind::Cathedral,
        cells: bits(&["a7", "b7", "c7", "a8", "b8", "c8"]),
    });
    let s = g.scores()[0];
    assert_eq!(s.guildhalls, 6);
    assert_eq!(s.universities, 7);
    assert_eq!(s.cathedrals, 3);
    // 81 cells − Keep − 12 − 2 − 6 = 60 empty.
    assert_eq!(s.markets, 60);
}

#[test]
fn era_25_most_culture_scores_the_bonus_shared_on_ties() {
    let mut g = scoring_game();
    g.players[0].culture = 30;
    g.players[1].culture = 30;
    let s = g.scores();
    assert_eq!((s[0].culture, s[0].culture_bonus), (30, 5));
    assert_eq!(s[1].culture_bonus, 5);
    g.players[0].culture = 0;
    g.players[1].culture = 0;
    assert_eq!(g.scores()[0].culture_bonus, 0, "at least 1 culture");
}

#[test]
fn era_26_largest_walled_area_scores_the_bonus() {
    let mut g = scoring_game();
    g.players[0].domain.walls = bits(&["a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"]);
    let s = g.scores();
    assert_eq!((s[0].walled_area, s[0].walled_area_bonus), (1, 10));
    assert_eq!(s[1].walled_area_bonus, 0);
}

#[test]
fn era_27_disaster_points_are_subtracted() {
    let mut g = scoring_game();
    g.players[0].disaster = 30;
    let s = g.scores()[0];
    assert_eq!(s.disasters, 30);
    assert_eq!(s.total(), 1 - 30);
}

#[test]
fn era_28_ties_go_to_goods_then_stone_then_wood_then_food_then_share() {
    let mut g = scoring_game();
    g.players[0].resources = [1, 0, 0, 0];
    g.players[1].resources = [0, 8, 8, 8];
    // Guildhall-free: resources do not score, only break ties.
    assert_eq!(g.result().unwrap().winners(), &[0]);
    g.players[0].resources = [0, 0, 0, 1];
    g.players[1].resources = [0, 0, 0, 1];
    assert_eq!(g.result().unwrap().winners(), &[0, 1]);
    g.players[1].culture = 1;
    assert_eq!(g.result().unwrap().winners(), &[1]);
}

#[test]
fn a_changed_ruleset_changes_the_dice_and_the_disasters() {
    let mut spec = RulesetSpec::default();
    // Every yellow face is "KH"; two skulls now mean Revolt.
    spec.dice.yellow = vec!["KH".into(); 6];
    spec.disasters = vec![
        crate::DisasterRow {
            from: 0,
            to: Some(1),
            effect: crate::Disaster::None,
        },
        crate::DisasterRow {
            from: 2,
            to: None,
            effect: crate::Disaster::Revolt { disaster: 9 },
        },
    ];
    let ruleset = Ruleset::new(spec).unwrap();
    let mut g = Era::new(&EraConfig::with_ruleset(2, ruleset)).unwrap();
    while let Some(a) = auto_layout_action(&g) {
        g.apply(a).unwrap();
    }
    g.apply_chance(Chance::StartRoll([Some(1), Some(2), None, None]))
        .unwrap();
    let dice = faces(Colour::Yellow, &[(3, 2)]);
    with_dice(&mut g, &[dice, DiceCounts::default()]);
    assert_eq!(g.symbols(0, crate::Symbol::Hammer), 2);
    g.enter_disaster(0);
    assert_eq!(g.players[0].disaster, 9);
    assert_eq!(g.players[0].resources, [0; 4]);
}

#[test]
fn illegal_actions_name_the_rule_and_change_nothing() {
    let g = started(2);
    let before = g.clone();
    let mut copy = g.clone();
    let err = copy.apply(Action::Pay).unwrap_err();
    assert_eq!(err, EraError::WaitingForChance);
    assert_eq!(copy, before);
    let mut g = build_game(1);
    let before = g.clone();
    let err = g.apply(Action::Roll).unwrap_err();
    assert!(std::format!("{err}").starts_with("ERA-12"));
    assert_eq!(g, before);
}
