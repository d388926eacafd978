#!/usr/bin/env bash
# Builds the Python package tabletop-engines and runs its tests, from
# nothing but python3 and cargo: a virtualenv in python/.venv, the tools
# from PyPI, the wheel built by maturin in the workspace's target
# directory, installed with pip, then pytest. Any failure exits non-zero.
#
#   bash python/ci.sh            # PYTHON=python3.12 bash python/ci.sh for another interpreter
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
venv="${TABLETOP_ENGINES_VENV:-$here/.venv}"
wheels="$root/target/wheels/ci"
started=$SECONDS

step() { printf '\n==> %s\n' "$*"; }

step "virtualenv $venv"
if [ ! -x "$venv/bin/python" ]; then
  "${PYTHON:-python3}" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --upgrade pip
"$venv/bin/python" -m pip install --quiet \
  "maturin>=1.9.4,<2" "pytest>=7" "numpy>=1.23" "pettingzoo>=1.24" "gymnasium>=0.29" "ray>=2.9" "open-spiel>=1.5"

step "maturin build --release (target directory: $root/target)"
rm -rf "$wheels"
(cd "$root" && "$venv/bin/maturin" build --release --manifest-path python/Cargo.toml --out "$wheels")
wheel="$(ls "$wheels"/tabletop_engines-*.whl)"

step "pip install $(basename "$wheel")"
"$venv/bin/python" -m pip install --quiet --force-reinstall --no-deps "$wheel"
"$venv/bin/python" -m pip check

step "pytest"
cd "$here"
RAY_USAGE_STATS_ENABLED=0 "$venv/bin/python" -m pytest -p no:cacheprovider -q tests

printf '\npython/ci.sh passed in %ss\n' "$((SECONDS - started))"
