"""Platforms, rejected hardware, and per-platform statuses."""
from __future__ import annotations

import pytest

from argmatrix.matrix.platforms import PLATFORMS, UnknownPlatform, resolve
from argmatrix.matrix.platforms.ascend_labels import Label as Support
from argmatrix.matrix.platforms.ascend_table import ASCEND_TABLE
from argmatrix.matrix.status import Status
from argmatrix.schema import SPECS
from argmatrix.schema.releases import CHANGES

from .helpers import codes, only, run


def test_the_columns():
    assert list(PLATFORMS) == ["a2", "a3", "310p", "a5", "cuda", "cpu"]
    assert {k: p.family for k, p in PLATFORMS.items()} == {
        "a2": "npu", "a3": "npu", "310p": "npu", "a5": "npu", "cuda": "gpu", "cpu": "cpu"}
    assert {k: p.dist_backend for k, p in PLATFORMS.items()} == {
        "a2": "hccl", "a3": "hccl", "310p": "hccl", "a5": "hccl", "cuda": "nccl", "cpu": "gloo"}


@pytest.mark.parametrize("target", ["a2", "a3", "cuda", "cpu", "A3", "910b", "gpu"])
def test_known_targets_compile_cleanly(target):
    c = run(["--model-path", "m"], target=target)
    assert c.platform == resolve(target).key
    assert c.exit_code == 0 and c.findings == []


@pytest.mark.parametrize("target, key", [("310p", "310p"), ("Ascend310P", "310p"), ("a5", "a5"), ("950", "a5"),
                                         ("Ascend950", "a5")])
def test_ascend_chips_without_a_table_warn_that_nothing_is_verified(target, key):
    """310P and A5 are columns: the table's allowed values and defaults apply, every status is unverified."""
    c = run(["--tp-size", "2", "--host", "0.0.0.0"], target=target)
    f = only(c, "AM-W108")
    assert (f.severity, f.flag, f.platform) == ("warning", "--tp-size", key)
    assert "covers A2 and A3 only" in f.message.en and f.message.zh
    assert "test it on" in f.hint.en and "remove" not in f.hint.en   # a warning never tells people to drop the flag
    assert c.exit_code == 0
    assert c.values["page_size"] == 128 and c.sources["page_size"] == f"platform:{key}"
    bad = run(["--attention-backend", "flashinfer"], target=target)
    assert only(bad, "AM-E105").hint.en.startswith("use --attention-backend ascend")


@pytest.mark.parametrize("target", ["rocm", "amd"])
def test_recognised_hardware_without_a_column_is_rejected(target):
    with pytest.raises(UnknownPlatform) as err:
        resolve(target)
    assert "ROCm" in str(err.value)
    c = run(["--tp-size", "2"], target=target)
    f = only(c, "AM-E601")
    assert (f.severity, f.kind, f.value) == ("error", "usage", target)
    assert "ROCm" in f.message.en and "a2, a3, 310p, a5, cuda, cpu" in f.message.en
    assert f.message.zh and f.hint.en == "pass --target with one of a2, a3, 310p, a5, cuda, cpu"
    assert c.exit_code == 2


def test_rejected_target_is_not_checked_against_another_column():
    """--target rocm must not report CPU-column findings: the CPU column says nothing about a ROCm GPU."""
    c = run(["--enable-dp-attention", "--attention-backend", "ascend", "--tp", "x"], target="rocm")
    assert codes(c) == ["AM-E010", "AM-E601"]  # the type error is real on any hardware
    assert c.exit_code == 2


def test_unknown_target_lists_the_choices():
    f = only(run([], target="tpu"), "AM-E601")
    assert "unknown target 'tpu'" in f.message.en and "a2, a3, 310p, a5, cuda, cpu" in f.message.en


@pytest.mark.parametrize("label, status", [
    (Support.A2_A3, Status.SUPPORTED), (Support.GPU_ONLY, Status.UNSUPPORTED), (Support.PLANNED, Status.PLANNED),
    (Support.EXPERIMENTAL, Status.EXPERIMENTAL), (Support.THIRD_PARTY, Status.UNSUPPORTED),
    (Support.DEFICIENT, Status.DEFICIENT), (Support.UNSUPPORTED, Status.UNSUPPORTED),
])
def test_npu_status_follows_the_seed_label(label, status):
    specs = [s for s in SPECS.values() if s.name in ASCEND_TABLE and ASCEND_TABLE[s.name].label is label
             and not (s.name in CHANGES and CHANGES[s.name].retired)]
    assert specs, label
    for spec in specs:
        for platform in ("a2", "a3"):
            cell = PLATFORMS[platform].cell(spec)
            assert cell.status is status, (spec.name, platform)
            assert (cell.reason is None) == (status is Status.SUPPORTED), spec.name


def test_flags_argmatrix_retired_are_unsupported_everywhere_for_its_own_engine():
    """No SGLang release for argmatrix's own engine: the matrix says the table's retired flags are not taken, and
    why, in the release's words; for SGLang the selected release decides (tests/compiler/test_release_pages.py)."""
    from argmatrix.matrix.table import row

    retired = [s for s in SPECS.values() if s.name in CHANGES and CHANGES[s.name].retired]
    assert len(retired) == 13
    for spec in retired:
        entries = row(spec, "argmatrix")["platforms"]
        for platform in ("a2", "a3", "cuda", "cpu"):
            assert entries[platform]["status"] == "unsupported" and "SGLang" in entries[platform]["reason"]["en"]


@pytest.mark.parametrize("name, status", [
    ("tp_size", "supported"), ("enable_nccl_nvls", "unsupported"), ("enable_two_batch_overlap", "planned"),
    ("pp_size", "experimental"), ("tool_server", "deficient"), ("kt_method", "unsupported"),
    ("num_continuous_decode_steps", "unsupported"),
])
def test_npu_status_examples(name, status):
    assert PLATFORMS["a2"].cell(SPECS[name]).status.value == status
    assert PLATFORMS["a3"].cell(SPECS[name]).status.value == status


def test_cuda_supports_every_argument():
    """On CUDA only NPU-only *values* are refused (see test_options), never an argument."""
    assert all(PLATFORMS["cuda"].cell(s).status is Status.SUPPORTED for s in SPECS.values())
    assert PLATFORMS["cuda"].cell(SPECS["enable_nccl_nvls"]).reason is None


def test_cpu_status_is_per_argument_with_reasons():
    ep = PLATFORMS["cpu"].cell(SPECS["ep_size"])
    assert ep.status is Status.UNSUPPORTED
    assert "collectives" in ep.reason.en and ep.reason.zh
    assert PLATFORMS["cpu"].cell(SPECS["schedule_policy"]).status is Status.SUPPORTED
    assert PLATFORMS["cpu"].cell(SPECS["cuda_graph_max_bs"]).status is Status.UNSUPPORTED
    assert "graph" in PLATFORMS["cpu"].cell(SPECS["cuda_graph_max_bs"]).reason.en
    unsupported = [s for s in SPECS.values() if PLATFORMS["cpu"].cell(s).status is Status.UNSUPPORTED]
    supported = [s for s in SPECS.values() if PLATFORMS["cpu"].cell(s).status is Status.SUPPORTED]
    assert unsupported and len(supported) > len(unsupported)
    assert all(PLATFORMS["cpu"].cell(s).reason is not None for s in unsupported)


def test_cpu_rejects_expert_parallelism_with_the_reason_and_accepts_schedule_policy():
    c = run(["--ep-size", "2"], target="cpu")
    f = only(c, "AM-E102")
    assert (f.field, f.flag, f.value, f.source, f.platform) == ("ep_size", "--ep-size", 2, "argv[0]", "cpu")
    assert "collectives" in f.message.en
    assert "A2, A3, CUDA" in f.hint.en
    assert c.exit_code == 1
    ok = run(["--schedule-policy", "lpm"], target="cpu")
    assert ok.findings == [] and ok.args.schedule_policy == "lpm"


def test_deprecated_arguments_are_known_to_the_schema():
    assert CHANGES["stream_output"].moves_to == "incremental_streaming_output"
    assert CHANGES["prefill_round_robin_balance"].retired
    assert codes(run(["--tp-size", "2"], target="cuda")) == []
