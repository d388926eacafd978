//! A view drawn in text.

use alloc::string::{String, ToString};
use core::fmt::{self, Write as _};

use dice_core::{ToMove, Viewer};

use crate::army::{Faction, Value};
use crate::board::{COLUMNS, Line, ROWS, Side, Square};
use crate::view::ArmadoraView;

impl ArmadoraView {
    /// The board in text, as [`Display`](fmt::Display) writes it: one cell
    /// per square (`.` empty, `$n` a mine with `n` gold, `$?` before the
    /// deal, a faction letter and the value, or `?` where the viewer may not
    /// see it, for a warrior, then `*` if reinforced or `'` if shot), `|`
    /// and `---` for palisades; then the palisades left and a line per seat:
    /// tiles left, the viewer's own by value (`1:11 2:2 ...`), tokens in the
    /// advanced game, passes and who is to move. It draws the view, so it
    /// shows exactly what the viewer may know.
    ///
    /// ```
    /// use armadora_rules::prelude::*;
    ///
    /// let mut game = Armadora::new(&ArmadoraConfig::new(2)).unwrap();
    /// game.apply_chance(Chance::Gold([3, 4, 4, 5, 5, 6, 6, 7])).unwrap();
    /// game.apply_chance(Chance::FirstPlayer(0)).unwrap();
    /// game.apply(game.action_from_text("warrior a1 5").unwrap()).unwrap();
    /// game.apply(game.action_from_text("palisade b1s").unwrap()).unwrap();
    /// game.apply(game.action_from_text("end turn").unwrap()).unwrap();
    /// assert_eq!(
    ///     game.view(Viewer::Seat(1)).board_text(),
    ///     "   a   b   c   d   e   f   g   h\n\
    ///      1  O?  .   .   $3  .   .   .   .\n\
    ///      \x20      ---\n\
    ///      2  .   $4  .   .   .   $4  .   $5\n\
    ///      \n\
    ///      3  .   .   .   .   .   .   .   .\n\
    ///      \n\
    ///      4  $5  .   .   .   $6  .   .   .\n\
    ///      \n\
    ///      5  .   .   $6  .   .   .   $7  .\n\
    ///      palisades left: 34\n\
    ///      seat 0 (O): 15 tiles, to move\n\
    ///      seat 1 (G): 16 tiles (1:11 2:2 3:1 4:1 5:1)\n"
    /// );
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
        let mut line = String::new();
        for (row, name) in (0..ROWS).zip(1..) {
            line.clear();
            write!(line, "{name}  ")?;
            for square in (0..COLUMNS).filter_map(|column| Square::new(column, row)) {
                let wall = if self.has_palisade(square, Side::East) {
                    '|'
                } else {
                    ' '
                };
                write!(line, "{:<3}{wall}", self.cell(square))?;
            }
            writeln!(f, "{}", line.trim_end())?;
            if name < ROWS {
                line.clear();
                line.push_str("   ");
                for square in (0..COLUMNS).filter_map(|column| Square::new(column, row)) {
                    let wall = self.has_palisade(square, Side::South);
                    line.push_str(if wall { "--- " } else { "    " });
                }
                writeln!(f, "{}", line.trim_end())?;
            }
        }
        let table = &self.table;
        writeln!(f, "palisades left: {}", table.palisades_left())?;
        for seat in table.turn_order().seats() {
            let faction = table.config.faction(seat).map_or('?', Faction::letter);
            let left = self.tiles_left(seat);
            let tiles = if left == 1 { "tile" } else { "tiles" };
            write!(f, "seat {seat} ({faction}): {left} {tiles}")?;
            if self.viewer == Viewer::Seat(seat) {
                if let Some(own) = self.own_supply {
                    f.write_str(" (")?;
                    for (value, count) in Value::ALL.iter().zip(own.counts()) {
                        let gap = if *value == Value::One { "" } else { " " };
                        write!(f, "{gap}{value}:{count}")?;
                    }
                    f.write_char(')')?;
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
