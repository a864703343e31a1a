"""The generated English Ascend page against seed 001, row by row, with every deviation listed and asserted."""
from __future__ import annotations

import json
from pathlib import Path

from argmatrix.generate import ascend_page
from argmatrix.generate.common import current_specs
from argmatrix.matrix.platforms.ascend_table import ASCEND_TABLE
from argmatrix.schema import FLAGS
from argmatrix.schema.releases import VALUES_INTRODUCED

from ._md import compare, listed_deviations, norm_options, page_rows, tables

EN = "en/ascend_npu_support_features.md"
RELEASE_FLAGS = [e for release in ("0.5.9", "0.5.23") for e in json.loads(
    (Path(__file__).resolve().parents[1] / "fixtures" / f"sglang-{release}.json").read_text(encoding="utf-8"))["flags"]]
ZH = "zh/ascend_npu_support_features.md"


def _key(flag: str, column: str, seed: str, generated: str) -> tuple[str, str, str, str]:
    if column == "options":
        return flag, column, norm_options(seed), norm_options(generated)
    return flag, column, seed, generated


def _newer_values(flag: str, seed: str, generated: str) -> bool:
    """The page lists every value a release's own parser takes: values the seed table missed are not deviations."""
    old, new = set(norm_options(seed).split()), set(norm_options(generated).split())
    added = {v for by in VALUES_INTRODUCED.get(FLAGS[flag], {}).values() for v in by}
    added |= {str(v) for e in RELEASE_FLAGS if flag in e["flags"] for v in (e.get("choices") or ())}
    return old <= new and bool(new - old) and (new - old) <= added


def test_every_difference_from_seed_001_is_a_listed_deviation(files, seed001):
    # a flag newer than the Ascend table is on the page as unverified: that gap is the table's, not a deviation
    newer = {f for f, name in FLAGS.items() if name not in ASCEND_TABLE}
    actual = {_key(*d) for d in compare(seed001, page_rows(files[EN]))
              if not (d[0] in newer and d[1:] == ("row", "absent", "present"))
              and not (d[1] == "options" and _newer_values(d[0], d[2], d[3]))}
    listed = {_key(d["flag"], d["column"], d["seed"], d["generated"]) for d in listed_deviations()}
    assert not actual - listed, "differences from seed 001 not listed in docs/deviations.md:\n" + "\n".join(
        map(repr, sorted(actual - listed)))
    assert not listed - actual, "docs/deviations.md lists differences that no longer occur:\n" + "\n".join(
        map(repr, sorted(listed - actual)))


def test_every_deviation_has_a_reason():
    rows = listed_deviations()
    assert rows
    for d in rows:
        assert len(d["reason"]) > 20, d


def test_the_write_policy_default_is_the_one_an_npu_user_gets(files, seed001):
    row = next(r for r in page_rows(files[EN]) if r["flags"][0] == "--hicache-write-policy")
    seed = next(r for r in seed001 if r["flags"][0] == "--hicache-write-policy")
    assert (seed["default"], row["default"]) == ("write_through", "write_back")
    assert "write_back" in seed["options"]  # the seed itself says only write_back works on NPU


def test_rows_follow_the_seed_order_and_sections(files, seed001):
    rows = page_rows(files[EN])
    seed_flags = [r["flags"][0] for r in seed001]
    ours = [r["flags"][0] for r in rows if r["flags"][0] in set(seed_flags)]
    assert ours == seed_flags
    own = {s.flag for s in current_specs() if s.group.key == "argmatrix_server"}   # argmatrix-only limits
    assert [r["flags"][0] for r in rows if r["flags"][0] not in own] == \
        [s.flag for s in current_specs() if s.flag not in own]
    sections = []
    for r in rows:
        if not sections or sections[-1] != r["section"]:
            sections.append(r["section"])
    seed_sections = []
    for r in seed001:
        if not seed_sections or seed_sections[-1] != r["section"]:
            seed_sections.append(r["section"])
    # argmatrix's own server limits (group argmatrix_server) come after the seed's sections
    assert [s for s in sections if s != "argmatrix server limits"] == seed_sections


def test_status_words_come_from_the_matrix(files):
    words = {r["flags"][0]: r["status"] for r in page_rows(files[EN])}
    assert words["--model-path"] == "A2, A3"
    assert words["--grpc-mode"] == "Planned"
    assert words["--quantization-param-path"] == "Special for GPU"
    assert words["--enable-dynamic-chunking"] == "Experimental"
    assert words["--num-continuous-decode-steps"] == "Not supported"
    assert words["--kt-method"] is None  # closing list: no status column


def test_chinese_page_has_the_seed_000_columns_and_a_legend(files):
    text = files[ZH]
    assert "支持情况图例" in text
    for mark in ("✓ 支持", "✗ 不支持", "○ 规划中", "◐ 实验特性", "⚠ 存在缺陷", "✗ 不支持（仅 GPU）"):
        assert mark in text
    for other_vocabulary in ("√", "×", "△", "有缺陷"):  # the one vocabulary of matrix/status.py, as on every page
        assert other_vocabulary not in text.split("## ")[1]
    found = tables(text)
    assert all(t["header"] == ["参数", "描述", "默认值", "选项", "A2 支持情况", "A3 支持情况"] for t in found)
    cells = {r[1][0]: r[1] for t in found for r in t["rows"]}
    assert cells["`--model-path`, `--model`"][4:] == ["✓ 支持", "✓ 支持"]
    assert cells["`--grpc-mode`"][4:] == ["○ 规划中", "○ 规划中"]
    assert cells["`--quantization-param-path`"][4:] == ["✗ 不支持（仅 GPU）", "✗ 不支持（仅 GPU）"]
    assert cells["`--context-length`"][2] == "无"
    assert sum(len(t["rows"]) for t in found) == len(current_specs())


def test_per_chip_cells():
    assert ascend_page.zh_mark("supported", "A2, A3") == "✓ 支持"
    assert ascend_page.zh_mark("unsupported", "third-party") == "✗ 不支持（第三方组件）"
    assert ascend_page.zh_mark("deficient", "deficient") == "⚠ 存在缺陷"
