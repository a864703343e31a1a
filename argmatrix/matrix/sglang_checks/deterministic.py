"""SGLang's start-up check on deterministic inference: the attention backends it can make deterministic
(arg_groups/overrides.py, _deterministic_attention_backend, against choices.DETERMINISTIC_ATTENTION_BACKEND_CHOICES).

The backend judged is the resolved one: the user's, or the platform's default (a CPU's torch_native or intel_amx,
neither of them deterministic).  Left unset on CUDA, SGLang picks fa3 or flashinfer itself.  On Ascend the feature
is still planned in the support table (AM-E101), so the rule judges GPUs and CPUs.
"""
from __future__ import annotations

from ...schema.meta import Text
from ..rules import Rule
from .common import sglang_source

DETERMINISTIC_ATTENTION_BACKENDS = ("ascend", "fa3", "fa4", "flashinfer", "intel_xpu", "triton")  # choices.py:113

RULES: list[Rule] = [
    Rule("deterministic-attention-backend", "AM-E392", ("attention_backend", "enable_deterministic_inference"),
         lambda c: bool(c.enable_deterministic_inference or c.rl_on_policy_target)
         and c.attention_backend is not None and c.attention_backend not in DETERMINISTIC_ATTENTION_BACKENDS,
         Text("deterministic inference works only with the {allowed} attention backends, not {attention_backend}",
              "确定性推理只支持 {allowed_zh} 注意力后端，不支持 {attention_backend}"),
         Text("on CUDA use --attention-backend fa3 (or flashinfer, triton, fa4); on a CPU, drop "
              "--enable-deterministic-inference", "在 CUDA 上改用 --attention-backend fa3（或 flashinfer、triton、"
              "fa4）；在 CPU 上去掉 --enable-deterministic-inference"),
         families=frozenset({"gpu", "cpu"}), source=sglang_source("arg_groups/overrides.py:1119"),
         extra=lambda c: {"allowed": ", ".join(DETERMINISTIC_ATTENTION_BACKENDS),
                          "allowed_zh": "、".join(DETERMINISTIC_ATTENTION_BACKENDS)}),
]
