//! Replays (`GET /api/matches/{id}/replay`), over real HTTP on loopback:
//! a finished match stepped through as each seat and the spectators saw
//! it is exactly what each one's own connection was told while it was
//! played (entries, narration, the view after each step), so it shows no
//! more than play did: in Armadöra another seat's warriors stay without
//! their value until the end. No replay before the end, nor of a private
//! match.
use serde_json::{Value, json};

use crate::common::{Lcg, TWO_SEATS, Table, unthrottled};

/// Applies an RFC 6902 patch of `add`, `remove` and `replace` (the
/// server's own) to `doc`.
fn apply(doc: &mut Value, ops: &[Value]) {
    for op in ops {
        let path = op["path"].as_str().unwrap();
        if path.is_empty() {
            *doc = op["value"].clone();
            continue;
        }
        let tokens: Vec<String> = path[1..]
            .split('/')
            .map(|t| t.replace("~1", "/").replace("~0", "~"))
            .collect();
        let (last, parents) = tokens.split_last().unwrap();
        let mut at = &mut *doc;
        for t in parents {
            at = match at {
                Value::Array(a) => &mut a[t.parse::<usize>().unwrap()],
                other => &mut other[t.as_str()],
            };
        }
        match (op["op"].as_str().unwrap(), at) {
            ("remove", Value::Array(a)) => {
                a.remove(last.parse().unwrap());
            }
            ("remove", Value::Object(o)) => {
                o.remove(last.as_str());
            }
            ("add", Value::Array(a)) => a.insert(last.parse().unwrap(), op["value"].clone()),
            ("replace", Value::Array(a)) => a[last.parse::<usize>().unwrap()] = op["value"].clone(),
            (_, other) => other[last.as_str()] = op["value"].clone(),
        }
    }
}

/// What a live connection was told: every entry and its narration, in
/// order, and the view after each sequence number it was sent.
struct Told {
    entries: Vec<Value>,
    narration: Vec<Value>,
    views: Vec<(u64, Value)>,
}

fn told_live(frames: &[String]) -> Told {
    let mut told = Told {
        entries: Vec::new(),
        narration: Vec::new(),
        views: Vec::new(),
    };
    for f in frames {
        let f: Value = serde_json::from_str(f).unwrap();
        let Some(update) = f.get("update") else {
            continue;
        };
        let from = update["from"].as_u64().unwrap() as usize;
        told.entries.truncate(from);
        told.narration.truncate(from);
        told.entries
            .extend(update["entries"].as_array().unwrap().iter().cloned());
        told.narration
            .extend(update["narration"].as_array().unwrap().iter().cloned());
        told.views
            .push((f["seq"].as_u64().unwrap(), update["view"].clone()));
    }
    told
}

async fn replay(server: &crate::common::Server, id: &str, query: &str) -> (u16, Value) {
    server
        .http("GET", &format!("/api/matches/{id}/replay{query}"), None)
        .await
}

/// The replay of `id` with `query`, refused with `status` and `code`.
async fn refused(server: &crate::common::Server, id: &str, query: &str, status: u16, code: &str) {
    let (got, r) = replay(server, id, query).await;
    assert_eq!(
        (got, &r["error"]["code"]),
        (status, &json!(code)),
        "{query}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replay_is_what_each_viewer_was_told_while_the_match_was_played() {
    let server = unthrottled("replay");
    let replays = crate::schemas::validator("replay");
    for (n, title) in TWO_SEATS.iter().enumerate() {
        let created = server.create(title, &["person", "person"]).await;
        let id = created["id"].as_str().unwrap();
        let mut table =
            Table::join_with(&server, &created, true, &json!({"narration": true})).await;
        table.play_out(&mut Lcg(n as u64 + 21), 5_000).await;
        for (i, viewer) in table.seats.clone().into_iter().enumerate() {
            let query = viewer.map_or(String::new(), |s| format!("?seat={s}"));
            let (status, r) = replay(&server, id, &query).await;
            assert_eq!(status, 200, "{title} {query}: {r}");
            crate::schemas::check(&replays, &r);
            assert_eq!(
                r["viewer"],
                viewer.map_or(json!("spectator"), |s| json!({"seat": s}))
            );
            assert_eq!(r["seats"], json!(["person", "person"]));
            let live = told_live(&table.clients[i].frames);
            let mut view = r["start"].clone();
            let mut entries = Vec::new();
            let mut narration = Vec::new();
            for step in r["steps"].as_array().unwrap() {
                assert_eq!(step["from"].as_u64().unwrap() as usize, entries.len());
                entries.extend(step["entries"].as_array().unwrap().iter().cloned());
                narration.extend(step["narration"].as_array().unwrap().iter().cloned());
                assert_eq!(step["to"].as_u64().unwrap() as usize, entries.len());
                apply(&mut view, step["view_patch"].as_array().unwrap());
                // Where the live connection was told this step, it saw
                // this view.
                let seq = step["to"].as_u64().unwrap();
                if let Some((_, seen)) = live.views.iter().find(|(s, _)| *s == seq) {
                    assert_eq!(&view, seen, "{title} {query}: the view after entry {seq}");
                }
            }
            assert_eq!(entries, live.entries, "{title} {query}: the entries");
            assert_eq!(narration, live.narration, "{title} {query}: the narration");
            assert_eq!(
                &view,
                &live.views.last().unwrap().1,
                "{title}: the last view"
            );
            // The last step's running scores are those the live update
            // carried.
            let last = table.clients[i]
                .frames
                .iter()
                .rev()
                .map(|f| serde_json::from_str::<Value>(f).unwrap())
                .find(|f| f.get("update").is_some())
                .unwrap();
            assert_eq!(
                r["steps"].as_array().unwrap().last().unwrap()["scoreboard"],
                last["update"]["scoreboard"],
                "{title} {query}: the last step's scoreboard"
            );
            assert!(
                !last["update"]["scoreboard"].is_null(),
                "{title}: a scoreboard at the end"
            );
            let (_, facts) = server.facts(id).await;
            assert_eq!(r["result"], facts["result"]);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn arm_14_a_replay_never_shows_another_seats_warrior_before_the_end() {
    let server = unthrottled("replay-hidden");
    let created = server
        .create("armadora(players=2)", &["person", "person"])
        .await;
    let id = created["id"].as_str().unwrap();
    let mut table = Table::join(&server, &created, false).await;
    table.play_out(&mut Lcg(5), 5_000).await;
    let mut hidden = 0;
    for (me, query) in [(1, "?seat=1"), (0, "?seat=0")] {
        let (_, r) = replay(&server, id, query).await;
        let mut view = r["start"].clone();
        for step in r["steps"].as_array().unwrap() {
            apply(&mut view, step["view_patch"].as_array().unwrap());
            if view["phase"] == "over" {
                break;
            }
            for (sq, w) in view["warriors"].as_object().unwrap() {
                if w["owner"] != me && w["face_up"] == false {
                    assert_eq!(w["value"], Value::Null, "{query}: the warrior on {sq}");
                    hidden += 1;
                }
            }
            for (entry, words) in step["entries"]
                .as_array()
                .unwrap()
                .iter()
                .zip(step["narration"].as_array().unwrap())
            {
                if entry["player"] != me && entry["action"].get("warrior").is_some() {
                    assert!(!words.as_str().unwrap().contains("value"), "{words}");
                }
            }
        }
    }
    assert!(hidden > 20, "only {hidden} hidden warriors seen");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_replay_before_the_end_of_a_private_match_or_of_a_seat_not_there() {
    let server = unthrottled("replay-refused");
    let playing = server.create("pig(players=2)", &["person", "person"]).await;
    let id = playing["id"].as_str().unwrap();
    for query in ["", "?seat=0", "?seat=1"] {
        refused(&server, id, query, 409, "not_over").await;
    }
    let (status, private) = server
        .post_match(&json!({"game": "pig(players=2,target=10)", "seats": ["person", "person"], "spectators": false}))
        .await;
    assert_eq!(status, 201);
    let mut table = Table::join(&server, &private, false).await;
    table.play_out(&mut Lcg(2), 2_000).await;
    let pid = private["id"].as_str().unwrap();
    refused(&server, pid, "?seat=0", 403, "no_spectators").await;
    let finished = server
        .create("pig(players=2,target=10)", &["person", "person"])
        .await;
    let mut table = Table::join(&server, &finished, false).await;
    table.play_out(&mut Lcg(3), 2_000).await;
    let fid = finished["id"].as_str().unwrap();
    for query in ["?seat=2", "?seat=-1", "?seat=x"] {
        refused(&server, fid, query, 404, "unknown_seat").await;
    }
    refused(&server, "nope", "", 404, "unknown_match").await;
    assert_eq!(replay(&server, fid, "?seat=1").await.0, 200);
}
