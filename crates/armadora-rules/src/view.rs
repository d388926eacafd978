//! What one seat or a spectator may know (ARM-14), and states rebuilt from
//! it.

use alloc::string::String;
use core::fmt::{self, Write as _};

use dice_core::{DiceRng, Seat, ToMove, Viewer};

use crate::army::{MAX_PLAYERS, MAX_VALUE, Warrior, starting_warriors};
use crate::board::{Line, MINES, Palisades, SQUARES, Side, Square, squares_of};
use crate::config::ArmadoraConfig;
use crate::error::ArmadoraError;
use crate::state::{Armadora, Phase, Supply, TurnStep};

/// A warrior as a viewer sees it: `value` is `None` when hidden.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "serde_impl::RawSeenWarrior", deny_unknown_fields)
)]
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
/// end; a seat not at the table gets a spectator's view.
///
/// Its [`Display`](fmt::Display) draws the board (see
/// [`board_text`](Self::board_text)).
///
/// A deserialised view is checked to be one some position shows this
/// viewer (seats at the table, warrior counts, visible values, gold,
/// palisades, tokens), so [`determinize`](dice_core::Game::determinize)
/// always finds a valid state for it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "serde_impl::RawView", deny_unknown_fields)
)]
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

/// The most warriors a player has: the two-player set (ARM-5).
const MAX_TILES: usize = 16;

/// Whether `viewer` may see the value of `owner`'s warrior on `square`
/// (ARM-14, ARM-15): everything at the end, Goblin face-up warriors, one's
/// own with `peek_own`, and what the Mage looked at.
fn sees(
    config: &ArmadoraConfig,
    phase: Phase,
    looked: u64,
    viewer: Viewer,
    square: Square,
    owner: Seat,
    face_up: bool,
) -> bool {
    phase == Phase::Over
        || face_up
        || match viewer {
            Viewer::Spectator => false,
            Viewer::Seat(s) => {
                (s == owner && config.is_peek_own())
                    || (config.seat_of(crate::Faction::Mage) == Some(s)
                        && looked & square.bit() != 0)
            }
        }
}

impl ArmadoraView {
    /// What `viewer` sees of `state`; a seat not at the table sees what a
    /// spectator sees, and is one.
    pub(crate) fn of(state: &Armadora, viewer: Viewer) -> ArmadoraView {
        let config = state.config;
        let viewer = match viewer {
            Viewer::Seat(s) if s >= config.players() => Viewer::Spectator,
            v => v,
        };
        let board = core::array::from_fn(|i| {
            let sq = Square::from_index(i)?;
            let w = state.warrior_at(sq)?;
            let seen = sees(
                &config,
                state.phase,
                state.looked,
                viewer,
                sq,
                w.owner,
                w.face_up,
            );
            Some(SeenWarrior {
                owner: w.owner,
                value: seen.then_some(w.value),
                face_up: w.face_up,
                arrows: w.arrows,
                reinforced: w.reinforced,
            })
        });
        let own_supply = match viewer {
            Viewer::Seat(s) => Some(state.supply(s)),
            Viewer::Spectator => None,
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
        for (row, name) in (0..crate::board::ROWS).zip(1..) {
            write!(out, "{name}  ")?;
            for col in 0..crate::board::COLUMNS {
                let Some(sq) = Square::new(col, row) else {
                    continue;
                };
                let wall = Line::new(sq, Side::East).is_some_and(|l| self.palisades.contains(l));
                write!(out, "{:<3}{}", self.cell(sq), if wall { '|' } else { ' ' })?;
            }
            out.push('\n');
            if name < crate::board::ROWS {
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

    /// Deals one player's hidden tiles, in the order `arrange` leaves
    /// them: their face-down squares in square order, then (if the viewer
    /// does not see it) their supply. `None` when the view's counts leave
    /// the wrong number of tiles.
    fn deal_hidden(
        &self,
        seat: Seat,
        starting: Supply,
        arrange: &mut impl FnMut(&mut [u8]),
        board: &mut [Option<Warrior>; SQUARES],
        supply: &mut [Supply; MAX_PLAYERS],
    ) -> Option<()> {
        // What this player's hidden tiles must be.
        let mut left = starting;
        let mut hidden_squares = 0u64;
        for (sq, seen) in Square::all().zip(&self.board) {
            let Some(w) = seen.filter(|w| w.owner == seat) else {
                continue;
            };
            match w.value {
                Some(v) => {
                    let slot = left.get_mut(usize::from(v.checked_sub(1)?))?;
                    *slot = slot.checked_sub(1)?;
                }
                None => hidden_squares |= sq.bit(),
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
        let values = (1u8..)
            .zip(left)
            .flat_map(|(v, k)| core::iter::repeat_n(v, usize::from(k)));
        let mut tiles = [0u8; MAX_TILES];
        for (slot, v) in tiles.iter_mut().zip(values) {
            *slot = v;
        }
        let count = left.iter().map(|&k| usize::from(k)).sum::<usize>();
        let tiles = tiles.get_mut(..count)?;
        arrange(tiles);
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
            Some(_) if tiles.next().is_some() => return None,
            Some(own) => *player_supply = own,
            None => {
                for v in tiles {
                    let slot = player_supply.get_mut(usize::from(v.checked_sub(1)?))?;
                    *slot = slot.checked_add(1)?;
                }
            }
        }
        let total = player_supply
            .iter()
            .try_fold(0u8, |acc, &k| acc.checked_add(k))?;
        (total == self.tiles_left(seat)).then_some(())
    }

    /// A full state showing this view, each player's hidden tiles in the
    /// order `arrange` leaves them; the error says why no state shows it.
    fn complete(&self, arrange: &mut impl FnMut(&mut [u8])) -> Result<Armadora, ArmadoraError> {
        let n = self.config.players();
        let miscount = ArmadoraError::InvalidState(
            "ARM-5: the hidden warriors do not match the tiles left and the values shown",
        );
        let starting = starting_warriors(n).ok_or(ArmadoraError::Players(n))?;
        if self.board.iter().flatten().any(|w| w.owner >= n) {
            return Err(ArmadoraError::InvalidState(
                "ARM-4: a warrior of a seat not at the table",
            ));
        }
        let mut board = [None; SQUARES];
        let mut supply = [[0u8; MAX_VALUE as usize]; MAX_PLAYERS];
        for seat in 0..n {
            self.deal_hidden(seat, starting, arrange, &mut board, &mut supply)
                .ok_or(miscount)?;
        }
        for (slot, seen) in board.iter_mut().zip(&self.board) {
            if let Some(SeenWarrior {
                owner,
                value: Some(value),
                face_up,
                arrows,
                reinforced,
            }) = *seen
            {
                *slot = Some(Warrior {
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
        state.validate()?;
        Ok(state)
    }

    /// A full state showing this view, hidden values drawn from `rng`; see
    /// [`Armadora`]'s `determinize`.
    pub(crate) fn determinize(&self, rng: &mut DiceRng) -> Option<Armadora> {
        self.complete(&mut |tiles| rng.shuffle(tiles)).ok()
    }
}

impl fmt::Display for ArmadoraView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.board_text())
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use alloc::format;
    use alloc::string::String;

    use dice_core::{Seat, Viewer};
    use serde::Deserialize;

    use super::{ArmadoraView, SeenWarrior, sees};
    use crate::action::is_gold_layout;
    use crate::army::serde_impl::check_warrior;
    use crate::army::{GOLD_PILES, MAX_PLAYERS, MAX_VALUE, PALISADES, starting_warriors};
    use crate::board::{Palisades, SQUARES, Square};
    use crate::config::ArmadoraConfig;
    use crate::state::{Phase, Supply, TurnStep};

    /// The serialised form of a [`SeenWarrior`].
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub(super) struct RawSeenWarrior {
        owner: Seat,
        value: Option<u8>,
        face_up: bool,
        arrows: u8,
        reinforced: bool,
    }

    impl TryFrom<RawSeenWarrior> for SeenWarrior {
        type Error = String;

        fn try_from(r: RawSeenWarrior) -> Result<Self, String> {
            check_warrior(r.owner, r.value, r.arrows)?;
            Ok(SeenWarrior {
                owner: r.owner,
                value: r.value,
                face_up: r.face_up,
                arrows: r.arrows,
                reinforced: r.reinforced,
            })
        }
    }

    /// The serialised form of an [`ArmadoraView`], checked before use.
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub(super) struct RawView {
        viewer: Viewer,
        config: ArmadoraConfig,
        phase: Phase,
        gold: [u8; 8],
        current: Seat,
        step: TurnStep,
        palisades: Palisades,
        #[serde(with = "crate::serde_forms")]
        board: [Option<SeenWarrior>; SQUARES],
        tiles_left: [u8; MAX_PLAYERS],
        own_supply: Option<Supply>,
        passed: [bool; MAX_PLAYERS],
        powers: [u8; MAX_PLAYERS],
        reinforcements: [bool; MAX_PLAYERS],
        #[serde(with = "crate::serde_forms::square_set")]
        looked: u64,
    }

    impl TryFrom<RawView> for ArmadoraView {
        type Error = String;

        fn try_from(r: RawView) -> Result<Self, String> {
            r.check_table()?;
            r.check_board()?;
            r.check_warriors()?;
            let view = ArmadoraView {
                viewer: r.viewer,
                config: r.config,
                phase: r.phase,
                gold: r.gold,
                current: r.current,
                step: r.step,
                palisades: r.palisades,
                board: r.board,
                tiles_left: r.tiles_left,
                own_supply: r.own_supply,
                passed: r.passed,
                powers: r.powers,
                reinforcements: r.reinforcements,
                looked: r.looked,
            };
            // Everything else (tokens, passes, turn steps, territories) is
            // what a state shows: one must exist.
            view.complete(&mut |_| {})
                .map_err(|e| format!("no position shows this view: {e}"))?;
            Ok(view)
        }
    }

    impl RawView {
        /// The viewer, the seat to move, the gold and the palisade supply.
        fn check_table(&self) -> Result<(), String> {
            let n = self.config.players();
            if let Viewer::Seat(s) = self.viewer {
                if s >= n {
                    return Err(format!("ARM-4: viewer seat {s} is not at the table of {n}"));
                }
            }
            if self.current >= n {
                return Err(format!(
                    "ARM-6: seat {} to move is not at the table of {n}",
                    self.current
                ));
            }
            let dealt = self.phase != Phase::DealGold;
            if dealt && !is_gold_layout(self.gold) {
                return Err(format!(
                    "ARM-6: gold {:?} on the 8 mines is not the piles {GOLD_PILES:?}",
                    self.gold
                ));
            }
            if !dealt && self.gold != [0; 8] {
                return Err(format!(
                    "ARM-6: gold {:?} on the mines before the deal",
                    self.gold
                ));
            }
            let placed = self.palisades.count();
            if placed > u32::from(PALISADES) {
                return Err(format!(
                    "ARM-6: {placed} palisades on the board but the supply is {PALISADES}"
                ));
            }
            Ok(())
        }

        /// Each warrior: a seat at this table, off the mines, its value
        /// shown exactly when this viewer may see it.
        fn check_board(&self) -> Result<(), String> {
            let n = self.config.players();
            let who = match self.viewer {
                Viewer::Seat(s) => format!("seat {s}"),
                Viewer::Spectator => String::from("a spectator"),
            };
            for (sq, w) in Square::all().zip(&self.board) {
                let Some(w) = w else { continue };
                if w.owner >= n {
                    return Err(format!(
                        "ARM-4: the warrior on {sq} belongs to seat {}, not at the table of {n}",
                        w.owner
                    ));
                }
                if sq.is_mine() {
                    return Err(format!("ARM-7: a warrior stands on the mine {sq}"));
                }
                let visible = sees(
                    &self.config,
                    self.phase,
                    self.looked,
                    self.viewer,
                    sq,
                    w.owner,
                    w.face_up,
                );
                match (visible, w.value) {
                    (false, Some(_)) => {
                        return Err(format!(
                            "ARM-14: the value of the warrior on {sq} is shown, but {who} may not see it"
                        ));
                    }
                    (true, None) => {
                        return Err(format!(
                            "ARM-14: the value of the warrior on {sq} is hidden, but {who} sees it"
                        ));
                    }
                    _ => {}
                }
            }
            Ok(())
        }

        /// Each player's warriors, placed and unplaced, against the set
        /// they started with (ARM-5); the viewer's own supply against
        /// their tiles left.
        fn check_warriors(&self) -> Result<(), String> {
            let n = self.config.players();
            let starting = starting_warriors(n).unwrap_or_default();
            let set: u8 = starting.iter().sum();
            let own_seat = match (self.viewer, self.own_supply) {
                (Viewer::Seat(s), Some(_)) => Some(s),
                (Viewer::Seat(s), None) => {
                    return Err(format!("ARM-14: seat {s}'s view lacks its own supply"));
                }
                (Viewer::Spectator, Some(_)) => {
                    return Err(String::from("ARM-14: a spectator's view holds a supply"));
                }
                (Viewer::Spectator, None) => None,
            };
            for (seat, &left) in self.tiles_left.iter().enumerate() {
                if seat >= n {
                    if left > 0 {
                        return Err(format!(
                            "ARM-5: seat {seat} is not at the table of {n} but has {left} tiles left"
                        ));
                    }
                    continue;
                }
                let mine = || self.board.iter().flatten().filter(|w| w.owner == seat);
                let placed = mine().count();
                let total = placed.saturating_add(usize::from(left));
                if total != usize::from(set) {
                    return Err(format!(
                        "ARM-5: seat {seat} has {total} warriors ({placed} placed, {left} left) but each player has {set} at a table of {n}"
                    ));
                }
                // Values shown on the board, plus the supply if it is the
                // viewer's, never exceed the set.
                let mut known = [0usize; MAX_VALUE as usize];
                for v in mine().filter_map(|w| w.value) {
                    if let Some(k) = known.get_mut(usize::from(v).saturating_sub(1)) {
                        *k = k.saturating_add(1);
                    }
                }
                if own_seat == Some(seat) {
                    let own = self.own_supply.unwrap_or_default();
                    let held = own.iter().map(|&k| usize::from(k)).sum::<usize>();
                    if held != usize::from(left) {
                        return Err(format!(
                            "ARM-5: seat {seat}'s supply holds {held} tiles but {left} are left"
                        ));
                    }
                    for (k, &o) in known.iter_mut().zip(&own) {
                        *k = k.saturating_add(usize::from(o));
                    }
                }
                for ((value, &k), &have) in (1..).zip(&known).zip(&starting) {
                    if k > usize::from(have) {
                        return Err(format!(
                            "ARM-5: seat {seat} shows {k} warriors of value {value} but has {have}"
                        ));
                    }
                }
            }
            Ok(())
        }
    }
}
