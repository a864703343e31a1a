"""SGLang 0.5.23's start-up checks on serving, caches, speculative verification and the checks of
validation_hook.py, model_path_hook.py and cuda_graph_hook.py: for each rule one launch that breaks it and a close
one that does not, through check-config's in-process path.

The same pairs are the conformance cases in tests/fixtures/sglang_conformance/cases/portA.yaml, which a tool runs
through SGLang itself; a test here keeps the two in step.
"""
from __future__ import annotations

import re
import shlex
from functools import partial
from pathlib import Path

import pytest
import yaml

from argmatrix.matrix.sglang_checks import kv_cache, loading, serving, validation
from argmatrix.schema.registry import SPECS

from .helpers import codes
from .helpers import run as _run
from .test_sglang_checks_portf import PORTF_CODES, PORTF_IDS

run = partial(_run, releases={"sglang": "0.5.23"})
MODULES = (serving, kv_cache, validation, loading)
PORTED = [r for m in MODULES for r in m.RULES if not r.reads_model]  # model rules: test_sglang_checks_model_sites.py
CASES_FILE = Path(__file__).parents[1] / "fixtures" / "sglang_conformance" / "cases" / "portA.yaml"
ETC = "/etc/hosts"  # a file present wherever the conformance tool runs: SGLang checks the TLS files exist
PAIR = f"--ssl-keyfile {ETC} --ssl-certfile {ETC}"
# SGLang picks the draft shape from the model when --speculative-num-steps is unset (a Llama gets top-k 4), and
# fails with a TypeError when only the steps are given: these launches say all three.
EAGLE_BASE = "--speculative-algorithm EAGLE --speculative-draft-model-path M --speculative-num-steps 3"
EAGLE = f"{EAGLE_BASE} --speculative-eagle-topk 1 --speculative-num-draft-tokens 4"
TREE = f"{EAGLE_BASE} --speculative-eagle-topk 4 --speculative-num-draft-tokens 8"
EAGLE3 = EAGLE.replace("EAGLE ", "EAGLE3 ", 1)  # on Ascend: the Ascend table offers EAGLE3, not EAGLE
EMB = "--is-embedding --prefill-only-disable-kv-cache"

# (rule id, target, launch that breaks it, launch that does not, environment of both, or of each as a pair)
Env = dict[str, str] | tuple[dict[str, str], dict[str, str]]
CASES: list[tuple[str, str, str, str, Env]] = [
    # serving_hook.py
    ("ssl-keyfile-needs-certfile", "cuda", f"--ssl-keyfile {ETC}", PAIR, {}),
    ("ssl-certfile-needs-keyfile", "cuda", f"--ssl-certfile {ETC}", PAIR, {}),
    ("ssl-ca-certs-needs-pair", "cuda", f"--ssl-ca-certs {ETC}", f"{PAIR} --ssl-ca-certs {ETC}", {}),
    ("ssl-keyfile-password-needs-pair", "cuda", "--ssl-keyfile-password pw", f"{PAIR} --ssl-keyfile-password pw", {}),
    ("ssl-refresh-needs-pair", "cuda", "--enable-ssl-refresh", f"{PAIR} --enable-ssl-refresh", {}),
    ("http-reuseport-needs-workers", "cuda", "--enable-http-worker-reuseport",
     "--enable-http-worker-reuseport --tokenizer-worker-num 2", {}),
    ("ssl-refresh-not-with-http2", "cuda", f"{PAIR} --enable-ssl-refresh --enable-http2", f"{PAIR} --enable-ssl-refresh",
     {}),
    ("sidecar-args-need-sidecar", "cuda", "--sidecar-args '[\"-v\"]'",
     "--sidecar s --sidecar-args '[\"-v\"]' --grpc-port 31000", {}),
    ("sidecar-not-empty", "cuda", "--sidecar ' ' --grpc-port 31000", "--sidecar s --grpc-port 31000", {}),
    ("sidecar-not-with-smg-grpc", "cuda", "--sidecar s --smg-grpc-mode", "--sidecar s --grpc-port 31000", {}),
    ("sidecar-needs-grpc-port", "cuda", "--sidecar s", "--sidecar s", ({}, {"SGLANG_GRPC_PORT": "31000"})),
    ("grpc-worker-threads-positive", "cuda", "--grpc-port 31000", "--grpc-port 31000",
     ({"SGLANG_GRPC_WORKER_THREADS": "0"}, {})),
    ("grpc-port-env-range", "cuda", "--tp 1", "--tp 1", ({"SGLANG_GRPC_PORT": "70000"}, {"SGLANG_GRPC_PORT": "31000"})),
    ("grpc-not-with-ray", "cuda", "--grpc-port 31000 --use-ray", "--use-ray", {}),
    ("grpc-not-with-encoder-only", "cuda", "--grpc-port 31000 --encoder-only", "--grpc-port 31000", {}),
    ("grpc-single-tokenizer-worker", "cuda", "--grpc-port 31000 --tokenizer-worker-num 2",
     "--grpc-port 31000 --tokenizer-worker-num 1", {}),
    ("grpc-not-with-api-key", "cuda", "--grpc-port 31000 --api-key k", "--smg-grpc-mode --api-key k", {}),
    ("fast-image-processor-vs-backend", "cuda", "--disable-fast-image-processor --image-processor-backend torchvision",
     "--disable-fast-image-processor --image-processor-backend pil", {}),
    ("deprecated-tool-call-parser", "cuda", "--tool-call-parser qwen25", "--tool-call-parser qwen", {}),
    ("deprecated-attention-backend", "cuda", "--attention-backend compressed", "--attention-backend dsv4", {}),
    ("tokenspeed-mla-sets-fp8-kv", "cuda", "--attention-backend tokenspeed_mla",
     "--attention-backend tokenspeed_mla --kv-cache-dtype fp8_e4m3", {}),
    ("cuda-vmm-transport-needs-cuda", "a3", "--mm-feature-transport cuda_vmm", "--mm-feature-transport cpu", {}),
    ("cuda-vmm-transport-without-pp", "cuda", "--mm-feature-transport cuda_vmm --pp-size 2",
     "--mm-feature-transport cpu --pp-size 2", {}),
    ("cuda-ipc-transport-needs-cuda", "cpu", "--mm-feature-transport cuda_ipc", "--mm-feature-transport cpu", {}),
    ("cuda-ipc-transport-single-node", "cuda",
     "--mm-feature-transport cuda_ipc --nnodes 2 --dist-init-addr h:1 --tp 2",
     "--mm-feature-transport cpu --nnodes 2 --dist-init-addr h:1 --tp 2", {}),
    ("transport-env-conflict", "cuda", "--mm-feature-transport cpu", "--mm-feature-transport cuda_ipc",
     {"SGLANG_USE_CUDA_IPC_TRANSPORT": "1"}),
    ("transport-env-deprecated", "cuda", "--tp 1", "--tp 1", ({"SGLANG_USE_CUDA_IPC_TRANSPORT": "0"}, {})),
    ("encoder-only-transport-is-cpu", "cuda", "--encoder-only --mm-feature-transport cuda_ipc",
     "--encoder-only --mm-feature-transport cpu", {}),
    ("one-tokenizer-batching", "cuda", "--enable-tokenizer-batch-encode --enable-dynamic-batch-tokenizer",
     "--enable-dynamic-batch-tokenizer", {}),
    ("skip-tokenizer-one-detokenizer", "cuda", "--skip-tokenizer-init --detokenizer-worker-num 2",
     "--skip-tokenizer-init", {}),
    ("skip-tokenizer-no-batch-encode", "cuda", "--skip-tokenizer-init --enable-tokenizer-batch-encode",
     "--enable-tokenizer-batch-encode", {}),
    ("skip-tokenizer-no-dynamic-batch", "cuda", "--skip-tokenizer-init --enable-dynamic-batch-tokenizer",
     "--enable-dynamic-batch-tokenizer", {}),
    ("optimistic-prefill-not-with-pp", "cuda",
     "--disaggregation-mode prefill --optimistic-prefill-attempts 2 --pp-size 2",
     "--disaggregation-mode prefill --optimistic-prefill-attempts 2", {}),
    ("optimistic-prefill-hicache-policy", "cuda",
     "--disaggregation-mode prefill --optimistic-prefill-attempts 2 --enable-hierarchical-cache "
     "--hicache-write-policy write_through_selective",
     "--disaggregation-mode prefill --optimistic-prefill-attempts 2 --enable-hierarchical-cache "
     "--hicache-write-policy write_through", {}),
    ("debug-cuda-graph-needs-cuda", "a2", "--debug-cuda-graph", "--disable-cuda-graph", {}),
    ("tensor-dump-disables-graphs", "cuda", "--debug-tensor-dump-output-folder /tmp/d", "--disable-cuda-graph", {}),
    ("msprobe-disables-graphs", "a3", "--msprobe-dump-config /tmp/m.json", "--disable-cuda-graph", {}),
    ("fp4-indexer-needs-sm100", "a3", "--enable-deepseek-v4-fp4-indexer", "--disable-cuda-graph", {}),
    ("mm-limit-known-modalities", "cuda", "--limit-mm-data-per-request '{\"pdf\": 2}'",
     "--limit-mm-data-per-request '{\"image\": 2}'", {}),
    ("mm-process-config-sections", "cuda", "--mm-process-config '{\"image\": 4}'",
     "--mm-process-config '{\"image\": {\"max_pixels\": 1048576}}'", {}),
    ("no-watermark-in-preferred-params", "cuda", "--preferred-sampling-params '{\"watermark\": true}'",
     "--preferred-sampling-params '{\"temperature\": 0.5}'", {}),
    # server_args.py
    ("decoupled-spec-needs-endpoints", "cuda", "--decoupled-spec-role verifier --decoupled-spec-rank 0",
     "--decoupled-spec-role verifier --decoupled-spec-rank 0 --decoupled-spec-bind-endpoint tcp://h:1 "
     "--decoupled-spec-connect-endpoints '[\"tcp://h:2\"]'", {}),
    # kv_cache_hook.py, parallel_hook.py, mamba_hook.py
    ("no-kv-cache-needs-embedding", "cuda", "--prefill-only-disable-kv-cache --chunked-prefill-size -1 "
     "--disable-radix-cache", f"{EMB} --chunked-prefill-size -1 --disable-radix-cache", {}),
    ("no-kv-cache-not-fp4", "cuda", f"{EMB} --chunked-prefill-size -1 --disable-radix-cache --kv-cache-dtype mxfp8",
     f"{EMB} --chunked-prefill-size -1 --disable-radix-cache --kv-cache-dtype fp8_e4m3", {}),
    ("no-kv-cache-needs-one-chunk", "cuda", f"{EMB} --disable-radix-cache",
     f"{EMB} --chunked-prefill-size -1 --disable-radix-cache", {}),
    ("no-kv-cache-needs-no-radix", "cuda", f"{EMB} --chunked-prefill-size -1",
     f"{EMB} --chunked-prefill-size -1 --disable-radix-cache", {}),
    ("no-kv-cache-not-with-cp", "cuda", f"{EMB} --chunked-prefill-size -1 --disable-radix-cache --attn-cp-size 2 "
     "--tp 2", f"{EMB} --chunked-prefill-size -1 --disable-radix-cache --tp 2", {}),
    ("no-kv-cache-not-with-hisparse", "cuda", f"{EMB} --chunked-prefill-size -1 --disable-radix-cache "
     "--enable-hisparse", f"{EMB} --chunked-prefill-size -1 --disable-radix-cache", {}),
    ("unified-memory-audited-speculative", "cuda", "--enable-unified-memory --speculative-algorithm NGRAM",
     "--enable-unified-memory", {}),
    ("unified-memory-linear-draft", "cuda", f"--enable-unified-memory {TREE}", TREE, {}),
    ("unified-memory-not-with-tbo", "cuda", "--enable-unified-memory --enable-two-batch-overlap "
     "--moe-a2a-backend deepep", "--enable-two-batch-overlap --moe-a2a-backend deepep", {}),
    ("unified-memory-not-with-lmcache", "cuda", "--enable-unified-memory --enable-lmcache", "--enable-lmcache", {}),
    ("unified-memory-not-with-external-linker", "cuda",
     "--enable-unified-memory --enable-unified-cache-external-linker", "--enable-unified-memory", {}),
    ("unified-memory-eagle-no-host-pool", "cuda", f"--enable-unified-memory {EAGLE} --disaggregation-mode decode "
     "--disaggregation-decode-retraction-backup host_pool", f"{EAGLE} --disaggregation-mode decode "
     "--disaggregation-decode-retraction-backup host_pool", {}),
    ("unified-memory-eagle-no-hicache", "cuda", f"--enable-unified-memory {EAGLE} --enable-hierarchical-cache",
     f"{EAGLE} --enable-hierarchical-cache", {}),
    ("mamba-rounding-needs-fp16", "cuda", "--enable-mamba-cache-stochastic-rounding --mamba-ssm-dtype bfloat16",
     "--mamba-ssm-dtype bfloat16", {}),
    ("mamba-rounding-needs-cuda", "a3", "--enable-mamba-cache-stochastic-rounding --mamba-ssm-dtype float16",
     "--mamba-ssm-dtype float16", {}),
    ("mamba-flashinfer-needs-cuda", "cpu", "--mamba-backend flashinfer", "--mamba-backend triton", {}),
    ("int8-mamba-not-with-hicache", "cuda", "--enable-int8-mamba-checkpoint --enable-hierarchical-cache",
     "--enable-int8-mamba-checkpoint", {}),
    ("int8-mamba-builtin-radix", "cuda", "--enable-int8-mamba-checkpoint --radix-cache-backend lmcache",
     "--enable-int8-mamba-checkpoint", {}),
    ("int8-mamba-not-with-lmcache", "cuda", "--enable-int8-mamba-checkpoint --enable-lmcache",
     "--enable-int8-mamba-checkpoint", {}),
    # speculative_hook.py
    # validation_hook.py
    ("watermark-config-needs-watermark", "cuda", "--watermark-config '{\"key\": \"00ff\"}'",
     "--watermark-config '{\"key\": \"00ff\"}' --enable-watermark", {}),
    ("watermark-config-values", "cuda", "--enable-watermark --watermark-config '{\"context_window\": 65}'",
     "--enable-watermark --watermark-config '{\"context_window\": 64}'", {}),
    ("watermark-config-values", "cuda", "--enable-watermark --watermark-config '{\"enforce_all\": true}'",
     "--enable-watermark --watermark-config '{\"enforce_all\": true, \"key\": \"00ff\"}'", {}),
    ("watermark-needs-cuda", "cuda", "--enable-watermark --device cpu", "--enable-watermark --device cuda", {}),
    ("watermark-needs-cuda-platform", "a3", "--enable-watermark", "--disable-cuda-graph", {}),
    ("watermark-not-with", "cuda", "--enable-watermark --enable-custom-logit-processor",
     "--enable-custom-logit-processor", {}),
    ("watermark-not-with", "cuda", "--enable-watermark --speculative-algorithm STANDALONE "
     "--speculative-draft-model-path M", f"--enable-watermark {EAGLE}", {}),
    ("watermark-not-with", "cuda", "--enable-watermark", "--enable-watermark", ({"SGLANG_RUST_SERVER": "1"}, {})),
    ("response-store-not-in-pd", "cuda", "--enable-response-store --disaggregation-mode prefill",
     "--enable-response-store", {}),
    ("pp-speculative-single-layer-eagle", "cuda", "--pp-size 2 --speculative-algorithm EAGLE3 "
     "--speculative-draft-model-path M --disaggregation-mode prefill",
     f"--pp-size 2 {EAGLE} --disaggregation-mode prefill", {}),
    ("pp-spec-env-not-in-pd", "cuda", f"--pp-size 2 {EAGLE} --disaggregation-mode prefill", f"--pp-size 2 {EAGLE}",
     {"SGLANG_ENABLE_PP_SPEC": "1"}),
    ("pp-spec-env-not-adaptive", "cuda", f"--pp-size 2 {EAGLE} --speculative-adaptive", f"--pp-size 2 {EAGLE}",
     {"SGLANG_ENABLE_PP_SPEC": "1"}),
    ("pp-spec-env-no-attention-dp", "cuda", f"--pp-size 2 {EAGLE} --attn-dp-size 2 --tp 2",
     f"--pp-size 2 {EAGLE} --tp 2", {"SGLANG_ENABLE_PP_SPEC": "1"}),
    ("pp-no-min-free-slots-delay", "cuda", "--pp-size 2 --min-free-slots-delay 4", "--min-free-slots-delay 4", {}),
    ("pdmux-without-pp", "cuda", "--enable-pdmux --pp-size 2", "--enable-pdmux --chunked-prefill-size -1 "
     "--disable-overlap-schedule", {}),
    ("pdmux-without-chunked-prefill", "cuda", "--enable-pdmux --disable-overlap-schedule",
     "--enable-pdmux --chunked-prefill-size -1 --disable-overlap-schedule", {}),
    ("pdmux-not-in-pd", "cuda", "--enable-pdmux --chunked-prefill-size -1 --disable-overlap-schedule "
     "--disaggregation-mode decode", "--enable-pdmux --chunked-prefill-size -1 --disable-overlap-schedule", {}),
    ("pdmux-without-overlap", "cuda", "--enable-pdmux --chunked-prefill-size -1",
     "--enable-pdmux --chunked-prefill-size -1 --disable-overlap-schedule", {}),
    ("prompt-tokens-buckets-rule", "cuda", "--prompt-tokens-buckets tse 1000 2", "--prompt-tokens-buckets tse 1000 2 8",
     {}),
    ("prompt-tokens-buckets-rule", "cuda", "--prompt-tokens-buckets custom 10 10", "--prompt-tokens-buckets custom 10 20",
     {}),
    ("generation-tokens-buckets-rule", "cuda", "--generation-tokens-buckets linear 10",
     "--generation-tokens-buckets default", {}),
    ("metrics-labels-need-header", "cuda", "--tokenizer-metrics-allowed-custom-labels team "
     "--tokenizer-metrics-custom-labels-header ''",
     "--tokenizer-metrics-allowed-custom-labels team --tokenizer-metrics-custom-labels-header x-labels", {}),
    ("instanttensor-needs-cuda", "a3", "--load-format instanttensor", "--load-format auto", {}),
    ("intel-xpu-sampling-needs-xpu", "cuda", "--sampling-backend intel_xpu", "--sampling-backend pytorch", {}),
    ("load-publish-needs-kv-events", "cuda", "--load-publish-endpoint auto",
     "--load-publish-endpoint auto --kv-events-config '{\"publisher\": \"zmq\"}'", {}),
    ("load-publish-needs-active-publisher", "cuda",
     "--load-publish-endpoint auto --kv-events-config '{\"endpoint\": \"tcp://*:5557\"}'",
     "--load-publish-endpoint auto --kv-events-config '{\"publisher\": \"zmq\"}'", {}),
    ("sampling-mask-env-removed", "cuda", "--sampling-mask-max-tokens 4096", "--sampling-mask-max-tokens 4096",
     ({"SGLANG_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS": "4096"}, {})),
    ("aux-hidden-state-capture", "cuda", "--return-aux-hidden-state-layer-ids 1 2",
     "--enable-return-aux-hidden-states --speculative-algorithm EAGLE3 --return-aux-hidden-state-layer-ids 1 2", {}),
    ("aux-hidden-state-capture", "cuda", "--enable-return-aux-hidden-states --speculative-algorithm EAGLE3 "
     "--return-aux-hidden-state-layer-ids 2 2",
     "--enable-return-aux-hidden-states --speculative-algorithm EAGLE3", {}),
    # model_path_hook.py
    ("remote-instance-needs-seed", "cuda", "--load-format remote_instance",
     "--load-format remote_instance --remote-instance-weight-loader-seed-instance-ip 10.0.0.1 "
     "--remote-instance-weight-loader-seed-instance-service-port 30010 "
     "--remote-instance-weight-loader-send-weights-group-ports '[30100]'", {}),
    ("remote-instance-nccl-needs-ports", "cuda",
     "--load-format remote_instance --remote-instance-weight-loader-seed-instance-ip 10.0.0.1 "
     "--remote-instance-weight-loader-seed-instance-service-port 30010",
     "--load-format remote_instance --remote-instance-weight-loader-seed-instance-ip 10.0.0.1 "
     "--remote-instance-weight-loader-seed-instance-service-port 30010 "
     "--remote-instance-weight-loader-send-weights-group-ports '[30100]'", {}),
    # cuda_graph_hook.py
    ("cuda-graph-config-backend", "cuda", "--cuda-graph-config '{\"decode\": {\"backend\": \"tc_piecewise\"}}'",
     "--cuda-graph-config '{\"decode\": {\"backend\": \"full\"}}'", {}),
    ("weight-cache-not-with-speculative", "cuda", f"--weight-cache-mode client {EAGLE}", "--weight-cache-mode client",
     {}),
]
BY_ID = {r.id: r for r in PORTED}

# (rule id, which launch) -> (SGLang's verdict where the rule's severity does not give it, why), as the conformance
# cases record them: the tool runs a text-only Llama on an H200 and stops after check_server_args.
NOTES: dict[tuple[str, str], tuple[str | None, str]] = {
    **{("tokenspeed-mla-sets-fp8-kv", kind): (
        "refuse", "cutedsl_mla, which tokenspeed_mla now names, needs an SM100 GPU (overrides.py:1245) and the "
        "tool's CUDA is an H200; on Blackwell SGLang starts with the warning") for kind in ("breaks", "holds")},
    **{("encoder-only-transport-is-cpu", kind): (
        "refuse", "--encoder-only needs a multimodal model (pd_disaggregation_hook.py:372) and the tool's model is a "
        "text-only Llama; with a multimodal model SGLang starts with the warning") for kind in ("breaks", "holds")},
    **{(rule, "breaks"): (
        None, "on the tool's plain Llama SGLang refuses EAGLE with the unified pool earlier, as it needs a hybrid-SWA "
        "or Mamba-hybrid target (kv_cache_hook.py:610); on such a model this check is the one that refuses")
       for rule in ("unified-memory-eagle-no-host-pool", "unified-memory-eagle-no-hicache")},
    ("decoupled-spec-needs-endpoints", "breaks"): (
        None, "SGLang refuses it while allocating ports at launch (PortArgs.init_new), after check_server_args, "
        "where the tool stops"),
}


def from_rule(compiled, rule):
    """The findings this rule made: its code, and every literal part of its message (a code covers several rules)."""
    parts = [p for p in re.split(r"\{[^{}]*\}", rule.message.en) if p.strip()]
    return [f for f in compiled.findings if f.code == rule.code and all(p in f.message.en for p in parts)]


def envs(env: Env) -> tuple[dict[str, str], dict[str, str]]:
    return env if isinstance(env, tuple) else (env, env)


@pytest.mark.parametrize("rule_id, target, bad, good, env", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_each_check_breaks_and_holds(rule_id, target, bad, good, env):
    bad_env, good_env = envs(env)
    broken = run(shlex.split(bad), target=target, env=bad_env)
    fired = from_rule(broken, BY_ID[rule_id])
    assert fired, (bad, codes(broken))
    assert BY_ID[rule_id].severity == fired[0].severity
    assert not from_rule(run(shlex.split(good), target=target, env=good_env), BY_ID[rule_id]), good


def test_every_ported_rule_is_exercised_and_cites_a_site():
    assert {r.id for r in PORTED if r.code not in PORTF_CODES} - PORTF_IDS == {c[0] for c in CASES}
    for rule in PORTED:
        assert rule.source and rule.source.startswith("SGLang 0.5.23 "), rule.id
        assert rule.message.zh and rule.hint.zh, rule.id
        assert all(f in SPECS for f in rule.fields), rule.id


def test_codes_stay_in_the_ranges_given_to_these_ports():
    for rule in PORTED:
        number = int(rule.code[4:])
        assert 260 <= number <= 279 or 360 <= number <= 379 or rule.code in PORTF_CODES, rule.id
    # a number is one feature: never an error under one rule and a warning under another
    kinds: dict[int, set[str]] = {}
    for rule in PORTED:
        kinds.setdefault(int(rule.code[4:]), set()).add(rule.code[3])
    assert all(len(k) == 1 for k in kinds.values()), kinds


def test_the_conformance_cases_are_these_pairs():
    recorded = yaml.safe_load(CASES_FILE.read_text())
    by_id = {case["id"]: case for case in recorded}
    assert len(by_id) == len(recorded) == 2 * len(CASES)
    for i, (rule_id, target, bad, good, env) in enumerate(CASES):
        site = BY_ID[rule_id].source.removeprefix("SGLang 0.5.23 ")
        for kind, argv, launch_env in zip(("breaks", "holds"), (bad, good), envs(env)):
            case = by_id[f"portA-{i:03d}-{rule_id}-{kind}"]
            assert case["argv"] == f"--model-path M {argv}" and case["target"] == target, case
            assert case.get("env", {}) == launch_env, case
            assert case["site"] == site, case
            # a warning is SGLang replacing a value and starting: both launches are accepted
            refused = kind == "breaks" and BY_ID[rule_id].severity == "error"
            expect, note = NOTES.get((rule_id, kind), (None, None))
            assert case["expect"] == (expect or ("refuse" if refused else "accept")), case
            assert case.get("note") == note, case
