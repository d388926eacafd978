//! Wall-clock time as the store keeps it: what lasts across restarts
//! (a turn's start, expiry) is written in milliseconds since the epoch.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio::time::Instant;

/// Milliseconds since the epoch; 0 on a clock set before it.
pub fn now_ms() -> u64 {
    match SystemTime::now().duration_since(UNIX_EPOCH) {
        // Past u64 milliseconds (584 million years) it saturates.
        Ok(since) => u64::try_from(since.as_millis()).unwrap_or(u64::MAX),
        // A clock set before 1970 reads as the epoch, every time: expiry
        // then finds nothing older than now and deletes nothing, and a
        // turn's start restored reads as now. No error to raise: the
        // callers keep serving, with times that are only not advancing.
        Err(_) => 0,
    }
}

/// Seconds since the epoch.
pub fn now_secs() -> u64 {
    now_ms() / 1000
}

/// The instant that was `ms` milliseconds since the epoch: now, less the
/// time since then (a time in the future reads as now).
pub fn instant_of(ms: u64) -> Instant {
    let ago = Duration::from_millis(now_ms().saturating_sub(ms));
    let now = Instant::now();
    now.checked_sub(ago).unwrap_or(now)
}
