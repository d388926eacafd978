//! The journal: the steps of one turn of the runtime, and those that
//! arrive while a batch is written, are written together by one writer
//! thread, each told its own outcome once its batch is; a lone step while
//! the writer is idle, on the runtime's thread; to a store across the
//! network, each on its own.
use std::sync::Arc;
use std::time::Duration;

use tabletop_server::store::journal::{Journal, Step};
use tabletop_server::store::{Status, Store, StoredEntry};

use tabletop_server::connection::limits::Limits;

use crate::inproc::{FailingStore, asked, lobby_on};
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
async fn a_lone_step_is_written_on_the_runtime_thread_when_the_writer_is_idle() {
    let store = noting(true);
    let journal = Journal::new(Arc::clone(&store) as Arc<dyn Store>);
    journal.write(step("a", 1, 5)).await.unwrap();
    assert_eq!(
        *store.batches.lock().unwrap(),
        [(1, std::thread::current().id())]
    );
    assert_eq!(store.facts("a").unwrap().unwrap().entries, 2);
}

/// On which thread each batch was written: the test's own or not.
fn written_here(store: &FailingStore) -> Vec<bool> {
    let here = std::thread::current().id();
    let batches = store.batches.lock().unwrap();
    batches.iter().map(|b| b.1 == here).collect()
}

#[tokio::test]
async fn a_lone_step_within_the_quiet_time_of_the_last_goes_to_the_writer_thread() {
    let store = noting(true);
    let hour = std::time::Duration::from_secs(3600);
    let journal = Journal::with_quiet(Arc::clone(&store) as Arc<dyn Store>, hour);
    journal.write(step("a", 1, 5)).await.unwrap();
    journal.write(step("b", 1, 6)).await.unwrap();
    assert_eq!(written_here(&store), [true, false]);
    let store = noting(true);
    let journal = Journal::with_quiet(Arc::clone(&store) as Arc<dyn Store>, Duration::ZERO);
    journal.write(step("a", 1, 5)).await.unwrap();
    journal.write(step("b", 1, 6)).await.unwrap();
    assert_eq!(written_here(&store), [true, true]);
}

#[tokio::test]
async fn steps_of_one_turn_are_one_batch_written_by_the_writer_thread() {
    let store = noting(true);
    let journal = Journal::new(Arc::clone(&store) as Arc<dyn Store>);
    assert_eq!(write_three(&journal).await, [true, false, true]);
    let batches = store.batches.lock().unwrap().clone();
    assert_eq!(batches.len(), 1);
    assert_eq!(batches[0].0, 3);
    assert_ne!(batches[0].1, std::thread::current().id());
    for (id, entries) in [("a", 2), ("b", 1), ("c", 2)] {
        assert_eq!(store.facts(id).unwrap().unwrap().entries, entries, "{id}");
    }
    assert_eq!(store.load("a").unwrap().unwrap().rng, "rng-a-5");
}

#[tokio::test]
async fn steps_that_arrive_while_a_batch_is_written_wait_for_it_and_are_the_next_batch() {
    let store = noting(true);
    let journal = Journal::new(Arc::clone(&store) as Arc<dyn Store>);
    store.hold(true);
    let mut first = tokio::spawn({
        let journal = Arc::clone(&journal);
        async move {
            let (a, c) = tokio::join!(
                journal.write(step("a", 1, 5)),
                journal.write(step("c", 1, 7))
            );
            a.is_ok() && c.is_ok()
        }
    });
    // The writer holds the first batch in the store.
    tokio::time::timeout(Duration::from_secs(10), store.batch_arrived.notified())
        .await
        .expect("no batch reached the store within ten seconds");
    assert_eq!(store.batches.lock().unwrap().len(), 1);
    let (later, ()) = tokio::join!(
        async {
            tokio::join!(
                journal.write(step("b", 4, 6)),
                journal.write(step("a", 2, 8))
            )
        },
        async {
            // Both steps are queued, even the lone one, and nothing held
            // is told before it is written.
            tokio::task::yield_now().await;
            tokio::task::yield_now().await;
            assert!(futures_util::FutureExt::now_or_never(&mut first).is_none());
            store.hold(false);
        },
    );
    assert!(first.await.unwrap());
    assert_eq!([later.0.is_ok(), later.1.is_ok()], [false, true]);
    let batches = store.batches.lock().unwrap().clone();
    assert_eq!(batches.iter().map(|b| b.0).collect::<Vec<_>>(), [2, 2]);
    assert_eq!(batches[0].1, batches[1].1, "one writer thread");
    assert_ne!(batches[0].1, std::thread::current().id());
    for (id, entries) in [("a", 3), ("b", 1), ("c", 2)] {
        assert_eq!(store.facts(id).unwrap().unwrap().entries, entries, "{id}");
    }
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
async fn on_several_threads_the_steps_are_written_by_the_writer_thread() {
    let store = noting(true);
    let journal = Journal::new(Arc::clone(&store) as Arc<dyn Store>);
    assert_eq!(write_three(&journal).await, [true, false, true]);
    let batches = store.batches.lock().unwrap();
    assert_eq!(batches.iter().map(|b| b.0).sum::<usize>(), 3);
    assert!(batches.iter().all(|b| b.1 != std::thread::current().id()));
}

#[tokio::test]
async fn new_matches_join_the_steps_of_their_turn_in_one_batch_each_told_its_own_outcome() {
    let store = noting(true);
    let journal = Journal::new(Arc::clone(&store) as Arc<dyn Store>);
    let (d, taken, a, c) = tokio::join!(
        journal.create(new_match("d", &["person", "person"], 2_000)),
        // An id already stored: refused alone, the rest written.
        journal.create(new_match("b", &["person", "person"], 2_000)),
        journal.write(step("a", 1, 5)),
        journal.write(step("c", 1, 7)),
    );
    assert_eq!(
        [d.is_ok(), taken.is_ok(), a.is_ok(), c.is_ok()],
        [true, false, true, true]
    );
    let batches = store.batches.lock().unwrap().clone();
    assert_eq!(batches.len(), 1);
    assert_eq!(batches[0].0, 4);
    assert_ne!(batches[0].1, std::thread::current().id());
    let d = store.load("d").unwrap().unwrap();
    assert_eq!((d.entries.len(), d.setup.seats.len()), (1, 2));
    assert_eq!(store.count().unwrap(), 4);
    assert_eq!(store.facts("a").unwrap().unwrap().entries, 2);
}

#[tokio::test]
async fn to_a_store_that_is_not_embedded_a_new_match_is_saved_on_its_own() {
    let store = noting(false);
    let journal = Journal::new(Arc::clone(&store) as Arc<dyn Store>);
    journal
        .create(new_match("d", &["person", "person"], 2_000))
        .await
        .unwrap();
    assert!(store.batches.lock().unwrap().is_empty());
    assert!(store.load("d").unwrap().is_some());
}

#[tokio::test]
async fn matches_created_together_do_not_wait_on_each_other_and_share_a_batch() {
    let store = FailingStore::new();
    let lobby = lobby_on(Arc::clone(&store) as Arc<dyn Store>, Limits::default());
    let (one, two) = tokio::join!(lobby.create(asked("pig")), lobby.create(asked("pig")));
    let (one, two) = (one.unwrap().id, two.unwrap().id);
    assert_ne!(one, two);
    assert_eq!(store.batches.lock().unwrap().clone().len(), 1);
    assert_eq!(store.batches.lock().unwrap()[0].0, 2);
    for id in [one, two] {
        assert_eq!(lobby.facts(&id).await.unwrap().heading.game, "pig", "{id}");
    }
}

#[tokio::test]
async fn a_matchs_start_joins_the_steps_of_its_turn_in_one_batch() {
    let store = noting(true);
    store
        .create(&new_match("d", &["person", "person"], 1_000))
        .unwrap();
    let journal = Journal::new(Arc::clone(&store) as Arc<dyn Store>);
    let (started, a) = tokio::join!(
        journal.start("d".to_owned(), 7_000),
        journal.write(step("a", 1, 5)),
    );
    assert!(started.is_ok() && a.is_ok());
    assert_eq!(store.batches.lock().unwrap().clone().len(), 1);
    assert_eq!(store.batches.lock().unwrap()[0].0, 2);
    let d = store.load("d").unwrap().unwrap();
    assert_eq!((d.status, d.turn_started_ms), (Status::Playing, 7_000));
}
