//! A view as a flat tensor of numbers in [0, 1], for neural networks.

use alloc::vec::Vec;

use dice_core::observation::{Block, ObservationTensor};
use dice_core::{ToMove, Viewer};

use crate::army::{Faction, MAX_VALUE, PALISADES, Value};
use crate::board::{LINES, Line, MINES, SQUARE_COUNT, SQUARES, Square, SquareMap, squares_of};
use crate::config::ArmadoraConfig;
use crate::state::Armadora;
use crate::table::{Phase, TurnStep, free_squares};
use crate::view::ArmadoraView;

/// The largest gold pile (ARM-6): a mine's gold is scaled by it.
const LARGEST_PILE: u8 = 7;
/// The gold on the board (ARM-6): a territory's gold is scaled by it.
const ALL_GOLD: u8 = 40;
/// The most power tokens a faction has (ARM-15).
const MOST_POWER_TOKENS: u8 = 2;
/// The most arrows on one warrior: the Elf's two tokens (ARM-15).
const MOST_ARROWS: u8 = 2;

/// The view of one seat or a spectator, never the state: values appear only
/// where that viewer may see them (ARM-14), so two positions the viewer
/// cannot tell apart give the same tensor.
///
/// Seats are absolute (seat 0 first) and `viewer` says whose eyes these
/// are. Every number is in [0, 1]: flags and one-hots are 0 or 1, counts
/// are scaled by their largest possible value. A square plane is 40
/// numbers in square index order (`a1`, `b1`, …, `h1`, `a2`, …, `h5`), so
/// it reshapes to 5 rows × 8 columns. The advanced blocks are there only
/// in the advanced game, so a table of `n` seats has `482 + 44 n` numbers
/// in the base game and `642 + 50 n` in the advanced one; the crate docs
/// list every block.
impl ObservationTensor for Armadora {
    fn observation_layout(config: &ArmadoraConfig) -> Vec<Block> {
        let n = config.players();
        let mut blocks = Vec::from(table_blocks(n));
        if config.is_advanced() {
            blocks.extend(token_blocks(n));
        }
        blocks.extend(board_blocks(n));
        if config.is_advanced() {
            blocks.extend(advanced_board_blocks());
        }
        blocks
    }

    fn write_observation(view: &ArmadoraView, out: &mut Vec<f32>) {
        out.clear();
        write_turn(view, out);
        write_supplies(view, out);
        out.push(ratio(view.table.palisades_left(), PALISADES));
        if view.table.config.is_advanced() {
            write_tokens(view, out);
        }
        write_territories(view, out);
        write_warriors(view, out);
    }
}

/// The `viewer`, `to_move`, `phase`, `turn_step`, `rules` and `passed`
/// blocks.
fn write_turn(view: &ArmadoraView, out: &mut Vec<f32>) {
    let table = &view.table;
    let config = &table.config;
    let seats = table.turn_order().seats();
    let to_move = table.to_move();
    out.extend(
        seats
            .clone()
            .map(|seat| flag(view.viewer == Viewer::Seat(seat))),
    );
    out.extend(
        seats
            .clone()
            .map(|seat| flag(to_move == ToMove::Player(seat))),
    );
    let phase = match table.phase {
        Phase::DealGold => 0,
        Phase::DrawFirstPlayer => 1,
        Phase::Play => 2,
        Phase::Over => 3,
    };
    out.extend((0..4).map(|slot| flag(slot == phase)));
    let step = match table.step {
        TurnStep::Start => 0,
        TurnStep::AfterPower => 1,
        TurnStep::SecondPalisade => 2,
    };
    out.extend((0..3).map(|slot| flag(slot == step)));
    out.extend([flag(config.is_teams()), flag(config.is_peek_own())]);
    out.extend(seats.map(|seat| flag(table.has_passed(seat))));
}

/// The `tiles_left` and `own_supply` blocks, each count over the starting
/// set's (ARM-5).
fn write_supplies(view: &ArmadoraView, out: &mut Vec<f32>) {
    let seats = view.table.turn_order().seats();
    // A view's config is one a game was made with, which always has a
    // starting set; without one both blocks keep their length in zeros.
    let Some(starting) = view.table.config.starting_supply() else {
        out.extend(seats.map(|_| 0.0));
        out.extend(Value::ALL.map(|_| 0.0));
        return;
    };
    out.extend(seats.map(|seat| ratio(view.tiles_left(seat), starting.tiles())));
    // A spectator has no supply of its own: zeros.
    out.extend(Value::ALL.into_iter().map(|value| {
        view.own_supply
            .map_or(0.0, |own| ratio(own.count(value), starting.count(value)))
    }));
}

/// The advanced game's `factions`, `power_tokens` and `reinforcement`
/// blocks (ARM-4, ARM-15).
fn write_tokens(view: &ArmadoraView, out: &mut Vec<f32>) {
    let table = &view.table;
    let seats = table.turn_order().seats();
    for seat in seats.clone() {
        let faction = table.config.faction(seat);
        out.extend(Faction::ALL.map(|f| flag(faction == Some(f))));
    }
    out.extend(
        seats
            .clone()
            .map(|seat| ratio(table.power_tokens(seat), MOST_POWER_TOKENS)),
    );
    out.extend(seats.map(|seat| flag(table.has_reinforcement(seat))));
}

/// The `palisades`, `gold` and `territory_*` blocks.
fn write_territories(view: &ArmadoraView, out: &mut Vec<f32>) {
    let table = &view.table;
    out.extend(Line::all().map(|line| flag(table.palisades.contains(line))));
    // A square without a mine holds no gold.
    out.extend(Square::all().map(|at| {
        table
            .gold_at(at)
            .map_or(0.0, |gold| ratio(gold, LARGEST_PILE))
    }));
    let territories = Territory::map(view);
    out.extend(Square::all().map(|at| ratio(territories[at].squares, SQUARE_COUNT)));
    out.extend(Square::all().map(|at| ratio(territories[at].gold, ALL_GOLD)));
    out.extend(Square::all().map(|at| flag(territories[at].full)));
}

/// The `owner`, `value` and `hidden` planes, then the advanced game's
/// marks on the warriors (ARM-14, ARM-15).
fn write_warriors(view: &ArmadoraView, out: &mut Vec<f32>) {
    let board = &view.board;
    for seat in view.table.turn_order().seats() {
        out.extend(Square::all().map(|at| flag(board[at].is_some_and(|w| w.owner == seat))));
    }
    for value in Value::ALL {
        out.extend(Square::all().map(|at| flag(board[at].is_some_and(|w| w.value == Some(value)))));
    }
    out.extend(Square::all().map(|at| flag(board[at].is_some_and(|w| w.value.is_none()))));
    if view.table.config.is_advanced() {
        out.extend(Square::all().map(|at| flag(board[at].is_some_and(|w| w.face_up))));
        out.extend(
            // An empty square carries no arrows.
            Square::all().map(|at| ratio(board[at].map_or(0, |w| w.arrows), MOST_ARROWS)),
        );
        out.extend(Square::all().map(|at| flag(board[at].is_some_and(|w| w.reinforced))));
        out.extend(Square::all().map(|at| flag(view.table.looked & at.bit() != 0)));
    }
}

/// `count` square planes.
const fn planes(count: usize) -> usize {
    SQUARES.saturating_mul(count)
}

/// Who looks, whose turn, where the game stands, and what each seat holds
/// in the open (and the viewer behind its screen).
fn table_blocks(n: usize) -> [Block; 9] {
    [
        Block::new(
            "viewer",
            n,
            "1 for the viewer's seat; all 0 for a spectator",
        ),
        Block::new(
            "to_move",
            n,
            "1 for the seat to move; all 0 during the setup and at the end",
        ),
        Block::new(
            "phase",
            4,
            "one-hot: dealing the gold, drawing the first player, play, game over (ARM-6, ARM-9)",
        ),
        Block::new(
            "turn_step",
            3,
            "one-hot: a turn's start, after a power (ARM-15), after a first palisade (a second one or end turn follows, ARM-7)",
        ),
        Block::new(
            "rules",
            2,
            "1 if seats 0 and 2 play against seats 1 and 3 (ARM-13); 1 if players may look at their own face-down warriors (ARM-14)",
        ),
        Block::new("passed", n, "1 for each seat that has passed (ARM-7)"),
        Block::new(
            "tiles_left",
            n,
            "each seat's unplaced warriors over its starting set: 16, 11 or 8 (ARM-5)",
        ),
        Block::new(
            "own_supply",
            MAX_VALUE as usize,
            "the viewer's unplaced warriors of value 1 to 5, each over the number its set has (0 where it has none); all 0 for a spectator",
        ),
        Block::new(
            "palisades_left",
            1,
            "palisades left in the shared supply over 35 (ARM-6)",
        ),
    ]
}

/// Factions and tokens, in the advanced game.
fn token_blocks(n: usize) -> [Block; 3] {
    [
        Block::new(
            "factions",
            n.saturating_mul(Faction::ALL.len()),
            "for each seat, one-hot of its faction: orc, goblin, elf, mage (ARM-4)",
        ),
        Block::new(
            "power_tokens",
            n,
            "each seat's unspent power tokens over 2 (ARM-15)",
        ),
        Block::new(
            "reinforcement",
            n,
            "1 for each seat still holding its reinforcement token (ARM-15)",
        ),
    ]
}

/// The palisades, then the board as square planes.
fn board_blocks(n: usize) -> [Block; 8] {
    [
        Block::new(
            "palisades",
            LINES,
            "1 for each line holding a palisade, in line index order: a1e … g5e, then a1s … h4s (ARM-2)",
        ),
        Block::new(
            "gold",
            planes(1),
            "square plane: a mine's gold pile over 7; 0 elsewhere and before the deal (ARM-6)",
        ),
        Block::new(
            "territory_size",
            planes(1),
            "square plane: the number of squares of the square's territory over 40 (ARM-3)",
        ),
        Block::new(
            "territory_gold",
            planes(1),
            "square plane: the gold in the square's territory over 40 (ARM-10)",
        ),
        Block::new(
            "territory_full",
            planes(1),
            "square plane: 1 where the square's territory is full, no square of it free (ARM-3)",
        ),
        Block::new(
            "owner",
            planes(n),
            "a square plane per seat, seat 0 first: 1 where that seat's warrior stands",
        ),
        Block::new(
            "value",
            planes(MAX_VALUE as usize),
            "a square plane per value 1 to 5: 1 where a warrior of that value stands and the viewer may see it (ARM-14)",
        ),
        Block::new(
            "hidden",
            planes(1),
            "square plane: 1 where a warrior stands whose value the viewer may not see (ARM-14)",
        ),
    ]
}

/// The advanced game's marks on the board.
fn advanced_board_blocks() -> [Block; 4] {
    [
        Block::new(
            "face_up",
            planes(1),
            "square plane: 1 where a warrior stands face up, placed by the Goblin (ARM-15)",
        ),
        Block::new(
            "arrows",
            planes(1),
            "square plane: the Elf's arrows on the warrior there over 2 (ARM-15)",
        ),
        Block::new(
            "reinforced",
            planes(1),
            "square plane: 1 where the warrior carries its owner's reinforcement token (ARM-15)",
        ),
        Block::new(
            "looked",
            planes(1),
            "square plane: 1 where the Mage has looked at the warrior (ARM-15)",
        ),
    ]
}

/// What the tensor says of a square's territory.
#[derive(Clone, Copy, Default)]
struct Territory {
    /// How many squares it has.
    squares: u8,
    /// The gold on its mines.
    gold: u8,
    /// Whether no square of it is free.
    full: bool,
}

impl Territory {
    /// Each square's territory, worked out once per territory.
    fn map(view: &ArmadoraView) -> SquareMap<Territory> {
        let table = &view.table;
        let free = free_squares(&view.board);
        let mut map = SquareMap::filled(Territory::default());
        for territory in table.palisades.territories() {
            let gold = MINES
                .iter()
                .zip(table.gold)
                .filter(|(mine, _)| territory & mine.bit() != 0)
                .fold(0u8, |sum, (_, pile)| sum.saturating_add(pile));
            let about = Territory {
                squares: u8::try_from(territory.count_ones()).unwrap_or(SQUARE_COUNT),
                gold,
                full: territory & free == 0,
            };
            for at in squares_of(territory) {
                map[at] = about;
            }
        }
        map
    }
}

/// 1 for true, 0 for false.
fn flag(on: bool) -> f32 {
    f32::from(u8::from(on))
}

/// `part / whole` as a tensor entry (0 when `whole` is 0); floats stay out
/// of the rules.
fn ratio(part: u8, whole: u8) -> f32 {
    if whole == 0 {
        0.0
    } else {
        f32::from(part) / f32::from(whole)
    }
}
