"""One verdict per flag: ``check-config --engine``, ``serve`` and a programmatic ``Engine(...)`` agree.

The engine table (``argmatrix.matrix.engine``) is read in one place, the compiler's engine check; these
tests enumerate it and ask all three front doors.  Nothing here loads a model: refusals come first.
"""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from argmatrix.cli.app import app
from argmatrix.compiler import compile
from argmatrix.matrix.engine import CAPABILITIES, WIRED
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
    checked = compile(argv, target="cpu", env={}, engine=True)
    codes = sorted({f.code for f in checked.errors if f.kind == "engine"})
    assert codes in (["AM-E501"], ["AM-E502"]), checked.findings

    served = CliRunner().invoke(app, ["serve", "--target", "cpu", "--", *argv])
    assert served.exit_code == 1 and codes[0] in served.output

    with pytest.raises(EngineRefused) as err:
        Engine(ServerArgs(model_path=str(tmp_path), **{name: value}), device="cpu")
    assert sorted({f.code for f in err.value.findings}) == codes


def test_allow_unimplemented_starts_and_lists_what_is_ignored(tmp_path):
    from argmatrix.runtime.engine_config import EngineConfig

    compiled = compile(["--model-path", str(tmp_path), "--pp-size", "2"], target="cpu", env={}, engine=True,
                       allow_unimplemented=True)
    assert compiled.ok and [f.code for f in compiled.warnings] == ["AM-E501"]
    assert EngineConfig.from_compiled(compiled).ignored == ("pp_size",)


def test_engine_defaults_come_from_the_platform(tmp_path):
    from argmatrix.matrix.platforms import PLATFORMS
    from argmatrix.runtime.engine_config import EngineConfig

    cfg = EngineConfig.from_compiled(compile(["--model-path", str(tmp_path)], target="cpu", env={}, engine=True))
    cpu = PLATFORMS["cpu"].engine_defaults
    assert (cfg.chunked_prefill_size, cfg.mem_fraction_static, cfg.default_max_running_requests) == (
        cpu["chunked_prefill_size"], cpu["mem_fraction_static"], cpu["max_running_requests"])
    assert cfg.page_size == 1 and cfg.device == "cpu"
