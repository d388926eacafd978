//! The contract, the match driver, replay and the test kit, proven on Pig
//! before any real game uses them.

use dice_core::pig::{Pig, PigAction, PigConfig, PigError};
use dice_core::testkit::{Options, check_histories, check_random_games, check_resume};
use dice_core::{
    Agent, DiceRng, Entry, EntryError, Game, History, Match, Prob, RandomAgent, Record,
    ReplayError, ToMove, Viewer, play_out, replay,
};

/// A table of `players` playing to 20: games short enough to play many.
fn to_20(players: usize) -> PigConfig {
    PigConfig {
        players,
        target: 20,
        openspiel: None,
    }
}

#[test]
fn testkit_passes_on_thousands_of_random_pig_games() {
    for players in 2..=4 {
        let config = to_20(players);
        let summary = check_random_games::<Pig>(&config, &Options::new(0..1000));
        assert_eq!(summary.games, 1000);
        assert!(summary.decisions > 1000 && summary.chance_events > 1000);
    }
}

#[test]
fn illegal_actions_name_the_rule_and_change_nothing() {
    let mut game = Pig::new(&PigConfig::default()).unwrap();
    let before = game.clone();
    assert_eq!(
        game.apply(PigAction::Hold),
        Err(PigError::HoldBeforeRolling)
    );
    assert_eq!(game, before);
    assert_eq!(game.apply_chance(3), Err(PigError::NotChance));
    game.apply(PigAction::Roll).unwrap();
    assert_eq!(game.apply(PigAction::Roll), Err(PigError::WaitingForChance));
    assert_eq!(game.apply_chance(7), Err(PigError::ImpossibleRoll(7)));
    assert_eq!(
        Pig::new(&PigConfig {
            players: 1,
            target: 5,
            openspiel: None,
        }),
        Err(PigError::Players(1))
    );
}

#[test]
fn chance_node_lists_six_faces_at_one_sixth() {
    let game = Pig::new(&PigConfig::default())
        .unwrap()
        .after(PigAction::Roll)
        .unwrap();
    let mut outcomes = Vec::new();
    game.chance_outcomes(&mut outcomes);
    let sixth = Prob::new(1, 6).unwrap();
    assert_eq!(outcomes, (1..=6).map(|f| (f, sixth)).collect::<Vec<_>>());
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    assert!(legal.is_empty());
}

fn random_match(seed: u64) -> Match<Pig> {
    let mut m = Match::<Pig>::new(&PigConfig::default(), seed).unwrap();
    let mut agents: [&mut dyn Agent<Pig>; 2] = [&mut RandomAgent, &mut RandomAgent];
    play_out(
        &mut m,
        &mut agents,
        &mut DiceRng::from_seed_u64(seed + 1),
        100_000,
    )
    .unwrap();
    m
}

#[test]
fn a_match_is_reproducible_from_its_seeds() {
    assert_eq!(random_match(5), random_match(5));
    assert_ne!(random_match(5).log(), random_match(6).log());
}

#[test]
fn record_json_has_the_wire_shape() {
    let m = random_match(1);
    let json = serde_json::to_value(m.record()).unwrap();
    assert_eq!(json["game"], "pig");
    assert_eq!(json["format"], 2);
    assert_eq!(json["seed"], 1);
    assert_eq!(json["generator"]["stream"], 0);
    assert_eq!(
        json["config"],
        serde_json::json!({"players": 2, "target": 30})
    );
    assert_eq!(
        json["log"][0],
        serde_json::json!({"player": 0, "action": "roll"})
    );
    assert!(json["log"][1]["chance"].is_u64());
    let back: Record<Pig> = serde_json::from_value(json).unwrap();
    assert_eq!(replay(&back).unwrap().state(), m.state());
}

fn record(log: Vec<Entry<Pig>>) -> Record<Pig> {
    Record::new(PigConfig::default()).with_seed(3).with_log(log)
}

fn act(player: Option<usize>, action: PigAction) -> Entry<Pig> {
    Entry::Action { player, action }
}

#[test]
fn a_script_of_decisions_draws_its_chance_from_the_seed() {
    let script = record(vec![
        act(Some(0), PigAction::Roll),
        act(None, PigAction::Roll),
    ]);
    let m = replay(&script).unwrap();
    // The first roll was resolved from seed 3 before the second decision.
    assert!(matches!(m.log()[1], Entry::Chance(_)));
    assert_eq!(m.log().len(), 3);
    assert_eq!(m.state().to_move(), ToMove::Chance);
    assert_eq!(replay(&script).unwrap(), m, "deterministic");
}

#[test]
fn records_of_another_game_or_an_unknown_format_are_refused_when_read() {
    let text = serde_json::to_string(&record(vec![])).unwrap();
    for (from, to, problem) in [
        (
            r#""game":"pig""#,
            r#""game":"age-of-war""#,
            r#"record is for game "age-of-war", not "pig""#,
        ),
        (
            r#""format":2"#,
            r#""format":3"#,
            "record format 3 is not supported (this version reads formats 1 to 2)",
        ),
        (r#""format":2"#, r#""format":0"#, "record format 0"),
    ] {
        let bad = text.replace(from, to);
        assert_ne!(bad, text);
        let err = serde_json::from_str::<Record<Pig>>(&bad).unwrap_err();
        assert!(err.to_string().contains(problem), "{bad}: {err}");
    }
}

#[test]
fn replay_rejects_a_config_the_game_refuses() {
    let r = Record::<Pig>::new(PigConfig {
        players: 9,
        target: 30,
        openspiel: None,
    });
    assert_eq!(
        replay(&r).unwrap_err(),
        ReplayError::Config(PigError::Players(9))
    );
}

#[test]
fn replay_names_the_entry_and_the_reason() {
    let cases: Vec<(Vec<Entry<Pig>>, usize, EntryError<PigError>)> = vec![
        (vec![Entry::Chance(3)], 0, EntryError::ChanceAtDecision(0)),
        (
            vec![act(Some(0), PigAction::Roll), Entry::Chance(9)],
            1,
            EntryError::Chance(PigError::ImpossibleRoll(9)),
        ),
        (
            vec![act(Some(1), PigAction::Roll)],
            0,
            EntryError::PlayerMismatch {
                expected: 0,
                found: 1,
            },
        ),
        (
            vec![
                act(None, PigAction::Roll),
                Entry::Chance(4),
                act(Some(0), PigAction::Roll),
                Entry::Chance(1),
                act(Some(0), PigAction::Roll),
            ],
            4,
            EntryError::PlayerMismatch {
                expected: 1,
                found: 0,
            },
        ),
        (
            vec![act(Some(0), PigAction::Hold)],
            0,
            EntryError::Action(PigError::HoldBeforeRolling),
        ),
    ];
    for (log, index, reason) in cases {
        let err = replay(&record(log.clone())).unwrap_err();
        assert_eq!(err, ReplayError::Entry { index, reason }, "{log:?}");
        assert!(err.to_string().starts_with(&format!("entry {index}: ")));
    }
}

#[test]
fn replay_rejects_entries_after_the_end() {
    let m = random_match(2);
    let r = m.record();
    let end = r.log().len();
    let mut log = r.log().to_vec();
    log.push(act(None, PigAction::Roll));
    assert_eq!(
        replay(&r.clone().with_log(log.clone())).unwrap_err(),
        ReplayError::Entry {
            index: end,
            reason: EntryError::AfterEnd
        }
    );
    log.pop();
    log.push(Entry::Chance(2));
    assert_eq!(
        replay(&r.with_log(log)).unwrap_err(),
        ReplayError::Entry {
            index: end,
            reason: EntryError::AfterEnd
        }
    );
}

#[test]
fn a_format_1_record_without_a_seed_replays_when_its_log_lists_every_roll() {
    let json = r#"{"game":"pig","format":1,"config":{"players":2,"target":30},"log":[
        {"player":0,"action":"roll"},{"chance":4},{"player":0,"action":"hold"}]}"#;
    let record: Record<Pig> = serde_json::from_str(json).unwrap();
    assert_eq!(record.seed(), None);
    let m = replay(&record).unwrap();
    assert_eq!(m.state().scores(), [4, 0]);
}

#[test]
fn malformed_record_json_is_refused() {
    let bad = [
        // both chance and action
        r#"{"game":"pig","format":1,"config":{"players":2,"target":30},"seed":0,"log":[{"chance":3,"action":"roll"}]}"#,
        // neither
        r#"{"game":"pig","format":1,"config":{"players":2,"target":30},"seed":0,"log":[{"player":0}]}"#,
        // unknown field in an entry
        r#"{"game":"pig","format":1,"config":{"players":2,"target":30},"seed":0,"log":[{"action":"roll","why":1}]}"#,
        // unknown top-level field
        r#"{"game":"pig","format":1,"config":{"players":2,"target":30},"seed":0,"log":[],"extra":0}"#,
        // unknown action name
        r#"{"game":"pig","format":1,"config":{"players":2,"target":30},"seed":0,"log":[{"action":"jump"}]}"#,
        // a generator in format 1
        r#"{"game":"pig","format":1,"config":{"players":2,"target":30},"seed":0,"generator":{"seed":"0000000000000000000000000000000000000000000000000000000000000000","stream":0,"word_pos":0},"log":[]}"#,
    ];
    for json in bad {
        assert!(serde_json::from_str::<Record<Pig>>(json).is_err(), "{json}");
    }
}

#[test]
fn views_and_results() {
    let m = random_match(3);
    let state = m.state();
    assert_eq!(state.view(Viewer::Spectator), *state);
    let result = state.result().unwrap();
    assert_eq!(result.scores().len(), 2);
    let winner = result.winners()[0];
    assert!(state.scores()[winner] >= 30);
}

#[test]
fn a_finished_position_read_back_is_still_over_with_the_same_winners() {
    let state = random_match(3).state().clone();
    let json = serde_json::to_string(&state).unwrap();
    let back: Pig = serde_json::from_str(&json).unwrap();
    assert_eq!(back.to_move(), ToMove::Over);
    assert_eq!(back, state);
    let mut winners = Vec::new();
    assert!(back.winners_into(&mut winners));
    assert_eq!(winners, state.result().unwrap().winners());
    // The derived flag is never written: the wire form is unchanged.
    assert!(!json.contains("over"), "{json}");
}

#[test]
fn winners_into_is_empty_and_false_while_the_game_goes_on() {
    let game = Pig::new(&PigConfig::default()).unwrap();
    let mut winners = vec![1];
    assert!(!game.winners_into(&mut winners));
    assert!(winners.is_empty());
}

#[test]
fn action_ids_are_stable() {
    let game = Pig::new(&PigConfig::default()).unwrap();
    assert_eq!(game.action_id_bound(), 2);
    assert_eq!(game.action_id(&PigAction::Roll), Some(0));
    assert_eq!(game.action_from_id(1), Some(PigAction::Hold));
    assert_eq!(game.action_from_id(2), None);
}

#[test]
fn mcts_only_returns_legal_actions_and_beats_random_at_pig() {
    use dice_core::mcts::Mcts;
    let mut mcts_wins = 0;
    let games = 40;
    for seed in 0..games {
        let mut m = Match::<Pig>::new(&PigConfig::default(), seed).unwrap();
        let mut bot = Mcts::new(500);
        let mut random = RandomAgent;
        let mcts_seat = usize::try_from(seed % 2).unwrap();
        let mut agents: [&mut dyn Agent<Pig>; 2] = if mcts_seat == 0 {
            [&mut bot, &mut random]
        } else {
            [&mut random, &mut bot]
        };
        // play_out refuses illegal actions, so finishing proves legality.
        play_out(
            &mut m,
            &mut agents,
            &mut DiceRng::from_seed_u64(seed),
            100_000,
        )
        .unwrap();
        if m.state().result().unwrap().is_winner(mcts_seat) {
            mcts_wins += 1;
        }
    }
    assert!(
        mcts_wins * 4 >= games * 3,
        "mcts won only {mcts_wins} of {games}"
    );
}

#[test]
fn an_impossible_pig_position_does_not_deserialise() {
    let good = r#"{"config":{"players":2,"target":30},"scores":[3,4],"current":1,"turn_total":0,"rolled":false,"rolling":false}"#;
    assert!(serde_json::from_str::<Pig>(good).is_ok());
    for bad in [
        r#"{"config":{"players":2,"target":30},"scores":[3],"current":0,"turn_total":0,"rolled":false,"rolling":false}"#,
        r#"{"config":{"players":2,"target":30},"scores":[3,4],"current":2,"turn_total":0,"rolled":false,"rolling":false}"#,
        r#"{"config":{"players":9,"target":30},"scores":[3,4],"current":0,"turn_total":0,"rolled":false,"rolling":false}"#,
        r#"{"config":{"players":2,"target":0},"scores":[3,4],"current":0,"turn_total":0,"rolled":false,"rolling":false}"#,
    ] {
        assert!(serde_json::from_str::<Pig>(bad).is_err(), "{bad}");
    }
}

proptest::proptest! {
    #[test]
    fn arbitrary_pig_action_streams_change_nothing_when_refused(
        seed in proptest::prelude::any::<u64>(),
        stream in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..400),
    ) {
        dice_core::testkit::check_action_stream::<Pig>(&PigConfig::default(), seed, &stream);
    }
}

// Servers: exact resume, seedless records, histories, nothing secret in
// `Debug`.

#[test]
fn a_saved_match_resumes_with_the_same_dice_and_the_same_choices() {
    let agents =
        || -> Vec<Box<dyn Agent<Pig>>> { vec![Box::new(RandomAgent), Box::new(RandomAgent)] };
    for saved_after in [0, 1, 2, 5, 17, 60] {
        check_resume::<Pig>(&PigConfig::default(), 0..40, &agents, saved_after, 80);
    }
}

#[test]
fn a_resumed_match_does_not_draw_the_opening_rolls_again() {
    /// The next `n` rolls, rolling whoever is to move.
    fn rolls(m: &mut Match<Pig>, n: usize) -> Vec<u8> {
        let mut faces = Vec::new();
        while faces.len() < n && m.player_to_move().is_some() {
            m.play(PigAction::Roll).unwrap();
            faces.push(m.resolve_chance().unwrap());
        }
        faces
    }
    let config = PigConfig {
        players: 2,
        target: 1000,
        openspiel: None,
    };
    let mut m = Match::<Pig>::new(&config, 5).unwrap();
    let opening = rolls(&mut m, 20);
    let mut resumed = replay(&m.record()).unwrap();
    let mut uninterrupted = m.clone();
    let next = rolls(&mut uninterrupted, 20);
    assert_eq!(rolls(&mut resumed, 20), next);
    assert_eq!(resumed, uninterrupted);
    // A generator restarted from the seed would roll the opening again.
    assert_ne!(next, opening);
}

#[test]
fn format_1_records_still_replay() {
    let text = r#"{"game":"pig","format":1,"config":{"players":2,"target":30},"seed":4,
        "log":[{"player":0,"action":"roll"},{"chance":5},{"player":0,"action":"hold"}]}"#;
    let record: Record<Pig> = serde_json::from_str(text).unwrap();
    assert_eq!(record.seed(), Some(4));
    assert!(record.generator().is_none());
    let m = replay(&record).unwrap();
    assert_eq!(m.state().scores(), [5, 0]);
    // Written again, it is a format 2 record that replays the same.
    let again: Record<Pig> =
        serde_json::from_str(&serde_json::to_string(&record).unwrap()).unwrap();
    assert_eq!(replay(&again).unwrap().state(), m.state());
}

#[test]
fn a_record_of_physical_dice_needs_no_seed() {
    let text = r#"{"game":"pig","format":2,"config":{"players":2,"target":30},
        "log":[{"player":0,"action":"roll"},{"chance":6},{"player":0,"action":"roll"},{"chance":1}]}"#;
    let record: Record<Pig> = serde_json::from_str(text).unwrap();
    let m = replay(&record).unwrap();
    assert_eq!(m.player_to_move(), Some(1));
    assert!(m.generator().is_none() && m.seed().is_none());
    // Without a generator the match waits for the next die from outside.
    let mut m = m;
    m.play(PigAction::Roll).unwrap();
    assert_eq!(m.resolve_chance(), None);
    m.apply_chance(3).unwrap();
    assert_eq!(m.state().turn_total(), 3);
    let written = serde_json::to_value(m.record()).unwrap();
    assert!(written.get("seed").is_none() && written.get("generator").is_none());
}

#[test]
fn a_seedless_record_that_leaves_a_roll_out_names_the_entry() {
    let mut log = vec![];
    for face in [3, 4, 5] {
        log.push(act(Some(0), PigAction::Roll));
        log.push(Entry::Chance(face));
    }
    log.push(act(Some(0), PigAction::Roll));
    log.push(act(Some(0), PigAction::Hold));
    let record = Record::<Pig>::new(PigConfig::default()).with_log(log);
    let err = replay(&record).unwrap_err();
    assert_eq!(
        err.to_string(),
        "entry 7: the game waits for a chance outcome and the record has no seed"
    );
    assert_eq!(
        err,
        ReplayError::Entry {
            index: 7,
            reason: EntryError::NoSeed
        }
    );
}

#[test]
fn histories_leak_nothing_and_carry_no_seed() {
    for players in [2, 3] {
        let config = to_20(players);
        let summary = check_histories::<Pig>(&config, 0..30, 400);
        assert!(summary.entries > 1000);
    }
}

#[test]
fn a_history_is_the_log_as_a_viewer_saw_it() {
    let m = random_match(4);
    let history = m.history(Viewer::Seat(1));
    assert_eq!(history.log().len(), m.log().len());
    let json = serde_json::to_value(&history).unwrap();
    assert_eq!(json["game"], "pig");
    assert_eq!(json["viewer"], serde_json::json!({"seat": 1}));
    assert_eq!(
        json["log"][0],
        serde_json::json!({"player": 0, "action": "roll"})
    );
    assert!(json.get("seed").is_none());
    let back: History<Pig> = serde_json::from_value(json).unwrap();
    assert_eq!(back, history);
    assert_eq!(history.log()[0].to_string(), "player 0: roll");
}

#[test]
fn debug_output_hides_the_seed_and_the_generator() {
    let seed = 0x5eed_1234_5678_9abc_u64;
    let mut m = Match::<Pig>::new(&PigConfig::default(), seed).unwrap();
    m.play(PigAction::Roll).unwrap();
    m.resolve_chance().unwrap();
    let key = serde_json::to_value(m.generator().unwrap()).unwrap()["seed"]
        .as_str()
        .unwrap()
        .to_owned();
    for shown in [
        format!("{m:?}"),
        format!("{m:#?}"),
        format!("{:?}", m.record()),
        format!("{:?}", m.generator().unwrap()),
    ] {
        assert!(!shown.contains(&seed.to_string()), "{shown}");
        assert!(!shown.contains(&format!("{seed:x}")), "{shown}");
        assert!(!shown.contains(&key), "{shown}");
        assert!(shown.contains("<hidden>"), "{shown}");
    }
}

#[test]
fn actions_are_text_that_reads_back() {
    let game = Pig::new(&PigConfig::default()).unwrap();
    for action in [PigAction::Roll, PigAction::Hold] {
        assert_eq!(
            game.action_from_text(&game.action_text(&action)),
            Ok(action)
        );
    }
    assert_eq!(game.action_from_text(" hold "), Ok(PigAction::Hold));
    let err = game.action_from_text("bank").unwrap_err();
    assert_eq!(
        err.to_string(),
        "\"bank\" is not an action: expected \"roll\" or \"hold\""
    );
}

#[test]
fn a_log_entry_that_does_not_read_is_named_by_its_index() {
    let text = r#"{"game":"pig","format":2,"config":{"players":2,"target":30},
        "log":[{"player":0,"action":"roll"},{"chance":6},{"player":0,"action":"fold"}]}"#;
    let err = serde_json::from_str::<Record<Pig>>(text).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("entry 2: unknown variant `fold`"),
        "{err}"
    );
}

#[test]
fn observation_tensors_have_their_size_and_show_only_the_view() {
    use dice_core::observation::{ObservationTensor, observation, observation_len};
    for players in [2, 5] {
        let config = to_20(players);
        assert!(dice_core::testkit::check_observations::<Pig>(&config, 0..20, 2_000) > 1_000);
        assert_eq!(observation_len::<Pig>(&config), 2 * players + 4);
        let names: Vec<_> = Pig::observation_layout(&config)
            .iter()
            .map(dice_core::observation::Block::name)
            .collect();
        assert_eq!(names, ["scores", "to_move", "turn_total", "flags"]);
    }
    let mut game = Pig::new(&PigConfig::default()).unwrap();
    game.apply(PigAction::Roll).unwrap();
    game.apply_chance(6).unwrap();
    let tensor = observation(&game, Viewer::Seat(1));
    assert_eq!(tensor, [0.0, 0.0, 1.0, 0.0, 0.2, 1.0, 0.0, 0.0]);
}

#[test]
fn every_check_of_the_kit_passes_on_pig_and_its_declaration() {
    let configs = [PigConfig::default(), to_20(3)];
    let summary = dice_core::testkit::check_game::<Pig>(&configs);
    assert_eq!(summary.games, 48);
    assert!(summary.history_entries > 500, "{summary:?}");
    assert_eq!(summary.hidden_differences, 0, "Pig hides nothing");
    assert_eq!(
        summary.bot_games, 12,
        "three bots, two games each, two configs"
    );
}

#[test]
fn the_scoreboard_shows_the_points_banked_not_the_turn_at_risk() {
    let mut game = Pig::new(&PigConfig::default()).unwrap();
    game.apply(PigAction::Roll).unwrap();
    game.apply_chance(6).unwrap();
    let at_risk = Pig::scoreboard(&game.view(Viewer::Spectator)).unwrap();
    assert_eq!((at_risk.unit(), at_risk.totals()), ("points", &[0, 0][..]));
    game.apply(PigAction::Hold).unwrap();
    for viewer in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator] {
        let banked = Pig::scoreboard(&game.view(viewer)).unwrap();
        assert_eq!(banked.totals(), [6, 0]);
        assert!(banked.parts().is_empty());
    }
}
