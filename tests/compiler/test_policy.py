"""Status policy: which statuses are errors, warnings or notes, and the --strict / --allow-unsupported switches;
and the engine capability layer."""
from __future__ import annotations

import pytest

from .helpers import by_code, codes, only, run


@pytest.mark.parametrize("argv, code, severity, exit_code", [
    (["--enable-two-batch-overlap"], "AM-E101", "error", 1),         # planned
    (["--enable-nccl-nvls"], "AM-E102", "error", 1),                 # GPU-only -> unsupported
    (["--kt-weight-path", "/w"], "AM-E102", "error", 1),             # third-party -> unsupported
    (["--num-continuous-decode-steps", "2"], "AM-E102", "error", 1),  # marked x on both chips
    (["--pp-size", "4"], "AM-W103", "warning", 0),                   # experimental
    (["--tool-server", "demo"], "AM-W104", "warning", 0),            # deficient
    (["--attention-backend", "triton"], "AM-E105", "error", 1),      # bad option
])
def test_status_severities_on_npu(argv, code, severity, exit_code):
    c = run(argv, target="a3")
    f = only(c, code)
    assert f.severity == severity and f.source == "argv[0]" and f.platform == "a3"
    assert f.message.en.startswith(argv[0])
    assert c.exit_code == exit_code


@pytest.mark.parametrize("argv", [["--enable-nccl-nvls", "false"], ["--triton-attention-num-kv-splits", "8"],
                                  ["--enable-two-batch-overlap=false"]])
def test_unsupported_flag_at_its_declared_default_is_only_a_note(argv):
    c = run(argv, target="a3", releases={"sglang": None})  # SGLang's switches take no value (AM-E112): test ours
    f = only(c, "AM-N401")
    assert f.severity == "note" and "default" in f.message.en
    assert c.exit_code == 0 and c.ok


def test_status_applies_only_to_what_the_user_set():
    # unset GPU-only arguments and platform defaults raise nothing
    c = run(["--model-path", "m"], target="a3")
    assert c.findings == []
    cpu = run([], target="cpu")
    assert cpu.findings == []


def test_strict_turns_warnings_into_errors():
    argv = ["--pp-size", "4", "--stream-output"]
    assert run(argv, target="a3", releases={"sglang": "0.5.19"}).exit_code == 0
    c = run(argv, target="a3", strict=True, releases={"sglang": "0.5.19"})
    assert {f.code: f.severity for f in c.findings} == {"AM-W103": "error", "AM-W107": "error"}
    assert c.exit_code == 1
    notes = run(["--enable-nccl-nvls", "false"], target="a3", strict=True, releases={"sglang": None})
    assert notes.exit_code == 0 and notes.findings[0].severity == "note"


def test_allow_unsupported_downgrades_support_errors_only():
    argv = ["--enable-nccl-nvls", "--enable-two-batch-overlap", "--moe-a2a-backend", "deepep", "--attention-backend",
            "triton", "--pp-size", "2", "--context-length", "1.5K"]
    c = run(argv, target="a3", allow_unsupported=True)
    sev = {f.code: f.severity for f in c.findings}
    assert sev["AM-E102"] == sev["AM-E101"] == sev["AM-E105"] == sev["AM-E201"] == "warning"
    assert sev["AM-E010"] == "error"  # a type error is not a support question
    assert c.exit_code == 1
    assert run(argv[:-2], target="a3", allow_unsupported=True).exit_code == 0


def test_allow_unsupported_keeps_platform_independent_rules():
    c = run(["--enable-lora", "--max-lora-rank", "8", "--lora-target-modules", "all", "--max-loaded-loras", "2",
             "--max-loras-per-batch", "4"], target="a3", allow_unsupported=True)
    assert only(c, "AM-E207").severity == "error"


def test_allow_unsupported_keeps_usage_errors():
    c = run(["--tp-szie", "2"], target="a3", allow_unsupported=True)
    assert only(c, "AM-E001").severity == "error" and c.exit_code == 2


# --- engine capability layer ------------------------------------------------------------------------------------

def test_engine_layer_is_off_by_default():
    assert run(["--enable-lora", "--max-lora-rank", "8", "--lora-target-modules", "all"], target="cpu").findings == []


def test_unimplemented_flag():
    c = run(["--enable-lora", "--max-lora-rank", "8", "--lora-target-modules", "all"], target="cpu", engine="argmatrix")
    f = next(f for f in by_code(c, "AM-E501") if f.field == "enable_lora")
    assert (f.severity, f.kind, f.field, f.source) == ("error", "engine", "enable_lora", "argv[0]")
    assert "--allow-unimplemented" in f.hint.en
    assert c.exit_code == 1
    lenient = run(["--enable-lora", "--max-lora-rank", "8", "--lora-target-modules", "all"], target="cpu", engine="argmatrix",
                  allow_unimplemented=True)
    assert {f.severity for f in by_code(lenient, "AM-E501")} == {"warning"} and lenient.exit_code == 0


def test_inert_flag_is_a_note():
    c = run(["--disable-overlap-schedule"], target="cpu", engine="argmatrix")
    f = only(c, "AM-N503")
    assert f.severity == "note" and "overlap" in f.message.en
    assert c.exit_code == 0


def test_wired_choice_with_an_unimplemented_value():
    c = run(["--schedule-policy", "dfs-weight"], target="cpu", engine="argmatrix")
    f = only(c, "AM-E502")
    assert f.severity == "error" and f.value == "dfs-weight" and "fcfs, lpm, random, lof" in f.message.en
    assert c.exit_code == 1
    # AM-N505 (a path with no passing recorded run on the target) depends on engine_runs.json, not on this flag
    assert [f for f in run(["--schedule-policy", "lpm"], target="cpu", engine="argmatrix").findings
            if f.code != "AM-N505"] == []
    assert only(run(["--schedule-policy", "dfs-weight"], target="cpu", engine="argmatrix", allow_unimplemented=True),
                "AM-E502").severity == "warning"


def test_engine_ignores_flags_left_at_their_default():
    assert codes(run(["--enable-lora", "false", "--tp-size", "1"], target="cpu", engine="argmatrix", releases={"sglang": None})) == []
