//! The timeouts, set short on the command line: no hello in time, a
//! connection idle in both directions, and the server-wide per-turn
//! deadline after which the fallback bot acts as a normal entry.
use std::time::{Duration, Instant};

use crate::common::{Client, Server, legal_of, tokens};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_without_hello_in_time_is_told_timeout_and_closed() {
    let server = Server::fresh("hello-timeout", &["--hello-timeout-ms", "300"]);
    let token = server.pig_seat(0).await;
    // In time: bound.
    let mut quick = server.connect().await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    quick.hello(&token, None).await;
    // Silent: told `timeout` once the 300 ms are up, then closed.
    let started = Instant::now();
    let mut silent = server.connect().await;
    let error = silent.expect("error").await;
    let waited = started.elapsed();
    assert_eq!(error["reason"]["code"], "timeout", "{error}");
    assert!(waited >= Duration::from_millis(250), "{waited:?}");
    assert!(waited < Duration::from_secs(5), "{waited:?}");
    assert!(silent.next().await.is_none(), "closed after the error");
    // The bound connection is unaffected.
    quick.send(&json!({"type": "hello", "token": token})).await;
    let refused = quick.expect("refused").await;
    assert_eq!(refused["reason"]["code"], "already_bound");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_idle_both_ways_is_closed_and_a_talking_one_is_not() {
    let server = Server::fresh("idle-timeout", &["--idle-timeout-ms", "400"]);
    let token = server.pig_seat(1).await;
    let mut client = server.connect().await;
    client.hello(&token, None).await;
    // Talking every 150 ms for a second, well past 400 ms: still open.
    for _ in 0..7 {
        tokio::time::sleep(Duration::from_millis(150)).await;
        client.send(&json!({"type": "hello", "token": token})).await;
        assert_eq!(
            client.expect("refused").await["reason"]["code"],
            "already_bound"
        );
    }
    // Then silent: closed after the idle time.
    let started = Instant::now();
    assert!(client.next().await.is_none(), "closed when idle");
    let waited = started.elapsed();
    assert!(waited >= Duration::from_millis(350), "{waited:?}");
    assert!(waited < Duration::from_secs(5), "{waited:?}");
    // The seat resumes on a new connection.
    let mut again = server.connect().await;
    assert_eq!(again.hello(&token, None).await["seat"], 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_wide_turn_deadline_lets_the_fallback_bot_act_as_a_normal_entry() {
    let server = Server::fresh("turn-deadline", &["--turn-seconds", "1"]);
    let created = server
        .create("armadora(players=2)", &["person", "person"])
        .await;
    let id = created["id"].as_str().unwrap().to_owned();
    let (_, facts) = server.facts(&id).await;
    assert_eq!(
        facts["turn_seconds"], 1,
        "the match takes the server's deadline"
    );
    let mut seats: Vec<Client> = Vec::new();
    let mut latest = Vec::new();
    for t in tokens(&created) {
        let mut c = server.connect().await;
        latest.push(c.hello(&t.unwrap(), None).await);
        seats.push(c);
    }
    let mover = (0..2).find(|&s| !legal_of(&latest[s]).is_empty()).unwrap();
    let other = 1 - mover;
    let seq = latest[mover]["seq"].as_u64().unwrap();
    // Nobody acts: after the second, the mover's turn is taken for it.
    let started = Instant::now();
    let u = seats[other].expect("update").await;
    assert!(started.elapsed() >= Duration::from_millis(900));
    assert_eq!(u["update"]["from"], seq);
    assert_eq!(u["update"]["entries"][0]["player"], mover, "{u}");
    let taken = seats[mover].expect("update").await;
    assert_eq!(taken["seq"], u["seq"]);
    // A normal entry: the game goes on from it, and the next action in
    // time is accepted (an update, not a stale answer).
    let frames = [taken, u];
    let next = (0..2).find(|&s| !legal_of(&frames[s]).is_empty()).unwrap();
    let seat = [mover, other][next];
    let (action, _) = legal_of(&frames[next])[0].clone();
    let seq = frames[next]["seq"].as_u64().unwrap();
    seats[seat].act(seq, json!(action), "in-time").await;
    let done = seats[seat].expect("update").await;
    assert_eq!(done["update"]["entries"][0]["player"], seat, "{done}");
    assert_eq!(done["update"]["from"], seq, "{done}");
    let (_, facts) = server.facts(&id).await;
    assert_eq!(facts["entries"], done["seq"]);
}
