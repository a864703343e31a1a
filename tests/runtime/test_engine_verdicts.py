"""One verdict per flag: ``check-config --engine``, ``serve`` and a programmatic ``Engine(...)`` agree.

The engine table (``argmatrix.matrix.engine``) is read in one place, the compiler's engine check; these
tests enumerate it and ask all three front doors.  Nothing here loads a model: refusals come first.
"""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from argmatrix.cli.app import app
from argmatrix.compiler import CompileOptions, compile
from argmatrix.matrix.engine import CAPABILITIES, WIRED
from argmatrix.matrix.platforms import PLATFORMS
from argmatrix.runtime.engine import Engine, EngineRefused
from argmatrix.schema import SPECS, ServerArgs


def _unimplemented_values() -> list[tuple[str, object]]:
    """Every closed-choice value the engine table says is not implemented, plus unlisted flags set to a value."""
    out = []
    for name, cap in CAPABILITIES.items():
        if cap.status == WIRED and cap.options is not None and SPECS[name].choices:
            out += [(name, v) for v in SPECS[name].choices if v not in cap.options and name != "device"]
    out += [("pp_size", 2), ("enable_lora", True), ("speculative_algorithm", "EAGLE")]
    return out


CASES = _unimplemented_values()


def test_the_cases_cover_the_known_disagreement():
    assert ("schedule_policy", "dfs-weight") in CASES and ("schedule_policy", "priority") in CASES


@pytest.mark.parametrize("name, value", CASES, ids=[f"{n}={v}" for n, v in CASES])
def test_every_front_door_refuses_the_same_way(name, value, tmp_path):
    flag = SPECS[name].flag
    argv = ["--model-path", str(tmp_path), flag] + ([] if value is True else [str(value)])
    checked = compile(argv, CompileOptions(target="cpu", env={}, engine="argmatrix"))
    codes = sorted({f.code for f in checked.errors if f.kind == "engine"})
    assert codes in (["AM-E501"], ["AM-E502"]), checked.findings

    served = CliRunner().invoke(app, ["serve", "--target", "cpu", "--", *argv])
    assert served.exit_code == 1 and codes[0] in served.output

    with pytest.raises(EngineRefused) as err:
        Engine(ServerArgs(model_path=str(tmp_path), **{name: value}), device="cpu")
    assert sorted({f.code for f in err.value.findings}) == codes


def test_allow_unimplemented_starts_and_lists_what_is_ignored(tmp_path):
    from argmatrix.runtime.engine_config import EngineConfig

    compiled = compile(["--model-path", str(tmp_path), "--pp-size", "2"],
        CompileOptions(target="cpu", env={}, engine="argmatrix", allow_unimplemented=True))
    assert compiled.ok and [f.code for f in compiled.warnings] == ["AM-E501"]
    assert EngineConfig.from_compiled(compiled).ignored == ("pp_size",)


ENGINE_DEFAULT_FIELDS = ("chunked_prefill_size", "mem_fraction_static", "max_running_requests")


def _engine_defaults_seen(platform: str, tmp_path, *argv: str) -> tuple:
    """(chunk, fraction, running cap, derived running for a large pool, device) the engine is configured with."""
    from argmatrix.runtime.engine_config import EngineConfig

    cfg = EngineConfig.from_compiled(compile(["--model-path", str(tmp_path), *argv],
        CompileOptions(target=platform, env={}, engine="argmatrix")))
    return (cfg.chunked_prefill_size, cfg.mem_fraction_static, cfg.default_max_running_requests,
            cfg.derived_max_running(1 << 30), cfg.device)


def test_platform_engine_defaults_differ_from_the_cpu_ones():
    """Otherwise the test below could not tell a platform's defaults from the CPU's."""
    assert {"a2", "a3", "310p", "a5", "cuda", "cpu"} <= set(PLATFORMS)
    cpu = PLATFORMS["cpu"].engine_defaults
    for key, platform in PLATFORMS.items():
        if key != "cpu":
            assert all(platform.engine_defaults[f] != cpu[f] for f in ENGINE_DEFAULT_FIELDS), key


@pytest.mark.parametrize("platform", list(PLATFORMS))
def test_engine_defaults_come_from_the_platform(tmp_path, platform):
    """Each platform's engine defaults reach the engine when the user leaves the flags unset."""
    want = PLATFORMS[platform].engine_defaults
    device = PLATFORMS[platform].device_type
    chunk, fraction, cap, derived, seen_device = _engine_defaults_seen(platform, tmp_path)
    assert (chunk, fraction, cap, derived, seen_device) == (
        want["chunked_prefill_size"], want["mem_fraction_static"], want["max_running_requests"],
        want["max_running_requests"], device)


@pytest.mark.parametrize("platform", list(PLATFORMS))
def test_flags_the_user_sets_win_over_the_platform_engine_defaults(tmp_path, platform):
    chunk, fraction, *_ = _engine_defaults_seen(platform, tmp_path, "--chunked-prefill-size", "4096",
                                              "--mem-fraction-static", "0.5")
    assert (chunk, fraction) == (4096, 0.5)


# ---- where each verdict was run (matrix/engine_runs.json) ------------------------------------------------------

def test_every_wired_flag_names_a_path_whose_tests_exist():
    from pathlib import Path

    from argmatrix.matrix.engine import PATHS

    root = Path(__file__).parents[2]
    assert {cap.path for cap in CAPABILITIES.values() if cap.status == WIRED} <= set(PATHS)
    for key, path in PATHS.items():
        for target in path.tests:
            assert (root / target.partition("::")[0]).exists(), (key, target)


@pytest.fixture
def runs(monkeypatch):
    """A record of runs the test controls: append to it with ``runs.append(Run(...))``."""
    from argmatrix.matrix import engine_runs

    recorded: list = []
    monkeypatch.setattr(engine_runs, "load", lambda path=None: tuple(recorded))
    return recorded


def _run(family: str, path: str, result: str = "passed"):
    from argmatrix.matrix.engine_runs import Run

    return Run(family, "test device", 2, "2.13.0", "2026-01-02", (path,), "python -m pytest tests/x.py", result,
               "abc1234", passed=3, failed=int(result == "failed"))


def test_a_verdict_comes_from_the_runs_not_from_the_table(runs):
    from argmatrix.matrix import engine

    assert [v.state for v in engine.where_run("page_size")] == [engine.NEVER_RUN] * 3
    runs.append(_run("cpu", "core"))
    runs.append(_run("gpu", "core", "failed"))
    assert [v.state for v in engine.where_run("page_size")] == [engine.PASSED, engine.FAILED, engine.NEVER_RUN]
    text = engine.where_run_text("page_size")
    assert "tested on CPU (2026-01-02, commit abc1234: python -m pytest tests/x.py: passed (3 passed))" in text.en
    assert "已在 CPU 上测试（2026-01-02，提交 abc1234：“python -m pytest tests/x.py”通过（3 项通过））" in text.zh
    assert "failed on CUDA" in text.en and "1 failed" in text.en and "1 项失败" in text.zh
    assert "implemented for Ascend, never run there" in text.en and "昇腾上已实现，但从未运行" in text.zh
    runs.append(_run("gpu", "core"))                        # the latest run of a path on a family counts
    assert engine.where_run("page_size")[1].state == engine.PASSED
    assert engine.where_run("attention_backend") is None     # inert: no path


def test_decode_graphs_have_no_effect_on_cpu_and_say_where_they_ran(runs):
    from argmatrix.matrix import engine

    runs.append(_run("cpu", "decode_graphs"))
    cpu, cuda, ascend = engine.where_run("cuda_graph_max_bs_decode")
    assert cpu.state == engine.NO_EFFECT and cpu.run is not None and "fake graph backend" in cpu.reason.en
    assert cuda.state == ascend.state == engine.NEVER_RUN


def test_check_config_notes_a_path_never_run_on_the_target(runs, tmp_path):
    argv = ["--model-path", str(tmp_path), "--cuda-graph-max-bs-decode", "8"]
    notes = [f for f in compile(argv, CompileOptions(target="cuda", env={}, engine="argmatrix")).findings if f.code == "AM-N505"]
    assert {f.field for f in notes} == {"model_path", "cuda_graph_max_bs_decode"}
    assert all("CUDA" in f.message.en and "CUDA" in f.message.zh for f in notes)
    runs.append(_run("gpu", "decode_graphs"))
    notes = [f for f in compile(argv, CompileOptions(target="cuda", env={}, engine="argmatrix")).findings if f.code == "AM-N505"]
    assert [f.field for f in notes] == ["model_path"]
    on_cpu = compile(argv, CompileOptions(target="cpu", env={}, engine="argmatrix"))
    assert [f.field for f in on_cpu.findings if f.code == "AM-N503"] == ["cuda_graph_max_bs_decode"]


def test_explain_says_where_the_engine_path_ran(runs):
    runs.append(_run("cpu", "decode_graphs"))
    for lang, words in (("en", ("where it ran", "never run")), ("zh", ("运行情况", "从未运行"))):
        out = CliRunner().invoke(app, ["explain", "--cuda-graph-max-bs-decode", "--lang", lang], env={"COLUMNS": "400"})
        assert out.exit_code == 0 and all(w in out.output for w in words), out.output


def test_check_config_engine_shows_where_it_ran(runs, tmp_path):
    out = CliRunner().invoke(app, ["check-config", "--engine", "argmatrix", "--target", "cuda", "--", "--model-path",
                                   str(tmp_path), "--cuda-graph-max-bs-decode", "8"], env={"COLUMNS": "400"})
    assert "AM-N505" in out.output and "never run" in out.output, out.output


# ---- wired flags a launch makes inert (InertWhen) ---------------------------------------------------------------

SAMPLE = {"cuda_graph_bs": [8, 16], "cuda_graph_bs_decode": [8, 16], "cuda_graph_max_bs": 8,
          "cuda_graph_max_bs_decode": 8, "torch_compile_max_bs": 16, "cuda_graph_backend_decode": "disabled"}
CONDITIONAL = [(name, cond) for name, cap in CAPABILITIES.items() for cond in cap.inert_when]


def _changed(name):
    spec = SPECS[name]
    return SAMPLE[name] if name in SAMPLE else (not spec.default if spec.type_label == "bool" else None)


def test_the_conditions_cover_graphs_and_compile_under_tensor_parallel():
    names = {n for n, _ in CONDITIONAL}
    assert {"enable_torch_compile", "torch_compile_max_bs", "cuda_graph_max_bs_decode", "cuda_graph_bs"} <= names
    assert all(_changed(n) not in (None, SPECS[n].default) for n in names)


@pytest.mark.parametrize("name, cond", CONDITIONAL, ids=[f"{n}-{c.field}" for n, c in CONDITIONAL])
def test_a_condition_that_holds_is_a_warning_and_an_error_under_strict(name, cond, tmp_path):
    base = {"model_path": str(tmp_path), name: _changed(name)}
    for strict, severity in ((False, "warning"), (True, "error")):
        held = compile(None, CompileOptions(overrides={**base, cond.field: cond.above + 1}, target="cuda", env={},
                                            engine="argmatrix", strict=strict))
        found = [f for f in held.findings if f.code == "AM-W504"]
        assert [(f.field, f.severity) for f in found] == [(name, severity)], held.findings
        assert f"{SPECS[cond.field].flag} {cond.above + 1}" in found[0].message.en
        assert f"{SPECS[cond.field].flag} 为 {cond.above + 1}" in found[0].message.zh
    quiet = compile(None, CompileOptions(overrides={**base, cond.field: cond.above}, target="cuda", env={},
                                         engine="argmatrix"))
    assert not [f for f in quiet.findings if f.code == "AM-W504"]


def test_check_config_reports_torch_compile_under_tensor_parallel():
    argv = ["check-config", "--engine", "argmatrix", "--target", "cpu", "--", "--tp-size", "2", "--enable-torch-compile",
            "--model-path", "m"]
    out = CliRunner().invoke(app, argv, env={"COLUMNS": "400"})
    assert "AM-W504" in out.output and "--enable-torch-compile has no effect" in out.output, out.output
    assert "no problems found" not in out.output
    strict = CliRunner().invoke(app, argv[:1] + ["--strict"] + argv[1:], env={"COLUMNS": "400"})
    assert strict.exit_code == 1 and "AM-W504" in strict.output


def test_the_engine_logs_the_same_findings(tmp_path):
    """The engine's log line under tensor parallel repeats the engine check's AM-W504 messages: one source."""
    from argmatrix.runtime.engine_config import EngineConfig

    compiled = compile(["--model-path", str(tmp_path), "--tp-size", "2", "--enable-torch-compile"],
        CompileOptions(target="cpu", env={}, engine="argmatrix"))
    cfg = EngineConfig.from_compiled(compiled)
    assert [f.field for f in compiled.findings if f.code == "AM-W504"] == ["enable_torch_compile"]
    assert len(cfg.no_effect_here) == 1 and "--enable-torch-compile has no effect" in cfg.no_effect_here[0]


def test_engine_config_has_no_defaults_of_its_own():
    """Every field comes from from_compiled (the schema's and the platform's defaults), never from the class."""
    import dataclasses

    from argmatrix.runtime.engine_config import EngineConfig

    assert [f.name for f in dataclasses.fields(EngineConfig)
            if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING] == []
