"""The checks SGLang applies to its arguments at start-up, as declared rules.

SGLang runs these after it has loaded its arguments and before any weight; a
launch that breaks one stops with an ``AssertionError`` or ``ValueError``, some
of them with an empty message.  argmatrix checks the same conditions on the
same *resolved* values (page size 128 on Ascend, chunked prefill divided by the
attention-DP width) before anything starts, and says which flag to change.
Where SGLang silently replaces a value the user gave, the rule is a warning.

Each rule names where it was read (``source``: release and file:line in the
0.5.23 wheel, ``sglang/srt/`` omitted).  A check that needs the model's
config.json is a rule with ``reads_model`` (it runs once the config was read);
the model checks that are not SGLang's own sites are in ``compiler/model_checks.py``.
"""
from __future__ import annotations

import importlib
from collections.abc import Iterable
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol, cast

from ..rules import Rule

# One module per area of SGLang's checks, each exporting RULES; one per line, so areas added side by side merge.
# Imported on first use: a launch loads only the areas whose rules it can make fire (area_reads.py).
AREA_NAMES = (
    "startup",
    "serving",
    "kv_cache",
    "validation",
    "loading",
    "speculative",
    "dspark",
    "speculative_model",
    "lora",
    "disaggregation",
    "deterministic",
    "hicache",
    "dllm",
    "parallel",
    "moe",
    "attention",
    "sharding",
    "environment",
    "modes",
    "replacements",
    "memory",
    "model_overrides",
    "model_overrides_deepseek",
    "model_overrides_nemotron",
    "deepseek_v4",
    "mega_moe",
    "layernorm_sp",
    "cp_tp",
    "architectures",
    "dllm_models",
    "dflash",
    "uno",
    "mamba",
    "gpu_generation",
)


class Area(Protocol):
    """A module of SGLang's checks: its rules."""

    RULES: list[Rule]


if TYPE_CHECKING:  # mypy checks every area module against Area; at run time they load on first use
    from . import (
        architectures,
        attention,
        cp_tp,
        deepseek_v4,
        deterministic,
        dflash,
        disaggregation,
        dllm,
        dllm_models,
        dspark,
        environment,
        gpu_generation,
        hicache,
        kv_cache,
        layernorm_sp,
        loading,
        lora,
        mamba,
        mega_moe,
        memory,
        model_overrides,
        model_overrides_deepseek,
        model_overrides_nemotron,
        modes,
        moe,
        parallel,
        replacements,
        serving,
        sharding,
        speculative,
        speculative_model,
        startup,
        uno,
        validation,
    )

    TYPED_AREAS: tuple[Area, ...] = (
        startup,
        serving,
        kv_cache,
        validation,
        loading,
        speculative,
        dspark,
        speculative_model,
        lora,
        disaggregation,
        deterministic,
        hicache,
        dllm,
        parallel,
        moe,
        attention,
        sharding,
        environment,
        modes,
        replacements,
        memory,
        model_overrides,
        model_overrides_deepseek,
        model_overrides_nemotron,
        deepseek_v4,
        mega_moe,
        layernorm_sp,
        cp_tp,
        architectures,
        dllm_models,
        dflash,
        uno,
        mamba,
        gpu_generation,
    )


def area(name: str) -> Area:
    """The module of one area (imported on first use)."""
    module: ModuleType = importlib.import_module(f"{__name__}.{name}")
    return cast(Area, module)


def rules_of(names: Iterable[str]) -> list[Rule]:
    """The rules of the areas ``names``, in ``AREA_NAMES`` order."""
    wanted = set(names)
    return [rule for name in AREA_NAMES if name in wanted for rule in area(name).RULES]


def __getattr__(name: str) -> Any:
    if name == "AREAS":  # every area's module, in order
        return tuple(area(n) for n in AREA_NAMES)
    if name == "SGLANG_RULES":  # every area's rules, in order
        return rules_of(AREA_NAMES)
    if not name.startswith("__"):  # a submodule not imported yet (sglang_checks.moe, sglang_checks.common)
        try:
            return area(name)
        except ModuleNotFoundError:
            pass
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
