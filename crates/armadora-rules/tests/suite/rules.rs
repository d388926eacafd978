//! One or more tests per rule of the spec (ARM-1 … ARM-16), named after it.

use super::common;

use armadora_rules::army::{Supply, starting_warriors};
use armadora_rules::board::{MINES, ParseLineError, ParseSquareError, Side};
use armadora_rules::{
    Action, Armadora, ArmadoraConfig, ArmadoraError, Chance, Faction, Line, Power, Square,
    TurnStep, Value, Warrior,
};
use common::*;
use dice_core::{Game, ToMove, Viewer};

fn two() -> Armadora {
    started(ArmadoraConfig::new(2), GOLD, 0)
}

// ARM-1

#[test]
fn arm_1_board_has_40_squares_named_a1_to_h5() {
    let names: Vec<String> = Square::all().map(|s| s.to_string()).collect();
    assert_eq!(names.len(), 40);
    assert_eq!(names.first().map(String::as_str), Some("a1"));
    assert_eq!(names.last().map(String::as_str), Some("h5"));
    for s in Square::all() {
        assert_eq!(s.to_string().parse::<Square>(), Ok(s));
    }
    for bad in ["a0", "a6", "i1", "A1", "a", "a11", ""] {
        assert_eq!(bad.parse::<Square>(), Err(ParseSquareError), "{bad}");
    }
}

#[test]
fn arm_1_the_eight_mines_are_fixed() {
    let mines: Vec<String> = MINES.iter().map(ToString::to_string).collect();
    assert_eq!(mines, ["d1", "b2", "f2", "h2", "a4", "e4", "c5", "g5"]);
    assert_eq!(Square::all().filter(|s| s.is_mine()).count(), 8);
    let game = two();
    assert_eq!(game.table().gold_at(sq("d1")), Some(3));
    assert_eq!(game.table().gold_at(sq("g5")), Some(7));
    assert_eq!(game.table().gold_at(sq("d3")), None);
}

// ARM-2

#[test]
fn arm_2_there_are_67_interior_lines_with_one_name_each() {
    let names: Vec<String> = Line::all().map(|l| l.to_string()).collect();
    assert_eq!(names.len(), 67);
    assert_eq!(names.iter().filter(|n| n.ends_with('e')).count(), 35);
    assert_eq!(names.iter().filter(|n| n.ends_with('s')).count(), 32);
    for l in Line::all() {
        assert_eq!(l.to_string().parse::<Line>(), Ok(l));
        let (a, b) = l.squares();
        assert_eq!(Line::between(a, b), Some(l));
        assert_eq!(Line::between(b, a), Some(l));
    }
    assert_eq!(ln("c2e").squares(), (sq("c2"), sq("d2")));
    assert_eq!(ln("c2s").squares(), (sq("c2"), sq("c3")));
    assert_eq!(Line::between(sq("a1"), sq("b2")), None);
    assert_eq!(Line::between(sq("h1"), sq("a2")), None);
}

#[test]
fn arm_2_a_line_holds_at_most_one_palisade() {
    let mut game = two();
    play(&mut game, 0, palisade("c2e"));
    assert_eq!(
        game.apply(palisade("c2e")),
        Err(ArmadoraError::LineTaken(ln("c2e")))
    );
}

#[test]
fn peer_mistake_palisades_on_the_outer_edge_or_off_the_board_are_refused() {
    for bad in [
        "h1e", "h5e", "a5s", "h5s", "i1e", "a0s", "a1n", "a1w", "c2", "c2ee",
    ] {
        assert_eq!(bad.parse::<Line>(), Err(ParseLineError), "{bad}");
    }
    assert_eq!(Line::new(sq("h3"), Side::East), None);
    assert_eq!(Line::new(sq("c5"), Side::South), None);
    assert_eq!(Line::from_index(67), None);
    let game = two();
    assert_eq!(game.action_from_id(game.action_id_bound()), None);
    let json = r#"{"palisade": "h2e"}"#;
    assert!(serde_json::from_str::<Action>(json).is_err());
}

#[test]
fn peer_mistake_the_same_line_is_not_counted_twice_from_either_side() {
    let mut game = two();
    let seen_from_d2 = Line::between(sq("d2"), sq("c2")).unwrap();
    play(&mut game, 0, Action::Palisade(seen_from_d2));
    let same_seen_from_c2 = Line::between(sq("c2"), sq("d2")).unwrap();
    assert_eq!(
        game.apply(Action::Palisade(same_seen_from_c2)),
        Err(ArmadoraError::LineTaken(same_seen_from_c2))
    );
    assert_eq!(game.table().palisades().count(), 1);
    assert_eq!(game.table().palisades_left(), 34);
}

// ARM-3

#[test]
fn arm_3_the_board_starts_as_one_territory_of_40_squares() {
    let game = two();
    let territories: Vec<u64> = game.table().palisades().territories().collect();
    assert_eq!(territories.len(), 1);
    assert_eq!(territories[0].count_ones(), 40);
}

#[test]
fn arm_3_territories_are_split_by_palisades_and_can_be_full() {
    let mut game = two();
    // Close off a1, b1, a2 and the mine b2.
    place_palisades(&mut game, &[ln("b1e"), ln("b2e"), ln("a2s"), ln("b2s")]);
    let territories: Vec<u64> = game.table().palisades().territories().collect();
    assert_eq!(territories.len(), 2);
    assert_eq!(territories[0].count_ones(), 4);
    let map = game.table().palisades().territory_map();
    assert_eq!(map[sq("a1").index()], map[sq("b2").index()]);
    assert_ne!(map[sq("a1").index()], map[sq("c1").index()]);
    let corner = territories[0];
    assert!(!game.is_full(corner));
    play(&mut game, 0, warrior("a1", 1));
    play(&mut game, 1, warrior("b1", 1));
    assert!(!game.is_full(corner));
    play(&mut game, 0, warrior("a2", 1));
    assert!(game.is_full(corner), "mines and warriors only");
}

// ARM-4

#[test]
fn arm_4_each_player_takes_a_different_faction() {
    assert_eq!(
        ArmadoraConfig::new(2).with_factions(&[Faction::Elf, Faction::Elf]),
        Err(ArmadoraError::Factions)
    );
    assert_eq!(
        ArmadoraConfig::new(2).with_factions(&[Faction::Elf]),
        Err(ArmadoraError::Factions)
    );
    let json = r#"{"players": 2, "factions": ["mage", "mage"]}"#;
    assert!(serde_json::from_str::<ArmadoraConfig>(json).is_err());
    let config = ArmadoraConfig::new(3)
        .with_factions(&[Faction::Mage, Faction::Orc, Faction::Elf])
        .unwrap();
    assert_eq!(config.faction(0), Some(Faction::Mage));
    assert_eq!(config.seat_of(Faction::Elf), Some(2));
    assert_eq!(config.seat_of(Faction::Goblin), None);
}

// ARM-5

#[test]
fn arm_5_warrior_sets_by_player_count() {
    for (players, tiles, strength) in [(2, 16, 27), (3, 11, 18), (4, 8, 14)] {
        let set = starting_warriors(players).unwrap();
        let t: u32 = set.counts().iter().map(|&n| u32::from(n)).sum();
        let s: u32 = (1..).zip(set.counts()).map(|(v, n)| v * u32::from(n)).sum();
        assert_eq!((t, s), (tiles, strength), "{players} players");
        let game = started(ArmadoraConfig::new(players), GOLD, 0);
        for seat in 0..players {
            assert_eq!(game.supply(seat), set);
            assert_eq!(u32::from(game.tiles_left(seat)), tiles);
        }
    }
    assert_eq!(starting_warriors(1), None);
    assert_eq!(starting_warriors(5), None);
}

#[test]
fn peer_mistake_two_player_armies_have_16_tiles_not_18() {
    let game = two();
    assert_eq!(game.tiles_left(0), 16);
    assert_eq!(game.supply(0), [11, 2, 1, 1, 1]);
}

#[test]
fn arm_5_a_player_places_only_values_they_still_have() {
    let mut game = two();
    play_script(&mut game, "0 warrior a1 5; 1 warrior b1 5");
    assert_eq!(
        game.apply(warrior("c1", 5)),
        Err(ArmadoraError::NoSuchWarrior(Value::Five))
    );
    // No action names a value outside 1 to 5.
    assert_eq!(Value::new(6), None);
    assert_eq!(Value::new(0), None);
    let three = started(ArmadoraConfig::new(3), GOLD, 0);
    assert_eq!(
        three.check(&warrior("c1", 5)),
        Err(ArmadoraError::NoSuchWarrior(Value::Five))
    );
}

// ARM-6

#[test]
fn arm_6_gold_is_dealt_first_then_the_first_player_is_drawn() {
    let mut game = Armadora::new(&ArmadoraConfig::new(3)).unwrap();
    assert_eq!(game.to_move(), ToMove::Chance);
    assert_eq!(
        game.apply(Action::Pass),
        Err(ArmadoraError::WaitingForChance)
    );
    assert_eq!(
        game.apply_chance(Chance::FirstPlayer(0)),
        Err(ArmadoraError::WrongChance)
    );
    assert_eq!(
        game.apply_chance(Chance::Gold([3, 3, 4, 5, 5, 6, 6, 8])),
        Err(ArmadoraError::BadGold)
    );
    game.apply_chance(Chance::Gold([7, 6, 6, 5, 5, 4, 4, 3]))
        .unwrap();
    let mut outcomes = Vec::new();
    game.chance_outcomes(&mut outcomes);
    assert_eq!(outcomes.len(), 3);
    assert_eq!(
        game.apply_chance(Chance::FirstPlayer(3)),
        Err(ArmadoraError::BadFirstPlayer(3))
    );
    game.apply_chance(Chance::FirstPlayer(2)).unwrap();
    assert_eq!(game.to_move(), ToMove::Player(2));
    assert_eq!(
        game.apply_chance(Chance::FirstPlayer(0)),
        Err(ArmadoraError::NotChance)
    );
}

#[test]
fn arm_6_play_goes_clockwise() {
    let mut game = started(ArmadoraConfig::new(3), GOLD, 1);
    play(&mut game, 1, warrior("a1", 1));
    play(&mut game, 2, warrior("b1", 1));
    play(&mut game, 0, warrior("c1", 1));
    assert_eq!(game.to_move(), ToMove::Player(1));
}

#[test]
fn arm_6_the_palisade_supply_holds_35() {
    let mut game = two();
    assert_eq!(game.table().palisades_left(), 35);
    let lines = vertical_lines();
    place_palisades(&mut game, &lines);
    assert_eq!(game.table().palisades_left(), 0);
    assert_eq!(
        game.apply(palisade("a1s")),
        Err(ArmadoraError::NoPalisadeLeft)
    );
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    assert!(!legal.iter().any(|a| matches!(a, Action::Palisade(_))));
    // Warriors may still be placed when the supply is empty (ARM-7).
    assert!(legal.contains(&warrior("a1", 1)));
}

// ARM-7

#[test]
fn arm_7_warriors_go_on_free_squares_only() {
    let mut game = two();
    assert_eq!(
        game.apply(warrior("d1", 1)),
        Err(ArmadoraError::NotFree(sq("d1")))
    );
    play(&mut game, 0, warrior("d2", 1));
    assert_eq!(
        game.apply(warrior("d2", 1)),
        Err(ArmadoraError::NotFree(sq("d2")))
    );
    assert_eq!(game.warrior_at(sq("d2")).map(|w| w.owner), Some(0));
}

#[test]
fn arm_7_one_or_two_palisades_then_the_turn_ends() {
    let mut game = two();
    play(&mut game, 0, palisade("c2e"));
    assert_eq!(game.table().turn_step(), TurnStep::SecondPalisade);
    assert_eq!(game.to_move(), ToMove::Player(0));
    assert_eq!(
        game.apply(warrior("a1", 1)),
        Err(ArmadoraError::PalisadeTurn)
    );
    assert_eq!(game.apply(Action::Pass), Err(ArmadoraError::PalisadeTurn));
    play(&mut game, 0, palisade("g4s"));
    assert_eq!(game.to_move(), ToMove::Player(1));
    assert_eq!(
        game.apply(Action::EndTurn),
        Err(ArmadoraError::NothingToEnd)
    );
    play(&mut game, 1, palisade("a1e"));
    play(&mut game, 1, Action::EndTurn);
    assert_eq!(game.to_move(), ToMove::Player(0));
    assert_eq!(game.table().palisades().count(), 3);
}

#[test]
fn peer_mistake_no_third_palisade_in_a_turn() {
    let mut game = two();
    play(&mut game, 0, palisade("c2e"));
    play(&mut game, 0, palisade("c3e"));
    // The turn is over: a third palisade would be the opponent's.
    assert_eq!(game.to_move(), ToMove::Player(1));
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    assert!(legal.contains(&Action::Pass) && !legal.contains(&Action::EndTurn));
    play(&mut game, 1, warrior("a1", 1));
    assert_eq!(game.table().palisades().count(), 2);
}

#[test]
fn arm_7_the_turn_ends_by_itself_when_no_second_palisade_is_possible() {
    let mut game = two();
    let lines = vertical_lines();
    // 34 lines in 17 turns, then the 35th empties the supply.
    place_palisades(&mut game, &lines[..34]);
    assert_eq!(game.to_move(), ToMove::Player(1));
    play(&mut game, 1, Action::Palisade(lines[34]));
    assert_eq!(game.to_move(), ToMove::Player(0));
    assert_eq!(game.table().turn_step(), TurnStep::Start);
}

#[test]
fn arm_7_pass_is_permanent_and_always_allowed() {
    let mut game = started(ArmadoraConfig::new(3), GOLD, 0);
    play(&mut game, 0, Action::Pass);
    assert!(game.table().has_passed(0));
    play(&mut game, 1, warrior("a1", 1));
    play(&mut game, 2, warrior("b1", 1));
    // Seat 0 is skipped for the rest of the game.
    play(&mut game, 1, warrior("c1", 1));
    play(&mut game, 2, Action::Pass);
    play(&mut game, 1, warrior("e1", 1));
    assert_eq!(game.to_move(), ToMove::Player(1));
}

#[test]
fn arm_7_without_warriors_palisades_remain_and_pass_is_last() {
    let mut game = two();
    for i in 0..16u8 {
        let v = match i {
            0..11 => 1,
            11 | 12 => 2,
            13 => 3,
            14 => 4,
            _ => 5,
        };
        let free: Vec<Square> = Square::all()
            .filter(|s| !s.is_mine() && game.warrior_at(*s).is_none())
            .collect();
        let value = value(v);
        play(&mut game, 0, Action::Warrior { at: free[0], value });
        play(&mut game, 1, Action::Warrior { at: free[1], value });
    }
    assert_eq!(game.tiles_left(0), 0);
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    assert!(
        legal
            .iter()
            .all(|a| matches!(a, Action::Palisade(_) | Action::Pass))
    );
    assert!(legal.len() > 1);
    place_palisades(&mut game, &vertical_lines());
    game.legal_actions(&mut legal);
    assert_eq!(legal, [Action::Pass]);
}

// ARM-8

/// Seat 0 put palisades on b1e and b1s, seat 1 one on a2e and may put a
/// second: a2s would close off a1, b1 and a2.
fn a2s_short_of_closing_off_three() -> Armadora {
    let mut game = two();
    play_script(&mut game, "0 palisade b1e; 0 palisade b1s; 1 palisade a2e");
    game
}

#[test]
fn arm_8_no_territory_under_four_squares() {
    // Palisades that close nothing off are legal: the script plays three.
    let mut game = a2s_short_of_closing_off_three();
    // a2s would close off a1, b1, a2: three squares.
    assert_eq!(
        game.apply(palisade("a2s")),
        Err(ArmadoraError::FourSquares(ln("a2s")))
    );
    assert!(!game.table().palisades().allows(ln("a2s")));
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    assert!(!legal.contains(&palisade("a2s")));
    play(&mut game, 1, Action::EndTurn);
    // Closing off four squares is fine.
    let mut game = two();
    place_palisades(&mut game, &[ln("b1e"), ln("b2e"), ln("a2s"), ln("b2s")]);
    assert!(
        game.table()
            .palisades()
            .territories()
            .all(|t| t.count_ones() >= 4)
    );
}

#[test]
fn arm_8_two_palisades_are_checked_with_both_in_place() {
    let game = a2s_short_of_closing_off_three();
    assert_eq!(
        game.check(&palisade("a2s")),
        Err(ArmadoraError::FourSquares(ln("a2s")))
    );
}

// ARM-9

#[test]
fn arm_9_the_game_ends_when_every_player_has_passed() {
    let mut game = started(ArmadoraConfig::new(3), GOLD, 0);
    play(&mut game, 0, Action::Pass);
    play(&mut game, 1, Action::Pass);
    assert_eq!(game.to_move(), ToMove::Player(2));
    assert!(game.result().is_none());
    play(&mut game, 2, warrior("a1", 1));
    play(&mut game, 2, Action::Pass);
    assert_eq!(game.to_move(), ToMove::Over);
    assert!(game.result().is_some());
}

#[test]
fn peer_mistake_no_action_after_the_end_or_out_of_turn() {
    let mut game = two();
    let mut m = dice_core::Match::<Armadora>::new(&ArmadoraConfig::new(2), 1).unwrap();
    m.apply_chance(Chance::Gold(GOLD)).unwrap();
    m.apply_chance(Chance::FirstPlayer(0)).unwrap();
    let mut record = m.record();
    record.push(dice_core::Entry::Action {
        player: Some(1),
        action: warrior("a1", 1),
    });
    let err = dice_core::replay(&record).unwrap_err();
    assert!(err.to_string().contains("player 0 is to move"), "{err}");
    let before = game.clone();
    assert_eq!(
        game.apply_from(1, warrior("a1", 1)),
        Err(ArmadoraError::NotYourTurn(1))
    );
    assert_eq!(game, before);
    game.apply_from(0, warrior("a1", 1)).unwrap();
    all_pass(&mut game);
    let before = game.clone();
    assert_eq!(
        game.apply_from(0, Action::Pass),
        Err(ArmadoraError::GameOver)
    );
    for a in [
        Action::Pass,
        warrior("a2", 1),
        palisade("c2e"),
        Action::EndTurn,
    ] {
        assert_eq!(game.apply(a), Err(ArmadoraError::GameOver));
    }
    assert_eq!(game, before);
    let mut legal = vec![Action::Pass];
    game.legal_actions(&mut legal);
    assert!(legal.is_empty());
}

// ARM-10, ARM-11

/// Columns a–d against e–h: 19 gold on the left (d1 7, b2 3, a4 5, c5 4),
/// 21 on the right.
const HALVES_GOLD: [u8; 8] = [7, 3, 4, 5, 5, 6, 4, 6];

fn halves() -> Armadora {
    let mut game = started(ArmadoraConfig::new(2), HALVES_GOLD, 0);
    let lines: Vec<Line> = ["d1e", "d2e", "d3e", "d4e", "d5e"].map(ln).to_vec();
    place_palisades(&mut game, &lines);
    game
}

#[test]
fn arm_10_the_strongest_player_takes_the_territory_gold() {
    let mut game = halves();
    assert_eq!(game.to_move(), ToMove::Player(1));
    play(&mut game, 1, warrior("a1", 1));
    play(&mut game, 0, warrior("b1", 1));
    play(&mut game, 1, warrior("e1", 1));
    play(&mut game, 0, warrior("c1", 2));
    all_pass(&mut game);
    let s = game.scoring();
    assert_eq!((s.gold(0), s.gold(1)), (19, 21));
    assert_eq!(game.result().unwrap().winners(), &[1]);
    assert_eq!(game.result().unwrap().scores(), &[19, 21]);
}

#[test]
fn arm_10_a_tie_splits_the_gold_and_discards_the_remainder() {
    let mut game = halves();
    play_script(
        &mut game,
        "1 warrior a1 2; 0 warrior b1 1; 1 pass; 0 warrior c1 1; 0 pass",
    );
    let s = game.scoring();
    // 19 between two: 9 each, 1 lost; 21 on the empty right half: nobody's.
    assert_eq!((s.gold(0), s.gold(1)), (9, 9));
    assert_eq!(s.discarded(), 1 + 21);
    assert_eq!((s.piles(0), s.piles(1)), (&[9][..], &[9][..]));
    // ARM-12: equal to the end of the piles: a shared victory.
    assert_eq!(game.result().unwrap().winners(), &[0, 1]);
}

#[test]
fn arm_10_a_territory_without_warriors_gives_nothing() {
    let mut game = halves();
    play(&mut game, 1, warrior("e1", 1));
    all_pass(&mut game);
    let s = game.scoring();
    assert_eq!((s.gold(0), s.gold(1), s.discarded()), (0, 21, 19));
}

/// Every column walled off into a territory with one mine, `script` then
/// played. Columns: a a4 6, b b2 5, c c5 6, d d1 4, e e4 3, f f2 4, g g5 7,
/// h h2 5 (gold on d1, b2, f2, h2, a4, e4, c5, g5).
fn one_mine_per_column(config: ArmadoraConfig, script: &str) -> Armadora {
    let mut game = columns_game(config, [4, 5, 4, 5, 6, 3, 6, 7]);
    play_script(&mut game, script);
    game
}

#[test]
fn arm_11_each_share_is_a_pile() {
    let game = one_mine_per_column(
        ArmadoraConfig::new(2),
        "0 warrior a1 1; 1 warrior e1 1; 0 warrior b1 1; 1 warrior e2 1; \
         0 warrior e3 1; 1 pass; 0 warrior e5 1; 0 pass",
    );
    let s = game.scoring();
    // Column e (3 gold) is tied 2 against 2: a pile of 1 each, 1 lost.
    assert_eq!(s.piles(0), &[6, 5, 1]);
    assert_eq!(s.piles(1), &[1]);
    assert_eq!(s.gold(0) + s.gold(1) + s.discarded(), 40);
}

// ARM-12

/// The spec's example in a three-player game: the Orc (seat 0) 6+5+2 and
/// the Elf (seat 2) 6+4+3 both have 13; 6 against 6, then 5 beats 4. The
/// Goblin (seat 1) shares the Orc's column f.
#[test]
fn arm_12_tie_break_example_of_the_spec() {
    let mut game = one_mine_per_column(
        ArmadoraConfig::new(3),
        "0 warrior a1 1; 1 warrior f1 1; 2 warrior c1 1; 0 warrior b1 1; \
         1 pass; 2 warrior d2 1; 0 warrior f3 1; 2 warrior e1 1",
    );
    all_pass(&mut game);
    let s = game.scoring();
    assert_eq!(game.config().faction(0), Some(Faction::Orc));
    assert_eq!(game.config().faction(2), Some(Faction::Elf));
    assert_eq!(s.piles(0), &[6, 5, 2]);
    assert_eq!(s.piles(2), &[6, 4, 3]);
    assert_eq!(s.piles(1), &[2]);
    let r = game.result().unwrap();
    assert_eq!(r.scores(), &[13, 2, 13]);
    assert_eq!(r.winners(), &[0], "resolved at the second pile");
}

#[test]
fn peer_mistake_players_who_won_nothing_are_in_the_result() {
    let mut game = started(ArmadoraConfig::new(4).free_for_all(), GOLD, 0);
    play(&mut game, 0, warrior("a1", 1));
    all_pass(&mut game);
    let r = game.result().unwrap();
    assert_eq!(r.scores(), &[40, 0, 0, 0]);
    assert_eq!(r.tiebreaks().len(), 4);
    assert_eq!(r.winners(), &[0]);
}

// ARM-13

/// Column a (a4 = 6): seats 0 and 2 with 1 each against seat 1 with 1.
fn column_a_contest(config: ArmadoraConfig) -> Armadora {
    let gold = [4, 5, 4, 5, 6, 3, 6, 7];
    let mut game = columns_game(config, gold);
    // 18 turns of palisades: seat 1 placed the last one.
    play(&mut game, 2, warrior("a1", 1));
    play(&mut game, 3, Action::Pass);
    play(&mut game, 0, warrior("a2", 1));
    play(&mut game, 1, warrior("a3", 1));
    all_pass(&mut game);
    game
}

#[test]
fn arm_13_partners_add_their_strengths_and_win_together() {
    let game = column_a_contest(ArmadoraConfig::new(4));
    assert!(game.config().is_teams());
    let r = game.result().unwrap();
    assert_eq!(r.scores(), &[6, 0, 6, 0]);
    assert_eq!(r.winners(), &[0, 2]);
}

#[test]
fn arm_13_free_for_all_is_an_option() {
    let game = column_a_contest(ArmadoraConfig::new(4).free_for_all());
    let r = game.result().unwrap();
    // Three players at 1: 6 gold gives 2 each.
    assert_eq!(r.scores(), &[2, 2, 2, 0]);
    assert_eq!(r.winners(), &[0, 1, 2]);
}

#[test]
fn arm_13_teams_are_for_four_players_and_partners_do_not_see_each_other() {
    let json = r#"{"players": 2, "teams": true}"#;
    assert!(serde_json::from_str::<ArmadoraConfig>(json).is_err());
    let config: ArmadoraConfig = serde_json::from_str(r#"{"players": 4}"#).unwrap();
    assert!(config.is_teams());
    let mut game = started(ArmadoraConfig::new(4), GOLD, 0);
    play(&mut game, 0, warrior("a1", 4));
    assert_eq!(
        game.view(Viewer::Seat(2))
            .warrior_at(sq("a1"))
            .unwrap()
            .value,
        None
    );
    assert_eq!(
        game.view(Viewer::Seat(2)).own_supply(),
        Some(game.supply(2))
    );
}

// ARM-14

#[test]
fn arm_14_placed_values_are_hidden_from_others_until_the_end() {
    let mut game = two();
    play(&mut game, 0, warrior("d3", 5));
    let seen = |g: &Armadora, v| g.view(v).warrior_at(sq("d3")).unwrap().value;
    assert_eq!(seen(&game, Viewer::Seat(0)), Some(Value::Five));
    assert_eq!(seen(&game, Viewer::Seat(1)), None);
    assert_eq!(seen(&game, Viewer::Spectator), None);
    assert_eq!(
        game.view(Viewer::Seat(1))
            .warrior_at(sq("d3"))
            .unwrap()
            .owner,
        0
    );
    all_pass(&mut game);
    assert_eq!(seen(&game, Viewer::Seat(1)), Some(Value::Five));
    assert_eq!(seen(&game, Viewer::Spectator), Some(Value::Five));
}

#[test]
fn arm_14_without_peek_own_a_player_sees_their_warriors_face_down() {
    let mut game = started(ArmadoraConfig::new(2).peek_own(false), GOLD, 0);
    play(&mut game, 0, warrior("d3", 5));
    let view = game.view(Viewer::Seat(0));
    assert_eq!(view.warrior_at(sq("d3")).unwrap().value, None);
    assert_eq!(
        view.own_supply().map(Supply::counts),
        Some([11, 2, 1, 1, 0])
    );
}

#[test]
fn peer_mistake_supply_values_are_not_sent_to_other_players() {
    let mut game = two();
    play(&mut game, 0, warrior("d3", 5));
    let view = game.view(Viewer::Seat(1));
    assert_eq!(
        view.own_supply().map(Supply::counts),
        Some([11, 2, 1, 1, 1])
    );
    assert_eq!(view.tiles_left(0), 15);
    assert_eq!(game.view(Viewer::Spectator).own_supply(), None);
    let json = serde_json::to_string(&view).unwrap();
    assert!(!json.contains("[11,2,1,1,0]"), "{json}");
    // Two states that differ only in seat 0's hidden tiles look the same.
    let mut other = game.clone();
    let mut rng = dice_core::DiceRng::from_seed_u64(3);
    for _ in 0..20 {
        other = other.resample_hidden(Viewer::Seat(1), &mut rng);
        assert_eq!(other.view(Viewer::Seat(1)), view);
    }
}

// ARM-15

#[test]
fn arm_15_power_tokens_and_reinforcements_at_setup() {
    let config = ArmadoraConfig::new(4).advanced(true);
    let game = started(config, GOLD, 0);
    let tokens: Vec<u8> = (0..4).map(|s| game.table().power_tokens(s)).collect();
    // Orc, Goblin, Elf, Mage.
    assert_eq!(tokens, [1, 1, 2, 2]);
    assert!((0..4).all(|s| game.table().has_reinforcement(s)));
    let base = two();
    assert_eq!(base.table().power_tokens(0), 0);
    assert!(!base.table().has_reinforcement(0));
}

#[test]
fn arm_15_powers_and_reinforcement_belong_to_the_advanced_game() {
    let mut game = two();
    play_script(&mut game, "0 warrior a1 1; 1 warrior b1 1");
    assert_eq!(
        game.apply(power(Power::Orc(ln("c2e")))),
        Err(ArmadoraError::NotAdvanced)
    );
    assert_eq!(
        game.apply(Action::Reinforce(sq("a1"))),
        Err(ArmadoraError::NotAdvanced)
    );
}

#[test]
fn arm_15_mage_looks_at_one_opponent_warrior() {
    let mut game = advanced([Faction::Mage, Faction::Elf]);
    play_script(&mut game, "0 warrior d3 1; 1 warrior e3 4");
    assert_eq!(
        game.apply(power(Power::Mage(sq("d3")))),
        Err(ArmadoraError::NoOpponentWarrior(sq("d3")))
    );
    play(&mut game, 0, power(Power::Mage(sq("e3"))));
    assert_eq!(game.table().power_tokens(0), 1);
    assert_eq!(
        game.view(Viewer::Seat(0))
            .warrior_at(sq("e3"))
            .unwrap()
            .value,
        Some(Value::Four)
    );
    assert_eq!(
        game.view(Viewer::Spectator)
            .warrior_at(sq("e3"))
            .unwrap()
            .value,
        None
    );
    // One power per turn, and the action follows.
    assert_eq!(
        game.apply(power(Power::Mage(sq("e3")))),
        Err(ArmadoraError::OnePower)
    );
    assert_eq!(game.to_move(), ToMove::Player(0));
    play(&mut game, 0, warrior("a1", 1));
    assert_eq!(game.to_move(), ToMove::Player(1));
    assert_eq!(
        game.apply(power(Power::Mage(sq("d3")))),
        Err(ArmadoraError::NoPower(Faction::Mage))
    );
}

#[test]
fn arm_15_goblin_places_an_extra_warrior_face_up() {
    let mut game = advanced([Faction::Goblin, Faction::Orc]);
    play(
        &mut game,
        0,
        power(Power::Goblin {
            at: sq("d3"),
            value: Value::Five,
        }),
    );
    let w = game.view(Viewer::Spectator).warrior_at(sq("d3")).unwrap();
    assert_eq!((w.value, w.face_up), (Some(Value::Five), true));
    play(&mut game, 0, warrior("d4", 4));
    assert_eq!(game.tiles_left(0), 14);
    assert_eq!(game.table().power_tokens(0), 0);
    assert_eq!(game.to_move(), ToMove::Player(1));
}

#[test]
fn arm_15_orc_places_an_extra_palisade() {
    let mut game = advanced([Faction::Orc, Faction::Goblin]);
    play(&mut game, 0, power(Power::Orc(ln("c2e"))));
    play(&mut game, 0, palisade("c3e"));
    play(&mut game, 0, palisade("c4e"));
    assert_eq!(game.table().palisades().count(), 3);
    assert_eq!(game.to_move(), ToMove::Player(1));
}

#[test]
fn arm_15_orc_palisade_obeys_the_four_square_rule() {
    let mut game = advanced([Faction::Goblin, Faction::Orc]);
    play(&mut game, 0, palisade("b1e"));
    play(&mut game, 0, palisade("b1s"));
    assert_eq!(game.apply(power(Power::Orc(ln("a2e")))), Ok(()));
    assert_eq!(
        game.apply(palisade("a2s")),
        Err(ArmadoraError::FourSquares(ln("a2s")))
    );
}

/// The corner a1, b1, a2 (with the mine b2) closed off and filled.
fn full_corner(factions: [Faction; 2]) -> Armadora {
    let mut game = advanced(factions);
    place_palisades(&mut game, &[ln("b1e"), ln("b2e"), ln("a2s"), ln("b2s")]);
    play(&mut game, 0, warrior("a1", 1));
    play(&mut game, 1, warrior("b1", 2));
    game
}

#[test]
fn arm_15_elf_shoots_in_its_territory_while_not_full() {
    let mut game = advanced([Faction::Elf, Faction::Orc]);
    play_script(&mut game, "0 warrior a1 1; 1 warrior h5 5");
    // The whole board is one territory, and the Elf stands in it.
    play_script(&mut game, "0 power elf h5; 0 pass");
    assert_eq!(game.warrior_at(sq("h5")).unwrap().arrows, 1);
    assert_eq!(game.warrior_at(sq("h5")).unwrap().strength(), 4);
}

#[test]
fn arm_15_elf_needs_its_own_warrior_there() {
    let mut game = advanced([Faction::Orc, Faction::Elf]);
    play(&mut game, 0, warrior("h5", 5));
    assert_eq!(
        game.apply(power(Power::Elf(sq("h5")))),
        Err(ArmadoraError::ElfOutOfRange)
    );
    assert_eq!(
        game.apply(power(Power::Elf(sq("a1")))),
        Err(ArmadoraError::NoOpponentWarrior(sq("a1")))
    );
}

#[test]
fn arm_15_elf_cannot_shoot_into_a_full_territory() {
    let mut game = full_corner([Faction::Elf, Faction::Orc]);
    play(&mut game, 0, warrior("a2", 1));
    play(&mut game, 1, warrior("h5", 1));
    assert_eq!(
        game.apply(power(Power::Elf(sq("b1")))),
        Err(ArmadoraError::ElfOutOfRange)
    );
}

#[test]
fn arm_15_reinforce_goes_on_your_warrior_in_a_full_territory() {
    let mut game = full_corner([Faction::Orc, Faction::Elf]);
    // Not yet full (a2 is free).
    assert_eq!(
        game.apply(Action::Reinforce(sq("a1"))),
        Err(ArmadoraError::NotFull)
    );
    play(&mut game, 0, warrior("a2", 1));
    assert_eq!(
        game.apply(Action::Reinforce(sq("a1"))),
        Err(ArmadoraError::NotYourWarrior(sq("a1")))
    );
    play(&mut game, 1, Action::Reinforce(sq("b1")));
    assert!(game.warrior_at(sq("b1")).unwrap().reinforced);
    assert!(!game.table().has_reinforcement(1));
    // One reinforcement per territory.
    assert_eq!(
        game.apply(Action::Reinforce(sq("a1"))),
        Err(ArmadoraError::AlreadyReinforced)
    );
    play(&mut game, 0, Action::Pass);
    assert_eq!(
        game.apply(Action::Reinforce(sq("b1"))),
        Err(ArmadoraError::NoReinforcement)
    );
    // Public: the spectator sees where it is.
    assert!(
        game.view(Viewer::Spectator)
            .warrior_at(sq("b1"))
            .unwrap()
            .reinforced
    );
    all_pass(&mut game);
    // Orc 1 + 1 = 2 against Elf 2 + 1 = 3 in the corner; b2 holds 4 gold.
    assert_eq!(game.scoring().piles(1).first(), Some(&4));
}

// ARM-16

#[test]
fn arm_16_strength_is_value_minus_arrows_not_below_zero_plus_reinforcement() {
    // Only the rules place warriors; a record may carry any of them.
    let w = |v: u8, arrows: u8, reinforced: bool| -> Warrior {
        let json = serde_json::json!({
            "owner": 0, "value": v, "face_up": false, "arrows": arrows, "reinforced": reinforced,
        });
        serde_json::from_value(json).unwrap()
    };
    assert_eq!(w(4, 0, false).strength(), 4);
    assert_eq!(w(4, 1, false).strength(), 3);
    assert_eq!(w(4, 1, true).strength(), 4);
    assert_eq!(w(1, 2, false).strength(), 0);
    assert_eq!(w(1, 2, true).strength(), 1);
}

#[test]
fn arm_16_arrows_decide_the_majority_at_scoring() {
    let mut game = advanced([Faction::Elf, Faction::Orc]);
    play_script(
        &mut game,
        "0 warrior a1 4; 1 warrior h5 5; 0 power elf h5; 0 pass; 1 pass",
    );
    // 4 against 5 - 1: a tie over the whole board, 20 each.
    let r = game.result().unwrap();
    assert_eq!(r.scores(), &[20, 20]);
}
