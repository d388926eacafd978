//! Narration from a viewpoint (ARM-14): what each seat is told of every
//! entry, per-viewer histories that tell no more than the views, and
//! matches that resume exactly.

use super::common;

use armadora_rules::bot::Greedy;
use armadora_rules::{Action, Armadora, ArmadoraConfig, SeenAction, Value};
use common::{GOLD, started, warrior};
use dice_core::testkit::{check_histories, check_resume, random_steps};
use dice_core::{Agent, Entry, Game, History, Match, RandomAgent, SeenEntry, ToMove, Viewer};

/// Every table setup: sizes, teams or not, base or advanced, peeking or
/// not.
fn setups() -> Vec<(&'static str, ArmadoraConfig)> {
    vec![
        ("two players", ArmadoraConfig::new(2)),
        ("three players", ArmadoraConfig::new(3)),
        ("four players in teams", ArmadoraConfig::new(4)),
        (
            "four players, free for all",
            ArmadoraConfig::new(4).free_for_all(),
        ),
        (
            "two players, advanced",
            ArmadoraConfig::new(2).advanced(true),
        ),
        (
            "three players, advanced",
            ArmadoraConfig::new(3).advanced(true),
        ),
        (
            "four players in teams, advanced",
            ArmadoraConfig::new(4).advanced(true),
        ),
        (
            "two players, no peeking",
            ArmadoraConfig::new(2).peek_own(false),
        ),
        (
            "four players, advanced, no peeking",
            ArmadoraConfig::new(4)
                .free_for_all()
                .advanced(true)
                .peek_own(false),
        ),
    ]
}

#[test]
fn arm_14_each_history_tells_its_viewer_no_more_than_its_views() {
    for (name, config) in setups() {
        let summary = check_histories::<Armadora>(&config, 0..6, 300);
        assert!(summary.entries > 1_000, "{name}: {summary:?}");
        assert!(summary.hidden_differences > 0, "{name}: {summary:?}");
    }
}

/// Every viewer but `actor` (and the actor too without `peek_own`) is told
/// the same of a placement whatever its value: the narration and the JSON
/// do not depend on it.
#[test]
fn arm_14_no_narration_for_another_seat_shows_a_warrior_value() {
    let mut legal = Vec::new();
    let mut hidden = 0;
    for (name, config) in setups() {
        for seed in 0..20 {
            for steps in [2, 10, 30, 60] {
                let game = random_steps(Armadora::new(&config).unwrap(), seed, steps, |_| false);
                let ToMove::Player(actor) = game.to_move() else {
                    continue;
                };
                game.legal_actions(&mut legal);
                for &action in &legal {
                    let Action::Warrior { at, .. } = action else {
                        continue;
                    };
                    let viewers = (0..game.players())
                        .map(Viewer::Seat)
                        .chain([Viewer::Spectator])
                        .filter(|&v| v != Viewer::Seat(actor) || !config.is_peek_own());
                    for viewer in viewers {
                        let told = |value| {
                            let seen = game.seen_action(&Action::Warrior { at, value }, viewer);
                            (seen.to_string(), serde_json::to_string(&seen).unwrap())
                        };
                        let (text, json) = told(Value::One);
                        for value in Value::ALL {
                            assert_eq!(told(value), (text.clone(), json.clone()), "{name}");
                        }
                        assert_eq!(text, format!("places a warrior face down on {at}"));
                        assert_eq!(json, format!("{{\"warrior\":{{\"at\":\"{at}\"}}}}"));
                        hidden += 1;
                    }
                }
            }
        }
    }
    assert!(hidden > 10_000, "{hidden}");
}

#[test]
fn arm_14_the_actor_sees_their_own_value_only_when_peeking() {
    let action = warrior("d3", 4);
    let peeking = started(ArmadoraConfig::new(2), GOLD, 0);
    let seen = peeking.seen_action(&action, Viewer::Seat(0));
    assert_eq!(
        seen.to_string(),
        "places a warrior of value 4 face down on d3"
    );
    assert_eq!(
        serde_json::to_value(seen).unwrap(),
        serde_json::json!({"warrior": {"at": "d3", "value": 4}})
    );
    let blind = started(ArmadoraConfig::new(2).peek_own(false), GOLD, 0);
    let seen = blind.seen_action(&action, Viewer::Seat(0));
    assert_eq!(seen.to_string(), "places a warrior face down on d3");
    // What a seat reads back from its history is the seen form.
    let back: SeenAction = serde_json::from_str(r#"{"warrior":{"at":"d3"}}"#).unwrap();
    assert_eq!(back, seen);
}

#[test]
fn arm_15_the_goblins_face_up_warrior_is_told_to_everyone() {
    let config = ArmadoraConfig::new(2)
        .advanced(true)
        .with_factions(&[
            armadora_rules::Faction::Goblin,
            armadora_rules::Faction::Orc,
        ])
        .unwrap();
    let game = started(config, GOLD, 0);
    let goblin = Action::Power(armadora_rules::Power::Goblin {
        at: common::sq("d3"),
        value: Value::Five,
    });
    for viewer in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator] {
        assert_eq!(
            game.seen_action(&goblin, viewer).to_string(),
            "uses the Goblin: a warrior of value 5 face up on d3"
        );
    }
}

/// A server streams each seat its entries as the game goes; the stream is
/// the seat's history, and an opponent's placements arrive without values.
#[test]
fn arm_14_a_streamed_history_is_the_seats_history() {
    let mut m = Match::<Armadora>::new(&ArmadoraConfig::new(3), 5).unwrap();
    let mut streamed: Vec<History<Armadora>> = (0..3)
        .map(|seat| History::new(*m.state().config(), Viewer::Seat(seat), Vec::new()))
        .collect();
    let mut legal = Vec::new();
    let mut rng = dice_core::DiceRng::from_seed_u64(5);
    while m.state().to_move() != ToMove::Over {
        let before = m.state().clone();
        let entry = match before.to_move() {
            ToMove::Chance => Entry::Chance(m.resolve_chance().unwrap()),
            ToMove::Player(seat) => {
                before.legal_actions(&mut legal);
                let action = *rng.choose(&legal).unwrap();
                m.play(action).unwrap();
                Entry::Action {
                    player: Some(seat),
                    action,
                }
            }
            ToMove::Over => break,
        };
        for (seat, history) in streamed.iter_mut().enumerate() {
            history.push(SeenEntry::new(&before, &entry, Viewer::Seat(seat)));
        }
    }
    for (seat, history) in streamed.iter().enumerate() {
        assert_eq!(history, &m.history(Viewer::Seat(seat)));
        for entry in history.log() {
            if let SeenEntry::Action {
                player: Some(actor),
                action: SeenAction::Warrior { value, .. },
            } = entry
            {
                assert_eq!(value.is_some(), *actor == seat, "{entry}");
            }
        }
    }
}

fn random_agents(players: usize) -> Vec<Box<dyn Agent<Armadora>>> {
    (0..players)
        .map(|_| Box::new(RandomAgent) as Box<dyn Agent<Armadora>>)
        .collect()
}

#[test]
fn a_saved_match_resumes_exactly_with_random_players() {
    for (_, config) in setups() {
        let agents = || random_agents(config.players());
        check_resume::<Armadora>(&config, 0..8, &agents, 17, 60);
    }
}

#[test]
fn a_saved_match_resumes_exactly_with_greedy_bots() {
    for config in [
        ArmadoraConfig::new(2),
        ArmadoraConfig::new(4).advanced(true),
    ] {
        let agents = || {
            (0..config.players())
                .map(|seat| {
                    if seat % 2 == 0 {
                        Box::new(Greedy::new(2)) as Box<dyn Agent<Armadora>>
                    } else {
                        Box::new(RandomAgent)
                    }
                })
                .collect()
        };
        check_resume::<Armadora>(&config, 0..4, &agents, 12, 40);
    }
}
