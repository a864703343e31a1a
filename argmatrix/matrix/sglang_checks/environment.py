"""SGLang 0.5.23's start-up checks that read ``SGLANG_*`` variables of the environment the server starts in
(``arg_groups/moe_hook.py``, ``kv_shard_hook.py``, ``attention_hook.py``), judged on the launch environment
(``RuleContext.env``: the variables ``check-config`` sees, or the ``env`` given to ``compile``).

Variables are read as SGLang's ``environ.py`` reads them: a boolean is on for true/1/yes/y (any case), and an unset
variable has SGLang's default.
"""
from __future__ import annotations

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import Need, a2a_backend, broken_needs, env_true, needs_listed, sglang_source


def env_str(c: RuleContext, name: str, default: str) -> str:
    return str(c.env.get(name, default)).strip().lower()


def _megamoe(c: RuleContext) -> bool:
    return a2a_backend(c) == "flashinfer_megamoe"


def _cutedsl_w4a16(c: RuleContext) -> bool:
    """FlashInfer all-to-all feeding CuTe DSL's NVFP4 W4A16 experts (moe_hook.py:489)."""
    return a2a_backend(c) == "flashinfer" and c.moe_runner_backend == "flashinfer_cutedsl" \
        and env_true(c, "SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16")


COMBINE = "SGLANG_FLASHINFER_MEGAMOE_COMBINE_DTYPE"

ENV_CONFLICTS = (
    Need(lambda c: "SGLANG_MOE_NVFP4_DISPATCH" in c.env and a2a_backend(c) == "flashinfer"
         and c.flashinfer_a2a_dispatch_type is not None,
         "SGLANG_MOE_NVFP4_DISPATCH is set together with --flashinfer-a2a-dispatch-type (say the dispatch once)",
         "同时设置了 SGLANG_MOE_NVFP4_DISPATCH 与 --flashinfer-a2a-dispatch-type（分发方式只能指定一次）"),
    Need(lambda c: _cutedsl_w4a16(c) and env_true(c, "SGLANG_MOE_NVFP4_DISPATCH"),
         "SGLANG_MOE_NVFP4_DISPATCH off for CuTe DSL NVFP4 W4A16 (it needs the bf16 FlashInfer dispatch)",
         "CuTe DSL NVFP4 W4A16 需要关闭 SGLANG_MOE_NVFP4_DISPATCH（它需要 bf16 的 FlashInfer 分发）"),
    Need(lambda c: _cutedsl_w4a16(c) and c.flashinfer_a2a_dispatch_type in ("auto", "nvfp4"),
         "--flashinfer-a2a-dispatch-type bf16 for CuTe DSL NVFP4 W4A16", "CuTe DSL NVFP4 W4A16 需要 "
         "--flashinfer-a2a-dispatch-type bf16"),
    Need(lambda c: _megamoe(c) and env_true(c, "SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16")
         and env_str(c, COMBINE, "bf16") != "bf16",
         "SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16 needs SGLANG_FLASHINFER_MEGAMOE_COMBINE_DTYPE=bf16",
         "SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16 需要 SGLANG_FLASHINFER_MEGAMOE_COMBINE_DTYPE=bf16"),
    Need(lambda c: _megamoe(c) and env_str(c, COMBINE, "bf16") not in ("bf16", "mxfp8", "nvfp4"),
         "SGLANG_FLASHINFER_MEGAMOE_COMBINE_DTYPE is bf16, mxfp8 or nvfp4",
         "SGLANG_FLASHINFER_MEGAMOE_COMBINE_DTYPE 须为 bf16、mxfp8 或 nvfp4"),
    Need(lambda c: _megamoe(c) and env_str(c, COMBINE, "bf16") != "bf16"
         and env_true(c, "SGLANG_FLASHINFER_MEGAMOE_IN_KERNEL_FC2_REDUCE"),
         "SGLANG_FLASHINFER_MEGAMOE_IN_KERNEL_FC2_REDUCE only with a bf16 combine",
         "SGLANG_FLASHINFER_MEGAMOE_IN_KERNEL_FC2_REDUCE 只能配合 bf16 合并"),
    Need(lambda c: c.enable_kv_cache_sharding and env_true(c, "SGLANG_DISAGG_STAGING_BUFFER"),
         "no SGLANG_DISAGG_STAGING_BUFFER with --enable-kv-cache-sharding",
         "启用 --enable-kv-cache-sharding 时不能设置 SGLANG_DISAGG_STAGING_BUFFER"),
    Need(lambda c: c.enable_kv_cache_sharding and not c.disable_radix_cache
         and env_str(c, "SGLANG_UNIFIED_RADIX_TREE_CORE_BACKEND", "python") != "python",
         "SGLANG_UNIFIED_RADIX_TREE_CORE_BACKEND=python (or unset) with --enable-kv-cache-sharding",
         "启用 --enable-kv-cache-sharding 时 SGLANG_UNIFIED_RADIX_TREE_CORE_BACKEND 须为 python（或不设置）"),
    Need(lambda c: c.enable_linear_replayssm_spec and env_str(c, "SGLANG_RAGGED_VERIFY_MODE", "static") != "static"
         and (str(c.speculative_algorithm or "").upper() not in ("DSPARK", "DFLASH")
              or c.linear_attn_verify_backend not in ("triton", "nv_cutedsl")),
         "SGLANG_RAGGED_VERIFY_MODE=static with --enable-linear-replayssm-spec, unless DSPARK or DFLASH verify on "
         "triton or nv_cutedsl", "启用 --enable-linear-replayssm-spec 时 SGLANG_RAGGED_VERIFY_MODE 须为 static，"
         "除非使用 DSPARK 或 DFLASH 并在 triton 或 nv_cutedsl 上校验"),
)

RULES: list[Rule] = [
    Rule("sglang-environment-conflicts", "AM-E318",
         ("moe_a2a_backend", "flashinfer_a2a_dispatch_type", "enable_kv_cache_sharding", "enable_linear_replayssm_spec"),
         broken_needs(ENV_CONFLICTS),
         Text("the environment SGLang starts in does not fit the flags: {needs_en}",
              "SGLang 启动时的环境变量与参数不匹配：{needs_zh}"),
         Text("change or unset the SGLANG_* variables named, or the flags they meet",
              "修改或去掉上述 SGLANG_* 环境变量，或修改与之冲突的参数"),
         source=sglang_source("arg_groups/moe_hook.py:172, :494, :527, :217, :222, :230, kv_shard_hook.py:245, :140, "
                              "attention_hook.py:484"),
         extra=needs_listed(ENV_CONFLICTS)),
]
