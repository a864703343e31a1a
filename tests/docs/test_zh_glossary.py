"""Every Chinese string argmatrix can print or write follows the one glossary (argmatrix/schema/glossary.py).

The strings come from the data tables themselves (help texts, group titles, statuses, platform reasons and
notes, engine reasons, rule templates, release findings, validator templates, renderer words), from the
findings of a set of bad launches, and from the generated Chinese pages.  Each is checked for the glossary's
forbidden spellings, for ASCII words that are not flags, values, codes, units or kept names, and for
half-width punctuation against Chinese text; each English/Chinese pair must name the same flags.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from argmatrix.schema.glossary import FORBIDDEN, ascii_words, half_width_punctuation
from argmatrix.schema.meta import Text
from argmatrix.schema.registry import GROUPS, SPECS

ROOT = Path(__file__).resolve().parents[2]
FLAG = re.compile(r"(?<![\w-])--[A-Za-z0-9][\w-]*[A-Za-z0-9]")


def _values() -> frozenset[str]:
    out: set[str] = set()
    for spec in SPECS.values():
        out.add(spec.name)
        out.update(str(c) for c in spec.choices or ())
        if isinstance(spec.default, str):
            out.add(spec.default)
    return frozenset(out)


LAUNCHES = [
    (["--pp-size", "2", "--attention-backend", "flashinfer", "--mem-fraction-static", "1.5", "--tp-size", "x"], "a3"),
    (["--moe-dp-size", "2", "--enable-dp-attention", "--cuda-graph-bs", "8", "--disable-cuda-graph"], "a3"),
    (["--attention-backend", "ascnd", "--model-impl", "mindspore", "--max-mamba-cache-size", "0"], "cuda"),
    (["--enable-lora", "--max-loaded-loras", "1", "--max-loras-per-batch", "4", "--chunked-prefill-size", "1.5K"], "a2"),
    (["--enable-dp-attention", "--json-model-override-args", "{x", "--disable-hicache"], "cpu"),
    (["--attn-cp-size", "4", "--tp-size", "2", "--enable-hierarchical-cache", "--max-mamba-cache-size", "2"], "a3"),
    (["--enforce-piecewise-cuda-graph", "--moe-a2a-backend", "ascend_fuseep", "--enable-eplb"], "a2"),
    (["--pp-size", "4", "--speculative-eagle-topk", "2", "--schedule-low-priority-values-first"], "310p"),
    (["--tp-sze", "2", "--config", "/nonexistent/deploy.yaml", "--tp-size"], "a3"),
    (["--disable-radix-cache", "false", "--cuda-graph-bs", "8", "--crash-on-nan", "--attn-dp-size", "2"], "cuda"),
]
SOURCES = ["argv[3]", "file:deploy.yaml:7", "env:ARGMATRIX_TP_SIZE", "platform:a3", "derived:tokenizer-from-model",
           "default", "override", "vllm-compat:--tensor-parallel-size"]


def _own_values() -> set[str]:
    """argmatrix's own commands, option choices and rule ids: values the Chinese text names as they are typed."""
    import typer

    from argmatrix.cli.app import app
    from argmatrix.matrix import table_rules
    from argmatrix.matrix.status import Status
    from argmatrix.matrix.table import row
    from argmatrix.schema.registry import GROUPS

    out: set[str] = {r.id for r in table_rules.RULES} | {s.value for s in Status} | {g.key for g, _ in GROUPS}
    from argmatrix.matrix.platforms import PLATFORMS

    out |= {rule for spec in SPECS.values() for rule in row(spec)["rules"]}
    out |= {rule.rstrip("-0123456789") for rule in set(out)}  # "npu-pp-size-2" reads as a word and a number
    out |= {n.rule for p in PLATFORMS.values() for spec in SPECS.values() for n in p.notes(spec) if n.rule}
    out |= {s.split(":", 1)[1] for s in SOURCES if s.startswith("derived:")}  # a derivation rule's name
    # the values of argmatrix's own free-text options: bench --dataset/--backend, demo-model --size, --request-rate
    out |= {"random", "shared-prefix", "completions", "chat", "generate", "tiny", "small", "inf"}
    from argmatrix.runtime.server.warmup import WARMUPS

    out |= set(WARMUPS)  # serve --warmups names
    from argmatrix.matrix import engines
    from argmatrix.matrix.release_diff import PLUGINS

    out |= set(engines.keys()) | set(engines.ALIASES) | set(PLUGINS)  # --engine values (matrix diff's vllm-ascend)

    def walk(cmd, name: str) -> None:
        out.update([name, *name.split("-")])
        for p in cmd.params:
            out.update(str(c) for c in getattr(p.type, "choices", ()) or ())
            out.update(o.lstrip("-") for o in [*getattr(p, "opts", ()), *getattr(p, "secondary_opts", ())])
            if isinstance(p.default, str):
                out.add(p.default)
        for sub_name, sub in (getattr(cmd, "commands", None) or {}).items():
            walk(sub, sub_name)

    walk(typer.main.get_command(app), "argmatrix")
    return out


# what the user typed is a value too: a finding repeats it
VALUES = _values() | {token for argv, _ in LAUNCHES for token in argv} | _own_values()


def _findings_of_bad_launches() -> Iterator[tuple[str, Text]]:
    from argmatrix.compiler import CompileOptions, compile

    for argv, target in LAUNCHES:
        for release in ("0.5.9", "0.5.23"):
            for f in compile(argv, CompileOptions(target=target, env={}, releases={"sglang": release})).findings:
                yield f"finding {f.code} ({' '.join(argv)})", f.message
                if f.hint:
                    yield f"hint {f.code} ({' '.join(argv)})", f.hint


def all_pairs() -> Iterator[tuple[str, Text]]:
    """Every (where, Text) whose Chinese side argmatrix prints or writes."""
    from argmatrix.cli.render import COUNTED
    from argmatrix.compiler.sglang_releases import release_finding
    from argmatrix.generate.common import ENGINE_MEANING, WORDS
    from argmatrix.matrix import engine, table_rules
    from argmatrix.matrix.platforms import KNOWN_WITHOUT_COLUMN, PLATFORMS
    from argmatrix.matrix.status import STATUS_MEANING, STATUS_PREDICATES, STATUS_TITLES
    from argmatrix.schema.releases import CHANGES, FORMER_FLAGS, INTRODUCED, NEWEST, former_flag, parse_release
    from argmatrix.schema.type_errors import FALLBACK, TEMPLATES

    for group, _ in GROUPS:
        yield f"group title {group.key}", group.title
        if group.note:
            yield f"group note {group.key}", group.note
    for spec in SPECS.values():
        yield f"help {spec.flag}", spec.arg.help
        cap = engine.capability(spec.name)
        if cap.reason:
            yield f"engine reason {spec.flag}", cap.reason
        for platform in PLATFORMS.values():
            cell = platform.cell(spec)
            if cell.reason:
                yield f"{platform.key} reason {spec.flag}", cell.reason
            for note in platform.notes(spec):
                yield f"{platform.key} note {spec.flag}", note.text
    for table in (STATUS_TITLES, STATUS_PREDICATES, STATUS_MEANING, engine.ENGINE_TITLES, ENGINE_MEANING, WORDS,
                  KNOWN_WITHOUT_COLUMN, COUNTED):
        for key, text in table.items():
            yield f"word {key}", text
    for platform in PLATFORMS.values():
        yield f"platform {platform.key}", platform.title
        yield f"platform devices {platform.key}", platform.devices.source
    for rule in table_rules.RULES:
        yield f"rule {rule.id}", rule.message
        yield f"rule hint {rule.id}", rule.hint
    for kind, (message, fix) in {**TEMPLATES, "fallback": FALLBACK}.items():
        yield f"validator {kind}", message
        yield f"validator fix {kind}", fix
    where = {"field": None, "flag": None, "value": None, "source": None, "platform": None}
    for name, change in CHANGES.items():
        for release in (change.deprecated_in, change.gone_in, NEWEST, "0.5.9"):
            if release and parse_release(release) >= parse_release("0.5.9"):
                f = release_finding(name, release, SPECS[name].flag, where)
                if f is not None:
                    yield f"release {name} {release}", f.message
                    yield f"release fix {name} {release}", f.hint
    for name in INTRODUCED:
        f = release_finding(name, "0.5.9", SPECS[name].flag, where)
        if f is not None:
            yield f"introduced {name}", f.message
            yield f"introduced fix {name}", f.hint
    for flag in FORMER_FLAGS:
        for release in ("0.5.9", "0.5.15", NEWEST):
            said = former_flag(flag, release)
            assert said is not None
            yield f"former {flag} {release}", said[0]
            yield f"former fix {flag} {release}", said[1]
    yield from _findings_of_bad_launches()
    yield from _what_the_commands_print()


def _what_the_commands_print() -> Iterator[tuple[str, Text]]:
    """serve's start-up messages, explain's page of every argument, plan's labels, detect's words and explanations,
    source labels, snapshot names and argmatrix's own --help texts (issue 21)."""
    import io

    from rich.console import Console

    from argmatrix.cli import app, help_zh, plan, render
    from argmatrix.compiler.findings import source_label
    from argmatrix.matrix.platforms.detect import Detection
    from argmatrix.matrix.table import row
    from argmatrix.runtime.server.startup_text import SAY
    from argmatrix.schema.snapshots import CURRENT, PREVIOUS, since_text

    for key, text in SAY.items():
        yield f"serve {key}", text
    for table in (plan.LABELS, plan.COMPONENTS, app.DETECT_WORDS):
        for key, text in table.items():
            yield f"command word {key}", text
    for source in SOURCES:
        yield f"source {source}", Text(source_label(source, "en"), source_label(source, "zh"))
    for name in (PREVIOUS, CURRENT, "0.5.22"):
        yield f"snapshot {name}", since_text(name)
    for en, zh in help_zh.HELP_ZH.items():
        yield f"cli help {en[:30]}", Text(en, zh)
    import inspect

    import argmatrix.matrix.platforms.detect as detect_module

    for line in inspect.getsource(detect_module).splitlines():  # every explanation detection can give, in both
        if "how_zh=" in line:
            yield "detect how", Text("", line.split("how_zh=", 1)[1])
    for spec in SPECS.values():
        pages = []
        for lang in ("en", "zh"):
            out = io.StringIO()
            render.explain_text(row(spec), lang, Console(file=out, width=400, no_color=True))
            pages.append(out.getvalue())
        yield f"explain {spec.flag}", Text(pages[0], pages[1].replace("? ", "  "))  # "?" is the unverified mark
    assert Detection  # the type whose explanations are read above


PAIRS = [(where, text) for where, text in all_pairs() if text is not None and text.zh]


def test_the_collection_reaches_every_kind_of_string():
    kinds = {where.split(" ")[0] for where, _ in PAIRS}
    assert {"help", "group", "rule", "release", "validator", "finding", "hint", "word", "a3", "engine", "serve",
            "explain", "command", "source", "snapshot", "cli", "detect"} <= kinds
    assert len([w for w, _ in PAIRS if w.startswith("help ")]) == len(SPECS)


def test_glossary_terms():
    bad = [f"{where}: '{m.group(0)}' -> {good}: {text.zh}" for where, text in PAIRS
           for rx, good in FORBIDDEN for m in [rx.search(text.zh)] if m]
    assert not bad, "\n".join(sorted(set(bad)))


def test_no_english_words_in_chinese_text():
    bad = [f"{where}: {words}: {text.zh}" for where, text in PAIRS if (words := ascii_words(text.zh, VALUES))]
    assert not bad, "\n".join(sorted(set(bad)))


def test_full_width_punctuation_in_chinese_text():
    bad = [f"{where}: {spots}" for where, text in PAIRS if (spots := half_width_punctuation(text.zh))]
    assert not bad, "\n".join(sorted(set(bad)))


def test_every_flag_of_the_english_text_is_in_its_chinese_twin():
    bad = [f"{where}: {sorted(missing)}: {text.zh}" for where, text in PAIRS
           if (missing := set(FLAG.findall(text.en)) - set(FLAG.findall(text.zh)))]
    assert not bad, "\n".join(sorted(set(bad)))


@pytest.mark.parametrize("page", sorted(p.name for p in (ROOT / "generated" / "zh").glob("*.md")))
def test_generated_chinese_pages_follow_the_glossary(page):
    text = (ROOT / "generated" / "zh" / page).read_text(encoding="utf-8")
    prose = re.sub(r"`[^`]*`", " ", text)
    bad = [f"line {prose[:m.start()].count(chr(10)) + 1}: '{m.group(0)}' -> {good}"
           for rx, good in FORBIDDEN for m in rx.finditer(prose)]
    assert not bad, "\n".join(bad[:40])
    assert "规划中：规划中" not in text and "规划中……规划中" not in text


@pytest.mark.parametrize("page", sorted(p.name for p in (ROOT / "generated" / "zh").glob("*.md")))
def test_generated_chinese_pages_use_full_width_punctuation(page):
    text = (ROOT / "generated" / "zh" / page).read_text(encoding="utf-8")
    text = re.sub(r"&[a-z]+;", " ", text).replace("? ", "  ")  # HTML entities; the unverified mark
    bad = [f"line {n}: {spot!r}" for n, line in enumerate(text.splitlines(), 1)
           for part in line.split("|") for spot in half_width_punctuation(part)]
    assert not bad, "\n".join(bad[:40])


_LATIN_CJK = re.compile(r"[A-Za-z][\u4e00-\u9fff]|[\u4e00-\u9fff][A-Za-z]")


@pytest.mark.parametrize("page", sorted(p.name for p in (ROOT / "generated" / "zh").glob("*.md")))
def test_generated_chinese_pages_space_latin_from_chinese(page):
    """Issue 32: "CUDA Graph 占用", not "CUDA Graph占用" (code spans keep their own spelling)."""
    text = re.sub(r"`[^`]*`", " ", (ROOT / "generated" / "zh" / page).read_text(encoding="utf-8"))
    bad = [f"line {text[:m.start()].count(chr(10)) + 1}: {text[max(0, m.start() - 12):m.end() + 4]!r}"
           for m in _LATIN_CJK.finditer(text)]
    assert not bad, "\n".join(bad[:40])


def test_the_html_page_follows_the_glossary():
    """matrix.html carries the Chinese of every row it shows (both engines): the same terms as the pages."""
    import json

    html = (ROOT / "generated" / "matrix.html").read_text(encoding="utf-8")
    chinese = [json.loads(f'"{m.group(1)}"') for m in re.finditer(r'"zh":"((?:[^"\\]|\\.)*)"', html)]
    assert len(chinese) > 1000
    bad = sorted({f"'{m.group(0)}' -> {good}: {zh}" for zh in chinese for rx, good in FORBIDDEN
                  for m in [rx.search(zh)] if m})
    assert not bad, "\n".join(bad[:40])


def test_the_chinese_target_line_has_no_nested_parentheses():
    from argmatrix.cli.render import findings_lines
    from argmatrix.compiler import CompileOptions, compile

    compiled = compile(["--model-path", "m"], CompileOptions(target="a3"))
    head = "".join(text for text, _ in findings_lines(compiled, "zh", "check-config")[0])
    assert "目标平台：a3，Atlas A3（昇腾 910_93）" in head
    assert not re.search(r"（[^（）]*（", head), head
