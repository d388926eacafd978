//! A view as a flat tensor of numbers in [0, 1], for neural networks.

use alloc::vec::Vec;
use core::num::NonZeroU32;

use dice_core::observation::{Block, ObservationTensor};
use dice_core::seat::{Seat, TurnOrder};
use dice_core::{ToMove, Viewer};

use crate::building::BuildingKind;
use crate::colour::Colour;
use crate::config::EraConfig;
use crate::dice::DiceCounts;
use crate::domain::Domain;
use crate::grid::CellSet;
use crate::map::ByColour;
use crate::piece::{MAX_WALL_LENGTH, PIECES, Piece};
use crate::ruleset::Ruleset;
use crate::side::Side;
use crate::state::Era;
use crate::step::Step;
use crate::symbols::Resource;
use crate::view::{EraView, PlayerView};

/// The steps of [`Step`], in the order of the `step` block.
const STEPS: usize = 10;
/// Rounds are counted up to this many: the `round` block is the round over
/// it, at most 1.
const ROUNDS: u32 = 30;
/// Pieces still to build are counted up to this many (the `hammers` block).
const HAMMERS: u32 = 16;
/// Laps of a track are counted up to this many (`culture`, `disaster`).
const LAPS: u32 = 4;
/// Dice by colour and face: 4 × 6.
const DICE: usize = 24;
/// The cell planes of a domain: the twelve building types, walls,
/// scorched areas and walled cells.
const PLANES: usize = 15;

/// The view of one seat or a spectator, never the state: a layout in
/// progress and dice behind a screen appear only to their owner (ERA-5,
/// ERA-12), so two positions the viewer cannot tell apart give the same
/// tensor.
///
/// Seats are absolute (seat 0 first) and `viewer` says whose eyes these
/// are. Every number is in [0, 1]: flags and one-hots are 0 or 1, counts
/// are scaled by their largest value under the config's ruleset (a track
/// by its maximum, dice of a colour by the buildings that carry them, a
/// supply by the game's pieces), and the few unbounded counts (rounds,
/// laps, pieces still to build) are capped. A cell plane is the domain's
/// cells row by row from `a1` (`a1`, `b1`, …, `a2`, …), so it reshapes to
/// side × side. A table of `n` seats on a domain of side `s` has
/// `60 + n (139 + 15 s²)` numbers (2768, 4122, 5476 for 2, 3, 4 seats on
/// the default 9 × 9 domain); the crate docs list every block.
impl ObservationTensor for Era {
    fn observation_layout(config: &EraConfig) -> Vec<Block> {
        let n = config.players();
        let side = usize::from(config.ruleset().domain_size());
        let cells = side.saturating_mul(side);
        let mut blocks = Vec::from(table_blocks(n));
        blocks.extend(track_blocks(n));
        blocks.extend(dice_blocks(n));
        blocks.extend(domain_blocks(n, cells));
        blocks
    }

    fn write_observation(view: &EraView, out: &mut Vec<f32>) {
        out.clear();
        write_table(view, out);
        write_tracks(view, out);
        write_dice(view, out);
        let ruleset = view.ruleset();
        for seat in 0..view.config().players() {
            domain_planes(out, ruleset, view.player(seat).and_then(PlayerView::domain));
        }
    }
}

/// Each seat at the table, as the viewer sees it (`None` for a seat a
/// view does not hold: none that decoding accepts).
fn players(view: &EraView) -> impl Iterator<Item = &PlayerView> + Clone {
    view.players.iter()
}

/// The blocks from `viewer` to `scorched_supply`.
fn write_table(view: &EraView, out: &mut Vec<f32>) {
    let ruleset = view.ruleset();
    let seats = 0..view.config().players();
    let focus = Focus::of(view);
    let to_move = view.to_move();
    out.extend(
        seats
            .clone()
            .map(|seat| flag(view.viewer() == Viewer::Seat(seat))),
    );
    out.extend(
        seats
            .clone()
            .map(|seat| flag(to_move == ToMove::Player(seat))),
    );
    out.extend((0..STEPS).map(|slot| flag(slot == step_slot(view.step()))));
    out.extend(seats.clone().map(|seat| flag(focus.turn_of == Some(seat))));
    out.extend(
        seats
            .clone()
            .map(|seat| flag(!view.step().is_setup() && view.start_player() == seat)),
    );
    out.push(capped(view.round(), ROUNDS));
    let (tokens, flipped) = view.tracking_tokens();
    out.push(ratio(u32::from(flipped), u32::from(tokens)));
    out.push(capped(focus.hammers, HAMMERS));
    out.extend(Piece::ALL.map(|piece| flag(focus.chosen == Some(piece))));
    out.extend(seats.map(|seat| flag(focus.victim == Some(seat))));
    out.extend(Resource::ALL.map(|r| flag(focus.demand == Some(r))));
    out.extend(BuildingKind::ALL.map(|kind| {
        ratio(
            u32::from(view.supply()[kind]),
            u32::from(ruleset.building_count(kind)),
        )
    }));
    let walls = view.wall_supply();
    out.extend(
        (1..=MAX_WALL_LENGTH)
            .zip(walls)
            .map(|(length, left)| ratio(u32::from(left), u32::from(ruleset.wall_count(length)))),
    );
    out.push(ratio(
        u32::from(view.scorched_supply()),
        u32::from(ruleset.scorched_areas()),
    ));
}

/// The blocks `resources`, `culture` and `disaster`.
fn write_tracks(view: &EraView, out: &mut Vec<f32>) {
    let ruleset = view.ruleset();
    for p in players(view) {
        let resources = p.resources();
        out.extend(
            Resource::ALL
                .map(|r| ratio(u32::from(resources[r]), u32::from(ruleset.resource_max(r)))),
        );
    }
    for p in players(view) {
        track(out, p.culture(), ruleset.culture_lap());
    }
    for p in players(view) {
        track(out, p.disaster(), ruleset.disaster_lap());
    }
}

/// The blocks from `dice_owned` to `layout_hidden`.
fn write_dice(view: &EraView, out: &mut Vec<f32>) {
    let ruleset = view.ruleset();
    let most = ByColour::from_fn(|c| u32::from(ruleset.building_count(c.carrier())));
    let per_colour = |out: &mut Vec<f32>, of: &dyn Fn(&PlayerView) -> ByColour<u8>| {
        for p in players(view) {
            let counts = of(p);
            out.extend(Colour::ALL.map(|c| ratio(u32::from(counts[c]), most[c])));
        }
    };
    per_colour(out, &PlayerView::owned_dice);
    per_colour(out, &PlayerView::rolling);
    for p in players(view) {
        out.push(ratio(u32::from(p.rolls()), u32::from(ruleset.rolls())));
    }
    for p in players(view) {
        out.push(flag(p.dice().is_none()));
    }
    per_colour(out, &PlayerView::showing);
    per_colour(out, &PlayerView::set_aside_count);
    per_colour(out, &PlayerView::fixed_count);
    let by_face = |out: &mut Vec<f32>, of: &dyn Fn(&PlayerView) -> Option<&DiceCounts>| {
        for p in players(view) {
            // Dice behind a screen are written as none.
            let counts = of(p).copied().unwrap_or(DiceCounts::NONE);
            for c in Colour::ALL {
                let faces = counts.colour(c);
                out.extend(Side::ALL.map(|side| ratio(u32::from(faces[side]), most[c])));
            }
        }
    };
    by_face(out, &PlayerView::dice);
    by_face(out, &PlayerView::set_aside);
    by_face(out, &PlayerView::fixed);
    by_face(out, &|p| Some(p.choices()));
    for p in players(view) {
        let fresh = p.unused_feathers();
        out.extend(Side::ALL.map(|side| ratio(u32::from(fresh[side]), most[Colour::White])));
    }
    // A view's config has a table size (the game was made with it); 0
    // only keeps the tensor's length.
    let start_total = view
        .config()
        .table()
        .map_or(0, |table| ruleset.start_total(table));
    for p in players(view) {
        out.push(ratio(u32::from(p.laid_out()), u32::from(start_total)));
    }
    for p in players(view) {
        out.push(flag(p.domain().is_none()));
    }
}

/// Who and what the current step is about, from the public step.
#[derive(Default)]
struct Focus {
    /// The seat whose part of the step it is.
    turn_of: Option<Seat>,
    /// The seat an extorter deals with.
    victim: Option<Seat>,
    /// Pieces still to build.
    hammers: u32,
    /// The piece chosen, to place next.
    chosen: Option<Piece>,
    /// The resource demanded.
    demand: Option<Resource>,
}

impl Focus {
    fn of(view: &EraView) -> Focus {
        let Some(order) = TurnOrder::new(view.player_list().len()) else {
            return Focus::default();
        };
        let seat = |turn: u8| order.left_of(view.start_player(), usize::from(turn));
        let mut focus = Focus::default();
        match view.step() {
            Step::Layout { seat } => focus.turn_of = Some(usize::from(seat)),
            Step::StartRoll { .. } | Step::Over => {}
            Step::Roll { turn }
            | Step::Feathers { turn }
            | Step::Collect { turn }
            | Step::Disasters { turn } => focus.turn_of = Some(seat(turn)),
            Step::Suffer { turn, by, .. } => {
                focus.turn_of = Some(order.left_of(seat(turn), usize::from(by)));
            }
            Step::Build {
                turn,
                hammers,
                chosen,
            } => {
                focus.turn_of = Some(seat(turn));
                focus.hammers = u32::from(hammers);
                focus.chosen = chosen;
            }
            Step::Extort {
                turn,
                victim,
                demand,
            } => {
                focus.turn_of = Some(seat(turn));
                focus.victim = Some(order.left_of(seat(turn), usize::from(victim)));
                focus.demand = demand;
            }
        }
        focus
    }
}

/// The step's slot in the `step` block.
fn step_slot(step: Step) -> usize {
    match step {
        Step::Layout { .. } => 0,
        Step::StartRoll { .. } => 1,
        Step::Roll { .. } => 2,
        Step::Feathers { .. } => 3,
        Step::Collect { .. } => 4,
        Step::Disasters { .. } => 5,
        Step::Suffer { .. } => 6,
        Step::Build { .. } => 7,
        Step::Extort { .. } => 8,
        Step::Over => 9,
    }
}

/// A track as two numbers: the position over the lap, and the laps
/// (capped at [`LAPS`]) over [`LAPS`].
fn track(out: &mut Vec<f32>, total: u32, lap: u32) {
    let (position, laps) = match NonZeroU32::new(lap) {
        Some(lap) => (total % lap, total / lap),
        // A track without laps: nothing to tell.
        None => (0, 0),
    };
    out.extend([ratio(position, lap), capped(laps, LAPS)]);
}

/// The cell planes of one domain; all 0 while it is hidden.
fn domain_planes(out: &mut Vec<f32>, ruleset: &Ruleset, domain: Option<&Domain>) {
    let side = u32::from(ruleset.domain_size());
    let cells = side.saturating_mul(side);
    let mut plane = |set: CellSet| out.extend((0..cells).map(|bit| flag(set >> bit & 1 == 1)));
    let Some(d) = domain else {
        for _ in 0..PLANES {
            plane(0);
        }
        return;
    };
    for kind in BuildingKind::ALL {
        let of_kind = d
            .buildings()
            .iter()
            .filter(|b| b.kind == kind)
            .fold(0, |set, b| set | b.cells);
        plane(of_kind);
    }
    plane(d.walls());
    plane(d.scorched());
    plane(d.walled_with(&ruleset.geometry.masks));
}

/// Who looks, who moves, where the game stands, and the supply.
fn table_blocks(n: usize) -> [Block; 14] {
    [
        Block::new(
            "viewer",
            n,
            "1 for the viewer's seat; all 0 for a spectator",
        ),
        Block::new(
            "to_move",
            n,
            "1 for the seat to decide; all 0 when dice roll and at the end",
        ),
        Block::new(
            "step",
            STEPS,
            "one-hot: layout (ERA-5), start-player roll (ERA-6), Roll (ERA-12), feathers (ERA-13), Collect (ERA-15), disasters (ERA-17), a disaster's sufferer deciding (D5), Build (ERA-18), Extort (ERA-20), game over",
        ),
        Block::new(
            "turn_of",
            n,
            "1 for the seat whose part of the step it is: laying out, rolling, collecting, the sufferer of a disaster, building, extorting; all 0 at the start-player roll and at the end",
        ),
        Block::new(
            "start_player",
            n,
            "1 for the seat holding the round marker (ERA-6); all 0 during the setup",
        ),
        Block::new("round", 1, "the round over 30, at most 1"),
        Block::new(
            "tracking_tokens",
            1,
            "tracking tokens showing X over those in play: the game ends at 1 (ERA-19, ERA-22)",
        ),
        Block::new(
            "hammers",
            1,
            "Build step: pieces still to build over 16, at most 1; 0 in other steps (ERA-18)",
        ),
        Block::new(
            "chosen",
            PIECES,
            "Build step: one-hot of the piece chosen, to place next: the twelve buildings of D3, walls of length 1 to 8, scorched area",
        ),
        Block::new(
            "extort_victim",
            n,
            "Extort step: 1 for the seat the extorter deals with (ERA-20)",
        ),
        Block::new(
            "demand",
            Resource::ALL.len(),
            "Extort step: one-hot of the resource demanded: goods, stone, wood, food (ERA-20)",
        ),
        Block::new(
            "building_supply",
            BuildingKind::ALL.len(),
            "buildings of each type of D3 left in the supply over the game's count of that type (ERA-1, ERA-19)",
        ),
        Block::new(
            "wall_supply",
            usize::from(MAX_WALL_LENGTH),
            "walls of length 1 to 8 left in the supply over the game's count of that length (D4)",
        ),
        Block::new(
            "scorched_supply",
            1,
            "scorched areas left in the supply over the game's (ERA-1)",
        ),
    ]
}

/// Each seat's resource, culture and disaster tracks.
fn track_blocks(n: usize) -> [Block; 3] {
    [
        Block::new(
            "resources",
            each(n, Resource::ALL.len()),
            "for each seat: goods, stone, wood, food, each over its track's maximum (D6)",
        ),
        Block::new(
            "culture",
            n.saturating_mul(2),
            "for each seat: the position on the culture track over a lap, then the laps over 4, at most 1 (ERA-15, D6)",
        ),
        Block::new(
            "disaster",
            n.saturating_mul(2),
            "for each seat: the position on the disaster track over a lap, then the laps over 4, at most 1 (ERA-21, D6)",
        ),
    ]
}

/// `per` numbers for each of `n` seats.
const fn each(n: usize, per: usize) -> usize {
    n.saturating_mul(per)
}

/// Each seat's dice: owned, in hand, shown, set aside, set, to choose.
fn dice_blocks(n: usize) -> [Block; 14] {
    let colours = Colour::ALL.len();
    [
        Block::new(
            "dice_owned",
            each(n, colours),
            "for each seat: dice owned per colour (yellow, gray, blue, white) over the game's buildings carrying that colour (ERA-2)",
        ),
        Block::new(
            "dice_in_hand",
            each(n, colours),
            "for each seat: dice about to be rolled per colour, over the same",
        ),
        Block::new(
            "rolls",
            n,
            "for each seat: rolls made this round over the rolls a round has (ERA-12)",
        ),
        Block::new(
            "dice_hidden",
            n,
            "1 for each seat whose dice are behind the screen for the viewer (ERA-12)",
        ),
        Block::new(
            "showing",
            each(n, colours),
            "for each seat: dice showing a face per colour, over the most of that colour (public even behind the screen)",
        ),
        Block::new(
            "set_aside_count",
            each(n, colours),
            "for each seat: dice set aside to roll again per colour, over the same (public)",
        ),
        Block::new(
            "fixed_count",
            each(n, colours),
            "for each seat: dice a Monastery set per colour, over the same (public, ERA-14)",
        ),
        Block::new(
            "faces",
            each(n, DICE),
            "for each seat, colour and face 1 to 6 of D1: dice showing that face over the most of that colour; 0 behind the screen",
        ),
        Block::new(
            "set_aside",
            each(n, DICE),
            "the same for the dice set aside to roll again (ERA-12); 0 behind the screen",
        ),
        Block::new(
            "fixed",
            each(n, DICE),
            "the same for the dice a Monastery set (ERA-14); 0 behind the screen",
        ),
        Block::new(
            "choices",
            each(n, DICE),
            "the same for the dice on choice faces whose set is still to be picked (ERA-15)",
        ),
        Block::new(
            "feathers",
            each(n, Side::ALL.len()),
            "for each seat and white face 1 to 6: unused feather re-rolls over the most white dice (ERA-13)",
        ),
        Block::new(
            "laid_out",
            n,
            "for each seat: start pieces laid out over those each lays out (ERA-4, ERA-5)",
        ),
        Block::new(
            "layout_hidden",
            n,
            "1 for each seat whose layout in progress is hidden from the viewer (ERA-5)",
        ),
    ]
}

/// Each seat's domain as cell planes.
fn domain_blocks(n: usize, cells: usize) -> [Block; 1] {
    [Block::new(
        "domain",
        n.saturating_mul(PLANES).saturating_mul(cells),
        "for each seat, 15 cell planes: its keep, longhouse, townhouse, church, farm, lumber mill, market, hospital, guildhall, monastery, university and cathedral cells, wall cells, scorched cells, walled cells (ERA-7, ERA-9); all 0 while the layout is hidden",
    )]
}

/// 1 for true, 0 for false.
fn flag(on: bool) -> f32 {
    f32::from(u8::from(on))
}

/// `part / whole` as a tensor entry, at most 1 (0 when `whole` is 0);
/// floats stay out of the rules.
fn ratio(part: u32, whole: u32) -> f32 {
    if whole == 0 {
        return 0.0;
    }
    // Exact up to 65 535, far above any count here; larger ones are capped.
    let exact = |x: u32| f32::from(u16::try_from(x).unwrap_or(u16::MAX));
    exact(part.min(whole)) / exact(whole)
}

/// `count` over `cap`, at most 1.
fn capped(count: u32, cap: u32) -> f32 {
    ratio(count.min(cap), cap)
}
