"""Record how vLLM sizes the KV cache of one model on one device, by running vLLM's own code on a faked device.

vLLM (``v1/worker/gpu_worker.py determine_available_memory``) gives the KV cache
``device memory x gpu_memory_utilization`` minus the memory the worker holds after a profile run (weights,
activation peak, memory outside torch) and, where graphs are estimated, the CUDA-graph estimate; the engine core
then turns that into blocks with ``v1/core/kv_cache_planning.py get_kv_cache_configs`` and logs
"GPU KV cache size: N tokens" (``kv_cache_utils.py update_kv_cache_capacity``).  This tool, run in a vLLM venv
(never by argmatrix or its tests), runs that code for a local config.json with the platform faked:

* the config: ``EngineArgs(...).create_engine_config(UsageContext.OPENAI_API_SERVER)`` (what ``vllm serve``
  resolves: block size, utilization, batch defaults by device memory), then the platform's
  ``update_block_size_for_backend`` as the executor calls it;
* the weights: vLLM's own model class built on the meta device, its parameters and buffers counted in bytes;
* the KV cache spec: each attention layer's own ``get_kv_cache_spec``;
* the blocks: ``get_global_kv_cache_groups`` / ``get_kv_cache_configs`` and ``get_kv_cache_capacity``.

What cannot run without a device is the profile run itself (the activation peak and the memory outside torch,
measured by ``memory_profiling``) and, under the extensible KV cache, the measurement after warm-up.  Those terms
are ASSUMPTIONS taken from a documented vLLM log (see ``ASSUMED``), written into the fixture apart from vLLM's
figures, never as vLLM's.

Devices: "cuda" is an 80 GiB compute-capability-9.0 device through vLLM's own ``CudaPlatform`` with its probes
patched.  "a2" is a 64 GiB device sized as vLLM-Ascend sizes it: vLLM-Ascend's platform needs torch_npu and does
not import here, so the config is built on the faked CUDA platform with the extensible KV cache off (vLLM's
``enable_extensible_kv_cache`` is for CUDA/ROCm) and then vLLM-Ascend's own ``refresh_block_size`` (read from its
source, ``--ascend-source``) is run on it; its worker (``vllm_ascend/worker/worker.py determine_available_memory``)
subtracts no CUDA-graph estimate, which is what this tool does for it.

    /work/venvs/vllm-0.34.0/bin/python tools/vllm_memory.py \\
        --ascend-source /work/.mirror/vllm-project+vllm-ascend/repo --out tests/fixtures/vllm_memory-0.34.0.json
"""
from __future__ import annotations

import argparse
import ast
import json
import logging
import math
import subprocess
import sys
import tempfile
import warnings
from pathlib import Path
from typing import Any

import engine_stubs  # tools/engine_stubs.py: this script's folder is on sys.path

GIB = 1 << 30
HERE = Path(__file__).resolve().parent.parent
DEFAULT_MODEL = HERE / "tests/fixtures/model_configs/qwen2.5-7b.json"
DEVICES: dict[str, dict[str, Any]] = {
    "cuda": {"memory_gib": 80, "capability": (9, 0), "name": "NVIDIA H100 80GB HBM3"},
    "a2": {"memory_gib": 64, "capability": (9, 0), "name": "Ascend910B (faked as a CUDA device)"}}
# The profile run's terms, which need a device.  Source: vLLM's own memory-profiling log for a dense 8B model
# (Meta-Llama-3-8B, tp 1, one 80 GiB H100), posted by the author of the profiler rewrite in
# https://github.com/vllm-project/vllm/pull/10511 : "non_torch_memory 1.79GiB", "PyTorch activation peak memory
# 1.26GiB".  Qwen2.5-7B is a dense model of the same size; the same figures are assumed on both devices.
ASSUMED = {"non_torch_bytes": int(1.79 * GIB), "activation_peak_bytes": int(1.26 * GIB)}
ASSUMED_SOURCE = ("vLLM's memory-profiling log for Meta-Llama-3-8B at tp 1 on an 80 GiB H100, "
                  "https://github.com/vllm-project/vllm/pull/10511 (non_torch_memory 1.79 GiB, "
                  "PyTorch activation peak memory 1.26 GiB)")
# Libraries compiled for CUDA that vLLM's modules import; no kernel runs here.
STUB_MODULES = ("vllm._C_stable_libtorch", "vllm._C", "vllm._moe_C", "vllm.vllm_flash_attn", "vllm._flashmla_C",
                "vllm._custom_ops_C")
STUB_OP_NAMESPACES = ("_C", "_C_cache_ops", "_moe_C", "_C_custom_ar", "_rocm_C", "_vllm_fa2_C", "_vllm_fa3_C",
                      "_flashmla_C", "_C_utils")


def install_stubs() -> None:
    import torch
    import torch.library as torch_library
    for name in STUB_MODULES:
        sys.modules[name] = engine_stubs.stub_module(name)
    for name in STUB_OP_NAMESPACES:
        setattr(torch.ops, name, engine_stubs.Stub())

    def tolerant(fn):  # fake kernels registered for custom ops that this CPU build never defined
        def wrapped(*args, **kwargs):
            try:
                return fn(*args, **kwargs)
            except RuntimeError as exc:
                if "does not exist" in str(exc):
                    return None
                raise
        return wrapped

    torch_library.Library._register_fake = tolerant(torch_library.Library._register_fake)  # type: ignore[method-assign]
    torch_library.Library.impl = tolerant(torch_library.Library.impl)  # type: ignore[method-assign]


# the device the faked platform answers for: one platform object for every device, as vLLM's modules keep a
# reference to the first they see (arg_utils imports current_platform by name)
FAKED: dict = {}
_INSTALLED: list = []   # the platform is installed once


def fake_platform(device: dict) -> None:
    import vllm.platforms as platforms
    FAKED.clear()
    FAKED.update(device)
    if _INSTALLED:
        return
    from vllm.platforms.cuda import CudaPlatform
    from vllm.platforms.interface import DeviceCapability

    class FakedCuda(CudaPlatform):
        @classmethod
        def get_device_capability(cls, device_id: int = 0):
            return DeviceCapability(*FAKED["capability"])

        @classmethod
        def get_device_total_memory(cls, device_id: int = 0) -> int:
            return FAKED["memory_gib"] * GIB

        @classmethod
        def get_device_name(cls, device_id: int = 0) -> str:
            return FAKED["name"]

        @classmethod
        def is_fully_connected(cls, physical_device_ids) -> bool:
            return True

    platforms.current_platform = FakedCuda()
    _INSTALLED.append(True)


def ascend_refresh_block_size(repo: Path):
    """vLLM-Ascend's own ``refresh_block_size`` (vllm_ascend/utils.py), compiled from its source at HEAD."""
    source = subprocess.run(["git", "-C", str(repo), "show", "HEAD:vllm_ascend/utils.py"], check=True,
                            capture_output=True, text=True).stdout
    commit = subprocess.run(["git", "-C", str(repo), "rev-parse", "HEAD"], check=True, capture_output=True,
                            text=True).stdout.strip()
    tree = ast.parse(source)
    fn = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "refresh_block_size")

    def get_ascend_config():  # no --additional-config: vLLM-Ascend's own fallback when it is not initialised
        raise RuntimeError("ascend config not initialised")

    namespace = {"logger": logging.getLogger("vllm_ascend"), "get_ascend_config": get_ascend_config}
    exec(compile(ast.Module(body=[fn], type_ignores=[]), "vllm_ascend/utils.py", "exec"), namespace)
    return namespace["refresh_block_size"], f"vllm_ascend/utils.py:{fn.lineno} refresh_block_size @ {commit[:12]}"


def engine_config(model_dir: str, family: str, argv: dict):
    from vllm.engine.arg_utils import EngineArgs
    from vllm.platforms import current_platform
    from vllm.usage.usage_lib import UsageContext
    extra = dict(argv)
    if family == "a2":
        extra["enable_extensible_kv_cache"] = False
    config = EngineArgs(model=model_dir, skip_tokenizer_init=True, **extra).create_engine_config(
        UsageContext.OPENAI_API_SERVER)
    current_platform.update_block_size_for_backend(config)
    return config


def build_model(config):
    """vLLM's model class for the config, built on the meta device, and its layers' KV cache specs."""
    import torch
    from vllm.config import set_current_vllm_config
    from vllm.distributed import parallel_state
    from vllm.model_executor.model_loader.utils import get_model_architecture
    from vllm.utils.torch_utils import set_default_torch_dtype
    if not parallel_state.model_parallel_is_initialized():
        with set_current_vllm_config(config), tempfile.NamedTemporaryFile() as f:
            parallel_state.init_distributed_environment(world_size=1, rank=0, local_rank=0,
                                                        distributed_init_method=f"file://{f.name}", backend="gloo")
            parallel_state.initialize_model_parallel(1, 1)
    config.compilation_config.static_forward_context.clear()
    model_class, _ = get_model_architecture(config.model_config)
    # the loader builds the model under the model's dtype (model_loader/default_loader.py load_model)
    with set_current_vllm_config(config), set_default_torch_dtype(config.model_config.dtype), torch.device("meta"):
        model = model_class(vllm_config=config, prefix="")
        specs = {name: layer.get_kv_cache_spec(config)
                 for name, layer in config.compilation_config.static_forward_context.items()
                 if hasattr(layer, "get_kv_cache_spec")}
    params = sum(p.numel() * p.element_size() for p in model.parameters())
    buffers = sum(b.numel() * b.element_size() for b in model.buffers())
    return model_class.__name__, params, buffers, {k: v for k, v in specs.items() if v is not None}


def size(config, specs: dict, available: int) -> dict:
    """What the engine core does with the workers' answers (v1/engine/core.py _initialize_kv_caches)."""
    from vllm.config import set_current_vllm_config
    from vllm.distributed.kv_transfer.kv_connector.utils import get_current_attn_backends
    from vllm.v1.attention.backends.utils import (
        get_supported_kv_cache_layouts,
        record_kv_cache_layout,
        resolve_kv_cache_layout,
    )
    from vllm.v1.core.kv_cache_planning import (
        _pool_bytes_per_block_from_builder,
        get_global_kv_cache_groups,
        get_kv_cache_config_builder,
        get_kv_cache_configs,
    )
    from vllm.v1.core.kv_cache_utils import get_kv_cache_capacity
    with set_current_vllm_config(config):
        supported = [[layout.name for layout in get_supported_kv_cache_layouts(get_current_attn_backends(config))]]
        layout = resolve_kv_cache_layout(config, supported, specs.values())
        record_kv_cache_layout(config.cache_config, layout.name)
        groups = get_global_kv_cache_groups(config, [specs])
        per_block = _pool_bytes_per_block_from_builder(get_kv_cache_config_builder(config), config, groups)
        configs = get_kv_cache_configs(config, [specs], [available], groups)
        tokens, concurrency = get_kv_cache_capacity(config, configs[0])
    return {"kv_cache_layout": layout.name, "available_bytes": available, "pool_bytes_per_block": per_block,
            "num_blocks": configs[0].num_blocks, "kv_cache_tokens": tokens,
            "max_concurrency": round(concurrency, 4)}


def measure(model_dir: str, family: str, ascend_block_size) -> dict:
    device = DEVICES[family]
    fake_platform(device)
    config = engine_config(model_dir, family, {})
    block_rule = "vLLM's update_block_size_for_backend"
    if family == "a2":
        ascend_block_size[0](config)
        block_rule = ascend_block_size[1]
    cache, sched = config.cache_config, config.scheduler_config
    model_name, params, buffers, specs = build_model(config)
    spec = next(iter(specs.values()))
    page_per_block = spec.page_size_bytes
    total = device["memory_gib"] * GIB
    util = cache.resolved_gpu_memory_utilization
    requested = math.ceil(total * util)   # v1/worker/utils.py request_memory
    weights = params + buffers
    non_kv = weights + ASSUMED["non_torch_bytes"] + ASSUMED["activation_peak_bytes"]
    # CUDA-graph estimate: gpu/model_runner.py profile_cudagraph_memory returns 0 under the extensible KV cache
    # (that cache measures capture after warm-up instead); vLLM-Ascend's worker subtracts none.
    graphs = 0
    available = requested - non_kv - graphs
    sized = size(config, specs, available)
    return {
        "family": family, "memory_bytes": total, "device_name": device["name"],
        "resolved": {"block_size": cache.block_size, "block_size_rule": block_rule,
                     "gpu_memory_utilization": cache.gpu_memory_utilization,
                     "resolved_gpu_memory_utilization": util,
                     "enable_extensible_kv_cache": bool(cache.enable_extensible_kv_cache),
                     "max_num_batched_tokens": sched.max_num_batched_tokens, "max_num_seqs": sched.max_num_seqs,
                     "max_model_len": config.model_config.max_model_len, "dtype": str(config.model_config.dtype),
                     "kv_cache_dtype": cache.cache_dtype},
        "vllm_code": {"model_class": model_name, "weight_bytes": weights, "parameter_bytes": params,
                      "buffer_bytes": buffers, "kv_layers": len(specs), "kv_spec": type(spec).__name__,
                      "page_size_bytes_per_layer_block": page_per_block,
                      "kv_bytes_per_token": page_per_block * len(specs) // spec.block_size,
                      "requested_memory_bytes": requested, "cudagraph_estimate_bytes": graphs, **sized},
        "assumed": {"non_torch_bytes": ASSUMED["non_torch_bytes"],
                    "activation_peak_bytes": ASSUMED["activation_peak_bytes"]},
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model-config", default=str(DEFAULT_MODEL))
    ap.add_argument("--ascend-source", required=True, help="a git clone of vllm-project/vllm-ascend")
    ap.add_argument("--out", required=True)
    opts = ap.parse_args()
    warnings.simplefilter("ignore")
    install_stubs()
    import vllm
    refresh = ascend_refresh_block_size(Path(opts.ascend_source))
    with tempfile.TemporaryDirectory() as model_dir:
        (Path(model_dir) / "config.json").write_text(Path(opts.model_config).read_text(encoding="utf-8"))
        devices = [measure(model_dir, family, refresh) for family in DEVICES]
    model_config = Path(opts.model_config).resolve()
    fixture = {
        "vllm_version": vllm.__version__,
        "model_config": str(model_config.relative_to(HERE)) if model_config.is_relative_to(HERE) else str(model_config),
        "how": ("vLLM's own EngineArgs.create_engine_config (serve defaults) on a faked platform, the model class "
                "built on the meta device for the weights and KV cache specs, and get_kv_cache_configs / "
                "get_kv_cache_capacity for the blocks and tokens (tools/vllm_memory.py); available memory = "
                "ceil(memory x resolved gpu_memory_utilization) - weights - the ASSUMED profile terms"),
        "which_is_which": {
            "vllm_code": ("computed by vLLM 0.34.0's own functions on the faked device; available_bytes, num_blocks, "
                          "kv_cache_tokens and max_concurrency are vLLM's arithmetic on an available memory that "
                          "subtracts the assumed terms below"),
            "assumed": ("NOT vLLM's figure: the profile run's memory outside torch and activation peak, measured by "
                        "vLLM on a real device; taken from " + ASSUMED_SOURCE),
            "not_modelled": ("with the extensible KV cache (CUDA default in 0.34) vLLM re-measures after warm-up and "
                             "may shrink the cache by the CUDA graphs' capture; that measurement needs a device"),
            "a2": ("vLLM-Ascend's platform needs torch_npu: the config is vLLM's on a faked 64 GiB device with the "
                   "extensible KV cache off, then vLLM-Ascend's own refresh_block_size; its worker subtracts no "
                   "CUDA-graph estimate"),
        },
        "devices": devices,
    }
    Path(opts.out).write_text(json.dumps(fixture, indent=1) + "\n", encoding="utf-8")
    for d in devices:
        print(f"{d['family']}: {d['vllm_code']['kv_cache_tokens']} tokens, {d['vllm_code']['num_blocks']} blocks "
              f"of {d['resolved']['block_size']}, weights {d['vllm_code']['weight_bytes']}")


if __name__ == "__main__":
    main()
