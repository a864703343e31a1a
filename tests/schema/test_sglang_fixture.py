"""Invariants of the SGLang release fixtures written by tools/sglang_release.py (no wheel, no network)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

FIXTURES = sorted((Path(__file__).parents[1] / "fixtures").glob("sglang-*.json"))
TYPES = {"int", "float", "str", "bool", "json", "list"}
KINDS = {"rename", "split", "removed", "deprecated"}


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_fixtures_exist():
    versions = {_load(p)["sglang_version"] for p in FIXTURES}
    assert "0.5.23" in versions
    assert len(versions) >= 2, "the seed-era release fixture is missing"


@pytest.fixture(params=FIXTURES, ids=lambda p: p.stem)
def release(request) -> dict:
    return _load(request.param)


def test_header_matches_content(release):
    assert release["flag_count"] == len(release["flags"])
    assert release["source"].startswith(f"sglang-{release['sglang_version']}-")


def test_flags_are_unique_and_well_formed(release):
    seen: dict[str, str] = {}
    for entry in release["flags"]:
        assert entry["flags"], entry
        assert all(f.startswith("--") for f in entry["flags"]), entry["flags"]
        assert entry["type"] in TYPES, entry
        for flag in entry["flags"]:
            assert flag not in seen, f"{flag} is declared by both {seen[flag]} and {entry['dest']}"
            seen[flag] = entry["dest"]
        if entry["choices"] is not None and entry["default"] is not None and entry["type"] != "list":
            if not entry.get("deprecated"):
                assert entry["default"] in entry["choices"], entry


def test_entries_have_sorted_keys_and_no_prose(release):
    for entry in release["flags"]:
        assert list(entry) == sorted(entry)
        assert "help" not in entry


def test_deprecated_entries_name_existing_successors(release):
    known = {f for e in release["flags"] for f in e["flags"]}
    for entry in release["flags"]:
        dep = entry.get("deprecated")
        if not dep:
            continue
        assert dep["kind"] in KINDS, entry
        assert dep["effect"] in {"error", "ignored", "stores"} and dep["accepted"] == (dep["effect"] != "error")
        assert set(dep["successors"]) <= known, (entry["flags"], dep["successors"])
        assert not set(dep["successors"]) & set(entry["flags"])
        if dep["kind"] in ("rename", "split"):
            assert dep["accepted"] and dep["successors"], entry
        if dep["kind"] == "split":
            assert len(dep["successors"]) >= 2


def test_0_5_23_known_facts():
    """Spot checks the issue relies on, so a regenerated fixture cannot silently lose them."""
    data = _load(next(p for p in FIXTURES if p.stem == "sglang-0.5.23"))
    by_flag = {f: e for e in data["flags"] for f in e["flags"]}
    assert "--cuda-graph-bs" not in by_flag
    assert {"--cuda-graph-bs-decode", "--cuda-graph-bs-prefill"} <= set(by_flag)
    assert by_flag["--enable-dp-attention"]["deprecated"]["successors"] == ["--attn-dp-size"]
    assert by_flag["--disable-cuda-graph"]["deprecated"]["kind"] == "split"
    assert by_flag["--tp-size"]["flags"][0] == "--tp-size" and by_flag["--tp-size"]["type"] == "int"
