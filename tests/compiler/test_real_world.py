"""Real launch commands from SGLang's guides and issues, and one-flag edits of them, against SGLang's own verdict.

``tests/fixtures/real_world.yaml`` holds each command with its source and the verdict SGLang 0.5.23 gave when
its own parser, argument resolution and start-up checks were run on it (platform facts overridden through
SGLang's runtime context, a config-only stand-in for the model; no weights). A preflight must give that
verdict or a better one: an error wherever SGLang stops, and no error where SGLang starts, unless argmatrix
knows the launch cannot work on that hardware (listed below with the reason).
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from argmatrix.compiler import CompileOptions, compile

DATA = yaml.safe_load((Path(__file__).resolve().parents[1] / "fixtures" / "real_world.yaml").read_text())
CASES = [(kind, e) for kind in ("commands", "updated_commands", "edits") for e in DATA[kind]]

# SGLang starts these, argmatrix refuses them, on purpose:
STRICTER = {
    ("edits", 131): "the Ascend feature table marks --enable-two-batch-overlap as planned (not implemented) on "
                    "A2/A3; SGLang parses it and starts",
}


def test_the_set_is_large_and_sourced():
    assert len(DATA["commands"]) >= 40 and len(DATA["edits"]) >= 40
    assert all(e["source"] for e in DATA["commands"])
    assert all("edit_of" in e for e in DATA["edits"])


@pytest.mark.parametrize("kind, entry", CASES, ids=[f"{k}-{e['index']}" for k, e in CASES])
def test_sglangs_verdict_or_a_better_one(kind, entry):
    compiled = compile([str(a) for a in entry["argv"]], CompileOptions(target=entry["target"], env={},
                                                                       releases={"sglang": "0.5.23"}))
    errors = [f"{f.code} {f.message.en}" for f in compiled.findings if f.severity == "error"]
    theirs = str(entry["sglang_0_5_23"])
    if theirs.startswith("error"):
        assert errors, f"SGLang 0.5.23 stops ({theirs}); argmatrix says OK"
    elif (kind, entry["index"]) in STRICTER:
        assert errors, f"argmatrix should refuse this: {STRICTER[(kind, entry['index'])]}"
    elif entry.get("hardware_note"):  # SGLang starts it, but it cannot work as written: say so, at least as a warning
        said = [f for f in compiled.findings if f.severity in ("error", "warning")]
        assert said, f"SGLang starts this but it cannot work ({entry['hardware_note']}); argmatrix says nothing"
    else:
        assert not errors, f"SGLang 0.5.23 starts this ({theirs}); argmatrix refuses it: {errors}"
