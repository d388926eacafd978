//! A view drawn in text.

use alloc::string::{String, ToString};
use core::fmt::{self, Write as _};

use dice_core::{ToMove, Viewer};

use crate::army::Faction;
use crate::board::{COLUMNS, Line, ROWS, Side, Square};
use crate::view::ArmadoraView;

impl ArmadoraView {
    /// The board in text: one cell per square (`.` empty, `$n` a mine with
    /// `n` gold, `$?` before the deal, a faction letter and value or `?` for
    /// a warrior, then `*` if reinforced or `'` if shot), `|` and `---` for
    /// palisades, then supplies and tokens.
    ///
    /// ```
    /// use armadora_rules::{Armadora, ArmadoraConfig};
    /// use dice_core::{Game, Viewer};
    ///
    /// let game = Armadora::new(&ArmadoraConfig::new(2)).unwrap();
    /// let text = game.view(Viewer::Spectator).board_text();
    /// assert!(text.starts_with("   a   b   c   d"));
    /// ```
    pub fn board_text(&self) -> String {
        self.to_string()
    }

    fn cell(&self, square: Square) -> String {
        let mut cell = String::new();
        if let Some(w) = self.warrior_at(square) {
            let letter = self
                .table
                .config
                .faction(w.owner)
                .map_or('?', Faction::letter);
            cell.push(letter);
            let digit = w.value.and_then(|v| char::from_digit(u32::from(v), 10));
            cell.push(digit.unwrap_or('?'));
            if w.reinforced {
                cell.push('*');
            } else if w.arrows > 0 {
                cell.push('\'');
            }
        } else if square.is_mine() {
            let _ = match self.table.gold_at(square) {
                Some(g) => write!(cell, "${g}"),
                None => write!(cell, "$?"),
            };
        } else {
            cell.push('.');
        }
        cell
    }

    fn has_palisade(&self, square: Square, side: Side) -> bool {
        Line::new(square, side).is_some_and(|l| self.table.palisades.contains(l))
    }
}

impl fmt::Display for ArmadoraView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("   a   b   c   d   e   f   g   h\n")?;
        for (row, name) in (0..ROWS).zip(1..) {
            write!(f, "{name}  ")?;
            for square in (0..COLUMNS).filter_map(|column| Square::new(column, row)) {
                let wall = if self.has_palisade(square, Side::East) {
                    '|'
                } else {
                    ' '
                };
                write!(f, "{:<3}{wall}", self.cell(square))?;
            }
            f.write_char('\n')?;
            if name < ROWS {
                f.write_str("   ")?;
                for square in (0..COLUMNS).filter_map(|column| Square::new(column, row)) {
                    let wall = self.has_palisade(square, Side::South);
                    f.write_str(if wall { "--- " } else { "    " })?;
                }
                f.write_char('\n')?;
            }
        }
        let table = &self.table;
        writeln!(f, "palisades left: {}", table.palisades_left())?;
        for seat in table.turn_order().seats() {
            let faction = table.config.faction(seat).map_or('?', Faction::letter);
            write!(
                f,
                "seat {seat} ({faction}): {} tiles",
                self.tiles_left(seat)
            )?;
            if self.viewer == Viewer::Seat(seat) {
                if let Some(own) = self.own_supply {
                    write!(f, " {:?}", own.counts())?;
                }
            }
            if table.config.is_advanced() {
                write!(f, ", {} power", table.power_tokens(seat))?;
                if table.has_reinforcement(seat) {
                    f.write_str(", +1 token")?;
                }
            }
            if table.has_passed(seat) {
                f.write_str(", passed")?;
            }
            if table.to_move() == ToMove::Player(seat) {
                f.write_str(", to move")?;
            }
            f.write_char('\n')?;
        }
        Ok(())
    }
}
