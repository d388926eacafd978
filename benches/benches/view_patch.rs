//! The server's view patches: the difference between an Armadöra seat's
//! views before and after each step of random two-player games, read from
//! both texts (`patch::diff`) or from a kept view whose members the last
//! patch found (`patch::diff_kept`, what a match does).
#![allow(missing_docs)]
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    reason = "a benchmark harness: a game that cannot go on is a broken benchmark, reported by panicking"
)]

use std::hint::black_box;

use armadora_rules::prelude::*;
use benches::random_game_seen;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use serde_json::value::RawValue;
use tabletop_server::wire::patch::{self, KeptView};

/// Seat 0's views, one after each decision, of `games` random games.
fn games_views(games: u64) -> Vec<Vec<Box<RawValue>>> {
    let mut legal = Vec::new();
    (0..games)
        .map(|seed| {
            let mut views = Vec::new();
            random_game_seen::<Armadora>(
                &ArmadoraConfig::new(2),
                seed,
                &mut legal,
                |_| false,
                |game| {
                    let text = serde_json::to_string(&game.view(Viewer::Seat(0))).unwrap();
                    views.push(RawValue::from_string(text).unwrap());
                },
            )
            .unwrap();
            views
        })
        .collect()
}

fn view_patch(c: &mut Criterion) {
    let games = games_views(20);
    let pairs: Vec<(&RawValue, &RawValue)> = games
        .iter()
        .flat_map(|views| views.windows(2).map(|w| (&*w[0], &*w[1])))
        .collect();
    // Each old view kept as a match keeps it: with the members that the
    // patch to it found.
    let kept: Vec<(KeptView, &RawValue)> = games
        .iter()
        .flat_map(|views| {
            let mut last: Option<KeptView> = None;
            views.windows(2).map(move |w| {
                let old = last.take().unwrap_or_else(|| KeptView::new(w[0].clone()));
                let new = w[1].clone();
                let (_, members) = patch::diff_kept(&old, &new);
                last = Some(KeptView::with_members(new, members));
                (old, &*w[1])
            })
        })
        .collect();
    let mut group = c.benchmark_group("view_patch");
    // One element: one step's patch.
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function("armadora_steps_from_text", |b| {
        b.iter(|| {
            let mut ops = 0;
            for (old, new) in &pairs {
                ops += patch::diff(black_box(old), black_box(new)).len();
            }
            ops
        });
    });
    group.bench_function("armadora_steps_from_kept_view", |b| {
        b.iter(|| {
            let mut ops = 0;
            for (old, new) in &kept {
                ops += patch::diff_kept(black_box(old), black_box(new)).0.len();
            }
            ops
        });
    });
    group.finish();
}

criterion_group!(benches, view_patch);
criterion_main!(benches);
