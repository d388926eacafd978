//! The view's JSON by name: what a frontend draws without reading the
//! crate, read back with every check, and the positional form older
//! versions wrote still read.

use dice_core::testkit::json::{assert_refused, edited};
use dice_core::testkit::random_steps;
use dice_core::{Game, ToMove, Viewer};
use era_rules::{Colour, Era, EraConfig, EraView, Resource, Side, Step};
use serde_json::{Value, json};

fn play(players: usize, seed: u64, steps: usize) -> Era {
    random_steps(
        Era::new(&EraConfig::new(players)).unwrap(),
        seed,
        steps,
        |_| false,
    )
}

fn json_of(view: &EraView) -> Value {
    serde_json::to_value(view).unwrap()
}

/// A 3-player game in its Build step, and one in a Roll step with dice
/// behind the screens.
fn in_build() -> Era {
    random_steps(Era::new(&EraConfig::new(3)).unwrap(), 7, 50_000, |g| {
        matches!(g.step(), Step::Build { .. })
    })
}

fn in_roll() -> Era {
    play(3, 7, 40)
}

#[test]
fn era_1_resources_colours_and_buildings_are_written_by_name() {
    let g = in_build();
    let view = g.view(Viewer::Seat(0));
    let json = json_of(&view);
    for (seat, p) in json["seats"].as_array().unwrap().iter().enumerate() {
        assert_eq!(p["seat"], json!(seat));
        let shown = view.player(seat).unwrap();
        for r in Resource::ALL {
            assert_eq!(p["resources"][r.name()], json!(shown.resource(r)));
        }
        for c in Colour::ALL {
            assert_eq!(p["dice"]["owned"][c.name()], json!(shown.owned_dice()[c]));
        }
    }
    for (kind, n) in view.supply().iter() {
        assert_eq!(json["supply"]["buildings"][kind.name()], json!(n));
    }
    for length in 1..=8u8 {
        assert_eq!(
            json["supply"]["walls_by_length"][length.to_string()],
            json!(view.wall_supply()[usize::from(length - 1)])
        );
    }
    assert_eq!(json["start_player"], json!(view.start_player()));
    assert_eq!(
        json["to_move"],
        serde_json::to_value(view.to_move()).unwrap()
    );
}

#[test]
fn era_7_each_domain_lists_its_cells_with_what_stands_on_them() {
    let g = in_build();
    let json = json_of(&g.view(Viewer::Spectator));
    for (seat, p) in json["seats"].as_array().unwrap().iter().enumerate() {
        let domain = g.domain(seat).unwrap();
        let cells = p["domain"]["cells"].as_object().unwrap();
        assert_eq!(
            cells["e5"],
            json!("keep"),
            "the Keep on the centre cell (D2)"
        );
        assert_eq!(
            cells.len(),
            usize::try_from(domain.occupied().count_ones()).unwrap()
        );
        for cell in domain.cells(domain.walls()) {
            assert_eq!(cells[&cell.to_string()], json!("wall"));
        }
        for cell in domain.cells(domain.scorched()) {
            assert_eq!(cells[&cell.to_string()], json!("scorched"));
        }
        for b in domain.buildings() {
            for cell in domain.cells(b.cells) {
                assert_eq!(cells[&cell.to_string()], json!(b.kind.name()));
            }
        }
    }
}

#[test]
fn era_12_dice_are_listed_by_colour_and_face_with_their_symbols() {
    let g = in_roll();
    let Step::Roll { turn } = g.step() else {
        panic!("{:?}", g.step())
    };
    let roller = (g.start_player() + usize::from(turn)) % 3;
    let own = json_of(&g.view(Viewer::Seat(roller)));
    let dice = g
        .view(Viewer::Seat(roller))
        .player(roller)
        .unwrap()
        .dice()
        .copied();
    let groups = own["seats"][roller]["dice"]["showing_faces"]
        .as_array()
        .unwrap();
    let listed: u32 = groups
        .iter()
        .map(|g| u32::try_from(g["dice"].as_u64().unwrap()).unwrap())
        .sum();
    assert_eq!(listed, dice.unwrap().total());
    for group in groups {
        let colour: Colour = serde_json::from_value(group["colour"].clone()).unwrap();
        let side =
            Side::from_number(u8::try_from(group["face"].as_u64().unwrap()).unwrap()).unwrap();
        assert_eq!(
            group["symbols"],
            json!(g.ruleset().face(colour, side).to_string())
        );
        assert_eq!(group["dice"], json!(dice.unwrap().get(colour, side)));
    }
    // Behind the screen for everyone else: counts, but no faces.
    let theirs = json_of(&g.view(Viewer::Spectator));
    assert_eq!(
        theirs["seats"][roller]["dice"]["showing_faces"],
        Value::Null
    );
    assert_eq!(
        theirs["seats"][roller]["dice"]["showing"],
        own["seats"][roller]["dice"]["showing"]
    );
}

#[test]
fn named_views_of_many_random_positions_read_back_as_the_same_view() {
    let mut checked = 0;
    for seed in 0..12u64 {
        let players = 2 + usize::try_from(seed % 3).unwrap();
        for steps in [5, 30, 90, 200, 400] {
            let g = play(players, seed, steps);
            for viewer in Viewer::every(players) {
                let view = g.view(viewer);
                let text = serde_json::to_string(&view).unwrap();
                assert_eq!(
                    serde_json::from_str::<EraView>(&text).unwrap(),
                    view,
                    "{text}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 200);
}

#[test]
fn the_positional_form_older_versions_wrote_still_reads() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/positional_views");
    for (players, seed, steps) in [(3usize, 7u64, 40usize), (2, 11, 150)] {
        for (name, viewer) in [("seat0", Viewer::Seat(0)), ("spectator", Viewer::Spectator)] {
            let path = format!("{dir}/positional-{players}p-seed{seed}-steps{steps}-{name}.json");
            let text = std::fs::read_to_string(&path).unwrap();
            let old: EraView = serde_json::from_str(&text).unwrap();
            // The files are of revision 3: the same game under the config
            // they name (revision 3's Market, ERA-24).
            assert!(text.contains(r#""revision":3"#));
            let g = random_steps(Era::new(old.config()).unwrap(), seed, steps, |_| false);
            assert_eq!(old, g.view(viewer), "{path}");
            // Written again, it is written by name.
            let json = json_of(&old);
            assert!(json.get("seats").is_some() && json.get("players").is_none());
        }
    }
}

#[test]
fn a_view_mixing_the_two_forms_is_refused() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/positional_views");
    let old: Value = serde_json::from_str(
        &std::fs::read_to_string(format!("{dir}/positional-3p-seed7-steps40-spectator.json"))
            .unwrap(),
    )
    .unwrap();
    let new = json_of(&in_roll().view(Viewer::Spectator));
    let mut mixed = new.clone();
    mixed["supply"] = old["supply"].clone();
    assert_refused::<EraView>(mixed, "mixes the named form with the positional one");
    let mut mixed = old.clone();
    mixed["seats"] = new["seats"].clone();
    assert_refused::<EraView>(mixed, "mixes the named form with the positional one");
    let mut partial = new;
    partial.as_object_mut().unwrap().remove("tracking_tokens");
    assert_refused::<EraView>(partial, "missing field `tracking_tokens`");
}

fn named_refused(g: &Era, viewer: Viewer, pointer: &str, value: Value, needle: &str) {
    assert_refused::<EraView>(edited(&json_of(&g.view(viewer)), pointer, value), needle);
}

#[test]
fn era_12_a_face_with_symbols_other_than_table_d1_prints_is_refused() {
    let g = in_build();
    let json = json_of(&g.view(Viewer::Seat(0)));
    let groups = &json["seats"][0]["dice"]["showing_faces"];
    assert!(!groups.as_array().unwrap().is_empty());
    named_refused(
        &g,
        Viewer::Seat(0),
        "/seats/0/dice/showing_faces/0/symbols",
        json!("GGGGGG"),
        "(table D1)",
    );
    named_refused(
        &g,
        Viewer::Seat(0),
        "/seats/0/dice/showing_faces/0/face",
        json!(7),
        "face 7 is not a face of a die",
    );
    named_refused(
        &g,
        Viewer::Seat(0),
        "/seats/0/dice/showing_faces/0/dice",
        json!(0),
        "listed with no die",
    );
    let first = groups[0].clone();
    let mut twice = json.clone();
    twice["seats"][0]["dice"]["showing_faces"]
        .as_array_mut()
        .unwrap()
        .push(first);
    assert_refused::<EraView>(twice, "listed twice");
}

#[test]
fn era_13_unused_feathers_of_another_colour_are_refused() {
    let g = in_build();
    named_refused(
        &g,
        Viewer::Seat(0),
        "/seats/0/dice/unused_feathers",
        json!([{ "colour": "gray", "face": 2, "symbols": "X", "dice": 1 }]),
        "only white dice carry feathers (ERA-13)",
    );
}

#[test]
fn era_7_cells_that_are_not_those_the_pieces_cover_are_refused() {
    let g = in_build();
    named_refused(
        &g,
        Viewer::Spectator,
        "/seats/1/domain/cells/e5",
        json!("farm"),
        "seats[1].domain.cells: not the cells",
    );
    named_refused(
        &g,
        Viewer::Spectator,
        "/seats/1/domain/cells",
        json!({}),
        "seats[1].domain.cells: not the cells",
    );
    let text = serde_json::to_string(&g.view(Viewer::Spectator)).unwrap();
    let twice = text.replacen("\"e5\":\"keep\"", "\"e5\":\"keep\",\"e5\":\"keep\"", 1);
    assert_ne!(twice, text);
    let err = serde_json::from_str::<EraView>(&twice).unwrap_err();
    assert!(err.to_string().contains("cell e5 is listed twice"), "{err}");
}

#[test]
fn a_to_move_or_seat_other_than_the_view_gives_is_refused() {
    let g = in_build();
    let ToMove::Player(mover) = g.to_move() else {
        panic!("{:?}", g.to_move())
    };
    named_refused(
        &g,
        Viewer::Spectator,
        "/to_move",
        json!({ "player": (mover + 1) % 3 }),
        "to_move:",
    );
    named_refused(
        &g,
        Viewer::Spectator,
        "/seats/2/seat",
        json!(1),
        "seats[2]: listed as seat 1",
    );
    named_refused(
        &g,
        Viewer::Spectator,
        "/tracking_tokens/in_play",
        json!(200),
        "invalid Era view",
    );
}
