"""`argmatrix serve` checks the launch before it reads a single weight."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from argmatrix.cli.app import app


@pytest.fixture
def no_loading(monkeypatch):
    """Record any attempt to load weights or start the server."""
    import safetensors

    import argmatrix.runtime.model_loader as loader
    import argmatrix.runtime.server as server

    calls = []

    def refuse(name):
        def call(*args, **kwargs):
            calls.append(name)
            raise AssertionError(f"{name} called")
        return call

    monkeypatch.setattr(loader, "load_model", refuse("load_model"))
    monkeypatch.setattr(safetensors, "safe_open", refuse("safe_open"))
    monkeypatch.setattr(server, "run_server", refuse("run_server"), raising=False)
    return calls


def serve(*argv):
    return CliRunner().invoke(app, ["serve", "--target", "cpu", "--model-path", "/models/demo", *argv])


@pytest.mark.parametrize("flag,code", [("--enable-two-batch-overlap", "AM-E102"),  # needs collectives: not on a CPU
                                       ("--enable-dp-attention", "AM-E501"),     # SGLang runs it on a CPU; we do not
                                       ("--enable-lora", "AM-E501"),             # allowed here, not in this engine
                                       ("--schedule-policy=dfs-weight", "AM-E502"),
                                       ("--tp-szie=2", "AM-E001")])
def test_refused_before_any_weight_is_read(no_loading, flag, code):
    result = serve(flag)
    assert result.exit_code == (2 if code == "AM-E001" else 1)
    assert code in result.output
    assert no_loading == []


def test_planned_flag_on_an_npu_target_is_refused(no_loading):
    result = CliRunner().invoke(app, ["serve", "--target", "a3", "--model-path", "m", "--enable-two-batch-overlap"])
    assert result.exit_code == 1 and "AM-E101" in result.output and no_loading == []


def test_allow_unimplemented_goes_on_to_serve(monkeypatch):
    import argmatrix.runtime.server as server

    seen = []
    monkeypatch.setattr(server, "run_server", lambda compiled, **_: seen.append(compiled) or 0, raising=False)
    result = serve("--enable-lora", "--max-lora-rank", "8", "--lora-target-modules", "all", "--allow-unimplemented")
    assert result.exit_code == 0, result.output
    assert "AM-E501" in result.output and "warning" in result.output
    assert seen and seen[0].args.enable_lora is True and seen[0].platform == "cpu"


def test_device_flag_chooses_the_column(monkeypatch):
    import argmatrix.runtime.server as server

    seen = []
    monkeypatch.setattr(server, "run_server", lambda compiled, **_: seen.append(compiled) or 0, raising=False)
    result = CliRunner().invoke(app, ["serve", "--model-path", "m", "--device", "cpu"])
    assert result.exit_code == 0, result.output
    assert seen[0].platform == "cpu"
