//! The text notation: every legal action of many random positions reads
//! back from its text, people's spellings are read, and text that is no
//! action gets an error saying why.

use armadora_rules::board::Side;
use armadora_rules::{Action, Armadora, ArmadoraConfig, Line, Power, Square, Value};
use dice_core::testkit::random_steps;
use dice_core::{Game, ToMove};

use super::common;
use common::{ln, sq, warrior};

fn configs() -> Vec<ArmadoraConfig> {
    vec![
        ArmadoraConfig::new(2),
        ArmadoraConfig::new(3).advanced(true),
        ArmadoraConfig::new(4).advanced(true),
        ArmadoraConfig::new(4).free_for_all().peek_own(false),
    ]
}

#[test]
fn every_legal_action_of_random_positions_reads_back_from_its_text() {
    let mut legal = Vec::new();
    let mut checked = 0;
    for config in configs() {
        for seed in 0..50 {
            for steps in [0, 5, 20, 40, 80] {
                let game = random_steps(Armadora::new(&config).unwrap(), seed, steps, |_| false);
                if !matches!(game.to_move(), ToMove::Player(_)) {
                    continue;
                }
                game.legal_actions(&mut legal);
                for action in &legal {
                    let text = game.action_text(action);
                    assert_eq!(game.action_from_text(&text).as_ref(), Ok(action), "{text}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 50_000, "{checked}");
}

#[test]
fn text_is_read_whatever_the_case_and_spacing() {
    let game = Armadora::new(&ArmadoraConfig::new(2)).unwrap();
    let read = |text: &str| game.action_from_text(text);
    assert_eq!(read("  Warrior   D3   4 "), Ok(warrior("d3", 4)));
    assert_eq!(read("warrior d3=4"), Ok(warrior("d3", 4)));
    assert_eq!(read("PALISADE c2E"), Ok(Action::Palisade(ln("c2e"))));
    assert_eq!(read("end turn"), Ok(Action::EndTurn));
    assert_eq!(read("End_Turn"), Ok(Action::EndTurn));
    assert_eq!(read("pass\n"), Ok(Action::Pass));
    assert_eq!(
        read("power Goblin h5 2"),
        Ok(Action::Power(Power::Goblin {
            at: sq("h5"),
            value: Value::Two
        }))
    );
}

#[test]
fn text_that_is_no_action_is_refused_with_the_reason() {
    let game = Armadora::new(&ArmadoraConfig::new(2)).unwrap();
    let cases = [
        (
            "warrior z9 4",
            "\"warrior z9 4\" is not an action: z9 is not a square (a1 to h5)",
        ),
        ("warrior d3 6", "6 is not a warrior value (1 to 5)"),
        ("warrior d3 x", "x is not a warrior value (1 to 5)"),
        (
            "warrior d3",
            "a warrior needs a value, like \"warrior d3 4\"",
        ),
        ("warrior", "a warrior needs a square and a value"),
        ("palisade h1e", "h1e is not a line"),
        ("palisade", "a palisade needs a line, like \"palisade c2e\""),
        ("power dragon d3", "\"dragon\" is not a faction"),
        ("power mage", "the Mage needs a square"),
        ("pass now", "\"now\" is one word too many: pass is complete"),
        ("end game", "\"end game\" is no action: end turn, maybe?"),
        (
            "fly d3",
            "\"fly\" is no kind of action: expected warrior SQUARE VALUE",
        ),
        ("", "the text is empty"),
    ];
    for (text, reason) in cases {
        let err = game.action_from_text(text).unwrap_err();
        assert_eq!(err.text(), text);
        assert!(
            err.to_string().contains(reason),
            "{text:?} gives {err}, which should say {reason:?}"
        );
    }
}

#[test]
fn arm_1_arm_2_every_square_and_line_is_written_by_its_name() {
    let mut names = Vec::new();
    for square in Square::all() {
        let name = square.to_string();
        assert_eq!(name.len(), 2, "{name}");
        assert_eq!(format!("{square:>3}"), format!(" {name}"));
        assert_eq!(
            serde_json::to_string(&square).unwrap(),
            format!("\"{name}\"")
        );
        assert_eq!(name.parse::<Square>(), Ok(square));
        names.push(name);
    }
    assert_eq!(names.first().map(String::as_str), Some("a1"));
    assert_eq!(names.last().map(String::as_str), Some("h5"));
    for line in Line::all() {
        let (anchor, side) = line.anchor();
        let letter = match side {
            Side::East => 'e',
            Side::South => 's',
        };
        let name = format!("{anchor}{letter}");
        assert_eq!(line.to_string(), name);
        assert_eq!(serde_json::to_string(&line).unwrap(), format!("\"{name}\""));
        assert_eq!(name.parse::<Line>(), Ok(line));
        let palisade = Action::Palisade(line);
        assert_eq!(palisade.notation().to_string(), format!("palisade {name}"));
    }
    assert_eq!(Line::all().count(), 67);
}
