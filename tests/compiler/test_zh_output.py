"""Chinese from start to finish (issue 21): --help, usage errors, detect, serve's start-up messages and errors.

The help and usage-error tests run the console script in a subprocess: the Chinese help changes click's
formatter for the whole process, which must not leak into the other tests."""
from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest
import typer

from argmatrix.cli.help_zh import HELP_ZH, usage_error_zh
from argmatrix.cli.server_help import display_width, server_flags_help, wrap_display


def _argmatrix(*args: str, lang_env: str | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARGMATRIX_")}
    env.update(COLUMNS="100", LANG="C.UTF-8", LC_ALL="C.UTF-8", NO_COLOR="1", TERM="dumb")
    if lang_env:
        env["ARGMATRIX_LANG"] = lang_env
    return subprocess.run([sys.executable, "-m", "argmatrix", *args], capture_output=True, text=True, env=env,
                          timeout=120)


def _help_texts() -> set[str]:
    from argmatrix.cli.app import app

    out: set[str] = set()

    def walk(cmd) -> None:
        out.update(s for s in (cmd.help, cmd.short_help) if s)
        out.update(p.help for p in cmd.params if getattr(p, "help", None))
        for sub in (getattr(cmd, "commands", None) or {}).values():
            walk(sub)

    walk(typer.main.get_command(app))
    return out


def test_every_own_help_text_has_chinese():
    missing = sorted(_help_texts() - set(HELP_ZH))
    assert not missing, f"add these to argmatrix/cli/help_zh.py HELP_ZH: {missing}"


@pytest.mark.parametrize("argv", [
    ["--lang", "zh", "check-config", "--help"],      # before the command
    ["check-config", "--lang", "zh", "--help"],      # before --help
    ["check-config", "--help", "--lang=zh"],         # after --help
    ["--lang", "zh", "docs", "generate", "--help"],  # a command without --lang
])
def test_help_is_chinese_wherever_lang_stands(argv):
    r = _argmatrix(*argv)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("用法：argmatrix") and "选项：" in r.stdout and "显示本帮助后退出。" in r.stdout
    for english in ("Usage:", "Options", "Show this message", "[default:", "[required]"):
        assert english not in r.stdout


def test_help_from_the_environment_and_wrapped_by_display_width():
    r = _argmatrix("serve", "--help-all", lang_env="zh")
    assert r.returncode == 0 and "服务参数：" in r.stdout and "[默认值：" in r.stdout
    assert "先检查参数，再加载模型" in r.stdout
    wide = [line for line in r.stdout.splitlines() if display_width(line) > 100]
    assert not wide, wide[:3]


def test_usage_errors_in_chinese():
    r = _argmatrix("--lang", "zh", "export", "--", "--tp", "2")
    assert r.returncode == 2
    assert "用法：argmatrix export" in r.stderr and "错误：缺少选项 '--to'。" in r.stderr
    assert "Error" not in r.stderr and "Usage" not in r.stderr
    bad = _argmatrix("--lang", "zh", "check-config", "--devices-per-node", "x", "--", "--tp", "2")
    assert "'--devices-per-node' 的取值无效：'x' 不是整数。" in bad.stderr


def test_usage_error_patterns():
    assert usage_error_zh("No such option: --frmat") == "没有这个选项：--frmat"
    assert usage_error_zh("Invalid value for '--format': 'x' is not one of 'text', 'json'.") == \
        "'--format' 的取值无效：'x' 不在 'text', 'json' 之中。"
    assert usage_error_zh("something new") == "something new"  # unknown: as click wrote it


def test_help_texts_are_never_read_as_rich_markup():
    from rich.text import Text as RichText

    from argmatrix.cli.app import app
    from argmatrix.cli.help_zh import localize

    command = localize(typer.main.get_command(app), "en")
    option = next(p for p in command.commands["check-config"].params if p.name == "target")
    option.help = "Lengths drawn from [ratio x len, len]."
    localized = localize(command, "en")  # what rich renders: the text as written, brackets and all
    helps = [p.help for p in localized.commands["check-config"].params if p.name == "target"]
    assert RichText.from_markup(helps[0]).plain.endswith("[ratio x len, len].")


def test_chinese_server_help_fits_100_columns():
    for lang in ("en", "zh"):
        assert max(display_width(line) for line in server_flags_help(lang).splitlines()) <= 100


def test_wrap_by_display_width():
    lines = wrap_display("要加载的模型权重：本地目录，也可以是 Hugging Face 上的仓库名（如 Qwen/Qwen3-8B）。--model 为其别名。",
                         30, "  ")
    assert all(display_width(line) <= 30 for line in lines)
    assert "".join(line.strip() for line in lines).replace(" ", "") == \
        "要加载的模型权重：本地目录，也可以是HuggingFace上的仓库名（如Qwen/Qwen3-8B）。--model为其别名。"
    assert not any(line.strip()[0] in "，。；：）" for line in lines)  # punctuation never starts a line
    assert any("--model" in line for line in lines)  # a flag is never split


def test_detect_in_chinese():
    r = _argmatrix("detect", "--lang", "zh")
    assert r.returncode == 0 and r.stdout.startswith("平台：") and "依据：" in r.stdout
    assert "using" not in r.stdout and "how:" not in r.stdout


def test_check_config_detection_line_and_sources_in_chinese(tmp_path):
    config = tmp_path / "d.yaml"
    config.write_text("schedule_policy: bogus\n")
    r = _argmatrix("check-config", "--lang", "zh", "--config", str(config), "--", "--model-path", "m")
    assert "检测结果：" in r.stdout and "using cpu" not in r.stdout
    assert f"来源 配置文件 {config} 第 1 行" in r.stdout and "来源 命令行 argv[0]" in r.stdout


def test_start_up_errors_in_chinese_keep_brackets():
    from rich.console import Console

    from argmatrix.runtime.errors import EngineLoadError, bilingual
    from argmatrix.runtime.server.startup_text import print_error, say

    out = io.StringIO()
    console = Console(file=out, width=200, force_terminal=True)
    error = bilingual(EngineLoadError, "--device npu needs torch_npu: pip install 'argmatrix[npu]'",
                      "--device npu 需要 torch_npu：pip install 'argmatrix[npu]'")
    print_error(console, error, "zh")
    print_error(console, error, "en")
    text = out.getvalue()
    assert "错误：" in text and "pip install 'argmatrix[npu]'" in text and "需要 torch_npu" in text
    assert text.count("'argmatrix[npu]'") == 2
    assert say("serving", "zh", model="demo", url="http://h:1") == "已在 http://h:1 上提供 demo（OpenAPI：http://h:1/docs）"


def test_model_loader_errors_have_chinese():
    pytest.importorskip("torch")
    from argmatrix.runtime.errors import in_lang
    from argmatrix.runtime.model_loader import resolve_model_dir

    with pytest.raises(Exception) as caught:
        resolve_model_dir("/nonexistent/model", None)
    assert "目录不存在" in in_lang(caught.value, "zh") and "no such directory" in str(caught.value)


def test_explain_types_in_chinese():
    from rich.console import Console

    from argmatrix.cli import render
    from argmatrix.matrix.table import row
    from argmatrix.schema import SPECS

    out = io.StringIO()
    render.explain_text(row(SPECS["chunked_prefill_size"]), "zh", Console(file=out, width=200))
    assert "类型：整数（可写作 32k、1M）" in out.getvalue() and "accepts" not in out.getvalue()
    out = io.StringIO()
    render.explain_text(row(SPECS["stream_output"]), "zh", Console(file=out, width=200))
    # what SGLang 0.5.23 does with it, dated by a release (not by the Ascend page's snapshot, issue 19)
    assert "SGLang 0.5.23 不再接受 --stream-output" in out.getvalue() and "快照" not in out.getvalue()


def test_plain_help_is_short_and_help_all_lists_every_server_flag():
    """Issue 32: check-config --help was ~2,200 lines; the server flags' help is behind --help-all (and explain)."""
    for lang in ("en", "zh"):
        short = _argmatrix("check-config", "--help", lang_env=lang)
        full = _argmatrix("check-config", "--help-all", lang_env=lang)
        assert short.returncode == 0 and full.returncode == 0
        assert len(short.stdout.splitlines()) < 150 < 1500 < len(full.stdout.splitlines())
        assert "--help-all" in short.stdout and "explain" in short.stdout
        assert "--tp-size" not in short.stdout.split("--help-all")[-1]
        assert ("服务参数：" if lang == "zh" else "Server arguments:") in full.stdout


def test_chinese_help_uses_the_terminal_width_and_keeps_examples_whole():
    """Issue 32: the Chinese --help wrapped at about 80 columns, split command examples and began lines with ）."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARGMATRIX_")}
    env.update(COLUMNS="140", LANG="C.UTF-8", LC_ALL="C.UTF-8", NO_COLOR="1", TERM="dumb", ARGMATRIX_LANG="zh")
    for command in ("check-config", "launch", "export", "explain"):
        r = subprocess.run([sys.executable, "-m", "argmatrix", command, "--help"], capture_output=True, text=True,
                           env=env, timeout=120)
        widths = [display_width(line) for line in r.stdout.splitlines()]
        assert r.returncode == 0 and max(widths) <= 140, command
        assert not any(line.lstrip().startswith(("）", "，", "。", "；", "：")) for line in r.stdout.splitlines())
    assert max(widths) > 100  # explain's long option help uses the room there is
    quoted = "请运行“argmatrix explain --tp-size”查看 " + "很长的说明文字" * 6
    for width in range(30, 70):
        lines = wrap_display(quoted, width)
        assert any("“argmatrix explain --tp-size”" in line for line in lines), (width, lines)
