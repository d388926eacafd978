//! The bots' threads: a fixed number of threads share every bot's thinking,
//! so bots never take more of the machine than that, whatever the number
//! of matches. Decisions in matches where a person plays go first; a
//! decision still waiting when its time is up is not started (the fallback
//! bot answers for it).

use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Instant;

use tabletop_engines::dice_core::DiceRng;
use tokio::sync::oneshot;

use crate::matches::games::BotJob;

/// Whose decision: one in a match a person plays, or one of bots only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Priority {
    /// A person is at the table: waits only for the decisions running.
    Person,
    /// Bots only: waits for every person's decision too.
    BotsOnly,
}

struct Job {
    think: BotJob,
    rng: DiceRng,
    until: Instant,
    reply: oneshot::Sender<Option<u32>>,
}

#[derive(Default)]
struct Queues {
    person: VecDeque<Job>,
    bots_only: VecDeque<Job>,
    stopped: bool,
}

impl Queues {
    fn next(&mut self) -> Option<Job> {
        self.person
            .pop_front()
            .or_else(|| self.bots_only.pop_front())
    }
}

struct Shared {
    queues: Mutex<Queues>,
    ready: Condvar,
}

/// The threads and their queues.
pub struct BotPool {
    shared: Arc<Shared>,
}

impl std::fmt::Debug for BotPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BotPool").finish_non_exhaustive()
    }
}

impl BotPool {
    /// `threads` threads (at least one) waiting for decisions.
    ///
    /// # Errors
    /// When the operating system refuses a thread.
    pub fn new(threads: usize) -> std::io::Result<Self> {
        let shared = Arc::new(Shared {
            queues: Mutex::new(Queues::default()),
            ready: Condvar::new(),
        });
        for n in 0..threads.max(1) {
            let shared = Arc::clone(&shared);
            std::thread::Builder::new()
                .name(format!("bot-{n}"))
                .spawn(move || work(&shared))?;
        }
        Ok(BotPool { shared })
    }

    /// Queues `think` with `rng`, to start before `until`; the answer is
    /// its choice, or `None` when it did not start in time (or chose
    /// nothing).
    pub fn submit(
        &self,
        priority: Priority,
        think: BotJob,
        rng: DiceRng,
        until: Instant,
    ) -> oneshot::Receiver<Option<u32>> {
        let (reply, answer) = oneshot::channel();
        let job = Job {
            think,
            rng,
            until,
            reply,
        };
        let mut queues = self
            .shared
            .queues
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        match priority {
            Priority::Person => queues.person.push_back(job),
            Priority::BotsOnly => queues.bots_only.push_back(job),
        }
        drop(queues);
        self.shared.ready.notify_one();
        answer
    }
}

impl Drop for BotPool {
    fn drop(&mut self) {
        self.shared
            .queues
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .stopped = true;
        self.shared.ready.notify_all();
    }
}

fn work(shared: &Shared) {
    loop {
        let job = {
            let mut queues = shared.queues.lock().unwrap_or_else(PoisonError::into_inner);
            loop {
                if queues.stopped {
                    return;
                }
                if let Some(job) = queues.next() {
                    break job;
                }
                queues = shared
                    .ready
                    .wait(queues)
                    .unwrap_or_else(PoisonError::into_inner);
            }
        };
        let Job {
            think,
            mut rng,
            until,
            reply,
        } = job;
        // Too late, or no one waits any more: the fallback has answered.
        if Instant::now() >= until || reply.is_closed() {
            let _ = reply.send(None);
            continue;
        }
        let _ = reply.send(think(&mut rng));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;
    use std::time::Duration;

    fn later() -> Instant {
        Instant::now().checked_add(Duration::from_secs(60)).unwrap()
    }

    /// A decision that holds one of the pool's threads until released
    /// (then answers 0): its release and its answer.
    fn hold(
        pool: &BotPool,
        priority: Priority,
    ) -> (mpsc::Sender<()>, oneshot::Receiver<Option<u32>>) {
        let (release_tx, release) = mpsc::channel::<()>();
        let answer = pool.submit(
            priority,
            Box::new(move |_| release.recv().ok().map(|()| 0)),
            DiceRng::from_seed_u64(0),
            later(),
        );
        (release_tx, answer)
    }

    #[test]
    fn a_persons_decision_goes_before_every_waiting_bots_only_one() {
        let pool = BotPool::new(1).unwrap();
        let (order_tx, order) = mpsc::channel();
        // The one thread is held until released, so the rest queue up.
        let (release_tx, hold) = hold(&pool, Priority::BotsOnly);
        let mut answers = Vec::new();
        for (priority, id) in [
            (Priority::BotsOnly, 1),
            (Priority::BotsOnly, 2),
            (Priority::Person, 3),
        ] {
            let order_tx = order_tx.clone();
            answers.push(pool.submit(
                priority,
                Box::new(move |_| {
                    order_tx.send(id).unwrap();
                    Some(id)
                }),
                DiceRng::from_seed_u64(0),
                later(),
            ));
        }
        release_tx.send(()).unwrap();
        assert_eq!(hold.blocking_recv().unwrap(), Some(0));
        let ran: Vec<u32> = (0..3).map(|_| order.recv().unwrap()).collect();
        assert_eq!(ran, [3, 1, 2]);
        for a in answers {
            assert!(a.blocking_recv().unwrap().is_some());
        }
    }

    #[test]
    fn a_decision_not_started_in_time_is_skipped() {
        let pool = BotPool::new(1).unwrap();
        let (release_tx, hold) = hold(&pool, Priority::Person);
        let ran = Arc::new(Mutex::new(false));
        let flag = Arc::clone(&ran);
        let late = pool.submit(
            Priority::Person,
            Box::new(move |_| {
                *flag.lock().unwrap() = true;
                Some(7)
            }),
            DiceRng::from_seed_u64(0),
            Instant::now(),
        );
        release_tx.send(()).unwrap();
        assert_eq!(hold.blocking_recv().unwrap(), Some(0));
        assert_eq!(late.blocking_recv().unwrap(), None);
        assert!(!*ran.lock().unwrap());
    }
}
