"""tools/sglang_check_sites.py on a small made-up wheel: what counts as a site, the guard, the fields, the
model flag, and a deterministic file (no SGLang install needed)."""
from __future__ import annotations

import importlib.util
import json
import textwrap
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "sglang_check_sites.py"


@pytest.fixture(scope="module")
def tool():
    spec = importlib.util.spec_from_file_location("sglang_check_sites", TOOL)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _wheel(tmp_path: Path) -> Path:
    srt = tmp_path / "sglang" / "srt"
    (srt / "arg_groups" / "fields").mkdir(parents=True)
    (tmp_path / "sglang" / "_version.py").write_text("__version__ = version = '9.9.9'\n")
    (srt / "arg_groups" / "fields" / "par.py").write_text(textwrap.dedent('''
        class Par:
            tp_size: int = 1
            pp_size: int = 1
            chunked_prefill_size: int = 0
            _private: int = 0
    '''))
    (srt / "server_args.py").write_text("def check(self):\n    assert self.tp_size > 0, 'tp'\n")
    (srt / "arg_groups" / "hook.py").write_text(textwrap.dedent('''
        def handle(server_args, model_type):
            cfg = resolving_view(server_args)
            if cfg.pp_size > 1:
                if cfg.tp_size % 2:
                    raise ValueError("odd tp with pp")
            else:
                assert cfg.tp_size < 64, "too wide"
            if model_type == "x" and cfg.tp_size > 1:
                raise ValueError("model x")
            if cfg.chunked_prefill_size > 0:
                logger.warning("chunked prefill is turned off")
                declare_resolution(server_args, "why", chunked_prefill_size=-1)
            if cfg.pp_size > 2:
                logger.warning("only a warning, nothing replaced")

        def fill(view):
            if view.tp_size == 3:
                logger.warning("three becomes four")
                return {"tp_size": 4}
            return {}
    '''))
    return srt


def test_sites_guards_fields_and_model_flag(tool, tmp_path):
    data = tool.read_sites(_wheel(tmp_path))
    assert data["release"] == "9.9.9"
    by_line = {(s["file"], s["line"]): s for s in data["sites"]}
    assert [(s["file"], s["line"], s["kind"]) for s in data["sites"]] == [
        ("arg_groups/hook.py", 6, "raise"), ("arg_groups/hook.py", 8, "assert"), ("arg_groups/hook.py", 10, "raise"),
        ("arg_groups/hook.py", 12, "override"), ("arg_groups/hook.py", 19, "override"), ("server_args.py", 2, "assert")]
    odd = by_line[("arg_groups/hook.py", 6)]
    assert odd["condition"] == "(cfg.pp_size > 1) and (cfg.tp_size % 2)" and odd["block_line"] == 5
    assert odd["reads"] == ["pp_size", "tp_size"] and odd["function"] == "handle" and not odd["model_dependent"]
    assert by_line[("arg_groups/hook.py", 8)]["condition"] == "not (cfg.pp_size > 1)"
    assert by_line[("arg_groups/hook.py", 8)]["test"] == "cfg.tp_size < 64"
    assert by_line[("arg_groups/hook.py", 10)]["model_dependent"]  # a parameter named after the model type
    assert by_line[("arg_groups/hook.py", 12)]["writes"] == ["chunked_prefill_size"]
    assert by_line[("arg_groups/hook.py", 19)]["writes"] == ["tp_size"]  # a returned dict of fields
    assert data["counts"] == {"sites": 6, "by_kind": {"raise": 2, "assert": 2, "override": 2}, "model_dependent": 1,
                              "by_file": {"arg_groups/hook.py": {"raise": 2, "assert": 1, "override": 2},
                                          "server_args.py": {"raise": 0, "assert": 1, "override": 0}}}


def test_the_file_is_the_same_on_every_run(tool, tmp_path):
    root = _wheel(tmp_path)
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert tool.main(["--root", str(root), "--out", str(a)]) == 0
    assert tool.main(["--root", str(root), "--out", str(b)]) == 0
    assert a.read_bytes() == b.read_bytes() and json.loads(a.read_text())["tool"] == "tools/sglang_check_sites.py"


def test_a_root_that_is_no_wheel_is_a_clear_error(tool, tmp_path):
    with pytest.raises(SystemExit, match=r"no server-args fields found under"):
        tool.read_sites(tmp_path)
