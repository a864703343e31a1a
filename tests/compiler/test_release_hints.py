"""Every fix argmatrix prints for a release-related finding names only what the release it names accepts.

The releases' own parsers are the judges: ``tests/fixtures/sglang-<release>.json`` (read from each wheel by
``tools/sglang_release.py``) lists every flag and choice value a held release takes, so no SGLang is imported.
Each test drives check-config over every flag (and value, off switch, former spelling, successor pair) of each
held release, follows every ``fix:`` hint it prints, and checks each ``--flag value`` the hint tells you to write.
The hand-kept table's replacements (``schema/release_table.py``) are followed the same way, release by release.
"""
from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest

from argmatrix.schema.registry import FLAGS, SPECS
from argmatrix.schema.release_table import CHANGES, FORMER_FLAGS, KNOWN_FLAG_SETS, NEWEST, OLDEST
from argmatrix.schema.releases import (
    argmatrix_only,
    exists_in,
    former_flag,
    parse_release,
    values_in,
    verdict,
)

from .helpers import run

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
RELEASE_CODES = {"AM-W107", "AM-E109", "AM-E110", "AM-E111", "AM-E112", "AM-E113", "AM-E115", "AM-W116", "AM-E117",
                 "AM-E001", "AM-E009", "AM-E106"}
ARGMATRIX_OPTIONS = {"--sglang-version", "--allow-unsupported", "--strict"}  # argmatrix's own, said in hints
TOKEN = re.compile(r"(?<![\w-])(--[a-z0-9][a-z0-9-]*[a-z0-9])(?:[ =]([^\s;,()（）：:，；]+))?")
ABOUT_ITSELF = ("remove ", "drop ", "keep ", "leave ", "去掉", "删除", "在 SGLang")


@cache
def release_flags(release: str) -> dict[str, dict]:
    """flag spelling -> its entry in the release's own parser."""
    data = json.loads((FIXTURES / f"sglang-{release}.json").read_text(encoding="utf-8"))
    return {f: entry for entry in data["flags"] for f in entry["flags"]}


def named(text: str) -> list[tuple[str, str | None]]:
    """Each ``--flag`` a hint names, with the word after it (its value, when the flag takes one)."""
    return [(m.group(1), m.group(2)) for m in TOKEN.finditer(text)]


def problems_in(hint: str, release: str, own: str | None) -> list[str]:
    """What in ``hint`` SGLang ``release`` would refuse: a flag it lacks, or a choice value it lacks."""
    held = release in KNOWN_FLAG_SETS
    out = []
    # values are what the hint tells you to write (before the meanings that follow in brackets or after ';')
    spelled = re.split(r"[(（;；]", hint, maxsplit=1)[0]
    for flag, word in named(hint):
        if word is not None and (word.startswith("-") or f"{flag} {word}" not in spelled):
            word = None
        if flag in ARGMATRIX_OPTIONS:
            continue
        if flag == own and (hint.startswith(ABOUT_ITSELF) or flag not in spelled):
            continue  # "remove --x", "keep --x for 0.5.13", "(the successor of --x)": about the flag itself
        if held:
            entry = release_flags(release).get(flag)
            if entry is None:
                out.append(f"{flag} (SGLang {release} has no such flag)")
                continue
            choices = entry.get("choices")
            if word and choices and not word.isupper() and not word.startswith("<"):
                if word not in {str(c) for c in choices}:
                    out.append(f"{flag} {word} (SGLang {release} takes {choices})")
        else:  # a release between those held: the dated table is all we have
            if flag not in FLAGS or not exists_in(FLAGS[flag], release):
                out.append(f"{flag} (SGLang {release} has no such flag, by the table's dates)")
            elif word and (taken := values_in(FLAGS[flag], release)) and not word.isupper() and word not in taken:
                if word in {str(v) for v in SPECS[FLAGS[flag]].choices or ()}:
                    out.append(f"{flag} {word} (SGLang {release} lacks it, by the table's dates)")
    return out


def _argv(name: str, release: str) -> list[str]:
    spec = SPECS[name]
    if spec.is_bool:
        return [spec.flag]
    if spec.choices:
        taken = values_in(name, release) or tuple(map(str, spec.choices))
        return [spec.flag, str(taken[0] if taken else spec.choices[0])]
    if spec.is_object:
        return [spec.flag, "{}"]
    if name == "sidecar_args":  # one JSON list of strings (nargs=None in 0.5.23's parser)
        return [spec.flag, '["x"]']
    default = spec.default
    if isinstance(default, (int, float)) and not isinstance(default, bool):
        return [spec.flag, str(default)]
    return [spec.flag, "1" if "int" in spec.type_label or "float" in spec.type_label else "x"]


def _hints(argv: list[str], release: str) -> list[tuple[str, str | None, str, str]]:
    c = run(argv, target="cuda", releases={"sglang": release})
    return [(f.code, f.flag, f.hint.en, f.hint.zh) for f in c.findings if f.code in RELEASE_CODES and f.hint]


def _check(found: list[tuple[str, str | None, str, str]], release: str, context: str) -> list[str]:
    bad = []
    for code, flag, en, zh in found:
        for problem in problems_in(en, release, flag):
            bad.append(f"{context}: {code} on {flag}: fix '{en}' names {problem}")
        if {f for f, _ in named(en)} != {f for f, _ in named(zh)}:
            bad.append(f"{context}: {code} on {flag}: the English and Chinese fixes name different flags")
    return bad


@pytest.mark.parametrize("release", KNOWN_FLAG_SETS)
def test_every_fix_for_every_flag_is_accepted_by_its_release(release):
    bad, seen = [], 0
    for name in SPECS:
        found = _hints(_argv(name, release), release)
        seen += len(found)
        bad += _check(found, release, " ".join(_argv(name, release)))
    assert seen > 40  # the deprecated, refused and not-yet flags of each release all gave a fix
    assert not bad, "\n".join(bad[:20])


@pytest.mark.parametrize("release", KNOWN_FLAG_SETS)
def test_every_fix_for_a_value_or_an_off_switch_is_accepted_by_its_release(release):
    bad = []
    for name, spec in SPECS.items():
        if argmatrix_only(name) or not exists_in(name, release):
            continue
        for value in map(str, spec.choices or ()):
            bad += _check(_hints([spec.flag, value], release), release, f"{spec.flag} {value}")
        if spec.is_bool:
            for off in ("--no-" + spec.flag[2:], spec.flag + "=false"):
                bad += _check(_hints([off], release), release, off)
    assert not bad, "\n".join(bad[:20])


@pytest.mark.parametrize("release", KNOWN_FLAG_SETS)
def test_every_fix_for_a_deprecated_flag_given_with_its_successor_is_accepted(release):
    bad = []
    for name, change in CHANGES.items():
        if verdict(name, release).state != "deprecated":
            continue
        for successor in change.successors:
            if successor not in FLAGS or not exists_in(FLAGS[successor], release):
                continue  # a spelling argmatrix does not hold, or one the release lacks (AM-E110 says so)
            argv = _argv(name, release) + _argv(FLAGS[successor], release)
            found = _hints(argv, release)
            assert any(code == "AM-W116" for code, *_ in found), argv
            bad += _check(found, release, " ".join(argv))
    assert not bad, "\n".join(bad[:20])


@pytest.mark.parametrize("release", KNOWN_FLAG_SETS)
def test_an_unknown_flag_is_answered_with_a_spelling_the_release_accepts(release):
    """A former spelling names its successor in this release; a typo of a flag the release refuses is never
    answered with a look-alike it refuses too (``--enable-prefill-context-parallel``)."""
    bad = []
    for flag in FORMER_FLAGS:
        bad += _check(_hints([flag], release), release, flag)
    for name in SPECS:
        if verdict(name, release).state == "refused":
            typo = SPECS[name].flag[:-1] + ("x" if SPECS[name].flag[-1] != "x" else "y")
            bad += _check(_hints([typo], release), release, typo)
    assert not bad, "\n".join(bad[:20])


def _releases_from(since: str, until: str | None) -> list[str]:
    """Every 0.5.x release from ``since`` up to (not including) ``until`` that the dates cover."""
    lo, hi = parse_release(since), parse_release(until) if until else parse_release(NEWEST) + (1,)
    return [f"0.5.{n}" for n in range(parse_release(OLDEST)[2], parse_release(NEWEST)[2] + 1)
            if lo <= (0, 5, n) < hi]


def test_every_replacement_in_the_hand_kept_table_is_accepted_where_it_applies():
    """Each ``writes`` spelling (and each successor) of the table is taken by every release it is offered for:
    the held releases by their own parsers, the others by the table's dates."""
    bad = []
    for key, change in [*CHANGES.items(), *FORMER_FLAGS.items()]:
        steps = sorted(change.writes, key=lambda w: parse_release(w[0]))
        for i, (since, spelling) in enumerate(steps):
            until = steps[i + 1][0] if i + 1 < len(steps) else None
            for release in _releases_from(since, until):
                if spelling:
                    bad += [f"{key}: '{spelling}' from {since}: {p}" for p in problems_in(spelling, release, None)]
    for name in CHANGES:
        for spelling in verdict(name, NEWEST).writes:
            bad += [f"{name}: {p}" for p in problems_in(spelling, NEWEST, None)]
    assert not bad, "\n".join(bad)


def test_the_fixes_the_issue_named():
    """Issue 19: each of these pointed at a flag or value SGLang 0.5.23 refuses."""
    crash = verdict("crash_on_nan", NEWEST)
    assert "--enable-nan-detection" not in crash.fix.en and crash.state == "refused"
    assert "--enable-nan-detection" in verdict("crash_on_nan", "0.5.9").fix.en  # 0.5.9 still has it
    piecewise = verdict("enforce_piecewise_cuda_graph", NEWEST)
    assert "tc_piecewise" not in piecewise.fix.en and piecewise.writes == ("--cuda-graph-backend-prefill breakable",)
    assert verdict("enforce_piecewise_cuda_graph", "0.5.20").writes == ("--cuda-graph-backend-prefill tc_piecewise",)
    why, fix = former_flag("--enable-prefill-context-parallel", NEWEST)
    # the wheels' own parsers: 0.5.19 still registers it (deprecated), 0.5.20 does not
    assert "0.5.20" in why.en and fix.en.startswith("write --enable-prefill-cp")
    assert "--enable-nsa-prefill-context-parallel" not in fix.en


@pytest.mark.parametrize("release", [KNOWN_FLAG_SETS[0], NEWEST])
def test_an_unknown_config_key_is_answered_with_a_key_the_release_has(tmp_path, release):
    from argmatrix.schema.registry import NAMES

    bad = []
    refused = [n for n in SPECS if verdict(n, release).state == "refused"]
    path = tmp_path / "typos.yaml"
    path.write_text("".join(f"{n[:-1]}{'x' if n[-1] != 'x' else 'y'}: 1\n" for n in refused), encoding="utf-8")
    c = run([], target="cuda", releases={"sglang": release}, config=str(path))
    for f in c.findings:
        if f.code == "AM-E001" and f.hint and "did you mean" in f.hint.en:
            key = f.hint.en.split("'")[1]
            if not exists_in(NAMES[key], release):
                bad.append(f"{f.message.en}: {f.hint.en} (SGLang {release} refuses it)")
    assert not bad, "\n".join(bad)
