"""Adding a chip is adding one object: a fake Ascend chip registered in PLATFORMS shows up in `matrix`,
`explain`, `check-config --target`, detection and the generated pages, with nothing else edited."""
from __future__ import annotations

import importlib.util
import json
from importlib.machinery import ModuleSpec
from types import SimpleNamespace

import pytest
from typer.testing import CliRunner

from argmatrix import records
from argmatrix.cli.app import app
from argmatrix.matrix.devices import GIB, DeviceFacts
from argmatrix.matrix.platforms import A5, PLATFORMS
from argmatrix.schema.meta import Text


@pytest.fixture
def a9(monkeypatch):
    from argmatrix.generate import common

    chip = records.replace(A5, key="a9", title=Text("Atlas A9 (Ascend 990)", "Atlas A9（昇腾 990）"),
                               short=Text("A9", "A9"), aliases=("990",), soc_patterns=(r"^ascend990",),
                               devices=DeviceFacts(8, 256 * GIB, ("bfloat16",), Text("a test chip", "测试用芯片")))
    monkeypatch.setitem(PLATFORMS, "a9", chip)
    common.rows_by_name.cache_clear()
    yield chip
    common.rows_by_name.cache_clear()


def cli(*args):
    return CliRunner().invoke(app, list(args), catch_exceptions=False)


def test_matrix_and_explain_show_the_new_column(a9):
    rows = json.loads(cli("matrix", "--format", "json").stdout)
    assert all("a9" in r["platforms"] for r in rows)
    tp = next(r for r in rows if r["name"] == "tp_size")["platforms"]["a9"]
    assert tp["status"] == "unverified" and "A9" in tp["reason"]["en"]
    assert "  A9 " in cli("explain", "--tp-size").stdout


def test_check_config_targets_it_by_key_and_alias(a9):
    for target in ("a9", "990"):
        r = cli("check-config", "--target", target, "--format", "json", "--", "--tp", "2", "--model-path", "m")
        data = json.loads(r.stdout)
        # --tp and --model-path are unverified on a chip without a table; the note: model checks skipped
        assert data["platform"] == "a9" and [f["code"] for f in data["findings"]] == ["AM-W108", "AM-W108", "AM-N700"]
        assert r.exit_code == 0


def test_detection_recognises_its_soc(a9, monkeypatch):
    from argmatrix.matrix.platforms import detect as detect_mod

    fake_torch = SimpleNamespace(npu=SimpleNamespace(is_available=lambda: True, device_count=lambda: 8))
    fake_npu = SimpleNamespace(npu=SimpleNamespace(get_device_name=lambda i: "Ascend990A"))
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a, **k: ModuleSpec(name, None) if name in ("torch", "torch_npu") else real(name))
    monkeypatch.setattr(detect_mod.importlib, "import_module",
                        lambda name: {"torch": fake_torch, "torch_npu": fake_npu}[name])
    assert detect_mod.detect().platform == "a9"


def test_the_generated_pages_have_the_column(a9):
    from argmatrix import generate

    files = generate.render_all()
    header = next(line for line in files["en/platform_matrix.md"].splitlines() if line.startswith("| Argument"))
    assert "A9" in header
    html = files["matrix.html"]
    assert '"a9"' in html and "Atlas A9" in html
