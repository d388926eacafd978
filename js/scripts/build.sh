#!/usr/bin/env bash
# Builds the npm package in place: the crate for wasm32-unknown-unknown
# with SIMD (`+simd128`, for the generator's four-block rounds; set
# WASM_RUSTFLAGS, even to nothing, to build otherwise), fat LTO, one
# codegen unit, no debug info, the rules crates optimised for speed and
# the rest, JSON and glue, for size;
# wasm-bindgen's ES-module glue for browsers and Node (`--target web`; the
# entries index.js and node.js load the module), binaryen's wasm-opt -O3,
# into pkg/. The types of the wire JSON, wire.d.ts, are generated from the
# schemas by scripts/wire-types.mjs (`npm run wire-types`).
#
#   bash scripts/build.sh            every game, into pkg/ (the package)
#   bash scripts/build.sh armadora   one game only, into dist/armadora/
#                                    (what one game's package weighs)
#   bash scripts/build.sh era --rules-only
#                                    the game's rules alone, with no JSON,
#                                    registry or JavaScript surface
#                                    (examples/rules_only.rs), into
#                                    dist/era-rules-only/: the floor under
#                                    one game's package
#
# Needs `wasm-bindgen` at the version Cargo.lock pins (.ci/js installs it)
# and `npm ci` run here (binaryen). Shares the workspace's target directory.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(cd .. && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"

game="${1:-}"
usage() {
  echo "usage: bash scripts/build.sh [GAME [--rules-only]]" >&2
  exit 2
}
case "$game" in
  -*) usage ;;
esac
if [ -n "$game" ]; then
  features=(--no-default-features --features "$game")
  out="dist/$game"
  profile_target="$target/wasm-$game"
else
  features=()
  out=pkg
  profile_target="$target"
fi
built=tabletop_engines_js.wasm
what=(--lib)
if [ "${2:-}" = --rules-only ]; then
  built=examples/rules_only.wasm
  what=(--example rules_only)
  out="dist/$game-rules-only"
elif [ -n "${2:-}" ]; then
  usage
fi

# The rules crates (every published crate but the registry, as
# .ci/published-crates lists them) are optimised for speed.
rules="$(bash "$root/.ci/published-crates" | cut -d' ' -f1 | grep -vx tabletop-engines)"
speed=()
for crate in $rules; do
  speed+=(--config "profile.release.package.$crate.opt-level=3")
done

# A one-game build keeps a target directory of its own so that it does not
# replace the package's build.
CARGO_TARGET_DIR="$profile_target" RUSTFLAGS="${WASM_RUSTFLAGS-"-C target-feature=+simd128"}" \
cargo build --quiet -p tabletop-engines-js "${what[@]}" --target wasm32-unknown-unknown --release "${features[@]}" \
  --config 'profile.release.lto="fat"' \
  --config 'profile.release.codegen-units=1' \
  --config 'profile.release.debug=0' \
  --config 'profile.release.panic="abort"' \
  --config 'profile.release.opt-level="s"' \
  "${speed[@]}"

rm -rf "$out"
wasm-bindgen --target web --out-dir "$out" --out-name tabletop_engines \
  "$profile_target/wasm32-unknown-unknown/release/$built"
rm -f "$out/.gitignore" "$out/package.json"

# The glue repeats every doc comment, which the declarations
# (tabletop_engines.d.ts) carry for editors: the shipped JavaScript drops
# its comment lines (3 KB of the gzipped package).
node -e '
const fs = require("fs");
const file = process.argv[1];
const glue = fs.readFileSync(file, "utf8")
  .replace(/^[ \t]*\/\*\*[\s\S]*?\*\/[ \t]*\n/gm, "")
  .replace(/^[ \t]*\/\/.*\n/gm, "");
fs.writeFileSync(file, glue);
' "$out/tabletop_engines.js"

# Rust's wasm32 target emits these post-MVP features, and SIMD; every
# browser of the last years and Node 18+ run them.
node_modules/.bin/wasm-opt -O3 \
  --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
  --enable-mutable-globals --enable-reference-types --enable-multivalue --enable-simd \
  "$out/tabletop_engines_bg.wasm" -o "$out/tabletop_engines_bg.wasm"

printf 'built %s: wasm %s bytes (%s gzipped), glue %s bytes (%s gzipped)\n' "$out" \
  "$(wc -c < "$out/tabletop_engines_bg.wasm")" \
  "$(gzip -9 -c "$out/tabletop_engines_bg.wasm" | wc -c)" \
  "$(wc -c < "$out/tabletop_engines.js")" \
  "$(gzip -9 -c "$out/tabletop_engines.js" | wc -c)"
