//! The log redrawn for one viewer (`ResampleLog`): what it never saw of
//! the layouts and of the rolls behind the screens drawn afresh, what it
//! saw kept.

use alloc::vec::Vec;
use core::ops::Range;

use dice_core::seat::Seat;
use dice_core::{DiceRng, Entry, Game, Past, ResampleLog, SeenEntry, ToMove, Viewer};

use crate::action::{Action, Chance, DieRef};
use crate::colour::Colour;
use crate::dice::DiceCounts;
use crate::map::FaceCounts;
use crate::narration::{SeenAction, SeenChance};
use crate::side::Side;
use crate::state::{Era, Player};
use crate::step::Step;

/// How many draws before keeping the log as it is: a draw fails when a
/// roll drawn for the Roll step in progress leaves a player without a die
/// of the colour they set aside next.
const DRAWS: usize = 100;

/// The past is redrawn in two ways.
///
/// - What is still behind a screen (the layouts before their reveal, the
///   Roll step in progress) is played again: each roll drawn as
///   [`Game::sample_chance`] draws it, each hidden decision uniformly among
///   the legal ones the viewer would be told alike.
/// - A finished Roll step's final dice were revealed (ERA-12), the rolls
///   before them never were: each player's part is drawn backwards from
///   the dice it ended with. The dice a roll rolled are drawn uniformly
///   among those showing after it (less those set aside or set), a die set
///   aside to roll again or turned by a Monastery showed a face without a
///   skull drawn uniformly, and the face a Monastery gave is drawn among
///   the dice it set.
///
/// A revealed layout is kept: the domain shows where every piece went.
/// After 100 failed draws the log is returned as it is.
impl ResampleLog for Era {
    fn resample_log(past: Past<'_, Self>, viewer: Viewer, rng: &mut DiceRng) -> Vec<Entry<Self>> {
        let replayed = Replayed::of(past.start(), past.log(), viewer);
        (0..DRAWS)
            .find_map(|_| replayed.redraw(rng))
            .unwrap_or_else(|| past.log().to_vec())
    }
}

/// The log with the state before each entry, and the state it ends at.
struct Replayed<'a> {
    start: &'a Era,
    log: &'a [Entry<Era>],
    before: Vec<Era>,
    now: Era,
    viewer: Viewer,
}

impl<'a> Replayed<'a> {
    fn of(start: &'a Era, log: &'a [Entry<Era>], viewer: Viewer) -> Self {
        let mut now = start.clone();
        let mut before = Vec::with_capacity(log.len());
        for entry in log {
            before.push(now.clone());
            entry.apply_unchecked(&mut now);
        }
        Replayed {
            start,
            log,
            before,
            now,
            viewer,
        }
    }

    /// One draw of the whole log; `None` when the drawn state refused an
    /// entry, told one otherwise, or ended in another view.
    fn redraw(&self, rng: &mut DiceRng) -> Option<Vec<Entry<Era>>> {
        let layouts_revealed = !matches!(self.now.step, Step::Layout { .. });
        let mut drawn: Vec<Option<Entry<Era>>> = self
            .log
            .iter()
            .zip(&self.before)
            .map(|(entry, before)| {
                let kept = !hides(before, entry, self.viewer)
                    || (layouts_revealed && matches!(before.step, Step::Layout { .. }));
                kept.then(|| entry.clone())
            })
            .collect();
        for (seat, range) in self.revealed_rolls() {
            let ended = self.before.get(range.end).unwrap_or(&self.now);
            let redrawn = backwards(
                self.log.get(range.clone())?,
                self.before.get(range.clone())?,
                seat,
                ended.players.get(seat)?,
                rng,
            )?;
            for (slot, entry) in drawn.get_mut(range)?.iter_mut().zip(redrawn) {
                *slot = Some(entry);
            }
        }
        let mut state = self.start.clone();
        let mut out = Vec::with_capacity(self.log.len());
        for ((slot, entry), before) in drawn.into_iter().zip(self.log).zip(&self.before) {
            let told = SeenEntry::new(before, entry, self.viewer);
            let entry = match slot {
                Some(kept) => kept,
                None => forwards(&state, entry, &told, self.viewer, rng)?,
            };
            if SeenEntry::new(&state, &entry, self.viewer) != told {
                return None;
            }
            match entry {
                Entry::Chance(outcome) => state.apply_chance(outcome).ok()?,
                Entry::Action { action, .. } => state.apply(action).ok()?,
            }
            out.push(entry);
        }
        (state.view(self.viewer) == self.now.view(self.viewer)).then_some(out)
    }

    /// Each seat's part of each Roll step revealed since, hidden from the
    /// viewer: the seat and the range of the log it spans.
    fn revealed_rolls(&self) -> Vec<(Seat, Range<usize>)> {
        let mut parts: Vec<(Seat, u32, Range<usize>)> = Vec::new();
        for (i, before) in self.before.iter().enumerate() {
            let Step::Roll { turn } = before.step else {
                continue;
            };
            let seat = before.seat(turn);
            let revealed =
                !matches!(self.now.step, Step::Roll { .. }) || before.round != self.now.round;
            if !revealed || !before.dice_hidden(seat, self.viewer) {
                continue;
            }
            let next = i.saturating_add(1);
            match parts.last_mut() {
                Some((s, round, range))
                    if *s == seat && *round == before.round && range.end == i =>
                {
                    range.end = next;
                }
                _ => parts.push((seat, before.round, i..next)),
            }
        }
        parts
            .into_iter()
            .map(|(seat, _, range)| (seat, range))
            .collect()
    }
}

/// Whether `viewer` is told less than the whole of `entry`.
fn hides(before: &Era, entry: &Entry<Era>, viewer: Viewer) -> bool {
    match entry {
        Entry::Chance(outcome) => matches!(
            before.seen_chance(outcome, viewer),
            SeenChance::RolledBehindScreen { .. }
        ),
        Entry::Action { action, .. } => {
            before.seen_action(action, viewer) != SeenAction::Shown(*action)
        }
    }
}

/// An entry for `state` that `viewer` is told as `told`: a roll drawn
/// afresh, or a decision drawn uniformly among those told alike.
fn forwards(
    state: &Era,
    logged: &Entry<Era>,
    told: &SeenEntry<Era>,
    viewer: Viewer,
    rng: &mut DiceRng,
) -> Option<Entry<Era>> {
    let Entry::Action { player, .. } = *logged else {
        return state.sample_chance(rng).map(Entry::Chance);
    };
    let ToMove::Player(_) = state.to_move() else {
        return None;
    };
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let alike: Vec<Entry<Era>> = legal
        .into_iter()
        .map(|action| Entry::Action { player, action })
        .filter(|entry| SeenEntry::new(state, entry, viewer) == *told)
        .collect();
    rng.choose(&alike).cloned()
}

/// The dice of one player: showing, set aside to roll again, and set by
/// a Monastery.
struct Hand {
    dice: DiceCounts,
    set_aside: DiceCounts,
    fixed: DiceCounts,
}

impl Hand {
    /// The dice of `colour` showing, neither set aside nor set, by face.
    fn free(&self, colour: Colour) -> FaceCounts {
        FaceCounts::from_fn(|side| {
            self.dice
                .get(colour, side)
                .saturating_sub(self.set_aside.get(colour, side))
                .saturating_sub(self.fixed.get(colour, side))
        })
    }
}

/// `seat`'s part of a Roll step (`entries`, each with the state before
/// it) drawn backwards from the dice it ended with; `None` when the draw
/// leaves dice unaccounted for.
fn backwards(
    entries: &[Entry<Era>],
    befores: &[Era],
    seat: Seat,
    ended: &Player,
    rng: &mut DiceRng,
) -> Option<Vec<Entry<Era>>> {
    let mut hand = Hand {
        dice: ended.dice,
        set_aside: ended.set_aside,
        fixed: ended.fixed,
    };
    let mut out = Vec::with_capacity(entries.len());
    for (entry, before) in entries.iter().zip(befores).rev() {
        let set_aside = before.players.get(seat)?.set_aside;
        out.push(hand.undo(entry, before, &set_aside, rng)?);
    }
    let accounted = hand.dice.is_empty() && hand.set_aside.is_empty() && hand.fixed.is_empty();
    accounted.then(|| {
        out.reverse();
        out
    })
}

impl Hand {
    /// Turns this hand into the one before `entry` (`before` the state
    /// then, `set_aside` the dice its player had set aside then) and
    /// returns `entry` redrawn to lead from that hand to this one; `None`
    /// when the hand cannot come from such an entry.
    fn undo(
        &mut self,
        entry: &Entry<Era>,
        before: &Era,
        set_aside: &DiceCounts,
        rng: &mut DiceRng,
    ) -> Option<Entry<Era>> {
        match *entry {
            Entry::Chance(Chance::Roll { die, faces }) => {
                let rolled = self.unroll(die, faces.total(), rng)?;
                Some(Entry::Chance(Chance::Roll { die, faces: rolled }))
            }
            Entry::Action {
                player,
                action: Action::Reroll(DieRef { die, .. }),
            } => {
                let face = pick(*self.set_aside.colour(die), rng)?;
                self.set_aside.remove(die, face, 1);
                Some(Entry::Action {
                    player,
                    action: Action::Reroll(DieRef { die, face }),
                })
            }
            Entry::Action {
                player,
                action: Action::SetDie { die, .. },
            } => {
                let (from, to) = self.unset(before, die, rng)?;
                Some(Entry::Action {
                    player,
                    action: Action::SetDie { die, from, to },
                })
            }
            Entry::Action {
                action: action @ (Action::Roll | Action::Done),
                ..
            } if self.set_aside.is_empty() => {
                self.unset_aside(before, set_aside, action == Action::Roll, rng)?;
                Some(entry.clone())
            }
            _ => None,
        }
    }

    /// The `count` dice of `die` a roll rolled, drawn among those showing
    /// free, and taken out of the hand.
    fn unroll(&mut self, die: Colour, count: u32, rng: &mut DiceRng) -> Option<FaceCounts> {
        let mut rolled = FaceCounts::default();
        for _ in 0..count {
            let side = pick(self.free(die), rng)?;
            self.dice.remove(die, side, 1);
            rolled[side] = rolled[side].saturating_add(1);
        }
        Some(rolled)
    }

    /// A die a Monastery set: the face it was given, drawn among the dice
    /// it set, and the face it showed before, without a skull.
    fn unset(&mut self, before: &Era, die: Colour, rng: &mut DiceRng) -> Option<(Side, Side)> {
        let to = pick(*self.fixed.colour(die), rng)?;
        self.fixed.remove(die, to, 1);
        self.dice.remove(die, to, 1);
        let from = unskulled(before, die, rng)?;
        self.dice.add(die, from, 1);
        Some((from, to))
    }

    /// Undoes a roll (`rolled`) or stopping: the dice set aside since the
    /// last roll go back to being set aside, each on a face without a
    /// skull. A roll took them out of the hand, so their faces are drawn
    /// afresh and they are put back; at stopping they are still showing,
    /// so they are drawn among the free dice.
    fn unset_aside(
        &mut self,
        before: &Era,
        set_aside: &DiceCounts,
        rolled: bool,
        rng: &mut DiceRng,
    ) -> Option<()> {
        each_die(set_aside, |die| {
            let face = if rolled {
                let face = unskulled(before, die, rng)?;
                self.dice.add(die, face, 1);
                face
            } else {
                let mut free = self.free(die);
                for side in Side::ALL {
                    if before.is_skull(die, side) {
                        free[side] = 0;
                    }
                }
                pick(free, rng)?
            };
            self.set_aside.add(die, face, 1);
            Some(())
        })
    }
}

/// `undo` once per die of `dice`, colour by colour; `None` as soon as one
/// gives `None`.
fn each_die(dice: &DiceCounts, mut undo: impl FnMut(Colour) -> Option<()>) -> Option<()> {
    for (die, count) in dice.per_colour().iter() {
        for _ in 0..*count {
            undo(die)?;
        }
    }
    Some(())
}

/// One die drawn uniformly among `faces` (dice by face).
fn pick(faces: FaceCounts, rng: &mut DiceRng) -> Option<Side> {
    let total = faces.values().map(|&n| usize::from(n)).sum();
    let mut index = rng.index(total)?;
    faces.iter().find_map(|(side, &n)| {
        let n = usize::from(n);
        if index < n {
            Some(side)
        } else {
            index = index.saturating_sub(n);
            None
        }
    })
}

/// A face of `colour` without a skull, drawn uniformly.
fn unskulled(era: &Era, colour: Colour, rng: &mut DiceRng) -> Option<Side> {
    let faces: Vec<Side> = Side::ALL
        .into_iter()
        .filter(|&side| !era.is_skull(colour, side))
        .collect();
    rng.choose(&faces).copied()
}
