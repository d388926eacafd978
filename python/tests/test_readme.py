"""Every command the READMEs print is run as printed: the Python blocks here
(one namespace per README, in order), the shell commands by python/ci.sh or
.ci/run (checked here to appear in them verbatim) or here."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent
ROOT = PACKAGE.parent
# The CI scripts: .ci/run runs python/ci.sh through .ci/fixture-game.
CI = "".join(
    path.read_text(encoding="utf-8")
    for path in (PACKAGE / "ci.sh", ROOT / ".ci" / "run", ROOT / ".ci" / "fixture-game")
)

# Shell commands run here rather than by ci.sh.
RUN_HERE = {
    'python python/examples/ray_selfplay.py --game "pig(players=3)" --games 1000 --tasks 8 --out games.jsonl',
}


def python_section(text: str) -> str:
    """The Python section of the workspace's reinforcement-learning guide (docs/rl.md)."""
    start = text.index("\n## Python\n")
    end = text.index("\n## ", start + 1)
    return text[start:end]


def readmes() -> dict[str, str]:
    return {
        "python/README.md": (PACKAGE / "README.md").read_text(encoding="utf-8"),
        "docs/rl.md (Python)": python_section((ROOT / "docs" / "rl.md").read_text(encoding="utf-8")),
    }


def blocks(text: str, language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", text, flags=re.S)


def shell_commands(text: str) -> list[str]:
    commands = []
    for block in blocks(text, "sh"):
        for line in block.splitlines():
            line = line.split("  #")[0].strip()
            if line:
                commands.append(line)
    # Inline install commands count as commands too.
    commands += re.findall(r"`(pip install [^`]+)`", text)
    return commands


@pytest.mark.parametrize("name", list(readmes()))
def test_every_python_block_runs(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": "__readme__"}
    code = blocks(readmes()[name], "python")
    assert code, f"{name} has no Python block"
    for block in code:
        exec(compile(block, name, "exec"), namespace)  # noqa: S102 - the README's own code


def option_names(command: str) -> list[str]:
    return [word for word in shlex.split(command) if word.startswith("--")]


def short_run_in_ci(command: str) -> bool:
    """A benchmark's command is run by CI as a short run: the same script
    with the same options, only their values smaller."""
    words = shlex.split(command)
    if len(words) < 2 or not words[1].startswith("python/bench/"):
        return False
    return any(
        option_names(line) == option_names(command)
        for line in CI.splitlines()
        if line.startswith(f"{words[0]} {words[1]} ")
    )


@pytest.mark.parametrize("name", list(readmes()))
def test_every_shell_command_is_run_by_ci_or_here(name: str) -> None:
    commands = shell_commands(readmes()[name])
    assert commands
    for command in commands:
        assert "*" not in command, f"{command!r}: no globs"
        assert (
            command in RUN_HERE
            or command in CI.splitlines()
            or f"\n{command}\n" in CI
            or short_run_in_ci(command)
        ), f"{name}: {command!r} is run neither by python/ci.sh nor by this test"


def test_a_benchmark_counts_as_run_only_with_the_readmes_options() -> None:
    assert short_run_in_ci("python python/bench/bench_loop.py --seconds 3 --repeats 3")
    assert not short_run_in_ci("python python/bench/bench_loop.py --seconds 3 --games 3")
    assert not short_run_in_ci("python python/bench/bench_absent.py --seconds 3 --repeats 3")


@pytest.mark.parametrize("command", sorted(RUN_HERE))
def test_the_commands_run_here_work_as_printed(command: str) -> None:
    printed = [c for text in readmes().values() for c in shell_commands(text)]
    assert command in printed, "a command no README prints any more"
    args = shlex.split(command)
    assert args[0] == "python"
    # Run from the workspace root, as printed (`python` is this interpreter).
    out = ROOT / args[args.index("--out") + 1]
    assert not out.exists(), f"{out} is in the way"
    env = dict(os.environ, RAY_USAGE_STATS_ENABLED="0")
    try:
        done = subprocess.run([sys.executable, *args[1:]], cwd=ROOT, capture_output=True, text=True, timeout=600, env=env)
        assert done.returncode == 0, done.stderr[-2000:]
        assert len(out.read_text(encoding="utf-8").splitlines()) == 1000
    finally:
        out.unlink(missing_ok=True)
