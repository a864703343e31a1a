"""Help for the server flags that ``serve`` and ``check-config`` pass through, generated from the schema."""
from __future__ import annotations

import json
import textwrap

import typer.core

from .lang import default_lang


def _default(value, lang: str) -> str:
    if value is None:
        return "none" if lang == "en" else "无"
    return json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value


def server_flags_help(lang: str, width: int = 100) -> str:
    from ..schema import iter_groups

    lines = ["", "Server arguments:" if lang == "en" else "服务参数："]
    for group, specs in iter_groups():
        lines += ["", f"  {group.title(lang)}"]
        for spec in specs:
            if spec.deprecated is not None:
                continue
            default = (f"[default: {_default(spec.default, lang)}]" if lang == "en"
                       else f"[默认值：{_default(spec.default, lang)}]")
            head = f"    {', '.join(spec.flags)}  {spec.type_label}  {default}"
            lines.append(head)
            lines += textwrap.wrap(spec.arg.help(lang), width=width, initial_indent=" " * 8,
                                   subsequent_indent=" " * 8)
    return "\n".join(lines) + "\n"


class ServerFlagsCommand(typer.core.TyperCommand):
    """A typer command whose --help also lists every server argument, by group."""

    def format_help(self, ctx, formatter) -> None:
        super().format_help(ctx, formatter)
        text = server_flags_help(default_lang())
        if typer.core.HAS_RICH and self.rich_markup_mode is not None:
            print(text, end="")  # rich printed the first part straight to stdout, not into the formatter
        else:
            formatter.write(text)
