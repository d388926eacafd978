//! ERA-15: every player adds the resources and culture their dice show,
//! then their buildings' income, up to each track's maximum; culture has
//! no maximum.

use crate::map::ByResource;
use crate::ruleset::Ruleset;
use crate::state::{Era, Player};
use crate::symbols::Symbol;

impl Era {
    /// Every player collects.
    pub(crate) fn collect(&mut self) {
        let config = alloc::sync::Arc::clone(&self.config);
        for (_, p) in self.players.iter_mut() {
            collect_for(p, &config.ruleset);
        }
    }
}

/// One player's collection.
fn collect_for(p: &mut Player, r: &Ruleset) {
    let mut gain = ByResource::<u32>::default();
    for (colour, side, n) in p.dice.dice() {
        let face = r.face(colour, side);
        for (resource, g) in gain.iter_mut() {
            *g = g.saturating_add(
                u32::from(n).saturating_mul(u32::from(face.count(resource.symbol()))),
            );
        }
        p.culture = p
            .culture
            .saturating_add(u32::from(n).saturating_mul(u32::from(face.count(Symbol::Culture))));
    }
    for b in &p.domain.buildings {
        let income = r.buildings[b.kind].income;
        for (resource, g) in gain.iter_mut() {
            *g = g.saturating_add(u32::from(income[resource]));
        }
    }
    let max = r.tracks.resource_max;
    for (resource, have) in p.resources.iter_mut() {
        let total = u32::from(*have).saturating_add(gain[resource]);
        *have = u8::try_from(total.min(u32::from(max))).unwrap_or(max);
    }
}
