"""Issue 19.4: what argmatrix writes for SGLang is read by SGLang's own parser as argmatrix meant.

The golden fixtures (``tests/fixtures/sglang_reads/``, recorded by ``tools/sglang_reads_exports.py`` with each
release's own ``prepare_server_args``) hold SGLang's reading of one launch per flag (a non-default value; both
positions of every ``--x/--no-x`` switch; the value at argmatrix's declared default), written three ways: on
``launch``'s command line (which ``export --to sglang`` must equal), in the ``--config`` YAML ``launch`` writes,
and as the ``export --to yaml`` file alone.  No SGLang here: argmatrix's side is rebuilt and compared."""
from __future__ import annotations

import json
import shlex
from collections import Counter

import pytest

from argmatrix.compiler import CompileOptions, compile, sglang_reader
from argmatrix.compiler.export import export
from argmatrix.compiler.launch import build_command
from argmatrix.schema.registry import FLAGS, SPECS
from argmatrix.schema.releases import NO_SPELLING, argmatrix_only, exists_in

from .sglang_reads import FIXTURES, ROOT, judge, load, parser_entries

pytestmark = pytest.mark.slow  # each held release's recorded read-backs replayed, in a module fixture

RELEASES = sorted(p.stem.removeprefix("sglang-") for p in FIXTURES.glob("sglang-*.json"))
ROUTES = ("argv", "launch-yaml", "export-yaml")


@pytest.fixture(scope="module", params=RELEASES)
def verdicts(request):
    return request.param, judge(request.param)


def test_the_fixtures_cover_0_5_23():
    assert "0.5.23" in RELEASES


def test_sglang_reads_every_case_as_argmatrix_meant(verdicts):
    release, found = verdicts
    stale = [v.case["id"] for v in found if v.outcome == "stale"]
    assert not stale, (f"argmatrix now writes something else for {len(stale)} cases of {release} (e.g. {stale[:3]}): "
                       f"rerun tools/sglang_reads_exports.py --release {release}")
    differs = [(v.case["id"], v.detail, v.wrong) for v in found if v.outcome == "differs"]
    assert not differs, differs[:5]
    counts = Counter((v.case["route"], v.outcome) for v in found)
    for route in ROUTES:
        assert counts[(route, "agrees")] > 0.95 * sum(counts[(route, o)] for o in ("agrees", "stated")), counts


def test_every_difference_left_is_one_argmatrix_states(verdicts):
    """A value SGLang reads differently is never silent: each is a finding on that field (AM-W801: the command line
    or the file cannot say it; AM-N805: a secret left out of a file), and the list is the one documented."""
    release, found = verdicts
    stated = {(v.case["field"], v.case["kind"], v.case["route"]) for v in found if v.outcome == "stated"}
    on_the_command_line = {(f, k, r) for f, k, r in stated if r != "export-yaml"}
    # SGLang's parser default is unset or a value the command line cannot set back to argmatrix's unset, or the
    # release ignores the flag (0.5.9's --hybrid-kvcache-ratio, --prefill-round-robin-balance)
    assert {f for f, _, _ in on_the_command_line} <= {
        "enable_lora", "enable_lora_overlap_loading", "fastapi_root_path", "pp_async_batch_depth",
        "file_storage_path", *sglang_reader.IGNORED[release]}
    in_the_file = {f for f, k, r in stated if r == "export-yaml"} - {f for f, _, _ in on_the_command_line}
    # a text argparse would take for an option (-dash-name) is said --flag=-dash-name, which a file cannot
    in_the_file -= {v.case["field"] for v in found if v.outcome == "stated" and isinstance(v.case["value"], str)
                    and not sglang_reader.argparse_value(v.case["value"])}
    refused = {n for n in SPECS if sglang_reader.config_refuses(n, release)}
    secrets = {"api_key", "admin_api_key", "ssl_keyfile_password", "decrypted_config_file",
               "decrypted_draft_config_file", "model_loader_extra_config", "hicache_storage_backend_extra_config"}
    assert in_the_file <= refused | secrets, in_the_file - refused - secrets


def test_every_flag_of_the_release_is_covered_every_way(verdicts):
    release, found = verdicts
    doc = load(release)
    entries = parser_entries(release)
    fields = {n for n in SPECS if n in entries and n != "config" and not argmatrix_only(n) and exists_in(n, release)}
    by_field: dict[str, set[tuple[str, str]]] = {}
    for v in found:
        by_field.setdefault(v.case["field"], set()).add((v.case["kind"], v.case["route"]))
    assert set(by_field) == fields
    for name in fields:
        kinds = {"on", "off"} if SPECS[name].is_bool and name in NO_SPELLING else {"set"}
        if name != "model_path":
            kinds.add("at-default")
        assert by_field[name] >= {(k, r) for k in kinds for r in ROUTES}, name
    # the release's flags argmatrix has no field for: only SGLang's own --config and argparse's --help
    fixture = json.loads((ROOT / "tests" / "fixtures" / f"sglang-{release}.json").read_text(encoding="utf-8"))
    unknown = {e["flags"][0] for e in fixture["flags"] if not any(f in FLAGS for f in e["flags"])}
    assert set(doc["flags_without_field"]) == unknown
    assert unknown <= {"--config", "--help"}, unknown


def test_launch_and_export_write_the_same_command_line(verdicts):
    """What ``launch`` execs and what ``export --to sglang`` prints agree on every argv case, explicit defaults
    included (``--disable-shared-experts-fusion``, ``--hicache-ratio 2``: argmatrix's default, not SGLang's)."""
    release, found = verdicts
    doc = load(release)
    for v in found:
        if v.case["route"] != "argv":
            continue
        compiled = compile(list(doc["base_argv"]), CompileOptions(overrides={v.case["field"]: v.case["value"]},
                                                                  target="cuda", releases={"sglang": release}, env={}))
        line = shlex.split(export(compiled, "sglang", release=release).text)
        assert line == build_command(compiled, release=release).argv, v.case["id"]


@pytest.mark.parametrize("release", RELEASES)
def test_the_reader_facts_are_the_releases_parser(release):
    """``sglang_reader``'s tables say what the release's parser says (tests/fixtures/sglang-<release>.json)."""
    entries = parser_entries(release)
    defaults = {}
    refused = set()
    for name, e in entries.items():
        if e["action"] not in ("store", "store_true", "boolean_optional") and \
                not (release == "0.5.23" and e["nargs"] is None):  # 0.5.23's reader takes one-value actions
            refused.add(name)
        if e["dest"] != name:
            continue  # an old spelling kept as an alias of another field: the default is that field's
        mine, theirs = SPECS[name].default, e["default"]
        if isinstance(theirs, str) and isinstance(mine, (dict, list, tuple)):
            theirs = json.loads(theirs)
        if mine in ((), []) and theirs in (None, []):
            continue
        if mine != theirs or (type(mine) is not type(theirs) and not isinstance(mine, float)):
            defaults[name] = e["default"]
    assert sglang_reader.parser_defaults(release) == defaults
    assert sglang_reader.CONFIG_REFUSES[release] == refused
    assert sglang_reader.IGNORED[release] == {n for n, e in entries.items() if e["action"] == "DeprecatedAction"}
    respelled = {n: sglang_reader.flag(n, release) for n in entries}
    assert {n: f for n, f in respelled.items() if f != SPECS[n].flag} == {
        n: e["flags"][0] for n, e in entries.items() if SPECS[n].flag not in e["flags"]}
    assert sglang_reader.SWITCH_TAKES_TEXT[release] == {n for n, e in entries.items() if SPECS[n].is_bool
                                                        and e["action"] == "store" and e["type"] == "str"}
    negatable = {n for n, e in entries.items() if e["action"] == "boolean_optional"}
    assert {n for n in entries if sglang_reader.negatable(n, release)} == negatable


def test_the_12_explicit_defaults_sglang_does_not_share_reach_it():
    """The fields whose argmatrix default is not SGLang's parser default (12 since the six the seed tables had
    wrong became 0.5.23's own, each a None or '' against a value, or the reverse): set explicitly, each reaches
    SGLang 0.5.23 (or, where the command line cannot say it, is a finding) through the command line, the launch's
    YAML and the export."""
    assert len(sglang_reader.parser_defaults("0.5.23")) == 12
    found = [v for v in judge("0.5.23") if v.case["field"] in sglang_reader.parser_defaults("0.5.23")
             and v.case["kind"] == "at-default"]
    assert {v.case["field"] for v in found} == set(sglang_reader.parser_defaults("0.5.23"))
    assert all(v.outcome in ("agrees", "stated") for v in found)
    agreed = {v.case["field"] for v in found if v.outcome == "agrees" and v.case["route"] == "argv"}
    assert {"hicache_ratio", "soft_watchdog_timeout"} <= agreed


def test_docs_state_the_measured_counts(verdicts):
    """docs/launch.md's table is the fixtures' measurement, not a number typed once."""
    release, found = verdicts
    row = next(line for line in (ROOT / "docs" / "launch.md").read_text(encoding="utf-8").splitlines()
               if line.startswith(f"| {release} |"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    counts = Counter((v.case["route"], v.outcome) for v in found)
    per_route = lambda outcome: " / ".join(str(counts[(r, outcome)]) for r in ROUTES)  # noqa: E731
    total = " / ".join(str(sum(1 for v in found if v.case["route"] == r)) for r in ROUTES)
    assert cells[1:] == [str(len({v.case["field"] for v in found})), total, per_route("agrees"), per_route("stated")]
