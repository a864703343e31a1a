"""Shared fixtures: the demo model (built once), a float64 transformers oracle, and an engine factory
that checks the page invariant (free + cached + in use == total) after every scenario."""
from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")

from argmatrix.runtime.demo_model import build_demo_model  # noqa: E402
from argmatrix.runtime.engine import Engine, SamplingParams  # noqa: E402
from argmatrix.schema import ServerArgs  # noqa: E402

GREEDY = SamplingParams(temperature=0, max_new_tokens=20)


@pytest.fixture(scope="session", autouse=True)
def one_thread():
    """The oracle compares float64 results; one thread keeps reductions in a fixed order."""
    previous = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(previous)


@pytest.fixture(scope="session")
def demo_dir(tmp_path_factory):
    return build_demo_model(tmp_path_factory.mktemp("demo") / "tiny")


class Oracle:
    """transformers' greedy generate, one request at a time, in float64 (memoised)."""

    def __init__(self, path):
        from transformers import AutoModelForCausalLM

        self.model = AutoModelForCausalLM.from_pretrained(path, dtype=torch.float64).eval()
        self.cache: dict[tuple, list[int]] = {}

    def __call__(self, prompt: list[int], max_new_tokens: int = GREEDY.max_new_tokens) -> list[int]:
        key = (tuple(prompt), max_new_tokens)
        if key not in self.cache:
            with torch.inference_mode():
                out = self.model.generate(torch.tensor([prompt]), attention_mask=torch.ones(1, len(prompt), dtype=torch.long),
                                          max_new_tokens=max_new_tokens, do_sample=False)
            self.cache[key] = out[0, len(prompt):].tolist()
        return self.cache[key]


@pytest.fixture(scope="session")
def oracle(demo_dir):
    return Oracle(demo_dir)


@pytest.fixture
def make_engine(demo_dir):
    """``make_engine(**server_args)`` -> Engine in float64 (``engine_dtype``) on CPU; invariants checked at teardown."""
    engines = []

    def make(engine_dtype: str | None = "float64", **overrides):
        overrides.setdefault("model_path", str(demo_dir))
        device = None if "device" in overrides else "cpu"
        engine = Engine(ServerArgs(**overrides), device=device, dtype=engine_dtype)
        engines.append(engine)
        return engine

    yield make
    for engine in engines:
        engine.shutdown(grace_s=0)
        engine.check_invariants()
        stats = engine.stats()
        assert stats.used_pages == 0 and stats.running == 0 and stats.queued == 0, stats
