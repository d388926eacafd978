#!/bin/bash
# Builds the bench binary, makes a venv with OpenSpiel under target/ when
# missing, and runs the comparison: `run.sh [ARGS]` MCTS on Pig
# (mcts_pig.py), `run.sh cfr [ARGS]` CFR on Liar's Dice
# (cfr_liars_dice.py). The other arguments go to the script.
set -euo pipefail
cd "$(dirname "$0")/../.."
bench=mcts_pig
if [ "${1:-}" = cfr ]; then
  bench=cfr_liars_dice
  shift
fi
cargo build --release -q -p benches --bin "$bench"
venv=target/openspiel-venv
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import pyspiel' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q open-spiel
fi
exec "$venv/bin/python" "benches/openspiel/$bench.py" "$@"
