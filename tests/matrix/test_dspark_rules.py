"""DSPARK's draft and verify window, read from the configs SGLang reads them from (dspark.py): the draft's gamma in its
three spellings, the target that bundles the draft head, the dspark/ folder inside the target, and nothing judged on
a hub id.  SGLang's own verdicts on the same rules are in the conformance corpus (cases/portb.yaml)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from argmatrix.compiler import CompileOptions, compile

MODELS = Path(__file__).parents[1] / "fixtures" / "sglang_conformance" / "models"
LLAMA = json.loads((MODELS / "llama-tiny" / "config.json").read_text())


def _model(folder: Path, **extra) -> str:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "config.json").write_text(json.dumps({**LLAMA, **extra}))
    return str(folder)


def _codes(argv: list[str], target: str = "cuda", env: dict[str, str] | None = None) -> list[str]:
    return [f.code for f in compile(argv, CompileOptions(target=target, env=env or {}, releases={"sglang": "0.5.23"})).findings]


@pytest.mark.parametrize(("draft_keys", "tokens", "refused"), [
    ({"dspark_block_size": 4}, 5, False),
    ({"dspark_block_size": 4}, 6, True),
    ({"dflash_config": {"block_size": 3}}, 4, False),
    ({"dflash_config": {"block_size": 3}}, 5, True),
    ({"block_size": 2}, 4, True),
    ({"block_size": 0}, 4, False),  # SGLang's parse refuses a block of 0 and swallows the error: no gamma, any window
    ({}, 9, False),                 # no gamma in the draft: the window the launch gives
])
def test_the_window_is_the_drafts_gamma_plus_one(tmp_path, draft_keys, tokens, refused):
    target, draft = _model(tmp_path / "target"), _model(tmp_path / "draft", **draft_keys)
    codes = _codes(["--model-path", target, "--speculative-algorithm", "DSPARK", "--speculative-draft-model-path", draft,
                    "--speculative-num-draft-tokens", str(tokens)])
    assert ("AM-E423" in codes) is refused


def test_the_block_size_overrides_the_drafts_gamma(tmp_path):
    target, draft = _model(tmp_path / "target"), _model(tmp_path / "draft", dspark_block_size=4)
    argv = ["--model-path", target, "--speculative-algorithm", "DSPARK", "--speculative-draft-model-path", draft,
            "--speculative-dspark-block-size", "2"]
    assert "AM-E423" not in _codes([*argv, "--speculative-num-draft-tokens", "3"])
    assert "AM-E423" in _codes([*argv, "--speculative-num-draft-tokens", "5"])


def test_a_draft_is_found_bundled_or_in_the_dspark_folder(tmp_path):
    plain = _model(tmp_path / "plain")
    assert "AM-E424" in _codes(["--model-path", plain, "--speculative-algorithm", "DSPARK"])
    bundled = _model(tmp_path / "bundled", dspark_markov_rank=1)
    assert "AM-E424" not in _codes(["--model-path", bundled, "--speculative-algorithm", "DSPARK"])
    with_folder = _model(tmp_path / "with-folder")
    _model(tmp_path / "with-folder" / "dspark")
    assert "AM-E424" not in _codes(["--model-path", with_folder, "--speculative-algorithm", "DSPARK"])


def test_a_bundled_draft_gives_the_targets_gamma(tmp_path):
    bundled = _model(tmp_path / "bundled", dspark_block_size=4)
    argv = ["--model-path", bundled, "--speculative-algorithm", "DSPARK", "--speculative-num-draft-tokens"]
    assert "AM-E423" in _codes([*argv, "8"])
    assert "AM-E423" not in _codes([*argv, "5"])


def test_on_a_hub_id_nothing_about_the_draft_is_judged():
    codes = _codes(["--model-path", "org/some-dspark-model", "--speculative-algorithm", "DSPARK",
                    "--speculative-num-draft-tokens", "6"])
    assert "AM-E424" not in codes and "AM-E423" not in codes
    # what needs no config still is: a window of 1 is refused whatever the draft says
    assert "AM-E423" in _codes(["--model-path", "org/some-dspark-model", "--speculative-algorithm", "DSPARK",
                                "--speculative-num-draft-tokens", "1"])


def test_where_it_runs_and_the_ragged_verify_mode():
    hub = ["--model-path", "org/m", "--speculative-algorithm", "DSPARK", "--speculative-draft-model-path", "org/d"]
    assert "AM-E422" in _codes(hub, target="cpu")
    assert "AM-E422" not in _codes(hub, target="a3")
    assert "AM-E422" in _codes([*hub, "--tp", "2", "--attn-dp-size", "2"])
    assert "AM-E422" not in _codes([*hub, "--tp", "2", "--attn-dp-size", "2", "--enable-dp-lm-head"])
    assert "AM-E429" in _codes(hub, env={"SGLANG_RAGGED_VERIFY_MODE": "Static"})
    assert "AM-E429" not in _codes(hub, env={"SGLANG_RAGGED_VERIFY_MODE": "cap-accept"})
