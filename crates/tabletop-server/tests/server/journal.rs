//! The journal: the steps of one turn of the runtime written together,
//! each told its own outcome; on a current-thread runtime, on its thread;
//! to a store across the network, each on its own.
use std::sync::Arc;

use tabletop_server::store::journal::{Journal, Step};
use tabletop_server::store::{Status, Store, StoredEntry};

use crate::inproc::FailingStore;
use crate::store_suite::new_match;

/// Three matches of bots only (playing, one setup entry each), in a
/// store that notes its batches.
fn noting(embedded: bool) -> Arc<FailingStore> {
    let store = FailingStore::embedded(embedded);
    for id in ["a", "b", "c"] {
        store
            .create(&new_match(id, &["random", "random"], 1_000))
            .unwrap();
    }
    Arc::new(store)
}

fn step(id: &str, first_seq: usize, action: u32) -> Step {
    Step {
        id: id.to_owned(),
        first_seq,
        entries: vec![StoredEntry {
            id: action,
            seat: Some(0),
            client_id: None,
        }],
        rng: format!("rng-{id}-{action}"),
        status: Status::Playing,
        result: None,
        now_ms: 2_000,
    }
}

/// Three steps, of which the second starts from a count `b` does not
/// have: written at once, and each outcome.
async fn write_three(journal: &Arc<Journal>) -> [bool; 3] {
    let (a, b, c) = tokio::join!(
        journal.write(step("a", 1, 5)),
        journal.write(step("b", 4, 6)),
        journal.write(step("c", 1, 7)),
    );
    [a.is_ok(), b.is_ok(), c.is_ok()]
}

#[tokio::test]
async fn steps_of_one_turn_are_one_batch_written_on_the_runtime_thread() {
    let store = noting(true);
    let journal = Journal::new(Arc::clone(&store) as Arc<dyn Store>);
    assert_eq!(write_three(&journal).await, [true, false, true]);
    assert_eq!(
        *store.batches.lock().unwrap(),
        [(3, std::thread::current().id())]
    );
    for (id, entries) in [("a", 2), ("b", 1), ("c", 2)] {
        assert_eq!(store.facts(id).unwrap().unwrap().entries, entries, "{id}");
    }
    assert_eq!(store.load("a").unwrap().unwrap().rng, "rng-a-5");
    // The next turn's steps are the next batch.
    journal.write(step("a", 2, 8)).await.unwrap();
    assert_eq!(store.batches.lock().unwrap().len(), 2);
}

#[tokio::test]
async fn a_store_that_is_not_embedded_takes_each_step_alone_off_the_runtime_thread() {
    let store = noting(false);
    let journal = Journal::new(Arc::clone(&store) as Arc<dyn Store>);
    assert_eq!(write_three(&journal).await, [true, false, true]);
    assert!(store.batches.lock().unwrap().is_empty());
    let alone = store.alone.lock().unwrap();
    assert_eq!(alone.len(), 3);
    assert!(alone.iter().all(|t| *t != std::thread::current().id()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_several_threads_the_steps_are_written_on_the_blocking_pool() {
    let store = noting(true);
    let journal = Journal::new(Arc::clone(&store) as Arc<dyn Store>);
    assert_eq!(write_three(&journal).await, [true, false, true]);
    let batches = store.batches.lock().unwrap();
    assert_eq!(batches.iter().map(|b| b.0).sum::<usize>(), 3);
    assert!(batches.iter().all(|b| b.1 != std::thread::current().id()));
}
