//! The operator's view: counters, gauges and histograms of what the
//! process does, written as Prometheus (OpenMetrics) text on `GET
//! /metrics` of the `--metrics-listen` address, never the public one.
//!
//! Each is counted where it happens (the match actor, the lobby, the
//! connections); the gauges of live matches and open connections are read
//! when scraped. On PostgreSQL a match is held on a lease renewed by its
//! owner: leases not renewed in time (the process hung, or lost the
//! database) are counted, and so is the loss of the lock session, which
//! loses every match at once.

use std::time::Duration;

use prometheus_client::encoding::text::encode;
use prometheus_client::encoding::{EncodeMetric, MetricEncoder};
use prometheus_client::metrics::MetricType;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::{Metric, Registry, Unit};

use crate::wire::code::Code;

/// One label: its name and value.
type Label = [(&'static str, &'static str); 1];

/// Who made an action: `person` or `bot` (a bot, or the fallback bot
/// acting for a person whose turn ran out).
#[derive(Debug, Clone, Copy)]
pub enum Actor {
    /// A person, from a seat's connection.
    Person,
    /// A bot.
    Bot,
}

/// Which connections a gauge counts.
#[derive(Debug, Clone, Copy)]
pub enum Connections {
    /// HTTP connections of the public listener (a WebSocket's included
    /// until it is upgraded).
    Http,
    /// WebSockets from clients.
    WebSocket,
    /// WebSockets relayed from another process (the peers' listener).
    Relayed,
}

/// Every metric of the process.
#[derive(Debug)]
pub struct Metrics {
    registry: Registry,
    actions: Family<Label, Counter>,
    refusals: Family<Label, Counter>,
    act_to_told: Histogram,
    live_matches: Gauge,
    connections: Family<Label, Gauge>,
    commits: Counter,
    commit_seconds: Histogram,
    store_errors: Counter,
    bot_thinking: Histogram,
    taken_up: Counter,
    lock_sessions_lost: Counter,
    leases_lost: Counter,
}

/// Buckets from 0.1 ms to about 13 s, doubling.
fn seconds() -> Histogram {
    Histogram::new(exponential_buckets(0.000_1, 2.0, 18))
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

impl Metrics {
    /// Every metric at zero, registered under the prefix `tabletop`.
    pub fn new() -> Self {
        let mut m = Metrics {
            registry: Registry::with_prefix("tabletop"),
            actions: Family::default(),
            refusals: Family::default(),
            act_to_told: seconds(),
            live_matches: Gauge::default(),
            connections: Family::default(),
            commits: Counter::default(),
            commit_seconds: seconds(),
            store_errors: Counter::default(),
            bot_thinking: seconds(),
            taken_up: Counter::default(),
            lock_sessions_lost: Counter::default(),
            leases_lost: Counter::default(),
        };
        for (name, help, metric) in m.described() {
            match metric.unit.clone() {
                Some(unit) => m.registry.register_with_unit(name, help, unit, metric),
                None => m.registry.register(name, help, metric),
            }
        }
        m
    }

    /// Each metric's name and help, in the order they are scraped.
    fn described(&self) -> [(&'static str, &'static str, Registered); 12] {
        [
            (
                "actions",
                "Actions applied and committed, by who made them (person or bot)",
                Registered::of(&self.actions),
            ),
            (
                "refusals",
                "Actions and messages refused on a connection, by code",
                Registered::of(&self.refusals),
            ),
            (
                "act_to_told",
                "From a person's action reaching its match to every viewer's update queued",
                Registered::of(&self.act_to_told),
            ),
            (
                "live_matches",
                "Matches in this process's memory",
                Registered::of(&self.live_matches),
            ),
            (
                "connections",
                "Open connections, by kind (http, websocket, relayed)",
                Registered::of(&self.connections),
            ),
            (
                "commits",
                "Steps committed to the store",
                Registered::of(&self.commits),
            ),
            (
                "commit",
                "How long a step's commit took, as the match waited for it",
                Registered::of(&self.commit_seconds),
            ),
            (
                "store_errors",
                "Commits and lobby requests the store failed",
                Registered::of(&self.store_errors),
            ),
            (
                "bot_thinking",
                "From a bot's turn to its choice (the fallback's when it ran out of time)",
                Registered::of(&self.bot_thinking),
            ),
            (
                "matches_taken_up",
                "Matches of bots only taken up after the process serving them stopped",
                Registered::of(&self.taken_up),
            ),
            (
                "lock_sessions_lost",
                "Times this process lost its PostgreSQL lock session, and with it its matches",
                Registered::of(&self.lock_sessions_lost),
            ),
            (
                "leases_lost",
                "Matches whose lease this process did not renew in time: another process may own them now",
                Registered::of(&self.leases_lost),
            ),
        ]
    }

    /// An action applied and committed.
    pub fn action(&self, by: Actor) {
        let by = match by {
            Actor::Person => "person",
            Actor::Bot => "bot",
        };
        self.actions.get_or_create(&[("by", by)]).inc();
    }

    /// A refusal sent on a connection.
    pub fn refusal(&self, code: Code) {
        self.refusals
            .get_or_create(&[("code", code.as_str())])
            .inc();
    }

    /// A person's action told to every viewer `took` after it arrived.
    pub fn act_to_told(&self, took: Duration) {
        self.act_to_told.observe(took.as_secs_f64());
    }

    /// A step committed in `took`.
    pub fn commit(&self, took: Duration) {
        self.commits.inc();
        self.commit_seconds.observe(took.as_secs_f64());
    }

    /// A failure of the store.
    pub fn store_error(&self) {
        self.store_errors.inc();
    }

    /// A bot chose in `took`.
    pub fn bot_thought(&self, took: Duration) {
        self.bot_thinking.observe(took.as_secs_f64());
    }

    /// `n` matches taken up from a process that stopped.
    pub fn taken_up(&self, n: usize) {
        self.taken_up.inc_by(u64::try_from(n).unwrap_or(u64::MAX));
    }

    /// The lock session was lost.
    pub fn lock_session_lost(&self) {
        self.lock_sessions_lost.inc();
    }

    /// The leases of `n` matches were lost.
    pub fn leases_lost(&self, n: usize) {
        self.leases_lost
            .inc_by(u64::try_from(n).unwrap_or(u64::MAX));
    }

    /// The text of every metric, with `live` matches and `open`
    /// connections of each kind as they are now.
    pub fn scrape(&self, live: usize, open: &[(Connections, usize)]) -> String {
        self.live_matches.set(gauge(live));
        for (kind, n) in open {
            let kind = match kind {
                Connections::Http => "http",
                Connections::WebSocket => "websocket",
                Connections::Relayed => "relayed",
            };
            self.connections
                .get_or_create(&[("kind", kind)])
                .set(gauge(*n));
        }
        let mut text = String::new();
        // Writing to a `String` does not fail.
        let _ = encode(&mut text, &self.registry);
        text
    }
}

/// A kind of metric as this process uses it: each histogram measures
/// seconds (see [`seconds`]), the other kinds count without a unit.
trait Kind: Metric + Clone {
    /// The unit of every metric of the kind.
    const UNIT: Option<Unit> = None;
}

impl Kind for Counter {}
impl Kind for Gauge {}
impl Kind for Family<Label, Counter> {}
impl Kind for Family<Label, Gauge> {}
impl Kind for Histogram {
    const UNIT: Option<Unit> = Some(Unit::Seconds);
}

/// A metric as the registry holds it: a handle sharing its values with
/// the field that counts them, whatever its kind, and its kind's unit.
#[derive(Debug)]
struct Registered {
    metric: Box<dyn Metric>,
    unit: Option<Unit>,
}

impl Registered {
    fn of<M: Kind>(metric: &M) -> Self {
        Registered {
            metric: Box::new(metric.clone()),
            unit: M::UNIT,
        }
    }
}

impl EncodeMetric for Registered {
    fn encode(&self, encoder: MetricEncoder) -> Result<(), std::fmt::Error> {
        self.metric.encode(encoder)
    }

    fn metric_type(&self) -> MetricType {
        self.metric.metric_type()
    }
}

fn gauge(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_counted_is_scraped_with_its_labels() {
        let m = Metrics::new();
        m.action(Actor::Person);
        m.action(Actor::Bot);
        m.action(Actor::Bot);
        m.refusal(Code::NotYourTurn);
        m.commit(Duration::from_millis(3));
        m.act_to_told(Duration::from_millis(4));
        let text = m.scrape(7, &[(Connections::WebSocket, 2)]);
        for line in [
            "tabletop_actions_total{by=\"person\"} 1",
            "tabletop_actions_total{by=\"bot\"} 2",
            "tabletop_refusals_total{code=\"not_your_turn\"} 1",
            "tabletop_commits_total 1",
            "tabletop_commit_seconds_count 1",
            "tabletop_act_to_told_seconds_count 1",
            "tabletop_live_matches 7",
            "tabletop_connections{kind=\"websocket\"} 2",
            "tabletop_store_errors_total 0",
        ] {
            assert!(text.lines().any(|l| l == line), "{line} not in\n{text}");
        }
    }
}
