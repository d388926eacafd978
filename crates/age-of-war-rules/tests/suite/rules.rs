//! One or more tests per rule of `rules/age-of-war.md`, named after it, and
//! the spec's worked examples.

use super::common;

use age_of_war_rules::castle::Clan;
use age_of_war_rules::dice::{DIE, Face, Roll};
use age_of_war_rules::line::{Line, LineSet};
use age_of_war_rules::scoring::result;
use age_of_war_rules::table::{Place, Table};
use age_of_war_rules::{Action, AgeOfWar, AgeOfWarConfig, AgeOfWarError, Castle, Chance};
use common::{fill, fills, position, roll, rolls, started};
use dice_core::seat::TurnOrder;
use dice_core::{Game, GameResult, Prob, ToMove};

/// The actions `game` lists as legal.
fn legal_actions(game: &AgeOfWar) -> Vec<Action> {
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    legal
}

/// Applies `action`, expecting `error`, and checks nothing changed.
fn refused(game: &mut AgeOfWar, action: Action, error: AgeOfWarError) {
    let before = game.clone();
    let message = error.to_string();
    assert_eq!(game.apply(action), Err(error));
    assert_eq!(*game, before);
    assert!(message.starts_with("AOW-"), "{message}");
}

/// Seat 0 of a new two-player game, to act after rolling `dice`.
fn rolled(dice: &str) -> AgeOfWar {
    let mut game = started(2, 0);
    rolls(&mut game, dice);
    game
}

/// Seat 0 of a new two-player game after rolling and filling each
/// `(dice, line)` of `castle` in turn.
fn after_fills(castle: Castle, steps: &[(&str, u8)]) -> AgeOfWar {
    let mut game = started(2, 0);
    fills(&mut game, castle, steps);
    game
}

/// Filling `line` of `castle` is refused with the error `error` makes of
/// them, and nothing changes.
fn refused_fill(
    game: &mut AgeOfWar,
    castle: Castle,
    line: u8,
    error: impl FnOnce(Castle, u8) -> AgeOfWarError,
) {
    refused(game, fill(castle, line), error(castle, line));
}

#[test]
fn aow_1_seven_dice_roll_as_792_outcomes_with_exact_chances() {
    let game = started(2, 0);
    let mut outcomes = Vec::new();
    game.chance_outcomes(&mut outcomes);
    assert_eq!(outcomes.len(), 792);
    let mut chances = outcomes.iter().map(|(_, p)| *p);
    assert_eq!(
        chances.try_fold(Prob::ZERO, Prob::checked_add),
        Some(Prob::ONE)
    );
    let all_daimyo = Chance::Roll(roll("D D D D D D D"));
    let p = outcomes.iter().find(|(c, _)| *c == all_daimyo).unwrap().1;
    assert_eq!(p, Prob::new(1, 6u128.pow(7)).unwrap());
    assert_eq!(DIE.faces(), &Face::ALL);
    assert_eq!(Roll::from_faces(&[Face::Daimyo; 8]), None);
}

#[test]
fn aow_1_a_roll_must_show_the_dice_in_hand() {
    let mut game = started(2, 0);
    let before = game.clone();
    let err = game.apply_chance(Chance::Roll(roll("D D"))).unwrap_err();
    assert_eq!(
        err,
        AgeOfWarError::WrongDiceCount {
            rolled: 2,
            in_hand: 7
        }
    );
    assert_eq!(game, before);
}

#[test]
fn aow_2_castle_cards_as_printed() {
    let points: u32 = Castle::ALL
        .iter()
        .map(|castle| u32::from(castle.points()))
        .sum();
    assert_eq!(points, 30);
    assert_eq!(
        Castle::Azuchi.printed_lines(),
        &[
            Line::symbols(1, 0, 0),
            Line::symbols(0, 2, 0),
            Line::Infantry(5)
        ]
    );
    assert_eq!(Castle::Kumamoto.line(0), None);
    assert_eq!(Castle::Kumamoto.line(1), Some(Line::symbols(0, 0, 2)));
    for castle in Castle::ALL {
        assert_eq!(castle.line(0).is_some(), castle != Castle::Kumamoto);
        assert_eq!(castle.name().parse::<Castle>(), Ok(castle));
        // The card read is the castle's own.
        assert_eq!(castle.name(), format!("{castle:?}").to_lowercase());
    }
    let lines: Vec<String> = Castle::Kiyosu
        .printed_lines()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(lines, ["D", "A", "C", "3 inf"]);
}

#[test]
fn aow_2_a_line_the_card_does_not_have_is_refused() {
    let mut game = rolled("D A C 3 3 3 3");
    refused_fill(&mut game, Castle::Gifu, 4, |castle, line| {
        AgeOfWarError::NoSuchLine { castle, line }
    });
    refused_fill(&mut game, Castle::Kumamoto, 0, |castle, line| {
        AgeOfWarError::NoSuchLine { castle, line }
    });
}

#[test]
fn aow_3_clans_and_bonuses() {
    let bonuses: Vec<u8> = Clan::ALL.iter().map(|clan| clan.bonus()).collect();
    assert_eq!(bonuses, [10, 8, 8, 5, 4, 3]);
    let members: usize = Clan::ALL.iter().map(|clan| clan.castles().len()).sum();
    assert_eq!(members, 14);
    for clan in Clan::ALL {
        assert!(clan.castles().iter().all(|castle| castle.clan() == clan));
        assert_eq!(clan.name(), format!("{clan:?}").to_lowercase());
        assert_eq!(clan.name().parse::<Clan>(), Ok(clan));
    }
    assert_eq!(
        Clan::Tokugawa.castles(),
        &[Castle::Edo, Castle::Kiyosu, Castle::Inuyama]
    );
}

#[test]
fn aow_4_first_player_is_drawn_and_play_goes_clockwise() {
    let mut game = AgeOfWar::new(&AgeOfWarConfig::new(3)).unwrap();
    assert_eq!(game.to_move(), ToMove::Chance);
    assert_eq!(game.table().centre().count(), 14);
    let mut outcomes = Vec::new();
    game.chance_outcomes(&mut outcomes);
    let third = Prob::new(1, 3).unwrap();
    assert_eq!(
        outcomes,
        (0..3)
            .map(|seat| (Chance::FirstPlayer(seat), third))
            .collect::<Vec<_>>()
    );
    refused(
        &mut game,
        Action::LoseDie,
        AgeOfWarError::WaitingForFirstPlayer,
    );
    assert_eq!(
        game.apply_chance(Chance::FirstPlayer(3)),
        Err(AgeOfWarError::NoSuchSeat {
            seat: 3,
            players: 3
        })
    );
    game.apply_chance(Chance::FirstPlayer(2)).unwrap();
    assert_eq!(
        game.apply_chance(Chance::FirstPlayer(1)),
        Err(AgeOfWarError::WrongChanceEvent)
    );
    // Seat 2 loses all seven dice; seat 0 is next (clockwise, wrapping).
    for _ in 0..7 {
        let dice = usize::from(game.turn().in_hand());
        rolls(&mut game, &"D ".repeat(dice));
        assert_eq!(game.to_move(), ToMove::Player(2));
        game.apply(Action::LoseDie).unwrap();
    }
    assert_eq!(game.current_player(), 0);
    assert_eq!(game.turn().in_hand(), 7);
}

#[test]
fn aow_4_two_to_six_players() {
    for players in [0, 1, 7] {
        assert_eq!(
            AgeOfWar::new(&AgeOfWarConfig::new(players)),
            Err(AgeOfWarError::Players(players))
        );
    }
    for players in 2..=6 {
        assert!(AgeOfWar::new(&AgeOfWarConfig::new(players)).is_ok());
    }
}

#[test]
fn aow_5_lose_die_is_always_allowed() {
    let mut game = started(2, 0);
    refused(&mut game, Action::LoseDie, AgeOfWarError::WaitingForRoll);
    rolls(&mut game, "D D C C A A 3");
    let legal = legal_actions(&game);
    assert!(legal.len() > 1 && legal.last() == Some(&Action::LoseDie));
    // Losing a die before any castle is chosen, with lines fillable.
    game.apply(Action::LoseDie).unwrap();
    assert_eq!(game.turn().in_hand(), 6);
    assert_eq!(game.turn().lost(), 1);
    assert_eq!(game.turn().target(), None);
    assert_eq!(game.to_move(), ToMove::Chance);
    // The next roll is of the six dice left.
    let mut outcomes = Vec::new();
    game.chance_outcomes(&mut outcomes);
    assert_eq!(outcomes.len(), 462);
    assert!(outcomes.iter().all(|(c, _)| match c {
        Chance::Roll(r) => r.dice() == 6,
        Chance::FirstPlayer(_) => false,
    }));
}

#[test]
fn aow_5_no_chance_outcome_while_a_player_decides() {
    let mut game = started(2, 1);
    rolls(&mut game, "D D C C A A 3");
    let before = game.clone();
    assert_eq!(
        game.apply_chance(Chance::Roll(roll("D"))),
        Err(AgeOfWarError::NotChance(1))
    );
    assert_eq!(game, before);
}

#[test]
fn aow_6_symbol_lines_need_exactly_their_symbols() {
    let cc = Line::symbols(0, 2, 0);
    assert_eq!(cc.dice_needed(&roll("C C")), Some(2));
    assert_eq!(cc.dice_needed(&roll("C A D 3 3")), None);
    let ac = Line::symbols(1, 1, 0);
    assert_eq!(ac.dice_needed(&roll("A C C")), Some(2));
    assert_eq!(ac.dice_needed(&roll("A A D")), None);
    let mut game = rolled("C A D 3 3 2 1");
    refused_fill(&mut game, Castle::Kasugayama, 2, |castle, line| {
        AgeOfWarError::NotFilled {
            castle,
            line,
            needs: cc,
        }
    });
}

#[test]
fn aow_6_infantry_example_five_by_three_and_two() {
    let five = Line::Infantry(5);
    assert_eq!(five.dice_needed(&roll("3 2")), Some(2));
    assert_eq!(five.dice_needed(&roll("3 1")), None);
    // Fewest dice, largest faces first: {3, 3} rather than {3, 1, 1}.
    assert_eq!(five.dice_needed(&roll("3 3 1 1 1")), Some(2));
    assert_eq!(Line::Infantry(10).dice_needed(&roll("3 3 3 1 A")), Some(4));
    assert_eq!(Line::Infantry(2).dice_needed(&roll("3 1 1")), Some(1));
    // Symbol faces never count as infantry.
    assert_eq!(Line::Infantry(1).dice_needed(&roll("A C D")), None);
}

#[test]
fn aow_6_filling_places_the_fewest_dice_and_rerolls_the_rest() {
    let game = after_fills(Castle::Azuchi, &[("3 3 1 1 1 A C", 3)]);
    assert_eq!(game.turn().placed(), 2);
    assert_eq!(game.turn().in_hand(), 5);
    assert_eq!(game.to_move(), ToMove::Chance);
}

#[test]
fn aow_6_a_line_is_filled_once() {
    let mut game = after_fills(Castle::Matsumoto, &[("A A C C 3 3 3", 1)]);
    rolls(&mut game, "A A C C 3 3");
    refused_fill(&mut game, Castle::Matsumoto, 1, |castle, line| {
        AgeOfWarError::AlreadyFilled { castle, line }
    });
    // The other `A` line is a separate line.
    game.apply(fill(Castle::Matsumoto, 2)).unwrap();
}

#[test]
fn aow_7_the_first_fill_commits_to_the_castle() {
    let mut game = after_fills(Castle::Azuchi, &[("A C C 3 3 2 D", 1)]);
    assert_eq!(game.turn().target(), Some(Castle::Azuchi));
    rolls(&mut game, "A C C 3 3 D");
    refused_fill(&mut game, Castle::Gifu, 1, |castle, _| {
        AgeOfWarError::OtherCastle {
            committed: Castle::Azuchi,
            castle,
        }
    });
    let legal = legal_actions(&game);
    assert_eq!(
        legal,
        [
            fill(Castle::Azuchi, 2),
            fill(Castle::Azuchi, 3),
            Action::LoseDie
        ]
    );
}

#[test]
fn aow_8_conquest_ends_the_turn_lines_in_any_order() {
    let game = after_fills(
        Castle::Gifu,
        &[("C 1 1 1 1 1 1", 3), ("A 1 1 1 1 1", 2), ("D 1 1 1 1", 1)],
    );
    assert_eq!(game.table().place(Castle::Gifu), Place::Player(0));
    assert_eq!(game.current_player(), 1);
    assert_eq!(game.turn().in_hand(), 7);
    assert_eq!(game.turn().target(), None);
}

#[test]
fn aow_8_out_of_dice_the_turn_fails_and_lines_are_forgotten() {
    let mut game = after_fills(Castle::Gassantoda, &[("3 3 3 1 1 1 1", 2)]);
    assert_eq!(game.turn().placed(), 3);
    for _ in 0..4 {
        let dice = usize::from(game.turn().in_hand());
        rolls(&mut game, &"A ".repeat(dice));
        game.apply(Action::LoseDie).unwrap();
    }
    assert_eq!(game.table().place(Castle::Gassantoda), Place::Centre);
    assert_eq!(game.current_player(), 1);
    assert_eq!(game.turn().filled(), LineSet::EMPTY);
    assert_eq!(game.turn().in_hand(), 7);
}

#[test]
fn aow_8_the_last_die_placed_without_conquest_fails_the_turn() {
    let mut game = rolled("D A A A A A A");
    game.apply(Action::LoseDie).unwrap();
    for _ in 0..5 {
        let dice = usize::from(game.turn().in_hand());
        rolls(&mut game, &"A ".repeat(dice));
        game.apply(Action::LoseDie).unwrap();
    }
    rolls(&mut game, "D");
    game.apply(fill(Castle::Inuyama, 1)).unwrap();
    assert_eq!(game.table().place(Castle::Inuyama), Place::Centre);
    assert_eq!(game.current_player(), 1);
}

#[test]
fn aow_9_own_castles_cannot_be_attacked() {
    let mut game = position(2, &[(Castle::Gifu, 0)], 0);
    rolls(&mut game, "D A C 3 3 3 3");
    refused_fill(&mut game, Castle::Gifu, 1, |castle, _| {
        AgeOfWarError::OwnCastle(castle)
    });
    let legal = legal_actions(&game);
    assert!(legal.iter().all(|a| !matches!(
        a,
        Action::Fill {
            castle: Castle::Gifu,
            ..
        }
    )));
}

#[test]
fn aow_9_the_special_line_is_not_offered_in_the_centre() {
    let mut game = rolled("D D D D D D D");
    refused_fill(&mut game, Castle::Gifu, 0, |castle, _| {
        AgeOfWarError::SpecialLineInCentre(castle)
    });
    let legal = legal_actions(&game);
    assert!(
        !legal
            .iter()
            .any(|a| matches!(a, Action::Fill { line: 0, .. }))
    );
}

#[test]
fn aow_9_a_steal_needs_the_special_line_too() {
    let mut game = position(2, &[(Castle::Inuyama, 1)], 0);
    assert_eq!(
        game.required_lines(Castle::Inuyama)
            .iter()
            .collect::<Vec<_>>(),
        [0, 1, 2]
    );
    fills(
        &mut game,
        Castle::Inuyama,
        &[("D D A A 1 1 1", 1), ("A A 1 1 1 D", 2)],
    );
    // Both printed lines filled, but the castle is still the opponent's.
    assert_eq!(game.table().holder(Castle::Inuyama), Some(1));
    assert_eq!(game.current_player(), 0);
    rolls(&mut game, "D 1 1 1");
    game.apply(fill(Castle::Inuyama, 0)).unwrap();
    assert_eq!(game.table().holder(Castle::Inuyama), Some(0));
}

#[test]
fn aow_10_a_conquered_castle_moves_from_the_opponent() {
    let mut game = position(3, &[(Castle::Marugame, 2), (Castle::Edo, 1)], 0);
    fills(
        &mut game,
        Castle::Marugame,
        &[("D D D C 1 1 1", 0), ("D D C 1 1 1", 1), ("C 1 1 1", 2)],
    );
    assert_eq!(game.table().place(Castle::Marugame), Place::Player(0));
    assert_eq!(game.table().holdings(2).count(), 0);
    assert_eq!(game.table().place(Castle::Edo), Place::Player(1));
}

#[test]
fn aow_11_a_completed_clan_turns_face_down_and_cannot_be_attacked() {
    let mut game = position(2, &[(Castle::Gassantoda, 1)], 1);
    fills(
        &mut game,
        Castle::Takahashi,
        &[("C C 3 2 1 1 A", 1), ("3 2 1 1 A", 2), ("2 1 A", 3)],
    );
    assert_eq!(game.table().clan_conqueror(Clan::Mori), Some(1));
    assert!(game.table().is_face_down(Castle::Gassantoda));
    assert_eq!(game.table().score(1), 5);
    rolls(&mut game, "D D 3 3 3 C C");
    refused_fill(&mut game, Castle::Takahashi, 0, |castle, _| {
        AgeOfWarError::FaceDown(castle)
    });
}

#[test]
fn aow_11_taking_kumamoto_conquers_shimazu_at_once() {
    let game = after_fills(
        Castle::Kumamoto,
        &[
            ("D D A C 3 1 1", 1),
            ("A C 3 1 1", 2),
            ("C 3 1 1", 3),
            ("3 1 1", 4),
        ],
    );
    assert_eq!(game.table().clan_conqueror(Clan::Shimazu), Some(0));
    assert!(game.table().is_face_down(Castle::Kumamoto));
    assert_eq!(game.table().score(0), 3);
}

#[test]
fn aow_11_stealing_the_last_castle_of_a_clan_conquers_it() {
    let mut game = position(2, &[(Castle::Kasugayama, 0), (Castle::Kitanosho, 1)], 0);
    assert_eq!(game.table().clan_conqueror(Clan::Uesugi), None);
    fills(
        &mut game,
        Castle::Kitanosho,
        &[
            ("D A C 3 3 1 1", 0),
            ("D A C 3 3 1", 1),
            ("A C 3 3 1", 2),
            ("3 3 1", 3),
        ],
    );
    assert_eq!(game.table().clan_conqueror(Clan::Uesugi), Some(0));
    assert_eq!(game.table().score(0), 8);
    assert_eq!(game.table().score(1), 0);
    // A steal never ends the game.
    assert_ne!(game.to_move(), ToMove::Over);
}

#[test]
fn aow_12_the_game_ends_when_the_centre_empties() {
    let held: Vec<(Castle, usize)> = Castle::ALL
        .iter()
        .filter(|&&c| c != Castle::Gifu)
        .map(|&c| (c, 1))
        .collect();
    let mut game = position(2, &held, 0);
    fills(
        &mut game,
        Castle::Gifu,
        &[("D A C 1 1 1 1", 1), ("A C 1 1 1 1", 2), ("C 1 1 1 1", 3)],
    );
    assert_eq!(game.to_move(), ToMove::Over);
    assert!(game.table().centre_is_empty());
    refused(&mut game, Action::LoseDie, AgeOfWarError::GameOver);
    assert_eq!(
        game.apply_chance(Chance::Roll(roll("D D D D D D D"))),
        Err(AgeOfWarError::GameOver)
    );
    let legal = legal_actions(&game);
    assert!(legal.is_empty());
    // Seat 0 holds Gifu only; seat 1 holds every clan but Oda complete.
    let result = game.result().unwrap();
    assert_eq!(result.scores(), &[1, 3 + 2 + 1 + 8 + 8 + 5 + 4 + 3]);
}

#[test]
fn aow_13_worked_scoring_example_17_against_16() {
    let mut table = Table::new();
    let kim = [
        Castle::Matsuyama,
        Castle::Kitanosho,
        Castle::Azuchi,
        Castle::Odani,
        Castle::Kumamoto,
        Castle::Gassantoda,
        Castle::Takahashi,
    ];
    let ed = [
        Castle::Kasugayama,
        Castle::Marugame,
        Castle::Matsumoto,
        Castle::Gifu,
        Castle::Edo,
        Castle::Kiyosu,
        Castle::Inuyama,
    ];
    for castle in kim {
        table.set(castle, Place::Player(0));
    }
    for castle in ed {
        table.set(castle, Place::Player(1));
    }
    assert_eq!(table.score(0), 17);
    assert_eq!(table.score(1), 16);
    assert_eq!(
        table.clans(0).collect::<Vec<_>>(),
        [Clan::Mori, Clan::Shimazu]
    );
    assert_eq!(table.clans(1).collect::<Vec<_>>(), [Clan::Tokugawa]);
    let result = result(&table, TurnOrder::new(2).unwrap());
    assert_eq!(result.winners(), &[0]);
}

/// The result of a game of `players` ended with each `(castle, seat)`
/// held and every other castle in the centre.
#[expect(
    clippy::unwrap_used,
    reason = "a test names a seat count the game takes: a failure is a failed test"
)]
fn result_of(players: usize, held: &[(Castle, usize)]) -> GameResult {
    let mut table = Table::new();
    for &(castle, seat) in held {
        table.set(castle, Place::Player(seat));
    }
    result(&table, TurnOrder::new(players).unwrap())
}

#[test]
fn aow_14_ties_go_to_most_castles_then_most_clans_then_are_shared() {
    // 4 points each: Kasugayama (one castle) against Matsumoto, Odani and
    // Gifu (three castles).
    let outcome = result_of(
        2,
        &[
            (Castle::Kasugayama, 0),
            (Castle::Matsumoto, 1),
            (Castle::Odani, 1),
            (Castle::Gifu, 1),
        ],
    );
    assert_eq!(outcome.scores(), &[4, 4]);
    assert_eq!(outcome.tiebreaks(), &[vec![1, 0], vec![3, 0]]);
    assert_eq!(outcome.winners(), &[1]);
    // 3 points and one castle each: Kumamoto (a clan) beats Azuchi.
    let outcome = result_of(2, &[(Castle::Kumamoto, 0), (Castle::Azuchi, 1)]);
    assert_eq!(outcome.scores(), &[3, 3]);
    assert_eq!(outcome.winners(), &[0]);
    // Fully tied: shared victory; a third seat with nothing loses.
    let outcome = result_of(3, &[(Castle::Azuchi, 0), (Castle::Edo, 1)]);
    assert_eq!(outcome.winners(), &[0, 1]);
}

#[test]
fn worked_turn_kim_takes_gassantoda() {
    let mut game = after_fills(Castle::Gassantoda, &[("D C 3 2 A 3 A", 2)]);
    assert_eq!(game.turn().in_hand(), 4);
    rolls(&mut game, "A 3 C 1");
    let legal = legal_actions(&game);
    assert_eq!(legal, [Action::LoseDie]);
    game.apply(Action::LoseDie).unwrap();
    rolls(&mut game, "2 C D");
    game.apply(fill(Castle::Gassantoda, 1)).unwrap();
    assert_eq!(game.table().holder(Castle::Gassantoda), Some(0));
    assert_eq!(game.current_player(), 1);
}
