"""Every argument has help in both languages, written in argmatrix's own words."""
from __future__ import annotations

import re
from difflib import SequenceMatcher

from argmatrix.schema import FLAGS, GROUPS, SPECS


def test_every_field_has_english_and_chinese_help():
    for spec in SPECS.values():
        assert spec.arg.help.en.strip(), spec.flag
        assert spec.arg.help.zh.strip(), spec.flag
        assert any("\u4e00" <= ch <= "\u9fff" for ch in spec.arg.help.zh), f"{spec.flag}: zh help has no Chinese"
        assert spec.arg.help.en != spec.arg.help.zh


def test_every_group_has_titles_in_both_languages():
    assert len(GROUPS) == 36   # the 35 seed sections and argmatrix_server
    for group, specs in GROUPS:
        assert group.title.en and group.title.zh and specs


def _longest_common_run(a: str, b: str) -> int:
    m = SequenceMatcher(None, a, b, autojunk=False).find_longest_match(0, len(a), 0, len(b))
    return m.size


def test_chinese_help_is_not_copied_from_the_seed(seed000):
    descriptions = {r["description"] for r in seed000}
    for row in seed000:
        spec = SPECS[FLAGS[row["flags"][0]]]
        zh = spec.arg.help.zh
        assert zh not in descriptions, f"{spec.flag}: Chinese help copies a seed description"
        # a flag name is a fact, not prose: naming it (as the English does) is not copying
        run = _longest_common_run(re.sub(r"--[\w-]+", "--", zh), row["description"])
        assert run < 15, f"{spec.flag}: shares a run of {run} characters with the seed description"
