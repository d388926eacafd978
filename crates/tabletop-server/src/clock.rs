//! Wall-clock time as the store keeps it: what lasts across restarts
//! (a turn's start, expiry) is written in milliseconds since the epoch.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio::time::Instant;

/// Milliseconds since the epoch; 0 on a clock set before it.
pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .ok()
        .and_then(|d| u64::try_from(d.as_millis()).ok())
        .unwrap_or(0)
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
