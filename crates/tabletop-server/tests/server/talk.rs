//! Talk at the table: a seat's line reaches every connection of its
//! match, spectators included, with the seat's name, as the text typed;
//! what is refused reaches no one; lines are kept with the match and
//! told again on reconnect, never as game entries.
use serde_json::{Value, json};

use crate::common::{Client, Server, tokens};

/// A match of Pig for two people, seat 0 named `Ana` and seat 1 without a
/// name: its id and the seats' tokens.
async fn table(server: &Server) -> (String, Vec<String>) {
    let (status, created) = server
        .post_match(&json!({
            "game": "pig(players=2)",
            "seats": ["person", "person"],
            "names": ["Ana", null],
        }))
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    (
        id,
        tokens(&created).into_iter().map(Option::unwrap).collect(),
    )
}

async fn say(client: &mut Client, text: &str) {
    client.send(&json!({ "type": "say", "text": text })).await;
}

async fn refused(client: &mut Client) -> String {
    let frame = client.expect("refused").await;
    assert_eq!(frame["client_id"], Value::Null, "{frame}");
    frame["reason"]["code"].as_str().unwrap().to_owned()
}

fn said(n: u64, seat: usize, name: Option<&str>, text: &str) -> Value {
    json!({ "type": "said", "n": n, "seat": seat, "name": name, "text": text })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seats_line_reaches_every_connection_as_text_and_is_told_again_on_reconnect() {
    let server = Server::fresh("talk", &[]);
    let (id, tokens) = table(&server).await;
    let mut ana = server.connect().await;
    let welcome = ana.hello(&tokens[0], None).await;
    assert_eq!(welcome["talk"], json!([]));
    let mut bo = server.connect().await;
    bo.hello(&tokens[1], None).await;
    let mut watcher = server.connect().await;
    watcher.spectate(&id).await;

    // Markup is text: it comes back as typed, trimmed.
    let markup = "<b>x</b> & <img src=x onerror=alert(1)>";
    say(&mut ana, &format!("  {markup} ")).await;
    let first = said(1, 0, Some("Ana"), markup);
    for c in [&mut ana, &mut bo, &mut watcher] {
        assert_eq!(c.next().await.unwrap(), first);
    }

    // Refused lines, each to their sayer alone.
    say(&mut watcher, "hi").await;
    assert_eq!(refused(&mut watcher).await, "spectator");
    say(&mut ana, &"é".repeat(201)).await;
    assert_eq!(refused(&mut ana).await, "talk_too_long");
    say(&mut ana, "bell\u{7}").await;
    assert_eq!(refused(&mut ana).await, "talk_character");
    say(&mut ana, "zero\u{200B}width").await;
    assert_eq!(refused(&mut ana).await, "talk_character");
    say(&mut ana, "   ").await;
    assert_eq!(refused(&mut ana).await, "talk_empty");

    // Characters are counted, not bytes: 200 of two bytes each is a line.
    // It is the next frame everyone gets: nothing refused reached them.
    let long = "é".repeat(200);
    say(&mut bo, &long).await;
    let second = said(2, 1, None, &long);
    for c in [&mut ana, &mut bo, &mut watcher] {
        assert_eq!(c.next().await.unwrap(), second);
    }

    // A reload is told the lines again; they are not game entries.
    let mut again = server.connect().await;
    let back = again.hello(&tokens[0], None).await;
    let strip = |v: &Value| {
        let mut v = v.clone();
        v.as_object_mut().unwrap().remove("type");
        v
    };
    assert_eq!(back["talk"], json!([strip(&first), strip(&second)]));
    assert_eq!(back["seq"], welcome["seq"]);
    assert_eq!(back["update"]["entries"], welcome["update"]["entries"]);
    let mut late = server.connect().await;
    assert_eq!(late.spectate(&id).await["talk"], back["talk"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_saying_lines_faster_than_the_limit_is_refused_and_the_others_talk_on() {
    // No refill: the burst of 3 is all a seat has, whatever the clock.
    let server = Server::fresh("talk-rate", &["--talk-lines-per-minute", "0"]);
    let (_, tokens) = table(&server).await;
    let mut ana = server.connect().await;
    ana.hello(&tokens[0], None).await;
    let mut bo = server.connect().await;
    bo.hello(&tokens[1], None).await;
    for n in 1..=3 {
        say(&mut ana, &format!("line {n}")).await;
        assert_eq!(ana.expect("said").await["n"], n);
        assert_eq!(bo.expect("said").await["n"], n);
    }
    say(&mut ana, "line 4").await;
    assert_eq!(refused(&mut ana).await, "talk_too_fast");
    // Another connection of the same seat shares its rate.
    let mut ana_too = server.connect().await;
    assert_eq!(
        ana_too.hello(&tokens[0], None).await["talk"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    say(&mut ana_too, "line 4 again").await;
    assert_eq!(refused(&mut ana_too).await, "talk_too_fast");
    say(&mut bo, "my turn").await;
    let line = bo.expect("said").await;
    assert_eq!(
        (line["n"].clone(), line["seat"].clone()),
        (json!(4), json!(1))
    );
    assert_eq!(ana.expect("said").await, line);
}
