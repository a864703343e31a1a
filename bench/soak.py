"""Soak test: a bounded storm of mixed, hostile and unauthorised requests against a loopback server.

    python bench/soak.py [--duration 60] [--max-requests 3000] [--concurrency 24] [--model-dir DIR]

Serves the demo model (built into a temporary folder unless --model-dir) in this
process on 127.0.0.1 only, then sends, until the time or request budget runs out:
streamed and plain completions/chat/generate, streams the client abandons
midway, requests it aborts through /abort_request, oversized bodies and prompts,
hostile bodies (lone surrogates, 100,000 stop strings, broken JSON, form
posts, impossible lengths and seeds), requests without or with the wrong
key, and issue 20's: bodies of as many items as a list may hold (valid and
wrong-typed), requests at --max-sequences-per-request from another caller (a
second client address), and request ids two callers both use; and issue 29's:
the worst body of each shape at the largest size --max-request-body-bytes
allows (8 MiB of wrong-typed stop_token_ids, of messages that are numbers, of
valid input_ids, 100,000 logit_bias keys, arrays nested to the depth limit),
each refused with a 413 before validation.  After the storm it measures a
5-token request alone and next to each hostile neighbour from another caller
(the ratio is the figure).  Then it checks, and exits 1 if any fails:

- no response had a 5xx status (as the client saw it and as the server counted it);
- every request the server accepted ended (finished, cancelled or rejected; none failed or in flight);
- the KV page pool is whole (free + cached == total, the engine's own invariant check);
- the process RSS is back near where it was after the warm-up round.

Prints the figures (kept in docs/benchmarks.md).  Not a unit test: it runs for a minute.
"""
from __future__ import annotations

import argparse
import asyncio
import collections
import gc
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

USER_KEY, ADMIN_KEY = "sk-soak-user", "sk-soak-admin"
ENGINE_ARGS = {"context_length": 512, "max_total_tokens": 32768, "max_running_requests": 32}
RSS_SLACK_MIB = 64
RSS_SLACK_RATIO = 0.20


def rss_mib() -> float:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def start_server(model_dir: str):
    from argmatrix.runtime.engine import Engine
    from argmatrix.runtime.server import ServingRuntime
    from argmatrix.schema import ServerArgs

    args = ServerArgs(model_path=model_dir, served_model_name="demo", api_key=USER_KEY, admin_api_key=ADMIN_KEY,
                      host="127.0.0.1", enable_metrics=True, skip_server_warmup=True, **ENGINE_ARGS)
    engine = Engine(args, device="cpu", dtype="float32")
    rt = ServingRuntime(args, engine=engine, grace_s=5.0)
    rt.start_in_thread(host="127.0.0.1", port=0)
    assert rt.sock.getsockname()[0] == "127.0.0.1", "the soak server listens on loopback only"
    return rt, engine


# -- the request mix: (kind, weight, coroutine(http, rng) -> (status, expected statuses)) ----------------------------
USER = {"authorization": f"Bearer {USER_KEY}"}
ADMIN = {"authorization": f"Bearer {ADMIN_KEY}"}
JSON = {**USER, "content-type": "application/json"}


def _prompt(rng: random.Random) -> list[int]:
    return [rng.randrange(10, 700) for _ in range(rng.randint(4, 120))]


async def _stream(http, path: str, body: dict, stop_after: int | None = None) -> int:
    async with http.stream("POST", path, json=body, headers=USER) as r:
        events = 0
        async for line in r.aiter_lines():
            if line.startswith("data: "):
                events += 1
                if line != "data: [DONE]" and '"error"' in line[:20]:
                    raise AssertionError(f"error event: {line[:200]}")
                if stop_after is not None and events >= stop_after:
                    return r.status_code             # hang up midway: the server must cancel and free pages
        if r.status_code == 200 and stop_after is None:
            assert line == "data: [DONE]" or events > 0
        return r.status_code


async def k_stream(http, rng):
    path, body = rng.choice([
        ("/v1/completions", {"model": "demo", "prompt": _prompt(rng), "max_tokens": rng.randint(1, 48),
                             "stream": True, "n": rng.choice([1, 1, 2])}),
        ("/v1/chat/completions", {"model": "demo", "messages": [{"role": "user", "content": "hi " * rng.randint(1, 40)}],
                                  "max_tokens": rng.randint(1, 48), "stream": True, "stop": ["zz", "qq"]}),
        ("/generate", {"input_ids": _prompt(rng), "stream": True,
                       "sampling_params": {"max_new_tokens": rng.randint(1, 48), "temperature": 0.7}}),
    ])
    return await _stream(http, path, body), {200}


async def k_plain(http, rng):
    path, body = rng.choice([
        ("/v1/completions", {"model": "demo", "prompt": [_prompt(rng), _prompt(rng)], "max_tokens": rng.randint(1, 32),
                             "logprobs": 2}),
        ("/v1/chat/completions", {"model": "demo", "messages": [{"role": "user", "content": "hello"}],
                                  "max_tokens": rng.randint(1, 32), "n": 2}),
        ("/generate", {"text": "hello " * rng.randint(1, 30), "sampling_params": {"max_new_tokens": 16}}),
    ])
    r = await http.post(path, json=body, headers=USER)
    return r.status_code, {200}


async def k_cancel(http, rng):
    body = {"input_ids": _prompt(rng), "stream": True, "sampling_params": {"max_new_tokens": 300,
                                                                          "ignore_eos": True}}
    return await _stream(http, "/generate", body, stop_after=rng.randint(1, 5)), {200}


async def k_abort(http, rng):
    rid = f"soak-{rng.getrandbits(48):x}"
    body = {"input_ids": _prompt(rng), "rid": rid, "stream": True,
            "sampling_params": {"max_new_tokens": 300, "ignore_eos": True}}

    async def abort_soon():
        await asyncio.sleep(rng.uniform(0.01, 0.2))
        r = await http.post("/abort_request", json={"rid": rid}, headers=USER)
        assert r.status_code in (200, 404), r.text

    task = asyncio.ensure_future(abort_soon())
    status = await _stream(http, "/generate", body)
    await task
    return status, {200}


async def k_oversized(http, rng):
    if rng.random() < 0.3:
        import httpx

        try:
            r = await http.post("/generate", content=b'{"text": "' + b"a" * (9 * 2**20) + b'"}', headers=JSON)
        except httpx.TransportError:
            # the server answers 413 from Content-Length and closes without reading 9 MB: a client still
            # sending sees the connection reset (the server's own count shows the 413)
            return "413/reset", {"413/reset"}
        return r.status_code, {413}
    r = await http.post("/generate", json={"text": "word " * 20_000}, headers=USER)
    return r.status_code, {400}


HOSTILE = [
    (b'{"text": "\\ud800"}', {400}),
    (b'{"model": "demo", "prompt": "a", "stop": ' + json.dumps([f"s{i}" for i in range(100_000)]).encode() + b"}",
     {413}),                                   # more items than a list may hold (issue 29)
    (b"{broken", {400}),
    (b'{"text": "a", "sampling_params": {"n": 1000}}', {400}),
    (b'{"text": "a", "sampling_params": {"seed": 18446744073709551616}}', {400}),
    (b'{"text": "a", "sampling_params": {"max_new_tokens": 100000}}', {400}),
    (b'{"input_ids": [99999999]}', {400}),
    (b"[]", {400}),
]


async def k_hostile(http, rng):
    import httpx

    body, expected = rng.choice(HOSTILE)
    path = "/v1/completions" if b'"prompt"' in body else "/generate"
    form = rng.random() < 0.15
    try:
        if form:
            r = await http.post(path, content=body, headers={**USER,
                                                             "content-type": "application/x-www-form-urlencoded"})
            return r.status_code, {415}
        r = await http.post(path, content=body, headers=JSON)
    except httpx.TransportError as exc:          # say which body, so a failure can be chased
        raise type(exc)(f"{'form post of ' if form else ''}{body[:60]!r}... ({len(body):,} bytes): {exc}") from exc
    return r.status_code, expected


# issue 20: bodies that froze the loop, crashed a sampling step or recursed out of stack; each a clear 4xx (or a
# plain 200 where the value is now settled at the edge: a temperature below 1e-6 is greedy, a huge top_k all of it)
_CHAT = {"model": "demo", "messages": [{"role": "user", "content": "hi"}], "max_tokens": 4}
HOSTILE_20 = [
    ("/v1/completions", {"model": "demo", "prompt": "a", "stop_token_ids": ["x"] * 40_000}, {413}),
    ("/v1/completions", {"model": "demo", "prompt": "a", "stop": list(range(40_000))}, {413}),
    ("/v1/completions", {"model": "demo", "prompt": "a", "stop_token_ids": ["x"] * 4_000}, {400}),
    ("/v1/completions", {"model": "demo", "prompt": "a", "stop": list(range(4_000))}, {400}),
    ("/v1/completions", {"model": "demo", "prompt": "a", "max_tokens": 4, "temperature": 1e-40}, {200}),
    ("/v1/completions", {"model": "demo", "prompt": "a", "max_tokens": 4, "top_k": 2**63, "temperature": 0.7}, {200}),
    ("/v1/completions", {"model": "demo", "prompt": "a", "max_tokens": 4, "repetition_penalty": 1e-40}, {400}),
    ("/generate", {"text": "a", "sampling_params": {"temperature": 1e-40, "repetition_penalty": 1e-40}}, {400}),
    ("/v1/chat/completions", '{"model": "demo", "messages": [{"role": "user", "content": "hi"}], '
                             '"chat_template_kwargs": ' + '{"a":' * 900 + "1" + "}" * 900 + "}", {400}),
    ("/generate", '{"text": "a", "rid": ' + "[" * 50_000 + "]" * 50_000 + "}", {400}),
]


async def k_hostile20(http, rng):
    path, body, expected = rng.choice(HOSTILE_20)
    if isinstance(body, str):
        r = await http.post(path, content=body.encode(), headers=JSON)
    else:
        r = await http.post(path, json=body, headers=USER)
    return r.status_code, expected


async def k_refused_trickle(http, rng):
    """A wrong key and a body trickled after it: the 401 closes the connection (issue 20.4)."""
    host, port = http.base_url.host, http.base_url.port
    reader, writer = await asyncio.open_connection(host, port)
    try:
        writer.write(b"POST /generate HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer wrong\r\n"
                     b"Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{\"text\": \"")
        await writer.drain()
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 30)
        status = int(head.split()[1])
        length = int(next(line.split(b":")[1] for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")))
        await reader.readexactly(length)
        for _ in range(50):                       # keep trickling: the server must have closed its side
            writer.write(b"a")
            await writer.drain()
            if await asyncio.wait_for(reader.read(1), 30) == b"":
                return status, {401}
        return "401/open", {401}
    except (ConnectionError, asyncio.IncompleteReadError):
        return 401, {401}
    finally:
        writer.close()


async def k_unauthorised(http, rng):
    method, path, headers, expected = rng.choice([
        ("GET", "/v1/models", {}, {401}),
        ("POST", "/generate", {"authorization": "Bearer wrong"}, {401}),
        ("GET", "/get_server_info/admin", USER, {403}),
        ("POST", "/flush_cache", USER, {403}),
        ("GET", "/get_server_info", USER, {200}),
        ("GET", "/health", {}, {200}),
    ])
    r = await http.request(method, path, headers=headers, json={"text": "a"} if method == "POST" else None)
    return r.status_code, expected


_HOSTILE_HTTP: dict = {}


def _hostile_http(http):
    """A client from another address (another caller, as the server tells them apart), one per soak client."""
    import httpx

    key = id(http)
    if key not in _HOSTILE_HTTP:
        _HOSTILE_HTTP[key] = httpx.AsyncClient(base_url=http.base_url, timeout=120,
                                               transport=httpx.AsyncHTTPTransport(local_address=HOSTILE_ADDRESS))
    return _HOSTILE_HTTP[key]


async def k_hog(http, rng):
    """Issue 20.3: a request at --max-sequences-per-request from another caller, sometimes abandoned midway."""
    body = {"model": "demo", "prompt": [[rng.randrange(10, 700) for _ in range(40)] for _ in range(2)],
            "n": _HOG_N, "max_tokens": rng.randint(8, 64), "ignore_eos": True, "stream": True}
    hostile = _hostile_http(http)
    async with hostile.stream("POST", "/v1/completions", json=body, headers=USER) as r:
        events = 0
        async for line in r.aiter_lines():
            events += line.startswith("data: ")
            if rng.random() < 0.3 and events > 3:
                break
        return r.status_code, {200}


BIG_ITEMS = 4_000        # within the items a list may hold (4,096 here): parsed off the event loop


async def k_bigbody(http, rng):
    """Issue 20: large bodies, valid or wrong-typed, parsed off the event loop."""
    items: list = ([7 + i % 500 for i in range(BIG_ITEMS)] if rng.random() < 0.5 else [{"a": 1}] * BIG_ITEMS)
    r = await http.post("/v1/completions", json={"model": "demo", "prompt": "a", "max_tokens": 1,
                                                 "stop_token_ids": items}, headers=USER)
    return r.status_code, {200} if isinstance(items[0], int) else {400}


_SHAPES: dict[str, tuple[str, bytes]] = {}      # set in main at the server's --max-request-body-bytes


async def k_shape29(http, rng):
    """Issue 29: the worst body of one shape at the largest allowed size: a 413 before any validation."""
    path, body = _SHAPES[rng.choice(sorted(_SHAPES))]
    r = await http.post(path, content=body, headers=JSON)
    return r.status_code, {413}


async def k_rid_probe(http, rng):
    """Issue 20.9: another caller's request id (one a soak client may have in flight) is served as a new
    request of this caller, never refused as taken, and an abort of it finds nothing of this caller's."""
    rid = f"soak-shared-{rng.randrange(4)}"
    hostile = _hostile_http(http)
    r = await hostile.post("/generate", json={"input_ids": _prompt(rng), "rid": rid,
                                              "sampling_params": {"max_new_tokens": 2}}, headers=USER)
    if r.status_code == 400 and "already have a request" in r.text:
        return r.status_code, {400}      # this caller's own id, still in flight from another of its workers
    return r.status_code, {200}


async def k_rid_victim(http, rng):
    rid = f"soak-shared-{rng.randrange(4)}"
    r = await http.post("/generate", json={"input_ids": _prompt(rng), "rid": rid,
                                           "sampling_params": {"max_new_tokens": 8}}, headers=USER)
    if r.status_code == 400 and "already have a request" in r.text:
        return r.status_code, {400}
    return r.status_code, {200}


_HOG_N = 8          # set in main from the server's --max-sequences-per-request (two prompts x n)

KINDS = [("stream", 30, k_stream), ("plain", 20, k_plain), ("cancel", 10, k_cancel), ("abort", 5, k_abort),
         ("oversized", 5, k_oversized), ("hostile", 15, k_hostile), ("hostile20", 10, k_hostile20),
         ("trickle401", 3, k_refused_trickle), ("unauthorised", 15, k_unauthorised), ("hog", 4, k_hog),
         ("bigbody", 4, k_bigbody), ("shape29", 2, k_shape29), ("rid_probe", 3, k_rid_probe),
         ("rid_victim", 3, k_rid_victim)]


async def _small_latency(http, rounds: int = 5) -> float:
    """Median seconds of a 5-token /generate."""
    took = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        r = await http.post("/generate", json={"text": "hi", "sampling_params": {"max_new_tokens": 5,
                                                                                 "ignore_eos": True}}, headers=USER)
        assert r.status_code == 200, r.text
        took.append(time.perf_counter() - t0)
    return statistics.median(took)


# The hostile neighbours of the latency figures come from another client address (Linux answers all of
# 127.0.0.0/8 on loopback): the server tells callers apart by key and address, and shares the running slots
# among them.  A caller's own requests are served in order, so they are not each other's neighbours here.
HOSTILE_ADDRESS = "127.0.0.2"
PARALLEL_BODIES = 20


def neighbour_kinds(limits) -> dict[str, tuple[str, object, int]]:
    """name -> (path, body, how many at once): the worst the limits allow, and issue 20's heaviest bodies."""
    per_prompt = max(1, limits.max_sequences_per_request // 2)
    stops = [("zq" * 200)[: limits.max_stop_string_length - 1 - i] + "#" for i in range(limits.max_stop_strings)]
    worst = {"model": "demo", "prompt": [[(i * 7 + k) % 500 + 10 for i in range(200)] for k in range(2)],
             "n": per_prompt, "stop": stops, "max_tokens": 300, "ignore_eos": True, "stream": True}
    running = 2 * 2 * per_prompt                     # two requests of two prompts x n
    out: dict[str, tuple[str, object, int]] = {
        f"2 worst allowed requests ({running} sequences, every running slot)": ("/v1/completions", worst, 2)}
    for path, body, _ in HOSTILE_20:
        if isinstance(body, dict) and body.get("stop_token_ids") == ["x"] * BIG_ITEMS:
            out[f"{PARALLEL_BODIES} x {BIG_ITEMS:,} wrong-typed items"] = (path, body, PARALLEL_BODIES)
        elif isinstance(body, str) and "chat_template_kwargs" in body:
            out["900-level nesting"] = (path, body, PARALLEL_BODIES)
    out[f"{PARALLEL_BODIES} x {BIG_ITEMS:,} valid items"] = (
        "/v1/completions", {"model": "demo", "prompt": "a", "max_tokens": 1,
                            "stop_token_ids": [7 + i % 500 for i in range(BIG_ITEMS)]}, PARALLEL_BODIES)
    # issue 29: the worst body of each shape at the largest size the body limit allows, four at a time
    for name, (path, body) in worst_shapes(limits.max_request_body_bytes - 64).items():
        out[f"4 x 8 MiB of {name}"] = (path, body.decode(), 4)
    return out


def worst_shapes(limit: int) -> dict[str, tuple[str, bytes]]:
    """Issue 29's shapes, each about ``limit`` bytes: every one is refused (413) before it is validated."""
    def fill(prefix: str, item: str, suffix: str) -> bytes:
        n = (limit - len(prefix) - len(suffix)) // (len(item) + 1)
        return (prefix + ",".join([item] * n) + suffix).encode()

    nested = "[" * 61 + "1" + "]" * 61          # inside the body, sampling_params and stop: 64 levels, the limit
    return {
        'stop_token_ids: [""]': ("/v1/completions", fill('{"model":"demo","prompt":"a","stop_token_ids":[', '""',
                                                         "]}")),
        "messages: [1]": ("/v1/chat/completions", fill('{"model":"demo","messages":[', "1", "]}")),
        "valid input_ids": ("/generate", fill('{"input_ids":[', "7", "]}")),
        "logit_bias keys": ("/v1/completions", ('{"model":"demo","prompt":"a","logit_bias":{' + ",".join(
            f'"{i}":1' for i in range(100_000)) + "}}").encode()),
        "nested arrays": ("/generate", fill('{"text":"a","sampling_params":{"stop":[', nested, "]}}")),
    }


async def latency_ratios(url: str, limits, engine) -> dict[str, tuple[float, float]]:
    """A 5-token request alone, then next to each hostile neighbour from another caller: (seconds, ratio to
    alone).  The neighbours are kept busy (re-sent as they end) until the measurement is done."""
    import httpx

    out: dict[str, tuple[float, float]] = {}
    hostile_transport = httpx.AsyncHTTPTransport(local_address=HOSTILE_ADDRESS)
    async with httpx.AsyncClient(base_url=url, timeout=300) as http, \
            httpx.AsyncClient(base_url=url, timeout=300, transport=hostile_transport) as hostile:
        alone = await _small_latency(http)
        out["alone"] = (alone, 1.0)
        for name, (path, body, parallel) in neighbour_kinds(limits).items():
            done = asyncio.Event()
            streamed = [False] * parallel

            async def keep_sending(k, path=path, body=body, streamed=streamed, done=done):
                while not done.is_set():
                    if isinstance(body, str):
                        await hostile.post(path, content=body.encode(), headers=JSON)
                    elif body.get("stream"):
                        async with hostile.stream("POST", path, json=body, headers=USER) as r:
                            async for _ in r.aiter_lines():
                                streamed[k] = True
                                if done.is_set():
                                    break             # hang up: the server cancels and frees the pages
                    else:
                        await hostile.post(path, json=body, headers=USER)

            tasks = [asyncio.ensure_future(keep_sending(k)) for k in range(parallel)]
            if isinstance(body, dict) and body.get("stream"):
                while not (all(streamed) and engine.stats().running >= engine.max_running_requests):
                    await asyncio.sleep(0.05)     # the neighbours hold every running slot
            else:
                await asyncio.sleep(0.5)          # the neighbours' bodies are arriving and being refused
            took = await _small_latency(http)
            still = not any(t.done() for t in tasks)
            done.set()
            await asyncio.gather(*tasks, return_exceptions=True)
            out[name if still else name + " (a neighbour ended before the measurement did)"] = (took, took / alone)
    return out


async def storm(url: str, duration: float, max_requests: int, concurrency: int, seed: int):
    import httpx

    kinds = [k for k, _, _ in KINDS]
    weights = [w for _, w, _ in KINDS]
    funcs = {k: f for k, _, f in KINDS}
    stats: dict = {"sent": collections.Counter(), "status": collections.Counter(), "unexpected": [],
                   "latency": collections.defaultdict(list)}
    deadline = time.monotonic() + duration
    sent = 0

    async def worker(wid: int):
        nonlocal sent
        wrng = random.Random(seed * 1000 + wid)
        async with httpx.AsyncClient(base_url=url, timeout=120) as http:
            while time.monotonic() < deadline and sent < max_requests:
                sent += 1
                kind = wrng.choices(kinds, weights)[0]
                t0 = time.perf_counter()
                try:
                    status, expected = await funcs[kind](http, wrng)
                except Exception as exc:  # noqa: BLE001 - recorded, the soak goes on
                    stats["unexpected"].append(f"{kind}: {type(exc).__name__}: {exc}"[:300])
                    continue
                stats["latency"][kind].append(time.perf_counter() - t0)
                stats["sent"][kind] += 1
                stats["status"][status] += 1
                if status not in expected:
                    stats["unexpected"].append(f"{kind}: status {status}, expected {sorted(expected)}")

    t0 = time.perf_counter()
    try:
        await asyncio.gather(*(worker(i) for i in range(concurrency)))
    finally:
        for c in list(_HOSTILE_HTTP.values()):
            await c.aclose()
        _HOSTILE_HTTP.clear()
    stats["elapsed"] = time.perf_counter() - t0
    return stats


def wait_idle(engine, timeout: float = 30.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        s = engine.stats()
        if (s.running, s.queued, s.used_pages) == (0, 0, 0):
            return s
        time.sleep(0.05)
    return engine.stats()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--duration", type=float, default=60.0, help="seconds of storm (default 60)")
    ap.add_argument("--max-requests", type=int, default=3000, help="stop after this many requests")
    ap.add_argument("--concurrency", type=int, default=24, help="clients sending at once")
    ap.add_argument("--model-dir", help="a model folder (default: the demo model, built in a temporary folder)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ratios-only", action="store_true",
                    help="only the latency figures (a 5-token request next to each hostile neighbour), no storm")
    opts = ap.parse_args()

    tmp = None
    model_dir = opts.model_dir
    if model_dir is None:
        from argmatrix.runtime.demo_model import build_demo_model

        tmp = tempfile.TemporaryDirectory(prefix="argmatrix-soak-")
        model_dir = str(build_demo_model(Path(tmp.name) / "demo"))
    rt, engine = start_server(model_dir)
    url = rt.url
    global _HOG_N
    _HOG_N = max(1, rt.state.limits.max_sequences_per_request // 2)
    _SHAPES.update(worst_shapes(rt.state.limits.max_request_body_bytes - 64))
    failures: list[str] = []
    if opts.ratios_only:
        try:
            ratios = asyncio.run(latency_ratios(rt.url, rt.state.limits, engine))
        finally:
            rt.stop()
            engine.shutdown(grace_s=0)
            if tmp is not None:
                tmp.cleanup()
        print("a 5-token request, alone and next to another caller's:")
        for name, (secs, ratio) in ratios.items():
            print(f"  {name:<62} {secs * 1000:8.0f} ms   x{ratio:.2f}")
        return 0
    try:
        # warm-up round: imports, allocator pools and caches settle before the RSS baseline
        asyncio.run(storm(rt.url, min(10.0, opts.duration / 4), 300, opts.concurrency, opts.seed + 99))
        wait_idle(engine)
        gc.collect()
        rss_start = rss_mib()
        before = rt.state.tracker.summary()
        stats = asyncio.run(storm(rt.url, opts.duration, opts.max_requests, opts.concurrency, opts.seed))
        idle = wait_idle(engine)
        ratios = asyncio.run(latency_ratios(rt.url, rt.state.limits, engine))
        idle = wait_idle(engine)
        gc.collect()
        time.sleep(0.5)
        rss_end = rss_mib()
        summary = rt.state.tracker.summary()
        engine.check_invariants()
    finally:
        rt.stop()
        engine.shutdown(grace_s=0)
        if tmp is not None:
            tmp.cleanup()

    server_5xx = {k: v for k, v in summary["http_status"].items() if k.startswith("5")}
    client_5xx = {k: v for k, v in stats["status"].items() if isinstance(k, int) and k >= 500}
    ended = summary["finished"] + summary["cancelled"] + summary["rejected"] + summary["failed"]
    requests = sum(stats["sent"].values())
    print(f"soak: {requests} requests in {stats['elapsed']:.1f} s ({requests / stats['elapsed']:.1f} req/s), "
          f"{opts.concurrency} clients, loopback {url}")
    print("  by kind:   " + ", ".join(f"{k} {v}" for k, v in sorted(stats["sent"].items())))
    print("  statuses:  " + ", ".join(f"{k}: {v}" for k, v in sorted(stats["status"].items(), key=str)))
    for kind, values in sorted(stats["latency"].items()):
        values.sort()
        print(f"  {kind:<12} p50 {statistics.median(values) * 1000:8.1f} ms   p99 "
              f"{values[min(len(values) - 1, int(len(values) * 0.99))] * 1000:8.1f} ms")
    print(f"  engine requests: received {summary['received']}, finished {summary['finished']}, cancelled "
          f"{summary['cancelled']}, rejected {summary['rejected']}, failed {summary['failed']}, in flight "
          f"{summary['in_flight']} (before the storm: {before['received']} received)")
    print(f"  pages: {idle.free_pages} free + {idle.cached_pages} cached of {idle.total_pages}, "
          f"{idle.used_pages} in use")
    print("  a 5-token request, alone and next to another caller's:")
    for name, (secs, ratio) in ratios.items():
        print(f"    {name:<62} {secs * 1000:8.0f} ms   x{ratio:.2f}")
    print(f"  RSS: {rss_start:.0f} MiB after warm-up -> {rss_end:.0f} MiB after the storm "
          f"({rss_end - rss_start:+.0f} MiB)")
    if server_5xx or client_5xx:
        failures.append(f"5xx responses: server counted {server_5xx}, clients saw {client_5xx}")
    if stats["unexpected"]:
        failures.append(f"{len(stats['unexpected'])} unexpected outcomes, e.g. {stats['unexpected'][:3]}")
    if summary["in_flight"] or summary["failed"] or ended != summary["received"]:
        failures.append(f"accepted requests not all ended: {summary}")
    if idle.used_pages or idle.free_pages + idle.cached_pages != idle.total_pages:
        failures.append(f"page pool not whole: {idle}")
    if rss_end - rss_start > max(RSS_SLACK_MIB, RSS_SLACK_RATIO * rss_start):
        failures.append(f"RSS grew by {rss_end - rss_start:.0f} MiB (allowed {RSS_SLACK_MIB} MiB or "
                        f"{RSS_SLACK_RATIO:.0%})")
    for f in failures:
        print(f"FAIL: {f}")
    print("soak: " + ("FAILED" if failures else "passed"))
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
