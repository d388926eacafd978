//! Open seats, the list of matches with a free seat, and rematches, over
//! real HTTP on loopback: a seat's token is handed out once, to one of two
//! people who take it at once; names are checked by the server; the list
//! shows only what may still be joined; a rematch keeps each seat for the
//! person who held it; the new routes are rate-limited per address; a
//! database of the previous version opens.
use serde_json::{Value, json};
use tabletop_server::store::sqlite::{SqliteStore, Sync};
use tabletop_server::store::{SeatKind, SeatTaking, Status, Store};

use crate::common::{Lcg, Server, Table, scratch, tokens, unthrottled};

async fn take(server: &Server, id: &str, seat: usize, name: &str) -> (u16, Value) {
    server
        .post(
            &format!("/api/matches/{id}/seats/{seat}"),
            &json!({ "name": name }),
        )
        .await
}

/// A fresh unthrottled server, and a match of `game` on `seats` on it.
async fn server_with(name: &str, game: &str, seats: &[&str]) -> (Server, Value) {
    let server = unthrottled(name);
    let created = server.create(game, seats).await;
    (server, created)
}

async fn facts(server: &Server, id: &str) -> Value {
    let (status, facts) = server.facts(id).await;
    assert_eq!(status, 200, "{facts}");
    facts
}

async fn open_ids(server: &Server) -> Vec<String> {
    let (status, list) = server.http("GET", "/api/matches?open=true", None).await;
    assert_eq!(status, 200, "{list}");
    list["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_seat_is_taken_once_with_a_name_and_its_token_plays() {
    let (server, created) =
        server_with("open-seat", "armadora(players=2)", &["open", "person"]).await;
    let id = created["id"].as_str().unwrap();
    // No token for an open seat until someone takes it.
    assert_eq!(created["seats"][0]["kind"], "open");
    assert_eq!(created["seats"][0]["token"], Value::Null);
    assert_eq!(created["seats"][0]["link"], Value::Null);
    let before = facts(&server, id).await;
    assert_eq!(before["seats"], json!(["open", "person"]));
    assert_eq!(before["free"], json!([0]));
    assert_eq!(before["names"], json!([null, null]));
    let (status, list) = server.http("GET", "/api/matches?open=true", None).await;
    assert_eq!(status, 200);
    let listed = &list["matches"][0];
    assert_eq!(listed["id"], id);
    assert_eq!(listed["game"], "armadora");
    assert_eq!(listed["free"], json!([0]));

    let (status, seat) = take(&server, id, 0, "  Ana  ").await;
    assert_eq!(status, 201, "{seat}");
    assert_eq!(seat["seat"], 0);
    assert_eq!(seat["name"], "Ana");
    let token = seat["token"].as_str().unwrap();
    assert_eq!(seat["link"], format!("/play/{id}#token={token}"));
    // Taken: the second person is told so, and gets no token.
    let (status, again) = take(&server, id, 0, "Bob").await;
    assert_eq!(status, 409, "{again}");
    assert_eq!(again["error"]["code"], "seat_taken");
    assert!(again.get("token").is_none());
    let after = facts(&server, id).await;
    assert_eq!(after["names"], json!(["Ana", null]));
    assert_eq!(after["free"], json!([]));
    assert!(!open_ids(&server).await.contains(&id.to_owned()));
    // The token opens the seat.
    let mut ana = server.connect().await;
    let welcome = ana.hello(token, None).await;
    assert_eq!(welcome["seat"], 0);
    // Seats that are not open, or not there.
    let (status, person) = take(&server, id, 1, "Eve").await;
    assert_eq!(
        (status, &person["error"]["code"]),
        (409, &json!("seat_taken"))
    );
    for seat in ["2", "99", "x", "-1"] {
        let (status, answer) = server
            .post(
                &format!("/api/matches/{id}/seats/{seat}"),
                &json!({"name": "Eve"}),
            )
            .await;
        assert_eq!(status, 404, "{seat}: {answer}");
        assert_eq!(answer["error"]["code"], "unknown_seat");
    }
    let (status, unknown) = take(&server, "nope", 0, "Eve").await;
    assert_eq!(
        (status, &unknown["error"]["code"]),
        (404, &json!("unknown_match"))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_are_checked_by_the_server_and_kept_as_typed() {
    let (server, created) = server_with("names", "pig(players=3)", &["open", "open", "open"]).await;
    let id = created["id"].as_str().unwrap();
    for (bad, code) in [
        ("", "name_empty"),
        ("   ", "name_empty"),
        (&"x".repeat(33), "name_too_long"),
        ("a\nb", "name_character"),
        ("right\u{202E}left", "name_character"),
        ("zero\u{200B}", "name_character"),
        ("\u{3164}", "name_character"),
        ("\u{2800}", "name_character"),
        ("Ana\u{FFA0}", "name_character"),
        ("\u{061C}Ana", "name_character"),
        ("A\u{180E}na", "name_character"),
        ("Ana\u{E0041}\u{E007F}", "name_character"),
    ] {
        let (status, answer) = take(&server, id, 0, bad).await;
        assert_eq!(status, 400, "{bad:?}: {answer}");
        assert_eq!(answer["error"]["code"], code, "{bad:?}");
    }
    for body in [
        json!({}),
        json!({"name": 7}),
        json!({"name": "Ana", "seat": 1}),
    ] {
        let (status, _) = server
            .post(&format!("/api/matches/{id}/seats/0"), &body)
            .await;
        assert_eq!(status, 400, "{body}");
    }
    // Markup is a name like any other: stored and answered as text.
    let (status, taken) = take(&server, id, 1, "<img src=x onerror=alert(1)>").await;
    assert_eq!(status, 201, "{taken}");
    let (status, long) = take(&server, id, 2, &"é".repeat(32)).await;
    assert_eq!(status, 201, "{long}");
    assert_eq!(
        facts(&server, id).await["names"],
        json!([null, "<img src=x onerror=alert(1)>", "é".repeat(32)])
    );
    // Nothing was taken by the refused requests.
    assert_eq!(facts(&server, id).await["free"], json!([0]));
    // Not JSON.
    let answer = crate::common::raw_http(
        &server.addr,
        &format!(
            "POST /api/matches/{id}/seats/0 HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 14\r\nConnection: close\r\n\r\n{{\"name\":\"Ed\"}}"
        ),
    )
    .await;
    assert!(answer.starts_with("HTTP/1.1 415"), "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_seats_of_a_match_may_not_have_names_that_look_the_same() {
    let (server, created) =
        server_with("confusable", "pig(players=3)", &["open", "open", "open"]).await;
    let id = created["id"].as_str().unwrap();
    let (status, taken) = take(&server, id, 0, "Ana").await;
    assert_eq!(status, 201, "{taken}");
    // The same name, and one with a Cyrillic А: refused, nothing taken.
    for same in ["Ana", "\u{0410}na", " Ana "] {
        let (status, answer) = take(&server, id, 1, same).await;
        assert_eq!(status, 409, "{same:?}: {answer}");
        assert_eq!(answer["error"]["code"], "name_confusable");
    }
    assert_eq!(facts(&server, id).await["free"], json!([1, 2]));
    let (status, taken) = take(&server, id, 1, "Anna").await;
    assert_eq!(status, 201, "{taken}");
    // Another match may have its own Ana.
    let other = server.create("pig", &["open", "open"]).await;
    let (status, taken) = take(&server, other["id"].as_str().unwrap(), 0, "Ana").await;
    assert_eq!(status, 201, "{taken}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn whoever_creates_a_match_names_their_seat_checked_as_a_taken_seats_name_is() {
    let server = unthrottled("creator-names");
    let create = |names: Value| json!({"game": "pig(players=3)", "seats": ["person", "open", "person"], "names": names});
    let (status, created) = server
        .post_match(&create(json!([" Ana ", null, null])))
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap();
    assert_eq!(
        facts(&server, id).await["names"],
        json!(["Ana", null, null])
    );
    // A stranger taking the open seat may not look like the creator.
    let (status, answer) = take(&server, id, 1, "\u{0410}na").await;
    assert_eq!(
        (status, &answer["error"]["code"]),
        (409, &json!("name_confusable"))
    );
    for (names, status, code) in [
        (json!(["Ana", null, "\u{0410}na"]), 409, "name_confusable"),
        (
            json!(["zero\u{200B}width", null, null]),
            400,
            "name_character",
        ),
        (json!(["x".repeat(33), null, null]), 400, "name_too_long"),
        (json!(["  ", null, null]), 400, "name_empty"),
        // Only a person's seat is named at creation, one name per seat.
        (json!([null, "Bo", null]), 400, "bad_request"),
        (json!(["Ana"]), 400, "bad_request"),
        (json!(["Ana", null, null, null]), 400, "bad_request"),
    ] {
        let (got, answer) = server.post_match(&create(names.clone())).await;
        assert_eq!(
            (got, &answer["error"]["code"]),
            (status, &json!(code)),
            "{names}"
        );
    }
    // Without names, as before.
    let plain = server.create("pig", &["person", "person"]).await;
    let plain = plain["id"].as_str().unwrap();
    assert_eq!(facts(&server, plain).await["names"], json!([null, null]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn of_people_taking_one_seat_at_once_one_gets_its_token() {
    let server = unthrottled("race");
    for round in 0..5 {
        let created = server.create("pig(players=2)", &["open", "person"]).await;
        let id = created["id"].as_str().unwrap().to_owned();
        let tries = (0..8).map(|n| {
            let addr = server.addr.clone();
            let id = id.clone();
            tokio::spawn(async move {
                crate::common::http(
                    &addr,
                    "POST",
                    &format!("/api/matches/{id}/seats/0"),
                    Some(&json!({ "name": format!("p{n}") })),
                )
                .await
            })
        });
        let mut answers = Vec::new();
        for t in tries.collect::<Vec<_>>() {
            answers.push(t.await.unwrap());
        }
        let won: Vec<&Value> = answers
            .iter()
            .filter(|(s, _)| *s == 201)
            .map(|(_, a)| a)
            .collect();
        assert_eq!(won.len(), 1, "round {round}: {answers:?}");
        assert!(answers.iter().all(|(s, _)| *s == 201 || *s == 409));
        assert_eq!(facts(&server, &id).await["names"][0], won[0]["name"]);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_list_shows_matches_not_over_with_a_free_seat_newest_first() {
    let server = unthrottled("list");
    let older = server.create("pig(players=2)", &["open", "person"]).await;
    let full = server.create("pig(players=2)", &["person", "random"]).await;
    let newer = server.create("era(players=2)", &["open", "open"]).await;
    let over = server
        .create("pig(players=2,target=10)", &["open", "person"])
        .await;
    // The last match's open seat is taken and the match played to its
    // end: it is listed no more.
    let over_id = over["id"].as_str().unwrap();
    assert!(open_ids(&server).await.contains(&over_id.to_owned()));
    let (_, taken) = take(&server, over_id, 0, "Ana").await;
    let mut finished = over.clone();
    finished["seats"][0]["token"] = taken["token"].clone();
    let mut table = Table::join(&server, &finished, false).await;
    table.play_out(&mut Lcg(4), 2_000).await;
    let ids = open_ids(&server).await;
    let id = |m: &Value| m["id"].as_str().unwrap().to_owned();
    assert_eq!(ids, [id(&newer), id(&older)], "{ids:?}");
    assert!(!ids.contains(&id(&full)));
    // Only open matches are listed, and only when asked so.
    for path in [
        "/api/matches",
        "/api/matches?open=false",
        "/api/matches?open=yes",
    ] {
        let (status, answer) = server.http("GET", path, None).await;
        assert_eq!(status, 400, "{path}: {answer}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_seat_of_a_finished_match_is_neither_listed_nor_taken() {
    let store = std::sync::Arc::new(SqliteStore::in_memory().unwrap());
    let lobby = crate::inproc::lobby_on(
        store.clone(),
        tabletop_server::connection::limits::Limits::default(),
    );
    let created = lobby
        .create(tabletop_server::lobby::CreateMatch {
            seats: Some(vec!["open".into(), "person".into()]),
            ..crate::inproc::asked("pig(players=2)")
        })
        .await
        .unwrap();
    let mut stored = store.load(&created.id).unwrap().unwrap();
    // The same match, stored as over.
    stored.setup.id = "over".into();
    stored.setup.seats[1].token_hash = Some("another hash".into());
    store
        .create(&tabletop_server::store::NewMatch {
            stored: tabletop_server::store::StoredMatch {
                status: Status::Over,
                turn_started_ms: 0,
                ..stored
            },
            creator: None,
        })
        .unwrap();
    assert_eq!(
        crate::store_suite::listed_ids(store.as_ref()),
        std::slice::from_ref(&created.id)
    );
    let refused = lobby
        .take_seat(
            "over",
            0,
            tabletop_server::lobby::seats::TakeSeat { name: "Ana".into() },
        )
        .await
        .unwrap_err();
    assert!(
        matches!(refused, tabletop_server::lobby::error::LobbyError::GameOver),
        "{refused:?}"
    );
    // The store refuses it too, whatever the lobby read before.
    assert!(
        !store
            .take_seat(&SeatTaking {
                match_id: "over",
                seat: 0,
                kind: &SeatKind::Open,
                token_hash: "h",
                name: Some("Ana"),
            })
            .unwrap()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seats_lists_rematches_and_replays_are_rate_limited_per_address() {
    let server = Server::fresh(
        "lobby-rate",
        &["--lobby-burst", "3", "--lobby-requests-per-minute", "1"],
    );
    let created = server.create("pig(players=2)", &["open", "open"]).await;
    let id = created["id"].as_str().unwrap();
    assert_eq!(take(&server, id, 0, "A").await.0, 201);
    assert_eq!(
        server.http("GET", "/api/matches?open=true", None).await.0,
        200
    );
    let (status, _) = server
        .http("GET", &format!("/api/matches/{id}/replay"), None)
        .await;
    assert_eq!(status, 409, "not over: refused, and counted");
    let (status, limited) = take(&server, id, 1, "B").await;
    assert_eq!(status, 429, "{limited}");
    assert_eq!(limited["error"]["code"], "rate_limited");
    assert_eq!(facts(&server, id).await["free"], json!([1]));
    let (status, _) = server.http("GET", "/api/matches?open=true", None).await;
    assert_eq!(status, 429);
    // Facts stay free to read.
    facts(&server, id).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_keeps_each_seat_for_the_person_who_held_it() {
    let (server, created) = server_with(
        "rematch",
        "pig(players=3,target=10)",
        &["open", "person", "random"],
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let (_, ana) = take(&server, id, 0, "Ana").await;
    let mut joined = created.clone();
    joined["seats"][0]["token"] = ana["token"].clone();
    let seat_tokens: Vec<String> = tokens(&joined).into_iter().flatten().collect();
    let ask = |token: &str| {
        let token = token.to_owned();
        let server = &server;
        async move {
            server
                .post(
                    &format!("/api/matches/{id}/rematch"),
                    &json!({ "token": token }),
                )
                .await
        }
    };
    // Not before the end.
    let (status, early) = ask(&seat_tokens[0]).await;
    assert_eq!((status, &early["error"]["code"]), (409, &json!("not_over")));
    let mut table = Table::join(&server, &joined, false).await;
    table.play_out(&mut Lcg(9), 2_000).await;
    // Nobody but a seat of this match.
    let other = server.create("pig(players=2)", &["person", "person"]).await;
    for stranger in [tokens(&other)[0].clone().unwrap(), "nope".to_owned()] {
        let (status, answer) = ask(&stranger).await;
        assert_eq!(status, 403, "{answer}");
        assert_eq!(answer["error"]["code"], "unknown_token");
    }
    let (status, first) = ask(&seat_tokens[0]).await;
    assert_eq!(status, 201, "{first}");
    let rematch = first["id"].as_str().unwrap().to_owned();
    assert_ne!(rematch, id);
    assert_eq!(first["seat"], 0);
    assert_eq!(first["name"], "Ana");
    assert_eq!(facts(&server, id).await["rematch"], rematch);
    // Each seat's token once; the other person gets theirs of the same
    // match.
    let (status, twice) = ask(&seat_tokens[0]).await;
    assert_eq!(
        (status, &twice["error"]["code"]),
        (409, &json!("seat_taken"))
    );
    let (status, second) = ask(&seat_tokens[1]).await;
    assert_eq!(status, 201, "{second}");
    assert_eq!(second["id"], rematch.as_str());
    assert_eq!(second["seat"], 1);
    let new = facts(&server, &rematch).await;
    assert_eq!(new["game"], "pig");
    assert_eq!(new["config"], facts(&server, id).await["config"]);
    assert_eq!(new["seats"], json!(["person", "person", "random"]));
    assert_eq!(new["names"], json!(["Ana", null, null]));
    assert_eq!(new["status"], "waiting");
    // Kept for their people: not open to strangers.
    assert_eq!(new["free"], json!([]));
    assert!(!open_ids(&server).await.contains(&rematch));
    let (status, _) = take(&server, &rematch, 1, "Eve").await;
    assert_eq!(status, 409);
    // The new tokens play the new match.
    let mut rejoined = server.connect().await;
    let welcome = rejoined.hello(first["token"].as_str().unwrap(), None).await;
    assert_eq!(
        (welcome["match"].as_str(), &welcome["seat"]),
        (Some(rematch.as_str()), &json!(0))
    );
}

/// The schema of a database written by the version before open seats.
const PREVIOUS_SCHEMA: &str = "
CREATE TABLE matches (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, config TEXT NOT NULL,
    spectators INTEGER NOT NULL, turn_seconds INTEGER, status TEXT NOT NULL,
    rng TEXT NOT NULL, entries INTEGER NOT NULL, created INTEGER NOT NULL,
    touched INTEGER NOT NULL, start TEXT, result TEXT,
    turn_started INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE seats (
    match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL, kind TEXT NOT NULL, token_hash TEXT UNIQUE,
    PRIMARY KEY (match_id, seat)
);
CREATE TABLE entries (
    match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL, id INTEGER NOT NULL, seat INTEGER, client_id TEXT,
    PRIMARY KEY (match_id, seq)
);
";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_of_the_previous_version_opens_and_its_matches_play_on() {
    let dir = scratch("upgrade");
    let db = dir.join("db.sqlite");
    // A match as the previous version stored it, played by the server of
    // this version: its store is copied into a file of the old schema.
    let server = Server::start(&db, &[]);
    let created = server.create("pig(players=2)", &["person", "random"]).await;
    let id = created["id"].as_str().unwrap().to_owned();
    let token = tokens(&created)[0].clone().unwrap();
    let stored = SqliteStore::open(&db, Sync::Full)
        .unwrap()
        .load(&id)
        .unwrap()
        .unwrap();
    drop(server);
    let old = dir.join("old.sqlite");
    {
        let conn = rusqlite::Connection::open(&old).unwrap();
        conn.execute_batch(PREVIOUS_SCHEMA).unwrap();
        // Touched now: an old match would be expired at the start.
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs()
            .cast_signed();
        conn.execute(
            "INSERT INTO matches (id, game, config, spectators, status, rng, entries, created, touched)
             VALUES (?1, ?2, ?3, 1, 'waiting', ?4, ?5, ?6, ?6)",
            rusqlite::params![
                id,
                stored.setup.game,
                stored.setup.config,
                stored.rng,
                stored.entries.len().cast_signed() as i64,
                now
            ],
        )
        .unwrap();
        for (seat, s) in stored.setup.seats.iter().enumerate() {
            conn.execute(
                "INSERT INTO seats (match_id, seat, kind, token_hash) VALUES (?1, ?2, ?3, ?4)",
                rusqlite::params![id, seat.cast_signed() as i64, s.kind.as_str(), s.token_hash],
            )
            .unwrap();
        }
        for (seq, e) in stored.entries.iter().enumerate() {
            conn.execute(
                "INSERT INTO entries (match_id, seq, id) VALUES (?1, ?2, ?3)",
                rusqlite::params![id, seq.cast_signed() as i64, i64::from(e.id)],
            )
            .unwrap();
        }
    }
    // This version opens it: the new columns are added, nothing is lost.
    let store = SqliteStore::open(&old, Sync::Full).unwrap();
    let facts = store.facts(&id).unwrap().unwrap();
    assert_eq!(facts.names, [None, None]);
    assert_eq!(facts.taken, [true, false]);
    assert_eq!(facts.rematch, None);
    assert!(!facts.public_replays);
    assert_eq!(facts.status, Status::Waiting);
    assert!(store.open_matches().unwrap().is_empty());
    assert!(
        !store
            .take_seat(&SeatTaking {
                match_id: &id,
                seat: 1,
                kind: &SeatKind::Open,
                token_hash: "h",
                name: Some("x"),
            })
            .unwrap()
    );
    drop(store);
    // And the server of this version plays the match from it.
    let server = Server::start(&old, &[]);
    let mut seat = server.connect().await;
    let welcome = seat.hello(&token, None).await;
    assert_eq!(welcome["seq"], stored.entries.len());
    let (_, f) = server.facts(id).await;
    assert_eq!(f["names"], json!([null, null]));
    assert_eq!(f["public_replays"], false);
    assert_eq!(f["free"], json!([]));
    // Opened twice: the upgrade is done once.
    drop(server);
    SqliteStore::open(&old, Sync::Full).unwrap();
}
