//! A ladder's ratings for people: a text table and an SVG chart (plain
//! SVG text, each entrant's rating with its 95 % interval).

use std::fmt::Write as _;

use crate::ladder::Ladder;
use crate::summary::win_percent;

/// The table size and the switches it was played with: `4 players
/// --no-teams`.
fn table_kind(ladder: &Ladder) -> String {
    let mut kind = format!("{} players", ladder.players);
    for switch in &ladder.switches {
        kind.push_str(" --");
        kind.push_str(switch);
    }
    kind
}

/// The ratings as a text table, strongest first, under a line saying what
/// was played.
#[allow(
    clippy::cast_precision_loss,
    reason = "counts of games are far below 2^52"
)]
pub fn ladder_text(ladder: &Ladder) -> String {
    let mut out = String::new();
    let games = ladder.games_per_table.saturating_mul(ladder.tables as u64);
    let rounds = ladder
        .games_per_table
        .div_ceil(u64::try_from(ladder.players).unwrap_or(1).max(1));
    let _ = writeln!(
        out,
        "{} ladder, {}: {} entrants, {} tables of {} games ({games} games), seeds {}..{}, {} bootstrap samples",
        ladder.game,
        table_kind(ladder),
        ladder.entrants.len(),
        ladder.tables,
        ladder.games_per_table,
        ladder.seed,
        ladder.seed.saturating_add(rounds),
        ladder.samples,
    );
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "{:<4} {:<16} {:>6} {:>16} {:>7} {:>7}",
        "rank", "entrant", "Elo", "95% interval", "games", "win %"
    );
    for (rank, e) in ladder.entrants.iter().enumerate() {
        let pct = win_percent(e.wins, e.games);
        let _ = writeln!(
            out,
            "{:<4} {:<16} {:>6.0} {:>16} {:>7} {:>6.1}%",
            rank.saturating_add(1),
            e.label,
            e.elo,
            format!("[{:.0}, {:.0}]", e.low, e.high),
            e.games,
            pct
        );
    }
    out
}

/// Chart geometry, in SVG user units.
const WIDTH: f64 = 640.0;
const LEFT: f64 = 130.0;
const RIGHT: f64 = 30.0;
const TOP: f64 = 40.0;
const ROW: f64 = 28.0;
const AXIS: f64 = 40.0;

/// The ratings as an SVG chart: one row per entrant, strongest on top, a
/// dot at its rating and a bar over its 95 % interval, on an Elo axis.
#[allow(
    clippy::cast_precision_loss,
    reason = "counts of entrants and ticks are small"
)]
pub fn ladder_svg(ladder: &Ladder) -> String {
    let low = ladder.entrants.iter().map(|e| e.low).fold(0.0, f64::min);
    let high = ladder.entrants.iter().map(|e| e.high).fold(0.0, f64::max);
    let step = tick_step(high - low);
    let (low, high) = ((low / step).floor() * step, (high / step).ceil() * step);
    let span = (high - low).max(1.0);
    let x = |elo: f64| LEFT + (elo - low) / span * (WIDTH - LEFT - RIGHT);
    let height = TOP + ROW * ladder.entrants.len() as f64 + AXIS;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH:.0}" height="{height:.0}" viewBox="0 0 {WIDTH:.0} {height:.0}" font-family="sans-serif" font-size="13">"#
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        svg,
        r#"<text x="{:.1}" y="22" font-size="15">{}, {}: Elo with 95% intervals</text>"#,
        LEFT,
        escape(&ladder.game),
        escape(&table_kind(ladder))
    );
    let axis_y = TOP + ROW * ladder.entrants.len() as f64;
    let mut tick = low;
    while tick <= high + step / 2.0 {
        let _ = writeln!(
            svg,
            r##"<line x1="{0:.1}" y1="{TOP:.1}" x2="{0:.1}" y2="{axis_y:.1}" stroke="#ddd"/><text x="{0:.1}" y="{1:.1}" text-anchor="middle">{2:.0}</text>"##,
            x(tick),
            axis_y + 18.0,
            tick
        );
        tick += step;
    }
    for (row, e) in ladder.entrants.iter().enumerate() {
        let y = TOP + ROW * (row as f64 + 0.5);
        let _ = writeln!(
            svg,
            r##"<text x="{:.1}" y="{:.1}" text-anchor="end">{}</text><line x1="{:.1}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#4a6fa5" stroke-width="4"/><circle cx="{:.1}" cy="{y:.1}" r="5" fill="#1d3557"/>"##,
            LEFT - 10.0,
            y + 4.0,
            escape(&e.label),
            x(e.low),
            x(e.high),
            x(e.elo)
        );
    }
    let _ = writeln!(
        svg,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">Elo (Bradley–Terry, {} at 0)</text>"#,
        (LEFT + WIDTH - RIGHT) / 2.0,
        axis_y + 36.0,
        escape(&anchor_label(ladder))
    );
    svg.push_str("</svg>\n");
    svg
}

/// The entrant rated 0.
fn anchor_label(ladder: &Ladder) -> String {
    ladder
        .entrants
        .iter()
        .find(|e| e.elo == 0.0)
        .map_or_else(String::new, |e| e.label.clone())
}

/// A round tick spacing giving about five ticks over `span`.
fn tick_step(span: f64) -> f64 {
    [50.0, 100.0, 200.0, 250.0, 500.0, 1000.0]
        .into_iter()
        .find(|&s| span / s <= 8.0)
        .unwrap_or(2000.0)
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
