"""Fixtures for the HTTP server tests: the demo model, real engines, and servers on free loopback ports.

Every server here is the real thing: uvicorn serving ``build_app`` over the
real engine and the demo model on the CPU.  Servers run in a background
thread (``ServingRuntime.start_in_thread``) so tests can look inside the
engine (``check_invariants``, ``stats``) and the server's request tracker;
``test_server_lifecycle`` also runs one as a subprocess for SIGTERM.
"""
from __future__ import annotations

import contextlib
import threading
import time

import pytest

pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")

from argmatrix.runtime.demo_model import build_demo_model  # noqa: E402
from argmatrix.schema import ServerArgs  # noqa: E402

MODEL_NAME = "demo"
# Small context: oversized prompts are cheap to build; a pool for the 64-client load test.
ENGINE_ARGS = {"context_length": 256, "max_total_tokens": 24576, "max_running_requests": 64}


@pytest.fixture(scope="session")
def demo_dir(tmp_path_factory):
    return str(build_demo_model(tmp_path_factory.mktemp("server-demo") / "tiny"))


def make_engine(demo_dir: str, dtype: str | None = "float64", **overrides):
    from argmatrix.runtime.engine import Engine

    args = dict(model_path=demo_dir, **ENGINE_ARGS)
    args.update(overrides)
    engine = Engine(ServerArgs(**args), device="cpu", dtype=dtype)
    engine.start()
    return engine


def assert_engine_whole(engine, timeout: float = 10.0) -> None:
    """No request left and every page free or in the prefix cache (free + cached + in use == total)."""
    deadline = time.monotonic() + timeout
    while True:
        stats = engine.stats()
        if (stats.running, stats.queued, stats.used_pages) == (0, 0, 0) or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    engine.check_invariants()
    assert (stats.running, stats.queued, stats.used_pages) == (0, 0, 0), stats
    assert stats.free_pages + stats.cached_pages == stats.total_pages, stats


@contextlib.contextmanager
def engine_held_after(engine, steps: int = 2):
    """Hold the engine's step loop after ``steps`` steps that did work, until the block ends.

    The hold is outside the step lock, so aborts, cache flushes, stats and shutdown go through while a request
    that is running stays running, however fast or loaded the machine is: tests wait on this, not on a slowed
    forward and a clock.
    """
    real_step = engine.step
    release = threading.Event()
    done = [0]

    def held_step() -> bool:
        if done[0] >= steps:
            release.wait()
        progressed = real_step()
        done[0] += bool(progressed)
        return progressed

    engine.step = held_step
    try:
        yield
    finally:
        release.set()
        del engine.step                  # the class's own method again


@pytest.fixture(scope="session")
def engine(demo_dir):
    """One real engine shared by most servers (the server layer does not change it)."""
    eng = make_engine(demo_dir)
    yield eng
    eng.shutdown(grace_s=0)


class Servers:
    def __init__(self, engine, demo_dir):
        self.engine = engine
        self.demo_dir = demo_dir
        self.started = []

    def args(self, **overrides) -> ServerArgs:
        values = {"model_path": self.demo_dir, "served_model_name": MODEL_NAME}
        values.update(overrides)
        return ServerArgs(**values)

    def start(self, compiled=None, *, engine=None, grace_s=5.0, **overrides):
        from argmatrix.runtime.server import ServingRuntime

        rt = ServingRuntime(compiled if compiled is not None else self.args(**overrides),
                            engine=engine or self.engine, grace_s=grace_s)
        rt.start_in_thread()
        self.started.append(rt)
        return rt

    def stop_all(self) -> None:
        for rt in self.started:
            if rt.thread is not None and rt.thread.is_alive():
                rt.stop()
        self.started.clear()


@pytest.fixture(scope="module")
def servers(engine, demo_dir):
    """``servers.start(**server_args)`` -> a ServingRuntime listening on 127.0.0.1:<free port>."""
    s = Servers(engine, demo_dir)
    yield s
    s.stop_all()
    assert_engine_whole(engine)


@pytest.fixture(scope="module")
def server(servers):
    """A plain server (metrics and cache report on) over the shared engine."""
    return servers.start(enable_metrics=True, enable_cache_report=True)


def client(rt, **kw) -> httpx.Client:
    return httpx.Client(base_url=rt.url, timeout=60, **kw)


@pytest.fixture(scope="module")
def limited_server(demo_dir):
    """A server over an engine that runs one request, queues one more and truncates long prompts."""
    eng = make_engine(demo_dir, max_queued_requests=1, max_running_requests=1, allow_auto_truncate=True,
                      context_length=128, max_total_tokens=1024)
    s = Servers(eng, demo_dir)
    yield s.start()
    s.stop_all()
    assert_engine_whole(eng)
    eng.shutdown(grace_s=0)
