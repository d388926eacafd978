//! Replays (`GET /api/matches/{id}/replay`), over real HTTP on loopback:
//! a finished match stepped through as each seat and the spectators saw
//! it is exactly what each one's own connection was told while it was
//! played (entries, narration, the view after each step), so it shows no
//! more than play did: in Armadöra another seat's warriors stay without
//! their value until the end. No replay before the end, nor of a private
//! match.
use serde_json::{Value, json};

use crate::common::{Lcg, Server, TWO_SEATS, Table, raw_http, tokens, unthrottled};
use tabletop_engines::dice_core::DiceRng;
use tabletop_server::lobby::token::derived_seed;
use tabletop_server::matches::games::Table as Shadow;

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

/// `GET /api/matches/{id}/replay{query}`, `token` in an
/// `Authorization: Bearer` header: the status and the body as sent.
async fn replay_text(
    server: &crate::common::Server,
    id: &str,
    query: &str,
    token: Option<&str>,
) -> (u16, String) {
    let auth = token.map_or(String::new(), |t| format!("Authorization: Bearer {t}\r\n"));
    let addr = &server.addr;
    let text = raw_http(
        addr,
        &format!(
            "GET /api/matches/{id}/replay{query} HTTP/1.1\r\nHost: {addr}\r\n{auth}Connection: close\r\n\r\n"
        ),
    )
    .await;
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    assert!(!head.to_ascii_lowercase().contains("chunked"), "{head}");
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, body.to_owned())
}

/// A replay's answer with its body read as JSON.
fn json((status, body): (u16, String)) -> (u16, Value) {
    (status, serde_json::from_str(&body).unwrap())
}

/// The replay of `id` with `query` (and `token`), refused with `status`
/// and `code`, and showing nothing of the match.
async fn refused_to(
    server: &crate::common::Server,
    id: &str,
    query: &str,
    token: Option<&str>,
    status: u16,
    code: &str,
) {
    let (got, r) = json(replay_text(server, id, query, token).await);
    assert_eq!(
        (got, &r["error"]["code"]),
        (status, &json!(code)),
        "{query} {token:?}"
    );
    assert_eq!(r.as_object().unwrap().len(), 1, "only the error: {r}");
}

async fn refused(server: &crate::common::Server, id: &str, query: &str, status: u16, code: &str) {
    refused_to(server, id, query, None, status, code).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replay_is_what_each_viewer_was_told_while_the_match_was_played() {
    let server = unthrottled("replay");
    let replays = crate::schemas::validator("replay");
    for (n, title) in TWO_SEATS.iter().enumerate() {
        let created = server.create(title, &["person", "person"]).await;
        let id = created["id"].as_str().unwrap();
        let held = tokens(&created);
        let mut table =
            Table::join_with(&server, &created, true, &json!({"narration": true})).await;
        table.play_out(&mut Lcg(n as u64 + 21), 5_000).await;
        for (i, viewer) in table.seats.clone().into_iter().enumerate() {
            let query = viewer.map_or(String::new(), |s| format!("?seat={s}"));
            let token = viewer.and_then(|s| held[s].as_deref());
            let (status, r) = json(replay_text(&server, id, &query, token).await);
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
    let held = tokens(&created);
    let mut table = Table::join(&server, &created, false).await;
    table.play_out(&mut Lcg(5), 5_000).await;
    let mut hidden = 0;
    for (me, query) in [(1, "?seat=1"), (0, "?seat=0")] {
        let (_, r) = json(replay_text(&server, id, query, held[me].as_deref()).await);
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
    let (id, held) = server.pig_match().await;
    refused(&server, &id, "", 409, "not_over").await;
    for seat in [0, 1] {
        let query = format!("?seat={seat}");
        refused(&server, &id, &query, 403, "seat_replay_private").await;
        refused_to(&server, &id, &query, Some(&held[seat]), 409, "not_over").await;
    }
    let (status, private) = server
        .post_match(&json!({"game": "pig(players=2,target=10)", "seats": ["person", "person"], "spectators": false}))
        .await;
    assert_eq!(status, 201);
    let mut table = Table::join(&server, &private, false).await;
    table.play_out(&mut Lcg(2), 2_000).await;
    let pid = private["id"].as_str().unwrap();
    refused(&server, pid, "", 403, "no_spectators").await;
    refused(&server, pid, "?seat=0", 403, "seat_replay_private").await;
    // A seat of a private match replays it through its own eyes.
    let (status, own) =
        json(replay_text(&server, pid, "?seat=0", tokens(&private)[0].as_deref()).await);
    assert_eq!(
        (status, &own["viewer"]),
        (200, &json!({"seat": 0})),
        "{own}"
    );
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
    let token = tokens(&finished)[1].clone();
    assert_eq!(
        json(replay_text(&server, fid, "?seat=1", token.as_deref()).await).0,
        200
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seats_eyes_open_only_with_that_seats_token_and_the_spectators_view_to_anyone() {
    let server = unthrottled("replay-token");
    let other = server.create("pig(players=2)", &["person", "person"]).await;
    let finished = server
        .create("pig(players=2,target=10)", &["person", "person"])
        .await;
    let id = finished["id"].as_str().unwrap();
    let held = tokens(&finished);
    Table::join(&server, &finished, false)
        .await
        .play_out(&mut Lcg(4), 2_000)
        .await;
    let (_, facts) = server.facts(id).await;
    assert_eq!(facts["public_replays"], false);
    // Without a token, with the other seat's, another match's, a made-up
    // one, or one in another scheme: one and the same refusal.
    let (_, first) = replay_text(&server, id, "?seat=0", None).await;
    for token in [
        held[1].clone(),
        tokens(&other)[0].clone(),
        Some("0".repeat(32)),
        Some(String::new()),
    ] {
        refused_to(
            &server,
            id,
            "?seat=0",
            token.as_deref(),
            403,
            "seat_replay_private",
        )
        .await;
        assert_eq!(
            replay_text(&server, id, "?seat=0", token.as_deref())
                .await
                .1,
            first
        );
    }
    let basic = raw_http(
        &server.addr,
        &format!(
            "GET /api/matches/{id}/replay?seat=0 HTTP/1.1\r\nHost: x\r\nAuthorization: Basic {}\r\nConnection: close\r\n\r\n",
            held[0].as_deref().unwrap()
        ),
    )
    .await;
    assert!(basic.starts_with("HTTP/1.1 403"), "{basic}");
    // A token in the URL opens nothing.
    let query = format!("?seat=0&token={}", held[0].as_deref().unwrap());
    assert_eq!(json(replay_text(&server, id, &query, None).await).0, 403);
    for seat in [0, 1] {
        let (status, r) =
            json(replay_text(&server, id, &format!("?seat={seat}"), held[seat].as_deref()).await);
        assert_eq!((status, &r["viewer"]), (200, &json!({"seat": seat})), "{r}");
    }
    let (status, r) = json(replay_text(&server, id, "", None).await);
    assert_eq!((status, &r["viewer"]), (200, &json!("spectator")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn public_replays_open_every_seats_eyes_to_anyone_after_the_end_and_carry_to_the_rematch() {
    let server = unthrottled("replay-public");
    let (status, created) = server
        .post_match(&json!({"game": "pig(players=2,target=10)", "seats": ["person", "person"], "spectators": false, "public_replays": true}))
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap();
    let (_, facts) = server.facts(id).await;
    assert_eq!(
        (&facts["public_replays"], &facts["spectators"]),
        (&json!(true), &json!(false))
    );
    refused(&server, id, "?seat=0", 409, "not_over").await;
    Table::join(&server, &created, false)
        .await
        .play_out(&mut Lcg(6), 2_000)
        .await;
    for (query, viewer) in [
        ("?seat=0", json!({"seat": 0})),
        ("?seat=1", json!({"seat": 1})),
        ("", json!("spectator")),
    ] {
        let (status, r) = json(replay_text(&server, id, query, None).await);
        assert_eq!((status, &r["viewer"]), (200, &viewer), "{query}: {r}");
    }
    let token = tokens(&created)[0].clone().unwrap();
    let (status, rematch) = server
        .post(
            &format!("/api/matches/{id}/rematch"),
            &json!({ "token": token }),
        )
        .await;
    assert_eq!(status, 201, "{rematch}");
    let (_, facts) = server.facts(rematch["id"].as_str().unwrap()).await;
    assert_eq!(facts["public_replays"], true);
}

/// The dice seed under which the first two Liar's Dice matches of a
/// server roll the same die for seat 1 and different dice for seat 0:
/// two matches that differ only in seat 0's hidden roll.
fn seed_of_twins(title: &str) -> u64 {
    let rolls = |seed, n| {
        let mut table = Shadow::new(title).unwrap();
        table.resolve_chance(&mut DiceRng::from_seed_bytes(derived_seed(seed, n)))
    };
    (0..1_000)
        .find(|&seed| {
            let (a, b) = (rolls(seed, 0), rolls(seed, 1));
            a.len() == 2 && a[0] != b[0] && a[1] == b[1]
        })
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ld_10_matches_differing_only_in_a_seats_hidden_roll_answer_an_unauthorised_asker_alike() {
    let title = "liars-dice(players=2,numdice=1)";
    let seed = seed_of_twins(title).to_string();
    let server = Server::fresh(
        "replay-twins",
        &["--dice-seed", &seed, "--rate", "1000", "--burst", "1000"],
    );
    let mut twins = Vec::new();
    for _ in 0..2 {
        let created = server.create(title, &["person", "person"]).await;
        // The same moves in both: bids do not depend on the dice.
        Table::join(&server, &created, false)
            .await
            .play_out(&mut Lcg(9), 100)
            .await;
        twins.push(created);
    }
    let (a, b) = (
        twins[0]["id"].as_str().unwrap(),
        twins[1]["id"].as_str().unwrap(),
    );
    let (ta, tb) = (tokens(&twins[0]), tokens(&twins[1]));
    // Seat 0's own eyes do tell them apart: they saw different dice.
    let own = |r: (u16, Value)| r.1["start"].clone();
    let (sa, sb) = (
        json(replay_text(&server, a, "?seat=0", ta[0].as_deref()).await),
        json(replay_text(&server, b, "?seat=0", tb[0].as_deref()).await),
    );
    assert_eq!((sa.0, sb.0), (200, 200));
    let (first_a, first_b) = (
        sa.1["steps"][0]["view_patch"].clone(),
        sb.1["steps"][0]["view_patch"].clone(),
    );
    assert_ne!(first_a, first_b, "seat 0 saw its own die");
    assert_eq!(own(sa), own(sb));
    // Anyone else asking for seat 0's eyes: byte-identical answers.
    for (ask_a, ask_b) in [
        (None, None),
        (ta[1].clone(), tb[1].clone()),
        (tb[0].clone(), ta[0].clone()),
        (Some("f".repeat(32)), Some("f".repeat(32))),
    ] {
        let answer_a = replay_text(&server, a, "?seat=0", ask_a.as_deref()).await;
        let answer_b = replay_text(&server, b, "?seat=0", ask_b.as_deref()).await;
        assert_eq!(answer_a.0, 403);
        assert_eq!(answer_a, answer_b, "{ask_a:?}");
    }
}
