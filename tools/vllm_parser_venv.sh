#!/usr/bin/env bash
# Build a scratch virtualenv in which vLLM's own `vllm serve` parser imports on a CPU-only machine, for
# tools/vllm_release.py and tools/vllm_corpus.py (never for the project's CI).
#   tools/vllm_parser_venv.sh 0.32.0 /work/venvs/vllm032
#   tools/vllm_parser_venv.sh 0.33.0 /work/venvs/vllm033     (0.33 asks for torch 2.14: installed --no-deps
#                                                               on torch 2.13, its parser imports unchanged)
# CPU torch 2.13.0, vLLM with --no-deps, then the pure-Python modules the parser import asks for.
# torchvision is never installed: the PyPI build does not match the +cpu torch and breaks `import transformers`.
# make_arg_parser moved: vllm.entrypoints.openai.cli_args -> .launchers.cli_args (0.32) -> .common.cli_args (0.33).
set -euo pipefail
version="$1"; venv="$2"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
PIP="$venv/bin/pip"
$PIP install -q torch==2.13.0   # the +cpu wheel (pip finds it under its find-links)
$PIP install -q --no-deps "vllm==$version"
$PIP install -q torch==2.13.0 regex cachetools psutil sentencepiece numpy requests tqdm blake3 py-cpuinfo tokenizers \
  safetensors protobuf starlette aiohttp openai pydantic orjson prometheus_client pillow msgspec pyyaml einops \
  cloudpickle watchfiles python-json-logger pybase64 cbor2 ijson setproctitle partial-json-parser pyzmq jsonschema \
  filelock typing_extensions python-multipart "transformers<5.20.0,>=5.16.1" "huggingface_hub>=1.31.0" "fastapi<0.137.0,>=0.133.0" uvloop uvicorn
probe="
import importlib, os; os.environ['VLLM_TARGET_DEVICE'] = 'cpu'  # else DeviceConfig cannot infer a device
for name in ('vllm.entrypoints.common.cli_args', 'vllm.entrypoints.launchers.cli_args', 'vllm.entrypoints.openai.cli_args'):
    try:
        cli_args = importlib.import_module(name); break
    except ModuleNotFoundError as exc:
        if not name.startswith(exc.name or '?'): raise  # a package on the path is missing, not a dependency
from vllm.utils.argparse_utils import FlexibleArgumentParser
import vllm.entrypoints.cli.serve
cli_args.make_arg_parser(FlexibleArgumentParser()); print('IMPORT-OK')"
declare -A MAP=([yaml]=pyyaml [PIL]=pillow [zmq]=pyzmq [cv2]=opencv-python-headless [google]=protobuf [cpuinfo]=py-cpuinfo [pythonjsonlogger]=python-json-logger [openai_harmony]=openai-harmony [lmformatenforcer]=lm-format-enforcer [mistral_common]=mistral-common [compressed_tensors]=compressed-tensors [gguf]=gguf [llguidance]=llguidance [xgrammar]=xgrammar [outlines_core]=outlines-core [diskcache]=diskcache [lark]=lark [msgspec]=msgspec [depyf]=depyf [pybase64]=pybase64 [cbor2]=cbor2 [setproctitle]=setproctitle [ray]=ray)
for _ in $(seq 1 40); do
  out=$("$venv/bin/python" -c "$probe" 2>&1) || true
  if echo "$out" | grep -q IMPORT-OK; then echo "vllm $version parser importable in $venv"; exit 0; fi
  mod=$(echo "$out" | grep -oP "No module named '\K[^'.]+" | tail -1)
  { [ -n "$mod" ] && [ "$mod" != vllm ] && [ "$mod" != torchvision ]; } || { echo "$out" | tail -20; exit 1; }
  $PIP install -q torch==2.13.0 "${MAP[$mod]:-$mod}"
done
exit 1
