//! A subscriber that does not read is dropped once its bounded queue is
//! full, and may resume from the last sequence number it saw (in process:
//! the loopback socket's own buffers would hide the queue).
use serde_json::Value;
use tabletop_engines::dice_core::Viewer;
use tabletop_server::lobby::Load;

use crate::inproc::{act, create, json, lobby, mover, subscribe};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_subscriber_that_never_reads_is_dropped_and_resumes() {
    let lobby = lobby();
    let id = create(&lobby, "pig(players=2,target=1000)").await;
    let (_, mut slow) = subscribe(&lobby, &id, Viewer::Spectator, None, 4).await;
    let mut players = Vec::new();
    for seat in 0..2 {
        players.push(subscribe(&lobby, &id, Viewer::Seat(seat), None, 1024).await);
    }
    let (handle, _) = lobby.handle(&id, Load::Seat).await.unwrap();
    let mut latest: Vec<Value> = Vec::new();
    for (_, rx) in &mut players {
        latest.push(json(&rx.recv().await.unwrap()));
    }
    let wait = crate::common::WAIT;
    let mut seq = latest[0]["seq"].as_u64().unwrap() as usize;
    for n in 0..20 {
        let (seat, id) = mover(&latest).expect("a seat is to move");
        latest = act(
            &handle.commands,
            &mut players,
            (seat, id),
            seq,
            format!("a{n}"),
        )
        .await;
        seq = latest[0]["seq"].as_u64().unwrap() as usize;
    }
    // The slow subscriber got its welcome and three updates queued, then
    // was dropped: its channel ends.
    let mut queued = Vec::new();
    while let Some(f) = tokio::time::timeout(wait, slow.recv()).await.unwrap() {
        queued.push(json(&f));
    }
    assert_eq!(queued.len(), 4, "the queue's bound");
    let last = queued.last().unwrap()["seq"].as_u64().unwrap() as usize;
    assert!(last < seq);
    // It resumes from the last seq it saw.
    let (_, mut again) = subscribe(&lobby, &id, Viewer::Spectator, Some(last), 4).await;
    let w = json(&again.recv().await.unwrap());
    assert_eq!(w["type"], "welcome");
    assert_eq!(w["update"]["from"], last);
    assert_eq!(w["seq"], seq);
}
