//! Who sits where: each game's seeds, and the bots named at its seats.

use dice_core::Agent;
use dice_core::seat::TurnOrder;

use crate::options::PlayOptions;
use crate::playable::{GameOptions, PlayableGame, bot, bot_names};

/// The seed of game `index`. Its bots draw from the match's decision
/// generators ([`dice_core::Match::decision_rng`]), derived from this seed
/// on streams of their own, so bots never change the dice.
pub(crate) fn game_seed(seed: u64, index: u64) -> u64 {
    seed.wrapping_add(index)
}

/// The bot name at each seat of game `index`: as listed (the last name
/// repeats), the game's first bot when none is listed, rotated if asked.
pub(crate) fn seat_bots<G: PlayableGame>(
    options: &PlayOptions,
    players: usize,
    index: u64,
) -> Vec<String> {
    let named = |seat: usize| {
        options
            .bots
            .get(seat)
            .or(options.bots.last())
            .cloned()
            .unwrap_or_else(|| G::bots().first().copied().unwrap_or("random").to_string())
    };
    let Some(order) = TurnOrder::new(players) else {
        return Vec::new();
    };
    // Game `index` moves every listed bot `index` seats to the left.
    let shift = if options.rotate {
        u64::try_from(players)
            .ok()
            .and_then(|table| index.checked_rem(table))
            .and_then(|s| usize::try_from(s).ok())
            .unwrap_or(0)
    } else {
        0
    };
    order
        .seats()
        .map(|seat| named(order.left_of(seat, order.distance(shift, 0))))
        .collect()
}

/// One bot per seat.
pub(crate) type Bots<G> = Vec<Box<dyn Agent<G>>>;

/// The bots named at each seat, under their names as the tables show them.
pub(crate) fn make_bots<G: PlayableGame>(
    names: &[String],
    options: &GameOptions,
) -> Result<(Vec<String>, Bots<G>), String> {
    names
        .iter()
        .map(|name| {
            bot::<G>(name, options).ok_or_else(|| {
                format!(
                    "unknown bot {name:?}; {} has: {}",
                    G::NAME,
                    bot_names::<G>()
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()
        .map(|bots| bots.into_iter().unzip())
}

#[cfg(test)]
mod tests {
    use super::*;
    use dice_core::pig::Pig;

    use crate::options::tests::options;

    #[test]
    fn rotation_moves_each_bot_around_the_table() {
        let two = options(4, 2);
        assert_eq!(seat_bots::<Pig>(&two, 2, 0), ["greedy", "random"]);
        assert_eq!(seat_bots::<Pig>(&two, 2, 1), ["random", "greedy"]);
        assert_eq!(seat_bots::<Pig>(&two, 2, 2), ["greedy", "random"]);
        let three = PlayOptions {
            game: GameOptions {
                players: Some(3),
                ..GameOptions::default()
            },
            bots: vec!["greedy".into(), "random".into(), "mcts".into()],
            ..options(1, 1)
        };
        assert_eq!(seat_bots::<Pig>(&three, 3, 1), ["mcts", "greedy", "random"]);
        assert_eq!(seat_bots::<Pig>(&three, 3, 4), ["mcts", "greedy", "random"]);
    }
}
