//! Pig under OpenSpiel's rules (`PigConfig::openspiel`): stopping before a
//! roll, the forced stop at the target, the horizon, other dice, Piglet's
//! coin and OpenSpiel's returns, texts and tensor. The Python package's
//! `test_pig_openspiel.py` plays it against OpenSpiel's own `pig`.

use dice_core::listing::{Listed, Utility};
use dice_core::observation::ObservationTensor;
use dice_core::pig::{OpenSpielPig, Pig, PigAction, PigConfig, PigError};
use dice_core::{Game, ToMove, Viewer};

fn openspiel(players: usize, target: u32, rules: OpenSpielPig) -> PigConfig {
    PigConfig {
        players,
        target,
        openspiel: Some(rules),
    }
}

fn legal(game: &Pig) -> Vec<PigAction> {
    let mut out = Vec::new();
    game.legal_actions(&mut out);
    out
}

#[test]
fn openspiel_pig_lets_a_player_stop_before_rolling_and_calls_it_stop() {
    let mut game = Pig::new(&openspiel(2, 10, OpenSpielPig::default())).unwrap();
    assert_eq!(legal(&game), [PigAction::Roll, PigAction::Hold]);
    assert_eq!(game.action_text(&PigAction::Hold), "stop");
    assert_eq!(game.action_from_text("stop"), Ok(PigAction::Hold));
    game.apply(PigAction::Hold).unwrap();
    assert_eq!(game.to_move(), ToMove::Player(1));
    // The house rules refuse both.
    let house = Pig::new(&PigConfig::default()).unwrap();
    assert_eq!(
        house.check(&PigAction::Hold),
        Err(PigError::HoldBeforeRolling)
    );
    assert!(house.action_from_text("stop").is_err());
}

#[test]
fn openspiel_pig_forces_a_stop_once_the_target_is_reached_and_pays_the_winner() {
    let mut game = Pig::new(&openspiel(3, 5, OpenSpielPig::default())).unwrap();
    game.apply(PigAction::Roll).unwrap();
    assert_eq!(game.chance_text(&6), "Roll 6");
    game.apply_chance(6).unwrap();
    assert_eq!(legal(&game), [PigAction::Hold]);
    assert_eq!(game.check(&PigAction::Roll), Err(PigError::MustStop));
    game.apply(PigAction::Hold).unwrap();
    assert_eq!(game.to_move(), ToMove::Over);
    // OpenSpiel passes the die after the winning stop.
    assert_eq!(
        game.openspiel_text(),
        "Scores: 6 0 0, Turn total: 0\nCurrent player: 1\n"
    );
    let returns = Pig::utility(game.config()).returns(&game.result().unwrap());
    assert_eq!(returns, [1.0, -0.5, -0.5]);
}

#[test]
fn openspiel_pig_ends_at_the_horizon_with_no_winner() {
    let rules = OpenSpielPig {
        horizon: 3,
        ..OpenSpielPig::default()
    };
    let mut game = Pig::new(&openspiel(2, 100, rules)).unwrap();
    game.apply(PigAction::Hold).unwrap();
    game.apply(PigAction::Hold).unwrap();
    game.apply(PigAction::Roll).unwrap();
    assert_eq!(game.to_move(), ToMove::Over);
    assert_eq!(
        game.openspiel_text(),
        "Scores: 0 0, Turn total: 0\nCurrent player: 0 (rolling)\n"
    );
    let result = game.result().unwrap();
    assert_eq!(result.winners(), [0, 1], "a draw every seat shares");
    assert_eq!(Utility::SoleWinner.returns(&result), [0.0, 0.0]);
}

#[test]
fn openspiel_piglet_flips_a_coin_worth_one_point() {
    let rules = OpenSpielPig {
        faces: 4,
        piglet: true,
        ..OpenSpielPig::default()
    };
    let mut game = Pig::new(&openspiel(2, 10, rules)).unwrap();
    game.apply(PigAction::Roll).unwrap();
    let mut outcomes = Vec::new();
    game.chance_outcomes(&mut outcomes);
    let listed: Vec<(u8, String)> = outcomes.iter().map(|(o, p)| (*o, p.to_string())).collect();
    assert_eq!(listed, [(1, "1/4".to_owned()), (2, "3/4".to_owned())]);
    assert_eq!(game.chance_text(&1), "Roll 0");
    assert_eq!(game.chance_text(&2), "Roll 1");
    assert!(game.apply_chance(3).is_err());
    game.apply_chance(2).unwrap();
    assert_eq!(game.turn_total(), 1);
}

#[test]
fn openspiel_pig_observes_openspiels_one_hot_rows() {
    let mut game = Pig::new(&openspiel(2, 4, OpenSpielPig::default())).unwrap();
    game.apply(PigAction::Roll).unwrap();
    game.apply_chance(5).unwrap();
    let mut tensor = Vec::new();
    Pig::write_observation(&game.view(Viewer::Seat(1)), &mut tensor);
    let row = |hot: usize| (0..5).map(move |i| f32::from(u8::from(i == hot)));
    let expected: Vec<f32> = row(4).chain(row(0)).chain(row(0)).collect();
    assert_eq!(tensor, expected);
}

#[test]
fn openspiel_pig_refuses_a_one_faced_die_and_a_zero_horizon() {
    for rules in [
        OpenSpielPig {
            faces: 1,
            ..OpenSpielPig::default()
        },
        OpenSpielPig {
            horizon: 0,
            ..OpenSpielPig::default()
        },
    ] {
        assert_eq!(
            Pig::new(&openspiel(2, 10, rules)).err(),
            Some(PigError::OpenSpielParameters)
        );
    }
}

#[test]
fn every_check_of_the_kit_passes_on_openspiel_pig() {
    let piglet = OpenSpielPig {
        faces: 3,
        piglet: true,
        horizon: 40,
    };
    let configs = [
        openspiel(2, 20, OpenSpielPig::default()),
        openspiel(3, 10, piglet),
    ];
    let summary = dice_core::testkit::check_game::<Pig>(&configs);
    assert!(summary.games > 0, "{summary:?}");
}
