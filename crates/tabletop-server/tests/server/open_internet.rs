//! What a stranger who reaches the port without a token can do, and what
//! it must not: lock players out by loading matches, holding connections
//! or restarting deadlines; spend the server's CPU on bots; flood it with
//! frames, matches or spectators; drive it from another site's page.
use std::time::{Duration, Instant};

use futures_util::SinkExt;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use crate::common::{Client, Server, WAIT, connect_from, legal_of, raw_http, scratch, tokens};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn anonymous_facts_load_no_match_and_a_seat_still_gets_in() {
    let server = Server::fresh(
        "facts-no-load",
        &["--max-live-matches", "1", "--seat-reserve", "0"],
    );
    let mut created = Vec::new();
    for _ in 0..3 {
        created.push(
            server
                .create("armadora(players=2)", &["person", "mcts"])
                .await,
        );
    }
    for m in &created {
        let id = m["id"].as_str().unwrap();
        for _ in 0..5 {
            let (status, facts) = server.facts(id).await;
            assert_eq!(status, 200, "{facts}");
            assert_eq!(facts["id"], id);
            assert_eq!(facts["game"], "armadora");
            assert_eq!(facts["status"], "waiting");
            assert_eq!(facts["seats"], json!(["person", "mcts"]));
            assert_eq!(facts["result"], json!(null));
            assert_eq!(facts["config"]["players"], 2);
        }
    }
    // Every match was read, none loaded: the one live slot is free for the
    // last match's seat.
    let mut seat = server.connect().await;
    let welcome = seat
        .hello(tokens(&created[2])[0].as_deref().unwrap(), None)
        .await;
    assert_eq!(welcome["seat"], 0);
    let id = created[2]["id"].as_str().unwrap();
    let (_, facts) = server.facts(id).await;
    assert_eq!(facts["status"], "playing");
    assert_eq!(facts["entries"], welcome["seq"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spectators_and_bots_only_matches_leave_the_seats_reserve_free() {
    let server = Server::fresh(
        "seat-reserve",
        &["--max-live-matches", "2", "--seat-reserve", "1"],
    );
    let a = server
        .create("pig(players=2,target=1000)", &["person", "person"])
        .await;
    let b = server
        .create("pig(players=2,target=1000)", &["person", "person"])
        .await;
    let mut watching = server.connect().await;
    watching.spectate(a["id"].as_str().unwrap()).await;
    // A second spectated match would take the seats' reserve.
    let mut refused = server.connect().await;
    refused
        .send(&json!({"type": "spectate", "match": b["id"]}))
        .await;
    assert_eq!(refused.expect("error").await["reason"]["code"], "busy");
    let (status, answer) = server
        .post_match(&json!({"game": "pig", "seats": ["random", "random"]}))
        .await;
    assert_eq!(status, 503, "{answer}");
    // A seat's hello may use it.
    let mut seat = server.connect().await;
    assert_eq!(
        seat.hello(tokens(&b)[1].as_deref().unwrap(), None).await["seat"],
        1
    );
}

/// A request head cut off halfway, held open, from the address `from`.
async fn half_sent(from: [u8; 4], addr: &str) -> TcpStream {
    let mut stream = connect_from(from, addr).await.unwrap();
    stream
        .write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        .await
        .unwrap();
    stream
}

/// Whether the server closes `stream` within `wait`.
async fn closed_within(stream: &mut TcpStream, wait: Duration) -> bool {
    let mut buf = [0u8; 1024];
    loop {
        match tokio::time::timeout(wait, stream.read(&mut buf)).await {
            Err(_) => return false,
            Ok(Ok(0) | Err(_)) => return true,
            Ok(Ok(_)) => {}
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_sent_requests_time_out_and_connections_beyond_the_cap_are_closed() {
    // Heads that never time out while the test runs, from four addresses
    // each a network of its own (one network would get only half the
    // places: the rest are kept for others): the server accepts
    // connections in the order they came, so the fifth finds four open.
    let server = Server::fresh(
        "slow-heads",
        &[
            "--max-http-connections",
            "4",
            "--header-timeout-ms",
            "3600000",
            "--header-timeout-min-ms",
            "3600000",
            "--ipv4-prefix",
            "32",
        ],
    );
    let mut slow = Vec::new();
    for last in 1..=4 {
        slow.push(half_sent([127, 0, 0, last], &server.addr).await);
    }
    // At the cap: a fifth connection is closed at once, unanswered.
    let answer = raw_http(
        &server.addr,
        "GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert!(answer.is_empty(), "{answer}");
    // Short heads: the half-sent heads run out of time (no sooner than
    // the timeout after they were sent) and are closed...
    let server = Server::fresh(
        "slow-heads-short",
        &[
            "--max-http-connections",
            "4",
            "--header-timeout-ms",
            "600",
            "--header-timeout-min-ms",
            "600",
            "--ipv4-prefix",
            "32",
        ],
    );
    let started = Instant::now();
    let mut slow = Vec::new();
    for last in 1..=4 {
        slow.push(half_sent([127, 0, 0, last], &server.addr).await);
    }
    for stream in &mut slow {
        assert!(closed_within(stream, WAIT).await);
    }
    assert!(started.elapsed() >= Duration::from_millis(600));
    // ...and the server answers again.
    let (status, _) = server.http("GET", "/api/games", None).await;
    assert_eq!(status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_drains_and_exits_with_slow_clients_open() {
    // Heads that would hold the server for an hour: it exits after its
    // drain's bound (five seconds) instead, well within the wait.
    let mut server = Server::fresh("drain", &["--header-timeout-ms", "3600000"]);
    let created = server.create("pig(players=2)", &["person", "person"]).await;
    let mut seat = server.connect().await;
    seat.hello(tokens(&created)[0].as_deref().unwrap(), None)
        .await;
    let mut slow = Vec::new();
    for _ in 0..5 {
        slow.push(half_sent([127, 0, 0, 1], &server.addr).await);
    }
    // An idle keep-alive connection, after one answered request.
    let mut idle = TcpStream::connect(&server.addr).await.unwrap();
    idle.write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let mut buf = [0u8; 256];
    assert!(idle.read(&mut buf).await.unwrap() > 0);
    let status = server.terminate();
    assert!(status.is_some_and(|s| s.success()), "{status:?}");
    assert_eq!(seat.expect("error").await["reason"]["code"], "shutdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_subscribe_does_not_restart_the_turn_deadline() {
    let server = Server::fresh("deadline-from-turn-start", &[]);
    let (status, created) = server
        .post_match(
            &json!({"game": "pig(players=2)", "seats": ["person", "person"], "turn_seconds": 2}),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    let mut seat = server.connect().await;
    let welcome = seat
        .hello(tokens(&created)[0].as_deref().unwrap(), None)
        .await;
    let start = welcome["seq"].as_u64().unwrap();
    // Someone keeps connecting, as a spectator and as the other seat,
    // until the turn is taken: the turn's deadline still runs from the
    // turn's start. Were it restarted by each, the turn would never be
    // taken (the wait for it would end first).
    let watcher = tokio::spawn({
        let addr = server.addr.clone();
        let token = tokens(&created)[1].clone().unwrap();
        async move {
            for n in 0.. {
                let mut c = Client::connect(&addr).await;
                if n % 2 == 0 {
                    c.spectate(&id).await;
                } else {
                    c.hello(&token, None).await;
                }
                tokio::time::sleep(Duration::from_millis(150)).await;
            }
        }
    });
    let update = loop {
        let f = seat.next().await.expect("open");
        if f["seq"].as_u64().unwrap() > start {
            break f;
        }
    };
    assert!(
        update["update"]["entries"][0]["action"].is_string(),
        "{update}"
    );
    watcher.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn matches_of_bots_only_are_capped() {
    let server = Server::fresh("bot-matches", &["--max-bot-matches", "2"]);
    for _ in 0..2 {
        server.create("era(players=2)", &["mcts", "mcts"]).await;
    }
    let (status, answer) = server
        .post_match(&json!({"game": "era(players=2)", "seats": ["mcts", "mcts"]}))
        .await;
    assert_eq!(status, 503, "{answer}");
    assert_eq!(answer["error"]["code"], "busy");
    // A person's match is not held back by them.
    let created = server.create("era(players=2)", &["person", "mcts"]).await;
    let mut seat = server.connect().await;
    seat.hello(tokens(&created)[0].as_deref().unwrap(), None)
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spectators_beyond_the_cap_are_refused() {
    let server = Server::fresh("spectators", &["--max-spectators", "2"]);
    let created = server.create("pig(players=2)", &["person", "person"]).await;
    let id = created["id"].as_str().unwrap();
    let mut watching = Vec::new();
    for _ in 0..2 {
        let mut c = server.connect().await;
        c.spectate(id).await;
        watching.push(c);
    }
    let mut third = server.connect().await;
    third.send(&json!({"type": "spectate", "match": id})).await;
    assert_eq!(
        third.expect("error").await["reason"]["code"],
        "spectators_full"
    );
    drop(watching.pop());
    let mut again = None;
    let deadline = crate::common::deadline();
    while Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
        let mut c = server.connect().await;
        c.send(&json!({"type": "spectate", "match": id})).await;
        if c.next().await.is_some_and(|f| f["type"] == "welcome") {
            again = Some(c);
            break;
        }
    }
    assert!(again.is_some(), "a freed place serves again");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_serves_several_connections_and_a_newer_one_replaces_the_oldest() {
    let server = Server::fresh("seat-connections", &["--max-seat-connections", "2"]);
    let token = server.pig_seat(0).await;
    let mut first = server.connect().await;
    let welcome = first.hello(&token, None).await;
    let mut second = server.connect().await;
    second.hello(&token, None).await;
    let mut third = server.connect().await;
    third.hello(&token, None).await;
    assert_eq!(first.expect("error").await["reason"]["code"], "replaced");
    assert!(first.next().await.is_none());
    // Both live connections are told the seat's moves, whichever acts.
    let seq = welcome["seq"].as_u64().unwrap();
    let (id, _) = legal_of(&welcome)[0].clone();
    second.act(seq, json!(id), "a").await;
    for c in [&mut second, &mut third] {
        let f = c.expect("update").await;
        assert!(f["seq"].as_u64().unwrap() > seq);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn match_creation_is_rate_limited_per_address_and_stored_matches_are_capped() {
    let dir = scratch("create-rate");
    let server = Server::start(
        &dir.join("db.sqlite"),
        &["--create-burst", "3", "--creates-per-minute", "1"],
    );
    for _ in 0..3 {
        server.create("pig", &["person", "person"]).await;
    }
    let (status, answer) = server.post_match(&json!({"game": "pig"})).await;
    assert_eq!(status, 429, "{answer}");
    assert_eq!(answer["error"]["code"], "rate_limited");

    let server = Server::fresh("stored-cap", &["--max-stored-matches", "2"]);
    for _ in 0..2 {
        server.create("pig", &["person", "person"]).await;
    }
    let (status, answer) = server.post_match(&json!({"game": "pig"})).await;
    assert_eq!(status, 503, "{answer}");
    assert_eq!(answer["error"]["code"], "too_many_matches");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pings_and_binary_frames_count_in_the_rate_limit() {
    // A bucket that never refills: the burst is spent however slowly the
    // frames come.
    let server = Server::fresh("ping-rate", &["--rate", "0", "--burst", "4"]);
    let (mut seat, welcome) = server.pig_hello().await;
    for _ in 0..3 {
        seat.ws.send(Message::Ping(vec![1].into())).await.unwrap();
    }
    seat.ws.send(Message::binary(vec![0u8; 8])).await.unwrap();
    assert_eq!(
        seat.expect("refused").await["reason"]["code"],
        "bad_message"
    );
    // The burst is spent: the next message is refused for rate.
    let seq = welcome["seq"].as_u64().unwrap();
    seat.act(seq, json!("hold"), "late").await;
    assert_eq!(
        seat.expect("refused").await["reason"]["code"],
        "rate_limited"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_slows_down_when_told_is_never_cut_off() {
    let server = Server::fresh("slow-down", &["--rate", "4", "--burst", "2"]);
    let (mut seat, welcome) = server.pig_hello().await;
    let seq = welcome["seq"].as_u64().unwrap();
    // More refusals for rate than the 20 in a row that cut a flooder off:
    // three messages at once into a bucket of two that refills one a
    // quarter second, each three followed by a pause that refills a
    // token (the client slows down as told).
    let mut limited = 0;
    for round in 0..200 {
        if limited > 25 {
            break;
        }
        for n in 0..3 {
            seat.act(seq, json!(99_999), &format!("r{round}-{n}")).await;
        }
        for _ in 0..3 {
            let frame = seat.expect("refused").await;
            limited += usize::from(frame["reason"]["code"] == "rate_limited");
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    assert!(limited > 25, "{limited} refusals for rate");
    // Still served: a legal action is taken.
    let legal = legal_of(&welcome);
    seat.act(seq, json!(legal[0].0), "legal").await;
    assert!(seat.expect("update").await["seq"].as_u64().unwrap() > seq);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_of_another_origin_cannot_open_a_websocket() {
    let server = Server::fresh("origin", &["--allow-origin", "https://tables.example.org"]);
    let connect = |origin: &str| {
        let mut request = format!("ws://{}/ws", server.addr)
            .into_client_request()
            .unwrap();
        request
            .headers_mut()
            .insert("Origin", origin.parse().unwrap());
        tokio_tungstenite::connect_async(request)
    };
    assert!(connect("https://evil.example.com").await.is_err());
    assert!(connect("http://localhost:1").await.is_err());
    assert!(connect(&format!("http://{}", server.addr)).await.is_ok());
    assert!(connect("https://tables.example.org").await.is_ok());
    // A client that is no browser sends no origin.
    assert!(
        tokio_tungstenite::connect_async(format!("ws://{}/ws", server.addr))
            .await
            .is_ok()
    );
}

/// `POST /api/matches` of `body` sent as `content_type`: the raw answer.
async fn post_typed(server: &Server, content_type: &str, body: &str) -> String {
    raw_http(
        &server.addr,
        &format!(
            "POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        ),
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_takes_only_json_and_bounded_deadlines() {
    let server = Server::fresh("json-only", &[]);
    let body = r#"{"game":"pig"}"#;
    for kind in [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
    ] {
        let answer = post_typed(&server, kind, body).await;
        assert!(answer.starts_with("HTTP/1.1 415"), "{answer}");
        assert!(answer.contains("unsupported_media_type"), "{answer}");
    }
    let answer = post_typed(&server, "application/json; charset=utf-8", body).await;
    assert!(answer.starts_with("HTTP/1.1 201"), "{answer}");
    for turn_seconds in [0u64, 7 * 24 * 3600 + 1, 4_000_000_000] {
        let (status, answer) = server
            .post_match(&json!({"game": "pig", "turn_seconds": turn_seconds}))
            .await;
        assert_eq!(status, 400, "{turn_seconds}: {answer}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_log_tells_what_happened_and_never_a_token() {
    let dir = scratch("log");
    let log = dir.join("server.log");
    let mut server = Server::start_logged(&dir.join("db.sqlite"), &[], &log);
    let created = server.create("pig(players=2)", &["person", "person"]).await;
    let all = tokens(&created);
    let mut seats = Vec::new();
    for token in &all {
        let mut c = server.connect().await;
        c.hello(token.as_deref().unwrap(), None).await;
        seats.push(c);
    }
    // A wrong token, which a log might quote.
    let mut stranger = server.connect().await;
    stranger
        .send(&json!({"type": "hello", "token": "0123456789abcdef0123456789abcdef"}))
        .await;
    stranger.expect("error").await;
    server.terminate();
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains("created"), "{text}");
    assert!(text.contains("listening"), "{text}");
    for token in all.iter().flatten() {
        assert!(!text.contains(token.as_str()), "a token in the log");
    }
    assert!(!text.contains("0123456789abcdef0123456789abcdef"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turns_deadline_runs_on_across_a_restart() {
    let dir = scratch("deadline-restart");
    let db = dir.join("db.sqlite");
    let mut server = Server::start(&db, &[]);
    let (status, created) = server
        .post_match(
            &json!({"game": "pig(players=2)", "seats": ["person", "person"], "turn_seconds": 120}),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let token = tokens(&created)[0].clone().unwrap();
    let mut seat = server.connect().await;
    let start = seat.hello(&token, None).await["seq"].as_u64().unwrap();
    assert!(server.terminate().is_some());
    // The turn's two minutes pass while the server is down: its start, as
    // stored, two minutes and a second ago (twice the wait: a deadline
    // restarted at the restart would not end within the wait).
    let id = created["id"].as_str().unwrap();
    let turn_over = tabletop_server::store::clock::now_ms() - 121_000;
    let changed = rusqlite::Connection::open(&db)
        .unwrap()
        .execute(
            "UPDATE matches SET turn_started = ?1 WHERE id = ?2",
            rusqlite::params![i64::try_from(turn_over).unwrap(), id],
        )
        .unwrap();
    assert_eq!(changed, 1);
    let server = Server::start(&db, &[]);
    let mut seat = server.connect().await;
    // The turn is over: taken at once, not two minutes after the restart;
    // maybe before the welcome (the server resumes unfinished matches on
    // its own).
    let mut seq = seat.hello(&token, Some(start as usize)).await["seq"]
        .as_u64()
        .unwrap();
    while seq <= start {
        seq = seat.next().await.expect("open")["seq"].as_u64().unwrap();
    }
}
