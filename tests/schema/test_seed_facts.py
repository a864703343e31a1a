"""Every row of both Ascend seed tables has a field with the same flags, default, options and label."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from argmatrix.matrix.platforms.ascend_labels import Label as Support
from argmatrix.matrix.platforms.ascend_table import ASCEND_TABLE
from argmatrix.schema import FLAGS, SPECS
from argmatrix.schema.meta import MISSING
from argmatrix.schema.releases import CHANGES, VALUES_INTRODUCED, superseded

LABELS = {"A2, A3": Support.A2_A3, "Special for GPU": Support.GPU_ONLY, "Planned": Support.PLANNED,
          "Experimental": Support.EXPERIMENTAL, "third-party": Support.THIRD_PARTY, "deficient": Support.DEFICIENT}


def seed_value(text: str):
    """A seed's default cell as a Python value."""
    if text in ("None", "无"):
        return None
    if text in ("True", "False"):
        return text == "True"
    if text == "``":
        return ""
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    if text in ("{}", "[]"):
        return {} if text == "{}" else []
    return text


def seed_options(text: str):
    """The closed option set a seed's Options cell lists, or None for a typed/open cell."""
    if text == "Currently only write_back supported":
        return {"write_back"}
    bare = re.sub(r"\([^)]*\)", " ", text).strip()
    if re.match(r"(?i)^(type:|bool flag|list\[|list\b)", bare) or "<" in bare:
        return None
    return {t for t in re.split(r"[,\s]+", bare) if t}


def field_for(flags: list[str]):
    names = {FLAGS.get(f) for f in flags}
    assert len(names) == 1 and None not in names, f"no single field for {flags}"
    return SPECS[names.pop()]


def test_fixture_has_every_row(seed001, seed000):
    assert len(seed001) == 303
    assert len({r["section"] for r in seed001}) == 34
    assert len(seed000) == 255


def _release_flags() -> dict[str, tuple[str, ...]]:
    """Every spelling SGLang 0.5.23 accepts for each field, to admit aliases that arrived after the seeds."""
    data = json.loads((Path(__file__).parents[1] / "fixtures" / "sglang-0.5.23.json").read_text(encoding="utf-8"))
    return {entry["dest"]: tuple(entry["flags"]) for entry in data["flags"]}


def _release_values() -> dict[str, set[str]]:
    """Every choice value a release's own parser takes for each field (0.5.9 and 0.5.23, and values dated between)."""
    out: dict[str, set[str]] = {}
    for release in ("0.5.9", "0.5.23"):
        data = json.loads((Path(__file__).parents[1] / "fixtures" / f"sglang-{release}.json").read_text("utf-8"))
        for entry in data["flags"]:
            name = next((FLAGS[f] for f in entry["flags"] if f in FLAGS), None)
            if name and entry.get("choices"):
                out.setdefault(name, set()).update(map(str, entry["choices"]))
    for name, by_release in VALUES_INTRODUCED.items():
        out.setdefault(name, set()).update(v for values in by_release.values() for v in values)
    return out


# Values SGLang takes that the seed table's Options cell leaves out on purpose (see docs/deviations.md)
NPU_VALUES_BEYOND_THE_SEED = {"model_impl": {"mindspore"}}


def test_every_seed001_row(seed001):
    problems = []
    release = _release_flags()
    release_values = _release_values()
    for row in seed001:
        spec = field_for(row["flags"])
        seed_flags = tuple(row["flags"])
        # the seed's spellings come first and in order; any later alias must be one SGLang itself accepts
        later = spec.flags[len(seed_flags):]
        if spec.flags[:len(seed_flags)] != seed_flags or not set(later) <= set(release.get(spec.name, ())):
            problems.append(f"{row['flags']}: flags {spec.flags}")
        expected = seed_value(row["default"])
        if spec.name in CODE_DEFAULTS:  # SGLang's own parser says otherwise: its newest release's default holds
            if spec.default != newest_parser_default(spec.name):
                problems.append(f"{spec.flag}: default {spec.default!r} is not SGLang's own")
        elif spec.default != expected and ASCEND_TABLE[spec.name].default != expected:
            problems.append(f"{spec.flag}: default {spec.default!r} / npu {ASCEND_TABLE[spec.name].default!r} != seed {expected!r}")
        options = seed_options(row["options"])
        have = ASCEND_TABLE[spec.name].options if ASCEND_TABLE[spec.name].options is not None else spec.choices
        extra = {str(v) for v in (have or ())} - (options or set())
        allowed_extra = release_values.get(spec.name, set()) | NPU_VALUES_BEYOND_THE_SEED.get(spec.name, set())
        if options is not None and (not options <= {str(v) for v in (have or ())} or not extra <= allowed_extra):
            problems.append(f"{spec.flag}: options {have} != seed {sorted(options)} (+ values of a release)")
        if options is None and ASCEND_TABLE[spec.name].options is not None:
            problems.append(f"{spec.flag}: NPU options {ASCEND_TABLE[spec.name].options} where the seed lists none")
        if ASCEND_TABLE[spec.name].label is not LABELS[row["label"]]:
            problems.append(f"{spec.flag}: label {ASCEND_TABLE[spec.name].label} != seed {row['label']}")
        if spec.group.title.en != row["section"]:
            problems.append(f"{spec.flag}: group {spec.group.title.en!r} != seed section {row['section']!r}")
    assert not problems, "\n".join(problems)


def test_page_size_default_is_neutral_with_npu_platform_default():
    spec = SPECS["page_size"]
    assert spec.default is None and ASCEND_TABLE[spec.name].default == 128


SEED_NOTES = {  # flag -> the rule that enforces its Options-column note (None: informational)
    "--pipeline-parallel-size": "npu-pp-size-2", "--attention-context-parallel-size": "npu-attn-cp-table-says-equal",
    "--moe-a2a-backend": "npu-fuseep-no-eplb", "--enable-hierarchical-cache": "hicache-no-mamba",
    "--enforce-piecewise-cuda-graph": "npu-piecewise-verified-models", "--hicache-write-policy": None,
    "--offload-group-size": None, "--offload-num-in-group": None, "--offload-prefetch-step": None,
    "--offload-mode": None, "--speculative-ngram-match-type": None,
}


def test_options_column_notes_are_structured():
    from argmatrix.matrix.table_rules import RULES

    rule_ids = {r.id for r in RULES}
    with_notes = {s.flag: ASCEND_TABLE[s.name].notes for s in SPECS.values()
                  if s.name in ASCEND_TABLE and ASCEND_TABLE[s.name].notes}
    assert set(with_notes) == set(SEED_NOTES)
    for flag, notes in with_notes.items():
        assert notes[0].rule == SEED_NOTES[flag]
        assert notes[0].text.en and notes[0].text.zh
        assert notes[0].rule is None or notes[0].rule in rule_ids


OLD_ONLY_KEPT = {"--disable-outlines-disk-cache": Support.A2_A3, "--num-continuous-decode-steps": Support.UNSUPPORTED}
RENAMED = {"--stream-output": "incremental_streaming_output",
           "--enable-piecewise-cuda-graph": "enforce_piecewise_cuda_graph",
           "--speculative-ngram-branch-length": "speculative_ngram_max_trie_depth"}


# fields whose default cell in the seed is not what SGLang's own parser gives (0.5.23's, and the page's own
# release's too where release_dates.PARSER_DEFAULTS says so): the code is the fact, docs/deviations.md says why
CODE_DEFAULTS = frozenset({"eplb_algorithm", "hicache_mem_layout", "hicache_storage_prefetch_policy",
                           "disable_shared_experts_fusion", "disable_chunked_prefix_cache", "encoder_transfer_backend"})


def newest_parser_default(name: str):
    import json
    from pathlib import Path

    from argmatrix.schema.release_table import NEWEST

    path = Path(__file__).resolve().parents[1] / "fixtures" / f"sglang-{NEWEST}.json"
    return next(e["default"] for e in json.loads(path.read_text())["flags"] if e["dest"] == name)


def test_rows_only_in_seed000(seed001, seed000):
    newer = {f for r in seed001 for f in r["flags"]}
    only_old = [r for r in seed000 if not set(r["flags"]) & newer]
    assert len(only_old) == 18
    for row in only_old:
        spec = field_for(row["flags"])
        assert spec.flags == tuple(row["flags"])
        assert spec.default == seed_value(row["default"]) or (spec.default is False and row["default"] == "False")
        expected_label = Support.A2_A3 if row["a2"] and row["a3"] else Support.UNSUPPORTED
        assert ASCEND_TABLE[spec.name].label is expected_label, spec.flag
        change = CHANGES.get(spec.name)
        if spec.flag in OLD_ONLY_KEPT:
            assert not superseded(spec.name) and ASCEND_TABLE[spec.name].label is OLD_ONLY_KEPT[spec.flag]
        elif spec.flag in RENAMED:
            assert change is not None and change.moves_to == RENAMED[spec.flag]
        else:
            assert change is not None and change.retired, spec.flag
    # the seed-era arguments (those the Ascend table has a row for); newer releases deprecate others
    assert sum(1 for s in SPECS.values() if superseded(s.name) and s.name in ASCEND_TABLE) == 16


def test_successors_exist_and_are_current():
    for name, change in CHANGES.items():
        if change.moves_to is not None:
            successor = SPECS[change.moves_to]
            assert not superseded(successor.name)
            # an old flag whose value does not carry over declares what it sets instead
            carried = change.sets if change.sets is not None else SPECS[name].default
            assert type(successor.default) is type(carried)


@pytest.mark.parametrize("flag,aliases", [
    ("--model-path", ("--model",)), ("--tensor-parallel-size", ("--tp-size",)),
    ("--expert-parallel-size", ("--ep-size", "--ep")), ("--data-parallel-size", ("--dp-size",)),
    ("--dist-init-addr", ("--nccl-init-addr",)),
])
def test_aliases_as_the_seeds_spell_them(flag, aliases):
    spec = SPECS[FLAGS[flag]]
    assert spec.flags == (flag, *aliases)


def test_npu_platform_defaults_are_allowed_values():
    for name, row in ASCEND_TABLE.items():
        if row.default is not MISSING and row.options is not None:
            assert row.default in row.options, SPECS[name].flag
