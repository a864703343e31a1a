"""Platform column facts read from SGLang's own sources: what its Xeon CI launches on CPU hosts, and which values
SGLang added after the Ascend feature table listed an argument's values."""
from __future__ import annotations

import json
from pathlib import Path

from argmatrix.compiler.compile import CompileOptions
from argmatrix.compiler.compile import compile as compile_launch
from argmatrix.matrix.platforms import PLATFORMS
from argmatrix.matrix.platforms.ascend_newer_values import NEWER_THAN_NARROWED_ROW, NEWER_THAN_TABLE, RELEASE
from argmatrix.matrix.platforms.ascend_table import ASCEND_TABLE
from argmatrix.matrix.platforms.cpu import CPU_CI_LAUNCHES, CPU_NEEDS
from argmatrix.matrix.status import Status
from argmatrix.schema.registry import FLAGS, SPECS
from argmatrix.schema.release_dates import VALUES_INTRODUCED
from argmatrix.schema.releases import OLDEST

FIXTURES = Path(__file__).parents[1] / "fixtures"
SUPPORTED_LABELS = ("A2, A3",)


def _codes(argv, target, **kw):
    return sorted(f.code for f in compile_launch(argv, CompileOptions(target=target, env={}, **kw)).findings)


def test_values_newer_than_the_ascend_table_are_found_by_comparing_the_page_with_the_release():
    """Every row the page marks supported, lists a closed value set for, and the table does not narrow: the
    release's parser choices the page does not list."""
    page = json.loads((FIXTURES / "seed001.json").read_text(encoding="utf-8"))
    release = json.loads((FIXTURES / f"sglang-{RELEASE}.json").read_text(encoding="utf-8"))
    choices = {f["dest"]: f["choices"] for f in release["flags"] if f.get("choices")}
    found: dict[str, tuple[str, ...]] = {}
    for row in page:
        text = row["options"]
        name = FLAGS.get(row["flags"][0])
        if (name is None or row["label"] not in SUPPORTED_LABELS or text.startswith("Type") or "bool" in text.lower()
                or name not in choices or ASCEND_TABLE[name].options is not None):
            continue
        listed = {v.strip() for v in text.replace("\n", " ").split(",")}
        newer = tuple(str(c) for c in choices[name] if str(c) not in listed)
        if newer:
            found[name] = newer
    assert found == NEWER_THAN_TABLE


def test_a_newer_value_is_unverified_on_a2_and_a3_and_supported_elsewhere():
    argv = ["--model-path", "m", "--radix-eviction-policy", "slru"]
    for chip in ("a2", "a3"):
        assert PLATFORMS[chip].cell(SPECS["radix_eviction_policy"]).status is Status.SUPPORTED
        assert PLATFORMS[chip].value_cell(SPECS["radix_eviction_policy"], "slru").status is Status.UNVERIFIED
        assert "AM-W108" in _codes(argv, chip)
        assert "AM-W108" not in _codes(["--model-path", "m", "--radix-eviction-policy", "lfu"], chip)
    assert "AM-W108" not in _codes(argv, "cuda")
    assert compile_launch(argv, CompileOptions(target="a3", env={}, strict=True)).exit_code == 1  # --strict: unverified is an error


def test_a_value_newer_than_a_narrowed_row_is_dated_after_the_oldest_release_and_unverified_on_ascend():
    for name, values in NEWER_THAN_NARROWED_ROW.items():
        assert ASCEND_TABLE[name].options is not None, name  # only rows the table narrows need the list
        dated = {v: r for r, vs in VALUES_INTRODUCED.get(name, {}).items() for v in vs}
        for value, where in values.items():
            assert value not in ASCEND_TABLE[name].options and dated.get(value, OLDEST) != OLDEST, (name, value)
            assert f"since {dated[value]}" in where and "npu" in where, (name, value, where)
    argv = ["--model-path", "m", "--speculative-algorithm", "DSPARK"]
    for chip in ("a2", "a3"):
        assert "AM-W108" in _codes(argv, chip) and "AM-E105" not in _codes(argv, chip)
        # a value the table's time had and the table leaves out stays refused; UNO is CUDA-only in SGLang's code
        assert "AM-E105" in _codes(["--model-path", "m", "--speculative-algorithm", "EAGLE"], chip)
        assert "AM-E105" in _codes(["--model-path", "m", "--speculative-algorithm", "UNO"], chip)


def test_what_sglangs_xeon_ci_launches_is_supported_on_the_cpu_column():
    cpu = PLATFORMS["cpu"]
    for name, launch in CPU_CI_LAUNCHES.items():
        assert name not in CPU_NEEDS, name
        assert cpu.cell(SPECS[name]).status is Status.SUPPORTED, (name, launch)
    # test_intel_amx_attention_backend_a.py TestDPAttention, and test_cpu_graph.py in 0.5.23's spelling
    dp = ["--model-path", "m", "--trust-remote-code", "--disable-radix-cache", "--attention-backend", "intel_amx",
          "--mem-fraction-static", "0.1", "--disable-overlap-schedule", "--tp", "2", "--enable-dp-attention",
          "--dp", "2"]
    assert not [c for c in _codes(dp, "cpu") if c.startswith("AM-E")]
    # (its --batch-size is bench_one_batch's, not the server's)
    graph = ["--model-path", "m", "--mem-fraction-static", "0.05", "--enable-torch-compile",
             "--torch-compile-max-bs", "2", "--cuda-graph-bs-decode", "2"]
    assert not [c for c in _codes(graph, "cpu") if c.startswith("AM-E")]
