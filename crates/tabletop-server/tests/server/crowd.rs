//! A crowd of addresses holding half-sent requests cannot lock others
//! out: a network prefix holding many connections gets a new one only
//! while more than that many are free, so the last places go to prefixes
//! holding none; a prefix as a whole is capped; request heads get less
//! time as the server fills.
//!
//! Linux routes all of 127.0.0.0/8 to the loopback, so each attacker binds
//! its own source address (127.0.0.x) before connecting to the server on
//! 127.0.0.1. With the default `/24` every 127.0.0.x is one network;
//! `--ipv4-prefix 32` makes each address a network of its own.
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::common::{Server, WAIT, connect_from, metric};

/// Half-sent requests in each crowd.
const CROWD: usize = 1_100;
/// The normal client's requests.
const REQUESTS: usize = 40;
/// The normal client's address: in no crowd.
const NORMAL: [u8; 4] = [127, 0, 0, 200];

/// The sockets of 1,100 half-sent requests and of the normal client's,
/// open at once in the test process: more than some systems' default
/// soft limit on open files.
fn raise_open_files() {
    use rustix::process::{Resource, getrlimit, setrlimit};
    let limit = getrlimit(Resource::Nofile);
    let raised = rustix::process::Rlimit {
        current: limit.maximum,
        maximum: limit.maximum,
    };
    setrlimit(Resource::Nofile, raised).unwrap();
}

/// `n` request heads cut off halfway, held open, from the addresses
/// `sources` in turn. A connection the server closes at once stays in the
/// list, closed.
async fn crowd(addr: &str, sources: &[[u8; 4]], n: usize) -> Vec<TcpStream> {
    let mut held = Vec::with_capacity(n);
    for from in sources.iter().cycle().take(n) {
        let mut stream = connect_from(*from, addr).await.unwrap();
        // The server may have closed it already: a write refused then is
        // a refusal like any other.
        let _ = stream
            .write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            .await;
        held.push(stream);
    }
    held
}

/// Whether a whole request from `from` is answered `200`.
async fn answered_from(from: [u8; 4], addr: &str) -> bool {
    let Ok(mut stream) = connect_from(from, addr).await else {
        return false;
    };
    let request = b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    if stream.write_all(request).await.is_err() {
        return false;
    }
    let mut answer = Vec::new();
    // A connection closed unanswered reads as empty (or reset).
    let _ = tokio::time::timeout(WAIT, stream.read_to_end(&mut answer))
        .await
        .unwrap();
    answer.starts_with(b"HTTP/1.1 200")
}

/// The addresses 127.0.0.1 to 127.0.0.`n`.
fn loopback_crowd(n: u8) -> Vec<[u8; 4]> {
    (1..=n).map(|last| [127, 0, 0, last]).collect()
}

/// A server of 200 HTTP connections whose heads never time out while the
/// test runs (only the caps and the places kept can serve a client), its
/// metrics on a listener of their own; the open-file limit raised for
/// the crowd.
fn besieged(name: &str, extra: &[&str]) -> Server {
    raise_open_files();
    let mut args = vec![
        "--max-http-connections",
        "200",
        "--header-timeout-ms",
        "3600000",
        "--header-timeout-min-ms",
        "3600000",
        "--metrics-listen",
        "127.0.0.1:0",
    ];
    args.extend_from_slice(extra);
    Server::fresh(name, &args)
}

/// The HTTP connections the server holds open now.
async fn open_http(server: &Server) -> u64 {
    metric(
        server.metrics.as_deref().unwrap(),
        "tabletop_connections{kind=\"http\"}",
    )
    .await
}

/// 1,100 half-sent requests from `addresses` addresses, each a network of
/// its own, on a server of 200 HTTP connections whose heads never time
/// out while the test runs: the normal client's requests, sent while the
/// crowd comes and once it is all there, answered.
async fn a_normal_client_among(name: &str, addresses: u8) {
    let server = besieged(name, &["--ipv4-prefix", "32"]);
    let addr = server.addr.clone();
    let sources = loopback_crowd(addresses);
    let attack = tokio::spawn(async move { crowd(&addr, &sources, CROWD).await });
    let mut answered = 0;
    for _ in 0..REQUESTS / 2 {
        answered += usize::from(answered_from(NORMAL, &server.addr).await);
    }
    let held = attack.await.unwrap();
    // The server takes connections in the order they came: every request
    // of the crowd was taken or refused before the next one is.
    for _ in 0..REQUESTS / 2 {
        answered += usize::from(answered_from(NORMAL, &server.addr).await);
    }
    // The crowd does hold most of the server meanwhile.
    let open = open_http(&server).await;
    assert!(open >= 150, "the crowd holds {open} of 200 connections");
    assert!(
        answered * 100 >= REQUESTS * 95,
        "{answered} of {REQUESTS} requests answered among {addresses} addresses"
    );
    drop(held);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crowd_of_5_addresses_leaves_a_normal_client_served() {
    a_normal_client_among("crowd-5", 5).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crowd_of_50_addresses_leaves_a_normal_client_served() {
    a_normal_client_among("crowd-50", 50).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_the_default_prefix_a_crowd_of_one_24_is_capped_as_one_network() {
    let server = besieged("crowd-24", &["--max-connections-per-prefix", "40"]);
    // 22 half-sent requests from each of 127.0.0.1 to 127.0.0.50, each
    // address far under its own cap (256).
    let held = crowd(&server.addr, &loopback_crowd(50), CROWD).await;
    // An address of the same /24 that holds nothing finds its network
    // full (the server takes connections in the order they came: after
    // the whole crowd)...
    assert!(!answered_from([127, 0, 0, 200], &server.addr).await);
    // ...one of another /24 is answered.
    assert!(answered_from([127, 0, 1, 200], &server.addr).await);
    // The crowd holds its network's 40 (and the answered request's
    // connection may not be counted out yet).
    let open = open_http(&server).await;
    assert!((40..=41).contains(&open), "{open} connections open");
    drop(held);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn request_heads_get_less_time_as_the_server_fills() {
    // An hour for a head while at most half of the 10 connections are
    // taken; 300 ms for the tenth.
    let server = Server::fresh(
        "crowd-heads",
        &[
            "--max-http-connections",
            "10",
            "--ipv4-prefix",
            "32",
            "--header-timeout-ms",
            "3600000",
            "--header-timeout-min-ms",
            "300",
        ],
    );
    let started = std::time::Instant::now();
    let mut held = crowd(&server.addr, &loopback_crowd(10), 10).await;
    let mut last = held.pop().unwrap();
    let mut buf = [0u8; 64];
    let closed = tokio::time::timeout(WAIT, last.read(&mut buf)).await;
    assert!(matches!(closed, Ok(Ok(0) | Err(_))), "{closed:?}");
    assert!(started.elapsed() >= Duration::from_millis(300));
    // The first, taken when the server was near empty, is still open.
    let first = &held[0];
    assert!(matches!(
        first.try_read(&mut buf),
        Err(e) if e.kind() == std::io::ErrorKind::WouldBlock
    ));
}
