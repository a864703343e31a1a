"""Resolve every SGLang start-up rule's citation in every held release, by the content of the check it ports.

    PYTHONPATH=$PWD python tools/sglang_rule_releases.py [--check]

A rule of ``matrix/sglang_checks/`` cites the check it ports as ``SGLang 0.5.23 <file>:<line>`` (the *anchor*
release, ``ANCHOR``).  The anchor's inventory (``tests/fixtures/sglang_check_sites-<anchor>.json``, written by
``tools/sglang_check_sites.py``) turns each citation into the check's *content*: its kind (raise, assert, warned
override), its message and its tested condition, normalised (quotes, f-prefixes and spacing dropped).  That content
is then looked up in the inventory of every held release, in any file and at any line, since SGLang moved its checks
from ``server_args.py`` into ``arg_groups/`` hooks over these releases.  A rule holds for a release whose code has at
least one of the checks it cites; under another release it does not fire.  A moved check needs no edit; a check
whose text changed or vanished is listed for a person (``--check`` exits 1 when the committed table is stale).

Writes ``argmatrix/matrix/sglang_checks/rule_releases.py`` (the releases each rule holds for, as runs) and
``argmatrix/matrix/sglang_checks/rule_sites.json`` (where each rule's check sits in each release, read only by
``explain`` and the pages).
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
TABLE = ROOT / "argmatrix" / "matrix" / "sglang_checks" / "rule_releases.py"
SITES = ROOT / "argmatrix" / "matrix" / "sglang_checks" / "rule_sites.json"
ANCHOR = "0.5.23"

HEADER = '''"""The SGLang releases each start-up rule holds for, resolved by content: do not edit.

Written by ``tools/sglang_rule_releases.py`` from the check-site inventories of the held releases
(``tests/fixtures/sglang_check_sites-<release>.json``): each rule's ``SGLang {anchor} file:line`` citation is turned
into the check's content in the {anchor} inventory and looked up in every release's code, wherever it sits there.
``tests/matrix/test_rule_releases.py`` regenerates it and requires it unchanged.
"""
from __future__ import annotations

'''


def release_key(release: str) -> tuple[int, ...]:
    return tuple(int(p) for p in release.split(".")[:3])


_PREFIX = re.compile(r"\b[fFrRbBuU]{1,2}(?=[\"'])")
# the names SGLang's code calls the server-args object by: it was ``self`` in ServerArgs' methods and became ``cfg``,
# ``view`` or ``server_args`` in the hooks of 0.5.19 on, with the check itself unchanged
_RECEIVER = re.compile(r"\b(?:self|cfg|view|server_args|args|sa|resolved|rv)\.")


def normalise(text: str | None, receiver: re.Pattern[str] = _RECEIVER) -> str | None:
    """Check text compared across releases: the words of the check, without what only moving it changes (string
    prefixes, quotes, implicit concatenation, spacing, the local name of the object the check reads, ``receiver``,
    what an f-string interpolates, a closing full stop).  ``tools/vllm_rule_releases.py`` uses it with vLLM's names."""
    if not text:
        return None
    t = _PREFIX.sub("", text)
    t = re.sub(r"[\"']\s*[\"']", "", t)  # "abc " "def" -> "abc def"
    t = t.replace('"', "").replace("'", "")
    t = receiver.sub("sa.", t)
    t = re.sub(r"\{[^{}]*\}", "{}", t)
    t = "".join(t.split()).lower().rstrip(".)").rstrip(".")
    return t or None


def content_keys(site: Mapping[str, Any]) -> set[tuple[str, str]]:
    """What identifies a check whatever file or line holds it: its message, else what it tests."""
    keys = set()
    message = normalise(site.get("message"))
    if message and len(message) > 12:  # a bare "msg" or a variable name says nothing about which check it is
        keys.add((site["kind"], "message:" + message))
    test = normalise(site.get("test"))
    if test:
        keys.add((site["kind"], "test:" + test + "|" + (normalise(site.get("condition")) or "")))
    if not keys:
        keys.add((site["kind"], "condition:" + (normalise(site.get("condition")) or "") + "|" + (message or "")))
    return keys


def load_inventories(fixtures: Path) -> dict[str, list[dict[str, Any]]]:
    out = {}
    for path in fixtures.glob("sglang_check_sites-*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        out[data["release"]] = data["sites"]
    return dict(sorted(out.items(), key=lambda kv: release_key(kv[0])))


def index(sites: Iterable[Mapping[str, Any]]) -> dict[tuple[str, str], list[str]]:
    """content key -> the ``file:line`` of each site with it."""
    out: dict[tuple[str, str], list[str]] = {}
    for s in sites:
        for key in content_keys(s):
            out.setdefault(key, []).append(f"{s['file']}:{s['line']}")
    return out


def resolve(rules: Iterable[Any], inventories: Mapping[str, list[dict[str, Any]]]) -> dict[str, Any]:
    """Per rule: the anchor sites it cites, and per release where the same checks sit (absent: not there)."""
    from argmatrix.matrix.sglang_checks.coverage import _resolve, citations

    anchor_sites = inventories[ANCHOR]
    by_file: dict[str, list[dict[str, Any]]] = {}
    for s in anchor_sites:
        by_file.setdefault(s["file"], []).append(s)
    indexes = {release: index(sites) for release, sites in inventories.items()}
    found: dict[str, dict[str, list[str]]] = {}
    unresolved: list[str] = []  # cites no anchor site: holds everywhere, listed for a person
    for rule in rules:
        cited = [s for c in citations(rule) for s in _resolve(c, by_file)[1]]
        if not cited:
            unresolved.append(rule.id)
            continue
        keys = set().union(*(content_keys(s) for s in cited))
        per_release = {}
        for release, idx in indexes.items():
            where = sorted({loc for key in keys for loc in idx.get(key, ())}, key=_site_order)
            if where:
                per_release[release] = where
        found[rule.id] = per_release
    return {"found": found, "unresolved": sorted(unresolved)}


def _site_order(loc: str) -> tuple[str, int]:
    file, line = loc.rsplit(":", 1)
    return file, int(line)


def runs(releases: list[str], held: list[str]) -> tuple[tuple[str, str], ...]:
    """``releases`` (a subset of ``held``, in order) as runs of consecutive held releases."""
    out: list[list[str]] = []
    for release in held:
        if release not in releases:
            continue
        if out and held.index(out[-1][1]) == held.index(release) - 1:
            out[-1][1] = release
        else:
            out.append([release, release])
    return tuple((a, b) for a, b in out)


def render(result: dict[str, Any], held: list[str]) -> str:
    table = {rule: runs(list(per), held) for rule, per in sorted(result["found"].items())}
    everywhere = {rule for rule, r in table.items() if r == ((held[0], held[-1]),)}
    narrowed = {rule: r for rule, r in table.items() if rule not in everywhere}
    body = [
        HEADER.format(anchor=ANCHOR),
        "# the release whose code the rules' file:line citations were written against\n",
        f"ANCHOR = {ANCHOR!r}\n",
        "# the releases whose inventories were read\n",
        f"RELEASES_READ: tuple[str, ...] = {pprint.pformat(tuple(held), width=116, compact=True)}\n\n",
        "# rule id -> the runs of held releases whose code has the check it ports; a rule not listed holds in every\n"
        "# held release (its check is in all of them, or it cites no check of the inventory: NOT_RESOLVED)\n",
        "HOLDS_IN: dict[str, tuple[tuple[str, str], ...]] = "
        + pprint.pformat(narrowed, width=116, sort_dicts=True, compact=True) + "\n\n",
        "# rules whose citation names no check site of the anchor's inventory (a silent override, a line outside the\n"
        "# inventory's definition): they hold in every release, and a person reviews them\n",
        "NOT_RESOLVED: tuple[str, ...] = " + pprint.pformat(tuple(result["unresolved"]), width=116, compact=True) + "\n",
    ]
    return "".join(body)


def build(fixtures: Path = FIXTURES) -> tuple[str, str, dict[str, Any]]:
    from argmatrix.matrix.sglang_checks import SGLANG_RULES

    inventories = load_inventories(fixtures)
    result = resolve(SGLANG_RULES, inventories)
    held = list(inventories)
    # one rule a line: small to load, and a new release's moves show as one changed line per rule
    lines = [f"{json.dumps(rule)}:{json.dumps(per, separators=(',', ':'), sort_keys=True)}"
             for rule, per in sorted(result["found"].items())]
    sites = "{\n" + ",\n".join(lines) + "\n}\n"
    return render(result, held), sites, result


def review(result: dict[str, Any], held: list[str]) -> list[str]:
    """Lines for a person: rules the newest release no longer has, and rules missing from some older release."""
    newest = held[-1]
    lines = [f"{rule}: its check is not in SGLang {newest}'s code (text changed or removed): review the rule"
             for rule, per in sorted(result["found"].items()) if newest not in per]
    lines += [f"{rule}: cites no check site of the {ANCHOR} inventory; it holds in every release"
              for rule in result["unresolved"]]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the committed tables are stale")
    parser.add_argument("--fixtures", type=Path, default=FIXTURES, help="where the inventories are")
    ns = parser.parse_args(argv)
    table, sites, result = build(ns.fixtures)
    if ns.check:
        stale = [p for p, text in ((TABLE, table), (SITES, sites)) if not p.exists() or p.read_text() != text]
        for p in stale:
            print(f"{p.relative_to(ROOT)} is stale: run tools/sglang_rule_releases.py", file=sys.stderr)
        return 1 if stale else 0
    TABLE.write_text(table, encoding="utf-8")
    SITES.write_text(sites, encoding="utf-8")
    held = list(load_inventories(ns.fixtures))
    print(f"{TABLE.relative_to(ROOT)}: {len(result['found'])} rules resolved over {len(held)} releases "
          f"({len(result['unresolved'])} cite no inventory site)")
    for line in review(result, held):
        print("  review: " + line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
