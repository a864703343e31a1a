"""SGLang 0.5.23's per-architecture overrides (argmatrix/matrix/sglang_checks/model_overrides*.py), through
check-config's in-process path on the config-only stand-ins the conformance tool hands SGLang itself.

The launches are the conformance pairs of tests/fixtures/sglang_conformance/cases/portg.yaml: a case
``portg-<NNN>-...-breaks`` must give the finding AM-E<NNN> or AM-W<NNN>, its ``-holds`` neighbours must not.
Families without a conformance stand-in (Moss-VL, Qwen4-Exp) are checked on a config.json written here.
"""
from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
import yaml

from argmatrix.compiler.compile import CompileOptions, compile
from argmatrix.matrix.sglang_checks import model_overrides, model_overrides_deepseek, model_overrides_nemotron

HERE = Path(__file__).parents[1] / "fixtures" / "sglang_conformance"
CASES = yaml.safe_load((HERE / "cases" / "portg.yaml").read_text())


def found(argv: list[str], target: str, env: dict[str, str] | None = None) -> set[str]:
    return {f.code for f in compile(argv, CompileOptions(target=target, env=env or {}, releases={"sglang": "0.5.23"})).findings}


def case_argv(case: dict) -> list[str]:
    model = str(HERE / "models" / case["model"])
    return [model if w == "M" else w for w in shlex.split(case["argv"])]


def rule_codes(number: str) -> set[str]:
    return {f"AM-E{number}", f"AM-W{number}"}


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_each_conformance_pair_breaks_and_holds_its_rule(case):
    number, side = re.fullmatch(r"portg-(\d{3})-.*-(breaks|holds)", case["id"]).groups()
    codes = found(case_argv(case), case["target"], case.get("env"))
    if side == "breaks":
        assert codes & rule_codes(number), codes
    else:
        assert not codes & rule_codes(number), codes


def test_every_rule_has_a_pair():
    numbers = {c["id"].split("-")[1] for c in CASES}
    rules = [*model_overrides.RULES, *model_overrides_deepseek.RULES, *model_overrides_nemotron.RULES]
    assert {r.code[4:] for r in rules} == numbers


def test_the_rules_never_run_on_a_hub_id():
    assert not found(["--model-path", "deepseek-ai/DeepSeek-V3.2-Exp", "--tp-size", "8", "--dcp-size", "2",
                      "--enable-hierarchical-cache"], "cuda") & rule_codes("480")


def _model(folder: Path, cfg: dict) -> str:
    folder.mkdir(exist_ok=True)
    (folder / "config.json").write_text(json.dumps(cfg))
    return str(folder)


SMALL = {"hidden_size": 1024, "intermediate_size": 2048, "num_hidden_layers": 2, "num_attention_heads": 16,
         "num_key_value_heads": 4, "vocab_size": 32000, "torch_dtype": "bfloat16"}


def test_moss_vl_needs_flashinfer_prefill(tmp_path):
    model = _model(tmp_path, {"architectures": ["MossVLForConditionalGeneration"], "model_type": "moss_vl", **SMALL})
    assert "AM-E489" in found(["--model-path", model, "--attention-backend", "fa3"], "cuda")
    assert "AM-E489" in found(["--model-path", model, "--decode-attention-backend", "fa3"], "cuda")
    assert "AM-E489" not in found(["--model-path", model, "--prefill-attention-backend", "flashinfer",
                                   "--decode-attention-backend", "fa3"], "cuda")
    assert "AM-E489" not in found(["--model-path", model], "cuda")  # SGLang picks flashinfer itself


def test_qwen4_exp_fp8_indexer_needs_the_compressed_indexer(tmp_path):
    base = {"architectures": ["Qwen4ExpForConditionalGeneration"], "model_type": "qwen4_exp"}
    plain = _model(tmp_path / "plain", {**base, "text_config": {"model_type": "qwen4_exp_text", **SMALL}})
    qsa = _model(tmp_path / "qsa", {**base, "text_config": {"model_type": "qwen4_exp_text", "indexer_n_heads": 8,
                                                            **SMALL}})
    assert "AM-E489" in found(["--model-path", plain, "--qsa-indexer-dtype", "fp8_e4m3"], "cuda")
    assert "AM-E489" not in found(["--model-path", qsa, "--qsa-indexer-dtype", "fp8_e4m3"], "cuda")
    assert "AM-E489" in found(["--model-path", qsa, "--enable-unified-memory"], "cuda")


NEMOTRON = {"architectures": ["NemotronHForCausalLM"], "model_type": "nemotron_h", "n_routed_experts": 8,
            "num_experts_per_tok": 2, "moe_intermediate_size": 512, **SMALL}


def test_nemotron_h_modelopt_needs_relu2(tmp_path):
    modelopt = {"quantization_config": {"quant_method": "modelopt", "quant_algo": "FP8"}}
    silu = _model(tmp_path / "silu", {**NEMOTRON, "mlp_hidden_act": "silu", **modelopt})
    relu2 = _model(tmp_path / "relu2", {**NEMOTRON, "mlp_hidden_act": "relu2", **modelopt})
    assert "AM-E481" in found(["--model-path", silu], "cuda")
    assert "AM-E481" not in found(["--model-path", relu2], "cuda")


def test_nemotron_h_puzzle_expert_remap_needs_one_expert_count(tmp_path):
    def blocks(*counts: int) -> list[dict]:
        return [{"block_type": "mamba"}, *({"block_type": "moe", "n_routed_experts": n} for n in counts)]
    puzzle = {**NEMOTRON, "architectures": ["NemotronHPuzzleForCausalLM"]}
    mixed = _model(tmp_path / "mixed", {**puzzle, "block_configs": blocks(8, 16)})
    even = _model(tmp_path / "even", {**puzzle, "block_configs": blocks(8, 8)})
    remap = ["--ep-num-redundant-experts", "2", "--tp-size", "2", "--ep-size", "2"]
    assert "AM-E481" in found(["--model-path", mixed, *remap], "cuda")
    assert "AM-E481" not in found(["--model-path", even, *remap], "cuda")
    assert "AM-E481" not in found(["--model-path", mixed], "cuda")


VERDICTS = json.loads((HERE / "verdicts-0.5.23.json").read_text())["cases"]
WARNING_RULES = {r.code[4:]: r for r in [*model_overrides.RULES, *model_overrides_deepseek.RULES]
                 if r.severity == "warning"}


@pytest.mark.parametrize("case", [c for c in CASES if c["id"].split("-")[1] in WARNING_RULES
                                  and VERDICTS[c["id"]]["verdict"] == "accepted"], ids=lambda c: c["id"])
def test_a_warning_says_what_sglang_replaced(case):
    """SGLang's recording lists the values its resolution replaced (``changed``): a warning's breaking launch is one
    where SGLang replaced a field of the rule, and its neighbours are launches where it replaced none."""
    fields = set(WARNING_RULES[case["id"].split("-")[1]].fields)
    replaced = set(VERDICTS[case["id"]].get("changed", {}))
    if case["id"].endswith("-breaks"):
        assert replaced & fields
    else:
        assert not replaced & fields
