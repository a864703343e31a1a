"""Adding an engine is adding one object: a fake one shows up in every command and page that lists engines."""
from __future__ import annotations

import shlex

import pytest
from typer.testing import CliRunner

from argmatrix.cli.app import app
from argmatrix.compiler import CompileOptions, compile
from argmatrix.compiler.export import export
from argmatrix.matrix import engines
from argmatrix.matrix.engines.sglang import SGLANG, SglangEngine
from argmatrix.matrix.platforms.base import Platform
from argmatrix.matrix.status import Cell, Status
from argmatrix.schema.meta import Text
from argmatrix.schema.registry import ArgSpec

UNTESTED = Text("the fork has not been tried with this flag", "该分支尚未试过这个参数")


class ForkEngine(SglangEngine):
    """An SGLang fork: SGLang's flags, its own program, and a matrix where only the HTTP flags are known to work."""

    def cell(self, spec: ArgSpec, platform: Platform) -> Cell:
        return Cell(Status.SUPPORTED) if spec.group.key == "http" else Cell(Status.UNVERIFIED, UNTESTED)


FORK = ForkEngine("sgl-fork", Text("SGL fork", "SGL 分支"), "sglang", program=("sgl-fork", "serve"),
                  launchers=(("sgl-fork", "serve"),), spelling=SGLANG.spelling, releases=None,
                  description=Text("a fork of SGLang that takes its flags", "沿用 SGLang 参数的一个分支"))


@pytest.fixture
def fork():
    engines.register(FORK)
    yield FORK
    engines.unregister(FORK.key)


@pytest.fixture
def cli(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    runner = CliRunner()
    return lambda *args: runner.invoke(app, list(args), catch_exceptions=False)


def test_check_config_judges_by_the_new_engine(fork, cli):
    result = cli("check-config", "--target", "a3", "--engine", "sgl-fork", "--format", "json", "--",
                 "--model-path", "m", "--tp-size", "2", "--port", "9000")
    assert result.exit_code == 0
    import json

    data = json.loads(result.stdout)
    assert data["engine"] == "sgl-fork"
    found = [f for f in data["findings"] if f["code"] != "AM-N700"]  # N700: model checks skipped for a hub id
    assert {f["code"] for f in found} == {"AM-W108"}  # --tp-size untried; --port is HTTP
    assert all("not been tried" in f["message"]["en"] for f in found)


def test_a_pasted_launch_line_selects_it(fork):
    compiled = compile(["sgl-fork", "serve", "--model-path", "m", "--tp-size", "2"],
        CompileOptions(target="cuda", env={}))
    assert compiled.engine == "sgl-fork" and compiled.sources["tp_size"] == "argv[4]"


def test_explain_and_matrix_show_it(fork, cli):
    explained = cli("explain", "--tp-size", "--engine", "sgl-fork")
    assert explained.exit_code == 0 and "not been tried" in explained.stdout
    matrix = cli("matrix", "--engine", "sgl-fork", "--group", "http", "--format", "md")
    assert matrix.exit_code == 0 and "--host" in matrix.stdout and "unverified" not in matrix.stdout


def test_the_generated_engines_page_has_it(fork):
    from argmatrix.generate.engines_page import render

    for lang in ("en", "zh"):
        page = render(lang)
        assert "sgl-fork serve" in page and FORK.title(lang) in page


def test_export_writes_its_command(fork, cli):
    compiled = compile(["--model-path", "m", "--tp-size", "2"], CompileOptions(target="cuda", env={},
                                                                               engine="sgl-fork"))
    line = export(compiled, "sgl-fork").text
    assert (shlex.split(line)[:2] == ["sgl-fork", "serve"] and "--tp-size" in line) or "--tensor-parallel-size" in line
    result = cli("export", "--to", "sgl-fork", "--target", "cuda", "--", "--model-path", "m")
    assert result.exit_code == 0 and result.stdout.startswith("sgl-fork serve --model-path m")


def test_an_unknown_engine_is_unusable_input(cli):
    result = cli("check-config", "--engine", "nope", "--", "--model-path", "m")
    assert result.exit_code == 2 and "sglang, vllm, argmatrix" in result.stdout


def _one_to_one_rows():
    from argmatrix.compiler.translate import TABLE
    from argmatrix.schema.surface import SGLANG as SGLANG_ARGS
    from argmatrix.schema.surface import VLLM as VLLM_ARGS

    for row in TABLE:
        if len(row.vllm) == 1 and len(row.sglang) == 1 and row.to_sglang is None and row.to_vllm is None:
            yield VLLM_ARGS.specs[row.vllm[0]], SGLANG_ARGS.specs[row.sglang[0]]


DIFFERENT_DEFAULTS = [(v, s) for v, s in _one_to_one_rows() if v.default != s.default]


def test_some_translated_fields_have_different_defaults_in_the_two_engines():
    names = {v.name for v, _ in DIFFERENT_DEFAULTS}
    assert {"host", "port", "gpu_memory_utilization"} <= names, names


@pytest.mark.parametrize("vllm_spec, sglang_spec", DIFFERENT_DEFAULTS, ids=lambda s: s.name)
def test_a_value_set_to_one_engines_default_survives_export_to_the_other(vllm_spec, sglang_spec):
    """'Default' is the target engine's: a value the user wrote is never dropped for equalling the source's."""
    from argmatrix.schema.values import as_argv

    if sglang_spec.default is None or isinstance(sglang_spec.default, (bool, list, dict)):
        pytest.skip("no value to write back for an unset, switch or collection default")
    from_sglang = compile(["--model-path", "m", sglang_spec.flag, as_argv(sglang_spec.default)],
        CompileOptions(target="cuda", env={}))
    line = export(from_sglang, "vllm").text
    again = compile(shlex.split(line), CompileOptions(target="cuda", env={}))
    assert vllm_spec.name in again.user_set, line
    assert str(again.values[vllm_spec.name]) == str(sglang_spec.default), line


def test_vllm_host_and_port_survive_export_to_vllm():
    compiled = compile(["vllm", "serve", "m", "--host", "127.0.0.1", "--port", "30000"],
        CompileOptions(target="cuda", env={}))
    line = export(compiled, "vllm").text
    assert "--host 127.0.0.1" in line and "--port 30000" in line
    sglang_line = export(compiled, "sglang").text
    assert "--host 127.0.0.1" in sglang_line and "--port 30000" in sglang_line


def test_plan_reads_a_vllm_launch_as_vllms(cli):
    """plan sizes vLLM launches by vLLM's rules (tests/plan/test_vllm_plan.py); a model it cannot read is said."""
    result = cli("plan", "--target", "a3", "--", "vllm", "serve", "/m", "-tp", "2")
    assert result.exit_code == 0 and "AM-N700" in result.stdout and "/m" in result.stdout
