"""Spellings per SGLang release: every flag of 0.5.9 and 0.5.23 is known, renames and splits are data whose
successors exist, and the verdicts are the ones each release gives at start-up."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from argmatrix.schema import FLAGS, SPECS
from argmatrix.schema.release_table import UNHELD_SPELLINGS_GONE
from argmatrix.schema.releases import (
    CHANGES,
    INTRODUCED,
    NEWEST,
    NO_SPELLING,
    OLDEST,
    SEED_RELEASE,
    exists_in,
    parse_release,
)

from .helpers import codes, only, run

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
RELEASE_FLAGS = {r: json.loads((FIXTURES / f"sglang-{r}.json").read_text())["flags"] for r in (SEED_RELEASE, NEWEST)}
UNREADABLE = {"AM-E001", "AM-E003", "AM-E009"}


def _a_valid_argv(entry: dict) -> list[str]:
    flag = entry["flags"][0]
    if entry["action"] in ("store_true", "store_false") or entry.get("nargs") == 0 or "BooleanOptional" in str(
            entry["action"]):
        return [flag]
    if entry.get("choices"):
        return [flag, str(entry["choices"][0])]
    default = entry.get("default")
    if isinstance(default, bool):  # a string flag whose default is False (0.5.9's --debug-tensor-dump-inject)
        return [flag, "true"]
    if isinstance(default, (int, float)):
        return [flag, str(default)]
    return [flag, "x" if entry["type"] == "str" else "1"]


@pytest.mark.parametrize("release", [SEED_RELEASE, NEWEST])
def test_every_flag_of_the_release_is_known_to_argmatrix(release):
    unknown = []
    for entry in RELEASE_FLAGS[release]:
        c = run(_a_valid_argv(entry), target="cuda", releases={"sglang": release})
        bad = [f.message.en for f in c.findings if f.code in UNREADABLE]
        if bad:
            unknown.append((entry["flags"][0], bad))
    assert not unknown, unknown[:10]


@pytest.mark.parametrize("release", [SEED_RELEASE, NEWEST])
def test_the_release_dates_reproduce_each_flag_set(release):
    """exists_in(), from INTRODUCED and CHANGES, gives exactly the flags the release's own parser has."""
    theirs = {FLAGS[f] for e in RELEASE_FLAGS[release] for f in e["flags"] if f in FLAGS}
    ours = {n for n in SPECS if exists_in(n, release)}
    assert theirs - ours == set(), "flags of the release argmatrix thinks it lacks"
    assert ours - theirs == set(), "flags argmatrix thinks the release has"


def test_every_successor_exists_in_the_release_that_names_it():
    newest = {f for e in RELEASE_FLAGS[NEWEST] for f in e["flags"]}
    seed = {FLAGS[f] for e in RELEASE_FLAGS[SEED_RELEASE] for f in e["flags"] if f in FLAGS}
    for name, change in CHANGES.items():
        assert name in SPECS, name
        # a successor exists in the first release that refuses the old flag (while a release still takes the old
        # flag before its successor arrives, the fix says to keep it: test_release_hints.py)
        named_in = change.gone_in if change.gone_in not in (None, OLDEST) else NEWEST
        for successor in change.successors:
            if successor in UNHELD_SPELLINGS_GONE:  # a release's parser named a flag argmatrix does not hold
                continue
            assert successor in FLAGS and exists_in(FLAGS[successor], named_in), (name, successor)
            assert successor in newest or FLAGS[successor] in CHANGES, (name, successor)
        assert name in seed or name in INTRODUCED or (
            change.gone_in and parse_release(change.gone_in) <= parse_release(SEED_RELEASE)), name
    for name in INTRODUCED:
        assert name in SPECS and name not in seed, name
    assert NO_SPELLING <= set(SPECS)


def test_the_split_of_cuda_graph_bs():
    """0.5.23 reads --cuda-graph-bs as an ambiguous abbreviation and stops; 0.5.9 takes it."""
    c = run(["--cuda-graph-bs", "1", "2", "4"], target="cuda", releases={"sglang": "0.5.23"})
    f = only(c, "AM-E109")
    assert "ambiguous option" in f.message.en and "0.5.20" in f.message.en
    assert "--cuda-graph-bs-decode" in f.message.en and "--cuda-graph-bs-prefill" in f.message.en
    # the successor SGLang's own deprecation pointed at (0.5.14 to 0.5.19), with what it means
    assert f.hint.en.startswith("write --cuda-graph-bs-decode (") and f.hint.zh
    assert run(["--cuda-graph-bs", "1", "2", "4"], target="cuda", releases={"sglang": "0.5.9"}).findings == []
    assert run(["--cuda-graph-bs-decode", "1", "2", "4"], target="cuda", releases={"sglang": "0.5.23"}).findings == []


def test_a_deprecated_spelling_warns_and_its_successor_is_known():
    c = run(["--enable-dp-attention", "--dp-size", "2", "--tp", "2"], target="cuda", releases={"sglang": "0.5.23"})
    f = only(c, "AM-W107")
    assert "--attn-dp-size" in f.hint.en and c.exit_code == 0
    ok = run(["--attn-dp-size", "2", "--tp", "2"], target="cuda", releases={"sglang": "0.5.23"})
    assert "AM-E001" not in codes(ok)
    old = only(run(["--attn-dp-size", "2"], target="cuda", releases={"sglang": "0.5.9"}), "AM-E110")
    assert "--enable-dp-attention" in old.hint.en  # the spelling that release has


def test_release_from_the_environment_and_bad_releases():
    c = run(["--cuda-graph-bs", "8"], target="cuda", releases={"sglang": None}, env={})
    assert c.findings == []  # argmatrix's own engine: no SGLang release applies
    from argmatrix.compiler import CompileOptions, compile

    env = compile(["--cuda-graph-bs", "8"], CompileOptions(target="cuda", env={"ARGMATRIX_SGLANG_VERSION": "0.5.9"}))
    assert env.findings == [] and env.sglang_version == "0.5.9"
    assert compile(["--cuda-graph-bs", "8"], CompileOptions(target="cuda", env={})).sglang_version == NEWEST
    bad = compile([], CompileOptions(target="cuda", env={}, releases={"sglang": "0.4.9"}))
    assert codes(bad) == ["AM-E602"] and bad.exit_code == 2


def test_abbreviations_are_read_against_the_release():
    assert run(["--cuda-graph-max", "64"], target="cuda", releases={"sglang": "0.5.9"}).findings == []
    f = only(run(["--cuda-graph-max", "64"], target="cuda", releases={"sglang": "0.5.23"}), "AM-E009")
    assert "--cuda-graph-max-bs-decode" in f.message.en and f.severity == "error"
    assert run(["--tp", "2"], target="cuda", releases={"sglang": "0.5.23"}).values["tp_size"] == 2


def test_negations_sglang_does_not_have():
    f = only(run(["--disable-hicache"], target="cuda", releases={"sglang": "0.5.23"}), "AM-E111")
    assert "unrecognized arguments" in f.message.en and "--enable-hierarchical-cache" in f.hint.en
    assert run(["--no-enable-fused-qk-norm-rope"], target="cuda", releases={"sglang": "0.5.23"}).findings == []
    # the off switch arrived with BooleanOptionalAction in 0.5.23; the releases before have only the on switch
    for older in ("0.5.9", "0.5.22"):
        f = only(run(["--no-enable-fused-qk-norm-rope"], target="cuda", releases={"sglang": older}), "AM-E111")
        assert f"SGLang {older} has no --no-enable-fused-qk-norm-rope" in f.message.en and "off by default" in f.hint.en
    assert run(["--disable-hicache"], target="cuda", releases={"sglang": None}).findings == []


def test_a_flag_dropped_before_any_release_we_read_names_its_successor_not_a_lookalike():
    from argmatrix.schema.releases import FORMER_FLAGS

    assert all(successor in FLAGS for change in FORMER_FLAGS.values() for successor in change.successors)
    f = only(run(["--enable-ep-moe"], target="a3"), "AM-E001")
    assert "--ep-size" in f.hint.en and "eplb" not in f.hint.en and f.hint.zh
    c = run(["--npu-graph-max-bs", "32"], target="a3", releases={"sglang": "0.5.23"})
    assert "--cuda-graph-max-bs-decode" in only(c, "AM-E001").hint.en and c.exit_code == 2
    # each release gets the spelling it has
    assert "--cuda-graph-max-bs N" in only(run(["--npu-graph-max-bs", "32"], target="a3"), "AM-E001").hint.en


def test_a_config_key_sglang_dropped_long_ago_names_its_successor(tmp_path):
    cfg = tmp_path / "old.yaml"
    cfg.write_text("enable_ep_moe: true\n")
    f = only(run([], target="a3", config=str(cfg)), "AM-E001")
    assert "--ep-size" in f.hint.en and f.source.endswith("old.yaml:1")
