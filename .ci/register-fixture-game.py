#!/usr/bin/env python3
"""Registers the fixture game (crates/reroll-rules) with the game-author
guide's step 4 alone: the four files it names, edited as an author would
(a line beside each game's). Fails loudly when a file no longer has the
shape the guide describes. Run from the workspace root."""
import re
import sys

CRATE, PATH, FEATURE, MODULE, TYPE = "reroll-rules", "crates/reroll-rules", "reroll", "reroll_rules", "Reroll"


def edit(path, *changes):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for pattern, replacement in changes:
        text, n = re.subn(pattern, replacement, text, count=1, flags=re.M | re.S)
        if n != 1:
            sys.exit(f"{path}: no match for {pattern!r}: the guide's step 4 no longer fits this file")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


# The workspace: the crate in [workspace.dependencies], before the registry.
edit("Cargo.toml", (
    r"^(tabletop-engines = \{ path = )",
    f'{CRATE} = {{ path = "{PATH}", version = "0.1.0", default-features = false }}\n\\1',
))
# The registry's manifest: an optional dependency, a feature in `default`
# and in `schema`.
edit(
    "crates/tabletop-engines/Cargo.toml",
    (r"^(schemars = \{ workspace = true, optional = true \})",
     f'{CRATE} = {{ workspace = true, features = ["serde"], optional = true }}\n\\1'),
    (r'^(default = \[[^\]]*)\]', f'\\1, "{FEATURE}"]'),
    (r"^(## JSON Schemas)", f'{FEATURE} = ["dep:{CRATE}"]\n\\1'),
    (r'^(schema = \[[^\]]*)\]', f'\\1, "{CRATE}?/schema"]'),
)
# The list: a line in `visit_games` and the re-export.
edit(
    "crates/tabletop-engines/src/games.rs",
    (r"(pub mod rules \{.*?)\n\}",
     f'\\1\n    #[cfg(feature = "{FEATURE}")]\n    pub use {MODULE};\n}}'),
    (r"^(    let _ = visitor;)",
     f'    #[cfg(feature = "{FEATURE}")]\n    visitor.visit::<{MODULE}::{TYPE}>();\n\\1'),
)
# The npm package forwards the feature.
edit(
    "js/Cargo.toml",
    (r'^(default = \[[^\]]*)\]', f'\\1, "{FEATURE}"]'),
    (r'^(liars-dice = \["tabletop-engines/liars-dice"\])',
     f'\\1\n{FEATURE} = ["tabletop-engines/{FEATURE}"]'),
)
