#!/usr/bin/env python3
"""Proves, without building anything again, that each published crate as
crates.io unpacks it runs the very tests `cargo test --workspace` ran:

1. its `.crate` holds every file git tracks in the crate's folder, byte
   for byte, and nothing else but what Cargo writes (the normalised
   Cargo.toml, Cargo.toml.orig, Cargo.lock, .cargo_vcs_info.json), so every
   test, fixture, golden file and doctest ships as committed;
2. every dev-dependency that is a path in the workspace is itself
   published: Cargo drops an unpublished one from the package, and the
   tests that use it would not build for a user;
3. no file reaches outside the crate's folder (`"../../`), except those
   listed in ALLOWED with what they do when the path is missing.

The sources being equal and every dependency resolved the same way, the
packaged tests are the workspace's tests; the features each crate resolves
alone are built by the no_std step and by `.ci/run`'s per-crate doctests.

Usage: packaged-check.py PACKAGE_DIR (target/package, after `cargo package`).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tarfile
from pathlib import Path

# Files Cargo writes into every package.
WRITTEN = {"Cargo.toml", "Cargo.toml.orig", "Cargo.lock", ".cargo_vcs_info.json"}

# Files that read outside their crate's folder, each with what it does when
# that path is absent (as it is in a package).
ALLOWED = {
    "crates/tabletop-engines/tests/schemas.rs": "compares the workspace's committed schemas/ "
    "when present; in a package it checks the schemas the types generate",
}


def cargo_metadata() -> dict:
    out = subprocess.run(
        ["cargo", "metadata", "--no-deps", "--format-version", "1"], check=True, capture_output=True, text=True
    )
    return json.loads(out.stdout)


def published_packages(metadata: dict) -> list[dict]:
    # `publish = false` reads as an empty list of registries.
    return [p for p in metadata["packages"] if p.get("publish") != []]


def tracked(folder: Path, root: Path) -> dict[str, bytes]:
    names = subprocess.run(
        ["git", "ls-files", "-z", "--", str(folder.relative_to(root))],
        cwd=root,
        check=True,
        capture_output=True,
    ).stdout.split(b"\0")
    files = {}
    for name in filter(None, names):
        path = root / name.decode()
        files[str(path.relative_to(folder))] = path.read_bytes()
    return files


def packaged(crate: Path) -> dict[str, bytes]:
    files = {}
    with tarfile.open(crate, "r:gz") as archive:
        for member in archive.getmembers():
            if member.isfile():
                name = member.name.split("/", 1)[1]
                handle = archive.extractfile(member)
                files[name] = handle.read() if handle else b""
    return files


def check(package: dict, published: set[str], package_dir: Path, root: Path) -> list[str]:
    name, version = package["name"], package["version"]
    folder = Path(package["manifest_path"]).parent
    crate = package_dir / f"{name}-{version}.crate"
    if not crate.is_file():
        return [f"{name}: {crate} is missing: run `cargo package` first"]
    problems = []
    mine, theirs = tracked(folder, root), packaged(crate)
    for path, text in sorted(mine.items()):
        shipped = theirs.get("Cargo.toml.orig" if path == "Cargo.toml" else path)
        if shipped is None:
            problems.append(f"{name}: {path} is tracked but not packaged")
        elif shipped != text:
            problems.append(f"{name}: {path} differs in the package")
    for path in sorted(set(theirs) - set(mine) - WRITTEN):
        problems.append(f"{name}: {path} is packaged but not tracked")
    for dependency in package["dependencies"]:
        if dependency["kind"] == "dev" and dependency.get("path") and dependency["name"] not in published:
            problems.append(
                f"{name}: dev-dependency {dependency['name']} is not published: "
                "Cargo drops it from the package and the tests using it do not build"
            )
    for path, text in sorted(mine.items()):
        where = str((folder / path).relative_to(root))
        if path.endswith(".rs") and b'"../../' in text and where not in ALLOWED:
            problems.append(f"{name}: {path} reads outside the crate's folder")
    return problems


def main() -> int:
    package_dir = Path(sys.argv[1]).resolve()
    metadata = cargo_metadata()
    root = Path(metadata["workspace_root"])
    packages = published_packages(metadata)
    published = {p["name"] for p in packages}
    problems = [problem for p in packages for problem in check(p, published, package_dir, root)]
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 1
    for p in packages:
        print(f"    {p['name']} {p['version']}: the package is the crate's committed files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
