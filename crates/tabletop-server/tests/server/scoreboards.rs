//! The running scores on the wire: every update carries the scoreboard of
//! the view it is sent with (`update.scoreboard`), worked out from that
//! viewer's view alone. Played in process to the end, every seat and the
//! spectators watching.
use serde_json::Value;
use tabletop_engines::dice_core::Viewer;
use tabletop_server::lobby::Load;
use tokio::sync::mpsc;

use crate::common::Lcg;
use crate::inproc::{act, create, lobby, next, subscribe};

/// Every update each viewer (the seats, then the spectators) was sent in
/// a game of `game` played to its end by seeded choices.
async fn played(game: &str, seats: usize, max_steps: usize) -> Vec<Vec<Value>> {
    let lobby = lobby();
    let id = create(&lobby, game).await;
    let mut rxs: Vec<(u64, mpsc::Receiver<_>)> = Vec::new();
    for seat in 0..seats {
        rxs.push(subscribe(&lobby, &id, Viewer::Seat(seat), None, 64).await);
    }
    rxs.push(subscribe(&lobby, &id, Viewer::Spectator, None, 64).await);
    let mut told: Vec<Vec<Value>> = Vec::new();
    for (_, rx) in &mut rxs {
        told.push(vec![next(rx).await.unwrap()]);
    }
    let (handle, _) = lobby.handle(&id, Load::Seat).await.unwrap();
    let mut pick = Lcg(7);
    for n in 0..max_steps {
        let latest: Vec<&Value> = told.iter().map(|t| t.last().unwrap()).collect();
        if !latest[0]["update"]["result"].is_null() {
            return told;
        }
        let Some((seat, legal)) = latest.iter().take(seats).enumerate().find_map(|(s, f)| {
            f["update"]["legal"]
                .as_array()
                .filter(|l| !l.is_empty())
                .map(|l| (s, l.clone()))
        }) else {
            panic!("no seat to move: {}", latest[0]);
        };
        let action = legal[pick.below(legal.len())][0].as_u64().unwrap() as u32;
        let seq = latest[seat]["seq"].as_u64().unwrap() as usize;
        let updates = act(
            &handle.commands,
            &mut rxs,
            (seat, action),
            seq,
            format!("c{n}"),
        )
        .await;
        for (i, frame) in updates.into_iter().enumerate() {
            told[i].push(frame);
        }
    }
    panic!("{game} not over after {max_steps} steps");
}

fn board(frame: &Value) -> &Value {
    &frame["update"]["scoreboard"]
}

/// A JSON array of whole numbers.
fn numbers(array: &Value) -> Vec<i64> {
    array
        .as_array()
        .unwrap_or_else(|| panic!("not an array: {array}"))
        .iter()
        .map(|n| n.as_i64().unwrap())
        .collect()
}

fn totals(frame: &Value) -> Vec<i64> {
    assert!(board(frame).is_object(), "no scoreboard: {frame}");
    numbers(&board(frame)["totals"])
}

/// The result's scores at the end of the game `frame` ends.
fn result_scores(frame: &Value) -> Vec<i64> {
    numbers(&frame["update"]["result"]["scores"])
}

/// The first viewer's last update: its scoreboard is the result's scores.
fn assert_ends_on_the_result(told: &[Vec<Value>]) {
    let last = told[0].last().unwrap();
    let scores = result_scores(last);
    assert_eq!(
        totals(last),
        scores,
        "the end's scoreboard is the result's scores"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pig_updates_carry_the_points_banked_as_the_scoreboard() {
    let told = played("pig(players=2,target=20)", 2, 2_000).await;
    for frames in &told {
        for frame in frames {
            let view = &frame["update"]["view"];
            let banked = numbers(&view["scores"]);
            assert_eq!(totals(frame), banked, "{frame}");
            assert_eq!(board(frame)["unit"], "points");
            assert_eq!(board(frame)["parts"], Value::Array(Vec::new()));
        }
    }
    assert_ends_on_the_result(&told);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn era_23_to_27_updates_carry_the_final_formula_so_far_part_by_part() {
    let told = played("era(players=2)", 2, 20_000).await;
    let mut shown = 0;
    for (viewer, frames) in told.iter().enumerate() {
        for (at, frame) in frames.iter().enumerate() {
            let view = &frame["update"]["view"];
            let hidden = view["seats"]
                .as_array()
                .unwrap()
                .iter()
                .any(|s| s["domain"].is_null());
            if hidden {
                // ERA-5: while a layout is hidden from this viewer, no score.
                assert!(
                    board(frame).is_null(),
                    "a score while a layout is hidden: {frame}"
                );
                continue;
            }
            shown += 1;
            let parts = board(frame)["parts"].as_array().unwrap();
            let names: Vec<&str> = parts.iter().map(|p| p["name"].as_str().unwrap()).collect();
            assert_eq!(names.first(), Some(&"buildings"));
            assert_eq!(names.last(), Some(&"disasters"));
            let sums: Vec<i64> = (0..2)
                .map(|s| parts.iter().map(|p| p["points"][s].as_i64().unwrap()).sum())
                .collect();
            assert_eq!(totals(frame), sums, "the totals are the parts' sums");
            // The score is public once every layout is: the spectators
            // are told the same at the same step.
            let spectator = &told[2][at];
            assert_eq!(board(frame), board(spectator), "viewer {viewer} at {at}");
        }
    }
    assert!(shown > 0, "never a scoreboard");
    assert_ends_on_the_result(&told);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn arm_10_armadora_tells_the_gold_settled_until_every_value_shows_then_the_gold_won() {
    let told = played("armadora(players=2)", 2, 2_000).await;
    for frames in &told {
        let (last, before) = frames.split_last().unwrap();
        let scores = result_scores(last);
        for (at, frame) in before.iter().enumerate() {
            // Before the end, only the gold no hidden value decides: one
            // part, never more than the gold won.
            let parts = board(frame)["parts"].as_array().unwrap();
            assert_eq!(parts.len(), 1, "{frame}");
            assert_eq!(parts[0]["name"], "settled");
            for (settled, won) in totals(frame).iter().zip(&scores) {
                assert!(settled <= won, "{frame}");
            }
            // The same for every viewer at the same step: it is public.
            assert_eq!(board(frame), board(&told[2][at]), "{frame}");
        }
        assert_eq!(totals(last), scores);
        assert_eq!(board(last)["unit"], "gold");
    }
}
