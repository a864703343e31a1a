"""The generated English Ascend page against seed 001, row by row, with every deviation listed and asserted."""
from __future__ import annotations

from argmatrix.generate import ascend_page
from argmatrix.generate.common import current_specs

from ._md import compare, listed_deviations, norm_options, page_rows, tables

EN = "en/ascend_npu_support_features.md"
ZH = "zh/ascend_npu_support_features.md"


def _key(flag: str, column: str, seed: str, generated: str) -> tuple[str, str, str, str]:
    if column == "options":
        return flag, column, norm_options(seed), norm_options(generated)
    return flag, column, seed, generated


def test_every_difference_from_seed_001_is_a_listed_deviation(files, seed001):
    actual = {_key(*d) for d in compare(seed001, page_rows(files[EN]))}
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
    for mark in ("√ 支持", "× 不支持", "○ 规划中", "△ 实验性", "× 仅 GPU"):
        assert mark in text
    found = tables(text)
    assert all(t["header"] == ["参数", "描述", "默认值", "选项", "A2 支持情况", "A3 支持情况"] for t in found)
    cells = {r[1][0]: r[1] for t in found for r in t["rows"]}
    assert cells["`--model-path`, `--model`"][4:] == ["√", "√"]
    assert cells["`--grpc-mode`"][4:] == ["○ 规划中", "○ 规划中"]
    assert cells["`--quantization-param-path`"][4:] == ["× 仅 GPU", "× 仅 GPU"]
    assert cells["`--context-length`"][2] == "无"
    assert sum(len(t["rows"]) for t in found) == len(current_specs())


def test_per_chip_cells():
    assert ascend_page.zh_mark("supported", "A2, A3") == "√"
    assert ascend_page.zh_mark("unsupported", "third-party") == "× 第三方组件"
    assert ascend_page.zh_mark("deficient", "deficient") == "⚠ 有缺陷"
