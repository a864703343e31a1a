"""Issue 30: generated/sglang-config.schema.json suggests only keys SGLang's own --config reader reads.

SGLang 0.5.23's reader (``ConfigArgumentMerger``) turns a key into ``--key``: an underscore key is an unknown
flag to its parser, and some options it refuses in any spelling ("Unsupported config option": its ``--x/--no-x``
switches, ``--lora-paths``).  What it did with each key the schema describes is recorded, by SGLang 0.5.23 itself,
in ``tests/fixtures/sglang_reads/config-keys-0.5.23.json`` (``tools/sglang_reads_exports.py --config-keys``), and
every ``export --to yaml`` file it read in ``sglang-0.5.23.json``.  No SGLang is needed here.
"""
from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from argmatrix.compiler.export import SGLANG_SCHEMA_REF, export
from argmatrix.generate.json_schema import SGLANG_PATH, build_sglang, sglang_keys
from argmatrix.schema.releases import NEWEST

ROOT = Path(__file__).resolve().parents[2]
READS = ROOT / "tests" / "fixtures" / "sglang_reads"


@pytest.fixture(scope="module")
def schema() -> dict:
    return json.loads((ROOT / "generated" / SGLANG_PATH).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def recorded() -> dict:
    return json.loads((READS / f"config-keys-{NEWEST}.json").read_text(encoding="utf-8"))


def _suggested(schema: dict) -> set[str]:
    return {k for k, v in schema["properties"].items() if not v.get("doNotSuggest")}


def test_the_schema_is_the_generated_one_and_valid(schema):
    jsonschema.Draft7Validator.check_schema(schema)
    assert schema == build_sglang()


def test_the_recording_covers_every_key_the_schema_describes(schema, recorded):
    assert recorded["sglang_version"] == NEWEST
    missing = set(schema["properties"]) - set(recorded["keys"])
    assert not missing, f"re-record: python tools/sglang_reads_exports.py --config-keys ...: {sorted(missing)[:20]}"


def test_every_suggested_key_is_one_sglang_reads(schema, recorded):
    suggested = _suggested(schema)
    assert len(suggested) > 400 and all("_" not in k for k in suggested)
    refused = {k: recorded["keys"][k]["error"] for k in suggested if "error" in recorded["keys"][k]}
    assert not refused, refused
    # and each changed what SGLang holds, unless the value written is what its bare launch holds already
    unchanged = sorted(k for k in suggested if not recorded["keys"][k]["sglang"])
    assert len(unchanged) < 40, unchanged


def test_every_key_marked_refused_is_refused_by_sglang(schema, recorded):
    marked = {k for k, v in schema["properties"].items() if v.get("not") == {}}
    assert marked
    read = sorted(k for k in marked if "error" not in recorded["keys"][k])
    assert not read, f"the schema refuses keys SGLang {NEWEST} reads: {read[:20]}"
    kinds = {how for k, (_, how) in sglang_keys().items() if k in marked}
    assert {"refused-underscore", "refused-option"} <= kinds
    for key in ("max_running_requests", "enable-tf32-matmul", "lora-paths"):
        assert key in marked, key
        assert schema["properties"][key]["deprecationMessage"]


def test_every_export_yaml_key_sglang_read_is_allowed(schema):
    """The other direction, from the round-trip fixture: what SGLang read from export --to yaml validates."""
    record = json.loads((READS / f"sglang-{NEWEST}.json").read_text(encoding="utf-8"))
    validator = jsonschema.Draft7Validator(schema)
    for case in record["cases"]:
        if case["route"] != "export-yaml" or "sglang_error" in case:
            continue
        for text in case["files"].values():
            body = yaml.safe_load(text) or {}
            errors = [e.message for e in validator.iter_errors(body)]
            assert not errors, (case["id"], errors)


def test_export_to_yaml_names_its_schema_in_its_header():
    from argmatrix.compiler import CompileOptions, compile

    compiled = compile(["--model-path", "/m", "--max-running-requests", "64"], CompileOptions(target="a3", env={}))
    text = export(compiled, "yaml").text
    assert text.startswith(f"# yaml-language-server: $schema={SGLANG_SCHEMA_REF}\n")
    assert "max-running-requests: 64" in text
    vllm = compile(["vllm", "serve", "/m", "--max-num-seqs", "8"], CompileOptions(target="a3", env={}))
    assert export(vllm, "yaml").text.startswith("# yaml-language-server: $schema=vllm-config.schema.json\n")
    own = compile(["--model-path", "/m"], CompileOptions(target="a3", env={}, engine="argmatrix"))
    assert export(own, "yaml", engine="argmatrix").text.startswith(
        "# yaml-language-server: $schema=config.schema.json\n")
