//! The position as a flat tensor of numbers in [0, 1], for neural networks.

use alloc::vec;
use alloc::vec::Vec;

use dice_core::observation::{Block, ObservationTensor};
use dice_core::{Game, ToMove};

use crate::castle::Castle;
use crate::config::AgeOfWarConfig;
use crate::dice::{DICE, Face};
use crate::line::MAX_LINE;
use crate::state::{AgeOfWar, Phase};
use crate::table::Place;

/// The most a seat can score: every clan conquered (AOW-13).
const MOST_POINTS: u16 = 38;

/// Nothing in Age of War is hidden, so every viewer's tensor is the same:
/// the whole position. The blocks (`16 × players + 60` numbers) are listed
/// by [`observation_layout`](ObservationTensor::observation_layout) and in
/// the crate docs; seats are absolute (seat 0 first), and a network
/// playing one seat reads whose turn it is in `to_move`.
impl ObservationTensor for AgeOfWar {
    fn observation_layout(config: &AgeOfWarConfig) -> Vec<Block> {
        let players = config.players();
        let castles = Castle::ALL.len();
        vec![
            Block::new(
                "castles",
                castles.saturating_mul(players.saturating_add(1)),
                "for each castle in table order, one-hot of where it lies: the centre, then seat 0, seat 1, ...",
            ),
            Block::new(
                "face_down",
                castles,
                "1 for a castle face down in a conquered clan, which no one may attack again (AOW-11)",
            ),
            Block::new(
                "scores",
                players,
                "each seat's score (AOW-13) over 38, the most a seat can score",
            ),
            Block::new(
                "to_move",
                players,
                "1 for the seat whose turn it is, also while its dice roll; all 0 before the first player is drawn and at the end",
            ),
            Block::new(
                "phase",
                4,
                "one-hot: drawing the first player, rolling the dice in hand, choosing what to do with a roll, game over",
            ),
            Block::new(
                "target",
                castles,
                "one-hot of the castle the turn is committed to (AOW-7); all 0 before the first fill",
            ),
            Block::new(
                "filled",
                usize::from(MAX_LINE).saturating_add(1),
                "1 for each line of the committed castle filled this turn: the special daimyo line 0, then lines 1 to 4",
            ),
            Block::new(
                "dice",
                3,
                "dice in hand, placed on lines and lost this turn, each over 7",
            ),
            Block::new(
                "roll",
                Face::ALL.len(),
                "dice of the roll awaiting a decision showing infantry1, infantry2, infantry3, archery, cavalry, daimyo, each over 7; all 0 while no roll awaits",
            ),
        ]
    }

    fn write_observation(view: &AgeOfWar, out: &mut Vec<f32>) {
        out.clear();
        let table = view.table();
        let seats = 0..view.players();
        for castle in Castle::ALL {
            let place = table.place(castle);
            out.push(flag(place == Place::Centre));
            out.extend(seats.clone().map(|seat| flag(place == Place::Player(seat))));
        }
        out.extend(Castle::ALL.map(|castle| flag(table.is_face_down(castle))));
        out.extend(
            seats
                .clone()
                .map(|seat| f32::from(table.score(seat)) / f32::from(MOST_POINTS)),
        );
        let to_move = view.to_move();
        let phase = match (to_move, view.phase()) {
            (ToMove::Over, _) => 3,
            (ToMove::Chance, Phase::FirstPlayer) => 0,
            (ToMove::Chance, _) => 1,
            (ToMove::Player(_), _) => 2,
        };
        let turn_of = match phase {
            1 | 2 => Some(view.current_player()),
            _ => None,
        };
        out.extend(seats.map(|seat| flag(turn_of == Some(seat))));
        out.extend((0..4).map(|slot| flag(slot == phase)));
        let turn = view.turn();
        out.extend(Castle::ALL.map(|castle| flag(turn.target() == Some(castle))));
        out.extend((0..=MAX_LINE).map(|line| flag(turn.filled().contains(line))));
        out.extend([turn.in_hand(), turn.placed(), turn.lost()].map(of_seven));
        // Before the first roll of a turn no die shows: all zeros.
        let roll = turn.roll();
        out.extend(Face::ALL.map(|face| of_seven(roll.map_or(0, |r| r.count(face)))));
    }
}

/// 1 for true, 0 for false.
fn flag(on: bool) -> f32 {
    f32::from(u8::from(on))
}

/// A count of dice over the seven a turn has.
fn of_seven(dice: u8) -> f32 {
    f32::from(dice) / f32::from(DICE)
}
