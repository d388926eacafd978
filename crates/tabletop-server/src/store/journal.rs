//! Group commit: the steps of every match that reach an embedded store
//! in one turn of the runtime are written in one transaction, with one
//! sync.
//!
//! An actor hands its step to the journal and waits; the first step of
//! a batch spawns the batch's flush, which the runtime runs after every
//! task that was ready before it, so all their steps are in the batch.
//! On a current-thread runtime the flush runs on the runtime's own
//! thread: a step then costs no hop between threads, and the sync holds
//! up every connection for as long as it takes, once per batch (as an
//! event loop that syncs before it sleeps does). On several threads the
//! flush runs on the blocking pool. A store that is not embedded (one
//! across the network) takes each step on its own from the blocking pool,
//! so that steps of several matches wait on the network side by side.

use std::sync::{Arc, Mutex, PoisonError};

use tokio::runtime::{Handle, RuntimeFlavor};
use tokio::sync::oneshot;

use crate::store::{Commit, Status, Store, StoreError, StoredEntry};

/// One match's step, owned until its batch is written.
#[derive(Debug, Clone)]
pub struct Step {
    /// The match.
    pub id: String,
    /// The sequence number of the first entry.
    pub first_seq: usize,
    /// The entries, in order.
    pub entries: Vec<StoredEntry>,
    /// The generator's position after them.
    pub rng: String,
    /// The status after them.
    pub status: Status,
    /// The result as JSON, when they end the game.
    pub result: Option<String>,
    /// Milliseconds since the epoch: the next turn starts now.
    pub now_ms: u64,
}

impl Step {
    fn commit(&self) -> Commit<'_> {
        Commit {
            id: &self.id,
            first_seq: self.first_seq,
            entries: &self.entries,
            rng: &self.rng,
            status: self.status,
            result: self.result.as_deref(),
            now_ms: self.now_ms,
        }
    }
}

type Waiting = (Step, oneshot::Sender<Result<(), StoreError>>);

/// The steps waiting for the next flush, in front of the store.
pub struct Journal {
    store: Arc<dyn Store>,
    waiting: Mutex<Vec<Waiting>>,
}

impl std::fmt::Debug for Journal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Journal").finish_non_exhaustive()
    }
}

impl Journal {
    /// A journal writing to `store`.
    pub fn new(store: Arc<dyn Store>) -> Arc<Self> {
        Arc::new(Journal {
            store,
            waiting: Mutex::new(Vec::new()),
        })
    }

    /// Writes `step` with the other steps of this turn; returns once it
    /// is committed (or could not be).
    ///
    /// # Errors
    /// The store refused the step or failed.
    pub async fn write(self: &Arc<Self>, step: Step) -> Result<(), StoreError> {
        if !self.store.is_embedded() {
            let store = Arc::clone(&self.store);
            return tokio::task::spawn_blocking(move || store.append(&step.commit()))
                .await
                .unwrap_or_else(|e| Err(StoreError(e.to_string())));
        }
        let (done, written) = oneshot::channel();
        let first = {
            let mut waiting = self.waiting.lock().unwrap_or_else(PoisonError::into_inner);
            waiting.push((step, done));
            waiting.len() == 1
        };
        if first {
            // A task of its own: it runs after every task ready before it,
            // whose steps join the batch.
            let journal = Arc::clone(self);
            tokio::spawn(async move { journal.flush() });
        }
        written
            .await
            .unwrap_or_else(|_| Err(StoreError("the journal stopped".to_owned())))
    }

    /// Writes every step waiting and tells each its own outcome.
    fn flush(&self) {
        let batch =
            std::mem::take(&mut *self.waiting.lock().unwrap_or_else(PoisonError::into_inner));
        if Handle::current().runtime_flavor() == RuntimeFlavor::CurrentThread {
            write_all(&*self.store, batch);
        } else {
            let store = Arc::clone(&self.store);
            // Each step hears from the blocking thread; were it to fail,
            // the batch's senders go with it and each step is told the
            // journal stopped.
            tokio::task::spawn_blocking(move || write_all(&*store, batch));
        }
    }
}

/// Writes `batch` in one [`Store::append_all`] and tells each step its
/// outcome; an actor that stopped waiting has nothing to be told.
fn write_all(store: &dyn Store, batch: Vec<Waiting>) {
    let commits: Vec<Commit<'_>> = batch.iter().map(|(step, _)| step.commit()).collect();
    let mut outcomes = store.append_all(&commits).into_iter();
    for (_, done) in batch {
        // A store that answers for fewer commits than it was given failed
        // the rest.
        let outcome = outcomes
            .next()
            .unwrap_or_else(|| Err(StoreError("the store gave no outcome".to_owned())));
        let _ = done.send(outcome);
    }
}
