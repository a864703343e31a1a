"""Helpers shared by the runtime tests (imported by name: tests/runtime is on sys.path under pytest)."""
from __future__ import annotations

import random

# Ordinary token ids of the demo tokenizer (0-4 are special tokens).
FIRST_ID, LAST_ID = 5, 700


def random_ids(n: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.randint(FIRST_ID, LAST_ID) for _ in range(n)]


def boundary_prompts(page_size: int, ks=range(1, 7), seed: int = 0) -> list[list[int]]:
    """Prompts of k*page_size-1, k*page_size and k*page_size+1 tokens."""
    return [random_ids(k * page_size + d, seed + 10 * k + d) for k in ks for d in (-1, 0, 1) if k * page_size + d > 0]


def run_all(engine) -> None:
    while engine.step():
        pass


def collect(into: dict):
    """An on_chunk callback that keeps each request's final chunk."""
    def on_chunk(chunk):
        if chunk.finished:
            into[chunk.request_id] = chunk
    return on_chunk
