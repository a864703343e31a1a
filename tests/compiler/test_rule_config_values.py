"""Rules read config.json values of any JSON type (``ModelView.raw`` is ``Mapping[str, object]``): a value of an
unexpected type is read as absent, never a traceback.  mypy found these once the rule context was typed (issue 31)."""
from __future__ import annotations

import json
from functools import partial
from pathlib import Path

from .helpers import run as _run
from .test_model_rules import MODELS

run = partial(_run, releases={"sglang": "0.5.23"})


def _config(tmp_path: Path, name: str, **fields: object) -> list[str]:
    cfg = {**json.loads((MODELS / "llama-tiny" / "config.json").read_text()), **fields}
    (tmp_path / name).mkdir()
    (tmp_path / name / "config.json").write_text(json.dumps(cfg))
    return ["--model-path", str(tmp_path / name)]


def test_a_null_canvas_length_takes_the_default_block_instead_of_a_traceback(tmp_path):
    """dllm_models.block_size read ``int(raw.get("canvas_length", 256))``: a config.json with ``"canvas_length":
    null`` raised TypeError out of compile().  SGLang's getattr default is 256 when the key is absent."""
    gemma = _config(tmp_path, "diffusion-gemma", architectures=["DiffusionGemmaForBlockDiffusion"], canvas_length=None)
    found = run([*gemma, "--dllm-algorithm", "Gemma4Renoise", "--page-size", "512"], target="cuda")
    replaced = [f for f in found.findings if f.code == "AM-W464"]
    assert replaced and "becomes 256" in replaced[0].message.en


def test_the_canvas_length_a_config_gives_is_the_block(tmp_path):
    gemma = _config(tmp_path, "diffusion-gemma", architectures=["DiffusionGemmaForBlockDiffusion"], canvas_length=128)
    found = run([*gemma, "--dllm-algorithm", "Gemma4Renoise", "--page-size", "512"], target="cuda")
    assert any(f.code == "AM-W464" and "becomes 128" in f.message.en for f in found.findings)


def test_a_null_num_draft_slots_of_an_iquest_draft_is_read_as_absent(tmp_path):
    """speculative_model._iquest_steps read ``int(raw.get("num_draft_slots", 7))``: null raised TypeError."""
    target = _config(tmp_path, "iquest", architectures=["IQuestQ1ForCausalLM"])
    draft = _config(tmp_path, "iquest-mtp", architectures=["IQuestQ1MTP"], model_type="iquest_q1_mtp",
                    num_draft_slots=None)
    found = run([*target, "--speculative-algorithm", "EAGLE", "--speculative-draft-model-path", draft[1]],
                target="cuda")
    assert "AM-E426" in {f.code for f in found.findings}  # the layer count still differs; no traceback


def test_a_dflash_block_size_that_is_no_number_takes_the_default_instead_of_a_traceback(tmp_path):
    """dflash.draft_config_block read ``int(block)``: a block_size of "x" raised ValueError; SGLang refuses such a
    draft config, and argmatrix now judges the window against the default block of 16."""
    target = _config(tmp_path, "target")
    draft = _config(tmp_path, "dflash-draft", dflash_config={"block_size": "x"})
    found = run([*target, "--speculative-algorithm", "DFLASH", "--speculative-draft-model-path", draft[1],
                 "--speculative-draft-window-size", "4"], target="cuda")
    assert any(f.code == "AM-E414" and "16 tokens" in f.message.en for f in found.findings)
