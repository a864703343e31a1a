"""Reading generated Markdown back: table rows, code spans, escapes; and the seed-001 comparison."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
GENERATED = ROOT / "generated"
DEVIATIONS = ROOT / "docs" / "deviations.md"
_CODE = re.compile(r"(`+)(.+?)\1")


def split_row(line: str) -> list[str]:
    """The cells of a Markdown table row, split on pipes that are not escaped."""
    body = line.strip()
    assert body.startswith("|") and body.endswith("|"), line
    cells, cur, i = [], "", 1
    while i < len(body) - 1:
        ch = body[i]
        if ch == "\\" and body[i + 1] == "|":
            cur += "\\|"
            i += 2
            continue
        if ch == "|":
            cells.append(cur.strip())
            cur = ""
        else:
            cur += ch
        i += 1
    cells.append(cur.strip())
    return cells


def unescape(text: str) -> str:
    return text.replace("\\|", "|").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


def uncode(text: str) -> str:
    """Replace code spans by their content (one leading/trailing pad space removed, as CommonMark does)."""
    def inner(m: re.Match) -> str:
        s = m.group(2)
        if len(s) > 1 and s.startswith(" ") and s.endswith(" ") and s.strip():
            s = s[1:-1]
        return s
    return unescape(_CODE.sub(inner, text))


def code_spans(text: str) -> list[str]:
    return [m.group(2).strip() for m in _CODE.finditer(text)]


def tables(text: str) -> list[dict[str, Any]]:
    """Every table with the headings above it: {"section", "header", "rows", "line"}."""
    out: list[dict[str, Any]] = []
    section = subsection = None
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("## "):
            section, subsection = line[3:].strip(), None
        elif line.startswith("### "):
            subsection = line[4:].strip()
        elif line.startswith("|") and i + 1 < len(lines) and re.fullmatch(r"\|(\s*:?-+:?\s*\|)+", lines[i + 1].strip()):
            header = split_row(line)
            rows = []
            j = i + 2
            while j < len(lines) and lines[j].startswith("|"):
                rows.append((j + 1, split_row(lines[j])))
                j += 1
            out.append({"section": section, "subsection": subsection, "header": header, "rows": rows, "line": i + 1})
            i = j
            continue
        i += 1
    return out


def norm_options(text: str) -> str:
    """The comparison form of an Options cell: case, code spans, list punctuation and spacing do not count."""
    text = uncode(text).lower()
    text = re.sub(r"[,;.()]", " ", text)
    return " ".join(text.split())


def norm_label(label: str) -> str:
    return "Special for GPU" if label == "Special For GPU" else label


def seed_row(r: dict[str, Any]) -> dict[str, Any]:
    status = None if r["label"] in ("third-party", "deficient") else norm_label(r["label"])
    if status and r.get("label_note"):
        status = f"{status}. {r['label_note']}"
    return {"flags": r["flags"], "section": r["section"], "default": r["default"], "options": r["options"],
            "status": status}


def page_rows(text: str) -> list[dict[str, Any]]:
    """The argument rows of the generated English Ascend page, in page order."""
    out = []
    for table in tables(text):
        section = table["subsection"] or table["section"]
        for line, cells in table["rows"]:
            out.append({"flags": code_spans(cells[0]), "section": section, "default": uncode(cells[1]),
                        "options": uncode(cells[2]), "status": unescape(cells[3]) if len(cells) > 3 else None,
                        "line": line})
    return out


COLUMNS = ("row", "section", "flags", "default", "options", "status", "order")


def compare(seed: list[dict[str, Any]], page: list[dict[str, Any]]) -> set[tuple[str, str, str, str]]:
    """Every difference between seed 001 and the page: (flag, column, seed value, generated value)."""
    diffs: set[tuple[str, str, str, str]] = set()
    ours = {r["flags"][0]: r for r in page}
    theirs = {r["flags"][0]: seed_row(r) for r in seed}
    for flag in theirs:
        if flag not in ours:
            diffs.add((flag, "row", "present", "absent"))
    for flag in ours:
        if flag not in theirs:
            diffs.add((flag, "row", "absent", "present"))
    for flag, s in theirs.items():
        o = ours.get(flag)
        if o is None:
            continue
        for col in ("section", "default", "status"):
            if s[col] != o[col]:
                diffs.add((flag, col, str(s[col]), str(o[col])))
        if s["flags"] != o["flags"]:
            diffs.add((flag, "flags", " ".join(s["flags"]), " ".join(o["flags"])))
        if norm_options(s["options"]) != norm_options(o["options"]):
            diffs.add((flag, "options", s["options"], o["options"]))
    common_seed = [f for f in theirs if f in ours]
    common_page = [f for f in ours if f in theirs]
    if common_seed != common_page:
        diffs.add(("*", "order", " ".join(common_seed), " ".join(common_page)))
    return diffs


def listed_deviations() -> list[dict[str, str]]:
    """The table in docs/deviations.md under '## Seed 001 rows'."""
    text = DEVIATIONS.read_text(encoding="utf-8")
    for table in tables(text):
        if table["header"][:2] == ["Argument", "Column"]:
            return [dict(zip(("flag", "column", "seed", "generated", "reason"),
                             [uncode(c) for c in cells])) for _, cells in table["rows"]]
    raise AssertionError("docs/deviations.md has no 'Argument | Column | ...' table")
