//! Limits: connections, live matches, the per-turn deadline, expiry.
use std::time::Duration;

use crate::common::{Client, Lcg, Server, Table, legal_of, scratch, tokens};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_above_the_limit_are_refused_and_the_rest_serve() {
    let server = Server::fresh("connections", &["--max-connections", "3"]);
    let created = server.create("pig", &["person", "person"]).await;
    let id = created["id"].as_str().unwrap().to_owned();
    let mut open = Vec::new();
    for _ in 0..3 {
        let mut c = server.connect().await;
        c.spectate(&id).await;
        open.push(c);
    }
    let refused = tokio_tungstenite::connect_async(format!("ws://{}/ws", server.addr)).await;
    assert!(refused.is_err(), "a fourth connection is refused");
    drop(open.pop());
    let mut again = None;
    let deadline = crate::common::deadline();
    while std::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
        if let Ok((ws, _)) =
            tokio_tungstenite::connect_async(format!("ws://{}/ws", server.addr)).await
        {
            again = Some(ws);
            break;
        }
    }
    assert!(again.is_some(), "a freed slot serves again");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn live_matches_above_the_limit_wait_until_one_unloads() {
    let server = Server::fresh("live", &["--max-live-matches", "2", "--unload-after", "1"]);
    let mut matches = Vec::new();
    for _ in 0..3 {
        matches.push(server.create("pig", &["person", "person"]).await);
    }
    let mut held = Vec::new();
    for m in &matches[..2] {
        let mut c = server.connect().await;
        c.hello(tokens(m)[0].as_deref().unwrap(), None).await;
        held.push(c);
    }
    let mut third = server.connect().await;
    third
        .send(&json!({"type": "hello", "token": tokens(&matches[2])[0].as_deref().unwrap()}))
        .await;
    let e = third.expect("error").await;
    assert_eq!(e["reason"]["code"], "busy");
    let (status, _) = server
        .post_match(&json!({"game": "pig", "seats": ["random", "random"]}))
        .await;
    assert_eq!(status, 503, "a bots-only match would go live at once");
    drop(held);
    // With no one connected the two matches unload after a second.
    let mut welcomed = false;
    let deadline = crate::common::deadline();
    while std::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let mut c = server.connect().await;
        c.send(&json!({"type": "hello", "token": tokens(&matches[2])[0].as_deref().unwrap()}))
            .await;
        if c.next().await.unwrap()["type"] == "welcome" {
            welcomed = true;
            break;
        }
    }
    assert!(welcomed, "the third match loads once another unloads");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fallback_bot_acts_for_a_person_whose_turn_ran_out_as_a_normal_entry() {
    let server = Server::fresh("deadline", &[]);
    // Before the match exists, so before its first turn starts.
    let started = std::time::Instant::now();
    let (status, created) = server
        .post_match(&json!({"game": "armadora(players=2)", "turn_seconds": 1}))
        .await;
    assert_eq!(status, 201, "{created}");
    let tokens = tokens(&created);
    let mut seats: Vec<Client> = Vec::new();
    let mut welcomes = Vec::new();
    for t in &tokens {
        let mut c = server.connect().await;
        welcomes.push(c.hello(t.as_deref().unwrap(), None).await);
        seats.push(c);
    }
    // The turn started at seat 0's hello: seen from seat 0, whatever
    // seat 1's hello came after.
    let seq = welcomes[0]["seq"].as_u64().unwrap();
    let mover = usize::from(legal_of(&welcomes[0]).is_empty());
    // Nobody acts: after the second (less a margin for the turn's start
    // kept to the millisecond), the mover's turn is taken for it.
    let u = seats[0].expect("update").await;
    assert!(started.elapsed() >= Duration::from_millis(900));
    assert_eq!(u["update"]["from"], seq);
    assert_eq!(u["update"]["entries"][0]["player"], mover);
    let id = created["id"].as_str().unwrap();
    let (_, facts) = server.facts(id).await;
    // Stored (the next turn's deadline may have added entries since).
    assert!(
        facts["entries"].as_u64().unwrap() >= u["seq"].as_u64().unwrap(),
        "{facts}"
    );
}

/// Whether the match `id` is deleted (its facts answer 404) before the
/// tests' deadline, looked at every 100 ms.
async fn gone(server: &Server, id: &str) -> bool {
    let deadline = crate::common::deadline();
    while std::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(100)).await;
        if server.facts(id).await.0 == 404 {
            return true;
        }
    }
    false
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_and_abandoned_matches_expire() {
    let server = Server::fresh(
        "expire",
        &[
            "--expire-over",
            "0",
            "--expire-idle",
            "3600",
            "--expire-every",
            "1",
        ],
    );
    let done = server
        .create("pig(players=2,target=10)", &["person", "person"])
        .await;
    let open = server.create("pig", &["person", "person"]).await;
    let mut table = Table::join(&server, &done, false).await;
    table.play_out(&mut Lcg(1), 2_000).await;
    drop(table);
    let done_id = done["id"].as_str().unwrap();
    assert!(gone(&server, done_id).await, "a finished match expires");
    let open_id = open["id"].as_str().unwrap();
    assert_eq!(server.facts(open_id).await.0, 200);

    let server = Server::fresh(
        "abandon",
        &[
            "--expire-idle",
            "1",
            "--expire-every",
            "1",
            "--unload-after",
            "1",
        ],
    );
    let open = server.create("pig", &["person", "person"]).await;
    let open_id = open["id"].as_str().unwrap();
    assert!(gone(&server, open_id).await, "an abandoned match expires");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_drains_and_exits_with_nothing_lost() {
    let dir = scratch("sigterm");
    let db = dir.join("db.sqlite");
    let mut server = Server::start(&db, &[]);
    let created = server.create("pig", &["person", "person"]).await;
    let tokens = tokens(&created);
    let mut c = server.connect().await;
    let mut w = c.hello(tokens[0].as_deref().unwrap(), None).await;
    if legal_of(&w).is_empty() {
        c = server.connect().await;
        w = c.hello(tokens[1].as_deref().unwrap(), None).await;
    }
    let seq = w["seq"].as_u64().unwrap();
    c.act(seq, json!("roll"), "t1").await;
    let acked = c.expect("update").await["seq"].as_u64().unwrap();
    let status = server.terminate().expect("exits within the wait");
    assert!(status.success(), "{status:?}");
    let e = c.next().await;
    assert!(e.is_none() || e.unwrap()["reason"]["code"] == "shutdown");
    let server = Server::start(&db, &[]);
    let id = created["id"].as_str().unwrap();
    let (_, facts) = server.facts(id).await;
    assert_eq!(facts["entries"], acked);
}
