"""Scale-out on loopback: tensor parallel across two `argmatrix serve` processes acting as two nodes, a node that
dies, and data-parallel replicas behind sglang-router.  Every process is bounded by timeouts and killed at the end.
The commands are the ones docs/scaling.md shows."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from .conftest import client

ROOT = Path(__file__).resolve().parents[2]
PROMPT = [5, 6, 7, 8, 9, 10, 11]


def free_port() -> int:
    from argmatrix.runtime.distributed import free_port as pick

    return pick()


def env() -> dict:
    out = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    return {k: v for k, v in out.items() if not k.upper().startswith("ARGMATRIX_")}


def serve(*argv: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "argmatrix.cli", "serve", "--target", "cpu", *argv],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env(), cwd=ROOT,
                            start_new_session=True)


def stop(*procs: subprocess.Popen) -> None:
    for proc in procs:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)     # the process and the ranks/replicas it started
        proc.wait(10)


def wait_healthy(url: str, procs, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for proc in procs:
            if proc.poll() is not None:
                raise AssertionError(f"a process exited with {proc.returncode}:\n{proc.stdout.read()}")
        try:
            if httpx.get(url + "/health", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    raise AssertionError(f"{url} did not become healthy within {timeout}s")


def greedy(url: str, prompt=PROMPT, n: int = 12) -> list[int]:
    body = {"input_ids": prompt, "sampling_params": {"temperature": 0, "max_new_tokens": n, "ignore_eos": True}}
    r = httpx.post(url + "/generate", json=body, timeout=60)
    assert r.status_code == 200, r.text
    return r.json()["output_ids"]


@pytest.fixture(scope="module")
def tp1_tokens(demo_dir):
    from argmatrix.runtime.engine import Engine, SamplingParams
    from argmatrix.schema import ServerArgs

    engine = Engine(ServerArgs(model_path=demo_dir), device="cpu")
    try:
        return engine.generate(PROMPT, SamplingParams(temperature=0, max_new_tokens=12, ignore_eos=True))[0].token_ids
    finally:
        engine.shutdown(grace_s=0)


@pytest.mark.slow
def test_two_nodes_on_loopback_then_a_node_dies(demo_dir, tp1_tokens):
    """`--nnodes 2 --node-rank r --dist-init-addr 127.0.0.1:PORT`: node 0 serves, node 1 holds rank 1.
    Killing node 1 takes node 0 down with exit status 1 and a message naming the failure, within seconds."""
    dist, port = free_port(), free_port()
    common = ["--model-path", demo_dir, "--tp-size", "2", "--nnodes", "2", "--dist-init-addr", f"127.0.0.1:{dist}",
              "--dist-timeout", "30", "--skip-server-warmup"]
    node1 = serve(*common, "--node-rank", "1")
    node0 = serve(*common, "--node-rank", "0", "--host", "127.0.0.1", "--port", str(port))
    try:
        url = f"http://127.0.0.1:{port}"
        wait_healthy(url, [node0, node1])
        assert greedy(url) == tp1_tokens
        info = httpx.get(url + "/get_server_info", timeout=10).json()
        assert info["parallel"]["tp_size"] == 2 and info["parallel"]["nnodes"] == 2
        os.killpg(node1.pid, signal.SIGKILL)
        code = node0.wait(600)          # node 0 exits on its own; the bound only keeps a hang from stalling CI
        output = node0.stdout.read()
    finally:
        stop(node0, node1)
    assert code == 1, output
    assert "tensor parallel failed" in output and "server stops" in output, output


@pytest.mark.slow
def test_dp2_behind_sglang_router(demo_dir, tp1_tokens):
    port = free_port()
    proc = serve("--model-path", demo_dir, "--dp-size", "2", "--load-balance-method", "round_robin",
                 "--host", "127.0.0.1", "--port", str(port), "--skip-server-warmup")
    lines: list[str] = []
    try:
        url = f"http://127.0.0.1:{port}"
        wait_healthy(url, [proc], timeout=120)
        for _ in range(4):                               # round robin: two requests on each replica
            assert greedy(url) == tp1_tokens
        r = httpx.post(url + "/v1/chat/completions", timeout=60,
                       json={"model": demo_dir, "messages": [{"role": "user", "content": "hi"}], "max_tokens": 3})
        assert r.status_code == 200, r.text
        # models.retrieve: sglang-router has no /v1/models/{id}; argmatrix's front answers it
        import openai

        oai = openai.OpenAI(base_url=url + "/v1", api_key="none", max_retries=0, timeout=30)
        assert oai.models.retrieve(demo_dir).id == demo_dir
        assert [m.id for m in oai.models.list().data] == [demo_dir]
        with pytest.raises(openai.NotFoundError) as missing:
            oai.models.retrieve("no-such-model")
        assert missing.value.body["code"] == "model_not_found"
        with httpx.stream("POST", url + "/v1/completions", timeout=60,
                          json={"model": demo_dir, "prompt": "hi", "max_tokens": 4, "stream": True,
                                "ignore_eos": True}) as streamed:     # streams pass through the front
            events = [line for line in streamed.iter_lines() if line.startswith("data: ")]
        assert events[-1] == "data: [DONE]" and len(events) >= 2, events
        os.killpg(proc.pid, signal.SIGTERM)          # stops the front, the router and both replicas
        code = proc.wait(60)
        lines = proc.stdout.read().splitlines()
    finally:
        stop(proc)
    text = "\n".join(lines)
    assert code == 0, text
    assert "policy round_robin" in text and "over 2 replicas" in text, text
    assert len(re.findall(r"http://127\.0\.0\.1:\d+", text.split("data parallel:")[1].splitlines()[0])) == 2


def test_dp_replica_reports_its_place_and_the_policy(servers, monkeypatch):
    monkeypatch.setenv("AM_DP_REPLICA", '{"dp_rank": 1, "dp_size": 2, "load_balance_method": "total_requests", '
                                        '"router_policy": "power_of_two", "router": "sglang-router 0.3.2"}')
    rt = servers.start()
    info = client(rt).get("/get_server_info").json()["parallel"]
    assert info == {"tp_size": 1, "nnodes": 1, "dp_size": 2, "dp_rank": 1, "load_balance_method": "total_requests",
                    "router_policy": "power_of_two", "router": "sglang-router 0.3.2"}


def test_router_fields_are_accepted_only_with_neutral_values(server):
    c = client(server)
    routed = {"model": None, "return_text_in_logprobs": False, "log_metrics": True, "return_hidden_states": False,
              "background": False, "no_logs": False, "return_bytes": False, "return_entropy": False}
    r = c.post("/generate", json={"input_ids": PROMPT, "sampling_params": {"max_new_tokens": 2}, **routed})
    assert r.status_code == 200, r.text
    r = c.post("/v1/chat/completions", json={"model": "demo", "messages": [{"role": "user", "content": "hi"}],
                                             "max_tokens": 2, "no_stop_trim": False, "separate_reasoning": True,
                                             "stream_reasoning": True, "continue_final_message": False,
                                             "return_hidden_states": False})
    assert r.status_code == 200, r.text
    r = c.post("/generate", json={"input_ids": PROMPT, "return_hidden_states": True})
    assert r.status_code == 400 and "return_hidden_states" in r.text and "false" in r.text


def test_dp_without_the_router_says_so_at_start_up(monkeypatch, capsys):
    from rich.console import Console

    from argmatrix.runtime.server import replicas
    from argmatrix.schema import ServerArgs

    monkeypatch.setattr(replicas, "router_available", lambda: None)
    console = Console(file=sys.stderr, width=200)
    code = replicas.run_replicas(ServerArgs(model_path="m", dp_size=2), "cpu", console, {"model_path", "dp_size"})
    assert code == 1
    assert "--dp-size 2 needs sglang-router" in capsys.readouterr().err
