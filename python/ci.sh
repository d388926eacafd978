#!/usr/bin/env bash
# Builds the Python package tabletop-engines and runs its tests, from
# nothing but python3 and cargo: a virtualenv in python/.venv, the test
# tools and OpenSpiel from PyPI, the package installed from the source tree
# with the very commands its README prints (`pip install ./python` and its
# extras, from the workspace root), then pytest and the benchmarks the
# READMEs quote, in a short run that proves they work (the READMEs'
# figures come from the commands they print, not from this script). Any
# failure exits non-zero.
#
#   bash python/ci.sh            # PYTHON=python3.12 bash python/ci.sh for another interpreter
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
venv="${TABLETOP_ENGINES_VENV:-$here/.venv}"
started=$SECONDS

step() { printf '\n==> %s\n' "$*"; }

step "virtualenv $venv"
if [ ! -x "$venv/bin/python" ]; then
  "${PYTHON:-python3}" -m venv "$venv"
fi
# The README's commands say `pip` and `python`: the virtualenv's.
export PATH="$venv/bin:$PATH"
python -m pip install --quiet --upgrade pip
python -m pip install --quiet \
  "pytest>=7" "pytest-xdist>=3" "numpy>=1.23" "pettingzoo>=1.24" "gymnasium>=0.29" "ray>=2.9" "open-spiel>=1.5"

cd "$root"
# The wheel is stripped (pyproject.toml): the release profile's debug
# info would be built only to be thrown away.
export CARGO_PROFILE_RELEASE_DEBUG=0
step "pip install ./python (and its extras), as the README prints it"
pip install ./python
pip install "./python[pettingzoo]"
pip install "./python[ray]"
pip install "./python[openspiel]"
python -m pip check

step "pytest"
# Two workers, an idle one taking tests from the other: the two CFR
# tests, a minute and a third of one, run beside the rest instead of
# before it.
(cd "$here" && RAY_USAGE_STATS_ENABLED=0 python -m pytest -p no:cacheprovider -q --durations=10 -n 2 --dist worksteal tests)

step "benchmarks, a short run of the READMEs' commands"
python python/bench/bench_loop.py --seconds 0.3 --repeats 1
python python/bench/bench_pig.py --seconds 0.3 --repeats 1
python python/bench/bench_mcts.py --game age-of-war --simulations 5
python python/bench/bench_pyspiel_layer.py --number 200 --repeats 1

printf '\npython/ci.sh passed in %ss\n' "$((SECONDS - started))"
