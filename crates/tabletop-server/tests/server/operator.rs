//! The operator's view over real HTTP on loopback: metrics on their own
//! address (never the public one) counting what was played, liveness and
//! readiness on the public one, and a read-only database file refused
//! with a clear word at start.
use std::process::{Command, Stdio};

use serde_json::json;

use crate::common::{Seated, Server, legal_of, metric_value as value, raw_http, scratch, tokens};

async fn get(addr: &str, path: &str) -> String {
    raw_http(
        addr,
        &format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_count_actions_refusals_commits_and_bots_on_their_own_address() {
    let server = Server::fresh(
        "metrics",
        &[
            "--metrics-listen",
            "127.0.0.1:0",
            "--rate",
            "1000",
            "--burst",
            "1000",
        ],
    );
    let metrics = server.metrics.clone().unwrap();
    assert_ne!(metrics, server.addr);
    // Not on the public listener.
    assert!(
        get(&server.addr, "/metrics")
            .await
            .starts_with("HTTP/1.1 404")
    );

    let created = server.create("pig(players=2)", &["person", "person"]).await;
    let Seated {
        mut seats,
        welcomes,
        seq,
        mover,
    } = Seated::hello(&server, &tokens(&created)).await;
    let other = 1 - mover;
    let (legal, _) = legal_of(&welcomes[mover])[0].clone();
    seats[other].act(seq, json!(legal), "early").await;
    let refused = seats[other].expect("refused").await;
    assert_eq!(refused["reason"]["code"], "not_your_turn");
    seats[mover].act(seq, json!(legal), "one").await;
    seats[mover].expect("update").await;

    // A match of bots only plays itself to its end.
    let bots = server
        .create("pig(players=2,target=10)", &["random", "random"])
        .await;
    let id = bots["id"].as_str().unwrap();
    // Watched to its end: each frame awaited, each wait bounded.
    let mut watcher = server.connect().await;
    let mut frame = watcher.spectate(id).await;
    while frame["update"]["result"].is_null() {
        frame = watcher.expect("update").await;
    }

    let scraped = get(&metrics, "/metrics").await;
    assert!(scraped.starts_with("HTTP/1.1 200"), "{scraped}");
    assert!(
        scraped.contains("application/openmetrics-text"),
        "{scraped}"
    );
    assert_eq!(value(&scraped, "tabletop_actions_total{by=\"person\"}"), 1);
    assert!(value(&scraped, "tabletop_actions_total{by=\"bot\"}") >= 1);
    assert_eq!(
        value(&scraped, "tabletop_refusals_total{code=\"not_your_turn\"}"),
        1
    );
    assert_eq!(value(&scraped, "tabletop_act_to_told_seconds_count"), 1);
    let commits = value(&scraped, "tabletop_commits_total");
    assert!(commits >= 2, "{scraped}");
    assert_eq!(value(&scraped, "tabletop_commit_seconds_count"), commits);
    assert!(value(&scraped, "tabletop_bot_thinking_seconds_count") >= 1);
    assert_eq!(value(&scraped, "tabletop_store_errors_total"), 0);
    assert!(value(&scraped, "tabletop_live_matches") >= 1);
    // The two seats and the bots' match's watcher.
    assert_eq!(
        value(&scraped, "tabletop_connections{kind=\"websocket\"}"),
        3
    );
    assert!(scraped.trim_end().ends_with("# EOF"), "{scraped}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn liveness_and_readiness_are_answered_on_the_public_port() {
    let server = Server::fresh("probes", &[]);
    let alive = get(&server.addr, "/healthz").await;
    assert!(alive.starts_with("HTTP/1.1 200"), "{alive}");
    let ready = get(&server.addr, "/readyz").await;
    assert!(ready.starts_with("HTTP/1.1 200"), "{ready}");
    assert!(ready.ends_with("ready\n"), "{ready}");
}

/// The server's exit and standard error when started with `args`.
fn refused_start(db: &std::path::Path, args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tabletop-server"))
        .args(["--db"])
        .arg(db)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_are_never_served_on_the_public_port() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let db = scratch("metrics-public").join("db.sqlite");
    // The unspecified address is refused by the same check without a
    // socket (`server::tests`): a test binds 127.0.0.1 only.
    let public = format!("127.0.0.1:{port}");
    let (ok, stderr) = refused_start(&db, &["--listen", &public, "--metrics-listen", &public]);
    assert!(!ok, "{public}");
    assert!(stderr.contains("--metrics-listen"), "{stderr}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_only_database_file_is_refused_with_a_clear_word() {
    let db = scratch("read-only").join("db.sqlite");
    let mut first = Server::start(&db, &[]);
    first.terminate().unwrap();
    let mut permissions = std::fs::metadata(&db).unwrap().permissions();
    permissions.set_readonly(true);
    std::fs::set_permissions(&db, permissions).unwrap();
    let (ok, stderr) = refused_start(&db, &["--listen", "127.0.0.1:0"]);
    assert!(!ok);
    assert!(stderr.contains("is read-only"), "{stderr}");
}
