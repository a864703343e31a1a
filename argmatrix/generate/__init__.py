"""Everything under generated/, written by the code: docs in English and Chinese, JSON Schema, examples, history.

The CLI's own ``--help`` pages are added by ``argmatrix.cli.help_pages.all_files``:
this package sits below the CLI and does not import it.

``render_all()`` returns every file as text (deterministic: no timestamps,
no environment-dependent output); ``write_all(out_dir)`` writes them and
removes generated files that are no longer produced; ``check(out_dir)`` lists
the differences between ``out_dir`` and what the code would write, and is
what ``argmatrix docs check`` runs in CI.
"""
from __future__ import annotations

import difflib
from collections.abc import Callable
from pathlib import Path

from .page_text import TemplateHoles

# each generator module does one job and returns {relative path: content}
GENERATORS: tuple[str, ...] = (
    "ascend_page", "reference", "platform_matrix", "deprecations", "json_schema", "example_config",
    "html", "changes", "engine", "model_checks", "vllm_pages", "engines_page",
)
DEFAULT_OUT = "generated"
# files under out_dir that are not ours to compare (editor and OS droppings)
IGNORED_NAMES = {".DS_Store"}


def _generator(name: str) -> Callable[[], dict[str, str]]:
    import importlib

    return importlib.import_module(f"{__name__}.{name}").render_all


def render_all() -> dict[str, str]:
    """Relative path under generated/ -> file content, for every generated file, sorted by path."""
    out: dict[str, str] = {}
    for name in GENERATORS:
        for path, text in _generator(name)().items():
            if path in out:
                raise ValueError(f"two generators write {path}")
            out[path] = text
    return dict(sorted(out.items()))


def _existing(out_dir: Path) -> set[str]:
    if not out_dir.is_dir():
        return set()
    return {p.relative_to(out_dir).as_posix() for p in out_dir.rglob("*")
            if p.is_file() and p.name not in IGNORED_NAMES}


def write_all(out_dir: str | Path = DEFAULT_OUT, files: dict[str, str] | None = None) -> list[str]:
    """Write every generated file under ``out_dir`` and delete stale ones; returns the paths that changed."""
    from .page_text import refuse_holes

    out = Path(out_dir)
    files = render_all() if files is None else files
    refuse_holes(files)  # a page must say what a rule's {placeholder} stands for, never print it
    changed = []
    for rel, text in files.items():
        path = out / rel
        data = text.encode("utf-8")
        if path.is_file() and path.read_bytes() == data:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        changed.append(rel)
    for rel in sorted(_existing(out) - set(files)):
        (out / rel).unlink()
        changed.append(rel)
    for d in sorted((p for p in out.rglob("*") if p.is_dir()), key=lambda p: len(p.parts), reverse=True):
        if not any(d.iterdir()):
            d.rmdir()
    return sorted(changed)


def check(out_dir: str | Path = DEFAULT_OUT, files: dict[str, str] | None = None, context: int = 0,
          max_lines: int = 6) -> list[str]:
    """Human-readable differences between ``out_dir`` and what the code would write; empty when fresh.

    One entry per file: missing, unexpected (no longer generated), or changed
    with the number of differing lines and the first few of them.
    """
    from .page_text import holes_in

    out = Path(out_dir)
    files = render_all() if files is None else files
    problems: list[str] = [f"{out / line}" for line in holes_in(files)]
    existing = _existing(out)
    for rel, text in files.items():
        path = out / rel
        if rel not in existing:
            problems.append(f"{out / rel}: missing (run `argmatrix docs generate`)")
            continue
        try:
            current = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            problems.append(f"{path}: not UTF-8 text")
            continue
        if current == text:
            continue
        problems += [f"{out / line} (on disk)" for line in holes_in({rel: current})]
        diff = list(difflib.unified_diff(current.splitlines(), text.splitlines(), f"{path} (on disk)",
                                         f"{path} (generated)", n=context, lineterm=""))
        body = [d for d in diff[2:] if not d.startswith("@@")]
        removed = sum(d.startswith("-") for d in body)
        added = sum(d.startswith("+") for d in body)
        if not body:  # only whitespace at the end of the file differs
            problems.append(f"{path}: differs in line endings or the final newline")
            continue
        shown = "\n".join("    " + d[:160] for d in body[:max_lines])
        more = f"\n    ... {len(body) - max_lines} more" if len(body) > max_lines else ""
        problems.append(f"{path}: stale ({removed} line(s) on disk differ from {added} generated)\n{shown}{more}")
    for rel in sorted(existing - set(files)):
        problems.append(f"{out / rel}: not generated by the code any more (delete it or run `argmatrix docs generate`)")
    return problems


def package_files() -> dict[str, str]:
    """Files generated *inside* the package (the ``ServerArgs`` type stub; what each area of SGLang's start-up checks
    reads, ``rule_areas.py``), relative to ``argmatrix/``."""
    from . import rule_areas
    from .stub import render_package_files

    return {**render_package_files(), **rule_areas.render_files()}


def package_dir() -> Path:
    return Path(__file__).resolve().parents[1]


def write_package_files() -> list[str]:
    changed = []
    for rel, text in package_files().items():
        path = package_dir() / rel
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            changed.append(f"argmatrix/{rel}")
    return changed


def check_package_files() -> list[str]:
    return [f"argmatrix/{rel}: stale (run `argmatrix docs generate`)" for rel, text in package_files().items()
            if not (package_dir() / rel).is_file()
            or (package_dir() / rel).read_text(encoding="utf-8") != text]


__all__ = ["GENERATORS", "TemplateHoles", "check", "check_package_files", "package_files", "render_all", "write_all",
           "write_package_files"]
