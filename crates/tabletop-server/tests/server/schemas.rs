//! The JSON Schemas of the server's messages and lobby answers, committed
//! under `schemas/server/`: they are what the types generate, and every
//! frame of real games (welcome, update with and without view patches and
//! known texts, refused, stale, error) and every lobby answer validates
//! against them.
//!
//! Rewrite the committed files after a change to a message type with
//! `TABLETOP_WRITE_SCHEMAS=1 cargo test -p tabletop-server schemas`.
use std::path::PathBuf;

use schemars::JsonSchema;
use schemars::generate::SchemaSettings;
use serde_json::{Value, json};
use tabletop_engines::dice_core::Viewer;
use tabletop_server::http::routes::Games;
use tabletop_server::lobby::error::ErrorBody;
use tabletop_server::lobby::replay::Replay;
use tabletop_server::lobby::seats::{AskRematch, OpenMatches, TakeSeat, TakenSeat};
use tabletop_server::lobby::turn::Turn;
use tabletop_server::lobby::{CreateMatch, Created, Facts, Load};
use tabletop_server::matches::actor::{Command, OptIns};
use tabletop_server::wire::client_message::{ActionRef, ClientMessage};
use tabletop_server::wire::server_message::ServerMessage;
use tokio::sync::{mpsc, oneshot};

use crate::common::{Lcg, Server};
use crate::inproc::{create, lobby, next};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../schemas/server")
}

/// The schema of `T` as the server writes it.
fn sent<T: JsonSchema>() -> Value {
    schema_of::<T>(SchemaSettings::draft2020_12().for_serialize())
}

/// The schema of `T` as the server reads it.
fn read<T: JsonSchema>() -> Value {
    schema_of::<T>(SchemaSettings::draft2020_12().for_deserialize())
}

fn schema_of<T: JsonSchema>(settings: SchemaSettings) -> Value {
    serde_json::to_value(settings.into_generator().into_root_schema_for::<T>()).unwrap()
}

/// Each file's name and its schema, as the types generate them.
fn generated() -> Vec<(&'static str, Value)> {
    vec![
        ("server-message", sent::<ServerMessage<'static>>()),
        ("client-message", read::<ClientMessage>()),
        ("games", sent::<Games>()),
        ("create-match", read::<CreateMatch>()),
        ("created", sent::<Created>()),
        ("facts", sent::<Facts>()),
        ("error", sent::<ErrorBody>()),
        ("take-seat", read::<TakeSeat>()),
        ("taken-seat", sent::<TakenSeat>()),
        ("open-matches", sent::<OpenMatches>()),
        ("ask-rematch", read::<AskRematch>()),
        ("replay", sent::<Replay>()),
        ("turn", sent::<Turn>()),
    ]
}

fn text_of(schema: &Value) -> String {
    let mut text = serde_json::to_string_pretty(schema).unwrap();
    text.push('\n');
    text
}

fn file(name: &str) -> PathBuf {
    root().join(format!("{name}.schema.json"))
}

#[test]
fn the_committed_server_schemas_are_those_the_types_generate() {
    let schemas = generated();
    if std::env::var_os("TABLETOP_WRITE_SCHEMAS").is_some() {
        std::fs::create_dir_all(root()).unwrap();
        for (name, schema) in &schemas {
            std::fs::write(file(name), text_of(schema)).unwrap();
        }
    }
    let mut stale: Vec<String> = schemas
        .iter()
        .filter(|(name, schema)| {
            std::fs::read_to_string(file(name)).unwrap_or_default() != text_of(schema)
        })
        .map(|(name, _)| (*name).to_owned())
        .collect();
    for entry in std::fs::read_dir(root()).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        let stem = name.trim_end_matches(".schema.json");
        if !schemas.iter().any(|(n, _)| *n == stem) {
            stale.push(format!("{name} (no type writes it)"));
        }
    }
    assert!(
        stale.is_empty(),
        "schemas/server differs from the types for {stale:?}: rewrite it with \
         TABLETOP_WRITE_SCHEMAS=1 cargo test -p tabletop-server schemas"
    );
}

pub fn validator(name: &str) -> jsonschema::Validator {
    let schema: Value =
        serde_json::from_str(&std::fs::read_to_string(file(name)).unwrap()).unwrap();
    jsonschema::draft202012::new(&schema).unwrap()
}

pub fn check(validator: &jsonschema::Validator, document: &Value) {
    if let Err(e) = validator.validate(document) {
        panic!("{e} at {}: {document}", e.instance_path());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_frame_of_real_games_validates_against_the_schema() {
    let frames = validator("server-message");
    let mut rng = Lcg(5);
    let mut kinds = std::collections::BTreeMap::<String, usize>::new();
    for game in [
        "pig(players=2)",
        "age-of-war(players=2)",
        "armadora(players=2)",
        "era(players=2)",
    ] {
        let lobby = lobby();
        let id = create(&lobby, game).await;
        let (handle, _) = lobby.handle(&id, Load::Seat).await.unwrap();
        // Per seat: a plain connection and one with both opt-ins; and a
        // spectator.
        let mut subs = Vec::new();
        for (viewer, opt_in) in [
            (Viewer::Seat(0), false),
            (Viewer::Seat(0), true),
            (Viewer::Seat(1), false),
            (Viewer::Seat(1), true),
            (Viewer::Spectator, true),
        ] {
            let (tx, rx) = mpsc::channel(1024);
            let (reply, sub) = oneshot::channel();
            handle
                .commands
                .send(Command::Subscribe {
                    viewer,
                    last_seq: None,
                    opt_ins: OptIns {
                        view_patches: opt_in,
                        known_texts: opt_in,
                        narration: opt_in,
                    },
                    frames: tx,
                    reply,
                })
                .await
                .unwrap();
            subs.push((viewer, sub.await.unwrap().unwrap(), rx, Value::Null));
        }
        for (_, _, rx, latest) in &mut subs {
            *latest = next(rx).await.unwrap();
            check(&frames, latest);
        }
        for n in 0..400 {
            let Some(i) = subs.iter().position(|(v, _, _, f)| {
                matches!(v, Viewer::Seat(_))
                    && f["update"]["legal"]
                        .as_array()
                        .is_some_and(|l| !l.is_empty())
                    && f["update"]["legal"][0]
                        .as_array()
                        .is_some_and(|p| p.len() == 2)
            }) else {
                break;
            };
            let (viewer, sub, _, latest) = &subs[i];
            let Viewer::Seat(seat) = *viewer else {
                panic!("a seat is to move")
            };
            let legal = latest["update"]["legal"].as_array().unwrap();
            let action = legal[rng.below(legal.len())][0].as_u64().unwrap() as u32;
            let seq = latest["seq"].as_u64().unwrap() as usize;
            let act = |seq: usize, action: ActionRef, client_id: &str| Command::Act {
                sub: *sub,
                seat,
                seq,
                action,
                client_id: client_id.to_owned(),
            };
            // Now and then a refusal and a stale answer first.
            if n % 7 == 0 {
                let text = ActionRef::Text("no such move".into());
                handle.commands.send(act(seq, text, "bad")).await.unwrap();
                handle
                    .commands
                    .send(act(seq.saturating_sub(1), ActionRef::Id(action), "old"))
                    .await
                    .unwrap();
            }
            handle
                .commands
                .send(act(seq, ActionRef::Id(action), &format!("c{n}")))
                .await
                .unwrap();
            for (_, _, rx, latest) in &mut subs {
                loop {
                    let f = next(rx).await.unwrap();
                    check(&frames, &f);
                    let kind = f["type"].as_str().unwrap().to_owned();
                    *kinds.entry(kind.clone()).or_default() += 1;
                    if f["update"]["view_patch"].is_array() {
                        *kinds.entry("patched".into()).or_default() += 1;
                    }
                    // Narration, one text per entry, to those who asked.
                    if let Some(narration) = f["update"]["narration"].as_array() {
                        *kinds.entry("narrated".into()).or_default() += 1;
                        assert_eq!(
                            narration.len(),
                            f["update"]["entries"].as_array().unwrap().len(),
                            "{f}"
                        );
                    }
                    // Age of War's odds go with the legal actions, one each,
                    // to the seat to move alone.
                    if let Some(odds) = f["update"]["conquest_odds"].as_array() {
                        *kinds.entry("odds".into()).or_default() += 1;
                        let legal = f["update"]["legal"].as_array().unwrap();
                        assert_eq!(odds.len(), legal.len(), "{f}");
                        for (o, l) in odds.iter().zip(legal) {
                            assert_eq!(o["action"], l[0]);
                        }
                    } else {
                        assert!(
                            !game.starts_with("age-of-war")
                                || f["update"]["legal"].as_array().is_none_or(Vec::is_empty),
                            "{f}"
                        );
                    }
                    if kind == "update" || kind == "stale" {
                        // Keep the last frame that offers the whole legal
                        // texts for choosing, as the plain connection does.
                        let moved = f["seq"].as_u64() > latest["seq"].as_u64();
                        *latest = f;
                        if moved {
                            break;
                        }
                    }
                }
            }
        }
        drop(handle);
    }
    // Each kind of frame was checked, many times.
    for (kind, least) in [
        ("update", 2000),
        ("patched", 800),
        ("narrated", 800),
        ("refused", 50),
        ("stale", 50),
        ("odds", 20),
    ] {
        assert!(kinds.get(kind).copied().unwrap_or(0) >= least, "{kinds:?}");
    }
    for frame in [
        json!({"type": "error", "reason": {"code": "unavailable", "text": "x"}}),
        json!({"type": "refused", "client_id": null, "reason": {"code": "rate_limited", "text": "x"}}),
    ] {
        check(&frames, &frame);
    }
    assert!(
        frames
            .validate(&json!({"type": "error", "reason": {"code": "oops", "text": "x"}}))
            .is_err()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_lobby_answer_and_client_message_validates_against_its_schema() {
    let server = Server::fresh("schemas-lobby", &[]);
    let (_, games) = server.http("GET", "/api/games", None).await;
    check(&validator("games"), &games);
    // Each game as its declaration names it, Liar's Dice included.
    let titles: Vec<(&str, &str, bool)> = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["name"].as_str().unwrap(),
                g["title"].as_str().unwrap(),
                g["perfect_information"].as_bool().unwrap(),
            )
        })
        .collect();
    assert!(
        titles.contains(&("era", "Era: Medieval Age", false)),
        "{titles:?}"
    );
    assert!(
        titles
            .iter()
            .any(|&(name, _, perfect)| name == "liars-dice" && !perfect),
        "{titles:?}"
    );
    assert!(
        titles
            .iter()
            .any(|&(name, _, perfect)| name == "age-of-war" && perfect),
        "{titles:?}"
    );
    let request = json!({"game": "armadora(players=2)", "seats": ["person", "mcts"], "spectators": true, "turn_seconds": 60});
    check(&validator("create-match"), &request);
    let (_, created) = server.post_match(&request).await;
    check(&validator("created"), &created);
    let id = created["id"].as_str().unwrap();
    let (_, facts) = server.facts(id).await;
    check(&validator("facts"), &facts);
    let (_, error) = server.http("GET", "/api/matches/nope", None).await;
    check(&validator("error"), &error);
    let open = json!({"game": "pig(players=2)", "seats": ["open", "person"]});
    check(&validator("create-match"), &open);
    let (_, created) = server.post_match(&open).await;
    check(&validator("created"), &created);
    let id = created["id"].as_str().unwrap();
    let (_, listed) = server.http("GET", "/api/matches?open=true", None).await;
    check(&validator("open-matches"), &listed);
    assert_eq!(listed["matches"][0]["id"], id);
    let take = json!({"name": "Ana"});
    check(&validator("take-seat"), &take);
    let (_, taken) = server
        .post(&format!("/api/matches/{id}/seats/0"), &take)
        .await;
    check(&validator("taken-seat"), &taken);
    let (_, facts) = server.facts(id).await;
    check(&validator("facts"), &facts);
    let (_, refused) = server
        .post(&format!("/api/matches/{id}/seats/0"), &take)
        .await;
    check(&validator("error"), &refused);
    check(&validator("ask-rematch"), &json!({"token": "t"}));
    assert!(
        validator("take-seat")
            .validate(&json!({"name": "A", "seat": 1}))
            .is_err()
    );
    let clients = validator("client-message");
    for message in [
        json!({"type": "hello", "token": "t", "last_seq": 3, "view_patches": true, "known_texts": true}),
        json!({"type": "spectate", "match": "m", "narration": true}),
        json!({"type": "spectate", "match": "m"}),
        json!({"type": "act", "seq": 1, "action": 7, "client_id": "c"}),
        json!({"type": "act", "seq": 1, "action": "warrior b1 4", "client_id": "c"}),
    ] {
        check(&clients, &message);
    }
    assert!(
        clients
            .validate(&json!({"type": "act", "seq": 1, "action": 1, "client_id": "c", "seat": 0}))
            .is_err()
    );
}
