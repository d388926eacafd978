//! Reconnect at every step with the last sequence number seen; a resent
//! action is applied once; a stale one is refused with a fresh view.
use crate::common::{Lcg, TWO_SEATS, legal_of, tokens, unthrottled};
use serde_json::{Value, json};

fn entries(frame: &Value) -> Vec<Value> {
    frame["update"]["entries"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reconnecting_at_every_step_sends_only_what_was_missed() {
    let server = unthrottled("reconnect");
    for (n, title) in TWO_SEATS.iter().enumerate() {
        let created = server.create(title, &["person", "person"]).await;
        let tokens: Vec<String> = tokens(&created).into_iter().map(Option::unwrap).collect();
        let mut rng = Lcg(n as u64 + 7);
        // Seat 0's log as a connection that stays sees it, and as one that
        // reconnects at every step sees it.
        let mut steady = server.connect().await;
        let w = steady.hello(&tokens[0], None).await;
        let mut steady_log = entries(&w);
        let mut resumed_log = steady_log.clone();
        let mut seq = w["seq"].as_u64().unwrap();
        let mut latest = [w.clone(), Value::Null];
        let mut steps = 0;
        while latest[0]["update"]["result"].is_null() {
            assert!(steps < 3_000, "{title}: too long");
            steps += 1;
            // Each seat connects afresh, from the last seq it saw.
            for seat in 0..2 {
                let last = latest[seat]["seq"].as_u64();
                let mut c = server.connect().await;
                let w = c.hello(&tokens[seat], last.map(|s| s as usize)).await;
                if seat == 0 {
                    assert_eq!(w["update"]["from"], last.unwrap());
                    resumed_log.extend(entries(&w));
                }
                latest[seat] = w;
                if !legal_of(&latest[seat]).is_empty() {
                    let legal = legal_of(&latest[seat]);
                    let (id, _) = legal[rng.below(legal.len())].clone();
                    let cid = format!("r{steps}");
                    c.act(seq, json!(id), &cid).await;
                    let u = c.expect("update").await;
                    assert!(u["seq"].as_u64().unwrap() > seq);
                    // The same action resent: applied once.
                    c.act(seq, json!(id), &cid).await;
                    let again = c.expect("update").await;
                    assert_eq!(again["seq"], u["seq"], "{title}: a resend applies once");
                    // An action on an old seq: stale, with a fresh view.
                    c.act(seq, json!(id), &format!("{cid}-stale")).await;
                    let stale = c.expect("stale").await;
                    assert_eq!(stale["seq"], u["seq"]);
                    assert_eq!(stale["update"]["to"], u["seq"]);
                    seq = u["seq"].as_u64().unwrap();
                    if seat == 0 {
                        resumed_log.extend(entries(&u));
                    }
                    latest[seat] = u;
                    break;
                }
            }
            while steady_log.len() < seq as usize {
                let f = steady.expect("update").await;
                steady_log.extend(entries(&f));
            }
            // Bring seat 0 up to date as a reconnect would.
            if latest[0]["seq"].as_u64() != Some(seq) {
                let mut c = server.connect().await;
                let w = c
                    .hello(&tokens[0], latest[0]["seq"].as_u64().map(|s| s as usize))
                    .await;
                resumed_log.extend(entries(&w));
                latest[0] = w;
            }
        }
        assert_eq!(steady_log.len() as u64, seq, "{title}");
        assert_eq!(
            resumed_log, steady_log,
            "{title}: nothing missed, nothing twice"
        );
    }
}
