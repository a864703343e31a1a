"""Read a command line the way vLLM's ``FlexibleArgumentParser`` reads it, into assignments with provenance.

What vLLM does before argparse sees the words (vllm/utils/argparse_utils.py in 0.32.0), and so this reader:

* ``vllm serve MODEL``: the first bare word is the model; ``--model X`` is moved there (a second bare word is
  an error, as argparse says "unrecognized arguments");
* ``--config FILE``: a YAML mapping of flag names, read as flags placed before the command line's own (the
  command line wins); ``true`` is the switch, ``false`` its ``--no-`` form where there is one, a list its
  values, a mapping one JSON object;
* underscores in a flag's name are dashes (``--max_model_len``), up to the first dot;
* ``--json-flag.key value`` (and ``-cc.key``) sets one key of a JSON object argument; ``.key+ a,b`` appends;
  a dotted value is JSON if it parses, else a human-readable integer, else text;
* ``-O3``, ``-O=3`` and ``-O 3`` are ``--optimization-level 3``;
* argparse itself: unambiguous prefixes of long flags, ``--flag=value``, ``nargs='+'`` lists,
  ``--no-x`` only for ``BooleanOptionalAction`` switches (declared ``negatable`` in the schema).
"""
from __future__ import annotations

import json
import re
from typing import Any

from ..matrix.engines.base import NEGATE_ENABLE_DISABLE, Engine
from ..records import record
from ..schema.meta import Text
from ..schema.registry import ArgSpec
from ..schema.types import JSON_ERRORS, parse_human_int
from .findings import Finding
from .sources import APPEND, MERGE, Assignment, cli_value, did_you_mean, usage

_NEGATIVE_NUMBER = re.compile(r"^-\d+$|^-\d*\.\d+$")
_DOT_KEY = re.compile(r"(?<=--)[^.]*")


@record
class Word:
    text: str
    source: str


def is_option(word: str) -> bool:
    return word.startswith("-") and len(word) > 1 and not _NEGATIVE_NUMBER.match(word)


def _dashed(token: str) -> str:
    """``--max_model_len=8`` -> ``--max-model-len=8``; only the name, up to the first dot, changes."""
    if not token.startswith("--"):
        return token
    head, eq, value = token.partition("=")
    return _DOT_KEY.sub(lambda m: m.group(0).replace("_", "-"), head, count=1) + eq + value


def _dotted_value(text: str) -> Any:
    try:
        return json.loads(text)
    except JSON_ERRORS:
        try:
            return parse_human_int(text)
        except ValueError:
            return text


class FlexibleReader:
    """One read of one command line for an engine whose parser is ``FlexibleArgumentParser``-like."""

    def __init__(self, engine: Engine, program: tuple[str, ...] = (), release: str | None = None):
        self.engine = engine
        self.surface = engine.surface
        self.spelling = engine.spelling_for(release)
        self.program = program  # the launcher words the line started with (none: the engine's own program)
        self.first = len(program)  # the index of the first word read in the whole line, for its argv[i] sources
        self.out: list[Assignment] = []
        self.dotted_out: list[Assignment] = []  # vLLM re-adds merged dotted keys after every other word
        self.problems: list[Finding] = []
        self.config_path: str | None = None

    # --- the words ----------------------------------------------------------------------------------------------
    def words(self, argv: list[str]) -> list[Word]:
        words = [Word(t, f"argv[{i}]") for i, t in enumerate(argv, start=self.first)]
        positional = self.spelling.positional
        if positional:  # `--model X` moves to the front, as vLLM does before parsing
            for i, w in enumerate(words):
                head, eq, value = w.text.partition("=")
                if head == "--model":
                    model = Word(value, w.source) if eq else (words[i + 1] if i + 1 < len(words) else None)
                    if model is not None:
                        rest = words[:i] + words[i + (1 if eq else 2):]
                        words = [model, *rest]
                    break
        for i, w in enumerate(words):
            head, eq, value = w.text.partition("=")
            if head == "--config":
                if not eq and i + 1 >= len(words):
                    self.problems.append(usage("AM-E002", Text("--config needs a file", "--config 需要指定文件"),
                                               flag="--config", source=w.source))
                    return words[:i]
                path = value if eq else words[i + 1].text
                self.config_path = path
                rest = words[:i] + words[i + (1 if eq else 2):]
                lead = 1 if positional and rest and not is_option(rest[0].text) else 0
                return rest[:lead] + self.config_words(path) + rest[lead:]
        return words

    def config_words(self, path: str) -> list[Word]:
        """vLLM's --config YAML as the words vLLM puts in its place (load_config_file)."""
        from .sources import read_yaml_mapping

        data, lines, problem = read_yaml_mapping(path)
        if problem is not None:
            self.problems.append(problem)
            return []
        words: list[Word] = []
        for key, value in data.items():
            src = f"file:{path}:{lines[str(key)]}" if str(key) in lines else f"file:{path}"
            flag = "--" + str(key)
            if isinstance(value, bool):
                if value:
                    words.append(Word(flag, src))
                elif self.config_false_reaches(str(key)):
                    words.append(Word("--no-" + str(key), src))
                else:
                    self.config_false_dropped(str(key), path, src)
            elif isinstance(value, list):
                if value:
                    words += [Word(flag, src), *(Word(str(v), src) for v in value)]
            elif isinstance(value, dict):
                words += [Word(flag, src), Word(json.dumps(value), src)]
            else:
                words += [Word(flag, src), Word(str(value), src)]
        return words

    def model_first(self, argv: list[str]) -> None:
        """vLLM stops when a `vllm serve` line names --served-model-name but gives no model word first and no
        --config (argparse_utils.py:203): the name would otherwise be taken for the model."""
        if not self.spelling.positional or self.program[-1:] != ("serve",) or not argv or not is_option(argv[0]):
            return
        if any(re.match(r"^--config(=.+|$)", a) for a in argv) or any(re.match(r"^--model(=.+|$)", a) for a in argv):
            return
        if any(re.match(r"^--served[-_]model[-_]name(=.+|$)", a) for a in argv):
            self.problems.append(usage("AM-E003", Text("vllm serve needs the model as its first word when "
                                                       "--served-model-name is given", "指定 --served-model-name 时，"
                                                       "vllm serve 的第一个参数必须是模型"),
                                       Text("write vllm serve MODEL --served-model-name NAME ...",
                                            "请写作 vllm serve 模型 --served-model-name 名称 ..."),
                                       flag="--served-model-name", source=f"argv[{self.first}]"))

    def config_false_reaches(self, key: str) -> bool:
        """Whether vLLM turns ``key: false`` into ``--no-key``.

        load_config_file (argparse_utils.py:620) writes it only when the parser that reads the file knows the
        ``--no-`` spelling as written.  Under ``vllm serve`` that parser is the top-level one, which knows none of
        serve's flags, so the line is dropped; the api_server entry point reads the file with serve's own parser.
        """
        if self.program[-1:] == ("serve",) or not self.program:
            return False
        name = self.surface.flags.get("--" + key)
        return name is not None and bool(self.surface.specs[name].arg.negatable)

    def config_false_dropped(self, key: str, path: str, source: str) -> None:
        from .findings import WARNING

        flag = "--" + key.replace("_", "-")
        name = self.surface.flags.get(flag)
        spec = self.surface.specs.get(name) if name else None
        hint = (Text(f"write --no-{flag[2:]} on the command line instead", f"请改在命令行上写 --no-{flag[2:]}")
                if spec is not None and spec.arg.negatable else
                Text(f"remove '{key}: false' from {path}: it is {flag}'s default",
                     f"从 {path} 中去掉“{key}: false”：这本就是 {flag} 的默认值"))
        self.problems.append(Finding("AM-W804", WARNING, "compat",
                                     Text(f"vllm serve ignores '{key}: false' in its --config file: vLLM 0.32 writes a "
                                          "false switch as --no-<key> only where its top-level parser knows that "
                                          "spelling, and under vllm serve it knows none",
                                          f"vllm serve 会忽略 --config 文件中的“{key}: false”：vLLM 0.32 只在其顶层解析器"
                                          "认识 --no-<键名> 写法时才写出关闭的开关，而在 vllm serve 下它一个都不认识"),
                                     hint, field=name, flag=flag, value=False, source=source))

    # --- flags ---------------------------------------------------------------------------------------------------
    def resolve(self, flag: str) -> tuple[str | None, bool, tuple[str, ...]]:
        """``(field, negated, ambiguous)`` for a flag spelling: exact, ``--no-x``, then an argparse prefix."""
        flags = self.surface.flags
        if flag in flags:
            return flags[flag], False, ()
        for off in self.off_spellings(flag):
            name = flags.get(off)
            if name is not None and self.surface.specs[name].arg.negatable:
                return name, True, ()
        if self.spelling.abbreviations and flag.startswith("--"):
            options = [f for f in flags if f.startswith("--")]
            options += ["--no-" + f[2:] for f in options if self.surface.specs[flags[f]].arg.negatable]
            matches = [f for f in options if f.startswith(flag)]
            fields = {flags[f] if f in flags else flags["--" + f[5:]] for f in matches}
            if len(matches) == 1 or (len(fields) == 1 and all(not f.startswith("--no-") for f in matches)):
                match = matches[0]
                return (flags[match], False, ()) if match in flags else (flags["--" + match[5:]], True, ())
            if matches:
                return None, False, tuple(sorted(matches))
        return None, False, ()

    def off_spellings(self, flag: str) -> list[str]:
        """The switch that ``flag`` turns off: ``--no-x`` -> ``--x``; from vLLM 0.33 also ``--disable-x`` ->
        ``--enable-x`` and ``--enable-x`` -> ``--disable-x``."""
        out = ["--" + flag[5:]] if flag.startswith("--no-") else []
        if self.spelling.negation == NEGATE_ENABLE_DISABLE:
            for prefix, other in (("--disable-", "--enable-"), ("--enable-", "--disable-")):
                if flag.startswith(prefix):
                    out.append(other + flag[len(prefix):])
        return out

    def unknown(self, flag: str, source: str, ambiguous: tuple[str, ...]) -> None:
        name = self.engine.title.en
        gone, across = (_removed_vllm_flag(flag) if self.surface.key == "vllm" else None), None
        if ambiguous:
            listed = ", ".join(ambiguous)
            # a removed flag that is now a prefix of others (--device): say both
            was = Text(f"; {flag} itself is gone ({gone.when.en}): {gone.instead.en}",
                       f"；{flag} 本身已不存在（{gone.when.zh}）：{gone.instead.zh}") if gone else Text("", "")
            self.problems.append(usage("AM-E009", Text(f"ambiguous flag {flag}: {name}'s parser reads it as an "
                                                       f"abbreviation of {listed}", f"参数 {flag} 有歧义：{name} 的解析器"
                                                       f"会把它当作 {listed} 的缩写"),
                                       Text(f"write the whole flag: {' or '.join(ambiguous)}{was.en}",
                                            f"请写出完整参数：{' 或 '.join(ambiguous)}{was.zh}"), flag=flag, source=source))
            return
        if gone is None and self.surface.key == "vllm":
            from .translate import counterpart

            across = counterpart(flag, self.surface.key)
        if gone is not None:
            self.problems.append(usage("AM-E001", Text(f"unknown {name} flag {flag}: {gone.when.en}",
                                                       f"未知的 {name} 参数 {flag}：{gone.when.zh}"),
                                       Text(f"{gone.instead.en} ({gone.source})", f"{gone.instead.zh}（{gone.source}）"),
                                       flag=flag, source=source))
        elif across is not None:
            owner, flags, note = across
            said = " / ".join(flags)
            differs = Text(f"; note: {note.en}", f"；注意：{note.zh}") if note else Text("", "")
            self.problems.append(usage("AM-E001", Text(f"unknown {name} flag {flag}: it is {owner}'s spelling",
                                                       f"未知的 {name} 参数 {flag}：这是 {owner} 的写法"),
                                       Text(f"{name} says it as {said}{differs.en} (argmatrix explain --engine "
                                            f"{self.engine.key} {flags[0]})",
                                            f"{name} 的对应写法为 {said}{differs.zh}（argmatrix explain --engine "
                                            f"{self.engine.key} {flags[0]}）"), flag=flag, source=source))
        else:
            hint = self.surface.suggest_flag(flag)
            self.problems.append(usage("AM-E001", Text(f"unknown {name} flag {flag}", f"未知的 {name} 参数 {flag}"),
                                       did_you_mean(hint, "{}"), flag=flag, source=source))

    # --- the read ------------------------------------------------------------------------------------------------
    def read(self, argv: list[str]) -> tuple[list[Assignment], list[Finding], str | None]:
        words = self.words(argv)
        self.model_first(argv)
        positional_done = False
        i = 0
        while i < len(words):
            word = words[i]
            token = _dashed(word.text) if self.spelling.underscores else word.text
            if not is_option(token) or token == "--":
                if self.spelling.positional and not positional_done and token != "--":
                    self.out.append(Assignment(self.spelling.positional, token, word.source,
                                               flag=self.surface.specs[self.spelling.positional].flag))
                    positional_done = True
                else:
                    self.problems.append(usage("AM-E003", Text(f"unexpected argument '{token}'",
                                                               f"无法识别的参数“{token}”"),
                                               Text(f"{self.engine.program[0]} takes the model first, then --flag value",
                                                    f"{self.engine.program[0]} 的写法为：先写模型，再写 --flag 取值"),
                                               value=token, source=word.source))
                i += 1
                continue
            if self.spelling.optimization_shorthand and token.startswith("-O") and not token.startswith("--"):
                level = token[3:] if token[2:3] == "=" else token[2:]
                if not level and i + 1 < len(words) and words[i + 1].text in {"0", "1", "2", "3"}:
                    level, i = words[i + 1].text, i + 1
                if level:
                    token = f"--optimization-level={level}"
            head, eq, inline = token.partition("=")
            base, dot, path_text = head.partition(".")
            name, negated, ambiguous = self.resolve(base)
            if name is None:
                self.unknown(base, word.source, ambiguous)
                i += 1
                while not eq and i < len(words) and not is_option(words[i].text):
                    i += 1  # the unknown flag's values are not reported again
                continue
            spec = self.surface.specs[name]
            if dot:
                i = self.dotted(spec, base, path_text, eq, inline, words, i)
                continue
            if spec.is_bool:
                if eq:
                    self.problems.append(usage("AM-E005", Text(f"{base} is a switch and takes no value",
                                                               f"{base} 是开关，不接受取值"),
                                               flag=base, value=inline, source=word.source, field=name))
                else:
                    self.out.append(Assignment(name, not negated, word.source, flag=base, negated=negated))
                i += 1
                continue
            if eq:
                values, i = [inline], i + 1
            else:
                j = i + 1
                while j < len(words) and not is_option(words[j].text):
                    j += 1
                    if not spec.is_list:
                        break
                values, i = [w.text for w in words[i + 1:j]], j
            if not values:
                self.problems.append(usage("AM-E002", Text(f"{base} needs a value", f"{base} 需要一个取值"),
                                           Text(f"write {base} VALUE", f"写作 {base} 取值"), flag=base,
                                           source=word.source, field=name))
                continue
            if name == self.engine.config_field:
                continue  # already read as the words it stands for
            value = values if spec.is_list else values[0]
            self.out.append(Assignment(name, self.value(spec, value), word.source, flag=base))
        return self.out + self.merged_dotted(), self.problems, self.config_path

    def merged_dotted(self) -> list[Assignment]:
        """vLLM merges every dotted key of a flag into one JSON object and adds it after all other words, so it
        replaces a whole JSON value given for the same flag (argparse_utils.py:455)."""
        out: list[Assignment] = []
        started: set[str] = set()
        for a in self.dotted_out:
            if a.field not in started:
                started.add(a.field)
                out.append(Assignment(a.field, {}, a.source, flag=a.flag))
            out.append(a)
        return out

    def value(self, spec: ArgSpec, value: Any) -> Any:
        if spec.is_list:
            return [v for v in value] if not (len(value) == 1 and value[0].strip().startswith("[")) \
                else cli_value(spec, value)
        return cli_value(spec, [value])

    def dotted(self, spec: ArgSpec, base: str, path_text: str, eq: str, inline: str, words: list[Word],
               i: int) -> int:
        word = words[i]
        appending = path_text.endswith("+")
        path = tuple(p for p in path_text.rstrip("+").split(".") if p)
        if not spec.is_object or not path:
            self.problems.append(usage("AM-E004", Text(f"{base} takes no dotted keys: it is not a JSON object",
                                                       f"{base} 不是 JSON 对象，不能使用点号子键"),
                                       flag=base, value=word.text, source=word.source, field=spec.name))
            return i + 1
        if eq:
            text, nxt = inline, i + 1
        elif i + 1 < len(words):
            text, nxt = words[i + 1].text, i + 2
        else:
            self.problems.append(usage("AM-E002", Text(f"{base}.{path_text} needs a value",
                                                       f"{base}.{path_text} 需要一个取值"),
                                       flag=base, source=word.source, field=spec.name))
            return i + 1
        if appending:
            for item in text.split(","):  # vLLM appends the comma-separated pieces as text
                self.dotted_out.append(Assignment(spec.name, item, word.source, APPEND, path, flag=base))
        else:
            self.dotted_out.append(Assignment(spec.name, _dotted_value(text), word.source, MERGE, path, flag=base))
        return nxt


def parse_flexible_argv(argv: list[str], engine: Engine, program: tuple[str, ...] = (),
                        release: str | None = None) -> tuple[list[Assignment], list[Finding], str | None]:
    """Assignments, usage findings and the ``--config`` path of a vLLM-style command line (``program``: the
    launcher words it started with, which ``argv`` follows, so its sources count from them; ``release``: the
    engine release whose spelling applies)."""
    return FlexibleReader(engine, program, release).read(list(argv))


def _removed_vllm_flag(flag: str):
    """vLLM's removed-flag table, loaded only when a vLLM line has an unknown flag (an SGLang check never does)."""
    from ..schema.vllm.removed import removed

    return removed(flag)
