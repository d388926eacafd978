//! The match actor in process, over a store that fails on demand: a step
//! that cannot be saved is told to no one as done, every subscriber is
//! told `unavailable` without the store's words, and the match comes back
//! from what was committed.
use std::sync::Arc;

use serde_json::Value;
use tabletop_engines::dice_core::Viewer;
use tabletop_server::connection::limits::Limits;
use tabletop_server::lobby::Load;
use tabletop_server::matches::actor::Command;
use tabletop_server::wire::client_message::ActionRef;

use crate::inproc::{FailingStore, STORE_FAULT, create, lobby_on, mover, next, subscribe};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_step_the_store_refuses_is_told_to_no_one_and_the_match_resumes_from_the_log() {
    let store = FailingStore::new();
    let lobby = lobby_on(Arc::clone(&store) as _, Limits::default());
    let id = create(&lobby, "armadora(players=2)").await;
    let mut seats = Vec::new();
    let mut latest: Vec<Value> = Vec::new();
    for seat in 0..2 {
        let (sub, mut rx) = subscribe(&lobby, &id, Viewer::Seat(seat), None, 64).await;
        latest.push(next(&mut rx).await.unwrap());
        seats.push((sub, rx));
    }
    let (_, mut spectator) = subscribe(&lobby, &id, Viewer::Spectator, None, 64).await;
    next(&mut spectator).await.unwrap();
    let (handle, _) = lobby.handle(&id, Load::Seat).await.unwrap();
    let act = |seat: usize, sub: u64, seq: usize, id: u32, n: usize| Command::Act {
        sub,
        seat,
        seq,
        action: ActionRef::Id(id),
        client_id: format!("c{n}"),
    };
    // Three steps saved and told.
    for n in 0..3 {
        let (seat, action) = mover(&latest).expect("a seat to move");
        let seq = latest[seat]["seq"].as_u64().unwrap() as usize;
        handle
            .commands
            .send(act(seat, seats[seat].0, seq, action, n))
            .await
            .unwrap();
        for (s, (_, rx)) in seats.iter_mut().enumerate() {
            latest[s] = next(rx).await.unwrap();
            assert_eq!(latest[s]["type"], "update");
        }
        next(&mut spectator).await.unwrap();
    }
    let committed = latest[0]["seq"].as_u64().unwrap();
    // The fourth cannot be saved.
    store.fail(true);
    let (seat, action) = mover(&latest).unwrap();
    handle
        .commands
        .send(act(seat, seats[seat].0, committed as usize, action, 3))
        .await
        .unwrap();
    for rx in seats.iter_mut().map(|(_, rx)| rx).chain([&mut spectator]) {
        let told = next(rx).await.expect("told why");
        assert_eq!(told["type"], "error", "{told}");
        assert_eq!(told["reason"]["code"], "unavailable");
        let text = told.to_string();
        assert!(
            !text.contains(STORE_FAULT) && !text.contains("4711"),
            "{text}"
        );
        assert!(next(rx).await.is_none(), "the subscription ends");
    }
    // The actor stopped; the match loads again from what was committed.
    tokio::time::timeout(crate::common::WAIT, handle.commands.closed())
        .await
        .unwrap();
    store.fail(false);
    let (_, mut again) = subscribe(&lobby, &id, Viewer::Seat(seat), None, 64).await;
    let welcome = next(&mut again).await.unwrap();
    assert_eq!(welcome["seq"].as_u64(), Some(committed));
    assert_eq!(
        welcome["update"]["legal"], latest[seat]["update"]["legal"],
        "the same decision as before the failure"
    );
}
