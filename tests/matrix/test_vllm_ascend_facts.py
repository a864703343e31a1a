"""vLLM-Ascend's facts table is consistent with itself, and its conditions read values the way vLLM-Ascend does.

The module is pure data read from vllm-project/vllm-ascend; these tests check its shape (statuses in the
vocabulary, every row citing ``path:line@commit``, no duplicate keys, Chinese that follows the glossary) and run
every condition on an empty launch, a typical one and one with values of the wrong types, then pin a few
conditions to the outcome vLLM-Ascend's own code gives.
"""
from __future__ import annotations

import importlib
import importlib.util
import re
import string
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

from argmatrix.schema.glossary import CJK, FORBIDDEN, ascii_words, half_width_punctuation
from argmatrix.schema.meta import Text

ROOT = Path(__file__).resolve().parents[2]
PATH = ROOT / "argmatrix" / "matrix" / "engines" / "vllm_ascend_facts.py"


def _load() -> ModuleType:
    # the engines package's __init__ may not exist yet; load the module by path with its package context
    try:
        return importlib.import_module("argmatrix.matrix.engines.vllm_ascend_facts")
    except ImportError:
        spec = importlib.util.spec_from_file_location("argmatrix.matrix.engines.vllm_ascend_facts", PATH)
        assert spec and spec.loader
        mod = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = mod  # dataclasses look their module up while the class is built
        spec.loader.exec_module(mod)
        return mod


F = _load()
SOURCE = re.compile(r"^[\w./-]+\.(py|md|commit):\d+@[0-9a-z.]+$")
FLAG = re.compile(r"(?<![\w-])--[A-Za-z0-9][\w-]*[A-Za-z0-9]")
# names the glossary will keep once vLLM is an engine of its own
NAMES = frozenset({"vLLM", "vLLM-Ascend"})

EMPTY: dict = {}
TYPICAL = {
    "tensor_parallel_size": 4, "pipeline_parallel_size": 2, "data_parallel_size": 2, "enable_expert_parallel": True,
    "enforce_eager": False, "block_size": 128, "max_num_batched_tokens": 8192, "max_num_seqs": 256,
    "enable_prefix_caching": True, "enable_chunked_prefill": True, "prefill_context_parallel_size": 1,
    "decode_context_parallel_size": 1, "async_scheduling": True, "scheduling_policy": "fcfs", "target": "a3",
    "use_v2_model_runner": False, "quantization": "ascend",
    "compilation_config": {"cudagraph_mode": "FULL_DECODE_ONLY", "cudagraph_capture_sizes": [1, 2, 4, 8, 16]},
    "speculative_config": {"method": "deepseek_mtp", "num_speculative_tokens": 1},
    "kv_transfer_config": {"kv_connector": "MooncakeConnectorV1", "kv_role": "kv_consumer"},
    "additional_config": {
        "enable_shared_expert_dp": True, "multistream_overlap_shared_expert": True, "enable_fused_mc2": 1,
        "finegrained_tp_config": {"lmhead_tensor_parallel_size": 2},
        "ascend_compilation_config": {"enable_npugraph_ex": True},
        "scheduler_config": {"recompute_scheduler_enable": True,
                             "profiling_chunk_config": {"enabled": True, "min_chunk": 4096},
                             "dyntra_lb_config": {"enabled": True, "mode": "static"}},
        "eplb_config": {"dynamic_eplb": False, "eplb_policy_type": 3},
        "rl_config": {"enabled": True}, "xlite_graph_config": {"enabled": True, "full_mode": True},
    },
}
# every value of the wrong type: a condition treats it as unset, never raises
HOSTILE = {k: "x" for k in TYPICAL} | {"additional_config": {
    "scheduler_config": [], "eplb_config": "x", "rl_config": 3, "finegrained_tp_config": {"oproj_tensor_parallel_size":
                                                                                          "2"},
    "dynamic_spec_config": {"method_params": 5}, "rejection_sampler_config": {"posterior_alpha": "a"},
    "sparse_kv_offload_config": {"enabled": True, "topk_buffer_size": "big"}}, "compilation_config": {
    "cudagraph_mode": 99, "mode": [], "cudagraph_capture_sizes": "1,2"}}
# every value these tables read, at vLLM 0.32's EngineArgs default (JSON settings as their default objects): a
# caller may pass all resolved values, not only those the user gave
VLLM_DEFAULTS = {
    "all2all_backend": "allgather_reducescatter", "async_scheduling": None, "attention_backend": None,
    "attention_config": {"backend": None, "flash_attn_version": None, "flash_attn_max_num_splits_for_cuda_graph": 32,
                         "use_trtllm_attention": None, "disable_flashinfer_q_quantization": False},
    "block_size": None, "compilation_config": {
        "mode": None, "cudagraph_mode": None, "cudagraph_num_of_warmups": 0, "custom_ops": [], "splitting_ops": None,
        "cudagraph_capture_sizes": None, "max_cudagraph_capture_size": None, "use_inductor_graph_partition": None},
    "cp_kv_cache_interleave_size": None, "dcp_kv_cache_interleave_size": 1, "data_parallel_size": 1,
    "decode_context_parallel_size": 1, "disable_cascade_attn": None, "enable_chunked_prefill": None, "enable_dbo": False,
    "enable_eplb": False, "enable_expert_parallel": False, "enable_layerwise_nvtx_tracing": False,
    "enable_prefix_caching": None, "enforce_eager": False, "eplb_config": {"use_async": True, "communicator": None},
    "kv_transfer_config": None, "max_num_batched_tokens": None, "max_num_seqs": None, "mm_encoder_attn_backend": None,
    "numa_bind": False, "numa_bind_cpus": None, "numa_bind_nodes": None, "pipeline_parallel_size": 1,
    "prefill_context_parallel_size": 1, "ray_workers_use_nsight": False, "scheduler_cls": None,
    "scheduling_policy": "fcfs", "speculative_config": None, "tensor_parallel_size": 1, "ubatch_size": 0,
    "additional_config": {}, "quantization": None, "target": "a3",
}
LAUNCHES = [EMPTY, TYPICAL, HOSTILE, VLLM_DEFAULTS]


def _texts():
    for f in F.FEATURES:
        yield f"feature {f.key} title", f.title
        if f.note:
            yield f"feature {f.key} note", f.note
    for key, text in F.FEATURE_STATUSES.items():
        yield f"status {key}", text
    for r in F.RESETS + F.NPU_DEFAULTS:
        yield f"reset {r.id}", r.reason
    for k in F.ADDITIONAL_KEYS:
        yield f"key {k.key}", k.help
    for c in F.STARTUP_CHECKS:
        yield f"check {c.id} message", c.message
        yield f"check {c.id} fix", c.fix


TEXTS = list(_texts())


def test_read_from_names_repo_commit_and_release():
    assert F.READ_FROM["repo"] == "vllm-project/vllm-ascend"
    assert re.fullmatch(r"[0-9a-f]{40}", F.READ_FROM["commit"])
    assert F.READ_FROM["release"]


def test_table_sizes():
    # the supported-features page has 21 rows; the additional-config reference documents about 30 top-level keys
    assert len(F.FEATURES) == 21
    assert len([k for k in F.ADDITIONAL_KEYS if "." not in k.key and k.removed_in is None]) >= 30
    assert len(F.RESETS) >= 40 and len(F.STARTUP_CHECKS) >= 60
    assert len(F.COMPATIBILITY) == 37


def test_every_row_cites_path_line_at_commit():
    sources = ([f.source for f in F.FEATURES] + [r.source for r in F.RESETS + F.NPU_DEFAULTS] + [k.source for k in F.ADDITIONAL_KEYS]
               + [c.source for c in F.STARTUP_CHECKS] + [c.source for c in F.COMPATIBILITY]
               + [s for srcs in F.QUANTIZATION_SOURCES.values() for s in srcs] + [F.QUANTIZATION_LIST_SOURCE]
               + list(F.UNKNOWN_SUBKEYS_REFUSED.values()) + list(F.DOC_KEYS_NOT_READ.values()))
    bad = [s for s in sources if not SOURCE.match(s)]
    assert not bad, bad


def test_no_duplicate_keys():
    for name, keys in (("feature", [f.key for f in F.FEATURES]), ("reset", [r.id for r in F.RESETS + F.NPU_DEFAULTS]),
                       ("additional key", [k.key for k in F.ADDITIONAL_KEYS]),
                       ("check", [c.id for c in F.STARTUP_CHECKS]),
                       ("release", [c.vllm_ascend for c in F.COMPATIBILITY])):
        dup = [k for k, n in Counter(keys).items() if n > 1]
        assert not dup, f"duplicate {name}: {dup}"


def test_feature_statuses_cover_every_chip_from_the_vocabulary():
    assert set(F.FEATURE_STATUS_SPELLINGS) <= set(F.FEATURE_STATUSES)
    for f in F.FEATURES:
        assert set(f.status) == set(F.CHIPS), f.key
        assert set(f.status.values()) <= set(F.FEATURE_STATUSES), f.key
        assert f.status["310p"] == f.status["a5"] == "unverified", f.key  # the page has no per-chip split
        assert all(flag.startswith("--") for flag in f.flags), f.key


def test_quantization_methods_name_known_chips_and_ascend_everywhere():
    assert set(F.QUANTIZATION_METHODS) == set(F.QUANTIZATION_SOURCES)
    for method, chips in F.QUANTIZATION_METHODS.items():
        assert chips and set(chips) <= set(F.CHIPS), method
    assert set(F.QUANTIZATION_METHODS["ascend"]) == set(F.CHIPS)


def test_additional_keys_are_typed_and_nested_keys_have_a_parent():
    keys = {k.key: k for k in F.ADDITIONAL_KEYS}
    py = {"bool": bool, "int": int, "float": (int, float), "str": str, "dict": dict, "list": list}
    for k in F.ADDITIONAL_KEYS:
        assert k.type in py, k.key
        if k.default is not None:
            assert isinstance(k.default, py[k.type]), k.key
        if k.choices is not None:
            assert all(isinstance(c, py[k.type]) for c in k.choices), k.key
            assert k.default is None or k.default in k.choices, k.key
        if "." in k.key:
            parent = k.key.rsplit(".", 1)[0]
            assert parent in keys and keys[parent].type == "dict", k.key
        if k.successor and not k.successor.startswith("--"):
            assert k.successor in keys and keys[k.successor].removed_in is None, k.key


def test_settings_that_refuse_unknown_keys_are_known_dicts():
    keys = {k.key: k for k in F.ADDITIONAL_KEYS}
    assert all(keys[name].type == "dict" for name in F.UNKNOWN_SUBKEYS_REFUSED)
    assert not set(F.DOC_KEYS_NOT_READ) & set(keys)  # a key the code reads is not "never read"


def test_flags_are_spelled_as_vllm_spells_them():
    for r in F.RESETS + F.NPU_DEFAULTS:
        assert re.fullmatch(r"--[a-z0-9-]+(\.[a-z0-9_]+)*", r.flag), r.flag
    for c in F.STARTUP_CHECKS:
        assert c.severity in ("error", "warning"), c.id
        assert c.dests and all(re.fullmatch(r"[a-z0-9_]+", d) for d in c.dests), c.id


@pytest.mark.parametrize("values", LAUNCHES, ids=["empty", "typical", "hostile", "vllm-defaults"])
def test_every_condition_runs_without_raising(values):
    for r in F.RESETS + F.NPU_DEFAULTS:
        assert isinstance(r.when(values), bool), r.id
        if r.when(values) and callable(r.becomes):
            r.becomes(values)
    for c in F.STARTUP_CHECKS:
        assert isinstance(c.violated(values), bool), c.id


@pytest.mark.parametrize("values", [EMPTY, VLLM_DEFAULTS], ids=["empty", "vllm-defaults"])
def test_vllm_defaults_break_no_check_and_have_nothing_reset(values):
    # vLLM's defaults are a valid launch on Ascend: no check fires and no value the user gave is replaced
    assert [c.id for c in F.STARTUP_CHECKS if c.violated(values)] == []
    assert [r.id for r in F.RESETS if r.when(values)] == []


def test_message_placeholders_name_the_checks_dests():
    for c in F.STARTUP_CHECKS:
        for text in (c.message, c.fix):
            for part in (text.en, text.zh):
                names = {name for _, name, _, _ in string.Formatter().parse(part) if name}
                assert names <= set(c.dests), (c.id, names)


@pytest.mark.parametrize(("where", "text"), TEXTS, ids=[w for w, _ in TEXTS])
def test_chinese_follows_the_glossary(where, text):
    assert isinstance(text, Text) and text.en.strip() and text.zh.strip(), where
    assert re.search(f"[{CJK}]", text.zh), where
    bad = [good for bad_re, good in FORBIDDEN if bad_re.search(text.zh)]
    assert not bad, f"{where}: use {bad}"
    assert not ascii_words(text.zh, NAMES), f"{where}: {ascii_words(text.zh, NAMES)}"
    assert not half_width_punctuation(text.zh), f"{where}: {half_width_punctuation(text.zh)}"
    assert sorted(FLAG.findall(text.en)) == sorted(FLAG.findall(text.zh)), where


def _check(cid):
    return next(c for c in F.STARTUP_CHECKS if c.id == cid)


def _reset(rid):
    return next(r for r in F.RESETS if r.id == rid)


def test_checks_fire_where_vllm_ascend_raises():
    ac = "additional_config"
    assert _check("profiling-chunk-needs-pp").violated(
        {ac: {"scheduler_config": {"profiling_chunk_config": {"enabled": True}}}})
    assert not _check("profiling-chunk-needs-pp").violated(
        {"pipeline_parallel_size": 2, ac: {"scheduler_config": {"profiling_chunk_config": {"enabled": True}}}})
    # the deprecated top-level spelling is read too, the nested one wins
    assert _check("profiling-chunk-needs-pp").violated({ac: {"profiling_chunk_config": {"enabled": True}}})
    assert not _check("profiling-chunk-needs-pp").violated(
        {ac: {"profiling_chunk_config": {"enabled": True}, "scheduler_config": {"profiling_chunk_config": {}}}})
    # upstream EPLB needs Model Runner V2, which on Ascend is off unless VLLM_USE_V2_MODEL_RUNNER=1
    assert _check("enable-eplb-needs-v2").violated({"enable_eplb": True})
    assert not _check("enable-eplb-needs-v2").violated({"enable_eplb": True, "use_v2_model_runner": True})
    assert _check("pcp-needs-v2").violated({"prefill_context_parallel_size": 2})
    # the recompute scheduler: decode instances only; on a prefill instance it is dropped with a warning
    rec = {ac: {"scheduler_config": {"recompute_scheduler_enable": True}}}
    assert _check("recompute-decode-only").violated(rec)
    assert not _check("recompute-decode-only").violated(rec | {"kv_transfer_config": {"kv_role": "kv_consumer"}})
    producer = rec | {"kv_transfer_config": {"kv_role": "kv_producer"}}
    assert not _check("recompute-decode-only").violated(producer)
    assert _check("recompute-ignored-on-prefill").violated(producer)
    assert _reset("recompute-on-prefill-instance").when(producer)
    assert _check("sleep-mode-extra-cleanup-removed").violated({ac: {"enable_sleep_mode_extra_cleanup": False}})
    assert _check("fused-mc2-values").violated({ac: {"enable_fused_mc2": 2}})
    assert _check("mc2-hierarchy-a2-a3-only").violated({"target": "310p", ac: {"enable_mc2_hierarchy_comm": True}})
    assert not _check("mc2-hierarchy-a2-a3-only").violated({ac: {"enable_mc2_hierarchy_comm": True}})
    assert _check("eplb-unknown-keys").violated({ac: {"eplb_config": {"dynamic_epbl": True}}})


def test_resets_give_the_value_vllm_ascend_uses():
    assert _reset("block-size-128").when({"block_size": 64})
    assert not _reset("block-size-128").when(
        {"block_size": 64, "enable_prefix_caching": False, "enable_chunked_prefill": False})
    # npugraph_ex survives only full graphs; vLLM's default FULL_AND_PIECEWISE turns it off
    on = {"additional_config": {"ascend_compilation_config": {"enable_npugraph_ex": True}}}
    assert _reset("npugraph-ex-needs-full-graph").when(on)
    assert not _reset("npugraph-ex-needs-full-graph").when(on | {"compilation_config": {"cudagraph_mode": "FULL"}})
    sizes = {"tensor_parallel_size": 4, "data_parallel_size": 2, "enable_expert_parallel": True,
             "compilation_config": {"cudagraph_capture_sizes": [1, 2, 4, 8, 12]}}
    assert _reset("capture-sizes-tp-aligned").when(sizes)
    assert _reset("capture-sizes-tp-aligned").becomes(sizes) == [4, 8, 12]
    default = next(r for r in F.NPU_DEFAULTS if r.id == "max-cudagraph-capture-size-default")
    assert default.becomes({"max_num_seqs": 256, "speculative_config": {"num_speculative_tokens": 3}}) == 512
    assert default.becomes({"max_num_seqs": 48}) == 48
    # a scheduler class counts as replaced only when the user chose one
    srf = {"async_scheduling": True,
           "additional_config": {"scheduler_config": {"short_request_first_config": {"enabled": True}}}}
    assert not _reset("scheduler-cls-short-request-first").when(srf)
    assert _reset("scheduler-cls-short-request-first").when(srf | {"scheduler_cls": "my.Scheduler"})
    assert _reset("a5-capture-sizes").becomes(
        {"compilation_config": {"cudagraph_capture_sizes": [1, 2, 4, 8, 16, 24, 32]}}) == [1, 4, 16, 32]
    pcp = {"tensor_parallel_size": 2, "data_parallel_size": 2, "enable_expert_parallel": True,
           "prefill_context_parallel_size": 2, "max_num_batched_tokens": 8190}
    assert _reset("max-num-batched-tokens-sp-pcp").when(pcp)
    assert _reset("max-num-batched-tokens-sp-pcp").becomes(pcp) == 8192
