"""Each held vLLM release is judged by its own parser's facts (tests/fixtures/vllm-<release>.json).

``argmatrix/schema/vllm/release_facts.py`` is derived from the fixtures by ``tools/vllm_release_table.py`` and must be
exactly what the tool writes.  For every held release, what argmatrix says (whether a flag exists, its spelling, the
default ``check-config`` resolves, its type and choices, and every key of every JSON config) equals that release's
fixture; the release line, the spellings and the removed flags' successors are derived from the same facts.
"""
from __future__ import annotations

import importlib.util
import itertools
import json
import sys
from pathlib import Path

import pytest

from argmatrix.compiler import CompileOptions, compile
from argmatrix.matrix import engines
from argmatrix.matrix.engines.base import NEGATE_DECLARED, NEGATE_ENABLE_DISABLE
from argmatrix.matrix.platforms import PLATFORMS
from argmatrix.schema.surface import VLLM as SURFACE
from argmatrix.schema.vllm import releases

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
ENGINE = engines.get("vllm")
HELD = ENGINE.releases.held
BY_RELEASE = {r: json.loads((FIXTURES / f"vllm-{r}.json").read_text(encoding="utf-8")) for r in HELD}
CUDA = PLATFORMS["cuda"]


def _tool(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _flags(release: str) -> dict[str, dict]:
    return {e["dest"]: e for e in BY_RELEASE[release]["flags"] if e["dest"] != "model_tag"}


def test_the_release_table_is_what_the_tool_derives_from_the_fixtures():
    table = _tool("vllm_release_table")
    written = (ROOT / "argmatrix" / "schema" / "vllm" / "release_facts.py").read_text(encoding="utf-8")
    assert table.render(FIXTURES) == written, "run: PYTHONPATH=$PWD python tools/vllm_release_table.py"


def test_the_release_line_holds_every_fixture_and_nothing_else():
    assert HELD == tuple(sorted((p.stem.split("-", 1)[1] for p in FIXTURES.glob("vllm-[0-9]*.json")),
                                key=releases.release_key))
    assert ENGINE.releases.newest == HELD[-1] and ENGINE.releases.oldest == HELD[0]


@pytest.mark.parametrize("release", HELD)
def test_each_release_has_exactly_its_parsers_flags_with_its_spelling(release):
    flags = _flags(release)
    for name in SURFACE.specs:
        if name == "model":
            continue
        assert ENGINE.releases.exists_in(name, release) == (name in flags), name
    for name, entry in flags.items():
        f = releases.facts(name, release)
        hidden = set(entry.get("negative_flags") or ()) | set(entry.get("hidden_flags") or ())
        assert f is not None and list(f.flags) == [x for x in entry["flags"] if x not in hidden]
        assert sorted(f.off) == sorted(entry.get("negative_flags") or ())


@pytest.mark.parametrize("release", HELD)
def test_each_release_gives_its_parsers_type_and_choices(release):
    for name, entry in _flags(release).items():
        f = releases.facts(name, release)
        assert (f.action, f.type, f.item_type) == (entry["action"], entry["type"], entry.get("item_type")), name
        expected = tuple(c for c in entry["choices"] if c not in (None, "None")) if entry.get("choices") else None
        assert ENGINE.choices_in(SURFACE.specs[name], release) == expected, name


@pytest.mark.parametrize("release", HELD)
def test_check_config_resolves_each_flag_to_the_releases_own_default(release):
    """An empty launch under ``--vllm-version R`` holds R's parser defaults, every one the fixture has as a value."""
    compiled = compile(["vllm", "serve", "m"], CompileOptions(engine="vllm", release=release, target="cuda", env={}))
    assert compiled.release == release and not compiled.errors
    for name, entry in _flags(release).items():
        if entry.get("default_is_repr") or entry.get("default_suppressed") or name == "model":
            continue
        expected = entry["default"]
        if entry["type"] == "str" and isinstance(expected, (int, float)) and not isinstance(expected, bool):
            expected = str(expected)
        assert compiled.values[name] == expected, (name, compiled.values[name], expected)
        # the declared default, or the release's own where it differs (provenance says which)
        assert compiled.sources[name] == ("default" if SURFACE.specs[name].default == expected else f"release:{release}")


def config_fields(config: dict, name: str) -> dict[str, dict]:
    """A config class's fields by key, with the fields of the nested classes argmatrix follows as dotted keys."""
    fields = {f["name"]: f for f in config["fields"]}
    for key in _tool("vllm_release_table").NESTED_KEYS.get(name, ()):
        nested = (config.get("nested_configs") or {}).get(fields[key].get("config_class") or "")
        fields.update({f"{key}.{f['name']}": f for f in (nested or {}).get("fields", ())})
    return fields


@pytest.mark.parametrize("release", HELD)
def test_each_release_reads_exactly_its_config_classes_keys(release):
    configs = BY_RELEASE[release]["configs"]
    for name in {*configs, *releases.configs()}:
        keys = ENGINE.object_keys(name, CUDA, release)
        if name not in configs:
            assert keys is None, name
            continue
        fields = config_fields(configs[name], name)
        assert keys is not None and set(keys) == set(fields), name
        for key, field in fields.items():
            k = keys[key]
            assert k.strict and k.source.startswith(f"vLLM {release} {configs[name]['class']}")
            assert k.help.en.strip() and k.help.zh.strip(), (name, key)
            if not field.get("default_is_repr"):
                assert k.default == field.get("default"), (name, key)
            if field.get("choices") and k.choices is not None:
                assert k.choices == tuple(field["choices"])
            assert (k.bounds or None) == (field.get("constraints") or None), (name, key)


@pytest.mark.parametrize("release", HELD)
def test_each_releases_spelling_is_its_parsers(release):
    data = BY_RELEASE[release]
    spelling = ENGINE.spelling_for(release)
    enable_disable = any(e["action"] == "enable_disable" for e in data["flags"])
    assert spelling.negation == (NEGATE_ENABLE_DISABLE if enable_disable else NEGATE_DECLARED)
    assert spelling.abbreviations == data["parsing"]["allow_abbrev"]
    read_in = spelling.source.split()[1]  # the release whose parser introduced this way of reading a line
    assert spelling.source.startswith("vLLM ") and releases.release_key(read_in) <= releases.release_key(release)
    assert releases.spelling_in(release)["negation"] == releases.spelling_in(read_in)["negation"]


def test_a_flag_a_release_lacks_is_refused_naming_the_release_that_brings_it():
    """Every flag a held release added is refused by the release before it, naming the release it arrived in."""
    for prev, release in itertools.pairwise(HELD):
        for name in set(_flags(release)) - set(_flags(prev)):
            flag = releases.facts(name, release).flags[0]
            argv = ["vllm", "serve", "m", flag] + ([] if releases.facts(name, release).type == "bool" else ["1"])
            before = compile(argv, CompileOptions(engine="vllm", release=prev, target="cuda", env={}))
            found = [f for f in before.findings if f.code == "AM-E110" and f.field == name]
            assert found and release in found[0].message.en and release in found[0].message.zh, (name, prev)


def test_a_removed_flag_names_the_release_it_left_in_and_its_successor():
    """Every flag that left a held release is refused there, naming that release and the successor its last
    release's parser points to."""
    gone = releases.removed()
    for name, release in gone.items():
        flag = releases.facts(name, releases.releases_with(name)[-1]).flags[0]
        compiled = compile(["vllm", "serve", "m", flag, "1"], CompileOptions(engine="vllm", release=release,
                                                                             target="cuda", env={}))
        found = [f for f in compiled.findings if f.code == "AM-E110" and f.field == name]
        last = releases.releases_with(name)[-1]
        assert found and release in found[0].message.en and release in found[0].message.zh, name
        assert f"--vllm-version {last}" in found[0].hint.en or releases.successors().get(name), name
        for successor in releases.successors().get(name, ()):
            assert successor in found[0].message.en and successor in found[0].hint.en


def test_an_unheld_release_is_a_usage_error_that_lists_the_held_ones():
    compiled = compile(["vllm", "serve", "m"], CompileOptions(engine="vllm", release="0.31.0", target="cuda", env={}))
    problem = next(f for f in compiled.findings if f.code == "AM-E602")
    assert all(r in problem.message.en for r in HELD)


def test_the_diff_of_two_releases_lists_what_their_fixtures_say_changed():
    def exact(e):
        return not e.get("default_is_repr") and not e.get("default_suppressed")

    for prev, release in itertools.pairwise(HELD):
        old, new = _flags(prev), _flags(release)
        d = releases.diff(prev, release)
        assert {a["name"] for a in d["added"]} == set(new) - set(old)
        assert {a["name"] for a in d["removed"]} == set(old) - set(new)
        assert {c["name"] for c in d["defaults"]} == {n for n in set(old) & set(new) if exact(old[n]) and exact(new[n])
                                                      and old[n]["default"] != new[n]["default"]}
        for config, change in d["config_keys"].items():
            old_cfg, new_cfg = BY_RELEASE[prev]["configs"].get(config), BY_RELEASE[release]["configs"].get(config)
            before = set(config_fields(old_cfg, config)) if old_cfg else set()
            after = set(config_fields(new_cfg, config)) if new_cfg else set()
            assert set(change["added"]) == after - before and set(change["removed"]) == before - after


def _breaking(bounds: dict) -> list:
    """Numbers just outside each bound: gt 0 -> 0, ge 1 -> 0, le 1 -> 1.5, lt 1 -> 1."""
    out = []
    for key, bound in bounds.items():
        out += {"gt": [bound], "ge": [bound - 1], "le": [bound + 0.5], "lt": [bound]}.get(key, [])
    return out


@pytest.mark.parametrize("release", HELD)
def test_a_number_outside_the_bounds_of_the_releases_config_class_is_refused(release):
    """vLLM builds each config with pydantic, which enforces the field's Field(gt=..., le=...): what the release's
    fixture records as a field's bounds, check-config refuses just outside them and takes just inside them."""
    for name, entry in _flags(release).items():
        bounds = entry.get("constraints")
        if not bounds or entry["type"] not in ("int", "float") or entry.get("nargs") not in (None, "?"):
            continue
        flag = releases.facts(name, release).flags[0]
        for value in _breaking(bounds):
            if entry["type"] == "int" and value != int(value):
                continue
            compiled = compile(["vllm", "serve", "m", flag, str(value)],
                CompileOptions(engine="vllm", release=release, target="cuda", env={}))
            assert any(f.code == "AM-E118" and f.field == name for f in compiled.findings), (name, value)


@pytest.mark.parametrize("argv", [["--gpu-memory-utilization", "1.5"], ["--gpu-memory-utilization", "0"],
                                  ["--max-num-seqs", "0"]])
def test_vllms_own_bounds_refuse_what_vllm_refuses(argv):
    for release in HELD:
        if releases.bounds_in(argv[0][2:].replace("-", "_"), release) is None:
            continue  # the fixture read no bounds for it in this release
        compiled = compile(["vllm", "serve", "m", *argv], CompileOptions(engine="vllm", release=release,
                                                                         target="cuda", env={}))
        assert [f.code for f in compiled.errors] == ["AM-E118"], (release, compiled.findings)
    assert releases.bounds_in("gpu_memory_utilization", HELD[-1]) == {"gt": 0, "le": 1}


def test_a_nested_config_key_is_judged_by_the_release_that_reads_it():
    launch = ["vllm", "serve", "m", "--compilation-config", '{"mode": 3, "pass_config": {"fuse_minimax_qk_norm": true}}']
    newest = compile(launch, CompileOptions(engine="vllm", release=HELD[-1], target="cuda", env={}))
    found = [f for f in newest.errors if f.code == "AM-E970"]
    assert found and "pass_config.fuse_minimax_qk_norm" in found[0].message.en and "0.23.0" in found[0].message.en
    assert not compile(launch, CompileOptions(engine="vllm", release="0.23.0", target="cuda", env={})).errors
    typo = compile(["vllm", "serve", "m", "--compilation-config", '{"pass_config": {"fuse_norm_quantt": true}}'],
        CompileOptions(engine="vllm", release=HELD[-1], target="cuda", env={}))
    assert any(f.code == "AM-E970" and "fuse_norm_quant" in f.hint.en for f in typo.errors)


def test_the_issues_acceptance_launches():
    """issue 27: --enable-extensible-kv-cache is clean under 0.34.0 and refused under 0.33.0 naming 0.34.0; the
    JSON report names the release that judged the launch."""
    launch = ["vllm", "serve", "m", "--enable-extensible-kv-cache"]
    new = compile(launch, CompileOptions(engine="vllm", release="0.34.0", target="cuda", env={}))
    assert not new.findings and new.to_json()["releases"] == {"vllm": "0.34.0"}
    old = compile(launch, CompileOptions(engine="vllm", release="0.33.0", target="cuda", env={}))
    assert [f.code for f in old.findings] == ["AM-E110"] and "0.34.0" in old.findings[0].message.en
    assert "0.34.0" in old.findings[0].message.zh and "--vllm-version 0.34.0" in old.findings[0].hint.en
    by_env = compile(launch, CompileOptions(engine="vllm", target="cuda", env={"ARGMATRIX_VLLM_VERSION": "0.33.0"}))
    assert by_env.release == "0.33.0" and [f.code for f in by_env.findings] == ["AM-E110"]


def test_explain_shows_each_held_releases_default():
    from argmatrix.cli.render import explain_text
    from argmatrix.matrix.table import row

    data = row(SURFACE.specs["gpu_memory_utilization"], ENGINE)
    by_release = {r["release"]: r for r in data["releases"]}
    for release in HELD:
        entry = _flags(release)["gpu_memory_utilization"]
        assert by_release[release]["has"] and by_release[release]["default"] == entry["default"]
    assert data["default"] == _flags(HELD[-1])["gpu_memory_utilization"]["default"]
    from io import StringIO

    from rich.console import Console

    buffer = StringIO()
    explain_text(data, "en", Console(file=buffer, width=200))
    text = buffer.getvalue()
    for release in HELD:
        assert f"vLLM {release}" in text
    assert "default: 0.92" in text and "default: none" in text


def test_a_flag_the_release_deprecates_warns_with_the_successor_its_parser_names():
    for release in HELD:
        for name, entry in _flags(release).items():
            dep = entry.get("deprecated")
            if not dep or (entry["type"] != "bool" and entry["action"] not in ("store", "boolean_optional")):
                continue
            flag = releases.facts(name, release).flags[0]
            argv = ["vllm", "serve", "m", flag] + ([] if entry["type"] == "bool" else ["1"])
            found = [f for f in compile(argv, CompileOptions(engine="vllm", release=release, target="cuda", env={})).findings
                     if f.code == "AM-W107" and f.field == name]
            assert found and release in found[0].message.en, (release, name)
            for successor in dep["successors"]:
                assert successor in found[0].hint.en


def test_introduced_is_the_first_held_release_with_the_flag():
    """``introduced()`` reads each field's first run instead of asking every release; it says what asking would."""
    from argmatrix.schema.vllm import release_facts
    from argmatrix.schema.vllm import releases as vr

    asked = {}
    for name in release_facts.FLAGS:
        having = vr.releases_with(name)
        if having and having[0] != vr.OLDEST:
            asked[name] = having[0]
    assert vr.introduced() == asked and asked
