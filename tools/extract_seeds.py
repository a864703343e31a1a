"""Extract the argument tables of the two Ascend seed pages into JSON fixtures.

Seed 001 is a scrape of a rendered web page: long flag names wrap across lines,
multi-line cells end in a double tab, and the two closing lists have no
"Server supported" column.  Seed 000 is clean tab-separated text.  The output
(tests/fixtures/seed001.json, seed000.json) is what the schema is checked
against; re-run this script only when a seed changes:

    python tools/extract_seeds.py ../shared/seeds tests/fixtures
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

LABELS = ("A2, A3", "Special For GPU", "Special for GPU", "Planned", "Experimental")
HEADER_001 = "Argument Defaults Options Server supported"
CLOSING_LISTS = {
    "not supported because the third-party": "third-party",
    "functional deficiencies": "deficient",
}


def _join_flag_lines(parts: list[str]) -> list[str]:
    """Rejoin wrapped flag names; a part starting with '--' begins a new alias."""
    flags: list[str] = []
    for part in parts:
        part = part.strip()
        if not part:
            continue
        if part.startswith("--") or not flags:
            flags.append(part)
        else:  # a wrapped continuation: "--model-loader-" + "extra-config", "--disable-overlap" + "-schedule"
            flags[-1] += part
    return flags


def _split_row(lines: list[str]) -> tuple[list[str], str]:
    """Split a row's raw lines into (flags, rest-of-row text)."""
    first = lines[0]
    if " " in first.split("\t\t")[0]:  # flag and cells share the first line
        flag, rest = first.split(" ", 1)
        return [flag], "\n".join([rest, *lines[1:]])
    flag_parts: list[str] = []
    for i, line in enumerate(lines):
        if "\t\t" in line:
            head, tail = line.split("\t\t", 1)
            flag_parts.append(head)
            return _join_flag_lines(flag_parts), "\n".join([tail.strip(), *lines[i + 1:]])
        flag_parts.append(line)
    raise ValueError(f"cannot find the end of the flag cell in {lines!r}")


def _clean(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\t", " ")).strip()


def parse_001(text: str) -> list[dict]:
    rows: list[dict] = []
    section = None
    label_mode = None  # None: regular table with a label column; else the closing list's label
    raw_lines = text.splitlines()
    i = 0
    pending: list[str] = []
    order = 0

    def flush():
        nonlocal pending, order
        if not pending:
            return
        flags, rest = _split_row(pending)
        pending = []
        if label_mode is None:
            rest_flat = rest.rstrip()
            # the label is the last cell: after the last double tab, or a known label at the end
            if "\t\t" in rest_flat:
                body, label_cell = rest_flat.rsplit("\t\t", 1)
            else:
                for lab in LABELS:
                    if rest_flat.endswith(lab):
                        body, label_cell = rest_flat[: -len(lab)], lab
                        break
                else:
                    raise ValueError(f"no label in row {flags}: {rest!r}")
            label_cell = label_cell.strip()
            label, label_note = label_cell, ""
            for lab in LABELS:
                if label_cell.startswith(lab):
                    label, label_note = lab, label_cell[len(lab):].lstrip(". ").strip()
                    break
            else:
                raise ValueError(f"unknown label {label_cell!r} for {flags}")
            if label == "Special For GPU":
                label = "Special for GPU"
        else:
            body, label, label_note = rest, label_mode, ""
        body = body.strip()
        default, _, options = body.partition(" ") if " " in body.split("\n")[0] else (body.split("\n")[0], "", "\n".join(body.split("\n")[1:]))
        rows.append({
            "order": order,
            "section": section,
            "flags": flags,
            "default": default.strip(),
            "options": _clean(options),
            "options_raw": options.strip(),
            "label": label,
            "label_note": label_note,
        })
        order += 1

    while i < len(raw_lines):
        line = raw_lines[i]
        stripped = line.strip()
        if stripped == HEADER_001 or stripped == "Argument Defaults Options":
            flush()
            # the section title is the last non-empty line before the header (closing lists: the sentence)
            j = i - 1
            while j >= 0 and not raw_lines[j].strip():
                j -= 1
            title = raw_lines[j].strip()
            if stripped == HEADER_001:
                section, label_mode = title, None
            else:
                label_mode = next(v for k, v in CLOSING_LISTS.items() if k in title)
                section = f"Other Params ({label_mode})"
            i += 1
            continue
        if stripped.startswith("Reference in New Issue"):  # the web view's footer
            break
        if line.startswith("--") and not _flag_cell_open(pending):
            flush()
            pending = [line]
        elif pending and stripped and (_flag_cell_open(pending) or not _is_section_title(raw_lines, i)):
            pending.append(line)
        else:
            flush()
        i += 1
    flush()
    return rows


def _flag_cell_open(pending: list[str]) -> bool:
    """True while a row has only seen (wrapped) flag names, so a '--' line is another alias."""
    if not pending or " " in pending[0].split("\t\t")[0]:
        return False
    return not any("\t\t" in line for line in pending)


def _is_section_title(lines: list[str], i: int) -> bool:
    """A line followed (after blanks) by a table header is a section title, not a cell."""
    j = i + 1
    while j < len(lines) and not lines[j].strip():
        j += 1
    return (j < len(lines) and lines[j].strip().startswith("Argument Defaults Options")) or (
        j < len(lines) and lines[j].strip().startswith("The following parameters")
    ) or lines[i].strip().startswith("The following parameters")


def parse_000(text: str) -> list[dict]:
    rows = []
    section = None
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("参数\t"):
            j = i - 1
            while not lines[j].strip():
                j -= 1
            section = lines[j].strip()
            continue
        if not line.startswith("--"):
            continue
        cells = line.split("\t")
        flags = cells[0].split()
        desc, default, options, a2, a3 = (cells + [""] * 6)[1:6]
        rows.append({
            "order": len(rows),
            "section": section,
            "flags": flags,
            "description": desc.strip(),
            "default": default.strip(),
            "options": options.strip(),
            "a2": a2.strip() == "√",
            "a3": a3.strip() == "√",
        })
    return rows


def main(seed_dir: str, out_dir: str) -> None:
    seeds = Path(seed_dir)
    out = Path(out_dir)
    r001 = parse_001(next(seeds.glob("001_*.txt")).read_text(encoding="utf-8"))
    r000 = parse_000(next(seeds.glob("000_*.txt")).read_text(encoding="utf-8"))
    (out / "seed001.json").write_text(json.dumps(r001, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    (out / "seed000.json").write_text(json.dumps(r000, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"seed001: {len(r001)} rows in {len({r['section'] for r in r001})} sections; seed000: {len(r000)} rows")


if __name__ == "__main__":
    main(*sys.argv[1:3])
