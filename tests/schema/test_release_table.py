"""The hand-kept release table reproduces each release fixture exactly: flags, choice values, deprecations, ``--no-``
spellings.  The fixtures are what each release's own parser says (``tools/sglang_release.py``, no SGLang here);
the table only adds what no fixture can say (successors of gone flags, the dates in between, spellings with a
value), so wherever a fixture speaks, the reader (``schema.releases``) must say the same."""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from argmatrix.schema.registry import FLAGS, SPECS
from argmatrix.schema.release_table import CHANGES, KNOWN_FLAG_SETS, NEWEST, NO_SPELLING
from argmatrix.schema.releases import abbreviates, flags_in, state_of, values_in, verdict

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@cache
def entries(release: str) -> dict[str, dict]:
    """field -> the release parser's entry for it."""
    data = json.loads((FIXTURES / f"sglang-{release}.json").read_text(encoding="utf-8"))
    out = {}
    for entry in data["flags"]:
        name = next((FLAGS[f] for f in entry["flags"] if f in FLAGS), None)
        if name is not None and name not in out:
            out[name] = entry
    return out


@pytest.mark.parametrize("release", KNOWN_FLAG_SETS)
def test_the_flag_spellings_of_the_release_are_the_ones_the_reader_gives(release):
    theirs = {f for e in entries(release).values() for f in e["flags"] if f in FLAGS}
    assert flags_in(release) >= theirs
    extra = {f for f in flags_in(release) - theirs if f.startswith("--")}
    assert not extra, sorted(extra)[:10]


@pytest.mark.parametrize("release", KNOWN_FLAG_SETS)
def test_the_choice_values_of_the_release_are_the_ones_the_reader_gives(release):
    bad = []
    for name, entry in entries(release).items():
        if not entry.get("choices") or not SPECS[name].choices or entry.get("deprecated"):
            continue
        theirs, ours = {str(c) for c in entry["choices"]}, set(values_in(name, release) or ())
        if theirs != ours:
            bad.append(f"{SPECS[name].flag}: release has {sorted(theirs - ours)} we lack, we offer "
                       f"{sorted(ours - theirs)} it lacks")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("release", KNOWN_FLAG_SETS)
def test_the_deprecations_of_the_release_are_the_ones_the_reader_gives(release):
    bad = []
    marked = {n for n, e in entries(release).items() if e.get("deprecated") and e["deprecated"]["accepted"]}
    for name in marked:
        dep = entries(release)[name]["deprecated"]
        v = verdict(name, release)
        if v.state != "deprecated":
            bad.append(f"{SPECS[name].flag}: {release} deprecates it, the reader says {v.state}")
            continue
        if set(dep["successors"]) != set(CHANGES[name].successors):
            bad.append(f"{SPECS[name].flag}: successors {dep['successors']} != {CHANGES[name].successors}")
        if (dep["effect"] == "ignored") != CHANGES[name].ignored:
            bad.append(f"{SPECS[name].flag}: effect {dep['effect']}, the table says ignored={CHANGES[name].ignored}")
    for name, change in CHANGES.items():
        if state_of(change, release) == "deprecated" and name in entries(release) and name not in marked:
            bad.append(f"{SPECS[name].flag}: the table deprecates it in {release}, its parser does not")
    assert not bad, "\n".join(bad)


def test_the_no_spellings_are_the_newest_parsers_boolean_optional_switches():
    theirs = {n for n, e in entries(NEWEST).items() if e["action"] == "boolean_optional"}
    assert theirs == set(NO_SPELLING)


@pytest.mark.parametrize("release", KNOWN_FLAG_SETS)
def test_how_a_refused_flag_stops_follows_from_the_release_flag_set(release):
    """'ambiguous option' exactly when the gone flag abbreviates two or more flags the release has."""
    theirs = {f for e in entries(release).values() for f in e["flags"]}
    for name in CHANGES:
        v = verdict(name, release)
        if v.state != "refused":
            continue
        flag = SPECS[name].flag
        assert flag not in theirs
        prefixed = {f for f in theirs if f.startswith(flag)}
        assert (v.refusal == "ambiguous") == (len(prefixed) > 1), (flag, prefixed)
        assert set(abbreviates(flag, release)) <= prefixed
