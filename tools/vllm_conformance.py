"""Record vLLM's own verdict on every launch of the vLLM corpus (and the generated rule and bound cases), as a fixture.

Run with the Python of a venv that holds vLLM (never imported by argmatrix or its tests; CI never runs it):

    /work/venvs/vllm-0.34.0/bin/python tools/vllm_conformance.py              # every case, every target
    /work/venvs/vllm-0.34.0/bin/python tools/vllm_conformance.py --only ID    # one case, printed, nothing written
    PYTHONPATH=$PWD python tools/vllm_conformance.py --write-bound-cases      # cases/bounds.yaml, from argmatrix

For each case it does what ``vllm serve`` does before it touches a device: the argv is parsed exactly as
``tools/vllm_corpus.py judge`` parses it (the top-level ``FlexibleArgumentParser`` with the ``serve`` sub-parser,
or the api_server parser), then ``validate_parsed_serve_args`` and vLLM's own ``ServeSubcommand.cmd`` (its
load-balancing checks), whose launchers (``run_server``, ``run_headless``, ``run_multi_api_server``,
``run_dp_supervisor``) are replaced by one that runs ``AsyncEngineArgs.from_cli_args(args)`` and
``engine_args.create_engine_config(usage_context=OPENAI_API_SERVER, headless=...)``: every config class, its
pydantic constraints and validators, and the platform's ``check_and_update_config``.  Nothing is started.

How the platform is faked (one worker process per target, one forked child per case):

* ``cuda``: ``vllm.platforms._current_platform`` is an instance of a subclass of vLLM's ``NonNvmlCudaPlatform``
  whose device probes answer for an NVIDIA H200 (compute capability 9.0, 143771 MiB, 8 per node, fully
  connected); ``torch.cuda.get_device_capability`` / ``get_device_name`` / ``device_count`` answer the same.
  The CUDA extension modules vLLM imports at module level (``vllm._C_stable_libtorch``, ``vllm.vllm_flash_attn``)
  are stubs.
* ``cpu``: ``VLLM_TARGET_DEVICE=cpu`` (vLLM's own switch to its ``CpuPlatform``), with ``HAS_TRITON`` true (an x86
  host with triton-cpu: vLLM refuses x86 without it) and 256 GiB of memory.

Model classes are never imported under the fake: vLLM's model registry reads each architecture's facts
(``_ModelInfo``) from its own file cache, which the parent fills first by inspecting every stand-in's
architecture under the CPU platform (``VLLM_CACHE_ROOT`` is a scratch folder per run).

Hugging Face runs offline.  The command's model (a hub id, a path or a placeholder; none: vLLM's default) becomes
a hand-written ``config.json`` stand-in under ``tests/fixtures/vllm_conformance/models/``, picked by family from
the id (``MODEL_FAMILIES``; default ``DEFAULT_MODEL``); the test gives argmatrix the same folder.  A case that
fails because of the harness (an import, a stub, a hub look-up, an architecture no stand-in has) is recorded as
``harness_failure`` with the reason, never as a refusal.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import logging
import os
import re
import shlex
import subprocess
import sys
import tempfile
import traceback
import types
from functools import partial
from pathlib import Path
from typing import Any

from forked_case import (  # tools/: this script's folder is on sys.path
    plain,
    raised_by_a_check,
    run_forked,
    run_workers,
    settle,
)

ROOT = Path(__file__).resolve().parents[1]
CONFORMANCE = ROOT / "tests" / "fixtures" / "vllm_conformance"
CORPUS = ROOT / "tests" / "fixtures" / "vllm_corpus"
CASES_DIR = CONFORMANCE / "cases"
MODELS_DIR = CONFORMANCE / "models"
FILLED_FROM = "vllm-0.33.0-parsed.json"  # the corpus's verdicts whose `filled` argv a placeholder command uses
DEFAULT_MODEL = "llama-3.1-8b"
MODEL_WORD = "M"  # the argv word the generated cases write for the model
TARGETS = ("cuda", "cpu")
# The stand-in of a command's model, by what its model id names (lower case, first match wins).
MODEL_FAMILIES = (
    ("deepseek-v2-lite", "deepseek-v2-lite"), ("deepseek", "deepseek-v2-lite"), ("kimi", "deepseek-v2-lite"),
    ("glm", "deepseek-v2-lite"), ("minimax", "qwen3-30b-a3b"), ("gpt-oss", "qwen3-30b-a3b"),
    ("qwen3-30b-a3b", "qwen3-30b-a3b"), ("-a3b", "qwen3-30b-a3b"), ("-a22b", "qwen3-30b-a3b"),
    ("-a17b", "qwen3-30b-a3b"), ("moe", "qwen3-30b-a3b"), ("mixtral", "mixtral-8x7b"), ("qwen3", "qwen3-8b"),
    ("qwen2", "qwen2.5-7b"), ("qwq", "qwen2.5-7b"), ("qwen", "qwen2.5-7b"), ("llama", "llama-3.1-8b"),
)

GIB = 1 << 30
PLATFORMS: dict[str, dict[str, Any]] = {
    "cuda": {"describe": "NVIDIA H200 (compute capability 9.0, 143771 MiB, 8 per node, fully connected)",
             "device_count": 8, "memory": 143771 << 20, "capability": (9, 0), "device_name": "NVIDIA H200"},
    "cpu": {"describe": "x86 host with triton-cpu (VLLM_TARGET_DEVICE=cpu), 256 GiB", "device_count": 1,
            "memory": 256 * GIB},
}
OFFLINE_ENV = {"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1",
               "VLLM_NO_USAGE_STATS": "1", "DO_NOT_TRACK": "1"}
STUBBED_MODULES = ("vllm._C_stable_libtorch", "vllm.vllm_flash_attn")  # CUDA extensions, on the cuda target
# vLLM's CUDA-extension probes (vllm/_custom_ops.py) -> the compute capability (x10) each kernel needs
KERNEL_PROBES = {"cutlass_scaled_mm_supports_fp8": 89, "cutlass_scaled_mm_supports_block_fp8": 90,
                 "cutlass_group_gemm_supported": 90, "cutlass_scaled_mm_supports_fp4": 100,
                 "mxfp4_experts_quant_supported": 100}
# Optional packages the venv lacks that model modules import at module level; stubbed on every target and hidden
# from the availability probes of transformers (none needed by the text stand-ins; a multimodal stand-in needs
# torchvision, which a stub does not satisfy: transformers compares its version)
STUBBED_PACKAGES: tuple[str, ...] = ()


# --------------------------------------------------------------------------------------------------------------------
# Cases (parent process)


def model_of(argv: list[str]) -> tuple[int | None, str | None]:
    """(index of the model word, the word): the positional model tag or --model's value; (None, None) without."""
    for i, word in enumerate(argv):
        if word in ("--model",) and i + 1 < len(argv):
            return i + 1, argv[i + 1]
        if word.startswith("--model="):
            return i, word
    if argv and not argv[0].startswith("-"):
        return 0, argv[0]
    return None, None


# A command whose model names no family and that asks for what only a mixture of experts takes (expert parallelism,
# an external data-parallel rank: vLLM refuses both for a dense model) gets the MoE stand-in.
MOE_WORDS = ("--enable-expert-parallel", "-ep", "--enable-eplb", "--data-parallel-rank", "-dpr",
             "--data-parallel-external-lb")
MOE_DEFAULT = "qwen3-30b-a3b"


def stand_in(model: str | None, argv: list[str]) -> str:
    named = (model or "").lower()
    found = next((s for key, s in MODEL_FAMILIES if key in named), None)
    if found is None and any(w.split("=", 1)[0] in MOE_WORDS for w in argv):
        return MOE_DEFAULT
    return found or DEFAULT_MODEL


def corpus_cases() -> list[dict[str, Any]]:
    commands = json.loads((CORPUS / "commands.json").read_text(encoding="utf-8"))["commands"]
    filled = {v["id"]: v["filled"]["argv"] for v in
              json.loads((CORPUS / FILLED_FROM).read_text(encoding="utf-8"))["verdicts"] if "filled" in v}
    cases = []
    for command in commands:
        argv = list(filled.get(command["id"], command["argv"]))
        index, word = model_of(argv)
        model = stand_in(word, argv)
        if index is None:  # no model: vLLM's default (Qwen/Qwen3-0.6B), given as the stand-in's folder
            argv = [MODEL_WORD, *argv]
        elif argv[index].startswith("--model="):
            argv[index] = f"--model={MODEL_WORD}"
        else:
            argv[index] = MODEL_WORD
        env = {k: v for k, _, v in (w.partition("=") for w in command["env"])}
        for target in TARGETS:
            cases.append({"id": f"{command['id']}@{target}", "command": command["id"], "target": target,
                          "program": command["program"], "argv": argv, "model": model,
                          "model_named": word if index is not None else None,
                          **({"env": env} if env else {}), "file": "commands.json",
                          **({"filled": True} if command["id"] in filled else {})})
    return cases


def generated_cases() -> list[dict[str, Any]]:
    import yaml

    cases = []
    for path in sorted(CASES_DIR.glob("*.yaml")):
        for entry in yaml.safe_load(path.read_text()) or []:
            argv = entry["argv"] if isinstance(entry["argv"], list) else shlex.split(str(entry["argv"]))
            if MODEL_WORD not in argv:
                argv = [MODEL_WORD, *argv]
            cases.append({"id": str(entry["id"]), "target": entry.get("target", "cuda"), "program": "vllm serve",
                          "argv": [str(a) for a in argv], "model": entry.get("model", DEFAULT_MODEL),
                          **({"env": entry["env"]} if entry.get("env") else {}), "file": path.name,
                          **{k: entry[k] for k in ("rule", "bound", "expect") if k in entry}})
    return cases


def load_cases() -> list[dict[str, Any]]:
    cases = corpus_cases() + generated_cases()
    seen: set[str] = set()
    for case in cases:
        if case["id"] in seen:
            raise SystemExit(f"case id {case['id']!r} twice")
        if case["target"] not in TARGETS:
            raise SystemExit(f"case {case['id']}: target {case['target']!r} is none of {TARGETS}")
        seen.add(case["id"])
    return cases


# --------------------------------------------------------------------------------------------------------------------
# The generated bound cases (run with argmatrix on PYTHONPATH, not in the vLLM venv)


def write_bound_cases(release: str = "0.34.0") -> int:
    """cases/bounds.yaml: per number bound argmatrix checks (AM-E118, read from vLLM's config classes), a launch
    just outside it and one on its edge (or just inside an open bound)."""
    import yaml

    from argmatrix.matrix import engines

    eng = engines.get("vllm")
    cases = []
    for _name, spec in sorted(eng.surface.specs.items()):
        bounds = eng.bounds_in(spec, release)
        if not bounds:
            continue
        is_int = "int" in str(spec.annotation) and "float" not in str(spec.annotation)
        step = 1 if is_int else 0.5
        for kind, edge in sorted(dict(bounds).items()):
            if kind not in ("gt", "ge", "lt", "le"):
                continue
            below = kind in ("gt", "ge")
            if kind in ("ge", "le"):
                breaks, holds = edge - step if below else edge + step, edge
            else:
                inside = 1 if is_int else (0.5 if edge == 0 else edge / 2 if below is False else edge + 0.5)
                breaks, holds = edge, (edge + inside if below else edge - (1 if is_int else min(0.5, edge / 2)))
            fmt = (lambda v: str(int(v))) if is_int else (lambda v: repr(float(v)))
            for verdict, value in (("breaks", breaks), ("holds", holds)):
                cases.append({"id": f"bound-{spec.flag.lstrip('-')}-{kind}-{verdict}", "target": "cuda",
                              "bound": f"{spec.flag} {kind} {edge}",
                              "expect": "refuse" if verdict == "breaks" else "accept",
                              "argv": f"{MODEL_WORD} {spec.flag} {fmt(value)}"})
    header = ("# Generated by `PYTHONPATH=$PWD python tools/vllm_conformance.py --write-bound-cases`: per number bound\n"
              f"# argmatrix checks for vLLM {release} (AM-E118, from vLLM's config classes), a launch just outside it and\n"
              "# one on its edge (or just inside an open bound). `expect` is argmatrix's reading, not vLLM's verdict.\n")
    (CASES_DIR / "bounds.yaml").write_text(header + yaml.safe_dump(cases, sort_keys=False, width=200))
    return len(cases)


# --------------------------------------------------------------------------------------------------------------------
# The worker (one per target; imports vLLM)


def _stub(name: str) -> types.ModuleType:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import engine_stubs

    return engine_stubs.stub_module(name)


def _install_package_stubs() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import engine_stubs

    engine_stubs.install(lambda name: name in STUBBED_PACKAGES, first=False, hide_from_probes=True)


def _install_platform(target: str) -> list[str]:
    """Fake the target's platform; returns what was replaced, for the provenance."""
    p = PLATFORMS[target]
    _install_package_stubs()
    replaced = [f"stub {m}" for m in STUBBED_PACKAGES]
    if target == "cpu":
        os.environ["VLLM_TARGET_DEVICE"] = "cpu"
        import vllm.triton_utils

        vllm.triton_utils.HAS_TRITON = True
        import vllm.platforms as platforms
        from vllm.platforms.cpu import CpuPlatform

        class FakeCpu(CpuPlatform):
            @classmethod
            def get_device_total_memory(cls, device_id: int = 0) -> int:
                return p["memory"]

        platforms._current_platform = FakeCpu()
        replaced += ["vllm.triton_utils.HAS_TRITON", "CpuPlatform.get_device_total_memory"]
        return replaced
    os.environ.pop("VLLM_TARGET_DEVICE", None)
    for name in STUBBED_MODULES:
        sys.modules[name] = _stub(name)
    import torch

    torch.cuda.get_device_capability = lambda *a, **k: p["capability"]
    torch.cuda.get_device_name = lambda *a, **k: p["device_name"]
    torch.cuda.device_count = lambda: p["device_count"]
    replaced += ["torch.cuda.get_device_capability", "torch.cuda.get_device_name", "torch.cuda.device_count"]
    import vllm.platforms as platforms
    import vllm.platforms.cuda as cuda
    from vllm.platforms.interface import DeviceCapability

    class FakeCuda(cuda.NonNvmlCudaPlatform):
        @classmethod
        def get_device_capability(cls, device_id: int = 0) -> DeviceCapability:
            return DeviceCapability(*p["capability"])

        @classmethod
        def has_device_capability(cls, capability: Any, device_id: int = 0) -> bool:
            if isinstance(capability, tuple):
                return p["capability"] >= capability
            return p["capability"][0] * 10 + p["capability"][1] >= capability

        @classmethod
        def get_device_name(cls, device_id: int = 0) -> str:
            return p["device_name"]

        @classmethod
        def get_device_total_memory(cls, device_id: int = 0) -> int:
            return p["memory"]

        @classmethod
        def device_count(cls) -> int:
            return p["device_count"]

        @classmethod
        def is_fully_connected(cls, physical_device_ids: list[int]) -> bool:
            return True

        def is_cumem_allocator_available(self) -> bool:
            return True  # its extension is built for CUDA and loads on an H200, not on this CPU host

    platforms._current_platform = FakeCuda()
    cuda._cuda_device_count_stateless = lambda *a, **k: p["device_count"]
    # the kernel-support probes of vLLM's CUDA extension, answered as its SM90 build answers (fp8 and block fp8
    # CUTLASS GEMMs and grouped GEMM from SM90; FP4 and MXFP4 experts from SM100)
    import vllm._custom_ops as ops

    sm = p["capability"][0] * 10 + p["capability"][1]
    for name, since in KERNEL_PROBES.items():
        setattr(ops, name, lambda capability=sm, _since=since: capability >= _since)
    replaced += [f"vllm._custom_ops.{name}" for name in KERNEL_PROBES]
    replaced += ["vllm.platforms.current_platform (NonNvmlCudaPlatform: capability, name, memory, device_count, "
                 "is_fully_connected, is_cumem_allocator_available)", "vllm.platforms.cuda._cuda_device_count_stateless"]
    replaced += [f"stub {m}" for m in STUBBED_MODULES]
    return replaced


_VLLM = "/vllm/"


def _rel(filename: str) -> str | None:
    """A frame's file relative to vllm/ (the package), or None outside it."""
    path = filename.replace("\\", "/")
    i = path.rfind("/site-packages/vllm/")
    if i >= 0:
        return path[i + len("/site-packages/vllm/"):]
    return None


HARNESS_MESSAGES = (
    "failed to be inspected", "Cannot find an appropriate cached snapshot", "outgoing traffic has been disabled",
    "is not a local folder and is not a valid model identifier", "We couldn't connect", "Repo id must",
    "<stub>", "'Stub'", "No module named", "local_files_only", "Cannot connect to proxy", "offline mode",
    "Invalid repository ID or local directory", "Failed to import Ray",
    # files the command names (in vLLM's repository, or on its author's machine) that are not here
    "appears path-like, but doesn't exist", "No such file or directory", "Could not load logging config",
)


# Refusals that are about the stand-in, not the command: the stand-ins are text-only configs without a tokenizer,
# so what vLLM says of a multimodal, Engram or reasoning model's own parts is not its verdict on the command.
STAND_IN_MESSAGES = (
    "requires a multimodal model", "for a non multimodal model", "EngramConfig requires a model",
    "are not supported for now", "could not locate think start/end tokens in the tokenizer",
)


def _inner(exc: BaseException) -> BaseException:
    """The error a pydantic ValidationError wraps (a validator's own ValueError), where it keeps one."""
    errors = getattr(exc, "errors", None)
    if type(exc).__name__ == "ValidationError" and callable(errors):
        try:
            for err in errors():
                wrapped = (err.get("ctx") or {}).get("error")
                if isinstance(wrapped, BaseException) and wrapped.__traceback__ is not None:
                    return wrapped
        except Exception:  # noqa: BLE001
            return exc
    return exc


def _classify(exc: BaseException, stage: str) -> dict[str, Any]:
    inner = _inner(exc)
    frames = traceback.extract_tb(exc.__traceback__) + (
        traceback.extract_tb(inner.__traceback__) if inner is not exc else [])
    in_vllm = [f for f in frames if _rel(f.filename) is not None]
    raised = in_vllm[-1] if in_vllm else None
    record: dict[str, Any] = {"exception": type(exc).__name__, "message": str(exc),
                              "site": f"{_rel(raised.filename)}:{raised.lineno}" if raised else None}
    if type(exc).__name__ == "ValidationError":
        try:
            err = exc.errors()[0]  # type: ignore[attr-defined]
            record["pydantic"] = {"title": getattr(exc, "title", None), "loc": [str(x) for x in err.get("loc", ())],
                                  "type": err.get("type")}
        except Exception:  # noqa: BLE001
            pass
    last = frames[-1] if frames else None
    text = f"{exc} {inner}"
    why = None
    stub_reached = any(Path(f.filename).name == "engine_stubs.py" for f in frames)
    if isinstance(inner, ImportError) or isinstance(exc, ImportError) or stub_reached:
        why = f"{type(inner).__name__}: an import or a stub of the tool failed, not a check of vLLM's"
    elif any(m in text for m in HARNESS_MESSAGES):
        why = "a Hugging Face look-up, a file or a model class the offline harness cannot give"
    elif any(m in text for m in STAND_IN_MESSAGES):
        why = ("about the stand-in model (a text-only config.json without a tokenizer), not the command's model "
               "(multimodal, Engram embeddings, a reasoning tokenizer)")
    elif type(exc).__name__ == "ValidationError" and inner is exc:
        why = None  # a field constraint of a config class (gt/le/Literal): vLLM's own verdict
    elif last is None or _rel(last.filename) is None:
        why = f"raised outside vLLM ({Path(last.filename).name if last else '?'}:{last.lineno if last else '?'})"
    elif raised is not None and not raised_by_a_check(raised.filename, raised.lineno or 0) \
            and not isinstance(inner, AssertionError) and stage != "parse":
        # (vLLM's own parser failing on the words, e.g. an IndexError in FlexibleArgumentParser, stops `vllm serve`
        # with a traceback: its verdict, as tools/vllm_corpus.py judge records it)
        why = f"raised by an expression at {record['site']}, not by a check's raise or assert"
    settle(record, why, frames, _rel)
    return record


def _resolved(cfg: Any) -> dict[str, Any]:
    cache, sched, par, model = cfg.cache_config, cfg.scheduler_config, cfg.parallel_config, cfg.model_config
    return {
        "max_model_len": model.max_model_len if model is not None else None,
        "block_size": cache.block_size,
        "gpu_memory_utilization": cache.gpu_memory_utilization,
        "kv_cache_dtype": str(cache.cache_dtype),
        "max_num_batched_tokens": sched.max_num_batched_tokens,
        "max_num_seqs": sched.max_num_seqs,
        "enable_chunked_prefill": sched.enable_chunked_prefill,
        "enable_prefix_caching": cache.enable_prefix_caching,
        "tensor_parallel_size": par.tensor_parallel_size,
        "pipeline_parallel_size": par.pipeline_parallel_size,
        "data_parallel_size": par.data_parallel_size,
        "world_size": par.world_size,
        "device": str(cfg.device_config.device_type) if cfg.device_config is not None else None,
    }


def _clean(text: str, model_dir: str) -> str:
    text = text.replace(model_dir, MODEL_WORD)
    text = re.sub(r" at 0x[0-9a-f]+", "", text)
    text = re.sub(r"/\S*?/site-packages/", "<site-packages>/", text)
    return re.sub(r"\n\s+For further information visit \S+", "", text)


class Parsers:
    """The parsers `vllm serve` and the api_server entry point build, as tools/vllm_corpus.py judge builds them."""

    def __init__(self) -> None:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import vllm_release

        self.top, self.serve = vllm_release.build_serve_parser()
        cli_args, flexible = vllm_release.import_parser_modules()
        self.api = cli_args.make_arg_parser(flexible(description="vLLM OpenAI-Compatible RESTful API server.",
                                                     prog="api_server.py"))
        self.validate = getattr(cli_args, "validate_parsed_serve_args", None)


def run_case(parsers: Parsers, program: str, argv: list[str], model_dir: str) -> dict[str, Any]:
    """One launch through vLLM's parser, `vllm serve`'s checks and create_engine_config; in a forked child."""
    import vllm.entrypoints.cli.serve as serve
    from vllm.engine.arg_utils import AsyncEngineArgs
    from vllm.usage.usage_lib import UsageContext

    built: dict[str, Any] = {}

    def build(args: argparse.Namespace, headless: bool = False) -> None:
        engine_args = AsyncEngineArgs.from_cli_args(args)
        built["launcher"] = "headless" if headless else built.get("launcher", "api_server")
        built["config"] = engine_args.create_engine_config(usage_context=UsageContext.OPENAI_API_SERVER,
                                                           headless=headless)

    def launcher(name: str, headless: bool = False):
        def run(args: argparse.Namespace) -> None:
            built["launcher"] = name
            build(args, headless)
        return run

    serve.run_server = launcher("api_server")
    serve.run_headless = launcher("headless", headless=True)
    serve.run_multi_api_server = launcher("multi_api_server")
    serve.run_dp_supervisor = launcher("dp_supervisor")
    serve.uvloop = types.SimpleNamespace(run=lambda value: value)

    warnings: list[str] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if record.levelno >= logging.WARNING:
                warnings.append(_clean(record.getMessage(), model_dir))

    collect = Collect()
    for name in ("vllm", ""):
        logging.getLogger(name).addHandler(collect)
    stderr = io.StringIO()
    stage = "parse"
    result: dict[str, Any]
    try:
        with contextlib.redirect_stderr(stderr):
            if program == "vllm serve":
                args = parsers.top.parse_args(["serve", *argv])
            else:
                args = parsers.api.parse_args(argv)
        stage = "validate_parsed_serve_args"
        if parsers.validate is not None:
            parsers.validate(args)
        stage = "create_engine_config"
        if program == "vllm serve":
            args.dispatch_function(args)  # ServeSubcommand.cmd: model_tag, load-balancing checks, the launcher
        else:
            build(args)
        cfg = built["config"]
        result = {"verdict": "accepted", "launcher": built.get("launcher"),
                  "resolved": {k: plain(v) for k, v in _resolved(cfg).items()}}
    except SystemExit as exc:  # argparse's parser.error: exit 2
        text = stderr.getvalue().strip().splitlines()
        message = text[-1] if text else f"exit {exc.code}"
        if exc.code in (0, None):  # --help / --version: vLLM prints and exits 0, starting nothing
            result = {"verdict": "accepted", "exits_with_output": True}
        else:
            result = {"verdict": "refused", "exception": "SystemExit", "site": "argparse",
                      "message": message.split(": error: ", 1)[-1]}
    except BaseException as exc:  # noqa: BLE001 - every failure is recorded, classified
        result = _classify(exc, stage)
    for name in ("vllm", ""):
        logging.getLogger(name).removeHandler(collect)
    result["stage"] = stage
    if "message" in result:
        result["message"] = _clean(str(result["message"]), model_dir)[:600]
    if warnings:
        result["warnings"] = sorted(set(w[:300] for w in warnings))[:12]
    return result


def worker(target: str, cases: list[dict[str, Any]]) -> None:
    """Fake the platform once, build the parsers, then fork one child per case; one JSON line per case."""
    for k, v in OFFLINE_ENV.items():
        os.environ[k] = v
    for key in [k for k in os.environ if k.startswith("VLLM_") and k != "VLLM_CACHE_ROOT"]:
        del os.environ[key]
    os.chdir(ROOT)  # the corpus's --config edge case names its YAML from the repository root
    replaced = _install_platform(target)
    with contextlib.redirect_stdout(io.StringIO()):
        parsers = Parsers()
        # one launch in this process first, so the modules create_engine_config loads are loaded once, not per child
        warm_dir = str(MODELS_DIR / DEFAULT_MODEL)
        warm = run_case(parsers, "vllm serve", [warm_dir], warm_dir)
    print(json.dumps({"provenance": {"replaced": replaced, "warm_up": warm["verdict"]}}), flush=True)
    for case in cases:
        model_dir = str(MODELS_DIR / case["model"])
        argv = [model_dir if w == MODEL_WORD else f"--model={model_dir}" if w == f"--model={MODEL_WORD}" else w
                for w in case["argv"]]
        out = run_forked(partial(run_case, parsers, case["program"], argv, model_dir), case.get("env", {}))
        print(json.dumps({"id": case["id"], **out}), flush=True)


def warm_model_cache(python: str, cache_root: str) -> None:
    """Fill vLLM's model-info cache for every stand-in's architecture, under the CPU platform (model classes
    import there), so the faked platforms read the facts and never import a model class."""
    archs = sorted({a for p in MODELS_DIR.glob("*/config.json") for a in json.loads(p.read_text())["architectures"]})
    code = (f"import sys; sys.path.insert(0, {str(Path(__file__).resolve().parent)!r})\n"
            "import vllm_conformance; vllm_conformance._install_package_stubs()\n"
            "from vllm.model_executor.models.registry import ModelRegistry\n"
            f"for a in {archs!r}:\n"
            "    assert ModelRegistry._try_inspect_model_cls(a) is not None, a\n")
    subprocess.run([python, "-c", code], check=True, capture_output=True,
                   env={**os.environ, "VLLM_CACHE_ROOT": cache_root, "VLLM_TARGET_DEVICE": "cpu", **OFFLINE_ENV})


# --------------------------------------------------------------------------------------------------------------------
# The parent


def vllm_release_of(python: str) -> str:
    out = subprocess.run([python, "-c", "import importlib.metadata as m; print(m.version('vllm'))"],
                         capture_output=True, text=True, check=True)
    return out.stdout.strip()


def record(cases: list[dict[str, Any]], python: str, jobs: int, cache_root: str) -> tuple[dict, dict]:
    env = {**os.environ, "PYTHONHASHSEED": "0", "VLLM_CACHE_ROOT": cache_root}
    results, provenance = run_workers(cases, [python, __file__, "--worker"], env, jobs, str(ROOT))
    for target, row in provenance.items():
        if row["warm_up"] != "accepted":
            print(f"{target}: the warm-up launch was not accepted", file=sys.stderr)
    return results, {t: p["replaced"] for t, p in provenance.items()}


KEY_FIELDS = ("command", "file", "target", "program", "argv", "model", "model_named", "env", "filled", "rule",
              "bound", "expect")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--only", help="run one case id and print its verdict; writes nothing")
    ap.add_argument("--jobs", type=int, default=2, help="targets recorded at the same time")
    ap.add_argument("--out", type=Path, help="output file (default verdicts-<release>.json)")
    ap.add_argument("--model-cache", help="a folder for vLLM's model-info cache kept between runs (default: a "
                                           "scratch folder per run)")
    ap.add_argument("--write-bound-cases", action="store_true",
                    help="write cases/bounds.yaml from argmatrix's bounds (run with argmatrix importable), then stop")
    args = ap.parse_args()
    if args.write_bound_cases:
        print(f"{write_bound_cases()} cases -> {CASES_DIR / 'bounds.yaml'}", file=sys.stderr)
        return
    if args.worker:
        worker(args.worker, json.loads(sys.stdin.read()))
        return
    cases = load_cases()
    if args.only:
        cases = [c for c in cases if c["id"] == args.only]
        if not cases:
            raise SystemExit(f"no case {args.only!r}")
    release = vllm_release_of(sys.executable)
    with contextlib.ExitStack() as stack:
        cache_root = args.model_cache or stack.enter_context(tempfile.TemporaryDirectory(prefix="vllm-conformance-"))
        warm_model_cache(sys.executable, cache_root)
        results, replaced = record(cases, sys.executable, args.jobs, cache_root)
    if args.only:
        print(json.dumps(results, indent=2))
        return
    verdicts = {}
    for case in sorted(cases, key=lambda c: (c["file"], c["id"])):
        verdicts[case["id"]] = {**{k: case[k] for k in KEY_FIELDS if k in case}, **results[case["id"]]}
    counts: dict[str, int] = {}
    for v in verdicts.values():
        counts[v["verdict"]] = counts.get(v["verdict"], 0) + 1
    doc = {
        "provenance": {
            "release": release,
            "recorded_by": "tools/vllm_conformance.py",
            "steps": "parse_args (as tools/vllm_corpus.py judge) -> validate_parsed_serve_args -> "
                     "ServeSubcommand.cmd (its launcher replaced) -> AsyncEngineArgs.from_cli_args -> "
                     "create_engine_config(usage_context=OPENAI_API_SERVER)",
            "platforms": {t: PLATFORMS[t]["describe"] for t in sorted(PLATFORMS)},
            "replaced": dict(sorted(replaced.items())),
            "stubbed_modules": {"cuda": list(STUBBED_MODULES), "every target": list(STUBBED_PACKAGES)},
            "environment": OFFLINE_ENV,
            "model": f"the command's model word -> tests/fixtures/vllm_conformance/models/<stand-in>/ (config.json "
                     f"only; by family, default {DEFAULT_MODEL}); placeholder commands use {FILLED_FROM}'s filled "
                     "argv",
            "site": "innermost frame inside vllm/ (file:line relative to vllm/; for a pydantic ValidationError "
                    "the validator's own frame where pydantic keeps it, else the config class's constructor call); "
                    "'argparse' for the parser's own errors",
            "counts": dict(sorted(counts.items())),
        },
        "cases": verdicts,
    }
    out = args.out or CONFORMANCE / f"verdicts-{release}.json"
    out.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(verdicts)} cases: {counts} -> {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
