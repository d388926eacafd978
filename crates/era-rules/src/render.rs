//! A text drawing of a view: the tracks, the dice and the domains side by
//! side, as the viewer may see them.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use dice_core::{ToMove, Viewer};

use crate::domain::Domain;
use crate::view::EraView;

impl fmt::Display for EraView {
    /// The table as the viewer sees it: hidden layouts drawn as `?`,
    /// dice behind a screen only counted.
    ///
    /// ```
    /// use dice_core::{Game, Viewer};
    /// use era_rules::{Era, EraConfig};
    ///
    /// let game = Era::new(&EraConfig::new(2)).unwrap();
    /// let text = game.view(Viewer::Seat(1)).to_string();
    /// assert!(text.starts_with("round 0, the layout: player 0 to move"));
    /// assert!(text.contains("????K????")); // seat 0's layout is secret
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ruleset = self.config.ruleset();
        write!(f, "round {}, {}", self.round, self.step)?;
        match self.to_move() {
            ToMove::Player(seat) => writeln!(f, ": player {seat} to move")?,
            ToMove::Chance => writeln!(f, ": dice to roll")?,
            ToMove::Over => writeln!(f)?,
        }
        writeln!(
            f,
            "tracking tokens: {} of {} show X",
            self.tracking.showing_x, self.tracking.in_play
        )?;
        for (seat, p) in self.players.iter().enumerate() {
            let you = if self.viewer == Viewer::Seat(seat) {
                " (you)"
            } else {
                ""
            };
            let marker = if seat == self.start && !self.step.is_setup() {
                ", start player"
            } else {
                ""
            };
            writeln!(f, "player {seat}{you}{marker}: {}", p.resources)?;
            writeln!(
                f,
                "  culture {}, disaster {}, dice {}",
                p.culture, p.disaster, p.owned
            )?;
            match &p.dice {
                Some(dice) if !dice.is_empty() => writeln!(f, "  showing {}", dice.text(ruleset))?,
                Some(_) => {}
                None => writeln!(f, "  {} dice behind the screen", p.showing.total())?,
            }
            if p.rolling.any() {
                writeln!(f, "  rolling {}", p.rolling)?;
            }
        }
        let size = ruleset.domain_size();
        let columns: Vec<Vec<String>> = self
            .players
            .iter()
            .map(|p| lines(p.domain.as_ref(), size))
            .collect();
        let width = usize::from(size).max(8);
        let heads: Vec<String> = (0..columns.len())
            .map(|seat| alloc::format!("player {seat}"))
            .collect();
        side_by_side(f, heads.iter().map(String::as_str), width)?;
        for row in 0..usize::from(size) {
            let cells = columns
                .iter()
                .map(|column| column.get(row).map_or("", String::as_str));
            side_by_side(f, cells, width)?;
        }
        write!(f, "({}, ? hidden)", Domain::LEGEND)
    }
}

/// One line of columns `width` wide, two spaces apart, without trailing
/// spaces.
fn side_by_side<'a>(
    f: &mut fmt::Formatter<'_>,
    texts: impl ExactSizeIterator<Item = &'a str>,
    width: usize,
) -> fmt::Result {
    let last = texts.len().saturating_sub(1);
    for (i, text) in texts.enumerate() {
        if i > 0 {
            f.write_str("  ")?;
        }
        if i == last {
            f.write_str(text)?;
        } else {
            write!(f, "{text:<width$}")?;
        }
    }
    writeln!(f)
}

/// One line per row of a domain; a hidden one is all `?` but the Keep.
fn lines(domain: Option<&Domain>, size: u8) -> Vec<String> {
    if let Some(d) = domain {
        return d.to_string().lines().map(String::from).collect();
    }
    let centre = size / 2;
    let cell = |row, col| {
        if (row, col) == (centre, centre) {
            'K'
        } else {
            '?'
        }
    };
    (0..size)
        .map(|row| (0..size).map(|col| cell(row, col)).collect())
        .collect()
}
