#!/bin/bash
# Builds the bench binary, makes a venv with OpenSpiel under target/ when
# missing, and runs the comparison. Arguments go to mcts_pig.py.
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release -q -p benches --bin mcts_pig
venv=target/openspiel-venv
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import pyspiel' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q open-spiel
fi
exec "$venv/bin/python" benches/openspiel/mcts_pig.py "$@"
