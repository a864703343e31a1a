"""The dispositions of serving_hook.py, validation_hook.py, mamba_hook.py, cuda_graph_hook.py, model_path_hook.py and
server_args.py: each 'declared' one is refused (or flagged) by argmatrix as it says, and no site has both a rule and a
disposition."""
from __future__ import annotations

import re
import shlex
from functools import partial

import pytest

from argmatrix.matrix.sglang_checks import SGLANG_RULES
from argmatrix.matrix.sglang_checks.dispositions import (
    cuda_graph_hook,
    mamba_hook,
    model_path_hook,
    server_args,
    serving_hook,
    validation_hook,
)

from .helpers import codes
from .helpers import run as _run

run = partial(_run, releases={"sglang": "0.5.23"})
FILES = {"server_args.py": server_args, "arg_groups/serving_hook.py": serving_hook,
         "arg_groups/validation_hook.py": validation_hook, "arg_groups/mamba_hook.py": mamba_hook,
         "arg_groups/cuda_graph_hook.py": cuda_graph_hook, "arg_groups/model_path_hook.py": model_path_hook}

# (file, line) of a 'declared' disposition -> (target, a launch that breaks the check, the finding argmatrix gives)
DECLARED = {
    ("arg_groups/serving_hook.py", 98): ("cuda", "--enable-http2 --http2-max-concurrent-streams 0", "AM-E010"),
    ("arg_groups/serving_hook.py", 102): ("cuda", "--enable-http2 --http2-initial-connection-window-size 100",
                                          "AM-E010"),
    ("arg_groups/serving_hook.py", 127): ("cuda", "--asr-max-buffer-seconds 0", "AM-E010"),
    ("arg_groups/serving_hook.py", 132): ("cuda", "--asr-max-concurrent-sessions 0", "AM-E010"),
    ("arg_groups/serving_hook.py", 145): ("cuda", "--mm-preprocess-cache-size-mb -1", "AM-E010"),
    ("arg_groups/serving_hook.py", 148): ("cuda", "--mm-process-config '[1]'", "AM-E010"),
    ("arg_groups/serving_hook.py", 220): ("cuda", "--disaggregation-mode both", "AM-E010"),
    ("arg_groups/serving_hook.py", 264): ("cuda", "--disable-fast-image-processor", "AM-W107"),
    ("arg_groups/serving_hook.py", 289): ("cuda", "--enable-flashinfer-allreduce-fusion", "AM-W107"),
    ("arg_groups/serving_hook.py", 341): ("cuda", "--grpc-mode", "AM-W107"),
    ("arg_groups/serving_hook.py", 379): ("cuda", "--grpc-response-timeout-secs 0", "AM-E010"),
    ("arg_groups/serving_hook.py", 401): ("cuda", "--sidecar s --grpc-port 31000 --sidecar-args '[1]'", "AM-E010"),
    ("arg_groups/serving_hook.py", 501): ("cuda", "--default-chat-template-kwargs '[1]'", "AM-E010"),
    ("arg_groups/serving_hook.py", 715): ("cuda", "--return-hidden-states-mode all", "AM-E010"),
    ("arg_groups/validation_hook.py", 183): ("cuda", "--pp-max-micro-batch-size 0", "AM-E010"),
    ("arg_groups/validation_hook.py", 204): ("cuda", "--base-gpu-id -1", "AM-E010"),
    ("arg_groups/validation_hook.py", 205): ("cuda", "--gpu-id-step 0", "AM-E010"),
    ("arg_groups/validation_hook.py", 273): ("cuda", "--tokenizer-worker-num 0", "AM-E010"),
    ("arg_groups/validation_hook.py", 274): ("cuda", "--detokenizer-worker-num 0", "AM-E010"),
    ("arg_groups/validation_hook.py", 275): ("cuda", "--mm-processor-worker-num -1", "AM-E010"),
    ("arg_groups/validation_hook.py", 276): ("cuda", "--mm-io-worker-num -1", "AM-E010"),
    ("arg_groups/validation_hook.py", 314): ("cuda", "--schedule-conservativeness -1", "AM-E010"),
    ("arg_groups/validation_hook.py", 319): ("cpu", "--model-impl mindspore", "AM-E105"),
    ("arg_groups/validation_hook.py", 461): ("cuda", "--load-publish-endpoint auto --kv-events-config x", "AM-E010"),
    ("arg_groups/validation_hook.py", 660): ("cuda", "--prefill-decode-interval -1", "AM-E010"),
    ("arg_groups/validation_hook.py", 662): ("cuda", "--prefill-decode-interval-min-bs -1", "AM-E010"),
    ("arg_groups/validation_hook.py", 688): ("cuda", "--sampling-mask-max-tokens 0", "AM-E010"),
    ("arg_groups/mamba_hook.py", 22): ("cuda", "--mamba-cache-philox-rounds -1", "AM-E010"),
    ("arg_groups/mamba_hook.py", 25): ("cuda", "--mamba-max-states-per-path 0", "AM-E010"),
    ("arg_groups/cuda_graph_hook.py", 427): ("cuda", "--cuda-graph-prefill-max-context 0", "AM-E010"),
    ("arg_groups/model_path_hook.py", 271): ("cuda", "--load-format ipc_cache", "AM-E010"),
}


def cited() -> set[tuple[str, int]]:
    """(file, line) of every site a rule's source names ("file.py:120, :131")."""
    out = set()
    for rule in SGLANG_RULES:
        current = None
        for part in re.split(r",\s*", (rule.source or "").removeprefix("SGLang 0.5.23 ")):
            m = re.match(r"(?:([\w/]+\.py))?:(\d+)", part.strip())
            if m:
                current = m.group(1) or current
                out.add((current, int(m.group(2))))
    return out


def test_every_declared_disposition_has_a_launch_here():
    declared = {(f, line) for f, mod in FILES.items() for line, d in mod.SITES.items() if d.kind == "declared"}
    assert declared == set(DECLARED)


@pytest.mark.parametrize("site", sorted(DECLARED), ids=[f"{f.split('/')[-1]}:{n}" for f, n in sorted(DECLARED)])
def test_a_declared_site_is_refused_by_the_declaration(site):
    target, argv, code = DECLARED[site]
    assert code in codes(run(shlex.split(argv), target=target)), argv


def test_no_site_has_both_a_rule_and_a_disposition():
    rules = cited()
    for f, mod in FILES.items():
        both = [line for line in mod.SITES if (f, line) in rules]
        assert not both, (f, both)
        assert all(d.why for d in mod.SITES.values())
