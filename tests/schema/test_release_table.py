"""The release facts derive from the release fixtures: ``release_dates.py`` is exactly what
``tools/sglang_release_dates.py`` writes from ``tests/fixtures/sglang-*.json`` (each release's own parser, read from
its wheel by ``tools/sglang_release.py``; no SGLang here), and the reader (``schema.releases``) says for every
release what that release's parser says: flags, aliases, choice values, deprecations, ``--no-`` spellings.  The
hand-kept table (``release_table.py``) only adds what no fixture can say."""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from argmatrix.schema.registry import FLAGS, SPECS
from argmatrix.schema.release_table import (
    CHANGES,
    FORMER_FLAGS,
    KNOWN_FLAG_SETS,
    NEWEST,
    NO_SPELLING,
    OLDEST,
    UNHELD_SPELLINGS_GONE,
)
from argmatrix.schema.releases import abbreviates, flags_in, ignored_in, state_of, values_in, verdict

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"


def test_the_dates_are_the_ones_the_fixtures_give():
    """Regenerated in memory from the fixtures, release_dates.py comes out unchanged (run the tool when it does not:
    PYTHONPATH=$PWD python tools/sglang_release_dates.py)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("sglang_release_dates", ROOT / "tools" / "sglang_release_dates.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    written = (ROOT / "argmatrix" / "schema" / "release_dates.py").read_text(encoding="utf-8")
    assert tool.build(FIXTURES) == written, "release_dates.py is stale: run tools/sglang_release_dates.py"
    assert set(tool.load(FIXTURES)) == set(KNOWN_FLAG_SETS)


def test_former_spellings_are_dated_as_the_fixtures_date_them():
    for flag, change in FORMER_FLAGS.items():
        if flag in UNHELD_SPELLINGS_GONE:
            assert change.gone_in == UNHELD_SPELLINGS_GONE[flag], flag
        else:  # never in a release we read
            assert change.gone_in == OLDEST, flag


# choice values one release between those the seed and newest describe took and the schema never listed
SCHEMA_LACKS = {"speculative_algorithm": {"DFLASH"}, "bf16_gemm_backend": {"flashinfer_pr4266"}}


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
    theirs = {f for e in entries(release).values() for f in e["flags"] if f in FLAGS
              and not (e.get("deprecated") and not e["deprecated"]["accepted"])}  # a flag it stops on is not read
    assert flags_in(release) >= theirs
    extra = {f for f in flags_in(release) - theirs if f.startswith("--")}
    assert not extra, sorted(extra)[:10]


@pytest.mark.parametrize("release", KNOWN_FLAG_SETS)
def test_the_choice_values_of_the_release_are_the_ones_the_reader_gives(release):
    bad = []
    for name, entry in entries(release).items():
        listed = entry.get("choices") or entry.get("checked_choices")  # parser choices, or names looked up later
        if not listed or not SPECS[name].choices or entry.get("deprecated"):
            continue
        theirs, ours = {str(c) for c in listed}, set(values_in(name, release) or ())
        if ours - theirs:  # never offer a value the release lacks (the schema lacking one of its values is
            bad.append(f"{SPECS[name].flag}: we offer {sorted(ours - theirs)} that {release} lacks")  # a gap, listed
        gaps = theirs - ours - SCHEMA_LACKS.get(name, set())
        if gaps:
            bad.append(f"{SPECS[name].flag}: {release} takes {sorted(gaps)}, which the schema lacks")
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
        held = {f for f in dep["successors"] if f in FLAGS}  # the release may name a spelling argmatrix lacks
        if not held <= set(CHANGES[name].successors):
            bad.append(f"{SPECS[name].flag}: {release} names {dep['successors']}, the reader {CHANGES[name].successors}")
        if (dep["effect"] == "ignored") != ignored_in(CHANGES[name], release):
            bad.append(f"{SPECS[name].flag}: effect {dep['effect']}, the reader disagrees")
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
        if v.refusal == "error":  # the parser still knows it and stops with its own message
            assert flag in theirs and entries(release)[name]["deprecated"]["effect"] == "error"
            continue
        assert flag not in theirs
        prefixed = {f for f in theirs if f.startswith(flag)}
        assert (v.refusal == "ambiguous") == (len(prefixed) > 1), (flag, prefixed)
        assert set(abbreviates(flag, release)) <= prefixed


def _own_entries(release: str) -> dict[str, dict]:
    """field -> the release's parser entry for it (its own dest, not an old spelling kept as another's alias)."""
    out = {}
    for e in json.loads((FIXTURES / f"sglang-{release}.json").read_text(encoding="utf-8"))["flags"]:
        name = e["dest"]
        if name in SPECS and set(SPECS[name].flags) & set(e["flags"]):
            out[name] = e
    return out


@pytest.mark.parametrize("release", KNOWN_FLAG_SETS)
def test_every_flag_exists_with_the_default_of_the_release(release):
    """Each flag the release's parser has exists there for argmatrix, and starts from that parser's default: a JSON
    object kept as its text is the object, an empty list and None are both 'nothing given'."""
    from argmatrix.schema.meta import MISSING
    from argmatrix.schema.releases import exists_in, parser_default

    for name, e in _own_entries(release).items():
        if not exists_in(name, release):
            assert e.get("deprecated") and not e["deprecated"]["accepted"], (release, name)
            continue  # the parser keeps it only to stop with its own error: no default to start from
        theirs = e["default"]
        mine = parser_default(name, release)
        mine = SPECS[name].default if mine is MISSING else mine
        if isinstance(theirs, str) and isinstance(mine, (dict, list, tuple)):
            theirs = json.loads(theirs)
        if mine in ((), []) and theirs in (None, []):
            continue
        assert mine == theirs, (release, name, mine, theirs)


@pytest.mark.parametrize("release", KNOWN_FLAG_SETS)
def test_every_flag_is_read_as_the_type_of_the_release(release):
    """The field's type takes what the release's parser converts: the same kind of number (a release that reads an
    int where argmatrix reads a float is dated in PARSER_TYPES, and a fraction there is AM-E119), a switch, a list,
    text or JSON (SGLang reads a JSON object as text)."""
    from argmatrix.compiler.sglang_reader import SWITCH_TAKES_TEXT
    from argmatrix.schema.releases import parser_type

    def kinds(name: str) -> set[str]:
        spec = SPECS[name]
        label = spec.type_label
        if spec.is_bool:
            return {"bool", "str"} if name in SWITCH_TAKES_TEXT.get(release, set()) else {"bool"}
        if spec.is_object:
            return {"json", "str"}
        if spec.is_list:
            return {"list"}
        if label.startswith("int") or (label.startswith("{") and all(isinstance(c, int) for c in spec.choices)):
            return {"int"}
        return {label} if label == "float" else {"str"}

    for name, e in _own_entries(release).items():
        if e["action"].startswith("Deprecated"):
            continue  # a placeholder action that only warns: its type converts nothing
        expected = {parser_type(name, release)} if parser_type(name, release) else kinds(name)
        assert e["type"] in expected, (release, name, e["type"], SPECS[name].type_label)


def test_takes_as_current_answers_as_the_verdict_does():
    """The shortcut a launch asks of every flag agrees with the full verdict for every field and held release."""
    from argmatrix.schema.registry import SPECS
    from argmatrix.schema.releases import KNOWN_FLAG_SETS, takes_as_current

    for name in SPECS:
        for release in KNOWN_FLAG_SETS:
            assert takes_as_current(name, release) == (verdict(name, release).state == "current"), (name, release)
