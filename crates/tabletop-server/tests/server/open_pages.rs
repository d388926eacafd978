//! The list of open matches, a page at a time: walking the pages lists
//! every open match once, one creating network takes at most 3 places on a
//! page (its other matches come later, none dropped), a cursor no page gave
//! is refused, and no answer shows who created a match.
use std::collections::BTreeMap;
use std::sync::Arc;

use tabletop_server::lobby::Lobby;
use tabletop_server::lobby::open_list::{PAGE, PER_CREATOR};
use tabletop_server::lobby::seats::OpenMatches;
use tabletop_server::store::sqlite::SqliteStore;
use tabletop_server::store::{NewMatch, Store};

use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::common::{WAIT, connect_from, unthrottled};
use crate::store_suite::new_match;

const NOW: u64 = 1_800_000_000_000;

/// A lobby on a fresh store holding, for each `(id, second, creator)`, a
/// match with an open seat created then by that address.
fn lobby_with(matches: &[(String, u64, Option<String>)]) -> Lobby {
    let store = Arc::new(SqliteStore::in_memory().unwrap());
    for (id, second, creator) in matches {
        let m = NewMatch {
            creator: creator.clone(),
            ..new_match(id, &["open", "random"], NOW + second * 1000)
        };
        store.create(&m).unwrap();
    }
    crate::inproc::lobby_on(
        store as Arc<dyn Store>,
        tabletop_server::connection::limits::Limits::default(),
    )
}

/// Every page from the first, following each page's `next`.
async fn walk(lobby: &Lobby) -> Vec<OpenMatches> {
    let mut pages = vec![lobby.open_matches(None).await.unwrap()];
    while let Some(next) = pages.last().and_then(|p| p.next.clone()) {
        assert!(pages.len() < 1000, "the pages end");
        pages.push(lobby.open_matches(Some(&next)).await.unwrap());
    }
    pages
}

fn ids(page: &OpenMatches) -> Vec<&str> {
    page.matches.iter().map(|m| m.heading.id.as_str()).collect()
}

/// How many times each id is listed over all `pages`.
fn listed(pages: &[OpenMatches]) -> BTreeMap<String, usize> {
    let mut count = BTreeMap::new();
    for id in pages.iter().flat_map(ids) {
        *count.entry(id.to_owned()).or_insert(0) += 1;
    }
    count
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn more_open_matches_than_a_page_are_each_listed_once_over_the_pages() {
    // 130 matches from 65 addresses, two each; some created in one second.
    let matches: Vec<_> = (0..130u64)
        .map(|n| {
            let creator = format!("198.51.100.{}", n % 65);
            (format!("m{n:03}"), n / 3, Some(creator))
        })
        .collect();
    let lobby = lobby_with(&matches);
    let pages = walk(&lobby).await;
    assert!(pages.len() >= 3, "{} pages", pages.len());
    assert_eq!(pages[0].matches.len(), PAGE, "a full first page");
    let count = listed(&pages);
    assert_eq!(count.len(), 130, "every open match is listed");
    assert!(count.values().all(|&n| n == 1), "each once: {count:?}");
    assert!(
        pages.last().unwrap().next.is_none(),
        "the last page says so"
    );
    // Newest first: the first page opens with the newest match.
    assert_eq!(ids(&pages[0])[0], "m129");
    let first = &pages[0].matches;
    assert!(first.windows(2).all(|w| w[0].created >= w[1].created));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_takes_at_most_three_places_on_a_page_and_none_is_dropped() {
    // One address made 100 matches, the newest; five others one each.
    let mut matches: Vec<_> = (0..100u64)
        .map(|n| (format!("crowd{n:03}"), 100 + n, Some("203.0.113.9".into())))
        .collect();
    for n in 0..4u64 {
        matches.push((format!("other{n}"), n, Some(format!("192.0.2.{n}"))));
    }
    matches.push(("before-creators".into(), 5, None));
    let lobby = lobby_with(&matches);
    let pages = walk(&lobby).await;
    let first = ids(&pages[0]);
    for other in ["other0", "other1", "other2", "other3", "before-creators"] {
        assert!(
            first.contains(&other),
            "{other} on the first page: {first:?}"
        );
    }
    for page in &pages {
        let crowd = ids(page)
            .iter()
            .filter(|id| id.starts_with("crowd"))
            .count();
        assert!(
            crowd <= PER_CREATOR,
            "{crowd} of one address: {:?}",
            ids(page)
        );
    }
    let count = listed(&pages);
    assert_eq!(
        count.len(),
        105,
        "the crowd's others come later, none dropped"
    );
    assert!(count.values().all(|&n| n == 1), "each once: {count:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_come_over_http_a_bad_cursor_is_refused_and_no_address_shows() {
    let server = unthrottled("open-pages");
    let mut created = Vec::new();
    for _ in 0..5 {
        let m = server.create("pig(players=2)", &["open", "random"]).await;
        created.push(m["id"].as_str().unwrap().to_owned());
    }
    let (status, first) = server.http("GET", "/api/matches?open=true", None).await;
    assert_eq!(status, 200, "{first}");
    assert_eq!(first["matches"].as_array().unwrap().len(), PER_CREATOR);
    assert!(!first.to_string().contains("127.0.0.1"), "{first}");
    let next = first["next"].as_str().expect("a next page").to_owned();
    let path = format!("/api/matches?open=true&after={next}");
    let (status, second) = server.http("GET", &path, None).await;
    assert_eq!(status, 200, "{second}");
    assert!(second["next"].is_null(), "the last page: {second}");
    let mut walked: Vec<String> = [&first, &second]
        .iter()
        .flat_map(|page| page["matches"].as_array().unwrap())
        .map(|m| m["id"].as_str().unwrap().to_owned())
        .collect();
    walked.sort();
    created.sort();
    assert_eq!(walked, created, "each once");
    for bad in ["nonsense", "", "1.2", "x.1.abc", "0.-1.abc"] {
        let path = format!("/api/matches?open=true&after={bad}");
        let (status, answer) = server.http("GET", &path, None).await;
        assert_eq!(status, 400, "{bad:?}: {answer}");
        assert_eq!(answer["error"]["code"], "bad_request", "{bad:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_addresses_of_one_network_share_its_places_on_a_page() {
    let server = unthrottled("open-network");
    for _ in 0..2 {
        server.create("pig(players=2)", &["open", "random"]).await;
    }
    // Two more from 127.0.0.2: the same /24 as 127.0.0.1.
    let body = json!({ "game": "pig(players=2)", "seats": ["open", "random"] }).to_string();
    for _ in 0..2 {
        let mut stream = connect_from([127, 0, 0, 2], &server.addr).await.unwrap();
        let request = format!(
            "POST /api/matches HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            server.addr,
            body.len()
        );
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut answer = String::new();
        tokio::time::timeout(WAIT, stream.read_to_string(&mut answer))
            .await
            .unwrap()
            .unwrap();
        assert!(answer.starts_with("HTTP/1.1 201"), "{answer}");
    }
    let (status, first) = server.http("GET", "/api/matches?open=true", None).await;
    assert_eq!(status, 200, "{first}");
    assert_eq!(
        first["matches"].as_array().unwrap().len(),
        PER_CREATOR,
        "four matches of one network: {first}"
    );
    assert!(first["next"].is_string(), "the fourth on the next page");
}
