"""Add one release of an engine in one command: read it from the engine's own distribution, write its fixture,
regenerate everything that derives from it, and print what needs a person.

    python tools/add_release.py sglang 0.5.24
    python tools/add_release.py vllm 0.34.0
    python tools/add_release.py vllm-ascend 0.23.0.post1

Each engine's reader fetches the release by name from the package registry (SGLang's and vLLM's wheels, vLLM-Ascend's
source distribution, or for vLLM-Ascend ``main`` a git mirror), reads it without running the engine, and writes
``tests/fixtures/<engine>-<release>.json`` (and SGLang's check-site inventory).  Then the derived tables are
regenerated (the release dates and defaults, the rules' release ranges, the vLLM and vLLM-Ascend release tables),
``argmatrix docs generate`` rewrites ``generated/``, and the lines a person must act on are printed: new flags
without help text, defaults that changed, checks whose text changed or vanished, new checks no rule covers.
``docs/releases.md`` walks through it for each engine.

``--fixture FILE`` (and, for SGLang, ``--inventory FILE``) takes a fixture already read, skipping the download: the
tests add a synthetic release that way.  Run it with the project's Python from the repository root; the engines'
own code is read in scratch folders, never imported into this process.
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
sys.path.insert(0, str(ROOT / "tools"))


def run(*cmd: str) -> str:
    """Run a step with this Python and the repository on the path; its output, or exit with its error."""
    import os

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env=env)
    if done.returncode != 0:
        sys.stderr.write(done.stdout + done.stderr)
        raise SystemExit(f"add_release: step failed: {' '.join(cmd)}")
    return done.stdout


# --- SGLang -------------------------------------------------------------------------------------------------------

def sglang_wheel(version: str, into: Path) -> Path:
    run(sys.executable, "-m", "pip", "download", "-q", "--no-deps", "-d", str(into), f"sglang=={version}")
    return next(into.glob(f"sglang-{version}-*.whl"))


def sglang_inventory(wheel: Path, out: Path) -> None:
    """The check-site inventory of a release: its argument-handling files read with ``ast``."""
    with tempfile.TemporaryDirectory() as scratch, zipfile.ZipFile(wheel) as whl:
        names = [n for n in whl.namelist() if n.startswith(("sglang/srt/server_args.py", "sglang/srt/arg_groups/"))
                 or n in ("sglang/_version.py", "sglang/version.py")]
        whl.extractall(scratch, names)
        run(sys.executable, "tools/sglang_check_sites.py", "--root", f"{scratch}/sglang/srt", "--out", str(out))


def add_sglang(version: str, fixture: Path | None, inventory: Path | None) -> list[str]:
    before = _sglang_newest_flags()
    target = FIXTURES / f"sglang-{version}.json"
    sites = FIXTURES / f"sglang_check_sites-{version}.json"
    with tempfile.TemporaryDirectory() as scratch:
        wheel = None
        if fixture is None or inventory is None:
            wheel = sglang_wheel(version, Path(scratch))
        if fixture is None:
            run(sys.executable, "tools/sglang_release.py", str(wheel), str(FIXTURES))
        else:
            shutil.copyfile(fixture, target)
        if inventory is None:
            assert wheel is not None
            sglang_inventory(wheel, sites)
        else:
            shutil.copyfile(inventory, sites)
    run(sys.executable, "tools/sglang_release_dates.py", "tests/fixtures", "argmatrix/schema/release_dates.py")
    review = run(sys.executable, "tools/sglang_rule_releases.py")
    return _sglang_report(version, before, target, review)


def _sglang_newest_flags() -> dict[str, dict]:
    held = sorted(FIXTURES.glob("sglang-*.json"), key=lambda p: _release_key(p.stem.split("-", 1)[1]))
    return {e["dest"]: e for e in json.loads(held[-1].read_text())["flags"]} if held else {}


def _release_key(text: str) -> tuple[int, ...]:
    return tuple(int(p) for p in text.split(".")[:3] if p.isdigit())


def _sglang_report(version: str, before: dict[str, dict], fixture: Path, review: str) -> list[str]:
    """New flags no field declares (they need a typed field with en/zh help), defaults that changed, and the
    rules and checks the citation resolver lists."""
    from argmatrix.schema.registry import FLAGS

    entries = json.loads(fixture.read_text())["flags"]
    lines = []
    new = [e for e in entries if not any(f in FLAGS for f in e["flags"])]
    for e in new:
        lines.append(f"new flag without a field (declare it with en/zh help under argmatrix/schema/groups/): "
                     f"{' / '.join(e['flags'])} ({e['type']}, default {e['default']!r})")
    for e in entries:
        old = before.get(e["dest"])
        if old is not None and old["default"] != e["default"]:
            lines.append(f"default changed: {e['flags'][0]} {old['default']!r} -> {e['default']!r}")
    lines += [line.strip() for line in review.splitlines()[1:] if line.strip()]
    lines += _uncovered_checks(version)
    return lines


def _uncovered_checks(version: str) -> list[str]:
    """Checks of the new release's code whose content no site of the anchor release has: every anchor site is
    ported by a rule or has a disposition (``sglang_checks/coverage.py``), so these are the ones nobody has read."""
    from sglang_rule_releases import ANCHOR, content_keys, load_inventories

    inventories = load_inventories(FIXTURES)
    known = set().union(*(content_keys(s) for s in inventories.get(ANCHOR, [])))
    fresh = [s for s in inventories.get(version, []) if not content_keys(s) & known]
    return [f"new check no rule covers: {s['file']}:{s['line']} {s['kind']} "
            f"{' '.join((s.get('message') or s.get('test') or '').split())[:100]}" for s in fresh]


# --- vLLM and vLLM-Ascend: their own readers -------------------------------------------------------------------------

def add_vllm(version: str, fixture: Path | None, inventory: Path | None) -> list[str]:
    import vllm_release

    return list(vllm_release.add_release(version, fixture))


def add_vllm_ascend(version: str, fixture: Path | None, inventory: Path | None) -> list[str]:
    import vllm_ascend_release

    return list(vllm_ascend_release.add_release(version, fixture))


ENGINES: dict[str, Callable[[str, Path | None, Path | None], list[str]]] = {
    "sglang": add_sglang,
    "vllm": add_vllm,
    "vllm-ascend": add_vllm_ascend,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("engine", choices=sorted(ENGINES))
    parser.add_argument("version", help="the release, as its package index names it (0.5.24, 0.34.0, 0.23.0.post1)")
    parser.add_argument("--fixture", type=Path, help="a fixture already read: skip the download and the reading")
    parser.add_argument("--inventory", type=Path, help="SGLang: a check-site inventory already read")
    parser.add_argument("--no-docs", action="store_true", help="do not regenerate generated/ (the tests' copies)")
    ns = parser.parse_args(argv)
    lines = ENGINES[ns.engine](ns.version, ns.fixture, ns.inventory)
    if not ns.no_docs:
        print(run(sys.executable, "-m", "argmatrix", "docs", "generate").strip())
    print(f"added {ns.engine} {ns.version}; what needs a person:" if lines else f"added {ns.engine} {ns.version}")
    for line in lines:
        print(f"  {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
