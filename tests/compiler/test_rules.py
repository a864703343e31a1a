"""Cross-field rules (AM-E2xx, AM-W206) and sub-flags without their parent (AM-W220)."""
from __future__ import annotations

from functools import partial

import pytest

from argmatrix.schema import SPECS, ServerArgs

from .helpers import codes, only, run
from .helpers import run as _run


@pytest.mark.parametrize("target", ["a2", "a3"])
def test_pp_size_2_on_npu(target):
    c = run(["--pp-size", "2"], target=target)
    f = only(c, "AM-E201")
    assert (f.severity, f.kind, f.field, f.value, f.source) == ("error", "rule", "pp_size", 2, "argv[0]")
    assert c.exit_code == 1
    assert "AM-E201" not in codes(run(["--pp-size", "4"], target=target))
    assert "AM-E201" not in codes(run(["--pp-size", "2"], target="cuda"))


def test_attn_cp_size_follows_sglang_and_cites_the_ascend_table():
    """The table says cp == tp; SGLang's code (and its own A3 example, cp 2 with tp 16) only needs cp | tp."""
    c = run(["--tp-size", "16", "--attn-cp-size", "2"], target="a3")
    f = only(c, "AM-W209")
    assert (f.field, f.flag, f.value, f.source) == ("attn_cp_size", "--attn-cp-size", 2, "argv[2]")
    assert "Ascend feature table" in f.message.en and c.exit_code == 0
    assert codes(run(["--tp-size", "4", "--attn-cp-size", "4"], target="a3")) == []
    assert codes(run(["--tp-size", "16", "--attn-cp-size", "2"], target="cuda")) == []
    bad = run(["--tp-size", "6", "--attn-cp-size", "4"], target="a3")
    assert codes(bad) == ["AM-E236"] and "--attn-cp-size" in only(bad, "AM-E236").hint.en


@pytest.mark.parametrize("flag, value", [("--cpu-offload-gb", "4"), ("--offload-group-size", "2")])
def test_offloading_needs_disable_cuda_graph_on_npu(flag, value):
    f = only(run([flag, value], target="a2"), "AM-E203")
    assert f.flag == flag and f.hint.en == "add --disable-cuda-graph"
    assert "AM-E203" not in codes(run([flag, value, "--disable-cuda-graph"], target="a2"))
    assert "AM-E203" not in codes(run([flag, value], target="cuda"))


def test_fuseep_with_eplb():
    c = run(["--moe-a2a-backend", "ascend_fuseep", "--enable-eplb"], target="a3")
    f = only(c, "AM-E204")
    assert f.field == "moe_a2a_backend" and f.value == "ascend_fuseep"
    assert "--enable-eplb" in f.message.en
    # with --tp 2: deepep spans --ep-size over the TP ranks, and EPLB needs more than one (AM-E324)
    assert codes(run(["--tp", "2", "--moe-a2a-backend", "deepep", "--enable-eplb"], target="a3")) == []


def test_hierarchical_cache_with_mamba_options():
    f = only(run(["--enable-hierarchical-cache", "--max-mamba-cache-size", "10"], target="a3"), "AM-E205")
    assert f.field == "enable_hierarchical_cache" and f.source == "argv[0]"
    assert codes(run(["--enable-hierarchical-cache"], target="a3")) == []
    assert codes(run(["--max-mamba-cache-size", "10"], target="a3")) == []


def test_hicache_write_policy_on_npu():
    c = run(["--enable-hierarchical-cache"], target="a3")
    assert c.findings == []
    assert c.args.hicache_write_policy == "write_back"
    assert c.sources["hicache_write_policy"] == "platform:a3"
    # the declared default is unchanged: it is what the flag means everywhere else
    assert SPECS["hicache_write_policy"].default == "write_through"
    assert ServerArgs.model_fields["hicache_write_policy"].default == "write_through"
    assert run([], target="cuda").args.hicache_write_policy == "write_through"
    assert run([], target="cuda").sources["hicache_write_policy"] == "default"
    f = only(run(["--enable-hierarchical-cache", "--hicache-write-policy", "write_through"], target="a3"), "AM-E105")
    assert f.hint.en == "use --hicache-write-policy write_back (the only value allowed on A3)"
    assert codes(run(["--enable-hierarchical-cache", "--hicache-write-policy", "write_back"], target="a2")) == []
    assert codes(run(["--enable-hierarchical-cache", "--hicache-write-policy", "write_through"], target="cuda")) == []


def test_enforce_piecewise_cuda_graph_verified_models():
    """The flag was released in 0.5.10 and refused from 0.5.20: check against a release that has it."""
    run = partial(_run, releases={"sglang": "0.5.10"})
    c = run(["--model-path", "Qwen/Qwen3-8B", "--enforce-piecewise-cuda-graph"], target="a3")
    f = only(c, "AM-W206")
    assert f.severity == "warning" and f.field == "enforce_piecewise_cuda_graph" and f.source == "argv[2]"
    assert "Qwen/Qwen3-8B" in f.message.en
    assert c.exit_code == 0
    ok = run(["--model-path", "meta-llama/Llama-3.1-8B-Instruct", "--enforce-piecewise-cuda-graph"], target="a3")
    assert ok.findings == []
    assert codes(run(["--model-path", "Qwen/Qwen3-8B", "--enforce-piecewise-cuda-graph"], target="cuda")) == []


@pytest.mark.parametrize("target", ["a3", "cuda", "cpu"])
def test_max_loaded_loras_at_least_per_batch(target):
    c = run(["--enable-lora", "--max-lora-rank", "8", "--lora-target-modules", "all", "--max-loaded-loras", "2",
             "--max-loras-per-batch", "4"], target=target)
    f = only(c, "AM-E207")
    assert (f.field, f.value, f.source) == ("max_loaded_loras", 2, "argv[5]")
    assert f.message.en == "--max-loaded-loras 2 is smaller than --max-loras-per-batch 4"
    assert f.hint.en == "raise --max-loaded-loras to at least 4"
    # the declared per-batch default (8) counts too
    assert "AM-E207" in codes(run(["--enable-lora", "--max-lora-rank", "8", "--lora-target-modules", "all", "--max-loaded-loras", "4"], target=target))
    assert codes(run(["--enable-lora", "--max-lora-rank", "8", "--lora-target-modules", "all", "--max-loaded-loras", "8"], target=target)) == []


@pytest.mark.parametrize("argv, child, parent", [
    (["--schedule-low-priority-values-first"], "schedule_low_priority_values_first", "--enable-priority-scheduling"),
    (["--priority-scheduling-preemption-threshold", "5"], "priority_scheduling_preemption_threshold",
     "--enable-priority-scheduling"),
    (["--speculative-num-steps", "3"], "speculative_num_steps", "--speculative-algorithm"),
    (["--speculative-eagle-topk", "2"], "speculative_eagle_topk", "--speculative-algorithm"),
    (["--dynamic-batch-tokenizer-batch-size", "8"], "dynamic_batch_tokenizer_batch_size",
     "--enable-dynamic-batch-tokenizer"),
    (["--dynamic-batch-tokenizer-batch-timeout", "0.01"], "dynamic_batch_tokenizer_batch_timeout",
     "--enable-dynamic-batch-tokenizer"),
    (["--max-lora-rank", "8"], "max_lora_rank", "--enable-lora"),
    (["--lora-target-modules", "all"], "lora_target_modules", "--enable-lora"),
])
def test_sub_flags_without_their_parent(argv, child, parent):
    c = run(argv, target="a3")
    f = only(c, "AM-W220")
    assert f.severity == "warning" and f.field == child and f.source == "argv[0]"
    assert f.message.en == f"{argv[0]} has no effect without {parent}"
    assert c.exit_code == 0
    assert "AM-W220" not in codes(run(argv + [parent] + (["EAGLE"] if parent == "--speculative-algorithm" else []),
                                      target="a3"))


@pytest.mark.parametrize("option, algorithm", [
    (["--speculative-dflash-block-size", "8"], "DFLASH"), (["--speculative-dspark-block-size", "4"], "DSPARK"),
    (["--uno-lora-path", "/adapters/uno"], "UNO")])
def test_an_option_of_one_speculative_algorithm_needs_that_algorithm(option, algorithm):
    """speculative_hook.py reads these in its handler of one algorithm only; another algorithm ignores them."""
    for other in ([], ["--speculative-algorithm", "EAGLE", "--speculative-draft-model-path", "d"]):
        found = only(run(other + option, target="cuda"), "AM-W220")
        assert found.message.en == f"{option[0]} has no effect without --speculative-algorithm {algorithm}"
        assert f"--speculative-algorithm {algorithm}" in found.message.zh
    assert "AM-W220" not in codes(run(["--speculative-algorithm", algorithm, "--speculative-draft-model-path", "d"]
                                      + option, target="cuda"))


def test_deepep_mode_belongs_to_every_dispatcher_that_reads_it():
    """SGLang reads --deepep-mode for deepep, mori and pplx (moe_hook._handle_a2a_moe); --deepep-config for deepep."""
    for backend in ("deepep", "mori", "pplx"):
        assert "AM-W220" not in codes(run(["--moe-a2a-backend", backend, "--deepep-mode", "low_latency"],
                                          target="cuda")), backend
    assert only(run(["--moe-a2a-backend", "mori", "--deepep-config", "{}"], target="cuda"), "AM-W220").field == \
        "deepep_config"
    assert only(run(["--deepep-mode", "normal"], target="cuda"), "AM-W220").field == "deepep_mode"


def test_lora_paths_satisfy_lora_options():
    """--lora-paths implies --enable-lora, so LoRA options with it are not orphans."""
    c = run(["--lora-paths", "/adapters/a", "--max-lora-rank", "8"], target="a3")
    assert c.findings == []
    assert c.args.enable_lora is True and c.sources["enable_lora"] == "derived:lora-from-paths"


def test_sub_flag_at_its_default_is_not_an_orphan():
    assert codes(run(["--max-loras-per-batch", "8"], target="a3")) == []
