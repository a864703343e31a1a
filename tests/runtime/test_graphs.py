"""Graph-captured decode on CPU: the bookkeeping (batch-size schedule, padding, static buffers, replay or
eager) through a fake graph backend whose 'replay' re-runs the captured body on the static buffers, so
a wrong buffer, pad row or size shows up as a wrong token.  torch.compile runs for real."""
from __future__ import annotations

import pytest
from engine_testlib import boundary_prompts, random_ids

from argmatrix.runtime import graphs
from argmatrix.runtime.engine import SamplingParams
from argmatrix.runtime.engine_config import EngineConfig
from argmatrix.schema import ServerArgs

torch = pytest.importorskip("torch")


class FakeGraphs(graphs.GraphBackend):
    """Stands in for torch.cuda.CUDAGraph: capture runs the body once and keeps it; replay runs it again."""

    name = "fake"

    def __init__(self):
        self.captured: list = []
        self.replays = 0

    def new_graph(self):
        return {}

    def capture(self, graph, body) -> None:
        body()
        graph["body"] = body
        self.captured.append(graph)

    def replay(self, graph) -> None:
        self.replays += 1
        graph["body"]()


@pytest.fixture
def fake_graphs(monkeypatch):
    made = []

    def factory():
        made.append(FakeGraphs())
        return made[-1]
    monkeypatch.setitem(graphs.GRAPH_BACKENDS, "cpu", factory)
    return made


def test_sglang_schedules():
    assert graphs.decode_batch_sizes(256, True)[:8] == [1, 2, 4, 8, 12, 16, 24, 32]
    assert graphs.decode_batch_sizes(256, True)[-1] == 256 and len(graphs.decode_batch_sizes(256, True)) == 36
    assert graphs.decode_batch_sizes(20, True) == [1, 2, 4, 8, 12, 16, 20]
    assert graphs.decode_batch_sizes(600, True)[-3:] == [544, 576, 600]
    assert graphs.decode_batch_sizes(5, False) == [1, 2, 3, 4, 5]
    assert graphs.compile_batch_sizes(32, True)[-4:] == [26, 28, 30, 32]
    assert graphs.compile_batch_sizes(3, False) == [1, 2, 3]
    assert graphs.default_max_bs(141, 1024) == 256 and graphs.default_max_bs(None, 64) == 64
    # SGLang 0.5.23 moved the 20-35 GiB row (RTX 4090) to 48 and caps by the running requests
    assert graphs.default_max_bs(24, 1024) == 48 and graphs.default_max_bs(24, 1024, "cuda", 4) == 160
    assert graphs.default_max_bs(64, 1024, "npu") == 64 and graphs.default_max_bs(None, 1024) == 160


def _cfg(**args):
    from argmatrix.runtime.engine import as_compiled

    return EngineConfig.from_compiled(as_compiled(ServerArgs(model_path="m", **args), device="cpu"))


def test_plan_on_cpu_is_inert_with_the_reason():
    plan = graphs.plan(_cfg(), "cpu", None, 64)
    assert plan.backend is None and plan.reason == graphs.NO_GRAPHS_REASON.en and not plan.batch_sizes
    compiled = graphs.plan(_cfg(enable_torch_compile=True, torch_compile_max_bs=4), "cpu", None, 64)
    assert isinstance(compiled.backend, graphs.EagerCalls) and compiled.batch_sizes == (1, 2, 3, 4)
    assert graphs.plan(_cfg(disable_cuda_graph=True), "cuda", 80, 64).reason == "--disable-cuda-graph"


def test_plan_sizes_from_the_flags(fake_graphs):
    assert graphs.plan(_cfg(cuda_graph_max_bs=16), "cpu", None, 64).batch_sizes == (1, 2, 4, 8, 12, 16)
    assert graphs.plan(_cfg(cuda_graph_bs=[8, 2, 4]), "cpu", None, 64).batch_sizes == (2, 4, 8)
    assert graphs.plan(_cfg(cuda_graph_max_bs=4, disable_cuda_graph_padding=True), "cpu", None, 64).batch_sizes \
        == (1, 2, 3, 4)
    assert graphs.plan(_cfg(), "cpu", 141, 24).batch_sizes[-1] == 24     # capped by the running limit


def test_size_selection_and_padding(make_engine, fake_graphs):
    engine = make_engine(cuda_graph_bs=[1, 2, 4, 8], max_total_tokens=1024)
    runner = engine.runner.decode_graphs
    assert [runner.size_for(n) for n in (1, 2, 3, 5, 8, 9)] == [1, 2, 4, 8, 8, None]
    assert len(fake_graphs[0].captured) == 4
    strict = make_engine(cuda_graph_bs=[1, 2, 4, 8], disable_cuda_graph_padding=True, max_total_tokens=1024)
    assert [strict.runner.decode_graphs.size_for(n) for n in (1, 3, 4, 5)] == [1, None, 4, None]


@pytest.mark.parametrize("padding", [True, False], ids=["padding", "no-padding"])
def test_replayed_decode_is_token_exact(make_engine, oracle, fake_graphs, padding):
    prompts = boundary_prompts(4, ks=range(1, 4))                        # 9 requests
    budgets = [4 + 2 * i for i in range(len(prompts))]                   # the batch shrinks as they finish
    engine = make_engine(page_size=4, max_total_tokens=4096, cuda_graph_bs=[1, 2, 4, 6, 8],
                         disable_cuda_graph_padding=not padding)
    runner = engine.runner.decode_graphs
    buffers = runner.inputs.data_ptr(), runner.logits.data_ptr()
    outputs = engine.generate(prompts, [SamplingParams(temperature=0, max_new_tokens=n) for n in budgets])
    for prompt, out, n in zip(prompts, outputs, budgets):
        assert out.token_ids == oracle(prompt, n)
    decode_steps = [r for r in engine.step_log if r.num_decode and not r.num_prefill]
    fits = [r for r in decode_steps if runner.fits(r.num_reqs)]
    assert fake_graphs[0].replays == len(fits) > 0                     # replayed exactly when it fits
    assert any(r.num_reqs == 9 for r in decode_steps)                  # ... and 9 ran eagerly
    assert padding == any(r.num_reqs in (3, 5, 7) for r in fits)       # odd sizes replay only padded
    assert (runner.inputs.data_ptr(), runner.logits.data_ptr()) == buffers   # static buffers reused
    assert engine.pool.kv[:, :, 0].abs().sum() == 0                    # padding rows never touch the null page


@pytest.fixture(scope="module")
def oracle32(demo_dir):
    from conftest import Oracle

    o = Oracle(demo_dir)
    o.model = o.model.to(torch.float32)
    return o


@pytest.mark.parametrize("graphs_on,padding", [(False, True), (True, True), (True, False)],
                         ids=["eager", "graphs", "graphs-no-padding"])
def test_float32_token_exact_against_transformers(make_engine, oracle32, fake_graphs, graphs_on, padding):
    prompts = [random_ids(n, 900 + n) for n in (3, 11, 17, 30, 5)]
    engine = make_engine(engine_dtype="float32", max_total_tokens=4096, cuda_graph_max_bs=4,
                         disable_cuda_graph=not graphs_on, disable_cuda_graph_padding=not padding)
    outputs = engine.generate(prompts, [SamplingParams(temperature=0, max_new_tokens=8 + 3 * i) for i in range(5)])
    for i, (prompt, out) in enumerate(zip(prompts, outputs)):
        assert out.token_ids == oracle32(prompt, 8 + 3 * i)
    assert (engine.runner.decode_graphs is not None) == graphs_on
    assert not graphs_on or fake_graphs[-1].replays > 0


@pytest.mark.slow
def test_torch_compile_decode_on_cpu(make_engine, oracle):
    """One compiled size (compiling costs tens of seconds a size on 2 cores): batches of 1 run compiled."""
    prompts = [random_ids(n, 700 + n) for n in (4, 9)]
    engine = make_engine(enable_torch_compile=True, torch_compile_max_bs=1, max_total_tokens=1024)
    runner = engine.runner.decode_graphs
    assert isinstance(runner.backend, graphs.EagerCalls) and runner.compiled is not None
    assert runner.batch_sizes == [1]
    outputs = engine.generate(prompts, [SamplingParams(temperature=0, max_new_tokens=n) for n in (3, 6)])
    for prompt, out, n in zip(prompts, outputs, (3, 6)):
        assert out.token_ids == oracle(prompt, n)
    assert runner.replays >= 3                       # the last decodes of the longer request, alone
    assert any(r.num_reqs == 2 and not r.num_prefill for r in engine.step_log)   # 2 > max: eager
