//! Conservation laws over thousands of random games (proptest).
#![allow(
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    clippy::unwrap_used,
    reason = "an independent recomputation of the scores and a mutator of \
              state fields: test harness code over fixed-size data"
)]

use super::common;

use age_of_war_rules::castle::Clan;
use age_of_war_rules::dice::{DICE, Face};
use age_of_war_rules::table::Place;
use age_of_war_rules::{AgeOfWar, Castle};
use common::{new_game, plays, random_game, reached};
use dice_core::{Game, ToMove};
use proptest::prelude::*;

/// The final scores and winners recomputed from the table alone, without
/// the engine's scoring code.
fn recompute(game: &AgeOfWar) -> (Vec<i32>, Vec<usize>) {
    let players = game.players();
    let holder = |castle: Castle| match game.table().place(castle) {
        Place::Player(seat) => Some(seat),
        Place::Centre => None,
    };
    // (points, castles, clans) per seat.
    let mut key = vec![(0i32, 0i32, 0i32); players];
    for clan in Clan::ALL {
        let holders: Vec<Option<usize>> = clan.castles().iter().map(|&c| holder(c)).collect();
        let whole = holders.windows(2).all(|pair| pair[0] == pair[1]);
        match holders[0] {
            Some(seat) if whole => {
                key[seat].0 += i32::from(clan.bonus());
                key[seat].1 += i32::try_from(clan.castles().len()).unwrap();
                key[seat].2 += 1;
            }
            _ => {
                for (&castle, held_by) in clan.castles().iter().zip(&holders) {
                    if let Some(seat) = *held_by {
                        key[seat].0 += i32::from(castle.points());
                        key[seat].1 += 1;
                    }
                }
            }
        }
    }
    let best = key.iter().max().copied().unwrap();
    let winners = (0..players).filter(|&seat| key[seat] == best).collect();
    (key.iter().map(|standing| standing.0).collect(), winners)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn every_castle_is_in_exactly_one_place(seed in any::<u64>(), players in 2usize..=6) {
        let mut ok = true;
        random_game(new_game(players), seed, |game| {
            let centre = game.table().centre().count();
            let held: usize = (0..players).map(|seat| game.table().holdings(seat).count()).sum();
            let mut seen = [0u8; 14];
            for castle in game.table().centre() {
                seen[castle.index()] += 1;
            }
            for seat in 0..players {
                for castle in game.table().holdings(seat) {
                    seen[castle.index()] += 1;
                }
            }
            ok &= centre + held == 14 && seen.iter().all(|&n| n == 1);
        });
        prop_assert!(ok);
    }

    #[test]
    fn dice_placed_lost_and_in_hand_make_seven(seed in any::<u64>(), players in 2usize..=6) {
        let mut ok = true;
        random_game(new_game(players), seed, |game| {
            let turn = game.turn();
            ok &= turn.placed() + turn.lost() + turn.in_hand() == DICE;
            match game.to_move() {
                ToMove::Player(_) => {
                    ok &= turn.roll().map(|roll| roll.dice()) == Some(turn.in_hand()) && turn.in_hand() > 0;
                }
                ToMove::Chance | ToMove::Over => ok &= turn.roll().is_none(),
            }
        });
        prop_assert!(ok);
    }

    #[test]
    fn face_down_castles_never_move(seed in any::<u64>(), players in 2usize..=6) {
        let mut settled: [Option<Place>; 14] = [None; 14];
        let mut ok = true;
        random_game(new_game(players), seed, |game| {
            for castle in Castle::ALL {
                let place = game.table().place(castle);
                if let Some(before) = settled[castle.index()] {
                    ok &= before == place && game.table().is_face_down(castle);
                }
                if game.table().is_face_down(castle) {
                    settled[castle.index()] = Some(place);
                }
            }
        });
        prop_assert!(ok);
    }

    #[test]
    fn the_game_is_over_exactly_when_the_centre_is_empty(seed in any::<u64>(), players in 2usize..=6) {
        let mut ok = true;
        let mut started = false;
        let end = random_game(new_game(players), seed, |game| {
            started |= game.table().centre().count() < 14 || game.to_move() != ToMove::Chance;
            ok &= (game.to_move() == ToMove::Over) == game.table().centre_is_empty();
            ok &= game.result().is_some() == game.table().centre_is_empty();
        });
        prop_assert!(ok && started);
        prop_assert!(end.table().centre_is_empty());
    }

    #[test]
    fn the_result_matches_a_recomputation_from_the_final_table(seed in any::<u64>(), players in 2usize..=6) {
        let end = random_game(new_game(players), seed, |_| {});
        let result = end.result().unwrap();
        let (scores, winners) = recompute(&end);
        prop_assert_eq!(result.scores(), &scores[..]);
        prop_assert_eq!(result.winners(), &winners[..]);
    }
}

/// Changes one field of a serialised state to a value derived from `v`.
fn mutate(json: &mut serde_json::Value, field: u8, v: u8) {
    use serde_json::json;
    let castle = |i: u8| serde_json::to_value(Castle::ALL[usize::from(i % 14)]).unwrap();
    let face = |i: u8| serde_json::to_value(Face::ALL[usize::from(i % 6)]).unwrap();
    match field {
        0 => json["config"]["players"] = json!(v % 8),
        1 => json["current"] = json!(v % 7),
        2 => json["phase"] = json!(["first_player", "rolling", "choosing"][usize::from(v % 3)]),
        3 => json["target"] = if v % 3 == 0 { json!(null) } else { castle(v) },
        4 => json["filled"] = json!((0..5).filter(|l| v & (1 << l) != 0).collect::<Vec<u8>>()),
        5 => json["placed"] = json!(v % 9),
        6 => json["lost"] = json!(v % 9),
        7 => json["roll"] = json!((0..v % 8).map(|i| face(v / 3 + i)).collect::<Vec<_>>()),
        _ => {
            let castle = serde_json::to_value(Castle::ALL[usize::from(v % 14)]).unwrap();
            json["table"][castle.as_str().unwrap()] = if v % 5 == 0 {
                json!("centre")
            } else {
                json!({ "player": v % 7 })
            };
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn deserialised_states_are_valid_or_rejected(
        (players, seed, steps) in plays(600),
        field in 0u8..9,
        v in any::<u8>(),
    ) {
        let mut json = serde_json::to_value(reached(players, seed, steps)).unwrap();
        mutate(&mut json, field, v);
        if let Ok(state) = serde_json::from_value::<AgeOfWar>(json) {
            // An accepted state round-trips, offers a consistent node and
            // plays on by the rules to the end.
            let back = serde_json::from_value::<AgeOfWar>(serde_json::to_value(&state).unwrap());
            prop_assert_eq!(back.unwrap(), state.clone());
            let mut legal = Vec::new();
            state.legal_actions(&mut legal);
            prop_assert_eq!(legal.is_empty(), !matches!(state.to_move(), ToMove::Player(_)));
            let end = random_game(state, seed, |_| {});
            prop_assert!(end.result().is_some());
        }
    }
}
