"""Start-up, SIGTERM, the watchdog and warm-ups."""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from argmatrix.runtime.server import warmup
from argmatrix.schema import ServerArgs

from .conftest import ENGINE_ARGS, MODEL_NAME, Servers, assert_engine_whole, engine_held_after, make_engine

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_healthy(url: str, proc: subprocess.Popen, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"the server exited with {proc.returncode}:\n{proc.stdout.read()}")
        try:
            if httpx.get(url + "/health", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise AssertionError("the server did not become healthy")


@pytest.mark.slow
def test_sigterm_finishes_in_flight_requests_and_exits_0(demo_dir):
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    cmd = [sys.executable, "-m", "argmatrix.runtime.server", "--model-path", demo_dir, "--port", str(port),
           "--served-model-name", MODEL_NAME, "--context-length", "256", "--max-total-tokens", "4096",
           "--warmups", "decode", "--log-level", "info"]
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    env = {k: v for k, v in env.items() if not k.upper().startswith("ARGMATRIX_")}
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=ROOT)
    try:
        wait_healthy(url, proc)
        first = threading.Event()
        got: dict = {"events": []}

        def stream():
            body = {"input_ids": [5, 6, 7], "stream": True,
                    "sampling_params": {"max_new_tokens": 200, "ignore_eos": True}}
            with httpx.stream("POST", url + "/generate", json=body, timeout=60) as r:
                for line in r.iter_lines():
                    if line.startswith("data: "):
                        got["events"].append(line[6:])
                        first.set()

        t = threading.Thread(target=stream)
        t.start()
        assert first.wait(30)
        proc.send_signal(signal.SIGTERM)
        t.join(60)
        code = proc.wait(60)
        output = proc.stdout.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert code == 0, output
    # the in-flight request was allowed to finish within the grace period
    assert got["events"][-1] == "[DONE]", got["events"][-3:]
    last = json.loads(got["events"][-2])
    assert last["meta_info"]["completion_tokens"] == 200, output
    assert "Serving demo on " in output
    assert "KV pool" in output and "tokens" in output and "MiB" in output     # the start-up report
    assert "warm-up decode" in output and "warm-up generate" in output
    with pytest.raises(httpx.ConnectError):
        httpx.get(url + "/health", timeout=2)


def test_run_server_reports_start_up_errors(demo_dir):
    from rich.console import Console

    from argmatrix.runtime.server import run_server

    console = Console(record=True, width=200)
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        code = run_server(ServerArgs(model_path=demo_dir, port=port), console=console)
    assert code == 1
    assert f"cannot listen on 127.0.0.1:{port}" in console.export_text()
    code = run_server(ServerArgs(model_path=demo_dir, port=free_port(), warmups="nope"), console=console)
    assert code == 1 and "--warmups: unknown warm-up routine 'nope'" in console.export_text()


def test_watchdog_stops_a_stuck_server_with_a_dump(demo_dir, tmp_path, caplog):
    engine = make_engine(demo_dir, max_total_tokens=2048)
    gate = threading.Event()
    real_forward = engine.runner.forward
    stuck = {"on": False}

    def forward(batch):
        if stuck["on"]:
            gate.wait(30)
        return real_forward(batch)

    engine.runner.forward = forward
    servers = Servers(engine, demo_dir)
    try:
        rt = servers.start(watchdog_timeout=1.0, soft_watchdog_timeout=0.3, crash_dump_folder=str(tmp_path))
        stuck["on"] = True
        errors = []

        def request():
            try:
                r = httpx.post(rt.url + "/generate", json={"text": "stuck", "rid": "stuck-request",
                                                           "sampling_params": {"max_new_tokens": 4}}, timeout=30)
                errors.append(r.status_code)
            except httpx.HTTPError as exc:
                errors.append(exc)

        t = threading.Thread(target=request)
        t.start()
        assert rt.wait(20), "the watchdog did not stop the server"
        assert rt.exit_code == 1
        assert rt.state.fatal and "--watchdog-timeout" in rt.state.fatal
        dumps = list(tmp_path.iterdir())
        assert len(dumps) == 1
        dump = json.loads(dumps[0].read_text())
        assert [r["rid"] for r in dump["running_requests"]] == ["stuck-request"]
        assert dump["engine_running_requests"][0]["rid"] == "stuck-request"
        assert "forward" in dump["engine_thread_stack"]
        assert any("soft watchdog" in r.getMessage() for r in caplog.records)
        assert any("Running requests (1)" in r.getMessage() for r in caplog.records)
    finally:
        stuck["on"] = False
        gate.set()
        servers.stop_all()
    t.join(30)
    # the stuck request lost its connection or got a 5xx: it never gets a result
    assert len(errors) == 1 and (not isinstance(errors[0], int) or errors[0] >= 500), errors
    assert_engine_whole(engine)
    engine.shutdown(grace_s=0)


def test_warmup_plan():
    assert warmup.plan(ServerArgs()) == ["generate"]
    assert warmup.plan(ServerArgs(skip_server_warmup=True)) == []
    assert warmup.plan(ServerArgs(warmups="decode,prefill")) == ["generate", "decode", "prefill"]
    assert warmup.plan(ServerArgs(skip_server_warmup=True, warmups="batch")) == ["batch"]
    with pytest.raises(ValueError, match="known: generate, prefill, decode, batch, chat"):
        warmup.plan(ServerArgs(warmups="generate,bogus"))


def test_every_warmup_routine_runs(engine):
    done = warmup.run(engine, list(warmup.WARMUPS))
    assert [name for name, _, _ in done] == list(warmup.WARMUPS)
    assert_engine_whole(engine)


def test_runtime_loads_and_warms_up(demo_dir):
    from rich.console import Console

    from argmatrix.runtime.server import ServingRuntime

    console = Console(record=True, width=200)
    args = ServerArgs(model_path=demo_dir, served_model_name=MODEL_NAME, warmups="chat",
                      **{k: v for k, v in ENGINE_ARGS.items()})
    rt = ServingRuntime(args, console=console)
    rt.load()
    try:
        rt.warmup()
        assert [n for n, _, _ in rt.warmups_done] == ["generate", "chat"]
        text = console.export_text()
        assert "KV pool" in text and f"{rt.engine.total_pages * rt.engine.config.page_size:,} tokens" in text
        assert "weights" in text and "tokenizer" in text
    finally:
        rt.engine.shutdown(grace_s=0)


def test_stop_ends_what_outlives_the_grace_period_with_an_error_event(demo_dir, engine, caplog):
    servers = Servers(engine, demo_dir)
    rt = servers.start(grace_s=0.1)
    first = threading.Event()
    events: list = []

    def stream():
        body = {"input_ids": [5, 6, 7], "stream": True, "sampling_params": {"max_new_tokens": 240, "ignore_eos": True}}
        try:
            with httpx.stream("POST", rt.url + "/generate", json=body, timeout=30) as r:
                for line in r.iter_lines():
                    events.append(line)
                    first.set()
        except httpx.HTTPError as exc:
            events.append(exc)

    with engine_held_after(engine):      # the request outlives the grace period, whatever the machine's speed
        t = threading.Thread(target=stream)
        t.start()
        assert first.wait(30)
        with httpx.Client(base_url=rt.url) as c:
            assert c.get("/health").status_code == 200
        assert rt.stop() == 0
        t.join(30)
    summary = rt.state.tracker.summary()
    assert summary["cancelled"] == 1 and summary["in_flight"] == 0, summary
    # the stream is ended before uvicorn would cancel it: an OpenAI-style error event, then [DONE]
    data = [json.loads(e[6:]) for e in events if isinstance(e, str) and e.startswith("data: {")]
    assert data[-1]["error"]["code"] == "shutting_down", events[-3:]
    assert events[-1] == "data: [DONE]" or events[-2] == "data: [DONE]", events[-3:]
    assert not [r for r in caplog.records if r.exc_info], "a cut stream must not log a traceback"
    assert_engine_whole(engine)
