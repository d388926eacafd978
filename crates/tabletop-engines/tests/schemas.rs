//! The JSON Schemas of every game's wire types (records, histories, views,
//! updates), committed under `schemas/` at the workspace root: they are
//! what the types generate, real output of many random games validates
//! against them, and malformed documents do not. Every game of the
//! registry is checked, read from its declaration; `schemas/games.json`
//! is the registry's catalogue (`tabletop_engines::catalogue`), which the
//! npm package's type generator reads.
//!
//! Rewrite the committed files after a change to a wire type with
//! `TABLETOP_WRITE_SCHEMAS=1 cargo test -p tabletop-engines --test schemas`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::arithmetic_side_effects,
    reason = "a test: a failure is a failed test"
)]

use std::path::PathBuf;

use dice_core::{DiceRng, Game, Match, ToMove, Viewer};
use era_rules::{Era, EraConfig};
use serde_json::{Value, json};
use tabletop_engines::{AnyGame, catalogue, game_names, load_game, load_game_json};

/// Each schema file's path under `schemas/` and its document.
struct Schemas(Vec<(PathBuf, Value)>);

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../schemas")
}

/// Whether the committed files are here: in the workspace, not in the
/// packaged crate, whose tests then check the schemas the types generate.
fn committed() -> bool {
    root().join("README.md").is_file()
}

/// The catalogue's file.
const CATALOGUE: &str = "games.json";

/// What writes the committed files from the types.
const WRITE: &str = "TABLETOP_WRITE_SCHEMAS=1 cargo test -p tabletop-engines --test schemas";

/// Every game's schemas, generated from the types, and the catalogue.
fn generated() -> Schemas {
    let mut out = Vec::new();
    for name in game_names() {
        for (stem, schema) in load_game(name).unwrap().wire_schemas() {
            out.push((
                PathBuf::from(name).join(format!("{stem}.schema.json")),
                schema,
            ));
        }
    }
    out.push((
        PathBuf::from(CATALOGUE),
        serde_json::to_value(catalogue()).unwrap(),
    ));
    Schemas(out)
}

fn text_of(schema: &Value) -> String {
    let mut text = serde_json::to_string_pretty(schema).unwrap();
    text.push('\n');
    text
}

#[test]
fn the_committed_schemas_are_those_the_types_generate() {
    let schemas = generated();
    if !committed() {
        // A packaged crate: the files live at the workspace's root.
        eprintln!(
            "no schemas/ beside this crate: the committed files are checked in the workspace"
        );
        assert_eq!(schemas.0.len(), 4 * game_names().len() + 1);
        return;
    }
    if std::env::var_os("TABLETOP_WRITE_SCHEMAS").is_some() {
        for (path, schema) in &schemas.0 {
            let file = root().join(path);
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(&file, text_of(schema)).unwrap();
        }
    }
    let mut stale = Vec::new();
    for (path, schema) in &schemas.0 {
        let committed = std::fs::read_to_string(root().join(path)).unwrap_or_default();
        if committed != text_of(schema) {
            stale.push(path.display().to_string());
        }
    }
    // No file is left over from a type that is gone. A new game's folder
    // is missing until written: its files are stale above.
    for game in game_names() {
        let Ok(entries) = std::fs::read_dir(root().join(game)) else {
            continue;
        };
        for entry in entries {
            let path = PathBuf::from(game).join(entry.unwrap().file_name());
            if !schemas.0.iter().any(|(p, _)| *p == path) {
                stale.push(format!("{} (no type writes it)", path.display()));
            }
        }
    }
    assert!(
        stale.is_empty(),
        "schemas/ differs from the types for {stale:?}: rewrite it with {WRITE}"
    );
}

/// The committed schema of `game`'s `stem`, compiled.
fn validator(game: &str, stem: &str) -> jsonschema::Validator {
    let path = PathBuf::from(game).join(format!("{stem}.schema.json"));
    let schema: Value = if committed() {
        let text = std::fs::read_to_string(root().join(&path))
            .unwrap_or_else(|e| panic!("schemas/{}: {e}: write it with {WRITE}", path.display()));
        serde_json::from_str(&text).unwrap()
    } else {
        generated()
            .0
            .into_iter()
            .find(|(p, _)| *p == path)
            .unwrap()
            .1
    };
    jsonschema::draft202012::new(&schema)
        .unwrap_or_else(|e| panic!("{}: not a valid schema: {e}", path.display()))
}

/// The four validators of one game, by stem.
struct Validators {
    game: &'static str,
    record: jsonschema::Validator,
    history: jsonschema::Validator,
    view: jsonschema::Validator,
    update: jsonschema::Validator,
}

impl Validators {
    fn of(game: &'static str) -> Self {
        Validators {
            game,
            record: validator(game, "record"),
            history: validator(game, "history"),
            view: validator(game, "view"),
            update: validator(game, "update"),
        }
    }

    fn by_stem(&self, stem: &str) -> &jsonschema::Validator {
        match stem {
            "record" => &self.record,
            "history" => &self.history,
            "view" => &self.view,
            _ => &self.update,
        }
    }
}

fn assert_valid(v: &jsonschema::Validator, what: &str, doc: &Value) {
    if let Err(e) = v.validate(doc) {
        panic!("{what} does not match its schema: {e}\n{doc}");
    }
}

/// The steps at which a game's documents are checked (and at its end).
const CHECKPOINTS: [usize; 9] = [0, 1, 3, 8, 20, 50, 150, 400, 1200];

/// Seeds of each table size's random games.
const SEEDS: u64 = 10;

/// Documents of every kind from random games of `game` at every table
/// size it declares: returns how many were checked, and one document of
/// each kind for the negative checks.
fn check_output(game: &dyn AnyGame, checks: &Validators, samples: &mut Samples) -> usize {
    let mut checked = 0;
    let name = game.name();
    for players in game.min_players()..=game.max_players() {
        let table = load_game_json(name, &json!({ "players": players }).to_string()).unwrap();
        for seed in 0..SEEDS {
            let mut state = table.new_initial_state();
            let mut rng = DiceRng::from_seed_u64(seed ^ 0x5eed);
            let viewers: Vec<Viewer> = (0..players)
                .map(Viewer::Seat)
                .chain([Viewer::Spectator])
                .collect();
            let mut step = 0usize;
            let mut since = 0usize;
            loop {
                let over = state.to_move() == ToMove::Over;
                // A few positions of each game, from the start to the end:
                // the documents grow with the log.
                if CHECKPOINTS.contains(&step) || over {
                    let record: Value = serde_json::from_str(&state.to_record_json()).unwrap();
                    assert_valid(&checks.record, &format!("{name} record"), &record);
                    samples.push(("record", record));
                    for &viewer in &viewers {
                        let doc = |text: String| -> Value { serde_json::from_str(&text).unwrap() };
                        let history = doc(state.history_json(viewer));
                        assert_valid(&checks.history, &format!("{name} history"), &history);
                        let view = doc(state.view_json(viewer));
                        assert_valid(&checks.view, &format!("{name} view"), &view);
                        let update = doc(state.update_json(viewer, since));
                        assert_valid(&checks.update, &format!("{name} update"), &update);
                        checked += 3;
                        if samples.len() < 64 {
                            samples.push(("history", history));
                            samples.push(("view", view));
                            samples.push(("update", update));
                        }
                    }
                    checked += 1;
                    since = state.entry_count().saturating_sub(3);
                }
                if over || step > 20_000 {
                    break;
                }
                if state.apply_sampled_chance(&mut rng).is_none() {
                    let legal = state.legal_actions();
                    state.apply(*rng.choose(&legal).unwrap()).unwrap();
                }
                step += 1;
            }
        }
    }
    checked
}

/// Documents sampled for the negative checks, by stem.
type Samples = Vec<(&'static str, Value)>;

fn all_output() -> Vec<(Validators, Samples, usize)> {
    game_names()
        .into_iter()
        .map(|name| {
            let checks = Validators::of(name);
            let mut samples = Vec::new();
            let n = check_output(load_game(name).unwrap().as_ref(), &checks, &mut samples);
            (checks, samples, n)
        })
        .collect()
}

#[test]
fn real_output_of_every_game_matches_its_schemas_and_malformed_documents_do_not() {
    for (checks, samples, checked) in all_output() {
        let game = checks.game;
        assert!(checked > 300, "{game}: only {checked} documents checked");
        for stem in ["record", "history", "view", "update"] {
            let v = checks.by_stem(stem);
            let doc = samples
                .iter()
                .find(|(s, _)| *s == stem)
                .map_or_else(|| panic!("{game}: no {stem} sampled"), |(_, d)| d.clone());
            assert!(v.is_valid(&doc));
            // Not an object at all.
            assert!(
                !v.is_valid(&json!([doc.clone()])),
                "{game} {stem}: a list passes"
            );
            // Each required field left out, and each field given a value of
            // no type the schema allows (a value nested one level deeper).
            let object = doc.as_object().unwrap();
            for key in object.keys() {
                let mut missing = doc.clone();
                missing.as_object_mut().unwrap().remove(key);
                let mut wrong = doc.clone();
                wrong[key] = json!({ "unexpected": [object[key].clone()] });
                assert!(
                    !v.is_valid(&missing) || !v.is_valid(&wrong),
                    "{game} {stem}: `{key}` may be left out and take any value"
                );
            }
            // An unknown field: refused, except in the views of the games
            // whose view is their state (Pig, Age of War), which read
            // their own form.
            let mut extra = doc.clone();
            extra["unexpected_field"] = json!(1);
            if stem != "view" || !load_game(game).unwrap().perfect_information() {
                assert!(
                    !v.is_valid(&extra),
                    "{game} {stem}: an unknown field passes"
                );
            }
            if stem != "view" {
                let mut other = doc.clone();
                other["game"] = json!("chess");
                assert!(
                    !v.is_valid(&other),
                    "{game} {stem}: another game's name passes"
                );
            }
        }
    }
}

#[test]
fn era_view_schema_refuses_what_a_frontend_must_not_draw() {
    let v = validator(Era::NAME, "view");
    let mut m = Match::<Era>::new(&EraConfig::new(3), 3).unwrap();
    let mut rng = DiceRng::from_seed_u64(3);
    let mut legal = Vec::new();
    // Play until some seat shows its dice.
    let view = loop {
        let view = serde_json::to_value(m.state().view(Viewer::Spectator)).unwrap();
        let shown = view["seats"].as_array().unwrap().iter().any(|s| {
            s["dice"]["showing_faces"]
                .as_array()
                .is_some_and(|g| !g.is_empty())
        });
        if shown {
            break view;
        }
        match m.state().to_move() {
            ToMove::Chance => {
                m.resolve_chance().unwrap();
            }
            ToMove::Player(_) => {
                m.state().legal_actions(&mut legal);
                m.play(*rng.choose(&legal).unwrap()).unwrap();
            }
            ToMove::Over => panic!("no dice shown in a whole game"),
        }
    };
    assert!(v.is_valid(&view));
    let seat = view["seats"]
        .as_array()
        .unwrap()
        .iter()
        .position(|s| {
            s["dice"]["showing_faces"]
                .as_array()
                .is_some_and(|g| !g.is_empty())
        })
        .unwrap();
    let face = format!("/seats/{seat}/dice/showing_faces/0/face");
    for (pointer, bad) in [
        (face.as_str(), json!(7)),
        (face.as_str(), json!(0)),
        ("/seats/0/resources/gold", json!(1)),
        ("/seats/0/dice/owned/red", json!(1)),
        ("/supply/walls_by_length/9", json!(1)),
        ("/seats/0/domain/cells/z99", json!("keep")),
        ("/seats/0/domain/cells/e5", json!("castle")),
    ] {
        let mut doc = view.clone();
        let (parent, last) = pointer.rsplit_once('/').unwrap();
        doc.pointer_mut(parent).unwrap()[last] = bad.clone();
        assert!(!v.is_valid(&doc), "{pointer} = {bad} passes");
    }
}
