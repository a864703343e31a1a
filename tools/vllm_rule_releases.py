"""Resolve every vLLM start-up rule's citation in every held vLLM release, by the content of the check it ports.

    PYTHONPATH=$PWD python tools/vllm_rule_releases.py [--check]

A rule of ``argmatrix/matrix/engines/vllm_checks.py`` cites the check it ports as ``vLLM 0.32.0 <file>:<line>``
(the *anchor* release, ``vllm_checks.READ_FROM``); where an older release words the same check otherwise, a person
adds that release's citation too (``vLLM 0.23.0 <file>:<line>``).  The cited release's inventory
(``tests/fixtures/vllm_check_sites-<release>.json``, written by ``tools/vllm_check_sites.py``) turns each citation
into the check's *content*: its kind (raise, assert, warned override), its message, and its guard (the enclosing
``if`` tests with an assert's own test), normalised (string prefixes, quotes, spacing, what an f-string
interpolates, the config object's local name).  That content is looked up in the inventory of every held release,
in any file read and at any line.  A rule holds for a release whose code has one of its checks (by message or by
guard); under another release it does not fire.  A moved check needs no edit; a check whose text changed or that
is not there is listed for a person (``--check`` exits 1 when the committed table is stale).

Writes ``argmatrix/matrix/engines/vllm_rule_releases.py``.
"""
from __future__ import annotations

import argparse
import json
import pprint
import re
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
TABLE = ROOT / "argmatrix" / "matrix" / "engines" / "vllm_rule_releases.py"

HEADER = '''"""The vLLM releases each of vLLM's start-up rules holds for, resolved by content: do not edit.

Written by ``tools/vllm_rule_releases.py`` from the check-site inventories of the held releases
(``tests/fixtures/vllm_check_sites-<release>.json``, ``tools/vllm_check_sites.py``): each rule's
``vLLM {anchor} file:line`` citation is turned into the check's content in the {anchor} inventory and looked up in
every release's code, wherever it sits there.  ``tests/matrix/test_vllm_rule_releases.py`` regenerates it and
requires it unchanged.
"""
from __future__ import annotations

'''

sys.path.insert(0, str(Path(__file__).resolve().parent))  # its sibling, also when loaded from a file path
from sglang_rule_releases import normalise as _normalise  # noqa: E402
from sglang_rule_releases import release_key  # noqa: E402

_CITATION = re.compile(r"vLLM (?P<release>\S+) (?P<file>[\w/]+\.py):(?P<first>\d+)(?:-(?P<last>\d+))?")
# the names vLLM's code reaches the parallel configuration by: ``self`` in ParallelConfig's validators and in
# EngineArgs, ``parallel_config`` / ``self.parallel_config`` where a check moved between the two
_RECEIVER = re.compile(r"\b(?:self\.parallel_config|vllm_config\.parallel_config|parallel_config|self)\.")


def normalise(text: str | None) -> str | None:
    """Check text compared across releases, as SGLang's resolver normalises it, with vLLM's local names."""
    return _normalise(text, _RECEIVER)


def content_keys(site: Mapping[str, Any]) -> set[tuple[str, str]]:
    """What identifies a check whatever file or line holds it: its message, and its guard (the enclosing tests with
    an assert's own test); either found in a release means the release has the check."""
    keys = set()
    message = normalise(site.get("message"))
    if message and len(message) > 12:  # a bare ``msg`` or a variable name says nothing about which check it is
        keys.add((site["kind"], "message:" + message))
    guard = "|".join(filter(None, (normalise(site.get("condition")), normalise(site.get("test")))))
    if guard:
        keys.add((site["kind"], "guard:" + guard))
    return keys


def load_inventories(fixtures: Path) -> dict[str, list[dict[str, Any]]]:
    out = {}
    for path in fixtures.glob("vllm_check_sites-*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        out[data["release"]] = data["sites"]
    return dict(sorted(out.items(), key=lambda kv: release_key(kv[0])))


def citations(rule: Any) -> list[tuple[str, str, int, int]]:
    """(release, file, first line, last line) of each citation in the rule's ``source``."""
    return [(m["release"], m["file"], int(m["first"]), int(m["last"] or m["first"]))
            for m in _CITATION.finditer(rule.source or "")]


def cited_sites(file: str, first: int, last: int, sites: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The sites a citation points at: those whose lines meet the range, or, for a line of the guard above a site
    (its block's header, or a statement before it in that block), the first site below it."""
    in_file = [s for s in sites if s["file"] == file]
    hit = [s for s in in_file if s["line"] <= last and first <= s["end_line"]]
    if not hit:
        below = [s for s in in_file if s["block_line"] <= first < s["line"]]
        hit = [min(below, key=lambda s: s["line"])] if below else []
    return hit


def index(sites: Iterable[Mapping[str, Any]]) -> dict[tuple[str, str], list[str]]:
    """content key -> the ``file:line`` of each site with it."""
    out: dict[tuple[str, str], list[str]] = {}
    for s in sites:
        for key in content_keys(s):
            out.setdefault(key, []).append(f"{s['file']}:{s['line']}")
    return out


def _site_order(loc: str) -> tuple[str, int]:
    file, line = loc.rsplit(":", 1)
    return file, int(line)


def resolve(rules: Iterable[Any], inventories: Mapping[str, list[dict[str, Any]]], anchor: str) -> dict[str, Any]:
    """Per rule: per release where its checks sit (a release absent: not there); and the rules citing no site."""
    indexes = {release: index(sites) for release, sites in inventories.items()}
    found: dict[str, dict[str, list[str]]] = {}
    unresolved: list[str] = []  # cites no anchor site: holds everywhere, listed for a person
    for rule in rules:
        # the anchor's citation, and any a person added for an older release whose check reads otherwise
        cited = [s for release, file, first, last in citations(rule) if release in inventories
                 for s in cited_sites(file, first, last, inventories[release])]
        if not cited:
            unresolved.append(rule.id)
            continue
        keys = set().union(*(content_keys(s) for s in cited))
        found[rule.id] = {release: where for release, idx in indexes.items()
                          if (where := sorted({loc for key in keys for loc in idx.get(key, ())}, key=_site_order))}
    return {"found": found, "unresolved": sorted(unresolved)}


def runs(releases: Iterable[str], held: list[str]) -> tuple[tuple[str, str], ...]:
    """``releases`` (a subset of ``held``) as runs of consecutive held releases."""
    wanted = set(releases)
    out: list[list[str]] = []
    for i, release in enumerate(held):
        if release not in wanted:
            continue
        if out and held.index(out[-1][1]) == i - 1:
            out[-1][1] = release
        else:
            out.append([release, release])
    return tuple((a, b) for a, b in out)


def render(result: dict[str, Any], held: list[str], anchor: str) -> str:
    table = {rule: runs(per, held) for rule, per in sorted(result["found"].items())}
    narrowed = {rule: r for rule, r in table.items() if r != ((held[0], held[-1]),)}
    where = {rule: {release: tuple(locs) for release, locs in per.items()}
             for rule, per in sorted(result["found"].items())}
    return "".join([
        HEADER.format(anchor=anchor),
        "# the release whose code the rules' file:line citations were written against\n",
        f"ANCHOR = {anchor!r}\n",
        "# the releases whose inventories were read\n",
        f"RELEASES_READ: tuple[str, ...] = {pprint.pformat(tuple(held), width=116, compact=True)}\n\n",
        "# rule id -> the runs of held releases whose code has the check it ports; a rule not listed holds in every\n"
        "# held release (its check is in all of them, or it cites no check of the inventory: NOT_RESOLVED)\n",
        "HOLDS_IN: dict[str, tuple[tuple[str, str], ...]] = "
        + pprint.pformat(narrowed, width=116, sort_dicts=True, compact=True) + "\n\n",
        "# rules whose citation names no check site of the anchor's inventory: they hold in every release, and a\n"
        "# person reviews them\n",
        "NOT_RESOLVED: tuple[str, ...] = " + pprint.pformat(tuple(result["unresolved"]), width=116, compact=True)
        + "\n\n",
        "# rule id -> release -> the file:line (under vllm/) of the check in that release's code\n",
        "SITES: dict[str, dict[str, tuple[str, ...]]] = "
        + pprint.pformat(where, width=116, sort_dicts=True, compact=True) + "\n",
    ])


def build(fixtures: Path = FIXTURES) -> tuple[str, dict[str, Any], list[str]]:
    from argmatrix.matrix.engines.vllm_checks import READ_FROM, VLLM_RULES

    inventories = load_inventories(fixtures)
    if READ_FROM not in inventories:
        raise SystemExit(f"no inventory of the anchor release {READ_FROM} under {fixtures}: "
                         f"run tools/vllm_check_sites.py --release {READ_FROM}")
    result = resolve(VLLM_RULES, inventories, READ_FROM)
    held = list(inventories)
    return render(result, held, READ_FROM), result, held


def review(result: dict[str, Any], held: list[str], anchor: str) -> list[str]:
    """Lines for a person: rules some held release lacks, and rules citing no site of the anchor."""
    lines = [f"{rule}: its check is not in vLLM {', '.join(r for r in held if r not in per)}'s code "
             "(text changed, or not there yet): the rule does not fire there"
             for rule, per in sorted(result["found"].items()) if len(per) < len(held)]
    lines += [f"{rule}: cites no check site of the {anchor} inventory; it holds in every release"
              for rule in result["unresolved"]]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the committed table is stale")
    parser.add_argument("--fixtures", type=Path, default=FIXTURES, help="where the inventories are")
    ns = parser.parse_args(argv)
    table, result, held = build(ns.fixtures)
    if ns.check:
        if not TABLE.exists() or TABLE.read_text(encoding="utf-8") != table:
            print(f"{TABLE.relative_to(ROOT)} is stale: run tools/vllm_rule_releases.py", file=sys.stderr)
            return 1
        return 0
    TABLE.write_text(table, encoding="utf-8")
    from argmatrix.matrix.engines.vllm_checks import READ_FROM

    counts = {release: sum(release in per for per in result["found"].values()) + len(result["unresolved"])
              for release in held}
    print(f"{TABLE.relative_to(ROOT)}: {len(result['found'])} rules resolved over {len(held)} releases "
          f"({len(result['unresolved'])} cite no inventory site); rules holding per release: "
          + ", ".join(f"{r} {n}" for r, n in counts.items()))
    for line in review(result, held, READ_FROM):
        print("  review: " + line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
