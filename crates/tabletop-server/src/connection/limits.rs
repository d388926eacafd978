//! The server's limits and timings, set from the command line: every
//! resource a peer can make the server spend has a bound here.

use std::num::NonZeroU128;
use std::time::{Duration, Instant};

use crate::connection::network::PrefixLengths;

/// The longest per-turn deadline a match may ask for: a week.
pub const MAX_TURN_SECONDS: u32 = 7 * 24 * 3600;

/// Limits and timings of one server process.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Open WebSocket connections at most.
    pub connections: usize,
    /// Open HTTP connections at most (WebSockets aside).
    pub http_connections: usize,
    /// Open connections (HTTP and WebSocket) from one client address at
    /// most.
    pub connections_per_address: usize,
    /// Open connections (HTTP and WebSocket) from one network at most.
    /// Besides, a network holding `n` connections gets a new HTTP
    /// connection only while more than `n` are free: the last places go
    /// to networks holding none, so a crowd from a few networks cannot
    /// take them all.
    pub connections_per_prefix: usize,
    /// Which leading bits of an address name its network.
    pub prefix_lengths: PrefixLengths,
    /// How long a client may take to send a request's head while at most
    /// half the HTTP connections are taken.
    pub header_timeout: Duration,
    /// How long it may take when they are all taken: from half taken the
    /// time shrinks from `header_timeout` to it, set for each connection
    /// as it is accepted, so half-sent heads are shed faster the fuller
    /// the server.
    pub header_timeout_min: Duration,
    /// How long a client may take to send a request's body.
    pub body_timeout: Duration,
    /// How long the drain on SIGTERM waits for requests under way.
    pub drain_timeout: Duration,
    /// Matches loaded in memory at most.
    pub live_matches: usize,
    /// Of those, how many only a seat's `hello` may load: spectators and
    /// matches of bots only leave them free, so a player always gets in.
    pub seat_reserve: usize,
    /// Live matches of bots only at most.
    pub bot_matches: usize,
    /// Threads that run the bots' thinking, shared by every match.
    pub bot_threads: usize,
    /// Spectator connections per match at most.
    pub spectators: usize,
    /// Connections of one seat at most; a further one replaces the oldest.
    pub seat_connections: usize,
    /// Matches one client address may create per minute, sustained.
    pub creates_per_minute: u32,
    /// Matches one client address may create in a burst.
    pub create_burst: u32,
    /// Lobby requests that cost the server (seats taken, rematches,
    /// replays, turns, lists of open matches) one client address may make per
    /// minute, sustained.
    pub lobby_requests_per_minute: u32,
    /// Such requests one client address may make in a burst.
    pub lobby_burst: u32,
    /// Matches stored at most; creation is refused beyond.
    pub stored_matches: usize,
    /// Origins (`https://example.org`) whose pages may open a WebSocket,
    /// besides the server's own.
    pub allow_origins: Vec<String>,
    /// Frames queued for one connection before it is dropped as a client
    /// that does not read.
    pub send_queue: usize,
    /// Messages per second a connection may send (sustained), every frame
    /// counted: text, binary, ping and pong.
    pub messages_per_second: u32,
    /// Messages a connection may send in a burst.
    pub message_burst: u32,
    /// Lines of talk one seat may say per minute, sustained.
    pub talk_lines_per_minute: u32,
    /// Lines of talk one seat may say in a burst.
    pub talk_burst: u32,
    /// Refusals for rate in a row (no message taken between them)
    /// before the connection is closed.
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
            http_connections: 1_024,
            connections_per_address: 256,
            connections_per_prefix: 512,
            prefix_lengths: PrefixLengths::default(),
            header_timeout: Duration::from_secs(5),
            header_timeout_min: Duration::from_secs(1),
            body_timeout: Duration::from_secs(5),
            drain_timeout: Duration::from_secs(5),
            live_matches: 5_000,
            seat_reserve: 500,
            bot_matches: 64,
            bot_threads: 1,
            spectators: 64,
            seat_connections: 4,
            creates_per_minute: 30,
            create_burst: 10,
            lobby_requests_per_minute: 60,
            lobby_burst: 20,
            stored_matches: 1_000_000,
            allow_origins: Vec::new(),
            send_queue: 64,
            messages_per_second: 10,
            message_burst: 30,
            talk_lines_per_minute: 30,
            talk_burst: 3,
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

impl Limits {
    /// The time a connection accepted as the `open`th HTTP connection
    /// (itself included) has for each request head: `header_timeout` up
    /// to half the cap, then less in proportion, down to
    /// `header_timeout_min` at the cap.
    pub fn header_timeout_at(&self, open: usize) -> Duration {
        let half = self.http_connections / 2;
        let over = open.saturating_sub(half);
        if over == 0 {
            return self.header_timeout;
        }
        // The places past half, one at least: never a division by zero.
        let span = NonZeroU128::new(self.http_connections.saturating_sub(half) as u128)
            .unwrap_or(NonZeroU128::MIN);
        let full = self.header_timeout.as_millis();
        let least = self.header_timeout_min.as_millis().min(full);
        let cut = full
            .saturating_sub(least)
            .saturating_mul((over as u128).min(span.get()))
            / span;
        let millis = full.saturating_sub(cut);
        Duration::from_millis(u64::try_from(millis).unwrap_or(u64::MAX))
    }
}

/// A token bucket: `rate` tokens per `per`, `burst` at most.
#[derive(Debug, Clone)]
pub struct Bucket {
    tokens: f64,
    rate: f64,
    burst: f64,
    last: Instant,
}

impl Bucket {
    /// A full bucket refilled at `rate` per second.
    pub fn new(rate: u32, burst: u32) -> Self {
        Self::per(f64::from(rate), burst)
    }

    /// A full bucket refilled at `per_minute` a minute.
    pub fn per_minute(per_minute: u32, burst: u32) -> Self {
        Self::per(f64::from(per_minute) / 60.0, burst)
    }

    fn per(rate: f64, burst: u32) -> Self {
        Bucket {
            tokens: f64::from(burst),
            rate,
            burst: f64::from(burst),
            last: Instant::now(),
        }
    }

    /// Takes a token if there is one.
    pub fn take(&mut self) -> bool {
        self.refill();
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// Whether the bucket is full again (it can be forgotten).
    pub fn is_full(&mut self) -> bool {
        self.refill();
        self.tokens >= self.burst
    }

    fn refill(&mut self) {
        let now = Instant::now();
        let elapsed = now.duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_heads_get_less_time_as_the_server_fills() {
        let limits = Limits {
            http_connections: 100,
            header_timeout: Duration::from_secs(5),
            header_timeout_min: Duration::from_secs(1),
            ..Limits::default()
        };
        let at = |open| limits.header_timeout_at(open).as_millis();
        assert_eq!(at(1), 5_000);
        assert_eq!(at(50), 5_000);
        assert_eq!(at(75), 3_000);
        assert_eq!(at(100), 1_000);
        assert_eq!(at(1_000), 1_000);
        // A floor above the full time is the full time throughout.
        let flat = Limits {
            header_timeout_min: Duration::from_secs(60),
            ..limits.clone()
        };
        assert_eq!(flat.header_timeout_at(100), Duration::from_secs(5));
    }
}
