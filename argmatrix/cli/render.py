"""Turn compiler results and matrix rows into terminal text (rich) or JSON."""
from __future__ import annotations

import json
import os
import sys
from typing import Any

from ..compiler.findings import ERROR, NOTE, WARNING
from ..matrix.platforms import PLATFORMS

MARKS = {ERROR: ("✗", "bold red"), WARNING: ("!", "yellow"), NOTE: ("·", "cyan")}
WORDS = {
    "en": {ERROR: "error", WARNING: "warning", NOTE: "note", "fix": "fix", "clean": "no problems found",
           "from": "from", "target": "target", "detected": "detected"},
    "zh": {ERROR: "错误", WARNING: "警告", NOTE: "提示", "fix": "修复", "clean": "未发现问题",
           "from": "来源", "target": "目标平台", "detected": "检测结果"},
}
ENGINE_STYLE = {"wired": "green", "inert": "yellow", "unimplemented": "red"}
STATUS_STYLE = {"supported": "green", "experimental": "yellow", "planned": "blue", "unsupported": "red",
                "deficient": "magenta", "unverified": "cyan"}


Line = list[tuple[str, str]]  # (text, rich style) segments


def console(stderr: bool = False):
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=False)


def emit(lines: list[Line], stderr: bool = False) -> None:
    """Print styled lines: through rich on a terminal, as plain text otherwise (no rich import: it costs ~60 ms)."""
    stream = sys.stderr if stderr else sys.stdout
    if stream.isatty() and not os.environ.get("NO_COLOR"):
        from rich.text import Text as RichText

        out = console(stderr)
        for line in lines:
            out.print(RichText.assemble(*line))
    else:
        stream.write("".join("".join(text for text, _ in line) + "\n" for line in lines))


def findings_lines(compiled, lang: str) -> list[Line]:
    """Errors first, each with its flag, value, source and fix; then a one-line summary."""
    words = WORDS[lang]
    platform = PLATFORMS[compiled.platform]
    head = f"{words['target']}: {compiled.platform} ({platform.title(lang)})"
    if compiled.detection is not None:
        head += f"  [{words['detected']}: {compiled.detection.how}]"
    lines: list[Line] = [[("argmatrix check-config", "bold"), ("  " + head, "")]]
    for f in compiled.findings:
        mark, style = MARKS[f.severity]
        line: Line = [(f"{mark} {f.code} {words[f.severity]}", style), (f"  {f.message(lang)}", "")]
        if f.source:
            line.append((f"  {words['from']} {f.source}", "dim"))
        lines.append(line)
        if f.hint:
            lines.append([(f"    {words['fix']}: ", "green"), (f.hint(lang), "")])
    counts = {s: sum(f.severity == s for f in compiled.findings) for s in (ERROR, WARNING, NOTE)}
    if not compiled.findings:
        lines.append([(f"✓ {words['clean']}", "green")])
    else:
        plural = "s" if lang == "en" else ""
        summary = ", ".join(f"{n} {words[s]}{plural if n > 1 else ''}" for s, n in counts.items() if n)
        lines.append([(summary, "bold")])
    return lines


def dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2, default=str)


def matrix_table(rows: list[dict], platforms: list[str], lang: str, out=None) -> None:
    from rich.markup import escape
    from rich.table import Table

    out = out or console()
    table = Table(show_lines=False, pad_edge=False)
    table.add_column("flag" if lang == "en" else "参数", no_wrap=True)
    table.add_column("group" if lang == "en" else "分组")
    for p in platforms:
        table.add_column(p, no_wrap=True)
    table.add_column("engine" if lang == "en" else "本引擎", no_wrap=True)
    for row in rows:
        cells = []
        for p in platforms:
            status = row["platforms"][p]["status"]
            cells.append(f"[{STATUS_STYLE[status]}]{status}[/{STATUS_STYLE[status]}]")
        engine = row["engine"]["status"]
        cells.append(f"[{ENGINE_STYLE[engine]}]{engine}[/{ENGINE_STYLE[engine]}]")
        table.add_row(escape(" ".join(row["flags"])), row["group"], *cells)
    out.print(table)
    out.print(f"{len(rows)} " + ("arguments" if lang == "en" else "个参数"))


def matrix_markdown(rows: list[dict], platforms: list[str], lang: str) -> str:
    head = ["flag" if lang == "en" else "参数", "group" if lang == "en" else "分组", *platforms,
            "engine" if lang == "en" else "本引擎"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for row in rows:
        cells = [row["platforms"][p]["status"] for p in platforms] + [row["engine"]["status"]]
        lines.append("| " + " | ".join([f"`{row['flags'][0]}`", row["group"], *cells]) + " |")
    return "\n".join(lines) + "\n"


def explain_text(row: dict, lang: str, out=None) -> None:
    from rich.markup import escape

    out = out or console()
    en = lang == "en"
    out.print(f"[bold]{escape(' / '.join(row['flags']))}[/bold]  ({row['name']}, {row['group']})")
    out.print(escape(row["help"][lang]))
    out.print(f"{'type' if en else '类型'}: {escape(row['type'])}    "
              f"{'default' if en else '默认值'}: {escape(json.dumps(row['default'], ensure_ascii=False))}")
    if row["choices"]:
        out.print(f"{'choices' if en else '可选值'}: {escape(', '.join(map(str, row['choices'])))}")
    dep = row["deprecated"]
    if dep:
        if dep["kind"] == "renamed":
            out.print(f"[yellow]{'renamed to' if en else '已更名为'} {dep['successor_flag']} ({dep['since']})[/yellow]")
        else:
            instead = f" — {dep['instead'][lang]}" if dep["instead"] else ""
            out.print(f"[red]{'removed in' if en else '已移除于'} {dep['since']}{escape(instead)}[/red]")
    for p, entry in row["platforms"].items():
        style = STATUS_STYLE[entry["status"]]
        line = f"  {p:<6} [{style}]{entry['status']:<12}[/{style}]"
        line += f" {'default' if en else '默认'}={escape(json.dumps(entry['default'], ensure_ascii=False))}"
        if entry.get("engine_default") is not None and entry["default"] is None:
            line += (f" ({'argmatrix engine uses' if en else 'argmatrix 引擎取'} "
                     f"{escape(json.dumps(entry['engine_default'], ensure_ascii=False))})")
        if entry["options"] is not None:
            line += f"  {'allowed' if en else '允许'}: {escape(', '.join(map(str, entry['options'])))}"
        out.print(line)
        if entry["reason"]:
            out.print(f"        [dim]{escape(entry['reason'][lang])}[/dim]")
        for note in entry["notes"]:
            out.print(f"        [dim]{'note' if en else '注'}: {escape(note[lang])}[/dim]")
    if "engine" in row:
        eng = row["engine"]
        out.print(f"{'this engine' if en else '本引擎'}: {eng['status']}" + (f" — {escape(eng['reason'][lang])}" if eng.get("reason") else ""))
    if row["rules"]:
        out.print(f"{'rules' if en else '规则'}: {', '.join(row['rules'])}")
