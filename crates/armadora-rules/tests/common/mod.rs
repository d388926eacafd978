//! Scripted positions shared by the rule tests.
#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::panic,
    reason = "each test uses some of the scripts; a scripted step the rules refuse is a \
              broken test, reported by panicking as an assertion does"
)]

use armadora_rules::board::Side;
use armadora_rules::{
    Action, Armadora, ArmadoraConfig, Chance, Faction, Line, Power, Square, Value,
};
use dice_core::{Game, ToMove};

pub fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

pub fn ln(s: &str) -> Line {
    s.parse().unwrap()
}

pub fn value(value: u8) -> Value {
    Value::new(value).unwrap()
}

pub fn warrior(at: &str, v: u8) -> Action {
    Action::Warrior {
        at: sq(at),
        value: value(v),
    }
}

pub fn palisade(line: &str) -> Action {
    Action::Palisade(ln(line))
}

pub fn power(p: Power) -> Action {
    Action::Power(p)
}

/// The gold dealt as given and `first` to move.
pub fn started(config: ArmadoraConfig, gold: [u8; 8], first: usize) -> Armadora {
    let mut game = Armadora::new(&config).unwrap();
    game.apply_chance(Chance::Gold(gold)).unwrap();
    game.apply_chance(Chance::FirstPlayer(first)).unwrap();
    game
}

/// The advanced game for two, with these factions, seat 0 to move.
pub fn advanced(factions: [Faction; 2]) -> Armadora {
    let config = ArmadoraConfig::new(2)
        .advanced(true)
        .with_factions(&factions)
        .unwrap();
    started(config, GOLD, 0)
}

/// The gold in the order of the piles: d1 3, b2 4, …, g5 7.
pub const GOLD: [u8; 8] = [3, 4, 4, 5, 5, 6, 6, 7];

/// `seat` must be to move, and the action must be legal.
pub fn play(game: &mut Armadora, seat: usize, action: Action) {
    assert_eq!(game.to_move(), ToMove::Player(seat), "before {action:?}");
    game.apply(action)
        .unwrap_or_else(|e| panic!("{action:?} refused: {e}"));
}

/// Plays `script`, `;`-separated steps of the seat that must be to move and
/// its action in the text notation: `"0 warrior a1 1; 1 pass; 0 end turn"`.
pub fn play_script(game: &mut Armadora, script: &str) {
    for step in script.split(';') {
        let (seat, action) = step
            .trim()
            .split_once(' ')
            .unwrap_or_else(|| panic!("step {step:?} names no seat"));
        let seat = seat
            .parse()
            .unwrap_or_else(|e| panic!("seat in {step:?}: {e}"));
        let action = action.parse().unwrap_or_else(|e| panic!("{step:?}: {e}"));
        play(game, seat, action);
    }
}

/// Places these palisades two per turn, whoever is to move, ending a turn
/// after a single one when the list runs out.
pub fn place_palisades(game: &mut Armadora, lines: &[Line]) {
    for pair in lines.chunks(2) {
        for &l in pair {
            game.apply(Action::Palisade(l))
                .unwrap_or_else(|e| panic!("palisade {l} refused: {e}"));
        }
        if pair.len() == 1 && game.is_legal(&Action::EndTurn) {
            game.apply(Action::EndTurn).unwrap();
        }
    }
}

/// The 35 vertical lines: with all of them each column is a territory of
/// five squares holding one mine.
pub fn vertical_lines() -> Vec<Line> {
    Square::all()
        .filter_map(|s| Line::new(s, Side::East))
        .collect()
}

/// Seat 0 first, then every column walled off (18 turns).
pub fn columns_game(config: ArmadoraConfig, gold: [u8; 8]) -> Armadora {
    let mut game = started(config, gold, 0);
    place_palisades(&mut game, &vertical_lines());
    game
}

/// Every seat still in passes, in turn order, until the game is over.
pub fn all_pass(game: &mut Armadora) {
    while let ToMove::Player(_) = game.to_move() {
        game.apply(Action::Pass).unwrap();
    }
}
