//! The timeouts, set short on the command line: no hello in time, a
//! connection idle in both directions, and the server-wide per-turn
//! deadline after which the fallback bot acts as a normal entry. No
//! verdict depends on the machine's speed: a timeout is measured from an
//! instant before the server could have started it (so it lasts at least
//! its length), its end is awaited for at most the wait, and what must
//! happen in time takes one loopback round trip, far below a timeout.
use std::time::{Duration, Instant};

use crate::common::{Client, Server, legal_of, tokens};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_without_hello_in_time_is_told_timeout_and_closed() {
    let server = Server::fresh("hello-timeout", &["--hello-timeout-ms", "3000"]);
    let token = server.pig_seat(0).await;
    // In time (at once, one round trip): bound.
    let mut quick = server.connect().await;
    quick.hello(&token, None).await;
    // Silent: told `timeout` once the 3 s are up (counted from after the
    // connect began), then closed.
    let started = Instant::now();
    let mut silent = server.connect().await;
    let error = silent.expect("error").await;
    let waited = started.elapsed();
    assert_eq!(error["reason"]["code"], "timeout", "{error}");
    assert!(waited >= Duration::from_secs(3), "{waited:?}");
    assert!(silent.next().await.is_none(), "closed after the error");
    // The bound connection is unaffected, though its own hello timeout,
    // had it run on, would have ended before the silent one's.
    quick.send(&json!({"type": "hello", "token": token})).await;
    let refused = quick.expect("refused").await;
    assert_eq!(refused["reason"]["code"], "already_bound");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_idle_both_ways_is_closed_and_a_talking_one_is_not() {
    let idle = Duration::from_secs(2);
    let server = Server::fresh(
        "idle-timeout",
        &[
            "--idle-timeout-ms",
            "2000",
            "--rate",
            "100000",
            "--burst",
            "100000",
        ],
    );
    let token = server.pig_seat(1).await;
    let mut client = server.connect().await;
    client.hello(&token, None).await;
    // Talking, each message sent as the last answer comes (one round trip
    // apart), for longer than the idle time: still open.
    let talking = Instant::now();
    let mut last_sent;
    loop {
        last_sent = Instant::now();
        client.send(&json!({"type": "hello", "token": token})).await;
        assert_eq!(
            client.expect("refused").await["reason"]["code"],
            "already_bound"
        );
        if talking.elapsed() > idle + idle / 2 {
            break;
        }
    }
    // Then silent: closed after the idle time, counted from no earlier
    // than the last message sent.
    assert!(client.next().await.is_none(), "closed when idle");
    let waited = last_sent.elapsed();
    assert!(waited >= idle, "{waited:?}");
    // The seat resumes on a new connection.
    let mut again = server.connect().await;
    assert_eq!(again.hello(&token, None).await["seat"], 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_wide_turn_deadline_lets_the_fallback_bot_act_as_a_normal_entry() {
    let server = Server::fresh("turn-deadline", &["--turn-seconds", "1"]);
    // Before the match exists, so before its first turn starts.
    let started = Instant::now();
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
    // The turn started at seat 0's hello: seen from seat 0, whatever
    // seat 1's hello came after.
    let mover = usize::from(legal_of(&latest[0]).is_empty());
    let seq = latest[0]["seq"].as_u64().unwrap();
    // Nobody acts: after the second (less a margin for the turn's start
    // kept to the millisecond), the mover's turn is taken for it.
    let u = seats[0].expect("update").await;
    assert!(started.elapsed() >= Duration::from_millis(900));
    assert_eq!(u["update"]["from"], seq);
    assert_eq!(u["update"]["entries"][0]["player"], mover, "{u}");
    // Both seats are told it (and any deadline's entry after it).
    let mut frames = [u, latest[1].clone()];
    let top = frames.iter().map(|f| f["seq"].as_u64().unwrap()).max();
    for (s, frame) in frames.iter_mut().enumerate() {
        while frame["seq"].as_u64() < top {
            *frame = seats[s].expect("update").await;
        }
    }
    // A normal entry: the game goes on from it, and the next action is
    // accepted (an update, not a stale answer). Were the machine so slow
    // that this turn's second ran out first, the update would be the
    // fallback's entry for the same seat, which passes the same checks.
    let seat = (0..2).find(|&s| !legal_of(&frames[s]).is_empty()).unwrap();
    let (action, _) = legal_of(&frames[seat])[0].clone();
    let seq = frames[seat]["seq"].as_u64().unwrap();
    seats[seat].act(seq, json!(action), "in-time").await;
    let done = seats[seat].expect("update").await;
    assert_eq!(done["update"]["entries"][0]["player"], seat, "{done}");
    assert_eq!(done["update"]["from"], seq, "{done}");
    let (_, facts) = server.facts(&id).await;
    // Stored (later deadlines may have added entries since).
    assert!(
        facts["entries"].as_u64().unwrap() >= done["seq"].as_u64().unwrap(),
        "{facts}"
    );
}
