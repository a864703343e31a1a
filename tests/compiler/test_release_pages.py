"""No page calls a flag accepted that check-config refuses for that release, and none calls refused what it takes.

``explain``, ``matrix`` (json), the generated deprecations pages, the server-argument reference, matrix.html, the
editor JSON Schema and the example config all ask ``schema.releases.verdict``; this checks what each of them shows
against what check-config actually does with the flag under each held release.
"""
from __future__ import annotations

import io
import json
import re
from functools import cache

import pytest

from argmatrix.generate import deprecations, html, json_schema, reference
from argmatrix.matrix.table import row
from argmatrix.schema.registry import SPECS
from argmatrix.schema.release_table import KNOWN_FLAG_SETS, NEWEST
from argmatrix.schema.releases import argmatrix_only, verdict

from .helpers import run
from .test_release_hints import _argv

REFUSING = {"AM-E109", "AM-E110"}  # the flag itself (AM-E117 is about one spelling of it)
STILL_TAKEN = re.compile(r"still accepted|still works|still starts|仍可使用|仍然可用|仍可启动")


def _sglang_names():
    return [n for n in SPECS if not argmatrix_only(n)]


@cache
def check_config_codes(release: str) -> dict[str, frozenset[str]]:
    """field -> the codes check-config gives on that field when its flag is set, under SGLang ``release``."""
    out = {}
    for name in _sglang_names():
        c = run(_argv(name, release), target="cuda", releases={"sglang": release})
        out[name] = frozenset(f.code for f in c.findings if f.field == name)
    return out


def _explain(name: str, release: str, lang: str = "en") -> str:
    from rich.console import Console

    from argmatrix.cli import render

    buf = io.StringIO()
    render.explain_text(row(SPECS[name], release=release), lang, Console(file=buf, width=400, color_system=None))
    return buf.getvalue()


@pytest.mark.parametrize("release", KNOWN_FLAG_SETS)
def test_explain_and_matrix_say_what_check_config_does(release):
    found = check_config_codes(release)
    bad = []
    for name, codes in found.items():
        refused = bool(codes & REFUSING)
        r = row(SPECS[name], release=release)
        shown_refused = r["release"]["state"] in ("refused", "not-yet")
        if refused != shown_refused:
            bad.append(f"{name}: check-config {sorted(codes)}, matrix says {r['release']['state']}")
        statuses = {e["status"] for e in r["platforms"].values()}
        if refused and statuses != {"unsupported"}:
            bad.append(f"{name}: SGLang {release} refuses it, the matrix shows {statuses}")
        if ("AM-W107" in codes) != (r["release"]["state"] == "deprecated"):
            bad.append(f"{name}: check-config {sorted(codes)}, matrix says {r['release']['state']}")
        if not refused:
            continue  # explain's words for a refused flag, below (rendering every flag of 15 releases is slow)
        text = _explain(name, release)
        if refused and (STILL_TAKEN.search(text) or verdict(name, release).says.en not in text.replace("\n", " ")):
            bad.append(f"{name}: explain --sglang-version {release} does not say SGLang refuses it:\n{text[:300]}")
    assert not bad, "\n".join(bad[:20])


def test_explain_cuda_graph_bs_says_0_5_23_refuses_it_and_what_to_write():
    text = _explain("cuda_graph_bs", NEWEST)
    assert "SGLang 0.5.23 refuses --cuda-graph-bs" in text
    assert "fix: write --cuda-graph-bs-decode" in text and "--cuda-graph-bs-prefill" in text
    assert "✓" not in text and "supported" not in text.replace("unsupported", "")
    assert "SGLang 0.5.9 takes --cuda-graph-bs" in _explain("cuda_graph_bs", "0.5.9")
    zh = _explain("cuda_graph_bs", NEWEST, "zh")
    assert "SGLang 0.5.23 不再接受 --cuda-graph-bs" in zh and "修复" in zh


def test_no_help_text_says_a_flag_the_newest_release_refuses_is_still_taken():
    bad = [n for n in SPECS if not verdict(n).accepted and STILL_TAKEN.search(SPECS[n].arg.help.en + SPECS[n].arg.help.zh)]
    assert not bad


def test_generated_pages_say_what_check_config_does_for_the_newest_release():
    found = check_config_codes(NEWEST)  # the generated pages are written for the newest release
    pages = {lang: deprecations.render(lang) for lang in ("en", "zh")}
    refused_part = pages["en"].split("## Refused by SGLang")[1].split("## ")[0]
    deprecated_part = pages["en"].split("## Deprecated in SGLang")[1].split("## ")[0]
    schema = json_schema.build()["properties"]
    data = json.loads(html.data_json().replace("\\u003c", "<").replace("\\u003e", ">").replace("\\u0026", "&"))
    by_name = {a["n"]: a for a in data["args"]}
    reference_page = reference.render("en")
    bad = []
    for name, codes in found.items():
        spec = SPECS[name]
        refused, deprecated = bool(codes & REFUSING), "AM-W107" in codes
        cell = f"| `{spec.flag}`"
        if refused != (cell in refused_part) or deprecated != (cell in deprecated_part):
            bad.append(f"{name}: check-config {sorted(codes)}, deprecations.md disagrees")
        if name in json_schema.EXCLUDED:
            continue
        prop = schema[name]
        if refused != ("not" in prop) or (refused or deprecated) != ("deprecationMessage" in prop):
            bad.append(f"{name}: check-config {sorted(codes)}, config.schema.json says {sorted(prop)}")
        shown = by_name[name]
        if refused != (set(shown["s"].values()) == {"unsupported"} and shown.get("depKind") == "refused"):
            bad.append(f"{name}: check-config {sorted(codes)}, matrix.html says {shown.get('depKind')}")
        block = reference_page.split(f"### `{spec.flag}`\n")[1].split("\n### ")[0]
        if refused != ("**Refused**" in block or "**Not yet**" in block) or (STILL_TAKEN.search(block) and refused):
            bad.append(f"{name}: check-config {sorted(codes)}, server_arguments.md disagrees")
    assert not bad, "\n".join(bad[:20])


def test_a_value_the_newest_release_removed_is_not_offered():
    """The editor, the matrix and explain list only values 0.5.23 takes: tc_piecewise went in 0.5.22."""
    prop = json_schema.build()["properties"]["cuda_graph_backend_prefill"]
    assert "tc_piecewise" not in json.dumps(prop)
    r = row(SPECS["cuda_graph_backend_prefill"])
    assert "tc_piecewise" not in r["choices"] and all("tc_piecewise" not in (e["options"] or ())
                                                      for e in r["platforms"].values())
    assert "tc_piecewise" in row(SPECS["cuda_graph_backend_prefill"], release="0.5.20")["choices"]
