//! What one seat or a spectator may know (ARM-14), and states rebuilt from
//! it.

use alloc::string::String;
use core::fmt::{self, Write as _};

use dice_core::{DiceRng, Seat, ToMove, Viewer};

use crate::army::{MAX_PLAYERS, MAX_VALUE, Warrior, starting_warriors};
use crate::board::{Line, MINES, Palisades, SQUARES, Side, Square, squares_of};
use crate::config::ArmadoraConfig;
use crate::state::{Armadora, Phase, Supply, TurnStep};

/// A warrior as a viewer sees it: `value` is `None` when hidden.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct SeenWarrior {
    /// The seat that placed it (public).
    pub owner: Seat,
    /// Its value, if this viewer may see it.
    pub value: Option<u8>,
    /// Placed face up by the Goblin (public).
    pub face_up: bool,
    /// Elf arrows on it (public).
    pub arrows: u8,
    /// Carries its owner's reinforcement token (public).
    pub reinforced: bool,
}

/// What one seat, or a spectator, may know of a position (ARM-14).
///
/// Public: the gold, palisades, who stands where, tokens, passes, how many
/// tiles each player has left, and which squares the Mage looked at.
/// Values: a seat sees its own supply; its own placed warriors when
/// `peek_own` is on; Goblin face-up warriors; what it looked at as the Mage;
/// and everything once the game is over. A spectator sees no value until the
/// end.
///
/// Its [`Display`](fmt::Display) draws the board (see
/// [`board_text`](Self::board_text)).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct ArmadoraView {
    viewer: Viewer,
    config: ArmadoraConfig,
    phase: Phase,
    gold: [u8; 8],
    current: Seat,
    step: TurnStep,
    palisades: Palisades,
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_forms"))]
    board: [Option<SeenWarrior>; SQUARES],
    tiles_left: [u8; MAX_PLAYERS],
    own_supply: Option<Supply>,
    passed: [bool; MAX_PLAYERS],
    powers: [u8; MAX_PLAYERS],
    reinforcements: [bool; MAX_PLAYERS],
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_forms::square_set"))]
    looked: u64,
}

impl ArmadoraView {
    pub(crate) fn of(state: &Armadora, viewer: Viewer) -> ArmadoraView {
        let config = state.config;
        let over = state.phase == Phase::Over;
        let mage = config.seat_of(crate::Faction::Mage);
        let sees = |sq: Square, w: &Warrior| {
            over || w.face_up
                || match viewer {
                    Viewer::Spectator => false,
                    Viewer::Seat(s) => {
                        (s == w.owner && config.is_peek_own())
                            || (Some(s) == mage && state.looked & sq.bit() != 0)
                    }
                }
        };
        let board = core::array::from_fn(|i| {
            let sq = Square::from_index(i)?;
            let w = state.warrior_at(sq)?;
            Some(SeenWarrior {
                owner: w.owner,
                value: sees(sq, &w).then_some(w.value),
                face_up: w.face_up,
                arrows: w.arrows,
                reinforced: w.reinforced,
            })
        });
        let own_supply = match viewer {
            Viewer::Seat(s) if s < config.players() => Some(state.supply(s)),
            _ => None,
        };
        ArmadoraView {
            viewer,
            config,
            phase: state.phase,
            gold: state.gold,
            current: state.current,
            step: state.step,
            palisades: state.palisades,
            board,
            tiles_left: core::array::from_fn(|s| state.tiles_left(s)),
            own_supply,
            passed: state.passed,
            powers: state.powers,
            reinforcements: state.reinforcements,
            looked: state.looked,
        }
    }

    /// Whose view this is.
    pub fn viewer(&self) -> Viewer {
        self.viewer
    }

    /// The game's config.
    pub fn config(&self) -> &ArmadoraConfig {
        &self.config
    }

    /// Who acts next.
    pub fn to_move(&self) -> ToMove {
        match self.phase {
            Phase::DealGold | Phase::DrawFirstPlayer => ToMove::Chance,
            Phase::Play => ToMove::Player(self.current),
            Phase::Over => ToMove::Over,
        }
    }

    /// Where the player to move is within their turn.
    pub fn turn_step(&self) -> TurnStep {
        self.step
    }

    /// The warrior on `square` as this viewer sees it.
    pub fn warrior_at(&self, square: Square) -> Option<SeenWarrior> {
        self.board.get(square.index()).copied().flatten()
    }

    /// The gold pile on `square`: `Some` on a mine once the gold is dealt.
    pub fn gold_at(&self, square: Square) -> Option<u8> {
        let i = MINES.iter().position(|&m| m == square)?;
        self.gold.get(i).copied().filter(|&g| g > 0)
    }

    /// The palisades on the board.
    pub fn palisades(&self) -> Palisades {
        self.palisades
    }

    /// Palisades left in the shared supply.
    pub fn palisades_left(&self) -> u8 {
        let placed = u8::try_from(self.palisades.count()).unwrap_or(crate::PALISADES);
        crate::PALISADES.saturating_sub(placed)
    }

    /// How many unplaced warriors a seat has (public).
    pub fn tiles_left(&self, seat: Seat) -> u8 {
        self.tiles_left.get(seat).copied().unwrap_or(0)
    }

    /// The viewer's own unplaced warriors by value; `None` for a spectator.
    pub fn own_supply(&self) -> Option<Supply> {
        self.own_supply
    }

    /// Whether a seat has passed.
    pub fn has_passed(&self, seat: Seat) -> bool {
        self.passed.get(seat).copied().unwrap_or(false)
    }

    /// A seat's unspent power tokens.
    pub fn power_tokens(&self, seat: Seat) -> u8 {
        self.powers.get(seat).copied().unwrap_or(0)
    }

    /// Whether a seat still holds its reinforcement token.
    pub fn has_reinforcement(&self, seat: Seat) -> bool {
        self.reinforcements.get(seat).copied().unwrap_or(false)
    }

    /// Squares the Mage has looked at.
    pub fn looked_at(&self) -> impl Iterator<Item = Square> {
        squares_of(self.looked)
    }

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
        let mut out = String::new();
        let _ = self.write_board(&mut out);
        out
    }

    fn cell(&self, sq: Square) -> String {
        let mut c = String::new();
        if let Some(w) = self.warrior_at(sq) {
            let letter = self
                .config
                .faction(w.owner)
                .map_or('?', crate::Faction::letter);
            c.push(letter);
            let digit = w.value.and_then(|v| char::from_digit(u32::from(v), 10));
            c.push(digit.unwrap_or('?'));
            if w.reinforced {
                c.push('*');
            } else if w.arrows > 0 {
                c.push('\'');
            }
        } else if sq.is_mine() {
            let _ = match self.gold_at(sq) {
                Some(g) => write!(c, "${g}"),
                None => write!(c, "$?"),
            };
        } else {
            c.push('.');
        }
        c
    }

    fn write_board(&self, out: &mut String) -> fmt::Result {
        out.push_str("   a   b   c   d   e   f   g   h\n");
        for row in 0..crate::board::ROWS {
            write!(out, "{}  ", row + 1)?;
            for col in 0..crate::board::COLUMNS {
                let Some(sq) = Square::new(col, row) else {
                    continue;
                };
                let wall = Line::new(sq, Side::East).is_some_and(|l| self.palisades.contains(l));
                write!(out, "{:<3}{}", self.cell(sq), if wall { '|' } else { ' ' })?;
            }
            out.push('\n');
            if row + 1 < crate::board::ROWS {
                out.push_str("   ");
                for col in 0..crate::board::COLUMNS {
                    let wall = Square::new(col, row)
                        .and_then(|s| Line::new(s, Side::South))
                        .is_some_and(|l| self.palisades.contains(l));
                    out.push_str(if wall { "--- " } else { "    " });
                }
                out.push('\n');
            }
        }
        writeln!(out, "palisades left: {}", self.palisades_left())?;
        for seat in 0..self.config.players() {
            let faction = self
                .config
                .faction(seat)
                .map_or('?', crate::Faction::letter);
            write!(
                out,
                "seat {seat} ({faction}): {} tiles",
                self.tiles_left(seat)
            )?;
            if self.viewer == Viewer::Seat(seat) {
                if let Some(s) = self.own_supply {
                    write!(out, " {s:?}")?;
                }
            }
            if self.config.is_advanced() {
                write!(out, ", {} power", self.power_tokens(seat))?;
                if self.has_reinforcement(seat) {
                    out.push_str(", +1 token");
                }
            }
            if self.has_passed(seat) {
                out.push_str(", passed");
            }
            if self.to_move() == ToMove::Player(seat) {
                out.push_str(", to move");
            }
            out.push('\n');
        }
        Ok(())
    }

    /// Deals one player's hidden tiles: their face-down squares, then (if
    /// the viewer does not see it) their supply.
    fn deal_hidden(
        &self,
        seat: Seat,
        starting: Supply,
        rng: &mut DiceRng,
        board: &mut [Option<Warrior>; SQUARES],
        supply: &mut [Supply; MAX_PLAYERS],
    ) -> Option<()> {
        // What this player's hidden tiles must be.
        let mut left = starting;
        let mut hidden_squares = 0u64;
        for (i, seen) in self.board.iter().enumerate() {
            let Some(w) = seen.filter(|w| w.owner == seat) else {
                continue;
            };
            match w.value {
                Some(v) => {
                    let slot = left.get_mut(usize::from(v.checked_sub(1)?))?;
                    *slot = slot.checked_sub(1)?;
                }
                None => hidden_squares |= 1u64 << i,
            }
        }
        let own = self
            .own_supply
            .filter(|_| self.viewer == Viewer::Seat(seat));
        if let Some(own) = own {
            for (l, o) in left.iter_mut().zip(own) {
                *l = l.checked_sub(o)?;
            }
        }
        let mut tiles = [0u8; 16];
        let mut count = 0usize;
        for (value, &k) in (1u8..).zip(left.iter()) {
            for _ in 0..k {
                *tiles.get_mut(count)? = value;
                count += 1;
            }
        }
        let tiles = tiles.get_mut(..count)?;
        rng.shuffle(tiles);
        let mut tiles = tiles.iter().copied();
        for sq in squares_of(hidden_squares) {
            let w = self.warrior_at(sq)?;
            *board.get_mut(sq.index())? = Some(Warrior {
                owner: seat,
                value: tiles.next()?,
                face_up: w.face_up,
                arrows: w.arrows,
                reinforced: w.reinforced,
            });
        }
        let player_supply = supply.get_mut(seat)?;
        match own {
            Some(own) => *player_supply = own,
            None => {
                for v in tiles {
                    let slot = player_supply.get_mut(usize::from(v.checked_sub(1)?))?;
                    *slot += 1;
                }
            }
        }
        if player_supply.iter().sum::<u8>() != self.tiles_left(seat) {
            return None;
        }
        Some(())
    }

    /// A full state showing this view, hidden values drawn from `rng`; see
    /// [`Armadora`]'s `determinize`.
    pub(crate) fn determinize(&self, rng: &mut DiceRng) -> Option<Armadora> {
        let n = self.config.players();
        let starting = starting_warriors(n)?;
        if self.board.iter().flatten().any(|w| w.owner >= n) {
            return None;
        }
        let mut board = [None; SQUARES];
        let mut supply = [[0u8; MAX_VALUE as usize]; MAX_PLAYERS];
        for seat in 0..n {
            self.deal_hidden(seat, starting, rng, &mut board, &mut supply)?;
        }
        for (i, seen) in self.board.iter().enumerate() {
            if let Some(SeenWarrior {
                owner,
                value: Some(value),
                face_up,
                arrows,
                reinforced,
            }) = *seen
            {
                *board.get_mut(i)? = Some(Warrior {
                    owner,
                    value,
                    face_up,
                    arrows,
                    reinforced,
                });
            }
        }
        let mut state = Armadora {
            config: self.config,
            phase: self.phase,
            gold: self.gold,
            current: self.current,
            step: self.step,
            palisades: self.palisades,
            board,
            supply,
            passed: self.passed,
            powers: self.powers,
            reinforcements: self.reinforcements,
            looked: self.looked,
            occupied: 0,
            allowed: crate::board::LineSet::default(),
        };
        state.validate().ok()?;
        Some(state)
    }
}

impl fmt::Display for ArmadoraView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.board_text())
    }
}
