"""Every fix hint over the project's SGLang corpora, followed, clears its finding without a new error (issue 32).

For each launch of the SGLang conformance corpus (``tests/fixtures/sglang_conformance/``, compiled as
``test_sglang_conformance.py`` compiles it) and the real-world set (``tests/fixtures/real_world.yaml``), every error
and warning with a hint is followed the way a user would: each alternative the hint names
(``tests/compiler/fix_hints.py`` reads "drop --x, or use --y v") is applied to the launch on its own and the launch is
compiled again. The finding it answers (same code, same field) must be gone and no error may appear that was not
there before. Hints that are prose ("lower the parallel sizes") are counted, not applied.

``KNOWN`` lists the alternatives that cannot pass today, each with how many times it occurs and why. An entry that
stops occurring, or occurs a different number of times, fails the test: the list only shrinks as hints are fixed.
"""
from __future__ import annotations

import collections
import functools
from pathlib import Path
from typing import Any

import yaml

from argmatrix.compiler import CompileOptions, compile
from argmatrix.compiler.model_checks import PlanInputs
from argmatrix.matrix.devices import parse_gpu_arch
from tests.compiler.fix_hints import alternatives, apply
from tests.compiler.test_sglang_conformance import CASES, DEVICES, RELEASE, argv_for_argmatrix

REAL_WORLD = Path(__file__).resolve().parents[1] / "fixtures" / "real_world.yaml"
PARTIAL = "the hint asks for more than the edit the words name"
SECOND = "the launch breaks a second check, which the edit uncovers; the hint rightly fixes its own"

# (code, alternative as the hint words it) -> (occurrences, why it cannot clear without a new error)
KNOWN: dict[tuple[str, str], tuple[int, str]] = {
    ("AM-E105", "use --attention-backend ascend (the only value allowed on A3)"): (
        1, "--enable-mis needs flashinfer, which Ascend has not: no backend satisfies both; AM-E343 then says to "
           "drop --enable-mis"),
    ("AM-E237", "add --cp-strategy zigzag"): (1, SECOND),
    ("AM-E242", "use --speculative-algorithm EAGLE3"): (1, PARTIAL + ": 'with a draft model'"),
    ("AM-E244", "add --moe-a2a-backend deepep"): (6, SECOND + " (the stand-in model has no MoE layers: AM-E730)"),
    ("AM-E261", "add --tokenizer-worker-num 2 (and drop --enable-http2)"): (1, PARTIAL),
    ("AM-E262", "drop --smg-grpc-mode / --grpc-mode and give --grpc-port 31000"): (2, PARTIAL),
    ("AM-E277", "use --enable-hierarchical-cache for L2/L3 transfers instead"): (1, PARTIAL + ": 'instead' of the linker"),
    ("AM-E280", "use --speculative-algorithm EAGLE"): (2, PARTIAL + ": EAGLE needs its draft shape (AM-E284)"),
    ("AM-E283", "use --speculative-algorithm EAGLE without --enable-multi-layer-eagle"): (
        1, PARTIAL + ": EAGLE needs its draft shape (AM-E284)"),
    ("AM-E286", "use it with --speculative-algorithm EAGLE --speculative-eagle-topk 1 and the accept thresholds at 1.0"): (
        1, PARTIAL + ": 'the accept thresholds at 1.0'"),
    ("AM-E289", "use --attention-backend flashinfer, --page-size 1"): (1, SECOND + " (KV-cache sharding: AM-E347)"),
    ("AM-E298", "use it as --enable-lora --lora-backend triton_v2 --moe-runner-backend lora_triton with the standard "
                "MoE dispatch"): (1, SECOND + " (LoRA then needs its rank and modules: AM-E246)"),
    ("AM-E299", "use --speculative-algorithm EAGLE3"): (1, PARTIAL + ": EAGLE3 needs its draft shape (AM-E284)"),
    ("AM-E313", "add --dcp-size 2"): (2, PARTIAL),
    ("AM-E316", "drop --encoder-only"): (1, SECOND),
    ("AM-E316", "drop --mm-enable-dp-encoder"): (1, SECOND),
    ("AM-E323", "add --moe-a2a-backend deepep"): (1, SECOND + " (the stand-in model has no MoE layers: AM-E730)"),
    ("AM-E338", "set --attn-dp-size 2 and keep chunked prefill on"): (2, PARTIAL),
    ("AM-E340", "use --linear-attn-prefill-backend flashkda and leave decode on triton"): (1, PARTIAL),
    ("AM-E346", "use --decode-attention-backend cutedsl_mla with the default prefill backend and --kv-cache-dtype "
                "auto"): (1, PARTIAL),
    ("AM-E348", "drop --enable-layernorm-sp"): (1, PARTIAL),
    ("AM-E350", "add --kv-cache-dtype nvfp4"): (1, SECOND),
    ("AM-E362", "drop --device"): (1, PARTIAL),
    ("AM-E363", "unset SGLANG_ENABLE_PP_SPEC"): (1, SECOND),
    ("AM-E363", "use --speculative-algorithm EAGLE without --enable-multi-layer-eagle"): (5, SECOND),
    ("AM-E365", "add --chunked-prefill-size -1"): (1, PARTIAL),
    ("AM-E365", "use --pp-size 1"): (1, PARTIAL),
    ("AM-E366", "write --generation-tokens-buckets default, --generation-tokens-buckets tse <middle> <base> <count> "
                "(e.g. tse 1000 2 8)"): (1, PARTIAL),
    ("AM-E366", "write --prompt-tokens-buckets default, --prompt-tokens-buckets tse <middle> <base> <count> "
                "(e.g. tse 1000 2 8)"): (2, PARTIAL),
    ("AM-E393", "use the unified-cache linker alone (--enable-unified-cache-external-linker with the default radix "
                "cache)"): (1, PARTIAL),
    ("AM-E397", "add --hicache-storage-backend file on a prefill"): (1, SECOND),
    ("AM-E418", "drop --enable-pdmux / --enable-two-batch-overlap and the accept thresholds"): (1, PARTIAL),
    ("AM-E426", "use --speculative-algorithm NEXTN (or EAGLE) with this draft, without the feature the reason "
                "names"): (6, PARTIAL),
    ("AM-E431", "use --speculative-algorithm EAGLE --speculative-eagle-topk 1 (or DSPARK)"): (
        2, PARTIAL + ": EAGLE needs its draft shape (AM-E284)"),
    ("AM-E432", "use --enable-prefill-cp --cp-strategy interleave with --tp-size 8"): (2, PARTIAL),
    ("AM-E436", "use --disaggregation-transfer-backend mooncake, --dcp-size 1, static verification and, on prefill "
                "only, --enable-prefill-cp --cp-strategy interleave"): (1, PARTIAL),
    ("AM-E456", "drop --encoder-only / --language-only"): (1, SECOND),
    ("AM-E456", "use --dcp-size 1 on Ascend"): (2, SECOND),
    ("AM-E457", "drop it (and --enable-prefill-cp on a decode server)"): (4, PARTIAL),
    ("AM-E462", "use --dllm-algorithm LowConfidence, JointThreshold, JointThresholdInDel"): (
        4, "the hint lists three choices; the first alone uncovers its own check (AM-E463)"),
    ("AM-E473", "use --cp-strategy interleave"): (5, SECOND + " (the same code on another field)"),
    ("AM-E487", "use aiter, and run DSPARK with SGLANG_RAGGED_VERIFY_MODE=static"): (1, PARTIAL),
    ("AM-E491", "use --kv-cache-dtype fp4_mx_block16 (the block-16 FP4 recipe)"): (2, SECOND),
    ("AM-E491", "use --prefill-kv-cache-dequant-dtype fp8_e4m3 without a prefill backend"): (3, PARTIAL),
    ("AM-E730", "remove --moe-a2a-backend"): (7, SECOND),
    ("AM-W220", "drop --hicache-storage-backend"): (6, SECOND),
    ("AM-W220", "set --collect-tokens-histogram too"): (
        6, "the parent's spelling is one SGLang 0.5.23 refuses (AM-E109): open, name the release's spelling"),
    ("AM-W267", "unset it and write --mm-feature-transport cpu"): (1, PARTIAL),
    ("AM-W483", "drop the flags the layout replaces (use --attn-dp-size instead of --dp-size)"): (2, PARTIAL),
}


def _launches():
    for case_id, case in sorted(CASES.items()):
        if case.get("verdict") == "harness_failure":
            continue
        count, memory, arch = DEVICES[case["target"]]
        plan = PlanInputs(device_memory=memory, devices_per_node=count, gpu_arch=parse_gpu_arch(arch) if arch else None)
        yield f"conformance {case_id}", argv_for_argmatrix(case), case["target"], dict(case.get("env", {})), plan
    data = yaml.safe_load(REAL_WORLD.read_text())
    for kind in ("commands", "updated_commands", "edits"):
        for entry in data[kind]:
            yield f"real-world {kind} {entry['index']}", [str(a) for a in entry["argv"]], entry["target"], {}, None


def _compile(argv: list[str], target: str, env: dict[str, str], plan: Any):
    return compile(argv, CompileOptions(target=target, env=env, releases={"sglang": RELEASE}, plan_inputs=plan))


@functools.cache
def _followed() -> tuple[collections.Counter, dict[tuple[str, str], list[str]]]:
    counts: collections.Counter = collections.Counter()
    failing: dict[tuple[str, str], list[str]] = collections.defaultdict(list)
    for where, argv, target, env, plan in _launches():
        before = _compile(argv, target, env, plan)
        errors_before = {(f.code, f.field) for f in before.findings if f.severity == "error"}
        for finding in before.findings:
            if finding.severity == "note" or finding.hint is None:
                continue
            counts["hints"] += 1
            edits = alternatives(finding.hint.en)
            counts["prose" if not edits else "followed"] += 1
            for edit in edits:
                counts["edits"] += 1
                # a spelling finding's "write X" means "instead of the flag it is about"
                about = finding.field if finding.kind == "deprecation" else None
                new_argv, new_env = apply(edit, argv, env, about)
                after = _compile(new_argv, target, new_env, plan)
                still = any((f.code, f.field) == (finding.code, finding.field) for f in after.findings)
                new_errors = {(f.code, f.field) for f in after.findings if f.severity == "error"} - errors_before
                if still or new_errors:
                    failing[(finding.code, edit.text)].append(
                        f"{where}: {'still there' if still else 'cleared'}; new errors {sorted(new_errors)}")
                else:
                    counts["cleared"] += 1
    return counts, dict(failing)


def test_the_corpora_reach_many_hints_and_most_are_followed():
    counts, _ = _followed()
    print(f"\nfix hints over the corpora: {dict(counts)}")
    assert counts["hints"] > 1000 and counts["edits"] > 700
    assert counts["cleared"] > 0.8 * counts["edits"]


def test_every_followed_hint_clears_its_finding_without_a_new_error():
    _, failing = _followed()
    unexpected = {k: v for k, v in failing.items() if k not in KNOWN}
    assert not unexpected, "\n".join(f"{code} '{text}': {where[0]} (x{len(where)})"
                                     for (code, text), where in sorted(unexpected.items()))
    counted = {k: (len(v), KNOWN[k][0]) for k, v in failing.items() if k in KNOWN and len(v) != KNOWN[k][0]}
    assert not counted, f"KNOWN counts changed (now, listed): {counted}"
    stale = sorted(set(KNOWN) - set(failing))
    assert not stale, f"KNOWN entries that now pass (remove them): {stale}"


def test_the_issue_32_cases_follow_their_finding():
    """The hints the issue named, on the launches that raised them."""
    nan = _compile(["--model-path", "m", "--crash-on-nan"], "a3", {}, None)
    said = next(f for f in nan.findings if f.flag == "--crash-on-nan")
    assert "none of the SGLang releases argmatrix holds" in said.message.en and "never" not in said.message.en
    ngram = _compile(["--model-path", "m", "--speculative-algorithm", "NGRAM"], "a3", {}, None)
    hint = next(f for f in ngram.findings if f.code == "AM-E242").hint.en
    assert "EAGLE3" in hint and "EAGLE " not in hint
    lora = _compile(["--model-path", "m", "--enable-lora", "--speculative-algorithm", "EAGLE",
                     "--speculative-draft-model-path", "d", "--moe-runner-backend", "experimental_sgl_trtllm"],
                    "cuda", {}, None)
    hint = next(f for f in lora.findings if f.code == "AM-E299").hint.en
    assert "--moe-runner-backend" in hint and "--speculative-adaptive" not in hint
    model = str(Path(__file__).resolve().parents[1] / "fixtures" / "model_configs" / "deepseek-v3.json")
    fp8 = compile(["--model-path", "deepseek-ai/DeepSeek-V3", "--tp", "16", "--quantization", "modelslim"],
        CompileOptions(target="a3", plan_inputs=PlanInputs(model_config=model), releases={"sglang": RELEASE}))
    hint = next(f for f in fp8.findings if f.code == "AM-E740").hint.en
    assert "fp8" not in hint.split(":")[-1] and "modelslim" in hint, hint
