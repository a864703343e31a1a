"""Warm-up routines run before the server listens.

The default routine (``generate``) runs unless ``--skip-server-warmup``.
``--warmups a,b`` runs the named routines as well (they were asked for by
name, so they run even with ``--skip-server-warmup``, as in SGLang).
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .startup_text import say

if TYPE_CHECKING:
    from ...schema.model import ServerArgs

logger = logging.getLogger("argmatrix.server")

_TEXT = "The quick brown fox jumps over the lazy dog. " * 4


def _sp(engine: Any, **kw: Any) -> Any:
    from argmatrix.runtime.engine import SamplingParams

    return SamplingParams(temperature=0.0, ignore_eos=True, **kw)


def _prompt(engine: Any, text: str = _TEXT) -> Any:
    return text if engine.tokenizer is not None else [1, 2, 3, 4, 5, 6, 7, 8]


def warm_generate(engine: Any) -> str:
    """A short prompt and 8 new tokens: one prefill and a few decode steps."""
    out = engine.generate(_prompt(engine), _sp(engine, max_new_tokens=8))
    return f"{out[0].completion_tokens} tokens"


def warm_prefill(engine: Any) -> str:
    """A long prompt (half the context, at most 1024 tokens) and one new token."""
    length = max(8, min(1024, engine.max_context_len // 2))
    prompt = [(i * 7) % 200 + 10 for i in range(length)]
    vocab = getattr(engine, "vocab_size", None)
    if vocab:
        prompt = [t % vocab for t in prompt]
    engine.generate(prompt, _sp(engine, max_new_tokens=1))
    return f"{length}-token prompt"


def warm_decode(engine: Any) -> str:
    """A short prompt and 32 new tokens: the decode path."""
    out = engine.generate(_prompt(engine), _sp(engine, max_new_tokens=32))
    return f"{out[0].completion_tokens} tokens"


def warm_batch(engine: Any) -> str:
    """Four prompts at once: batched prefill and decode."""
    prompts = [_prompt(engine, f"{i}: {_TEXT}") if engine.tokenizer is not None else [1 + i, 2, 3, 4]
               for i in range(4)]
    engine.generate(prompts, _sp(engine, max_new_tokens=8))
    return "4 requests"


def warm_chat(engine: Any) -> str:
    """Render the tokenizer's chat template and generate from it."""
    tok = engine.tokenizer
    if tok is None or not getattr(tok, "chat_template", None):
        return "skipped (no tokenizer chat template)"
    text = tok.apply_chat_template([{"role": "user", "content": "Hello!"}], tokenize=False,
                                   add_generation_prompt=True)
    ids = list(tok(text, add_special_tokens=False)["input_ids"])
    engine.generate(ids, _sp(engine, max_new_tokens=4))
    return f"{len(ids)}-token conversation"


WARMUPS: dict[str, Callable[[Any], str]] = {
    "generate": warm_generate,
    "prefill": warm_prefill,
    "decode": warm_decode,
    "batch": warm_batch,
    "chat": warm_chat,
}
DEFAULT_WARMUP = "generate"


def plan(args: ServerArgs) -> list[str]:
    """The routines to run, in order; ``ValueError`` names an unknown one."""
    names: list[str] = []
    if not args.skip_server_warmup:
        names.append(DEFAULT_WARMUP)
    if args.warmups:
        for name in (n.strip() for n in str(args.warmups).split(",")):
            if not name:
                continue
            if name not in WARMUPS:
                from ..errors import bilingual

                raise bilingual(ValueError, f"--warmups: unknown warm-up routine {name!r}; known: {', '.join(WARMUPS)}",
                                f"--warmups：未知的预热例程 {name!r}；可选：{'、'.join(WARMUPS)}")
            if name not in names:
                names.append(name)
    return names


def run(engine: Any, names: list[str], progress: Any = None, lang: str = "en") -> list[tuple[str, float, str]]:
    """Run the routines; returns (name, seconds, what it did) for each.  ``lang``: of the progress lines."""
    done = []
    task = None
    if progress is not None and names:
        task = progress.add_task(say("warming", lang), total=len(names))
    for name in names:
        if progress is not None:
            progress.update(task, description=say("warming_one", lang, name=name))
        t0 = time.perf_counter()
        what = WARMUPS[name](engine)
        took = time.perf_counter() - t0
        done.append((name, took, what))
        logger.info("warm-up %s: %s in %.2fs", name, what, took)
        if progress is not None:
            progress.advance(task)
    if progress is not None and task is not None:
        progress.update(task, description=say("warmed", lang, names=("、" if lang == "zh" else ", ").join(names)))
    return done
