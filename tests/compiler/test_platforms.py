"""Platforms, rejected hardware, and per-platform statuses."""
from __future__ import annotations

import pytest

from argmatrix.matrix import support
from argmatrix.matrix.platforms import PLATFORMS, UnknownPlatform, resolve
from argmatrix.matrix.status import Status
from argmatrix.schema import SPECS, Support
from argmatrix.schema.meta import Removed, Renamed

from .helpers import codes, only, run


def test_the_four_columns():
    assert list(PLATFORMS) == ["a2", "a3", "cuda", "cpu"]
    assert {k: p.family for k, p in PLATFORMS.items()} == {"a2": "npu", "a3": "npu", "cuda": "gpu", "cpu": "cpu"}


@pytest.mark.parametrize("target", ["a2", "a3", "cuda", "cpu", "A3", "910b", "gpu"])
def test_known_targets_compile_cleanly(target):
    c = run(["--model-path", "m"], target=target)
    assert c.platform == resolve(target).key
    assert c.exit_code == 0 and c.findings == []


@pytest.mark.parametrize("target, words", [
    ("310p", "310P"), ("Ascend310P", "310P"),
    ("a5", "950"), ("950", "950"), ("Ascend950", "950"),
    ("rocm", "ROCm"), ("amd", "ROCm"),
])
def test_recognised_hardware_without_a_column_is_rejected(target, words):
    with pytest.raises(UnknownPlatform) as err:
        resolve(target)
    assert words in str(err.value)
    c = run(["--tp-size", "2"], target=target)
    f = only(c, "AM-E601")
    assert (f.severity, f.kind, f.value) == ("error", "usage", target)
    assert words in f.message.en and "a2, a3, cuda or cpu" in f.message.en
    assert f.message.zh and f.hint.en == "pass --target a2, a3, cuda or cpu"
    assert c.exit_code == 2


def test_rejected_target_is_not_checked_against_another_column():
    """--target 310p must not report CPU-column findings: the CPU column says nothing about a 310P."""
    c = run(["--enable-dp-attention", "--attention-backend", "ascend", "--tp", "x"], target="310p")
    assert codes(c) == ["AM-E010", "AM-E601"]  # the type error is real on any hardware
    assert c.exit_code == 2


def test_unknown_target_lists_the_choices():
    f = only(run([], target="tpu"), "AM-E601")
    assert "unknown target 'tpu'" in f.message.en and "a2, a3, cuda, cpu" in f.message.en


@pytest.mark.parametrize("label, status", [
    (Support.A2_A3, Status.SUPPORTED), (Support.GPU_ONLY, Status.UNSUPPORTED), (Support.PLANNED, Status.PLANNED),
    (Support.EXPERIMENTAL, Status.EXPERIMENTAL), (Support.THIRD_PARTY, Status.UNSUPPORTED),
    (Support.DEFICIENT, Status.DEFICIENT), (Support.UNSUPPORTED, Status.UNSUPPORTED),
])
def test_npu_status_follows_the_seed_label(label, status):
    specs = [s for s in SPECS.values() if s.arg.npu is label and not isinstance(s.deprecated, Removed)]
    assert specs, label
    for spec in specs:
        for platform in ("a2", "a3"):
            cell = support.cell(spec, platform)
            assert cell.status is status, (spec.name, platform)
            assert (cell.reason is None) == (status is Status.SUPPORTED), spec.name


def test_removed_flags_are_unsupported_everywhere():
    removed = [s for s in SPECS.values() if isinstance(s.deprecated, Removed)]
    assert len(removed) == 13
    for spec in removed:
        for platform in ("a2", "a3", "cuda", "cpu"):
            cell = support.cell(spec, platform)
            assert cell.status is Status.UNSUPPORTED and spec.deprecated.since in cell.reason.en


@pytest.mark.parametrize("name, status", [
    ("tp_size", "supported"), ("enable_nccl_nvls", "unsupported"), ("enable_two_batch_overlap", "planned"),
    ("pp_size", "experimental"), ("tool_server", "deficient"), ("kt_method", "unsupported"),
    ("num_continuous_decode_steps", "unsupported"),
])
def test_npu_status_examples(name, status):
    assert support.cell(SPECS[name], "a2").status.value == status
    assert support.cell(SPECS[name], "a3").status.value == status


def test_cuda_supports_every_argument():
    """On CUDA only NPU-only *values* are refused (see test_options), never an argument."""
    assert all(support.cell(s, "cuda").status is Status.SUPPORTED for s in SPECS.values()
               if not isinstance(s.deprecated, Removed))
    assert support.cell(SPECS["enable_nccl_nvls"], "cuda").reason is None


def test_cpu_status_is_per_argument_with_reasons():
    dp = support.cell(SPECS["enable_dp_attention"], "cpu")
    assert dp.status is Status.UNSUPPORTED
    assert "collectives" in dp.reason.en and dp.reason.zh
    assert support.cell(SPECS["schedule_policy"], "cpu").status is Status.SUPPORTED
    assert support.cell(SPECS["cuda_graph_bs"], "cpu").status is Status.UNSUPPORTED
    assert "graph" in support.cell(SPECS["cuda_graph_bs"], "cpu").reason.en
    unsupported = [s for s in SPECS.values() if support.cell(s, "cpu").status is Status.UNSUPPORTED]
    supported = [s for s in SPECS.values() if support.cell(s, "cpu").status is Status.SUPPORTED]
    assert unsupported and len(supported) > len(unsupported)
    assert all(support.cell(s, "cpu").reason is not None for s in unsupported)


def test_cpu_rejects_dp_attention_with_the_reason_and_accepts_schedule_policy():
    c = run(["--enable-dp-attention"], target="cpu")
    f = only(c, "AM-E102")
    assert (f.field, f.flag, f.value, f.source, f.platform) == ("enable_dp_attention", "--enable-dp-attention", True,
                                                                 "argv[0]", "cpu")
    assert "collectives" in f.message.en
    assert "a2, a3, cuda" in f.hint.en
    assert c.exit_code == 1
    ok = run(["--schedule-policy", "lpm"], target="cpu")
    assert ok.findings == [] and ok.args.schedule_policy == "lpm"


def test_deprecated_arguments_are_known_to_the_schema():
    assert isinstance(SPECS["stream_output"].deprecated, Renamed)
    assert isinstance(SPECS["prefill_round_robin_balance"].deprecated, Removed)
    assert codes(run(["--tp-size", "2"], target="cuda")) == []
