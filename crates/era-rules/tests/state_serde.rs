//! States deserialise only when they keep every invariant.

use dice_core::Game;
use era_rules::{Era, EraConfig, auto_layout_action};

fn state_json() -> serde_json::Value {
    let mut g = Era::new(&EraConfig::new(3)).unwrap();
    while let Some(a) = auto_layout_action(&g) {
        g.apply(a).unwrap();
    }
    serde_json::to_value(&g).unwrap()
}

fn refused(edit: impl FnOnce(&mut serde_json::Value), what: &str) {
    let mut json = state_json();
    edit(&mut json);
    let err = serde_json::from_value::<Era>(json).unwrap_err().to_string();
    assert!(err.contains(what), "{err}");
}

#[test]
fn a_valid_state_round_trips() {
    let json = state_json();
    let g: Era = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(serde_json::to_value(&g).unwrap(), json);
}

#[test]
fn resources_above_the_track_are_refused() {
    refused(
        |j| j["players"][0]["resources"][1] = 9.into(),
        "players[0].resources",
    );
}

#[test]
fn buildings_that_do_not_add_up_are_refused() {
    refused(|j| j["supply"][4] = 0.into(), "supply: farm");
}

#[test]
fn overlapping_pieces_are_refused() {
    refused(
        |j| {
            let walls = j["players"][1]["domain"]["walls"].clone();
            j["players"][1]["domain"]["scorched"] = walls;
        },
        "pieces overlap at",
    );
}

#[test]
fn a_step_the_engine_would_have_moved_past_is_refused() {
    refused(
        |j| j["step"] = serde_json::json!({"layout": {"seat": 2}}),
        "players[2].laid_out: 8 of 8 start pieces laid out during the layout",
    );
}

/// A cell of seat 0's domain with nothing on it.
fn empty_cell(j: &serde_json::Value) -> String {
    let text = j["players"][0]["domain"].to_string();
    (1..=9)
        .flat_map(|row| ('a'..='i').map(move |col| format!("{col}{row}")))
        .find(|cell| !text.contains(&format!("\"{cell}\"")))
        .unwrap()
}

#[test]
fn a_moved_keep_is_refused() {
    refused(
        |j| {
            let cell = empty_cell(j);
            j["players"][0]["domain"]["buildings"][0]["cells"] = serde_json::json!([cell]);
        },
        "the Keep on the centre cell",
    );
}
