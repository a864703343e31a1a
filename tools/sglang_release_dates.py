"""Derive the release dates of every SGLang flag, alias and choice value from the release fixtures.

    PYTHONPATH=$PWD python tools/sglang_release_dates.py [tests/fixtures] [argmatrix/schema/release_dates.py]

Reads every ``sglang-<release>.json`` (each written from that release's wheel by ``tools/sglang_release.py``: the
release's own argparse parser, nothing else) and writes, for argmatrix's fields, the first release that has each
flag, alias and value, the first that refuses it, the first that deprecates it, the successors each release's
parser names, and the switches it spells ``--no-X``.  ``argmatrix/schema/release_dates.py`` is this output and
nothing else; ``tests/schema/test_release_table.py`` regenerates it in memory and requires it to be equal, so the
dates can never drift from the fixtures.  What no fixture can say stays in ``schema/release_table.py``.
"""
from __future__ import annotations

import json
import pprint
import sys
from pathlib import Path

HEADER = '''"""Release dates of SGLang's flags, aliases and values, derived from the release fixtures: do not edit.

Written by ``tools/sglang_release_dates.py`` from ``tests/fixtures/sglang-<release>.json`` (each release's own
parser, read from its wheel); ``tests/schema/test_release_table.py`` fails when this file and the fixtures disagree.
What no fixture can say is ``release_table.py``; ``releases.py`` reads both.
"""
from __future__ import annotations

from typing import Any

'''


def _key(release: str) -> tuple[int, ...]:
    return tuple(int(p) for p in release.split("."))


def load(fixture_dir: Path) -> dict[str, list[dict]]:
    out = {}
    for path in fixture_dir.glob("sglang-*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        out[data["sglang_version"]] = data["flags"]
    return dict(sorted(out.items(), key=lambda kv: _key(kv[0])))


def derive(fixtures: dict[str, list[dict]], flags: dict[str, str], specs: dict, skip: set[str]) -> dict[str, object]:
    """The date tables for fields ``specs`` (``flags``: spelling -> field), from ``fixtures`` (release -> entries)."""
    releases = list(fixtures)
    first_release = releases[0]

    def entry(name: str, release: str) -> dict | None:
        """The release's entry for field ``name``, found by spelling (a dest can be shared by a deprecated flag)."""
        return next((e for e in fixtures[release] if any(flags.get(f) == name for f in e["flags"])), None)

    introduced, gone, deprecated, refused_by_error, ignored = {}, {}, {}, {}, {}
    parser_defaults: dict[str, tuple[tuple[str, object], ...]] = {}
    parser_types: dict[str, tuple[tuple[str, str], ...]] = {}
    successors: dict[str, tuple[str, ...]] = {}
    spellings_missing: dict[str, tuple[str, ...]] = {}
    values_introduced: dict[str, dict[str, list[str]]] = {}
    values_gone: dict[str, dict[str, list[str]]] = {}
    for name, spec in specs.items():
        if name in skip:
            continue
        seen = [(r, entry(name, r)) for r in releases]
        takes = [(r, e) for r, e in seen if e is not None and not (e.get("deprecated") and not e["deprecated"]["accepted"])]
        if not takes:
            gone[name] = "0.5.8"  # no release we read takes it
        else:
            first, last = takes[0][0], takes[-1][0]
            if first != first_release:
                introduced[name] = first
            if last != releases[-1]:
                gone[name] = releases[releases.index(last) + 1]
        for r, e in seen:
            dep = e and e.get("deprecated")
            if not dep:
                continue
            if dep["accepted"]:
                deprecated.setdefault(name, r)
                if dep["effect"] == "ignored":
                    ignored.setdefault(name, r)
            elif name not in refused_by_error:
                dropped = [x for x, e2 in seen if _key(x) > _key(r) and e2 is None]
                refused_by_error[name] = (r, dropped[0] if dropped else None)
            if dep["successors"]:
                successors[name] = tuple(dep["successors"])  # the newest release that names them has the last word
        own = [(r, e) for r, e in takes if e["dest"] == name]  # not an old spelling kept as another field's alias
        runs = _default_runs(own, spec.default)
        if runs:
            parser_defaults[name] = runs
        typed = [(r, e["type"]) for r, e in own if not e["action"].startswith("Deprecated")]
        # the release converts otherwise than the field: a number of the other kind, or a switch it reads as text
        numeric = spec.type_label in ("int", "float")
        unlike = any((numeric and t in ("int", "float") and t != spec.type_label) or (spec.is_bool and t == "str")
                     for _, t in typed)
        if len({t for _, t in typed}) > 1 or unlike:
            parser_types[name] = tuple((r, t) for i, (r, t) in enumerate(typed) if i == 0 or typed[i - 1][1] != t)
        lives = {r for r, _ in takes}
        for flag in spec.flags:
            lacking = [r for r, e in seen if r in lives and e is not None and flag not in e["flags"]]
            lacking += [r for r, e in seen if r in lives and e is None]
            if flag.startswith("--") and lacking:
                spellings_missing[flag] = tuple(sorted(set(lacking), key=_key))
        if not spec.choices:
            continue
        # a release's parser choices, or the names it looks a free string up in at start-up (checked_choices)
        with_choices = [(r, {str(c) for c in e.get("choices") or e["checked_choices"]}) for r, e in seen
                        if e is not None and (e.get("choices") or e.get("checked_choices"))
                        and not (e.get("deprecated") and not e["deprecated"]["accepted"])]
        if not with_choices:
            continue
        for value in map(str, spec.choices):
            present = [r for r, values in with_choices if value in values]
            if not present:
                values_gone.setdefault(name, {}).setdefault("0.5.8", []).append(value)  # no release takes it
                continue
            if present[0] != with_choices[0][0]:
                values_introduced.setdefault(name, {}).setdefault(present[0], []).append(value)
            later = [r for r, values in with_choices if _key(r) > _key(present[-1])]
            if later:
                values_gone.setdefault(name, {}).setdefault(later[0], []).append(value)
    newest = fixtures[releases[-1]]
    no_spelling = sorted(flags[e["flags"][0]] for e in newest if e["action"] == "boolean_optional"
                         and e["flags"][0] in flags)
    for name in no_spelling:  # the off switch is a spelling too: releases before BooleanOptionalAction lack it
        off = "--no-" + specs[name].flag[2:]
        lacking = [r for r in releases if (e := entry(name, r)) is not None and off not in e["flags"]]
        if lacking:
            spellings_missing[off] = tuple(lacking)
    schema_spellings = set(flags)
    former = {}
    for r in releases:
        for e in fixtures[r]:
            for flag in e["flags"]:
                if flag not in schema_spellings:
                    former.setdefault(flag, [r, r])[1] = r
    former_gone = {f: releases[releases.index(last) + 1] for f, (_, last) in former.items() if last != releases[-1]}

    def freeze(d):
        return {k: {r: tuple(sorted(v)) for r, v in sorted(by.items(), key=lambda kv: _key(kv[0]))}
                for k, by in sorted(d.items())}

    return {
        "RELEASES_READ": tuple(releases),
        "INTRODUCED": dict(sorted(introduced.items())),
        "GONE": dict(sorted(gone.items())),
        "DEPRECATED": dict(sorted(deprecated.items())),
        "REFUSED_BY_ERROR": dict(sorted(refused_by_error.items())),
        "IGNORED": dict(sorted(ignored.items())),
        "SUCCESSORS": dict(sorted(successors.items())),
        "SPELLINGS_MISSING": dict(sorted(spellings_missing.items())),
        "VALUES_INTRODUCED": freeze(values_introduced),
        "VALUES_GONE": freeze(values_gone),
        "NO_SPELLING": tuple(no_spelling),
        "PARSER_DEFAULTS": dict(sorted(parser_defaults.items())),
        "PARSER_TYPES": dict(sorted(parser_types.items())),
        "UNHELD_SPELLINGS_GONE": dict(sorted(former_gone.items())),
    }


def _default_runs(takes: list[tuple[str, dict]], declared: object) -> tuple[tuple[str, object], ...]:
    """``((since, default), ...)``: the parser default of each release that takes the flag, one entry per change,
    when any release's differs from argmatrix's declared default (empty otherwise)."""
    runs: list[tuple[str, object]] = []
    for release, entry in takes:
        default = entry["default"]
        if isinstance(default, str) and (entry["type"] == "json" or isinstance(declared, (dict, list))):
            default = json.loads(default)  # SGLang keeps a JSON object's default as its text ('{}')
        if not runs or runs[-1][1] != default:
            runs.append((release, default))
    return tuple(runs) if any(d != declared for _, d in runs) else ()


COMMENTS = {
    "RELEASES_READ": "the releases whose parsers were read (tests/fixtures/sglang-<release>.json)",
    "INTRODUCED": "field -> the first release that has its flag (fields 0.5.9 already has are left out)",
    "GONE": "field -> the first release that refuses its flag (0.5.8: no release read takes it)",
    "DEPRECATED": "field -> the first release that takes its flag with a deprecation warning",
    "REFUSED_BY_ERROR": "field -> (first, until): the releases whose parser still knows the flag but stops with its own "
                        "error (until: the first that has no such flag at all; None: none yet)",
    "IGNORED": "field -> the first release that takes its flag and does nothing with it",
    "SUCCESSORS": "field -> the successors the newest release that deprecates its flag names",
    "SPELLINGS_MISSING": "spelling -> the releases that have its field but do not read this spelling of it",
    "VALUES_INTRODUCED": "field -> release -> the choice values that release is the first to take",
    "VALUES_GONE": "field -> release -> the values that release is the first to refuse (0.5.8: no release takes it)",
    "NO_SPELLING": "fields whose off switch the newest release spells --no-<flag> (argparse BooleanOptionalAction)",
    "UNHELD_SPELLINGS_GONE": "spellings no schema field holds -> the first release that refuses them",
    "PARSER_DEFAULTS": "field -> ((first release, its parser's default), ...) for the fields whose parser default "
                       "in some release is not the declared one (None: the release resolves it at start-up)",
    "PARSER_TYPES": "field -> ((first release, the type its parser converts the value with), ...) for the fields "
                    "whose parser type changed between releases",
}


TYPES = {
    "RELEASES_READ": "tuple[str, ...]", "INTRODUCED": "dict[str, str]", "GONE": "dict[str, str]",
    "DEPRECATED": "dict[str, str]", "REFUSED_BY_ERROR": "dict[str, tuple[str, str | None]]",
    "IGNORED": "dict[str, str]", "SUCCESSORS": "dict[str, tuple[str, ...]]",
    "SPELLINGS_MISSING": "dict[str, tuple[str, ...]]", "VALUES_INTRODUCED": "dict[str, dict[str, tuple[str, ...]]]",
    "VALUES_GONE": "dict[str, dict[str, tuple[str, ...]]]", "NO_SPELLING": "tuple[str, ...]",
    "UNHELD_SPELLINGS_GONE": "dict[str, str]",
    "PARSER_DEFAULTS": "dict[str, tuple[tuple[str, Any], ...]]",
    "PARSER_TYPES": "dict[str, tuple[tuple[str, str], ...]]",
}


def render(tables: dict[str, object]) -> str:
    out = [HEADER]
    for name, value in tables.items():
        text = pprint.pformat(value, width=116, sort_dicts=False, compact=True)
        out.append(f"# {COMMENTS[name]}\n{name}: {TYPES[name]} = {text}\n\n")
    return "".join(out).rstrip("\n") + "\n"


def build(fixture_dir: Path) -> str:
    from argmatrix.schema.meta import ARGMATRIX_ONLY_GROUPS
    from argmatrix.schema.registry import FLAGS, SPECS

    skip = {n for n, s in SPECS.items() if s.group.key in ARGMATRIX_ONLY_GROUPS}
    return render(derive(load(fixture_dir), dict(FLAGS), dict(SPECS), skip))


def main(argv: list[str]) -> None:
    fixture_dir = Path(argv[0]) if argv else Path("tests/fixtures")
    out = Path(argv[1]) if len(argv) > 1 else Path("argmatrix/schema/release_dates.py")
    out.write_text(build(fixture_dir), encoding="utf-8")
    print(f"{out}: dates from {len(load(fixture_dir))} release fixtures")


if __name__ == "__main__":
    main(sys.argv[1:])
