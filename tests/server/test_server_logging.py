"""Logging flags: levels, access-log filtering, request logs, decode throughput lines, GC warnings."""
from __future__ import annotations

import gc
import json
import logging
import re
import time

import pytest

from argmatrix.runtime.server.logs import GCWatch

from .conftest import client

GEN = {"text": "Log this prompt please", "sampling_params": {"max_new_tokens": 4, "ignore_eos": True,
                                                             "temperature": 0}}


def records(caplog, name):
    return [r for r in caplog.records if r.name == name]


def wait_for(predicate, timeout=5.0):
    deadline = time.monotonic() + timeout
    while not predicate() and time.monotonic() < deadline:
        time.sleep(0.05)
    return predicate()


def test_access_log_and_exclude_prefixes(servers, caplog):
    rt = servers.start(uvicorn_access_log_exclude_prefixes=["/health", "/get_"])
    caplog.set_level(logging.INFO)
    with client(rt) as c:
        c.get("/health")
        c.get("/get_model_info")
        c.get("/v1/models")
    assert wait_for(lambda: records(caplog, "uvicorn.access"))
    paths = [r.args[2] for r in records(caplog, "uvicorn.access")]
    assert paths == ["/v1/models"]


def test_log_level_http(servers, caplog):
    rt = servers.start(log_level_http="warning")
    caplog.set_level(logging.INFO)
    with client(rt) as c:
        c.get("/v1/models")
        c.get("/nope")
    time.sleep(0.2)
    assert records(caplog, "uvicorn.access") == []
    assert logging.getLogger("uvicorn.access").level == logging.WARNING


def test_log_level(servers):
    servers.start(log_level="error")
    assert logging.getLogger("argmatrix").level == logging.ERROR
    assert logging.getLogger("uvicorn.access").level == logging.ERROR   # --log-level-http defaults to it
    servers.start(log_level="debug", log_level_http="info")
    assert logging.getLogger("argmatrix").level == logging.DEBUG
    assert logging.getLogger("uvicorn.access").level == logging.INFO


@pytest.mark.parametrize("level", [0, 1, 2, 3])
def test_log_requests_levels_json(servers, caplog, level):
    rt = servers.start(log_requests=True, log_requests_level=level, log_requests_format="json")
    caplog.set_level(logging.INFO, logger="argmatrix.requests")
    with client(rt) as c:
        r = c.post("/generate", json=GEN)
    assert r.status_code == 200
    events = [json.loads(r.getMessage()) for r in records(caplog, "argmatrix.requests")]
    assert [e["event"] for e in events] == ["Receive", "Finish"]
    recv, fin = events
    assert fin["meta"]["completion_tokens"] == 4 and fin["meta"]["finish_reason"] == "length"
    assert ("sampling_params" in recv) == (level >= 1)
    assert ("input" in recv) == (level >= 2)
    assert ("output" in fin) == (level >= 2)
    if level >= 2:
        assert recv["input"] == GEN["text"] and fin["output"] == r.json()["text"]
    assert ("input" in fin) == (level == 3)


@pytest.mark.parametrize("level, clipped", [(2, True), (3, False)])
def test_log_requests_level_2_is_partial(caplog, level, clipped):
    from argmatrix.runtime.server.logs import PARTIAL_CHARS, RequestLog
    from argmatrix.schema import ServerArgs

    caplog.set_level(logging.INFO, logger="argmatrix.requests")
    log = RequestLog(ServerArgs(log_requests=True, log_requests_level=level, log_requests_format="json"))
    log.received("r1", "/generate", {}, "x" * (PARTIAL_CHARS + 500))
    log.finished("r1", "/generate", {}, {}, "y" * (PARTIAL_CHARS + 500))
    recv, fin = (json.loads(r.getMessage()) for r in records(caplog, "argmatrix.requests"))
    assert (len(recv["input"]) < PARTIAL_CHARS + 500) == clipped
    assert (len(fin["output"]) < PARTIAL_CHARS + 500) == clipped
    if clipped:
        assert recv["input"].startswith("x" * PARTIAL_CHARS) and recv["input"].endswith("(+500 chars)")


def test_log_requests_text_and_off(servers, caplog):
    caplog.set_level(logging.INFO, logger="argmatrix.requests")
    rt = servers.start()
    with client(rt) as c:
        c.post("/generate", json=GEN)
    assert records(caplog, "argmatrix.requests") == []
    rt = servers.start(log_requests=True, log_requests_level=1)
    with client(rt) as c:
        c.post("/generate", json=GEN)
    msgs = [r.getMessage() for r in records(caplog, "argmatrix.requests")]
    assert msgs[0].startswith("Receive: rid=") and "max_new_tokens" in msgs[0]
    assert msgs[1].startswith("Finish: rid=")


def test_log_requests_target(servers, tmp_path):
    target = tmp_path / "reqlogs"
    rt = servers.start(log_requests=True, log_requests_level=0, log_requests_target=str(target))
    with client(rt) as c:
        c.post("/generate", json=GEN)
    servers.start()   # a server without a target restores the default handlers
    files = list(target.iterdir())
    assert len(files) == 1
    lines = files[0].read_text().splitlines()
    stamp = r"\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\] "                 # text records carry date and time
    assert re.match(stamp + "Receive:", lines[0]) and re.match(stamp + "Finish:", lines[1]), lines


def test_request_time_stats_logging(servers, caplog):
    rt = servers.start(enable_request_time_stats_logging=True)
    caplog.set_level(logging.INFO, logger="argmatrix.requests")
    with client(rt) as c:
        c.post("/generate", json=GEN)
    msgs = [r.getMessage() for r in records(caplog, "argmatrix.requests")]
    assert len(msgs) == 1 and msgs[0].startswith("Req Time Stats(") and "ttft=" in msgs[0] and "e2e_latency=" in msgs[0]


def test_decode_log_interval(servers, caplog):
    servers.stop_all()   # the engine is shared: earlier servers' decode logs would count too
    caplog.set_level(logging.INFO, logger="argmatrix.server.decode")
    rt = servers.start(decode_log_interval=5)
    with client(rt) as c:
        c.post("/generate", json={"text": "decode", "sampling_params": {"max_new_tokens": 40, "ignore_eos": True}})
    assert wait_for(lambda: records(caplog, "argmatrix.server.decode"))
    lines = [r.getMessage() for r in records(caplog, "argmatrix.server.decode")]
    assert 7 <= len(lines) <= 8, lines      # one line per 5 decode steps (the first step is prefill)
    assert lines[0].startswith("Decode batch. #running-req:") and "gen throughput (token/s):" in lines[0]


def test_gc_warning(caplog, servers):
    caplog.set_level(logging.WARNING, logger="argmatrix.server")
    watch = GCWatch(1e-9)
    watch.install()
    try:
        gc.collect()
    finally:
        watch.remove()
    assert any("garbage collection" in r.getMessage() for r in caplog.records)
    assert watch not in gc.callbacks
    rt = servers.start(gc_warning_threshold_secs=5.0)
    assert rt.state.monitors.gc.installed
    assert not servers.start().state.monitors.gc.installed


def serve_through_a_pipe(demo_dir, *flags: str) -> str:
    """A real `python -m argmatrix.runtime.server` with its log on a pipe; one request with a long path, then
    SIGTERM.  Returns everything the process wrote."""
    import os
    import signal
    import subprocess
    import sys

    import httpx

    from .test_server_lifecycle import ROOT, free_port, wait_healthy

    port = free_port()
    url = f"http://127.0.0.1:{port}"
    cmd = [sys.executable, "-m", "argmatrix.runtime.server", "--model-path", demo_dir, "--port", str(port),
           "--served-model-name", "demo", "--context-length", "128", "--max-total-tokens", "1024",
           "--skip-server-warmup", *flags]
    env = {k: v for k, v in os.environ.items() if not k.upper().startswith("ARGMATRIX_") and k != "COLUMNS"}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=ROOT)
    try:
        wait_healthy(url, proc)
        assert httpx.get(f"{url}/v1/models/{LONG_ID}", timeout=30).status_code == 404
        assert httpx.post(url + "/generate", json=GEN, timeout=60).status_code == 200
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(60) == 0
        return proc.stdout.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


LONG_ID = "a-model-name-long-enough-that-its-access-record-is-far-wider-than-eighty-columns-" * 2


@pytest.mark.slow
def test_log_through_a_pipe_is_one_dated_line_per_record(demo_dir):
    out = serve_through_a_pipe(demo_dir, "--log-requests")
    lines = out.splitlines()
    dated = re.compile(r"^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\] (INFO|WARNING|ERROR|DEBUG) [\w.]+: ")
    records = [line for line in lines if dated.match(line)]
    access = [line for line in records if "uvicorn.access" in line and LONG_ID in line]
    assert len(access) == 1 and len(access[0]) > 200, out        # whole, not wrapped at 80 columns
    assert any("argmatrix.requests: Finish: " in line for line in records), out
    assert not any(line.startswith(" ") and "uvicorn" in line for line in lines), out   # no continuation lines
    assert any("Loading weights" in line and demo_dir in line for line in lines), out   # progress not cut at 80


@pytest.mark.slow
def test_log_format_json(demo_dir):
    """Issue 30: JSON on every line from the first (the start-up lines too), and request records carry their
    fields at the top level without --log-requests-format json."""
    out = serve_through_a_pipe(demo_dir, "--log-format", "json", "--log-requests")
    lines = [line for line in out.splitlines() if line.strip()]
    records = [json.loads(line) for line in lines]                    # every line, or this raises
    assert records, out
    assert any(r["logger"] == "argmatrix.console" and "Loading weights" in r["message"] for r in records), out
    assert any(r["logger"] == "argmatrix.console" and "serving" in r["message"].lower() for r in records), out
    from datetime import datetime

    for rec in records:
        assert {"timestamp", "level", "logger"} <= set(rec), rec
        assert datetime.fromisoformat(rec["timestamp"]).tzinfo is not None
    access = [r for r in records if r["logger"] == "uvicorn.access"]
    assert any(LONG_ID in r["message"] for r in access), access
    finish = [r for r in records if r.get("event") == "Finish"]
    assert len(finish) == 1 and finish[0]["logger"] == "argmatrix.requests" and "message" not in finish[0]
    assert finish[0]["meta"]["completion_tokens"] == 4


def test_json_request_records_carry_a_timestamp(servers, caplog):
    rt = servers.start(log_requests=True, log_requests_format="json")
    caplog.set_level(logging.INFO)
    with client(rt) as c:
        c.post("/generate", json=GEN)
    assert wait_for(lambda: any('"Finish"' in r.getMessage() for r in records(caplog, "argmatrix.requests")))
    from datetime import datetime

    for r in records(caplog, "argmatrix.requests"):
        rec = json.loads(r.getMessage())
        assert list(rec)[:2] == ["timestamp", "event"]          # SGLang's JSON request records start so
        assert datetime.fromisoformat(rec["timestamp"]).tzinfo is not None


def test_request_records_and_long_records_bypass_rich_on_a_terminal():
    """rich lays text out in Python (a 1 MB record took 0.85 s on the event loop, the cause of level 3's 80x):
    on a terminal, request records and long records are plain dated lines; short server records stay rich."""
    import io

    from rich.console import Console

    from argmatrix.runtime.server.logs import RICH_MAX_CHARS, install_handlers, remove_handlers
    from argmatrix.schema import ServerArgs

    out = io.StringIO()
    console = Console(file=out, force_terminal=True, color_system=None, width=100)
    install_handlers(ServerArgs(log_requests=True, log_requests_level=3), console=console)
    try:
        big = "x" * (100 * RICH_MAX_CHARS)
        logging.getLogger("argmatrix.requests").info("Receive: rid='r1', input=%r", big)
        logging.getLogger("argmatrix.server").warning("long: %s", big)
        logging.getLogger("argmatrix.server").warning("short and styled")
    finally:
        remove_handlers()
    lines = out.getvalue().splitlines()
    dated = r"^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\] "
    assert re.match(dated + r"INFO argmatrix\.requests: Receive: rid='r1', input='x{100000}'$", lines[0]), lines[0][:120]
    assert re.match(dated + r"WARNING argmatrix\.server: long: x{100000}$", lines[1]), lines[1][:120]
    assert re.match(r"^\[[^\]]+\] WARNING\s{2,}argmatrix\.server: short and styled", lines[2]), lines[2]  # rich's


def test_log_requests_level_3_repeats_the_input_once_per_prompt(servers, caplog):
    rt = servers.start(log_requests=True, log_requests_level=3, log_requests_format="json")
    caplog.set_level(logging.INFO, logger="argmatrix.requests")
    with client(rt) as c:
        r = c.post("/v1/completions", json={"model": "demo", "prompt": "Log this prompt", "n": 3, "max_tokens": 2})
    assert r.status_code == 200
    events = [json.loads(rec.getMessage()) for rec in records(caplog, "argmatrix.requests")]
    finishes = [e for e in events if e["event"] == "Finish"]
    assert len(finishes) == 3 and all("output" in e for e in finishes)
    assert [e.get("input") for e in finishes].count("Log this prompt") == 1
    assert [e["input"] for e in events if e["event"] == "Receive"] == ["Log this prompt"]


def test_serve_writes_its_check_report_as_json_records():
    from argmatrix.compiler import CompileOptions, compile
    from argmatrix.runtime.server.logs import finding_records

    compiled = compile(["--model-path", "m", "--tp-szie", "2", "--log-format", "json"],
        CompileOptions(target="cpu", engine="argmatrix", env={}))
    lines = finding_records(compiled.findings)
    assert lines
    for line in lines:
        rec = json.loads(line)
        assert {"timestamp", "level", "logger", "code", "message"} <= set(rec)
    assert any(json.loads(line)["code"] == "AM-E001" and json.loads(line)["level"] == "ERROR" for line in lines)
