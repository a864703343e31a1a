"""Record SGLang's own verdict on every launch of the conformance corpus, as a golden fixture.

Run with the Python of a venv that holds SGLang (never imported by argmatrix or its tests):

    /work/venvs/sglang/bin/python tools/sglang_conformance.py            # every case, every target
    /work/venvs/sglang/bin/python tools/sglang_conformance.py --only ID  # one case, printed, nothing written

For each case of ``tests/fixtures/sglang_conformance/cases/*.yaml`` it runs what ``sglang serve`` runs before it
touches a device: ``prepare_server_args(argv)`` (SGLang's argparse parser), ``ServerArgs.resolve_once()`` (the whole
resolution pipeline) and ``ServerArgs.check_server_args()``, on a CPU machine with the platform of the case's
target faked, and writes ``tests/fixtures/sglang_conformance/verdicts-<release>.json``.

How the platform is faked (one worker process per target, one forked child per case):

* SGLang's own switch, ``runtime_context.override_platform(...)``, for every fact its ``PlatformContext`` knows
  (is_cuda, is_npu, is_sm90, has_amx, device_sm, ...);
* the probes of ``sglang.srt.utils.common`` that code calls directly (is_npu, is_cuda, is_cpu, get_device,
  get_device_count, get_device_memory_capacity and the per-vendor memory probes, get_device_sm, ...), replaced in
  that module and in every loaded ``sglang`` module that imported them by name, before the argument modules load;
* ``torch.cuda.get_device_capability`` / ``get_device_name`` and ``torch.version.cuda`` for the CUDA target,
  which a few resolution hooks read directly.

What SGLang cannot import on a CPU box without the optional packages (torchvision, dill, ...) is stubbed by name
(``STUBBED_MODULES``); transformers and friends come from the system interpreter when the venv has none. A case
that fails because of that (an import error, a stub reached, an exception from a probe we did not fake) is recorded
as ``harness_failure``, never as a refusal. The model is a hand-written ``config.json`` under
``tests/fixtures/sglang_conformance/models/`` (the argv word ``M`` is replaced by its folder); Hugging Face runs
offline, so nothing is downloaded.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import logging
import os
import shlex
import subprocess
import sys
import traceback
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
CONFORMANCE = ROOT / "tests" / "fixtures" / "sglang_conformance"
CASES_DIR = Path(os.environ.get("CONFORMANCE_CASES", CONFORMANCE / "cases"))
MODELS_DIR = CONFORMANCE / "models"
DEFAULT_MODEL = "llama-tiny"
MODEL_WORD = "M"  # the argv word the cases write for the model path
TARGETS = ("a2", "a3", "cuda", "cpu")

# Packages SGLang imports at module level that a CPU venv without extras lacks; stubbed by name (never used by the
# argument code: image transforms, kernel FFI, tokenizer and checkpoint formats, the logit-processor pickler, the
# tool-call JSON parser and einops, which the speculative draft modules DSPARK and DFLASH read their configs with
# import, as does every dllm/algorithm module: without them a diffusion launch reads as an unknown --dllm-algorithm).
STUBBED_MODULES = ("torchvision", "dill", "tvm_ffi", "sentencepiece", "compressed_tensors", "gguf", "flashinfer",
                   "sgl_kernel", "pynvml", "torch_npu", "partial_json_parser", "einops")
# CONFORMANCE_EXTRA_STUBS=a,b: more names, for finding what a new SGLang release imports (each one is a harness
# failure until it is stubbed).
STUBBED_MODULES += tuple(m for m in os.environ.get("CONFORMANCE_EXTRA_STUBS", "").split(",") if m)
# Where transformers (and its tokenizers, huggingface_hub, safetensors) come from when the SGLang venv has none:
# the system interpreter's site-packages, appended after the venv's own (CONFORMANCE_EXTRA_SITE to change it).
SYSTEM_SITE = os.environ.get("CONFORMANCE_EXTRA_SITE", "/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages")

# The platform each target is, in SGLang's own terms.
GIB_MIB = 1024
PLATFORMS: dict[str, dict[str, Any]] = {
    "cuda": {
        "describe": "NVIDIA H200 (SM90, 141 GB HBM3e, 8 per node), CUDA 12.8, FlashInfer present",
        "facts": {"is_cuda": True, "is_hip": False, "is_npu": False, "is_xpu": False, "is_musa": False, "is_mps": False,
                  "is_sm90": True, "is_sm100": False, "is_sm100_or_sm110": False, "is_sm110": False, "is_sm120": False,
                  "is_blackwell": False, "is_hopper_with_cuda_12_3": True, "has_amx": False, "has_flashinfer": True,
                  "device_sm": 90, "device_capability": (9, 0)},
        "device": "cuda", "device_count": 8, "memory_mib": 143771, "device_name": "NVIDIA H200", "env": {},
    },
    "a2": {
        "describe": "Atlas 800I A2: 8 Ascend 910B NPUs, 64 GB each (torch_npu stubbed, its probes faked)",
        "facts": {"is_cuda": False, "is_hip": False, "is_npu": True, "is_xpu": False, "is_musa": False, "is_mps": False,
                  "is_sm90": False, "is_sm100": False, "is_sm100_or_sm110": False, "is_sm110": False, "is_sm120": False,
                  "is_blackwell": False, "is_hopper_with_cuda_12_3": False, "has_amx": False, "has_flashinfer": False,
                  "device_sm": 0, "device_capability": (None, None)},
        "device": "npu", "device_count": 8, "memory_mib": 64 * GIB_MIB, "device_name": "Ascend910B2", "env": {},
    },
    "a3": {
        "describe": "Atlas 800I A3: 16 Ascend 910_93 dies, 64 GB each (torch_npu stubbed, its probes faked)",
        "facts": {"is_cuda": False, "is_hip": False, "is_npu": True, "is_xpu": False, "is_musa": False, "is_mps": False,
                  "is_sm90": False, "is_sm100": False, "is_sm100_or_sm110": False, "is_sm110": False, "is_sm120": False,
                  "is_blackwell": False, "is_hopper_with_cuda_12_3": False, "has_amx": False, "has_flashinfer": False,
                  "device_sm": 0, "device_capability": (None, None)},
        "device": "npu", "device_count": 16, "memory_mib": 64 * GIB_MIB, "device_name": "Ascend910_9392", "env": {},
    },
    "cpu": {
        "describe": "Intel Xeon with AMX (SGLANG_USE_CPU_ENGINE=1), 256 GB host memory",
        "facts": {"is_cuda": False, "is_hip": False, "is_npu": False, "is_xpu": False, "is_musa": False, "is_mps": False,
                  "is_sm90": False, "is_sm100": False, "is_sm100_or_sm110": False, "is_sm110": False, "is_sm120": False,
                  "is_blackwell": False, "is_hopper_with_cuda_12_3": False, "has_amx": True, "has_flashinfer": False,
                  "device_sm": 0, "device_capability": (None, None)},
        "device": "cpu", "device_count": 0, "memory_mib": 256 * GIB_MIB, "device_name": "Intel(R) Xeon(R) Platinum",
        "env": {"SGLANG_USE_CPU_ENGINE": "1"},
    },
}
OFFLINE_ENV = {"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1",
               "SGLANG_IS_FLASHINFER_AVAILABLE": "true"}


# --------------------------------------------------------------------------------------------------------------------
# The corpus (parent process; needs only PyYAML)


def load_cases(cases_dir: Path = CASES_DIR) -> list[dict[str, Any]]:
    import yaml

    cases: list[dict[str, Any]] = []
    seen: dict[str, str] = {}
    for path in sorted(cases_dir.glob("*.yaml")):
        for entry in yaml.safe_load(path.read_text()) or []:
            cid = str(entry["id"])
            if cid in seen:
                raise SystemExit(f"case id {cid!r} is in both {seen[cid]} and {path.name}")
            seen[cid] = path.name
            if entry["target"] not in TARGETS:
                raise SystemExit(f"{path.name}: case {cid}: target {entry['target']!r} is none of {TARGETS}")
            cases.append({**entry, "file": path.name})
    return cases


# The stand-in for a real-world command's model, by what its source and model path name (first match wins).
REAL_WORLD_MODELS = (
    ("qwen3-next", "qwen3-30b-a3b"), ("qwen3-235b", "qwen3-30b-a3b"), ("qwen3-480b", "qwen3-30b-a3b"),
    ("qwen3-30b", "qwen3-30b-a3b"), ("qwen3-coder", "qwen3-30b-a3b"), ("qwen3-32b", "qwen3-32b"),
    ("qwen3", "qwen3-32b"), ("deepseek", "deepseek-v3"), ("llama", "llama-3.1-8b"),
)
MODEL_FLAGS = ("--model-path", "--model", "--speculative-draft-model-path")


def import_real_world(real_world: Path, out: Path) -> int:
    """tests/fixtures/real_world.yaml -> cases/real_world.yaml: each command with its model replaced by a stand-in."""
    import yaml

    data = yaml.safe_load(real_world.read_text())
    cases = []
    for kind in ("commands", "updated_commands", "edits"):
        for entry in data[kind]:
            argv = [str(a) for a in entry["argv"]]
            named = " ".join([str(entry.get("source", "")), *argv]).lower()
            model = next(stand_in for key, stand_in in REAL_WORLD_MODELS if key in named)
            quantization = argv[argv.index("--quantization") + 1] if "--quantization" in argv[:-1] else None
            if model == "deepseek-v3" and (quantization not in (None, "fp8") or "bf16" in named):
                model = "deepseek-v3-bf16"  # the checkpoint is not the FP8 one: no quantization_config to contradict
            for i, word in enumerate(argv[:-1]):
                if word in MODEL_FLAGS:
                    argv[i + 1] = MODEL_WORD
            theirs = str(entry["sglang_0_5_23"])
            cases.append({"id": f"real-world-{kind.replace('_', '-')}-{entry['index']}", "target": entry["target"],
                          "expect": "refuse" if theirs.startswith("error") else "accept", "model": model,
                          "argv": shlex.join(argv),
                          "source": {"file": "tests/fixtures/real_world.yaml", "kind": kind, "index": entry["index"],
                                     "from": entry.get("source") or f"edit of {entry.get('edit_of')}"},
                          **({"hardware_note": entry["hardware_note"]} if entry.get("hardware_note") else {})})
    header = ("# Generated by `tools/sglang_conformance.py --import-real-world` from tests/fixtures/real_world.yaml: every\n"
              "# command, updated command and edit, with the model (and draft model) replaced by the config-only stand-in of\n"
              "# its family (models/README.md). `expect` is the verdict real_world.yaml recorded for the real model.\n")
    out.write_text(header + yaml.safe_dump(cases, sort_keys=False, width=200, allow_unicode=True))
    return len(cases)


def _key_of(case: dict[str, Any]) -> dict[str, Any]:
    """What identifies a recorded launch: its file, target, words, model and environment."""
    return {"file": case["file"], "target": case["target"], "argv": argv_of(case),
            **({"model": case["model"]} if "model" in case else {}),
            **({"env": {k: str(v) for k, v in case["env"].items()}} if case.get("env") else {})}


def argv_of(case: dict[str, Any]) -> list[str]:
    argv = case["argv"]
    return [str(a) for a in argv] if isinstance(argv, list) else shlex.split(str(argv))


# --------------------------------------------------------------------------------------------------------------------
# The worker (one per target; imports SGLang)


def _install_stub_finder() -> None:
    """Modules the venv lacks and SGLang's code imports (STUBBED_MODULES) become stubs (tools/engine_stubs.py)."""
    import engine_stubs  # this script's folder is on sys.path

    # SGLang pickles a logit processor with dill at import time
    engine_stubs.install(lambda name: name in STUBBED_MODULES, first=False,
                         exports={"dill": {"dumps": lambda *a, **k: b"", "loads": lambda *a, **k: None}})


def _fake_probes(target: str) -> dict[str, Any]:
    """utils.common name -> fake, for the probes code calls without going through PlatformContext."""
    p = PLATFORMS[target]
    f = p["facts"]
    dev, count, mem = p["device"], p["device_count"], p["memory_mib"]

    def const(v):
        return lambda *a, **k: v

    def get_device(device_id=None):
        return dev if device_id is None else f"{dev}:{device_id}"

    probes = {
        "is_cuda": const(f["is_cuda"]), "is_hip": const(False), "is_npu": const(f["is_npu"]),
        "is_xpu": const(False), "is_musa": const(False), "is_mps": const(False), "is_hpu": const(False),
        "is_sail": const(False), "is_cuda_alike": const(f["is_cuda"]), "is_cpu": const(dev == "cpu"),
        "is_host_cpu_x86": const(True), "is_host_cpu_arm64": const(False), "is_habana_available": const(False),
        "is_sm90_supported": const(f["is_sm90"]), "is_sm100_supported": const(False),
        "is_sm100_or_sm110_supported": const(False), "is_sm110_supported": const(False),
        "is_sm120_supported": const(False), "is_sm120": const(False), "is_sm121": const(False),
        "is_sm80_supported": const(f["is_sm90"]),
        "is_blackwell_supported": const(False), "is_blackwell": const(False),
        "is_hopper_with_cuda_12_3": const(f["is_hopper_with_cuda_12_3"]),
        "is_ampere_with_cuda_12_3": const(False),
        "is_gfx95_supported": const(False), "is_gfx1250_supported": const(False),
        "cpu_has_amx_support": const(f["has_amx"]), "xpu_has_xmx_support": const(False),
        "is_flashinfer_available": const(f["has_flashinfer"]),
        "is_triton_kernels_available": const(f["is_cuda"]),
        "is_mnnvl_fabric_device": const(False),
        "get_device": get_device, "get_device_count": const(count), "get_device_name": const(p["device_name"]),
        "get_device_sm": const(f["device_sm"]), "get_device_capability": const(f["device_capability"]),
        "get_device_memory_capacity": const(mem),
        "get_nvgpu_memory_capacity": const(mem), "get_npu_memory_capacity": const(mem),
        "get_cpu_memory_capacity": const(mem), "get_amdgpu_memory_capacity": const(mem),
        "get_xpu_memory_capacity": const(mem), "get_hpu_memory_capacity": const(mem),
        "get_nvidia_driver_version": const("570.124.06" if f["is_cuda"] else None),
    }
    return probes


def _install_platform(target: str) -> list[str]:
    """Fake the target's platform for every reader; returns what was replaced, for the provenance."""
    for k, v in {**OFFLINE_ENV, **PLATFORMS[target]["env"]}.items():
        os.environ[k] = v
    _install_stub_finder()
    if SYSTEM_SITE not in sys.path and os.path.isdir(SYSTEM_SITE):
        try:
            import transformers  # noqa: F401
        except ImportError:
            sys.path.append(SYSTEM_SITE)
    import torch
    from sglang.srt.utils import common

    fakes = _fake_probes(target)
    originals = {name: getattr(common, name) for name in fakes if hasattr(common, name)}
    for name, fake in fakes.items():
        if name in originals:
            setattr(common, name, fake)

    def patch_loaded() -> None:
        by_id = {id(orig): fakes[name] for name, orig in originals.items()}
        for mod_name, module in list(sys.modules.items()):
            if not mod_name.startswith("sglang") or module is None:
                continue
            for attr, value in list(vars(module).items()):
                fake = by_id.get(id(value))
                if fake is not None:
                    setattr(module, attr, fake)

    patch_loaded()
    if PLATFORMS[target]["facts"]["is_cuda"]:
        torch.cuda.get_device_capability = lambda *a, **k: (9, 0)
        torch.cuda.get_device_name = lambda *a, **k: PLATFORMS[target]["device_name"]
        torch.version.cuda = "12.8"
    from sglang.srt.runtime_context import override_platform

    override_platform(**PLATFORMS[target]["facts"]).install()
    # Load the argument code now, with the fakes in place, so nothing imports an original later.
    import sglang.srt.arg_groups.pipeline
    import sglang.srt.arg_groups.validation_hook
    import sglang.srt.server_args  # noqa: F401

    patch_loaded()
    return sorted(originals)


_SRT = "/sglang/srt/"


def _rel(filename: str) -> str | None:
    """A frame's file relative to sglang/srt/, or None outside SGLang's runtime package."""
    i = filename.replace("\\", "/").rfind(_SRT)
    return filename[i + len(_SRT):].replace("\\", "/") if i >= 0 else None


def _is_check_file(rel: str | None) -> bool:
    return rel is not None and (rel == "server_args.py" or rel.startswith("arg_groups/"))


HARNESS_TYPES = (ImportError, ModuleNotFoundError)


def _classify(exc: BaseException) -> dict[str, Any]:
    frames = traceback.extract_tb(exc.__traceback__)
    in_sglang = [f for f in frames if _rel(f.filename) is not None]
    checks = [f for f in in_sglang if _is_check_file(_rel(f.filename))]
    site = f"{_rel(checks[-1].filename)}:{checks[-1].lineno}" if checks else None
    raised = in_sglang[-1] if in_sglang else None
    raised_at = f"{_rel(raised.filename)}:{raised.lineno}" if raised else None
    last = frames[-1] if frames else None
    record: dict[str, Any] = {
        "exception": type(exc).__name__,
        "message": str(exc),
        "site": site,
        "raised_at": raised_at,
    }
    why = None
    stub_reached = (any(Path(f.filename).name in ("sglang_conformance.py", "engine_stubs.py") for f in frames[1:])
                    or "'Stub'" in str(exc) or "<stub>" in str(exc))
    if isinstance(exc, HARNESS_TYPES) or stub_reached:
        why = f"{type(exc).__name__}: an import or a stub of the tool failed, not a check of SGLang's"
    elif last is None or _rel(last.filename) is None:
        why = f"raised outside SGLang ({Path(last.filename).name if last else '?'}:{last.lineno if last else '?'})"
    elif raised is not None and not raised_by_a_check(raised.filename, raised.lineno) \
            and not isinstance(exc, AssertionError):
        why = f"raised by an expression at {raised_at}, not by a check's raise or assert"
    elif raised_at is not None and raised_at.startswith(("utils/common.py", "platforms/")):
        why = f"raised by a device probe at {raised_at}"
    settle(record, why, frames, _rel)
    return record


# Resolved values recorded for every accepted launch: they show the faked platform took (device, backend, page).
RESOLVED_FIELDS = ("device", "attention_backend", "page_size", "chunked_prefill_size", "tp_size", "attn_dp_size",
                   "dp_size", "ep_size", "pp_size")


def _user_fields(parser: argparse.ArgumentParser, argv: list[str]) -> list[str]:
    by_flag = {opt: action.dest for action in parser._actions for opt in action.option_strings}
    dests = []
    for word in argv:
        if word.startswith("--"):
            dest = by_flag.get(word.split("=", 1)[0])
            if dest and dest not in dests:
                dests.append(dest)
    return dests


def run_case(argv: list[str], model_dir: str) -> dict[str, Any]:
    """One launch through SGLang's parser, resolution and checks; in a forked child."""
    from sglang.srt.server_args import ServerArgs, prepare_server_args

    warnings: list[str] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if record.levelno >= logging.WARNING:
                warnings.append(record.getMessage().replace(model_dir, MODEL_WORD))

    stderr = io.StringIO()
    result: dict[str, Any]
    stage = "prepare_server_args"
    try:
        with contextlib.redirect_stderr(stderr):
            server_args = prepare_server_args(argv)
        root = logging.getLogger()
        for h in list(root.handlers):
            root.removeHandler(h)
        root.addHandler(Collect())
        parser = argparse.ArgumentParser()
        ServerArgs.add_cli_args(parser)
        given = {d: getattr(server_args, d, None) for d in _user_fields(parser, argv)}
        given = {d: plain(v) for d, v in given.items()}
        stage = "resolve_once"
        server_args.resolve_once()
        stage = "check_server_args"
        server_args.check_server_args()
        from sglang.srt.arg_groups.overrides import resolution_result

        changed = {}  # what resolution made of the values the launch gave (the record's own fields stay as given)
        for d, before in given.items():
            after = plain(resolution_result(server_args, d, getattr(server_args, d, None)))
            if after != before:
                changed[d] = [before, after]
        result = {"verdict": "accepted",
                  "resolved": {f: plain(resolution_result(server_args, f, getattr(server_args, f, None)))
                               for f in RESOLVED_FIELDS}}
        if changed:
            result["changed"] = changed
    except SystemExit as exc:  # argparse's parser.error: SGLang's verdict, exit 2
        text = stderr.getvalue().strip().splitlines()
        message = text[-1] if text else f"exit {exc.code}"
        result = {"verdict": "refused" if exc.code else "accepted", "exception": "SystemExit", "site": "argparse",
                  "message": message.split(": error: ", 1)[-1]}
    except BaseException as exc:  # noqa: BLE001 - every failure is recorded, classified below
        result = _classify(exc)
    result["stage"] = stage
    if "message" in result:
        result["message"] = str(result["message"]).replace(model_dir, MODEL_WORD)[:600]
    if warnings:
        result["warnings"] = sorted(set(w[:300] for w in warnings))[:12]
    return result


def worker(target: str, cases: list[dict[str, Any]]) -> None:
    """Fake the platform once, then fork one child per case; print one JSON line per case."""
    replaced = _install_platform(target)
    print(json.dumps({"provenance": {"replaced_probes": replaced}}), flush=True)
    for case in cases:
        model_dir = str(MODELS_DIR / case.get("model", DEFAULT_MODEL))
        argv = [model_dir if w == MODEL_WORD else w for w in argv_of(case)]
        out = run_forked(partial(run_case, argv, model_dir), case.get("env", {}))
        print(json.dumps({"id": case["id"], **out}), flush=True)


# --------------------------------------------------------------------------------------------------------------------
# The parent


def sglang_release(python: str) -> str:
    out = subprocess.run([python, "-c", "import importlib.metadata as m; print(m.version('sglang'))"],
                         capture_output=True, text=True, check=True)
    return out.stdout.strip()


def record(cases: list[dict[str, Any]], python: str, jobs: int) -> tuple[dict[str, Any], dict[str, str]]:
    # SGLang builds some choice lists from sets: a fixed hash seed keeps messages stable
    results, provenance = run_workers(cases, [python, __file__, "--worker"], {**os.environ, "PYTHONHASHSEED": "0"},
                                      jobs, str(ROOT))
    return results, {t: ", ".join(p["replaced_probes"]) for t, p in provenance.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--only", help="run one case id and print its verdict; writes nothing")
    ap.add_argument("--jobs", type=int, default=2, help="targets recorded at the same time")
    ap.add_argument("--out", type=Path, help="output file (default verdicts-<release>.json beside the cases)")
    ap.add_argument("--reuse", type=Path, help="an earlier verdicts file: cases whose launch is unchanged keep its "
                                                "verdict, only new or changed cases are run")
    ap.add_argument("--import-real-world", action="store_true",
                    help="rewrite cases/real_world.yaml from tests/fixtures/real_world.yaml, then stop")
    args = ap.parse_args()
    if args.import_real_world:
        n = import_real_world(ROOT / "tests" / "fixtures" / "real_world.yaml", CASES_DIR / "real_world.yaml")
        print(f"{n} cases -> {CASES_DIR / 'real_world.yaml'}", file=sys.stderr)
        return
    if args.worker:
        worker(args.worker, json.loads(sys.stdin.read()))
        return
    cases = load_cases()
    if args.only:
        cases = [c for c in cases if c["id"] == args.only]
        if not cases:
            raise SystemExit(f"no case {args.only!r}")
    release = sglang_release(sys.executable)
    reused: dict[str, Any] = {}
    if args.reuse:  # keep the verdicts of cases recorded before with the same launch; record the rest
        before = json.loads(args.reuse.read_text())["cases"]
        reused = {c["id"]: before[c["id"]] for c in cases
                  if c["id"] in before and {k: before[c["id"]].get(k) for k in _key_of(c)} == _key_of(c)}
        print(f"{len(reused)} verdicts reused, {len(cases) - len(reused)} to record", file=sys.stderr)
    results, replaced = record([c for c in cases if c["id"] not in reused], sys.executable, args.jobs)
    if reused:
        results.update({i: {k: v for k, v in r.items() if k not in ("file", "target", "argv", "model", "env")}
                        for i, r in reused.items()})
        replaced = {**json.loads(args.reuse.read_text())["provenance"].get("replaced_probes", {}), **replaced}
    if args.only:
        print(json.dumps(results, indent=2))
        return
    verdicts = {}
    for case in sorted(cases, key=lambda c: (c["file"], c["id"])):
        verdicts[case["id"]] = {**_key_of(case), **results[case["id"]]}
    counts: dict[str, int] = {}
    for v in verdicts.values():
        counts[v["verdict"]] = counts.get(v["verdict"], 0) + 1
    doc = {
        "provenance": {
            "release": release,
            "recorded_by": "tools/sglang_conformance.py",
            "steps": "prepare_server_args(argv) -> ServerArgs.resolve_once() -> ServerArgs.check_server_args()",
            "platforms": {t: PLATFORMS[t]["describe"] for t in sorted(PLATFORMS)},
            "faked": ("runtime_context.override_platform(facts) plus these sglang.srt.utils.common probes, replaced "
                      "in that module and every sglang module that imported them: "
                      + "; ".join(f"{t}: {replaced[t]}" for t in sorted(replaced))),
            "replaced_probes": dict(sorted(replaced.items())),
            "stubbed_modules": list(STUBBED_MODULES),
            "environment": OFFLINE_ENV,
            "model": f"argv word {MODEL_WORD!r} -> tests/fixtures/sglang_conformance/models/<case model, default "
                     f"{DEFAULT_MODEL}>/ (config.json only, no weights)",
            "site": "innermost frame inside sglang/srt/server_args.py or sglang/srt/arg_groups/ (file:line, "
                    "relative to sglang/srt/); 'argparse' for the parser's own errors",
            "counts": dict(sorted(counts.items())),
        },
        "cases": verdicts,
    }
    out = args.out or CONFORMANCE / f"verdicts-{release}.json"
    out.write_text(json.dumps(doc, indent=1, sort_keys=False, ensure_ascii=False) + "\n")
    print(f"{len(verdicts)} cases: {counts} -> {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
