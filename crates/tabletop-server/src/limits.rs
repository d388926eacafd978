//! The server's limits and timings, set from the command line.

use std::time::Duration;

/// Limits and timings of one server process.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Open WebSocket connections at most.
    pub connections: usize,
    /// Matches loaded in memory at most.
    pub live_matches: usize,
    /// Frames queued for one connection before it is dropped as a client
    /// that does not read.
    pub send_queue: usize,
    /// Messages per second a connection may send (sustained).
    pub messages_per_second: u32,
    /// Messages a connection may send in a burst.
    pub message_burst: u32,
    /// Refusals for rate before the connection is closed.
    pub rate_strikes: u32,
    /// How long a bot may think before the fallback bot answers.
    pub bot_budget: Duration,
    /// How long a connection may take to say hello.
    pub hello_timeout: Duration,
    /// A connection with no message either way this long is closed.
    pub idle_timeout: Duration,
    /// How long one frame may take to reach a client.
    pub send_timeout: Duration,
    /// A loaded match with no one connected is unloaded after this long.
    pub unload_after: Duration,
    /// Finished matches are deleted this long after their end.
    pub expire_over: Duration,
    /// Unfinished matches untouched this long are deleted as abandoned.
    pub expire_idle: Duration,
    /// How often expiry runs.
    pub expire_every: Duration,
    /// Derive every match's dice from this number and the match's
    /// creation order instead of the operating system's generator: for
    /// tests and reproducible benchmarks only (whoever knows it knows the
    /// dice).
    pub dice_seed: Option<u64>,
    /// The per-turn deadline of matches created without one.
    pub default_turn_seconds: Option<u32>,
    /// Accept a match's start position in `POST /api/matches` (`start`):
    /// for tests only (the twins over sockets); off, the field is refused
    /// as unknown.
    pub test_starts: bool,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            connections: 10_000,
            live_matches: 5_000,
            send_queue: 64,
            messages_per_second: 10,
            message_burst: 30,
            rate_strikes: 20,
            bot_budget: Duration::from_secs(2),
            hello_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(300),
            send_timeout: Duration::from_secs(10),
            unload_after: Duration::from_secs(60),
            expire_over: Duration::from_secs(7 * 24 * 3600),
            expire_idle: Duration::from_secs(30 * 24 * 3600),
            expire_every: Duration::from_secs(3600),
            dice_seed: None,
            default_turn_seconds: None,
            test_starts: false,
        }
    }
}

/// A token bucket: `rate` per second, `burst` at most.
#[derive(Debug, Clone)]
pub struct Bucket {
    tokens: f64,
    rate: f64,
    burst: f64,
    last: std::time::Instant,
}

impl Bucket {
    /// A full bucket.
    pub fn new(rate: u32, burst: u32) -> Self {
        Bucket {
            tokens: f64::from(burst),
            rate: f64::from(rate),
            burst: f64::from(burst),
            last: std::time::Instant::now(),
        }
    }

    /// Takes a token if there is one.
    pub fn take(&mut self) -> bool {
        let now = std::time::Instant::now();
        let elapsed = now.duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}
