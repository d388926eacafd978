//! Whose turn it is as one seat sees it (`GET /api/matches/{id}/turn`
//! with the seat's token as a bearer token), over real HTTP on loopback:
//! each token answers for its own seat, a token of no seat of the match is
//! refused, and the answer follows the play.
use serde_json::{Value, json};

use crate::common::{Server, WAIT, legal_of, raw_http, unthrottled};

/// The turn of match `id` asked with `authorization` (none: no header).
async fn turn(server: &Server, id: &str, authorization: Option<&str>) -> (u16, Value) {
    let header = authorization.map_or(String::new(), |a| format!("Authorization: {a}\r\n"));
    let answer = raw_http(
        &server.addr,
        &format!(
            "GET /api/matches/{id}/turn HTTP/1.1\r\nHost: {}\r\n{header}Connection: close\r\n\r\n",
            server.addr
        ),
    )
    .await;
    let status = answer.split(' ').nth(1).unwrap().parse().unwrap();
    let body = answer.split_once("\r\n\r\n").unwrap().1;
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

/// What the turn endpoint tells each seat of `tokens`, in their order.
async fn turns_of(server: &Server, id: &str, tokens: &[&str]) -> Vec<Value> {
    let mut told = Vec::new();
    for token in tokens {
        let (status, answer) = turn(server, id, Some(&format!("Bearer {token}"))).await;
        assert_eq!(status, 200, "{answer}");
        told.push(answer);
    }
    told
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_seat_is_told_its_own_turn_and_a_wrong_token_is_refused() {
    let server = unthrottled("turns");
    let (id, [first, second]) = server.pig_match().await;
    let id = id.as_str();
    let other = server.pig_seat(0).await;
    for authorization in [
        None,
        Some("Bearer 00000000000000000000000000000000".to_owned()),
        // A seat of another match.
        Some(format!("Bearer {other}")),
        Some(format!("Basic {first}")),
    ] {
        let (status, answer) = turn(&server, id, authorization.as_deref()).await;
        assert_eq!(
            (status, &answer["error"]["code"]),
            (403, &json!("unknown_token")),
            "{authorization:?}: {answer}"
        );
    }
    assert_eq!(
        turns_of(&server, id, &[&first, &second]).await,
        [
            json!({"seat": 0, "your_turn": true, "status": "waiting"}),
            json!({"seat": 1, "your_turn": false, "status": "waiting"}),
        ]
    );
    // Seat 0 plays until its turn ends (it holds, or rolls a one).
    let mut seat = server.connect().await;
    let mut frame = seat.hello(&first, None).await;
    let deadline = tokio::time::Instant::now() + WAIT;
    let mut acts = 0;
    while frame["update"]["to_move"] != json!({"player": 1}) {
        assert!(
            tokio::time::Instant::now() < deadline,
            "seat 0's turn never ended"
        );
        let legal = legal_of(&frame);
        let (action, _) = legal
            .iter()
            .find(|(_, text)| text == "hold")
            .unwrap_or(&legal[0]);
        acts += 1;
        seat.act(
            frame["seq"].as_u64().unwrap(),
            json!(action),
            &format!("c{acts}"),
        )
        .await;
        frame = seat.expect("update").await;
    }
    assert_eq!(
        turns_of(&server, id, &[&first, &second]).await,
        [
            json!({"seat": 0, "your_turn": false, "status": "playing"}),
            json!({"seat": 1, "your_turn": true, "status": "playing"}),
        ]
    );
}
