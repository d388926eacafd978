//! What a server relies on, on Pig: moves checked by seat, updates per
//! viewer, bots that resume, unguessable keys.

use dice_core::pig::{Pig, PigAction, PigConfig};
use dice_core::testkit::check_refusals;
use dice_core::{
    Agent, DiceRng, Game, Match, RandomAgent, SeatError, ToMove, Update, Viewer, play_on, replay,
};

#[test]
fn a_move_from_a_seat_not_to_move_is_refused_naming_who_is() {
    let mut m = Match::<Pig>::new(&PigConfig::default(), 5).unwrap();
    let before = m.clone();
    assert_eq!(
        m.play_as(1, PigAction::Roll),
        Err(SeatError::NotYourTurn {
            seat: 1,
            to_move: ToMove::Player(0)
        })
    );
    assert_eq!(m, before);
    m.play_as(0, PigAction::Roll).unwrap();
    let err = m.play_as(0, PigAction::Roll).unwrap_err();
    assert_eq!(
        err.to_string(),
        "seat 0 may not act now: the game waits for a chance event"
    );
    assert_eq!(m.log().len(), 1);
}

#[test]
fn refusals_and_legal_actions_from_views_hold_for_pig() {
    let summary = check_refusals::<Pig>(
        &PigConfig {
            players: 3,
            target: 30,
            openspiel: None,
        },
        0..10,
        200,
        7,
    );
    assert!(
        summary.answers > 100 && summary.view_lists > 30,
        "{summary:?}"
    );
}

#[test]
fn tell_gives_each_viewer_each_entry_once() {
    let mut m = Match::<Pig>::new(&PigConfig::default(), 11).unwrap();
    let mut told = [0usize; 3];
    let mut agents: [&mut dyn Agent<Pig>; 2] = [&mut RandomAgent, &mut RandomAgent];
    for _ in 0..40 {
        if play_on(&mut m, &mut agents, 1).is_ok() {
            break;
        }
        for (i, update) in m.tell().iter().enumerate() {
            assert_eq!(update.from(), told[i]);
            told[i] = update.to();
            assert_eq!(update.to(), m.log().len());
            let mine = Viewer::Seat(i);
            let legal = update.viewer() == mine && m.player_to_move() == Some(i);
            assert_eq!(!update.legal().is_empty(), legal);
        }
    }
    // A reconnect since any point gives the same entries as the live stream.
    let all = m.update(Viewer::Seat(1), 0);
    assert_eq!(all.entries(), m.history(Viewer::Seat(1)).log());
    let tail = m.update(Viewer::Seat(1), 5);
    assert_eq!(tail.entries(), &all.entries()[5..]);
    let json = serde_json::to_string(&tail).unwrap();
    let back: Update<Pig> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, tail);
    assert!(!json.contains("seed") && !json.contains("generator"));
}

/// An update names its game, as records and histories do, and a reader of
/// another game's updates says so.
#[test]
fn an_update_of_another_game_is_refused_naming_both_games() {
    let m = Match::<Pig>::new(&PigConfig::default(), 4).unwrap();
    let json = serde_json::to_string(&m.update(Viewer::Seat(0), 0)).unwrap();
    let other = json.replace(r#""game":"pig""#, r#""game":"age-of-war""#);
    assert_ne!(other, json);
    let err = serde_json::from_str::<Update<Pig>>(&other).unwrap_err();
    assert!(
        err.to_string()
            .contains(r#"update is for game "age-of-war", not "pig""#),
        "{err}"
    );
}

#[test]
fn legal_actions_of_an_update_carry_ids_and_texts() {
    let mut m = Match::<Pig>::new(&PigConfig::default(), 2).unwrap();
    m.play_as(0, PigAction::Roll).unwrap();
    m.apply_chance(4).unwrap();
    let update = m.update(Viewer::Seat(0), 0);
    let legal: Vec<(u32, &str)> = update.legal().iter().map(|l| (l.id(), l.text())).collect();
    assert_eq!(legal, [(0, "roll"), (1, "hold")]);
    let json = serde_json::to_value(&update).unwrap();
    assert_eq!(json["legal"], serde_json::json!([[0, "roll"], [1, "hold"]]));
    assert_eq!(json["to_move"], serde_json::json!({"player": 0}));
    assert!(m.update(Viewer::Seat(1), 0).legal().is_empty());
}

#[test]
fn a_match_saved_at_any_step_plays_on_as_the_uninterrupted_one() {
    let mut agents: [&mut dyn Agent<Pig>; 2] = [&mut RandomAgent, &mut RandomAgent];
    let mut whole = Match::<Pig>::new(&PigConfig::default(), 3).unwrap();
    play_on(&mut whole, &mut agents, 100_000).unwrap();
    for stop in (0..whole.log().len()).step_by(7) {
        let mut first = Match::<Pig>::new(&PigConfig::default(), 3).unwrap();
        let _ = play_on(&mut first, &mut agents, stop);
        let json = serde_json::to_string(&first.record()).unwrap();
        let mut resumed = replay(&serde_json::from_str(&json).unwrap()).unwrap();
        play_on(&mut resumed, &mut agents, 100_000).unwrap();
        assert_eq!(
            resumed.record(),
            whole.record(),
            "stopped after {stop} steps"
        );
    }
}

#[test]
fn decision_generators_are_derived_from_the_key_and_the_step() {
    let chance = DiceRng::from_seed_u64(1);
    let mut a = chance.decision_rng(0);
    let mut b = chance.decision_rng(1);
    assert_ne!(a.next_word(), b.next_word());
    let mut drawn = chance.clone();
    drawn.next_word();
    assert_eq!(drawn.decision_rng(1), chance.decision_rng(1));
    // Not the chance stream itself.
    assert_ne!(chance.decision_rng(0).stream(), chance.stream());
}

#[test]
fn a_match_with_a_generator_of_its_own_records_no_seed_and_replays() {
    let key = DiceRng::from_seed_bytes([9; 32]);
    let mut m = Match::<Pig>::with_generator(&PigConfig::default(), key).unwrap();
    let mut agents: [&mut dyn Agent<Pig>; 2] = [&mut RandomAgent, &mut RandomAgent];
    play_on(&mut m, &mut agents, 100_000).unwrap();
    let record = m.record();
    assert_eq!(record.seed(), None);
    assert_eq!(replay(&record).unwrap(), m);
    assert!(m.state().result().is_some());
    let _ = Game::to_move(m.state());
}
