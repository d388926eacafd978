//! Crash: the built binary killed with SIGKILL at random points, restarted
//! on the same database, every seat resumed: no acknowledged entry is
//! lost, and what follows is identical to an uninterrupted run.
use std::path::Path;

use crate::common::{Client, Lcg, Server, legal_of, scratch, tokens};
use serde_json::{Value, json};

/// Titles with their seat kinds: bots too, since a resumed bot must choose
/// as it would have.
pub const TITLES: &[(&str, &[&str])] = &[
    ("pig(players=2,target=40)", &["person", "person"]),
    ("age-of-war(players=2)", &["random", "person"]),
    ("armadora(players=2)", &["person", "person"]),
    ("era(players=2)", &["person", "random"]),
];
const KILLS_PER_TITLE: usize = 13;
pub const FLAGS: &[&str] = &["--dice-seed", "2026", "--rate", "1000", "--burst", "1000"];

/// Adds a frame's entries to a seat's log: entries cover `from..to`; an
/// entry seen before must be the same, none may be skipped.
pub fn absorb(log: &mut Vec<Value>, frame: &Value) {
    let update = &frame["update"];
    let from = update["from"].as_u64().unwrap() as usize;
    for (k, entry) in update["entries"].as_array().unwrap().iter().enumerate() {
        let index = from + k;
        assert!(index <= log.len(), "a gap before entry {index}");
        if index == log.len() {
            log.push(entry.clone());
        } else {
            assert_eq!(&log[index], entry, "entry {index} told differently");
        }
    }
    assert_eq!(
        log.len() as u64,
        frame["seq"].as_u64().unwrap().max(log.len() as u64)
    );
}

/// The choice at `seq`: a function of the position only, so a decision
/// retaken after a crash is the same.
pub fn choose(seq: u64, n: usize) -> usize {
    (seq.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 7) as usize % n
}

struct Outcome {
    logs: Vec<Vec<Value>>,
    last: Vec<Value>,
    kills: usize,
}

async fn play(db: &Path, title: &str, kinds: &[&str], killer: Option<&mut Lcg>) -> Outcome {
    let mut server = Server::start(db, FLAGS);
    let created = server.create(title, kinds).await;
    let tokens = tokens(&created);
    let persons: Vec<usize> = (0..kinds.len()).filter(|&s| tokens[s].is_some()).collect();
    let mut logs = vec![Vec::new(); kinds.len()];
    let mut last: Vec<Value> = vec![Value::Null; kinds.len()];
    let mut acked = 0u64;
    let mut kills = 0;
    let mut killer = killer;
    let mut next_kill = killer.as_mut().map(|k| 1 + k.below(4));
    'run: loop {
        // (Re)connect every person seat from the last seq it saw.
        let mut clients: Vec<Option<Client>> = (0..kinds.len()).map(|_| None).collect();
        for &s in &persons {
            let mut c = server.connect().await;
            let last_seq = last[s]["seq"].as_u64().map(|q| q as usize);
            let w = c.hello(tokens[s].as_deref().unwrap(), last_seq).await;
            let seq = w["seq"].as_u64().unwrap();
            assert!(
                seq >= acked,
                "{title}: acknowledged entries lost ({seq} < {acked})"
            );
            if let Some(q) = last_seq {
                assert_eq!(w["update"]["from"], q as u64);
            }
            absorb(&mut logs[s], &w);
            last[s] = w;
            clients[s] = Some(c);
        }
        let mut steps = 0;
        loop {
            steps += 1;
            assert!(steps < 20_000, "{title}: too long");
            let top = persons
                .iter()
                .map(|&s| last[s]["seq"].as_u64().unwrap())
                .max()
                .unwrap();
            if persons
                .iter()
                .all(|&s| !last[s]["update"]["result"].is_null())
            {
                break 'run;
            }
            // Bring everyone to the newest seq seen.
            if let Some(&s) = persons
                .iter()
                .find(|&&s| last[s]["seq"].as_u64().unwrap() < top)
            {
                let f = clients[s].as_mut().unwrap().next().await.expect("open");
                absorb(&mut logs[s], &f);
                last[s] = f;
                continue;
            }
            let mover = persons
                .iter()
                .copied()
                .find(|&s| !legal_of(&last[s]).is_empty());
            let Some(s) = mover else {
                // A bot is to move: its entry comes to everyone.
                let s = persons[0];
                let f = clients[s].as_mut().unwrap().next().await.expect("open");
                absorb(&mut logs[s], &f);
                last[s] = f;
                continue;
            };
            let legal = legal_of(&last[s]);
            let (id, _) = legal[choose(top, legal.len())].clone();
            let c = clients[s].as_mut().unwrap();
            c.act(top, json!(id), &format!("a{top}")).await;
            let kill_now = next_kill.as_mut().map(|n| {
                *n -= 1;
                *n == 0
            });
            if kill_now == Some(true) && killer.as_mut().unwrap().below(2) == 0 {
                // Killed with the action in flight: it may or may not be
                // committed; the resend after the restart applies it once.
                server.kill();
            } else {
                let f = loop {
                    let f = c.next().await.expect("open");
                    absorb(&mut logs[s], &f);
                    assert_ne!(f["type"], "refused", "{title}: refused {f}");
                    if f["seq"].as_u64().unwrap() > top || f["type"] == "stale" {
                        break f;
                    }
                };
                acked = acked.max(f["seq"].as_u64().unwrap());
                last[s] = f;
                if kill_now == Some(true) {
                    server.kill();
                }
            }
            if kill_now == Some(true) {
                kills += 1;
                next_kill =
                    (kills < KILLS_PER_TITLE).then(|| 1 + killer.as_mut().unwrap().below(4));
                drop(clients);
                server = Server::start(db, FLAGS);
                continue 'run;
            }
        }
    }
    Outcome {
        logs: persons.iter().map(|&s| logs[s].clone()).collect(),
        last: persons.iter().map(|&s| last[s]["update"].clone()).collect(),
        kills,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_at_random_points_loses_nothing_and_changes_nothing() {
    let mut total_kills = 0;
    for (n, (title, kinds)) in TITLES.iter().enumerate() {
        let dir = scratch("crash");
        let reference = play(&dir.join("reference.sqlite"), title, kinds, None).await;
        let crashed = play(
            &dir.join("crashed.sqlite"),
            title,
            kinds,
            Some(&mut Lcg(n as u64 + 99)),
        )
        .await;
        assert_eq!(
            crashed.kills, KILLS_PER_TITLE,
            "{title}: the game ended before every kill"
        );
        total_kills += crashed.kills;
        assert_eq!(crashed.logs, reference.logs, "{title}: each seat's log");
        assert_eq!(
            crashed.last, reference.last,
            "{title}: each seat's last view and result"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
    assert!(total_kills >= 50);
    eprintln!("crash points survived: {total_kills}");
}
