"""Help for the server flags that ``serve`` and ``check-config`` pass through, generated from the schema."""
from __future__ import annotations

import json
import re
import unicodedata

import typer.core

from .lang import default_lang
from .vendored_click import click_module


def _default(value, lang: str) -> str:
    if value is None:
        return "none" if lang == "en" else "无"
    return json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value


def display_width(text: str) -> int:
    """Terminal columns of ``text``: wide (CJK) characters take two, combining marks none."""
    return sum(0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF" else 1
               for ch in text)


# a quoted or code-spanned command example without Chinese in it stays on one line ("argmatrix explain --tp-size"),
# then single Chinese characters, Latin words, spaces
_PIECES = re.compile(r"“[^”\u2e80-\u9fff]{1,80}”|`[^`\u2e80-\u9fff]{1,80}`"
                     r"|[\u2e80-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]|[^\s\u2e80-\u9fff\uf900-\ufaff"
                     r"\u3000-\u303f\uff00-\uffef]+|\s+")
_NO_LINE_START = set("，。；：、！？）》」』】〕”’")  # Chinese punctuation never begins a line


_NO_LINE_END = set("[(（《“‘「")  # an opening bracket never ends a line


def wrap_display(text: str, width: int, indent: str = "", subsequent: str | None = None) -> list[str]:
    """Wrap ``text`` to ``width`` terminal columns (CJK characters count two): breaks at spaces and between
    Chinese characters, never inside an ASCII word (a flag stays whole), before closing punctuation or after an
    opening bracket."""
    lines: list[str] = []
    pieces: list[str] = []  # the current line, as pieces (words, spaces, single Chinese characters)
    lead = indent

    def width_of(items: list[str]) -> int:
        return display_width(lead + "".join(items))

    for piece in _PIECES.findall(re.sub(r"\s*\n\s*", " ", text.strip())):
        if piece.isspace():
            if pieces:
                pieces.append(piece)
            continue
        if pieces and width_of(pieces + [piece]) > width:
            carried: list[str] = []
            while pieces and ((piece[0] in _NO_LINE_START and not carried) or pieces[-1][-1] in _NO_LINE_END) \
                    and len(pieces) > 1:
                carried.insert(0, pieces.pop())  # keep the punctuation with the word before, a bracket with after
                while pieces and pieces[-1].isspace():
                    pieces.pop()
            lines.append((lead + "".join(pieces)).rstrip())
            lead = indent if subsequent is None else subsequent
            pieces = carried
        pieces.append(piece)
    if pieces:
        lines.append((lead + "".join(pieces)).rstrip())
    return lines


def server_flags_help(lang: str, width: int = 100) -> str:
    from ..schema import iter_groups
    from ..schema.releases import superseded

    lines = ["", "Server arguments:" if lang == "en" else "服务参数："]
    for group, specs in iter_groups():
        lines += ["", f"  {group.title(lang)}"]
        for spec in specs:
            if superseded(spec.name):
                continue
            default = (f"[default: {_default(spec.default, lang)}]" if lang == "en"
                       else f"[默认值：{_default(spec.default, lang)}]")
            lines += wrap_display(f"{', '.join(spec.flags)}  {spec.type_text(lang)}  {default}", width, " " * 4, " " * 8)
            lines += wrap_display(spec.arg.help(lang), width, " " * 8)
    return "\n".join(lines) + "\n"


HELP_ALL = "List every server argument, by group, with its type, default and help."


def server_flags_pointer(lang: str) -> str:
    """What plain --help says instead of the ~500 server arguments: where to read them."""
    from ..schema import iter_groups
    from ..schema.releases import superseded

    count = sum(1 for _, specs in iter_groups() for spec in specs if not superseded(spec.name))
    if lang == "en":
        text = (f"Server arguments: the command also takes the {count} launch flags. 'argmatrix explain FLAG' shows "
                "one on every platform; '--help-all' lists them all here.")
    else:
        text = (f"服务参数：该命令还接受 {count} 个启动参数。“argmatrix explain 参数”显示单个参数在各平台上的情况；"
                "“--help-all”在此列出全部参数。")
    return "\n" + "\n".join(wrap_display(text, 100)) + "\n"


def _show_all(ctx, _param, value) -> None:
    """--help-all: the command's help with every server argument listed (format_help reads the mark)."""
    if not value or ctx.resilient_parsing:
        return
    ctx.meta["argmatrix_help_all"] = True
    print(ctx.get_help())
    ctx.exit()


class ServerFlagsCommand(typer.core.TyperCommand):
    """A typer command whose --help points at the server arguments and whose --help-all lists every one, by group
    (the list is ~2,000 lines: too long for the help a user asks for first), and whose shell completion offers them
    too (``cli/completion.py``).

    Server flags may follow ``--`` or come without it.  Before a ``--`` only the command's own options may stand:
    an unknown one there is a usage error naming it (with the nearest option it has), never a server flag, so a
    mistyped option (``--vlm-version``) cannot change which engine or release judges the line after ``--``."""
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # a declared option, so localize() gives it its Chinese help like every other
        self.params.append(typer.core.TyperOption(param_decls=["--help-all"], is_flag=True, default=False,
                                                  expose_value=False, is_eager=True, help=HELP_ALL,
                                                  callback=_show_all))

    def parse_args(self, ctx, args: list[str]) -> list[str]:
        if "--" in args:
            unknown, known = self._unknown_options(ctx, args[:args.index("--")])
            if unknown:
                import difflib

                lang = default_lang()
                said = ", ".join(unknown)
                near = difflib.get_close_matches(unknown[0], sorted(n for n in known if n.startswith("--")), n=1)
                hint = (f"; did you mean {near[0]}?" if lang == "en" else f"；您是否想输入 {near[0]}？") if near else ""
                raise click_module("exceptions").UsageError(
                    f"unknown option {said} before '--': {ctx.command_path}'s own options go before '--', the "
                    f"server's flags after it{hint} (see {ctx.command_path} --help)" if lang == "en" else
                    f"“--”之前出现未知选项 {said}：{ctx.command_path} 自身的选项写在“--”之前，服务端参数写在其后"
                    f"{hint}（参见 {ctx.command_path} --help）", ctx=ctx)
        return super().parse_args(ctx, args)

    def _unknown_options(self, ctx, own: list[str]) -> tuple[list[str], set[str]]:
        """The options before ``--`` the command does not have, and the ones it has (``--help`` included: click
        adds it outside ``self.params``)."""
        takes_value: dict[str, bool] = {name: False for name in ctx.help_option_names}
        for param in self.get_params(ctx):
            for opt in (*getattr(param, "opts", ()), *getattr(param, "secondary_opts", ())):
                takes_value[opt] = not (getattr(param, "is_flag", False) or getattr(param, "count", False))
        unknown, i = [], 0
        while i < len(own):
            token = own[i]
            name, eq, _ = token.partition("=")
            if token.startswith("-") and token != "-":
                if name not in takes_value:
                    unknown.append(name)
                elif takes_value[name] and not eq:
                    i += 1  # its value
            i += 1
        return unknown, set(takes_value)

    def shell_complete(self, ctx, incomplete):
        from click.shell_completion import CompletionItem

        from .completion import server_completions

        own = super().shell_complete(ctx, incomplete)   # argmatrix's own options (before --)
        server = [CompletionItem(value, type=kind, help=help_ or None)
                  for value, kind, help_ in server_completions(list(ctx.args), incomplete)]
        return [*own, *server]

    def format_help(self, ctx, formatter) -> None:
        super().format_help(ctx, formatter)
        lang = default_lang()
        text = server_flags_help(lang) if ctx.meta.get("argmatrix_help_all") else server_flags_pointer(lang)
        if typer.core.HAS_RICH and self.rich_markup_mode is not None:
            print(text, end="")  # rich printed the first part straight to stdout, not into the formatter
        else:
            formatter.write(text)
