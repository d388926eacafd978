//! Hostile messages: each gets a typed refusal, the state is unchanged and
//! the server keeps serving.
use crate::common::{Client, Lcg, Seated, Server, Table, legal_of, tokens};
use futures_util::SinkExt;
use serde_json::{Value, json};

async fn entries(server: &Server, id: &str) -> Value {
    let (status, facts) = server.facts(id).await;
    assert_eq!(status, 200);
    facts["entries"].clone()
}

/// A fresh connection's welcome for `token`: the seat's whole picture.
async fn picture(server: &Server, token: &str) -> Value {
    let mut c = server.connect().await;
    let w = c.hello(token, None).await;
    w["update"].clone()
}

async fn refused(c: &mut Client, code: &str) -> Value {
    let frame = c.expect("refused").await;
    assert_eq!(frame["reason"]["code"], code, "{frame}");
    frame
}

/// A fresh connection sends `message` and is told the error `code`.
async fn told_error(server: &Server, message: &Value, code: &str) -> Client {
    let mut c = server.connect().await;
    c.send(message).await;
    let e = c.expect("error").await;
    assert_eq!(e["reason"]["code"], code, "{e}");
    c
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_messages_are_refused_by_type_and_change_nothing() {
    let server = Server::fresh("hostile", &[]);
    let created = server
        .create("armadora(players=2)", &["person", "person"])
        .await;
    let id = created["id"].as_str().unwrap().to_owned();
    let tokens = tokens(&created);
    let Seated {
        mut seats,
        welcomes,
        seq,
        mover,
    } = Seated::hello(&server, &tokens).await;
    let other = 1 - mover;
    let before_entries = entries(&server, &id).await;
    let before = [
        picture(&server, tokens[0].as_deref().unwrap()).await,
        picture(&server, tokens[1].as_deref().unwrap()).await,
    ];

    // Out of turn, by id and by text: the seat is the token's, never the
    // message's.
    let (legal_id, legal_text) = legal_of(&welcomes[mover])[0].clone();
    seats[other].act(seq, json!(legal_id), "x1").await;
    refused(&mut seats[other], "not_your_turn").await;
    seats[other].act(seq, json!(legal_text), "x2").await;
    refused(&mut seats[other], "not_your_turn").await;
    // A seat field is not part of the protocol.
    seats[other]
        .send(&json!({"type": "act", "seq": seq, "action": legal_id, "client_id": "x3", "seat": mover}))
        .await;
    refused(&mut seats[other], "bad_message").await;
    // Bad JSON, a binary frame, an unknown type.
    seats[mover].send_text("{not json").await;
    refused(&mut seats[mover], "bad_message").await;
    seats[mover]
        .ws
        .send(tokio_tungstenite::tungstenite::Message::binary(vec![
            1u8, 2, 3,
        ]))
        .await
        .unwrap();
    refused(&mut seats[mover], "bad_message").await;
    seats[mover].send(&json!({"type": "undo"})).await;
    refused(&mut seats[mover], "bad_message").await;
    // Unknown action ids and texts.
    seats[mover].act(seq, json!(4_000_000_000u64), "x4").await;
    refused(&mut seats[mover], "unknown_action").await;
    // Text the game's notation does not read names no action.
    seats[mover].act(seq, json!("teleport to z9"), "x5").await;
    refused(&mut seats[mover], "unknown_action").await;
    // Oversize (above the protocol's limit, below the socket's).
    let big = json!({"type": "act", "seq": seq, "action": "a".repeat(5000), "client_id": "x6"});
    seats[mover].send(&big).await;
    refused(&mut seats[mover], "too_large").await;
    // A second hello on a bound connection.
    seats[mover]
        .send(&json!({"type": "hello", "token": tokens[other].as_deref().unwrap()}))
        .await;
    refused(&mut seats[mover], "already_bound").await;

    // A spectator acting.
    let mut spectator = server.connect().await;
    spectator.spectate(&id).await;
    spectator.act(seq, json!(legal_id), "s1").await;
    refused(&mut spectator, "spectator").await;

    // Unknown tokens and matches close the connection with a typed error.
    let hello = json!({"type": "hello", "token": "00000000000000000000000000000000"});
    let mut stranger = told_error(&server, &hello, "unknown_token").await;
    assert!(stranger.next().await.is_none());
    let spectate = json!({"type": "spectate", "match": "nosuchmatch"});
    told_error(&server, &spectate, "unknown_match").await;
    let (status, _) = server.http("GET", "/api/matches/nosuchmatch", None).await;
    assert_eq!(status, 404);
    let (status, _) = server.post_match(&json!({"game": "chess"})).await;
    assert_eq!(status, 400);
    let (status, _) = server
        .post_match(&json!({"game": "pig", "seats": ["person", "grandmaster"]}))
        .await;
    assert_eq!(status, 400);

    // A frame above the socket's limit closes that connection only.
    let mut huge = server.connect().await;
    huge.spectate(&id).await;
    let _ = huge
        .ws
        .send(tokio_tungstenite::tungstenite::Message::text(
            "x".repeat(100_000),
        ))
        .await;
    assert!(huge.next().await.is_none());

    // Nothing changed.
    assert_eq!(entries(&server, &id).await, before_entries);
    assert_eq!(
        picture(&server, tokens[0].as_deref().unwrap()).await,
        before[0]
    );
    assert_eq!(
        picture(&server, tokens[1].as_deref().unwrap()).await,
        before[1]
    );

    // And the match goes on: the mover's legal action is accepted.
    seats[mover].act(seq, json!(legal_id), "ok1").await;
    let u = seats[mover].expect("update").await;
    assert!(u["seq"].as_u64().unwrap() > seq);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_is_refused_then_cut_and_the_server_keeps_serving() {
    let server = Server::fresh("flood", &["--rate", "5", "--burst", "10"]);
    let created = server
        .create("pig(players=2,target=10)", &["person", "person"])
        .await;
    let tokens = tokens(&created);
    let mut flooder = server.connect().await;
    flooder.hello(tokens[0].as_deref().unwrap(), None).await;
    for i in 0..200 {
        // The server may cut the connection part way: stop sending then.
        if flooder
            .ws
            .send(tokio_tungstenite::tungstenite::Message::text(
                json!({"type": "act", "seq": 0, "action": 99999, "client_id": format!("f{i}")})
                    .to_string(),
            ))
            .await
            .is_err()
        {
            break;
        }
    }
    let mut codes = Vec::new();
    while let Some(frame) = flooder.next().await {
        codes.push(
            frame["reason"]["code"]
                .as_str()
                .unwrap_or_default()
                .to_owned(),
        );
        if codes.len() > 300 {
            break;
        }
    }
    assert!(codes.iter().any(|c| c == "rate_limited"), "{codes:?}");
    assert!(
        codes.len() < 200,
        "the flooder was cut off: {}",
        codes.len()
    );
    // Everyone else plays on.
    let mut table = Table::join(&server, &created, true).await;
    table.play_out(&mut Lcg(5), 2_000).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_capability_link_opens_the_page() {
    let server = Server::fresh("page", &[]);
    let created = server.create("pig", &["person", "person"]).await;
    let link = created["seats"][0]["link"].as_str().unwrap();
    let path = link.split('#').next().unwrap();
    let (status, body) = server.http("GET", path, None).await;
    assert_eq!(status, 200);
    let html = body.as_str().unwrap();
    assert!(html.contains("/web/play.js"), "{html}");
    assert!(
        !html.contains(&link[link.find('#').unwrap() + 7..]),
        "the token is not in the page"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_game_loads_a_drawing_by_name_and_one_without_gets_the_generic() {
    let server = Server::fresh("drawings", &[]);
    let (status, games) = server.http("GET", "/api/games", None).await;
    assert_eq!(status, 200);
    let mut own = 0;
    for game in games["games"].as_array().unwrap() {
        let name = game["name"].as_str().unwrap();
        let (status, body) = server
            .http("GET", &format!("/web/games/{name}.js"), None)
            .await;
        assert_eq!(status, 200, "{name}");
        let text = body.as_str().unwrap();
        if text.contains("/web/generic.js") && text.lines().count() == 1 {
            continue;
        }
        assert!(text.contains("export function draw"), "{name}: {text}");
        own += 1;
    }
    assert_eq!(
        own, 4,
        "Age of War, Armadöra, Era and Liar's Dice have drawings of their own"
    );
    let (status, body) = server.http("GET", "/web/games/no-such-game.js", None).await;
    assert_eq!(status, 200);
    assert_eq!(
        body.as_str().unwrap(),
        "export * from \"/web/generic.js\";\n"
    );
}
