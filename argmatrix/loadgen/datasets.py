"""Synthetic prompts for the serving benchmark.

Prompts are token ids (exact lengths, no tokenizer needed; OpenAI-compatible
servers accept a token list as ``prompt``), or text of that many words for the
chat backend, which only takes text.

- ``random``: input and output lengths drawn uniformly from
  ``[range_ratio * len, len]``;
- ``shared-prefix``: ``num_groups`` system prompts of ``system_prompt_len``
  tokens, each followed by ``prompts_per_group`` different questions of
  ``question_len`` tokens (what a prefix cache is for).
"""
from __future__ import annotations

import random
from dataclasses import dataclass

# Token ids below this are often special (BOS, EOS, padding); synthetic prompts avoid them.
FIRST_ID = 10
WORDS = ("time person year way day thing man world life hand part child eye woman place work week case point "
         "government company number group problem fact").split()


@dataclass(frozen=True)
class BenchRequest:
    prompt: list[int] | str
    input_len: int
    output_len: int


def _ids(rng: random.Random, n: int, vocab: int) -> list[int]:
    return [rng.randrange(FIRST_ID, max(FIRST_ID + 1, vocab)) for _ in range(n)]


def _text(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n))


def _draw(rng: random.Random, length: int, ratio: float) -> int:
    return max(1, rng.randint(max(1, int(length * ratio)), max(1, length)))


def random_requests(num: int, input_len: int, output_len: int, range_ratio: float, vocab: int, seed: int,
                    as_text: bool = False) -> list[BenchRequest]:
    rng = random.Random(seed)
    out = []
    for _ in range(num):
        n_in, n_out = _draw(rng, input_len, range_ratio), _draw(rng, output_len, range_ratio)
        prompt: list[int] | str = _text(rng, n_in) if as_text else _ids(rng, n_in, vocab)
        out.append(BenchRequest(prompt, n_in, n_out))
    return out


def shared_prefix_requests(num_groups: int, prompts_per_group: int, system_prompt_len: int, question_len: int,
                           output_len: int, vocab: int, seed: int, as_text: bool = False) -> list[BenchRequest]:
    """Groups interleaved (g0q0, g1q0, ..., g0q1, ...), so a cache has to keep several prefixes at once."""
    rng = random.Random(seed)
    prefixes = [(_text(rng, system_prompt_len) if as_text else _ids(rng, system_prompt_len, vocab))
                for _ in range(num_groups)]
    out = []
    for _ in range(prompts_per_group):
        for g in range(num_groups):
            question = _text(rng, question_len) if as_text else _ids(rng, question_len, vocab)
            prompt = (prefixes[g] + " " + question) if as_text else prefixes[g] + question  # type: ignore[operator]
            out.append(BenchRequest(prompt, system_prompt_len + question_len, output_len))
    return out
