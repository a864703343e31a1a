"""Issue 29's acceptance figures, against `argmatrix serve` on the demo model as a separate process.

    python bench/hostile_shapes.py [--model-dir DIR] [--rounds 5]

Starts ``python -m argmatrix.runtime.server`` (the demo model, built in a temporary folder unless --model-dir,
``--trust-proxy`` so two callers are told apart by ``X-Forwarded-For``, the default --max-request-body-bytes), then
measures, printing each figure next to the same request alone in the same run:

1. each worst body shape at the largest size the body limit allows (8 MiB of ``stop_token_ids: [""]*N``,
   ``messages: [1]*N``, valid ``input_ids``, 10^5 keys of ``logit_bias``, nested objects to the depth limit), sent
   by caller A one at a time, then four at a time (--parallel), again and again: while they are handled, ``/health`` and caller B's 5-token
   request (their latency), A's answer (status, code, seconds), and caller B's next valid 18 KB body right
   after one of A's (its latency);
2. the queue: caller A sends twice --max-queued-requests at once while the engine is busy, then caller B sends
   a few: how many of A's got 503 queue_full, how many of B's were served;
3. SIGTERM under load (streams running, queue filled) and during a large parse: seconds to exit, exit status,
   and whether every response the clients read was whole (a 200 with its body, a stream ending with [DONE], or
   a 503 before any byte).

Not a unit test: it takes a few minutes.  The figures are in the report of issue 29 and docs/server.md.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

BODY_LIMIT = 8 * 1024 * 1024          # --max-request-body-bytes's default
SMALL = {"text": "hi", "sampling_params": {"max_new_tokens": 5, "ignore_eos": True}}
A = {"x-forwarded-for": "10.0.0.1"}
B = {"x-forwarded-for": "10.0.0.2"}
JSON_CT = {"content-type": "application/json"}


def _fill(prefix: str, item: str, suffix: str, limit: int = BODY_LIMIT - 64) -> bytes:
    n = (limit - len(prefix) - len(suffix)) // (len(item) + 1)
    return (prefix + ",".join([item] * n) + suffix).encode()


def shapes() -> dict[str, tuple[str, bytes]]:
    nested = "[" * 61 + "1" + "]" * 61    # with the body, sampling_params and stop around it: 64, the depth limit
    return {
        'stop_token_ids: [""]*N': ("/v1/completions", _fill('{"model":"demo","prompt":"a","stop_token_ids":[',
                                                           '""', "]}")),
        "messages: [1]*N": ("/v1/chat/completions", _fill('{"model":"demo","messages":[', "1", "]}")),
        "valid input_ids": ("/generate", _fill('{"sampling_params":{"max_new_tokens":1},"input_ids":[', "7", "]}")),
        "10^5 keys of logit_bias": ("/v1/completions", ('{"model":"demo","prompt":"a","logit_bias":{'
                                                        + ",".join(f'"{i}":1' for i in range(100_000))
                                                        + "}}").encode()),
        "nested objects to the depth limit": ("/generate", _fill('{"text":"a","sampling_params":{"stop":[',
                                                                 nested, "]}}")),
    }


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(model_dir: str, *extra: str) -> tuple[subprocess.Popen, str]:
    port = free_port()
    cmd = [sys.executable, "-m", "argmatrix.runtime.server", "--model-path", model_dir, "--port", str(port),
           "--served-model-name", "demo", "--trust-proxy", "--skip-server-warmup", "--log-level", "warning", *extra]
    env = {k: v for k, v in os.environ.items() if not k.upper().startswith("ARGMATRIX_")}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=ROOT)
    url = f"http://127.0.0.1:{port}"
    import httpx

    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited with {proc.returncode}:\n{proc.stdout.read() if proc.stdout else ''}")
        try:
            if httpx.get(url + "/health", timeout=2).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not become healthy")


async def timed(coro) -> tuple[float, object]:
    t0 = time.perf_counter()
    out = await coro
    return time.perf_counter() - t0, out


async def shape_figures(url: str, rounds: int, parallel: int) -> list[str]:
    import httpx

    lines = []
    valid_b = json.dumps({"model": "demo", "prompt": "a", "max_tokens": 1,
                          "stop_token_ids": [7 + i % 300 for i in range(3000)]}).encode()   # about 18 KB
    # the two callers on separate connection pools, as two clients would be
    async with httpx.AsyncClient(base_url=url, timeout=300) as http, \
            httpx.AsyncClient(base_url=url, timeout=300, limits=httpx.Limits(max_connections=16)) as hostile_http:
        alone_health = statistics.median([(await timed(http.get("/health")))[0] for _ in range(rounds)])
        alone_small = statistics.median([(await timed(http.post("/generate", json=SMALL, headers=B)))[0]
                                         for _ in range(rounds)])
        alone_valid = statistics.median([(await timed(http.post("/v1/completions", content=valid_b,
                                                                 headers={**B, **JSON_CT})))[0]
                                         for _ in range(rounds)])
        lines.append(f"alone: /health {alone_health * 1000:.0f} ms, caller B's 5-token request "
                     f"{alone_small * 1000:.0f} ms, caller B's valid 18 KB body {alone_valid * 1000:.0f} ms")
        for name, (path, body) in shapes().items():
            done = asyncio.Event()
            answers: list[tuple[float, int, str]] = []

            async def hostile(path=path, body=body, done=done, answers=answers):
                while not done.is_set():
                    try:
                        took, r = await timed(hostile_http.post(path, content=body, headers={**A, **JSON_CT}))
                    except httpx.HTTPError as exc:
                        answers.append((0.0, 0, f"client error {type(exc).__name__}"))
                        continue
                    code = ""
                    try:
                        code = r.json()["error"]["code"] + " " + str(r.json()["error"].get("param"))
                    except (ValueError, KeyError, TypeError):
                        pass
                    answers.append((took, r.status_code, code))

            tasks = [asyncio.ensure_future(hostile()) for _ in range(parallel)]
            await asyncio.sleep(0.3)                  # the bodies are arriving and being parsed
            health = [(await timed(http.get("/health")))[0] for _ in range(rounds)]
            small = [(await timed(http.post("/generate", json=SMALL, headers=B)))[0] for _ in range(rounds)]
            # the next caller's valid body right after one of A's: sent as A's lands
            after = []
            for _ in range(rounds):
                a_task = asyncio.ensure_future(hostile_http.post(path, content=body, headers={**A, **JSON_CT}))
                await asyncio.sleep(0)
                after.append((await timed(http.post("/v1/completions", content=valid_b,
                                                    headers={**B, **JSON_CT})))[0])
                await asyncio.gather(a_task, return_exceptions=True)
            done.set()
            await asyncio.gather(*tasks)
            statuses = sorted({f"{s} {c}" for _, s, c in answers})
            lines.append(f"{parallel} x {name} ({len(body) / 2**20:.1f} MiB, {len(answers)} answered, each in "
                         f"{statistics.median(t for t, _, _ in answers):.2f} s median: {', '.join(statuses)})")
            lines.append(f"    /health      max {max(health) * 1000:6.0f} ms  (x{max(health) / alone_health:.1f})   "
                         f"B 5-token max {max(small) * 1000:6.0f} ms  (x{max(small) / alone_small:.1f})   "
                         f"B valid body next max {max(after) * 1000:6.0f} ms  (x{max(after) / alone_valid:.1f})")
    return lines


async def queue_figures(url: str, queue: int) -> list[str]:
    import httpx

    busy = {"text": "hold", "sampling_params": {"max_new_tokens": 200, "ignore_eos": True}}
    async with httpx.AsyncClient(base_url=url, timeout=300,
                                 limits=httpx.Limits(max_connections=1000)) as http:
        flood = [asyncio.ensure_future(http.post("/generate", json=busy, headers=A)) for _ in range(2 * queue)]
        while True:                                    # A's requests are all in: queued, running or refused
            info = (await http.get("/get_server_info")).json()["requests"]
            if info["received"] >= 2 * queue or info["rejected"] + info["received"] >= 2 * queue:
                break
            await asyncio.sleep(0.05)
        b = await asyncio.gather(*(http.post("/generate", json=SMALL, headers=B) for _ in range(8)))
        a = await asyncio.gather(*flood)
    a_503 = sum(1 for r in a if r.status_code == 503 and r.json()["error"]["code"] == "queue_full")
    b_ok = sum(1 for r in b if r.status_code == 200)
    return [f"queue: caller A sent {len(a)} at once (--max-queued-requests {queue}): {a_503} got 503 queue_full, "
            f"{sum(1 for r in a if r.status_code == 200)} served; caller B then sent {len(b)}: {b_ok} served, "
            f"{len(b) - b_ok} refused"]


async def _load_and_term(url: str, proc: subprocess.Popen, during_parse: bool) -> tuple[float, int, str]:
    import httpx

    outcomes: list[str] = []

    async def stream(http):
        body = {"input_ids": [5, 6, 7], "stream": True, "sampling_params": {"max_new_tokens": 2000,
                                                                           "ignore_eos": True}}
        try:
            async with http.stream("POST", "/generate", json=body, headers=A) as r:
                last = ""
                async for line in r.aiter_lines():
                    if line.startswith("data: "):
                        last = line[6:]
                outcomes.append("whole" if r.status_code != 200 or last == "[DONE]" else f"cut {last[:60]}")
        except httpx.HTTPError as exc:
            outcomes.append(f"refused {type(exc).__name__}")     # no byte of an answer: never half-answered

    async def plain(http, body, path="/generate", headers=None):
        try:
            r = await http.post(path, content=body if isinstance(body, bytes) else None,
                                json=None if isinstance(body, bytes) else body, headers=headers or B)
            if r.status_code == 200:
                r.json()
            outcomes.append("whole")
        except httpx.HTTPError as exc:
            outcomes.append(f"refused {type(exc).__name__}")
        except ValueError:
            outcomes.append("cut (a 200 whose body is not JSON)")

    async with httpx.AsyncClient(base_url=url, timeout=120, limits=httpx.Limits(max_connections=500)) as http:
        tasks = [asyncio.ensure_future(stream(http)) for _ in range(8)]
        tasks += [asyncio.ensure_future(plain(http, {"text": "q", "sampling_params": {"max_new_tokens": 1500,
                                                                                       "ignore_eos": True}}))
                  for _ in range(40)]
        if during_parse:
            path, body = shapes()['stop_token_ids: [""]*N']
            tasks += [asyncio.ensure_future(plain(http, body, path, {**A, **JSON_CT})) for _ in range(4)]
        await asyncio.sleep(1.0)                       # streams running, queue filled, bodies arriving
        t0 = time.perf_counter()
        proc.send_signal(signal.SIGTERM)
        code = await asyncio.to_thread(proc.wait, 120)
        took = time.perf_counter() - t0
        await asyncio.gather(*tasks)
    bad = [o for o in outcomes if o.startswith("cut")]
    return took, code, f"{len(outcomes)} requests, {len(bad)} half-answered" + (f": {bad[:3]}" if bad else "")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model-dir", help="a model folder (default: the demo model, built in a temporary folder)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--queue", type=int, default=32, help="--max-queued-requests of the queue figure")
    ap.add_argument("--parallel", default="1,4", help="how many of caller A's bodies are in flight at once, per "
                                                      "round of the shape figures (default 1,4)")
    opts = ap.parse_args()
    tmp = None
    model_dir = opts.model_dir
    if model_dir is None:
        from argmatrix.runtime.demo_model import build_demo_model

        tmp = tempfile.TemporaryDirectory(prefix="argmatrix-shapes-")
        model_dir = str(build_demo_model(Path(tmp.name) / "demo"))
    lines: list[str] = []
    try:
        proc, url = start(model_dir)
        try:
            for parallel in (int(p) for p in opts.parallel.split(",")):
                lines += asyncio.run(shape_figures(url, opts.rounds, parallel))
        finally:
            proc.terminate()
            proc.wait(60)
        proc, url = start(model_dir, "--max-queued-requests", str(opts.queue), "--max-running-requests", "4")
        try:
            lines += asyncio.run(queue_figures(url, opts.queue))
        finally:
            proc.terminate()
            proc.wait(60)
        for during_parse in (False, True):
            proc, url = start(model_dir, "--max-running-requests", "8")
            took, code, whole = asyncio.run(_load_and_term(url, proc, during_parse))
            what = "under load and during 8 MiB parses" if during_parse else "under load"
            lines.append(f"SIGTERM {what}: exit {code} after {took:.1f} s (--shutdown-timeout 30); {whole}")
    finally:
        if tmp is not None:
            tmp.cleanup()
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
