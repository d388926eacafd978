//! Group commit: the steps of every match that reach an embedded store
//! together are written in one transaction, with one sync, and each is
//! told its outcome only once that transaction is committed (so no one
//! hears of a move before it is durable, and a match's next step comes
//! only after its last one was told: the order is the match's own). New
//! matches and their starts join the same batches: a wave of them costs
//! the writer no sync of its own each, nor holds the store while it waits.
//!
//! An actor hands its step to the journal and waits; the first step of a
//! turn of the runtime spawns the turn's flush, which runs after every
//! task that was ready before it, so their steps are one batch. A lone
//! step on a quiet server (the writer idle, no step in the last
//! [`QUIET`]) is written there and then on the runtime's thread: at a
//! low rate a step costs no hand-off between threads. Any other batch goes to the journal's writer thread, which
//! takes every batch waiting at once: while it syncs one, the steps that
//! reach it meanwhile gather into the next, and the runtime's threads go
//! on stepping the other matches instead of waiting on the disk; the
//! busier the server, the more steps share a sync. Once a batch held
//! several steps, the writer also lets the next one gather for up to
//! [`GATHER`] before writing it. A store that is not
//! embedded (one across the network) takes each step on its own from the
//! blocking pool, so that steps of several matches wait on the network
//! side by side.

use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use tokio::runtime::{Handle, RuntimeFlavor};
use tokio::sync::oneshot;
use tokio::time::Instant;

use crate::store::{Commit, NewMatch, Status, Store, StoreError, StoredEntry, Write};

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

/// What the journal writes: a step, a new match, or a match's start.
#[derive(Debug)]
enum Job {
    Step(Step),
    Create(Box<NewMatch>),
    Start { id: String, now_ms: u64 },
}

impl Job {
    fn write(&self) -> Write<'_> {
        match self {
            Job::Step(step) => Write::Commit(step.commit()),
            Job::Create(new) => Write::Create(new),
            Job::Start { id, now_ms } => Write::Start {
                id,
                now_ms: *now_ms,
            },
        }
    }
}

type Waiting = (Job, oneshot::Sender<Result<(), StoreError>>);

/// How long without a step makes a server quiet: a lone step then is
/// written on the runtime's thread. Under it (over 500 steps a second)
/// every step goes to the writer, so that the runtime's thread does not
/// wait on the disk while other matches' actions arrive.
pub const QUIET: Duration = Duration::from_millis(2);

/// How long the writer lets a batch gather once steps come faster than it
/// syncs (its last batch held several): each sync, and each page written
/// for it, is shared by more steps. Most of the writer's CPU went to the
/// sync and the pages; a step waits at most this much more.
pub const GATHER: Duration = Duration::from_millis(2);

/// A batch this large is written without waiting out [`GATHER`].
const GATHER_MAX: usize = 256;

/// This turn's steps, and when the last turn's were flushed.
#[derive(Default)]
struct Turn {
    steps: Vec<Waiting>,
    last_flush: Option<Instant>,
}

/// The steps waiting for the writer, whether it is writing a batch, and
/// whether the journal closed.
#[derive(Default)]
struct Pending {
    steps: Vec<Waiting>,
    writing: bool,
    closed: bool,
}

/// What the actors and the writer thread share.
#[derive(Default)]
struct Queue {
    pending: Mutex<Pending>,
    /// Signalled when a step arrives at an empty queue, or at closing.
    arrived: Condvar,
}

impl Queue {
    fn lock(&self) -> MutexGuard<'_, Pending> {
        self.pending.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Queues `batch` for the writer, or hands it back when it is a lone
    /// step and the writer is idle (and `lone` allows it); wakes the
    /// writer if it may be asleep (on an empty queue) or gathering a batch
    /// that this one fills.
    fn push(&self, mut batch: Vec<Waiting>, lone: bool) -> Option<Vec<Waiting>> {
        let mut pending = self.lock();
        if lone && batch.len() == 1 && !pending.writing && pending.steps.is_empty() {
            return Some(batch);
        }
        let before = pending.steps.len();
        pending.steps.append(&mut batch);
        if before == 0 || before < GATHER_MAX && pending.steps.len() >= GATHER_MAX {
            self.arrived.notify_one();
        }
        None
    }

    /// The steps waiting, once there are any (`None` once the journal
    /// closes and none are left), after letting them gather for `gather`
    /// or until [`GATHER_MAX`] are waiting; `spare` takes their place.
    fn next_batch(&self, spare: Vec<Waiting>, gather: Duration) -> Option<Vec<Waiting>> {
        let mut pending = self.lock();
        pending.writing = false;
        while pending.steps.is_empty() && !pending.closed {
            pending = self
                .arrived
                .wait(pending)
                .unwrap_or_else(PoisonError::into_inner);
        }
        if pending.steps.is_empty() {
            return None;
        }
        pending.writing = true;
        let until = std::time::Instant::now().checked_add(gather);
        while let Some(left) =
            until.and_then(|u| u.checked_duration_since(std::time::Instant::now()))
        {
            if left.is_zero() || pending.closed || pending.steps.len() >= GATHER_MAX {
                break;
            }
            pending = self
                .arrived
                .wait_timeout(pending, left)
                .map_or_else(|e| e.into_inner().0, |(p, _)| p);
        }
        Some(std::mem::replace(&mut pending.steps, spare))
    }
}

/// The steps waiting to be written, in front of the store.
pub struct Journal {
    store: Arc<dyn Store>,
    /// The writer thread's queue, for an embedded store whose thread
    /// started; none otherwise (each step then on its own).
    queue: Option<Arc<Queue>>,
    /// The steps of this turn of the runtime, for its flush.
    turn: Mutex<Turn>,
    /// How long without a step makes the server quiet ([`QUIET`]).
    quiet: Duration,
}

impl std::fmt::Debug for Journal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Journal").finish_non_exhaustive()
    }
}

impl Journal {
    /// A journal writing to `store`: through a writer thread of its own
    /// when the store is embedded (the thread ends with the journal).
    pub fn new(store: Arc<dyn Store>) -> Arc<Self> {
        let queue = store.is_embedded().then(|| Arc::new(Queue::default()));
        let queue = queue.filter(|queue| {
            let (store, queue) = (Arc::clone(&store), Arc::clone(queue));
            let started = std::thread::Builder::new()
                .name("journal-writer".to_owned())
                .spawn(move || write_batches(&*store, &queue));
            if let Err(e) = &started {
                tracing::warn!(error = %e, "no writer thread: each step is written on its own");
            }
            started.is_ok()
        });
        Arc::new(Journal {
            store,
            queue,
            turn: Mutex::new(Turn::default()),
            quiet: QUIET,
        })
    }

    /// A journal writing to `store` whose server is quiet after `quiet`
    /// without a step instead of [`QUIET`].
    pub fn with_quiet(store: Arc<dyn Store>, quiet: Duration) -> Arc<Self> {
        let mut journal = Self::new(store);
        if let Some(journal) = Arc::get_mut(&mut journal) {
            journal.quiet = quiet;
        }
        journal
    }

    /// Writes `step` with the other steps of this turn, and those waiting
    /// for the writer; returns once it is committed (or could not be).
    ///
    /// # Errors
    /// The store refused the step or failed.
    pub async fn write(self: &Arc<Self>, step: Step) -> Result<(), StoreError> {
        self.submit(Job::Step(step)).await
    }

    /// Saves `new` as [`Store::create`] does, with the steps of this turn
    /// and those waiting for the writer; returns once it is committed.
    ///
    /// # Errors
    /// The store refused the match (its id taken) or failed.
    pub async fn create(self: &Arc<Self>, new: NewMatch) -> Result<(), StoreError> {
        self.submit(Job::Create(Box::new(new))).await
    }

    /// Marks the waiting match `id` started, its first turn from `now_ms`,
    /// as [`Store::start_playing`] does, with the steps of this turn and
    /// those waiting for the writer; returns once it is committed.
    ///
    /// # Errors
    /// The store failed.
    pub async fn start(self: &Arc<Self>, id: String, now_ms: u64) -> Result<(), StoreError> {
        self.submit(Job::Start { id, now_ms }).await
    }

    async fn submit(self: &Arc<Self>, job: Job) -> Result<(), StoreError> {
        if self.queue.is_none() {
            let store = Arc::clone(&self.store);
            return tokio::task::spawn_blocking(move || match job {
                Job::Step(step) => store.append(&step.commit()),
                Job::Create(new) => store.create(&new),
                Job::Start { id, now_ms } => store.start_playing(&id, now_ms),
            })
            .await
            .unwrap_or_else(|e| Err(StoreError(e.to_string())));
        }
        let (done, written) = oneshot::channel();
        let first = {
            let mut turn = self.turn.lock().unwrap_or_else(PoisonError::into_inner);
            turn.steps.push((job, done));
            turn.steps.len() == 1
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
}

impl Journal {
    /// Hands this turn's steps to the writer, or writes a lone step here
    /// when the server is quiet, on a current-thread runtime (on several
    /// threads a blocking write would hold up one of them).
    fn flush(&self) {
        let Some(queue) = &self.queue else {
            return;
        };
        let now = Instant::now();
        let (batch, quiet) = {
            let mut turn = self.turn.lock().unwrap_or_else(PoisonError::into_inner);
            let quiet = turn
                .last_flush
                .is_none_or(|last| now.saturating_duration_since(last) >= self.quiet);
            turn.last_flush = Some(now);
            (std::mem::take(&mut turn.steps), quiet)
        };
        let one_thread = Handle::current().runtime_flavor() == RuntimeFlavor::CurrentThread;
        if let Some(mut lone) = queue.push(batch, one_thread && quiet) {
            write_all(&*self.store, &mut lone);
        }
    }
}

impl Drop for Journal {
    /// Ends the writer once it has written what is queued.
    fn drop(&mut self) {
        if let Some(queue) = &self.queue {
            queue.lock().closed = true;
            queue.arrived.notify_one();
        }
    }
}

/// The writer thread: every batch in turn, until the journal closes.
fn write_batches(store: &dyn Store, queue: &Queue) {
    let mut spare = Vec::new();
    let mut gather = Duration::ZERO;
    while let Some(mut batch) = queue.next_batch(spare, gather) {
        gather = gather_after(batch.len());
        write_all(store, &mut batch);
        spare = batch;
    }
}

/// How long the batch after one of `written` steps gathers: a batch of
/// one says steps come one at a time, and the next is written at once;
/// several, that the server is busy, and the next waits a little for
/// more.
fn gather_after(written: usize) -> Duration {
    if written >= 2 { GATHER } else { Duration::ZERO }
}

/// Writes `batch` in one [`Store::write_all`] and tells each write its
/// outcome, emptying it; a task that stopped waiting has nothing to be
/// told.
fn write_all(store: &dyn Store, batch: &mut Vec<Waiting>) {
    let writes: Vec<Write<'_>> = batch.iter().map(|(job, _)| job.write()).collect();
    let outcomes = store.write_all(&writes);
    drop(writes);
    let mut outcomes = outcomes.into_iter();
    for (_, done) in batch.drain(..) {
        // A store that answers for fewer commits than it was given failed
        // the rest.
        let outcome = outcomes
            .next()
            .unwrap_or_else(|| Err(StoreError("the store gave no outcome".to_owned())));
        let _ = done.send(outcome);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A waiting write that nobody is told of.
    fn waiting() -> Waiting {
        let job = Job::Start {
            id: "m".to_owned(),
            now_ms: 0,
        };
        (job, oneshot::channel().0)
    }

    /// `queue`'s next batch after an hour's gather, taken on a thread of
    /// its own; its length, or `None` when it is not taken within a
    /// minute.
    fn gathered(queue: &Arc<Queue>) -> Option<usize> {
        let (sent, taken) = std::sync::mpsc::channel();
        let queue = Arc::clone(queue);
        std::thread::spawn(move || {
            let batch = queue.next_batch(Vec::new(), Duration::from_secs(3600));
            let _ = sent.send(batch.map(|b| b.len()));
        });
        taken.recv_timeout(Duration::from_secs(60)).ok().flatten()
    }

    #[test]
    fn a_busy_writers_batch_gathers_and_goes_once_full() {
        assert_eq!(gather_after(1), Duration::ZERO);
        assert_eq!(gather_after(2), GATHER);
        let queue = Arc::new(Queue::default());
        assert!(queue.push(vec![waiting()], false).is_none());
        let pushing = {
            let queue = Arc::clone(&queue);
            std::thread::spawn(move || {
                for _ in 1..GATHER_MAX {
                    queue.push(vec![waiting()], false);
                }
            })
        };
        // Only a full batch ends an hour's gather.
        let taken = gathered(&queue);
        pushing.join().unwrap();
        assert!(taken.is_some_and(|n| n >= GATHER_MAX), "{taken:?}");
    }

    #[test]
    fn a_journal_that_closes_ends_the_gather_with_what_is_queued() {
        let queue = Arc::new(Queue::default());
        queue.push(vec![waiting(), waiting()], false);
        queue.lock().closed = true;
        queue.arrived.notify_one();
        assert_eq!(gathered(&queue), Some(2));
        assert_eq!(queue.next_batch(Vec::new(), GATHER).map(|b| b.len()), None);
    }
}
