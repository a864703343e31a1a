"""The generated docs list every model-check code in both languages, and generated/ is current."""
from __future__ import annotations

from argmatrix.compiler.model_checks import MODEL_CODES
from argmatrix.generate import model_checks


def test_every_code_is_listed_in_both_languages():
    for lang in ("en", "zh"):
        page = model_checks.render(lang)
        for code, (_, text) in MODEL_CODES.items():
            assert f"`{code}`" in page and text(lang).split("--")[0].strip()[:12] in page, (lang, code)


def test_committed_pages_match():
    from pathlib import Path

    root = Path(__file__).parents[2] / "generated"
    for path, text in model_checks.render_all().items():
        assert (root / path).read_text(encoding="utf-8") == text
