"""Rules that read the model's config facts (``Rule.reads_model``) run once a local config.json was read, see the
target's and the draft's facts, and never run without them."""
from __future__ import annotations

from pathlib import Path

import pytest

from argmatrix.compiler.compile import CompileOptions, compile
from argmatrix.matrix.engines.sglang import SglangEngine
from argmatrix.matrix.rules import Rule
from argmatrix.schema.meta import Text

MODELS = Path(__file__).parents[1] / "fixtures" / "sglang_conformance" / "models"
seen: list[tuple[str, str | None]] = []


def _llama_only(c) -> bool:
    seen.append((c.model.architecture, c.draft.architecture if c.draft is not None else None))
    return c.model.architecture == "LlamaForCausalLM" and c.enable_lora


PROBE = Rule("probe-llama-lora", "AM-E999", ("enable_lora",), _llama_only,
             Text("{enable_lora} on a Llama", "Llama 上的 {enable_lora}"), Text("drop it", "去掉它"),
             source="test", reads_model=True)


@pytest.fixture(autouse=True)
def probe_rule(monkeypatch):
    rules = SglangEngine.rules
    monkeypatch.setattr(SglangEngine, "rules", lambda self: [*rules(self), PROBE])
    seen.clear()


def codes(argv: list[str]) -> list[str]:
    return [f.code for f in compile(argv, CompileOptions(target="cuda")).findings]


def test_a_model_rule_sees_the_config_it_was_read_from():
    assert "AM-E999" in codes(["--model-path", str(MODELS / "llama-tiny"), "--enable-lora"])
    assert seen == [("LlamaForCausalLM", None)]
    assert "AM-E999" not in codes(["--model-path", str(MODELS / "qwen3-8b"), "--enable-lora"])
    assert seen[-1][0] != "LlamaForCausalLM"


def test_a_model_rule_sees_the_drafts_config():
    codes(["--model-path", str(MODELS / "llama-3.1-8b"), "--speculative-algorithm", "EAGLE",
           "--speculative-draft-model-path", str(MODELS / "llama-tiny")])
    assert seen == [("LlamaForCausalLM", "LlamaForCausalLM")]


FLAG_SEEN: list[tuple[str | None, str | None]] = []


def _flags_only(c) -> bool:  # a rule without reads_model may consult the facts where they are known
    FLAG_SEEN.append((c.model.architecture if c.model is not None else None,
                      c.draft.architecture if c.draft is not None else None))
    return False


FLAG_RULE = Rule("probe-flags", "AM-E998", ("enable_lora",), _flags_only, Text("x", "x"), Text("x", "x"), source="test")


def test_a_flag_rule_sees_the_facts_where_a_config_was_read_and_none_elsewhere(monkeypatch):
    from argmatrix.compiler import rule_index

    rules = SglangEngine.rules
    monkeypatch.setattr(SglangEngine, "rules", lambda self: [*rules(self), FLAG_RULE])
    # every rule runs: the index would run the probe once on the defaults to learn what it reads (a call this
    # probe counts), and then skip it where nothing it reads differs from them
    monkeypatch.setattr(rule_index, "INDEXED", False)
    FLAG_SEEN.clear()
    codes(["--model-path", str(MODELS / "llama-3.1-8b"), "--speculative-algorithm", "EAGLE",
           "--speculative-draft-model-path", str(MODELS / "llama-tiny")])
    codes(["--model-path", "meta-llama/Llama-3.1-8B"])
    assert FLAG_SEEN == [("LlamaForCausalLM", "LlamaForCausalLM"), (None, None)]  # run once each, in the first phase


def test_without_a_local_config_a_model_rule_never_runs():
    assert "AM-E999" not in codes(["--model-path", "meta-llama/Llama-3.1-8B", "--enable-lora"])
    assert seen == []
