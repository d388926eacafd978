//! Full games of every title over real WebSockets: people only, people
//! and bots, each with a spectator.
use serde_json::Value;

use crate::common::{Lcg, Server, TWO_SEATS, Table, unthrottled};

/// A match of `title` on `seats` with a spectator, played to the end
/// with random legal actions (at most 5,000 of the people's) seeded by
/// `seed`: the match created, its table and the actions sent.
async fn played(server: &Server, title: &str, seats: &[&str], seed: u64) -> (Value, Table, usize) {
    let created = server.create(title, seats).await;
    let mut table = Table::join(server, &created, true).await;
    let actions = table.play_out(&mut Lcg(seed), 5_000).await;
    (created, table, actions)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_title_plays_to_the_end_people_only_with_a_spectator() {
    let server = unthrottled("people");
    for (n, title) in TWO_SEATS.iter().enumerate() {
        let (created, table, actions) =
            played(&server, title, &["person", "person"], n as u64 + 1).await;
        assert!(actions > 0, "{title}");
        let id = created["id"].as_str().unwrap();
        let (status, facts) = server.facts(id).await;
        assert_eq!(status, 200);
        assert_eq!(facts["status"], "over", "{title}: {facts}");
        assert!(!facts["result"].is_null());
        assert_eq!(
            facts["entries"], table.latest[0]["seq"],
            "{title}: the lobby counts every entry"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_title_plays_to_the_end_people_and_bots_with_a_spectator() {
    let server = unthrottled("bots");
    for (n, title) in TWO_SEATS.iter().enumerate() {
        played(&server, title, &["random", "person"], n as u64 + 11).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_only_play_to_the_end_and_a_spectator_sees_it() {
    let server = Server::fresh("botsonly", &[]);
    for title in TWO_SEATS {
        let created = server.create(title, &["random", "random"]).await;
        let mut table = Table::join(&server, &created, true).await;
        table.play_out(&mut Lcg(3), 0).await;
    }
}

/// On several threads the steps are written from the blocking pool
/// instead of the runtime's own thread: the games play the same.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_title_plays_to_the_end_on_a_server_of_two_threads() {
    let server = Server::fresh(
        "threads",
        &["--threads", "2", "--rate", "1000", "--burst", "1000"],
    );
    for (n, title) in TWO_SEATS.iter().enumerate() {
        let (created, _, actions) =
            played(&server, title, &["person", "random"], n as u64 + 21).await;
        assert!(actions > 0);
        let id = created["id"].as_str().unwrap();
        let (_, facts) = server.facts(id).await;
        assert_eq!(facts["status"], "over", "{title}: {facts}");
    }
}
