//! Scenarios for the rule tests, on the public API only: games laid out
//! and started by the helpers, dice scripted through chance outcomes, and
//! positions edited through their JSON (which the engine validates).
#![allow(
    dead_code,
    clippy::missing_panics_doc,
    clippy::arithmetic_side_effects,
    clippy::indexing_slicing,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "test scenarios, not all used by every test file: a broken scenario is a failed test"
)]

use dice_core::{Game, ToMove};
use era_rules::map::FaceCounts;
use era_rules::{
    Action, BuildingKind, Cell, Chance, Colour, Era, EraConfig, Face, Piece, Ruleset, Side,
    auto_layout_action,
};
use serde_json::{Value, json};

pub fn cell(s: &str) -> Cell {
    s.parse().unwrap()
}

/// A game with every layout made by [`auto_layout_action`].
pub fn laid_out(players: usize) -> Era {
    laid_out_with(&EraConfig::new(players))
}

pub fn laid_out_with(config: &EraConfig) -> Era {
    let mut g = Era::new(config).unwrap();
    while let Some(a) = auto_layout_action(&g) {
        g.apply(a).unwrap();
    }
    g
}

/// The first face of a `colour` die that `pick` accepts.
pub fn side(r: &Ruleset, colour: Colour, pick: impl Fn(&Face) -> bool) -> Side {
    Side::ALL
        .into_iter()
        .find(|&s| pick(&r.face(colour, s)))
        .unwrap_or_else(|| panic!("no {colour} face fits"))
}

/// A face of `colour` that shows no skull, hammer or feather: a plain
/// resource or culture face, or a choice face.
pub fn blank(r: &Ruleset, colour: Colour) -> Side {
    side(r, colour, |f| {
        !f.is_skull()
            && f.count(era_rules::Symbol::Hammer) == 0
            && !f.is_feather()
            && f.count(era_rules::Symbol::Sword) == 0
            && f.count(era_rules::Symbol::Shield) == 0
    })
}

/// The skull face of `colour`.
pub fn skull(r: &Ruleset, colour: Colour) -> Side {
    side(r, colour, Face::is_skull)
}

/// A gray face with exactly `swords` swords.
pub fn swords(r: &Ruleset, swords: u8) -> Side {
    side(r, Colour::Gray, |f| {
        f.count(era_rules::Symbol::Sword) == swords
    })
}

/// The gray faces with the fewest and with the most swords.
pub fn fewest_and_most_swords(r: &Ruleset) -> (Side, Side) {
    let count = |s: &Side| r.face(Colour::Gray, *s).count(era_rules::Symbol::Sword);
    let fewest = Side::ALL.into_iter().min_by_key(count).unwrap();
    let most = Side::ALL.into_iter().max_by_key(count).unwrap();
    (fewest, most)
}

/// Seat 0 wins the start-player roll (ERA-6).
pub fn start(g: &mut Era) {
    let (fewest, most) = fewest_and_most_swords(g.ruleset());
    let mut faces = [None; 4];
    for (s, f) in faces.iter_mut().enumerate().take(g.players()) {
        *f = Some(if s == 0 { most } else { fewest });
    }
    g.apply_chance(Chance::StartRoll(faces)).unwrap();
}

/// Laid out, and seat 0 starts.
pub fn started(players: usize) -> Era {
    let mut g = laid_out(players);
    start(&mut g);
    g
}

/// The dice in hand land showing `dice` (colour, face, how many), one
/// colour at a time as the engine rolls them.
pub fn roll(g: &mut Era, dice: &[(Colour, Side, u8)]) {
    for colour in Colour::ALL {
        let mut faces = [0u8; 6];
        for &(c, s, n) in dice {
            if c == colour {
                faces[usize::from(s.index())] += n;
            }
        }
        if faces.iter().any(|&n| n > 0) {
            assert_eq!(
                g.to_move(),
                ToMove::Chance,
                "no dice to roll: {:?}",
                g.step()
            );
            let outcome = Chance::Roll {
                die: colour,
                faces: FaceCounts::from_array(faces),
            };
            g.apply_chance(outcome)
                .unwrap_or_else(|e| panic!("{outcome:?}: {e}"));
        }
    }
}

/// The player rolling shows `dice` and stops, if asked.
pub fn roll_and_stop(g: &mut Era, dice: &[(Colour, Side, u8)]) {
    roll(g, dice);
    if g.is_legal(&Action::Done) && matches!(g.step(), era_rules::Step::Roll { .. }) {
        g.apply(Action::Done).unwrap();
    }
}

/// The player rolling shows `dice` and stops; the players still to roll
/// this round show blank faces, so the game moves past the Roll step.
pub fn roll_then_blanks(g: &mut Era, dice: &[(Colour, Side, u8)]) {
    roll_and_stop(g, dice);
    blank_rolls(g);
}

/// The first roller, who may only stop (ERA-12), stops: the second rolls.
pub fn only_stop_then_the_second_rolls(g: &mut Era) {
    assert_eq!(legal(g), vec![Action::Done]);
    g.apply(Action::Done).unwrap();
    assert_eq!(g.step(), era_rules::Step::Roll { turn: 1 });
    assert_eq!(g.to_move(), ToMove::Chance);
}

/// The players still to roll show blank faces and stop, and the game moves
/// on past this round's Roll step.
pub fn blank_rolls(g: &mut Era) {
    let round = g.round();
    while g.round() == round && matches!(g.step(), era_rules::Step::Roll { .. }) {
        if g.to_move() == ToMove::Chance {
            let dice = hand(g);
            roll_and_stop(g, &dice);
        } else {
            g.apply(Action::Done).unwrap();
        }
    }
}

/// Blank faces for every die in hand of the player rolling.
pub fn hand(g: &Era) -> Vec<(Colour, Side, u8)> {
    let seat = match g.step() {
        era_rules::Step::Roll { turn } | era_rules::Step::Feathers { turn } => {
            (g.start_player() + usize::from(turn)) % g.players()
        }
        _ => panic!("nobody is rolling"),
    };
    let p = g.player(seat).unwrap();
    Colour::ALL
        .into_iter()
        .filter(|&c| p.rolling()[c] > 0)
        .map(|c| (c, blank(g.ruleset(), c), p.rolling()[c]))
        .collect()
}

/// The state after `edit` of its JSON, with the supply recounted from the
/// domains; the engine must accept it.
pub fn edited(g: &Era, edit: impl FnOnce(&mut Value)) -> Era {
    let mut json = serde_json::to_value(g).unwrap();
    edit(&mut json);
    recount_supply(&mut json, g.ruleset());
    serde_json::from_value(json.clone()).unwrap_or_else(|e| panic!("refused: {e}\n{json}"))
}

/// Every building, wall and scorched area not in a domain or the box is in
/// the supply.
fn recount_supply(json: &mut Value, r: &Ruleset) {
    let domains: Vec<Value> = json["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["domain"].clone())
        .collect();
    for (i, kind) in BuildingKind::ALL.into_iter().enumerate() {
        let placed = domains
            .iter()
            .flat_map(|d| d["buildings"].as_array().unwrap().iter())
            .filter(|b| b["kind"] == kind.name())
            .count();
        let placed = i64::try_from(placed).unwrap();
        let boxed = json["boxed"][i].as_i64().unwrap();
        json["supply"][i] = json!(i64::from(r.building_count(kind)) - boxed - placed);
    }
    for length in 1..=8u8 {
        let i = usize::from(length - 1);
        let placed: i64 = domains
            .iter()
            .map(|d| d["wall_counts"][i].as_i64().unwrap())
            .sum();
        json["wall_supply"][i] = json!(i64::from(r.wall_count(length)) - placed);
    }
    let scorched: i64 = domains
        .iter()
        .map(|d| i64::try_from(d["scorched"].as_array().unwrap().len()).unwrap())
        .sum();
    json["scorched_supply"] = json!(i64::from(r.scorched_areas()) - scorched);
}

/// Seat `seat`'s domain holds only the Keep.
pub fn clear_domain(json: &mut Value, seat: usize) {
    let d = &mut json["players"][seat]["domain"];
    let keep = d["buildings"][0].clone();
    d["buildings"] = json!([keep]);
    d["walls"] = json!([]);
    d["wall_counts"] = json!([0, 0, 0, 0, 0, 0, 0, 0]);
    d["scorched"] = json!([]);
}

/// A building on these cells of `seat`'s domain.
pub fn add_building(json: &mut Value, seat: usize, kind: BuildingKind, cells: &[&str]) {
    json["players"][seat]["domain"]["buildings"]
        .as_array_mut()
        .unwrap()
        .push(json!({ "kind": kind.name(), "cells": cells }));
}

/// A straight wall on these cells of `seat`'s domain, as long as the
/// cells are many.
pub fn add_wall(json: &mut Value, seat: usize, cells: &[&str]) {
    let d = &mut json["players"][seat]["domain"];
    for c in cells {
        d["walls"].as_array_mut().unwrap().push(json!(c));
    }
    let i = cells.len() - 1;
    let n = d["wall_counts"][i].as_i64().unwrap();
    d["wall_counts"][i] = json!(n + 1);
}

/// Resources of a seat: goods, stone, wood, food.
pub fn set_resources(json: &mut Value, seat: usize, r: [u8; 4]) {
    json["players"][seat]["resources"] = json!(r);
}

/// The legal actions now.
pub fn legal(g: &Era) -> Vec<Action> {
    let mut out = Vec::new();
    g.legal_actions(&mut out);
    out
}

/// The piece and placement of a building or wall.
pub fn place(piece: Piece, at: &str, turn: u8) -> Action {
    Action::Place {
        piece,
        at: cell(at),
        turn,
    }
}
