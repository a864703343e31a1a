"""Messages people can act on: only the target's values, one finding per cause, fixes that say what to write."""
from __future__ import annotations

import pytest

from argmatrix.matrix.platforms import PLATFORMS
from argmatrix.matrix.platforms.values import TEST_ONLY_VALUES
from argmatrix.schema import SPECS

from .helpers import codes, only, run


@pytest.mark.parametrize("target", ["a2", "a3"])
def test_pp_size_2_on_npu_is_one_error_with_one_fix(target):
    c = run(["--pp-size", "2"], target=target)
    assert codes(c) == ["AM-E201"]  # not also "experimental" with a contradicting fix
    assert "--pp-size 1" in c.findings[0].hint.en
    # another pipeline size is still experimental: the warning keeps the flag
    w = only(run(["--pp-size", "4"], target=target), "AM-W103")
    assert "remove" not in w.hint.en and "去掉" not in w.hint.zh


def test_test_only_values_are_never_listed_or_suggested():
    for name, values in TEST_ONLY_VALUES.items():
        for platform in PLATFORMS.values():
            offered = platform.offered(SPECS[name]) or ()
            assert not set(values) & set(offered), (name, platform.key)
    f = only(run(["--ep-dispatch-algorithm", "fak"], target="a3"), "AM-E010")
    assert "fake" not in f.hint.en and "fake" not in f.hint.zh
    assert f.hint.en == "choose one of the values allowed on A3: static, dynamic"
    # still accepted where the table allows it: a test-only value is valid input, just never offered
    assert run(["--ep-dispatch-algorithm", "fake"], target="a3").findings == []


def test_a_value_outside_the_type_lists_the_targets_values_only():
    f = only(run(["--attention-backend", "ascnd"], target="a3"), "AM-E010")
    assert f.hint.en == "use --attention-backend ascend (the only value allowed on A3)"
    f = only(run(["--attention-backend", "flashinfr"], target="cuda"), "AM-E010")
    assert f.hint.en.startswith("use --attention-backend flashinfer (allowed on CUDA: ")
    for foreign in ("ascend", "aiter", "wave", "intel_amx", "intel_xpu"):
        assert foreign not in f.hint.en.replace("flashinfer", "")
    assert "in all: argmatrix explain --attention-backend" in f.hint.en  # a long list is cut, never all of it


def test_mindspore_is_an_npu_only_model_implementation():
    assert run(["--model-impl", "mindspore"], target="a3").findings == []
    assert run(["--model-impl", "mindspore"], target="a2").findings == []
    for target in ("cuda", "cpu"):
        f = only(run(["--model-impl", "mindspore"], target=target), "AM-E105")
        assert "mindspore" not in f.hint.en


@pytest.mark.parametrize("flag, value", [("--tool-call-parser", "qwen25"), ("--tool-call-parser", "deepseekv3"),
                                         ("--reasoning-parser", "kimi_k2"), ("--reasoning-parser", "minimax")])
def test_parsers_are_never_a_hardware_error(flag, value):
    for target in PLATFORMS:
        assert not [f for f in run([flag, value], target=target).findings if f.kind == "support"], target


@pytest.mark.parametrize("argv, en, zh, fix_zh", [
    (["--mem-fraction-static", "1.5"], "must be ≤ 1 (got 1.5)", "取值须 ≤ 1（当前 1.5）", "请写不大于 1 的数"),
    (["--tp-size", "x"], "'x' is not a whole number", "“x”不是整数", "请写整数，例如 --tp-size 1"),
    (["--max-mamba-cache-size", "0"], "must be ≥ 1 (got 0)", "取值须 ≥ 1（当前 0）", "请写不小于 1 的数"),
    (["--mamba-max-states-per-path", "0"], "0 is not allowed", "不允许取 0", "请用 -1 表示不设上限，或写正数"),
    (["--chunked-prefill-size", "1.5K"], "a fraction cannot take the binary suffix K", "小数不能带二进制后缀 K",
     "请写整数，例如 2K"),
])
def test_validation_errors_say_the_value_and_what_to_write(argv, en, zh, fix_zh):
    f = only(run(argv, target="cuda"), "AM-E010")
    assert en in f.message.en and zh in f.message.zh
    assert f.hint.zh == fix_zh
    assert "Input should" not in f.message.en and "应为" not in f.hint.zh


def test_every_message_spells_a_flag_the_way_the_user_wrote_it(tmp_path):
    # an alias on the command line
    f = only(run(["--tp", "2", "--attn-cp-size", "4"], target="a3"), "AM-E236")
    assert "--tp 2" in f.message.en and "--tp-size" not in f.message.en + f.hint.en + f.message.zh + f.hint.zh
    # a config-file key, whichever spelling the file uses
    cfg = tmp_path / "deploy.yaml"
    cfg.write_text("tp-size: 2\nattn_cp_size: 4\n")
    f = only(run([], target="a3", config=str(cfg)), "AM-E236")
    assert f.message.en.startswith("tp-size 2") and "attn_cp_size" in f.message.en
    assert "--" not in f.message.en + f.hint.en + f.message.zh + f.hint.zh
    # an environment variable
    f = only(run([], target="cuda", env={"ARGMATRIX_MEM_FRACTION_STATIC": "1.5"}), "AM-E010")
    assert f.message.en.startswith("ARGMATRIX_MEM_FRACTION_STATIC 1.5")
    assert f.flag == "--mem-fraction-static"  # the structured field keeps the flag, for CI
    # a negation is not a spelling of the field: the message names the field's own flag
    f = only(run(["--disable-hicache"], target="cuda", releases={"sglang": "0.5.23"}), "AM-E111")
    assert "--enable-hierarchical-cache" in f.hint.en


def test_a_status_reason_never_repeats_the_status():
    f = only(run(["--moe-dp-size", "2"], target="a3"), "AM-E101")
    assert f.message.zh.count("规划") == 1, f.message.zh
    assert f.message.en.count("planned") == 1, f.message.en


def test_chinese_renderers_print_chinese_words():
    import io

    from rich.console import Console

    from argmatrix.cli import render
    from argmatrix.cli.server_help import server_flags_help
    from argmatrix.matrix.table import row

    c = run(["--pp-size", "2", "--tp-size", "x", "--enable-dp-attention"], target="a3", releases={"sglang": "0.5.23"})
    lines = ["".join(t for t, _ in line) for line in render.findings_lines(c, "zh")]
    assert lines[-1] == "2 个错误，1 个警告"
    assert lines[0].startswith("argmatrix check-config  目标平台：a3，Atlas A3（昇腾 910_93）")
    assert all("修复：" in line for line in lines if line.startswith("    修"))
    assert "".join(t for t, _ in render.findings_lines(c, "en")[-1]) == "2 errors, 1 warning"
    out = io.StringIO()
    render.explain_text(row(SPECS["pp_size"]), "zh", Console(file=out, width=200))
    text = out.getvalue()
    for english in ("experimental", "supported", "unimplemented", "runtime", "null", "default"):
        assert english not in text, english
    assert "◐ 实验特性" in text and "运行时选项" in text
    helped = server_flags_help("zh")
    assert "[default:" not in helped
    assert "--tool-call-parser  {" in helped and "[默认值：无]" in helped.split("--tool-call-parser  {")[1].split("\n    --")[0]


def test_the_value_tables_name_real_values():
    from argmatrix.matrix.platforms.values import HARDWARE_INDEPENDENT_CHOICES

    for name, values in TEST_ONLY_VALUES.items():
        assert set(values) <= set(SPECS[name].choices), name
    for name in HARDWARE_INDEPENDENT_CHOICES:
        assert SPECS[name].choices, name


def test_a_value_of_other_hardware_says_whose_it_is():
    f = only(run(["--model-impl", "mindspore"], target="cuda"), "AM-E105")
    assert f.message.en.endswith("it exists on Ascend NPUs only") and f.message.zh.endswith("它仅用于昇腾 NPU")
    f = only(run(["--attention-backend", "aiter"], target="cuda"), "AM-E105")
    assert f.message.en.endswith("it exists on AMD GPUs only")
    assert f.hint.en.startswith("choose one of the values allowed on CUDA")  # nothing spelled like it: no guess


def test_a_huge_bad_value_is_quoted_short_and_kept_whole():
    """AM-E010 quotes at most 80 characters of the value in its message (and says how long it is); the finding's
    value holds all of it."""
    from argmatrix.compiler import CompileOptions, compile

    value = "x" * 100_000
    found = [f for f in compile(["--model-path", "m", "--tp-size", value], CompileOptions(target="a3", env={})).findings
             if f.code == "AM-E010"]
    assert len(found) == 1 and found[0].value == value
    assert len(found[0].message.en) < 300 and "100,000 characters" in found[0].message.en
    assert len(found[0].message.zh) < 300
