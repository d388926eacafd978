//! The text notation of actions and chance outcomes, and the narration each
//! viewer gets: what a person types at a prompt and reads in a log.

use super::common;

use age_of_war_rules::{Action, AgeOfWar, Castle, Chance};
use common::{fill, position, reached, roll, rolls, started};
use dice_core::{Entry, Game, SeenEntry, Viewer};

#[test]
fn actions_are_written_as_a_person_types_them() {
    let game = started(2, 0);
    assert_eq!(game.action_text(&fill(Castle::Edo, 2)), "fill edo 2");
    assert_eq!(
        game.action_text(&fill(Castle::Kasugayama, 1)),
        "fill kasugayama 1"
    );
    assert_eq!(game.action_text(&fill(Castle::Edo, 0)), "fill edo daimyo");
    assert_eq!(game.action_text(&Action::LoseDie), "lose die");
    // Display writes the same text.
    assert_eq!(fill(Castle::Gifu, 3).to_string(), "fill gifu 3");
}

#[test]
fn every_action_of_the_id_space_reads_back_from_its_text() {
    let game = common::new_game(3);
    let mut count = 0;
    for id in 0..game.action_id_bound() {
        let Some(action) = game.action_from_id(id) else {
            continue;
        };
        let text = game.action_text(&action);
        assert_eq!(game.action_from_text(&text), Ok(action), "{text}");
        assert_eq!(text.parse::<Action>(), Ok(action), "{text}");
        count += 1;
    }
    // 13 special lines, 38 printed lines and losing a die.
    assert_eq!(count, 52);
}

#[test]
fn every_legal_action_of_random_positions_reads_back_from_its_text() {
    let mut legal = Vec::new();
    let mut checked = 0;
    for seed in 0..300 {
        let players = 2 + usize::try_from(seed % 5).unwrap();
        let state = reached(players, seed, usize::try_from(seed * 7).unwrap());
        state.legal_actions(&mut legal);
        for action in &legal {
            let text = state.action_text(action);
            assert_eq!(state.action_from_text(&text), Ok(*action), "{text}");
            checked += 1;
        }
    }
    assert!(checked > 300, "{checked} actions checked");
}

#[test]
fn reading_ignores_case_and_spacing_and_takes_common_variants() {
    let game = started(2, 0);
    let read = |text: &str| game.action_from_text(text);
    for text in [
        "fill edo 2",
        "FILL EDO 2",
        "  Fill   Edo\t2  ",
        "fill edo line 2",
        "fill Edo Line 2",
    ] {
        assert_eq!(read(text), Ok(fill(Castle::Edo, 2)), "{text}");
    }
    for text in [
        "fill edo daimyo",
        "fill edo DAIMYO",
        "fill edo special",
        "fill edo 0",
    ] {
        assert_eq!(read(text), Ok(fill(Castle::Edo, 0)), "{text}");
    }
    for text in ["lose die", "lose", "Lose a die", "LOSE DIE", "lose_die"] {
        assert_eq!(read(text), Ok(Action::LoseDie), "{text}");
    }
}

/// The error for `text`, which must not read as an action.
fn error(text: &str) -> String {
    match started(2, 0).action_from_text(text) {
        Ok(action) => format!("{text:?} reads as {action:?}"),
        Err(error) => error.to_string(),
    }
}

#[test]
fn aow_2_a_line_the_castle_does_not_have_is_no_action() {
    assert_eq!(
        error("fill edo 9"),
        "\"fill edo 9\" is not an action: Edo has lines 1 to 3 and the daimyo line"
    );
    assert_eq!(
        error("fill odani 2"),
        "\"fill odani 2\" is not an action: Odani has line 1 and the daimyo line"
    );
    assert_eq!(
        error("fill kumamoto daimyo"),
        "\"fill kumamoto daimyo\" is not an action: Kumamoto has lines 1 to 4 and no daimyo line"
    );
    assert_eq!(
        error("fill gifu 256"),
        "\"fill gifu 256\" is not an action: Gifu has lines 1 to 3 and the daimyo line"
    );
    assert_eq!(
        error("fill gifu 99999999999999999999999"),
        "\"fill gifu 99999999999999999999999\" is not an action: Gifu has lines 1 to 3 and the daimyo line"
    );
    assert_eq!(
        error("fill edo two"),
        "\"fill edo two\" is not an action: \"two\" is no line: Edo has lines 1 to 3 and the daimyo line"
    );
    assert_eq!(
        error("fill edo"),
        "\"fill edo\" is not an action: expected a line after the castle: Edo has lines 1 to 3 and the daimyo line"
    );
}

#[test]
fn aow_2_a_name_that_is_no_castle_is_no_action() {
    let castles = "azuchi, matsumoto, odani, gifu, edo, kiyosu, inuyama, kasugayama, \
                   kitanosho, gassantoda, takahashi, matsuyama, marugame, kumamoto";
    assert_eq!(
        error("fill osaka 1"),
        format!(
            "\"fill osaka 1\" is not an action: \"osaka\" is no castle: expected one of {castles}"
        )
    );
    assert_eq!(
        error("fill"),
        format!("\"fill\" is not an action: expected a castle after \"fill\": {castles}")
    );
}

#[test]
fn text_that_names_no_action_says_what_was_expected() {
    let expected =
        "expected \"fill CASTLE LINE\" (e.g. \"fill edo 2\", \"fill edo daimyo\") or \"lose die\"";
    for text in ["", "   ", "pass", "roll", "2"] {
        assert_eq!(
            error(text),
            format!("\"{text}\" is not an action: {expected}")
        );
    }
    assert_eq!(
        error("fill edo 2 3"),
        "\"fill edo 2 3\" is not an action: nothing should follow \"fill edo 2\", not \"3\""
    );
    assert_eq!(
        error("lose two dice"),
        "\"lose two dice\" is not an action: nothing should follow \"lose die\", not \"two\""
    );
}

#[test]
fn aow_9_text_that_parses_is_still_checked_by_the_rules() {
    // Reading does not judge legality: an own castle, or the special line
    // of a castle in the centre, reads as an action and is refused by the
    // rules, naming them.
    let mut game = position(2, &[(Castle::Gifu, 0)], 0);
    rolls(&mut game, "D A C 3 3 3 3");
    let own = game.action_from_text("fill gifu 1").unwrap();
    assert_eq!(
        game.apply(own).unwrap_err().to_string(),
        "AOW-9: you already hold Gifu"
    );
    let special = game.action_from_text("fill kiyosu daimyo").unwrap();
    assert_eq!(
        game.apply(special).unwrap_err().to_string(),
        "AOW-9: the special daimyo line of Kiyosu is only for taking it from an opponent"
    );
}

#[test]
fn chance_outcomes_are_written_in_full() {
    let game = common::new_game(3);
    assert_eq!(game.chance_text(&Chance::FirstPlayer(2)), "first player 2");
    let game = started(3, 2);
    assert_eq!(
        game.chance_text(&Chance::Roll(roll("D A 1 1 C 3 2"))),
        "roll infantry1 infantry1 infantry2 infantry3 archery cavalry daimyo"
    );
    assert_eq!(
        Chance::Roll(roll("D 3")).to_string(),
        "roll infantry3 daimyo"
    );
}

#[test]
fn every_viewer_is_told_the_whole_action_and_roll() {
    // Nothing is hidden in Age of War: the narration for each seat and a
    // spectator is the entry itself, written as its text.
    let mut game = started(3, 1);
    let outcome = Chance::Roll(roll("D C 3 2 A 3 A"));
    let viewers = [
        Viewer::Seat(0),
        Viewer::Seat(1),
        Viewer::Seat(2),
        Viewer::Spectator,
    ];
    for viewer in viewers {
        assert_eq!(game.seen_chance(&outcome, viewer), outcome);
        let entry = SeenEntry::<AgeOfWar>::new(&game, &Entry::Chance(outcome), viewer);
        assert_eq!(
            entry.to_string(),
            "chance: roll infantry2 infantry3 infantry3 archery archery cavalry daimyo"
        );
    }
    game.apply_chance(outcome).unwrap();
    let action = fill(Castle::Gassantoda, 2);
    for viewer in viewers {
        assert_eq!(game.seen_action(&action, viewer), action);
        let entry = Entry::Action {
            player: Some(1),
            action,
        };
        assert_eq!(
            SeenEntry::<AgeOfWar>::new(&game, &entry, viewer).to_string(),
            "player 1: fill gassantoda 2"
        );
    }
}
