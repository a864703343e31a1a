"""One helper per derived fact (issue 31), each with the meaning its docstring gives it."""
from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from argmatrix.matrix.rules import RuleContext
from argmatrix.matrix.sglang_checks import common
from argmatrix.schema.registry import SPECS


def ctx(user_set: set[str] = frozenset(), model: object = None, defaults: dict | None = None, **values: object):
    resolved = {name: spec.default for name, spec in SPECS.items()}
    resolved.update(tp_size=1, dp_size=1, attn_dp_size=1, attn_cp_size=1, enable_dp_attention=False)
    resolved.update(values)
    return RuleContext(resolved, set(user_set), model=model, defaults=defaults)


@dataclass(frozen=True)
class Facts:
    architecture: str = "LlamaForCausalLM"
    model_type: str = "llama"
    layers: int = 2
    hidden_size: int = 64
    kv_heads: int = 2
    head_dim: int = 32
    vocab_size: int = 100
    context_length: int = 4096
    torch_dtype: str | None = None
    quantization: object | None = None
    mla: object | None = None
    is_mla: bool = False
    raw: dict = field(default_factory=dict)


@pytest.mark.parametrize(("values", "adp", "atp", "per_adp", "cp_adp"), [
    ({"tp_size": 8}, 1, 8, 8, 1),
    ({"tp_size": 8, "attn_dp_size": 2}, 2, 4, 4, 2),
    ({"tp_size": 8, "attn_dp_size": 2, "attn_cp_size": 2}, 2, 2, 4, 2),
    ({"tp_size": 8, "dp_size": 4, "enable_dp_attention": True}, 4, 2, 2, 4),   # the deprecated spelling
    ({"tp_size": 8, "dp_size": 2}, 1, 8, 8, 2),   # replicas; a DeepSeek CP layout still counts them
    ({"tp_size": 2, "attn_dp_size": 4}, 4, 1, 1, 4),  # never below one rank
])
def test_the_parallel_widths(values, adp, atp, per_adp, cp_adp):
    c = ctx(**values)
    assert (common.attn_dp(c), common.attn_tp(c), common.tp_per_attn_dp(c), common.cp_attn_dp(c)) == \
        (adp, atp, per_adp, cp_adp)
    assert common.deepseek_cp_width(c) == values["tp_size"] // cp_adp


def test_given_and_changed_are_the_two_meanings_of_set_by_the_user():
    at_default = ctx({"page_size"}, page_size=SPECS["page_size"].default)
    assert common.given(at_default, "page_size") and not at_default.changed("page_size")
    chosen = ctx({"page_size"}, page_size=64)
    assert common.given(chosen, "page_size") and chosen.changed("page_size")
    resolved_by_platform = ctx(page_size=128)  # page size 128 on Ascend: nobody wrote it
    assert not common.given(resolved_by_platform, "page_size") and not resolved_by_platform.changed("page_size")


def test_default_of_is_the_checked_releases_default():
    assert common.default_of(ctx(), "disaggregation_bootstrap_port") == SPECS["disaggregation_bootstrap_port"].default
    older = ctx(defaults={"disaggregation_bootstrap_port": 1234})
    assert common.default_of(older, "disaggregation_bootstrap_port") == 1234


def test_the_architecture_is_the_first_the_config_names_else_the_facts():
    assert common.architecture(ctx(model=Facts(raw={"architectures": ["A", "B"]}))) == "A"
    assert common.architectures(ctx(model=Facts(raw={"architectures": ["A", "B"]}))) == ["A", "B"]
    assert common.architecture(ctx(model=Facts(architecture="qwen2", raw={}))) == "qwen2"
    assert common.architecture(ctx(model=Facts(raw={"architectures": "A"}))) == "LlamaForCausalLM"  # not a list


def test_the_dsa_models_need_an_index_topk_at_the_top_of_the_config():
    dsa = {"architectures": ["DeepseekV32ForCausalLM"]}
    assert common.deepseek_dsa(ctx(model=Facts(raw={**dsa, "index_topk": 2048})))
    assert not common.deepseek_dsa(ctx(model=Facts(raw=dsa)))
    assert not common.deepseek_dsa(ctx(model=Facts(raw={"architectures": ["LlamaForCausalLM"], "index_topk": 1})))


def test_config_values_of_an_unexpected_json_type_read_as_absent():
    assert common.as_int(None, 7) == 7 and common.as_int("x", 7) == 7 and common.as_int(True, 7) == 7
    assert common.as_int(3.0, 7) == 3
    assert common.as_list("mamba") == [] and common.as_list(["a"]) == ["a"]
    assert common.as_mapping([1]) == {} and common.as_mapping({"a": 1}) == {"a": 1}
    text = ctx(model=Facts(raw={"text_config": {"k": 1}, "k": 2, "top": 3}))
    assert common.config_value(text, "k") == 1 and common.config_value(text, "top") == 3
    assert common.text_config(text) == {"k": 1}


def test_a_model_rule_without_the_facts_says_so():
    with pytest.raises(LookupError):
        common.target(ctx())
