//! The rules, one test per rule id of RULES.md.
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    reason = "a test: a failure is a failed test"
)]

use dice_core::{Game, ToMove, Viewer};
use liars_dice_rules::{Action, Bid, LiarsDice, LiarsDiceConfig, LiarsDiceError};

fn bid(quantity: u8, face: u8) -> Action {
    Action::Bid(Bid::new(quantity, face).unwrap())
}

/// A game of `numdice` dice each, rolled as `faces` (seat 0's first).
fn rolled(numdice: u8, faces: &[u8]) -> LiarsDice {
    let mut game = LiarsDice::new(&LiarsDiceConfig::with_dice(numdice)).unwrap();
    for &face in faces {
        game.apply_chance(face).unwrap();
    }
    game
}

#[test]
fn ld_1_the_table_seats_two() {
    for players in [0, 1, 3, 4] {
        let config = LiarsDiceConfig {
            players,
            numdice: 1,
        };
        let err = LiarsDice::new(&config).unwrap_err();
        assert_eq!(err, LiarsDiceError::Players(players));
        assert!(err.to_string().starts_with("LD-1: "), "{err}");
    }
    assert_eq!(
        LiarsDice::new(&LiarsDiceConfig::default())
            .unwrap()
            .players(),
        2
    );
}

#[test]
fn ld_2_each_player_holds_one_to_five_dice() {
    for numdice in [0, 6, 200] {
        let err = LiarsDice::new(&LiarsDiceConfig::with_dice(numdice)).unwrap_err();
        assert_eq!(err, LiarsDiceError::Dice(numdice));
    }
    let game = LiarsDice::new(&LiarsDiceConfig::with_dice(5)).unwrap();
    assert_eq!(game.action_id_bound(), 61);
}

#[test]
fn ld_3_seat_0_rolls_every_die_then_seat_1() {
    let mut game = LiarsDice::new(&LiarsDiceConfig::with_dice(2)).unwrap();
    let mut outcomes = Vec::new();
    for (i, face) in [2, 1, 6, 3].into_iter().enumerate() {
        assert_eq!(game.to_move(), ToMove::Chance);
        game.chance_outcomes(&mut outcomes);
        assert_eq!(outcomes.len(), 6);
        let told = game.seen_chance(&face, Viewer::Seat(i / 2)).to_string();
        assert_eq!(told, format!("player {} rolls {face}", i / 2));
        let other = game.seen_chance(&face, Viewer::Seat(1 - i / 2)).to_string();
        assert_eq!(other, format!("player {} rolls a die", i / 2));
        assert!(game.apply(bid(1, 1)).is_err());
        game.apply_chance(face).unwrap();
    }
    assert_eq!(game.dice(0), [2, 1]);
    assert_eq!(game.dice(1), [6, 3]);
    assert_eq!(game.to_move(), ToMove::Player(0));
    assert_eq!(game.apply_chance(4).unwrap_err(), LiarsDiceError::NotChance);
    let mut fresh = LiarsDice::new(&LiarsDiceConfig::default()).unwrap();
    assert_eq!(
        fresh.apply_chance(7).unwrap_err(),
        LiarsDiceError::ImpossibleRoll(7)
    );
}

#[test]
fn ld_4_a_bid_names_at_most_the_dice_on_the_table() {
    let game = rolled(1, &[1, 2]);
    let err = game.check(&bid(3, 2)).unwrap_err();
    assert!(
        matches!(err, LiarsDiceError::NoSuchBid { dice: 2, .. }),
        "{err}"
    );
    assert_eq!(game.action_id(&bid(3, 2)), None);
    assert_eq!(game.action_id(&bid(2, 6)), Some(11));
    assert_eq!(game.action_from_text("2-6").unwrap(), bid(2, 6));
    assert!(game.action_from_text("2-7").is_err());
    assert!(game.action_from_text("two").is_err());
}

#[test]
fn ld_5_each_bid_raises_the_last_and_the_seats_take_turns() {
    let mut game = rolled(1, &[1, 2]);
    game.apply(bid(1, 5)).unwrap();
    assert_eq!(game.to_move(), ToMove::Player(1));
    let before = game;
    for lower in [bid(1, 5), bid(1, 4), bid(1, 1)] {
        let err = game.apply(lower).unwrap_err();
        assert!(matches!(err, LiarsDiceError::NotHigher { .. }), "{err}");
        assert!(err.to_string().starts_with("LD-5: "), "{err}");
        assert_eq!(game, before, "a refused bid changes nothing");
    }
    // More dice of a lower face raise the bid (reset-face).
    game.apply(bid(2, 1)).unwrap();
    assert_eq!(game.to_move(), ToMove::Player(0));
}

#[test]
fn ld_6_liar_is_called_on_a_bid_and_is_all_that_is_left_after_the_highest() {
    let mut game = rolled(1, &[1, 2]);
    assert_eq!(
        game.check(&Action::Liar).unwrap_err(),
        LiarsDiceError::NothingToCall
    );
    game.apply(bid(2, 6)).unwrap();
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    assert_eq!(legal, [Action::Liar]);
}

#[test]
fn ld_7_sixes_are_wild() {
    let game = rolled(2, &[6, 3, 3, 1]);
    assert_eq!(game.count(Bid::new(1, 3).unwrap()), 3);
    assert_eq!(game.count(Bid::new(1, 1).unwrap()), 2);
    assert_eq!(game.count(Bid::new(1, 6).unwrap()), 1);
}

#[test]
fn ld_8_the_bid_holds_for_the_bidder_or_fails_for_the_caller() {
    // Seat 0 bids 3-3 on 6 3 | 3 1: three count, the bid holds.
    let mut game = rolled(2, &[6, 3, 3, 1]);
    game.apply(bid(3, 3)).unwrap();
    game.apply(Action::Liar).unwrap();
    assert_eq!(game.showdown(), Some((0, 1)));
    // Seat 1 raises to 4-3 and seat 0 calls: it fails.
    let mut game = rolled(2, &[6, 3, 3, 1]);
    game.apply(bid(3, 3)).unwrap();
    game.apply(bid(4, 3)).unwrap();
    game.apply(Action::Liar).unwrap();
    assert_eq!(game.called_by(), Some(0));
    assert_eq!(game.showdown(), Some((0, 1)));
    assert_eq!(game.to_move(), ToMove::Over);
    assert_eq!(game.apply(bid(4, 4)).unwrap_err(), LiarsDiceError::GameOver);
}

#[test]
fn ld_9_the_winner_gets_one_and_the_loser_minus_one() {
    let mut game = rolled(1, &[2, 5]);
    game.apply(bid(1, 2)).unwrap();
    game.apply(Action::Liar).unwrap();
    let result = game.result().unwrap();
    assert_eq!(result.scores(), [1, -1]);
    assert_eq!(result.winners(), [0]);
}

#[test]
fn ld_10_a_seat_sees_its_own_dice_and_every_bid_until_the_showdown() {
    let mut game = rolled(1, &[2, 5]);
    game.apply(bid(1, 3)).unwrap();
    let seat0 = game.view(Viewer::Seat(0));
    assert_eq!(seat0.hands()[0].faces.as_deref(), Some(&[2][..]));
    assert_eq!(seat0.hands()[1].faces, None);
    assert_eq!(seat0.hands()[1].rolled, 1);
    assert_eq!(seat0.bids(), [Bid::new(1, 3).unwrap()]);
    let spectator = game.view(Viewer::Spectator);
    assert!(spectator.hands().iter().all(|h| h.faces.is_none()));
    game.apply(Action::Liar).unwrap();
    let end = game.view(Viewer::Spectator);
    assert_eq!(end.hands()[0].faces.as_deref(), Some(&[2][..]));
    assert_eq!(end.hands()[1].faces.as_deref(), Some(&[5][..]));
}

#[test]
fn ld_10_a_view_no_state_shows_is_refused_with_the_reason() {
    let game = rolled(1, &[2, 5]);
    let mut json: serde_json::Value = serde_json::to_value(game.view(Viewer::Seat(0))).unwrap();
    json["hands"][1]["faces"] = serde_json::json!([4]);
    let err = serde_json::from_value::<liars_dice_rules::LiarsDiceView>(json).unwrap_err();
    assert!(
        err.to_string().contains("a hidden hand shows its faces"),
        "{err}"
    );
}
