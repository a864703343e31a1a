"""Record how one SGLang release sizes device memory, by running SGLang's own code on a faked device.

SGLang picks ``--chunked-prefill-size``, the decode graph's largest batch and ``--mem-fraction-static`` from
the device's memory (0.5.23: ``arg_groups/memory_hook.py handle_gpu_memory_settings`` and, on Ascend,
``hardware_backend/npu/utils.py set_default_server_args``), then sizes the KV pool from what the static
fraction leaves after the weights (``mem_cache/kv_cache_configurator.py _profile_available_bytes`` and
``model_executor/pool_configurator.py``).  This tool runs exactly that code in SGLang's venv, with the
platform faked through SGLang's own ``override_platform`` and the memory probes patched, and writes:

* ``bounds``: the memory comparisons of those two functions, read with ``ast`` (which buckets exist);
* ``buckets``: what resolution picks on each side of every bound, at TP 1 and TP 4;
* ``cases``: ``mem_fraction_static`` for launches that exercise each term of the reserve;
* ``kv_pool``: the pool SGLang sizes for one model (default Qwen2.5-7B) on one 24 GiB CUDA device.

argmatrix's memory table (``argmatrix/matrix/engines/sglang_memory.py``) is checked against this fixture
(``tests/plan/test_sglang_memory_table.py``); argmatrix never imports SGLang.

SGLang imports transformers for its model configs; the venv has none, so install the release's pin into a
scratch folder and pass it with ``--site`` (it is appended to ``sys.path``, after the venv)::

    /work/venvs/sglang/bin/python -m pip install --target /tmp/sgl-site transformers==5.19.0 dill
    /work/venvs/sglang/bin/python tools/sglang_memory.py --site /tmp/sgl-site \\
        --out tests/fixtures/sglang_memory-0.5.23.json

Third-party modules the venv lacks and that only SGLang's own modules import (kernels, torchvision...) are
replaced by permissive stubs; nothing runs on a device.
"""
from __future__ import annotations

import argparse
import ast
import json
import logging
import sys
import tempfile
import warnings
from pathlib import Path
from types import SimpleNamespace

import engine_stubs  # tools/engine_stubs.py: this script's folder is on sys.path

GIB = 1 << 30
HERE = Path(__file__).resolve().parent.parent
DEFAULT_MODEL = HERE / "tests/fixtures/model_configs/qwen2.5-7b.json"


# ---- stubs for modules the venv lacks: a top-level module nothing else finds, imported by SGLang --------------

def install_stubs() -> None:
    engine_stubs.install(lambda name: True, first=False, only_from_sglang=True, hide_from_probes=True)


# ---- the faked device -----------------------------------------------------------------------------------------

NO_DEVICE = dict(is_cuda=False, is_hip=False, is_npu=False, is_xpu=False, is_musa=False, is_mps=False,
                 is_sm90=False, is_sm100=False, is_sm100_or_sm110=False, is_sm110=False, is_sm120=False,
                 is_blackwell=False, is_hopper_with_cuda_12_3=False, has_amx=False, has_flashinfer=False)
# An Ada-class CUDA GPU (RTX 4090: sm89) and an Ascend NPU.
PLATFORMS = {"cuda": {**NO_DEVICE, "is_cuda": True, "has_flashinfer": True, "device_sm": 89,
                      "device_capability": (8, 9)},
             "npu": {**NO_DEVICE, "is_npu": True, "device_sm": -1, "device_capability": (-1, -1)}}


def fake_memory(mib: float | None) -> None:
    """Every probe SGLang's memory rules read returns ``mib`` (None: unknown)."""
    import sglang.srt.arg_groups.memory_hook as memory_hook
    from sglang.srt.utils import common
    for module in (common, memory_hook):
        module.get_device_memory_capacity = lambda device=None: mib
    common.get_npu_memory_capacity = lambda: mib
    try:
        import sglang.srt.hardware_backend.npu.utils as npu_utils
        npu_utils.get_npu_memory_capacity = lambda: mib
    except Exception:  # noqa: BLE001  (the NPU module may not import without torch_npu; then NPU is not probed)
        pass


def resolve(model_dir: str, family: str, mib: float | None, argv: list[str]):
    """SGLang's own parse and resolution of ``argv`` on a faked ``family`` device of ``mib`` MiB."""
    from sglang.srt.arg_groups.overrides import resolved_view
    from sglang.srt.runtime_context import override_platform
    from sglang.srt.server_args import prepare_server_args
    fake_memory(mib)
    with override_platform(**PLATFORMS[family]):
        args = prepare_server_args(["--model-path", model_dir, "--device", family, *argv])
        args.resolve_once()
        return args, resolved_view(args)


def summary(view) -> dict:
    graphs = view.cuda_graph_config
    return {"chunked_prefill_size": view.chunked_prefill_size, "decode_max_bs": graphs.decode.max_bs,
            "decode_backend": str(graphs.decode.backend), "prefill_backend": str(graphs.prefill.backend),
            "prefill_bs_count": len(graphs.prefill.bs or ()), "mem_fraction_static": view.mem_fraction_static}


# ---- reading the rules ------------------------------------------------------------------------------------------

def memory_bounds(path: Path, function: str, variable: str) -> list[dict]:
    """Every ``variable < N * 1024`` / ``<=`` comparison in ``function`` of ``path``, in source order."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    fn = next(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == function)
    out = []
    for node in ast.walk(fn):
        if (isinstance(node, ast.Compare) and isinstance(node.left, ast.Name) and node.left.id == variable
                and len(node.ops) == 1 and isinstance(node.ops[0], (ast.Lt, ast.LtE, ast.Gt))):
            try:
                value = eval(compile(ast.Expression(node.comparators[0]), str(path), "eval"), {})
            except Exception:  # noqa: BLE001  (a bound that is not a constant expression)
                continue
            out.append({"line": node.lineno, "op": type(node.ops[0]).__name__, "mib": value})
    return sorted(out, key=lambda b: b["line"])


# ---- the KV pool of one model -------------------------------------------------------------------------------------

def weight_bytes(config_path: Path) -> tuple[int, str]:
    """Bytes of the model's parameters in its dtype: transformers builds the model on the meta device."""
    import torch
    import transformers
    config = transformers.AutoConfig.from_pretrained(str(config_path.parent))
    with torch.device("meta"):
        model = transformers.AutoModelForCausalLM.from_config(config, dtype=torch.bfloat16)
    total = sum(p.numel() * p.element_size() for p in model.parameters())
    return total, f"transformers {transformers.__version__} {type(model).__name__} on the meta device"


def kv_pool(model_dir: str, memory_gib: float, weights: int) -> dict:
    """SGLang's own pool sizing: resolution, then KVCacheConfigurator's profile and configurator, with the device's
    free memory before the weights load equal to its whole memory and after it that minus the weights."""
    import sglang.srt.mem_cache.kv_cache_configurator as kcm
    from sglang.srt.arg_groups.overrides import model_config_of
    from sglang.srt.model_executor.model_runner_components.layer_setup import ModelLayerInfo
    from sglang.srt.model_executor.model_runner_components.spec_aux_hidden_state import SpecAuxHiddenStateConfig
    from sglang.srt.runtime_context import get_parallel, override_platform, publish
    from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

    args, view = resolve(model_dir, "cuda", memory_gib * 1024, [])
    with override_platform(**PLATFORMS["cuda"]):
        publish(args, role="test")
        get_parallel().override_permanently(world_group=SimpleNamespace(cpu_group=None))
        model_config = model_config_of(args)
        layers = model_config.num_hidden_layers
        kvc = kcm.KVCacheConfigurator(
            device="cuda", gpu_id=0, attn_dp_size=1, pp_size=1, pp_group=SimpleNamespace(world_size=1), model=None,
            model_config=model_config, server_args=args, kv_cache_dtype=model_config.dtype, kv_cache_dtype_str="auto",
            model_dtype=model_config.dtype, page_size=view.page_size, sliding_window_size=None,
            spec_algorithm=SpeculativeAlgorithm.from_string(None), is_draft_worker=False, post_capture_kv_active=False,
            spec_aux_config=SpecAuxHiddenStateConfig(), is_hybrid_swa=False, is_hybrid_swa_compress=False,
            use_mla_backend=False, layer_info=ModelLayerInfo(start_layer=0, end_layer=layers, num_effective_layers=layers),
            forward_stream=None, req_to_token_pool=None, token_to_kv_pool_allocator=None, memory_pool_config=None)
        kcm.get_available_gpu_memory = lambda *a, **k: memory_gib - weights / GIB
        budget = kvc._profile_available_bytes(memory_gib)
        config = kvc.config_from_budget(budget)
        from sglang.srt.model_executor.pool_configurator import create_memory_pool_configurator
        cell = create_memory_pool_configurator(kvc)._cell_size
    return {"memory_gib": memory_gib, "pre_model_load_gib": memory_gib, "weight_bytes": weights,
            "mem_fraction_static": view.mem_fraction_static, "chunked_prefill_size": view.chunked_prefill_size,
            "decode_max_bs": view.cuda_graph_config.decode.max_bs, "page_size": view.page_size,
            "kv_budget_bytes": budget, "kv_bytes_per_token": cell, "max_total_num_tokens": config.max_total_num_tokens}


# ---- what is probed -----------------------------------------------------------------------------------------------

# Launches that exercise each term of the reserve (memory in GiB, extra arguments).
CASES: tuple[tuple[float, tuple[str, ...]], ...] = (
    (24, ()), (24, ("--chunked-prefill-size", "8192")), (24, ("--chunked-prefill-size", "-1")),
    (24, ("--chunked-prefill-size", "-1", "--max-prefill-tokens", "4096")),
    (24, ("--cuda-graph-max-bs-decode", "100")), (24, ("--max-running-requests", "16")),
    (24, ("--cuda-graph-backend-decode", "disabled")), (24, ("--disable-cuda-graph",)),
    (24, ("--cuda-graph-backend-prefill", "full")),
    (24, ("--cuda-graph-backend-prefill", "breakable", "--max-total-tokens", "2000")),
    (24, ("--tp-size", "2")), (24, ("--tp-size", "2", "--pp-size", "2")),
    (80, ()), (80, ("--chunked-prefill-size", "65536")), (141, ()), (192, ()),
    (80, ("--tp-size", "4", "--dp-size", "4", "--enable-dp-attention")),
    (192, ("--tp-size", "8", "--dp-size", "8", "--enable-dp-attention")),
    (24, ("--disaggregation-mode", "decode", "--max-running-requests", "64")),
    (24, ("--disaggregation-mode", "prefill")),
)


def probe_buckets(model_dir: str, family: str, bounds: list[dict], unknown: bool) -> list[dict]:
    memories: set[float] = set()
    for b in bounds:
        memories.update({b["mib"] - 1, b["mib"], b["mib"] + 1})
    out = []
    for mib in sorted(memories):
        for tp in (1, 4):
            _, view = resolve(model_dir, family, mib, ["--tp-size", str(tp)])
            out.append({"family": family, "memory_mib": mib, "tp": tp, **summary(view)})
    if unknown:  # SGLang's fallback when the memory cannot be read (the NPU rule compares it unguarded)
        _, view = resolve(model_dir, family, None, [])
        out.append({"family": family, "memory_mib": None, "tp": 1, **summary(view)})
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--site", help="folder with transformers (and dill), appended to sys.path")
    ap.add_argument("--model-config", default=str(DEFAULT_MODEL))
    ap.add_argument("--kv-memory-gib", type=float, default=24)
    ap.add_argument("--out", required=True)
    opts = ap.parse_args()
    if opts.site:
        sys.path.append(opts.site)
    install_stubs()
    warnings.simplefilter("ignore")
    logging.disable(logging.WARNING)
    import sglang
    srt = Path(sglang.__file__).parent / "srt"
    with tempfile.TemporaryDirectory() as model_dir:
        (Path(model_dir) / "config.json").write_text(Path(opts.model_config).read_text(encoding="utf-8"))
        gpu_bounds = memory_bounds(srt / "arg_groups/memory_hook.py", "handle_gpu_memory_settings", "gpu_mem")
        npu_bounds = memory_bounds(srt / "hardware_backend/npu/utils.py", "set_default_server_args", "npu_mem")
        buckets = probe_buckets(model_dir, "cuda", [b for b in gpu_bounds if b["op"] == "Lt"], True)
        try:
            buckets += probe_buckets(model_dir, "npu", npu_bounds, False)
        except Exception as exc:  # noqa: BLE001
            print(f"NPU not probed: {type(exc).__name__}: {exc}", file=sys.stderr)
        cases = []
        for gib, argv in CASES:
            _, view = resolve(model_dir, "cuda", gib * 1024, list(argv))
            cases.append({"family": "cuda", "memory_mib": gib * 1024, "argv": list(argv), **summary(view)})
        weights, weights_how = weight_bytes(Path(model_dir) / "config.json")
        pool = kv_pool(model_dir, opts.kv_memory_gib, weights)
    fixture = {
        "sglang_version": sglang.__version__,
        "how": ("SGLang's own prepare_server_args and resolve_once on a device faked with override_platform "
                "and patched memory probes (tools/sglang_memory.py); KV pool by KVCacheConfigurator."
                "_profile_available_bytes and config_from_budget, with free memory before loading = the device's "
                "memory and after loading = that minus the weights"),
        "sources": {"gpu": "sglang/srt/arg_groups/memory_hook.py handle_gpu_memory_settings, reserve_for_graph_mb",
                    "npu": "sglang/srt/hardware_backend/npu/utils.py set_default_server_args",
                    "pool": "sglang/srt/mem_cache/kv_cache_configurator.py _profile_available_bytes"},
        "bounds": {"gpu": gpu_bounds, "npu": npu_bounds},
        "buckets": buckets,
        "cases": cases,
        "kv_pool": {"model_config": str(Path(opts.model_config).resolve().relative_to(HERE))
                    if Path(opts.model_config).resolve().is_relative_to(HERE) else opts.model_config,
                    "weights_counted_by": weights_how, **pool},
    }
    Path(opts.out).write_text(json.dumps(fixture, indent=1, sort_keys=False) + "\n", encoding="utf-8")
    print(f"wrote {opts.out}: {len(buckets)} bucket probes, {len(cases)} cases, "
          f"KV pool {pool['max_total_num_tokens']} tokens")


if __name__ == "__main__":
    main()
