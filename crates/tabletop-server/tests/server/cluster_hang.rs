//! Several server processes on one PostgreSQL database
//! (`TABLETOP_TEST_POSTGRES`), the owner of a match hung with SIGSTOP
//! instead of killed: its sockets and database sessions stay open, but
//! its lease runs out, another process takes the match up and serves the
//! seats, and when the hung process runs again it writes nothing, drops
//! the match and ends its connections. Every log is an uninterrupted
//! twin's.
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use futures_util::SinkExt;
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;

use crate::cluster::{Cluster, Seen, assert_twins, end_lock_session, finish, join, play, seat_pig};
use crate::common::{Client, Lcg, Server, TestDb, deadline, legal_of, metric, scratch, tokens};
use crate::crash::{FLAGS, choose};

/// Hangs of the owner in one game.
const STOPS: usize = 10;

/// A short lease, so that a hang costs the test about a second; the
/// metrics, to see what the hung process did.
const HUNG_FLAGS: &[&str] = &["--lease-ms", "800", "--metrics-listen", "127.0.0.1:0"];

const LEASES_LOST: &str = "tabletop_leases_lost_total";
const COMMITS: &str = "tabletop_commits_total";
const LIVE: &str = "tabletop_live_matches";

/// A person seat of the game under test.
struct Seat {
    token: String,
    client: Client,
    slot: usize,
    seen: Seen,
}

/// What the hung processes sent after they ran again, by seat: updates
/// (which must be the twin's) and how each connection ended; and how many
/// of them found their lease lost at a renewal.
#[derive(Default)]
struct Woken {
    updates: Vec<(usize, u64, String)>,
    ended: usize,
    leases_lost: usize,
    /// Hangs after which the woken process owned the match again, under a
    /// new epoch, when its commits were counted.
    owners_again: usize,
}

/// Seat `token`'s connection to `slot`, from the last step it saw.
async fn connect(cluster: &Cluster<'_>, token: &str, seen: &mut Seen, slot: usize) -> Client {
    let last_seq = seen.last["seq"].as_u64();
    let (c, w) = join(&cluster.servers[slot], token, last_seq).await;
    if let Some(q) = last_seq {
        assert_eq!(w["update"]["from"], q, "only what was missed");
    }
    seen.welcomes.push(w.clone());
    seen.take(&c, w);
    c
}

/// Connects the seat again, to `slot`; answers its old connection.
async fn rejoin(cluster: &Cluster<'_>, seat: &mut Seat, slot: usize) -> Client {
    let c = connect(cluster, &seat.token, &mut seat.seen, slot).await;
    seat.slot = slot;
    std::mem::replace(&mut seat.client, c)
}

/// The next frame of seat `j`; `false` when its connection ended or it
/// was told to reconnect (a match that moved), and it was connected
/// again.
async fn pump(cluster: &Cluster<'_>, seat: &mut Seat) -> bool {
    match seat.client.next().await {
        Some(f) if f["type"] == "update" || f["type"] == "stale" => {
            seat.seen.take(&seat.client, f);
            true
        }
        Some(f) => {
            assert_eq!(f["type"], "error", "{f}");
            let slot = seat.slot;
            rejoin(cluster, seat, slot).await;
            false
        }
        None => {
            let slot = seat.slot;
            rejoin(cluster, seat, slot).await;
            false
        }
    }
}

/// Stops the owner of `id`, then sends `act` (the seat, the frame) if any,
/// so that the hung owner has it to apply when it wakes; the seats served
/// through other processes are told to reconnect, and every seat is
/// served again by a process that runs; then the hung one runs again,
/// loses its lease, ends the connections it had and commits nothing.
async fn hang_owner(
    cluster: &Cluster<'_>,
    id: &str,
    seats: &mut [Seat],
    act: Option<(usize, &str)>,
    woken: &mut Woken,
) {
    let n = cluster.servers.len();
    let hung = cluster.owner(id).expect("a running process owns the match");
    let metrics = cluster.servers[hung].metrics.clone().unwrap();
    let lost_before = metric(&metrics, LEASES_LOST).await;
    // Nothing is under way: every act was answered, no bot plays.
    let commits_before = metric(&metrics, COMMITS).await;
    let stopped = Instant::now();
    cluster.servers[hung].stop();
    if let Some((j, text)) = act {
        let _ = seats[j].client.ws.send(Message::text(text)).await;
    }
    let mut stale = Vec::new();
    for (j, seat) in seats.iter_mut().enumerate() {
        if seat.slot == hung {
            // Connected to the hung process: it cannot answer.
            let slot = (hung + 1 + j) % n;
            stale.push((j, rejoin(cluster, seat, slot).await));
            continue;
        }
        // Served through the hung process: the connection ends once the
        // lease ran out, and the seat is served again elsewhere.
        loop {
            match seat.client.next().await {
                Some(f) if f["type"] == "update" => seat.seen.take(&seat.client, f),
                _ => break,
            }
        }
        let slot = if seat.slot == (hung + 1) % n {
            seat.slot
        } else {
            (hung + 2) % n
        };
        rejoin(cluster, seat, slot).await;
    }
    let served = stopped.elapsed();
    let owner = cluster.owner(id);
    assert!(
        owner.is_some_and(|o| o != hung),
        "{id}: taken up by a running process ({owner:?}, hung {hung})"
    );
    cluster.servers[hung].resume();
    // It drops the match (an event, waited for with a bound): its lease
    // found lost at a renewal, or the act it had refused by the store.
    let deadline = deadline();
    while metric(&metrics, LIVE).await > 0 {
        assert!(
            Instant::now() < deadline,
            "the woken process drops the match"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // With no act to apply, only the renewal can tell it (counted below).
    woken.leases_lost += (metric(&metrics, LEASES_LOST).await - lost_before) as usize;
    // Its connections end: what they are sent before is what was
    // committed (compared with the twin later), never a step of its own.
    for (j, mut c) in stale {
        loop {
            match c.next().await {
                Some(f) if f["type"] == "update" => {
                    let seq = f["seq"].as_u64().unwrap();
                    woken
                        .updates
                        .push((j, seq, c.frames.last().unwrap().clone()));
                }
                Some(f) => {
                    assert_eq!(f["type"], "error", "{f}");
                    assert_eq!(f["reason"]["code"], "unavailable", "{f}");
                }
                None => break,
            }
        }
        woken.ended += 1;
    }
    // Nothing under the epoch it hung with. A lease that ran out on a
    // loaded machine may have moved the match back to it since, under a
    // new epoch: then its commits are its own as the new owner.
    if cluster.owner(id) == Some(hung) {
        woken.owners_again += 1;
    } else {
        assert_eq!(
            metric(&metrics, COMMITS).await,
            commits_before,
            "{id}: the woken process committed nothing"
        );
    }
    eprintln!("{id}: seats served again {served:?} after the owner hung");
}

/// Plays match `id` to its end on `cluster` as `cluster::play` does, the
/// owner hung after each person action numbered in `stop_at` (the action
/// still in flight at every other hang); any connection that ends or is
/// told to reconnect connects again and resends.
async fn play_hung(
    cluster: &mut Cluster<'_>,
    id: &str,
    tokens: &[Option<String>],
    stop_at: &[usize],
) -> (Vec<Seen>, Woken) {
    let n = cluster.servers.len();
    let mut seats = Vec::new();
    for (j, token) in tokens.iter().flatten().enumerate() {
        let mut seen = Seen::default();
        let client = connect(cluster, token, &mut seen, j % n).await;
        seats.push(Seat {
            token: token.clone(),
            client,
            slot: j % n,
            seen,
        });
    }
    let mut acted = BTreeSet::new();
    let mut woken = Woken::default();
    let mut stops = 0;
    for _ in 0..20_000 {
        if seats
            .iter()
            .all(|s| !s.seen.last["update"]["result"].is_null())
        {
            assert_eq!(stops, stop_at.len(), "{id}: every hang made");
            return (seats.into_iter().map(|s| s.seen).collect(), woken);
        }
        let top = seats.iter().map(|s| s.seen.seq()).max().unwrap();
        let mover = seats
            .iter()
            .position(|s| s.seen.seq() == top && !legal_of(&s.seen.last).is_empty());
        let behind = seats.iter().position(|s| s.seen.seq() < top);
        let Some(j) = mover.filter(|_| behind.is_none()) else {
            pump(cluster, &mut seats[behind.unwrap_or(0)]).await;
            continue;
        };
        let legal = legal_of(&seats[j].seen.last);
        let (action, _) = legal[choose(top, legal.len())].clone();
        let act =
            json!({ "type": "act", "seq": top, "action": action, "client_id": format!("a{top}") });
        let act = act.to_string();
        let first = acted.insert(top);
        let stop_now = first && stop_at.get(stops) == Some(&acted.len());
        if stop_now && stops % 2 == 0 {
            // The act reaches the owner once it hangs: it is in flight.
            hang_owner(cluster, id, &mut seats, Some((j, &act)), &mut woken).await;
            stops += 1;
            continue;
        }
        // A connection that ended is found at the next frame.
        let _ = seats[j].client.ws.send(Message::text(act.clone())).await;
        // Answered, though the match may move meanwhile (a lease run out
        // on a slow machine): sent again on the new connection.
        while seats[j].seen.seq() <= top {
            if !pump(cluster, &mut seats[j]).await && seats[j].seen.seq() <= top {
                let _ = seats[j].client.ws.send(Message::text(act.clone())).await;
            }
        }
        if stop_now {
            hang_owner(cluster, id, &mut seats, None, &mut woken).await;
            stops += 1;
        }
    }
    panic!("{id}: the game did not end");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_owner_hung_at_10_points_loses_its_match_to_another_and_writes_nothing_when_woken() {
    let (title, kinds) = ("pig(players=2,target=40)", ["person", "person"]);
    let db = TestDb::create("hung");
    let dir = scratch("hung");
    let mut twin = Cluster::single(Server::start(&dir.join("twin.sqlite"), FLAGS));
    let mut cluster = Cluster::with(&db, &[FLAGS, HUNG_FLAGS].concat());
    let a = twin.servers[0].create(title, &kinds).await;
    let b = cluster.servers[0].create(title, &kinds).await;
    let reference = play(
        &mut twin,
        a["id"].as_str().unwrap(),
        &kinds,
        &tokens(&a),
        &[],
    )
    .await;
    let n = reference.actions;
    let stop_at: Vec<usize> = (1..=STOPS).map(|k| k * n / (STOPS + 1)).collect();
    assert!(
        stop_at.windows(2).all(|w| w[0] < w[1]) && stop_at[0] > 0,
        "{n} actions are too few to spread {STOPS} hangs"
    );
    let id = b["id"].as_str().unwrap();
    let (seen, woken) = play_hung(&mut cluster, id, &tokens(&b), &stop_at).await;
    assert_twins(title, &seen, &reference.seen);
    for (j, seq, frame) in &woken.updates {
        assert_eq!(
            Some(frame),
            reference.seen[*j].updates.get(seq),
            "seat {j}'s update to {seq} from a woken process: a committed step, byte for byte"
        );
    }
    assert!(woken.ended >= STOPS / 2, "connections to the hung owner");
    assert!(woken.leases_lost >= STOPS / 2, "leases found lost");
    assert!(
        woken.owners_again <= STOPS / 2,
        "the woken process's commits checked at fewer than half the hangs"
    );
    // No entry written twice, none missing: the log is the twin's, in
    // order, one row a step.
    let seqs = db.query(&format!(
        "SELECT COUNT(*) = MAX(seq) + 1 AND COUNT(DISTINCT seq) = COUNT(*) FROM entries WHERE match_id = '{id}'"
    ));
    assert_eq!(seqs, [Some("t".to_owned())]);
    eprintln!(
        "{title}: {n} actions, {STOPS} hangs of the owner, {} leases found lost, {} owners again, {} connections to it ended, {} updates compared",
        woken.leases_lost,
        woken.owners_again,
        woken.ended,
        seen.iter().map(|s| s.updates.len()).sum::<usize>()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hung_owner_whose_lock_session_is_ended_loses_its_match_at_once() {
    let db = TestDb::create("hung_ended");
    // A lease far longer than the test: only the session's end frees the
    // match.
    let cluster = Cluster::with(&db, &["--lease-ms", "600000"]);
    let (id, tokens, (mut a, wa), mut b) = seat_pig(&cluster).await;
    cluster.servers[0].stop();
    end_lock_session(&db, &cluster.servers[0]);
    // The seat served through the hung owner is told to reconnect, and is
    // served by another process.
    assert!(b.next().await.is_none(), "the relayed connection ends");
    let seq = wa["seq"].as_u64();
    let mut seats = [
        join(&cluster.servers[1], tokens[1].as_deref().unwrap(), seq).await,
        join(&cluster.servers[2], tokens[0].as_deref().unwrap(), seq).await,
    ];
    seats.swap(0, 1);
    let owner = cluster.owner(&id);
    assert!(owner.is_some_and(|o| o != 0), "taken up: {owner:?}");
    // Woken, the old owner ends its connection without a step of its own.
    cluster.servers[0].resume();
    loop {
        match a.next().await {
            None => break,
            Some(f) => assert_ne!(f["type"], "update", "{f}"),
        }
    }
    finish(&mut seats, &mut Lcg(5)).await;
}
