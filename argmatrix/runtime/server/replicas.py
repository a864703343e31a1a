"""``argmatrix serve --dp-size N``: N engine replicas behind sglang-router, the router SGLang ships.

Each replica is an ordinary ``argmatrix serve`` (``--dp-size 1``) on a free loopback port, with its
own devices (``--base-gpu-id`` moves by ``tp-size x --gpu-id-step`` per replica); once every replica
answers ``/health``, ``python -m sglang_router.launch_router`` runs on a loopback port with
``--worker-urls`` set to the replicas and the policy that ``--load-balance-method`` maps to, and
argmatrix's front (``front.py``) listens on ``--host``/``--port``: it passes every request to the router and
answers ``GET /v1/models/{id}``, which the router lacks.  The
replicas' ``/get_server_info`` shows the data-parallel layout and the router policy.  A replica or the
router that exits takes the whole launch down (exit 1); SIGTERM/SIGINT stops them all.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from typing import Any

from .listener import listening_socket
from .startup_text import print_error

# --load-balance-method -> sglang-router --policy.  total_requests (fewest requests in flight) is the router's
# power_of_two (the less loaded of two workers picked at random); total_tokens becomes cache_aware, whose
# balancing falls back to the least loaded worker when the load is uneven.
ROUTER_POLICY = {"auto": "round_robin", "round_robin": "round_robin", "total_requests": "power_of_two",
                 "total_tokens": "cache_aware"}
ENV_REPLICA = "AM_DP_REPLICA"     # JSON the launcher gives each replica (not ARGMATRIX_*: those are server arguments)
START_TIMEOUT_S = 600.0


class RouterMissing(RuntimeError):
    pass


def router_available() -> str | None:
    """sglang-router's version, or None when it cannot be imported."""
    try:
        from importlib.metadata import version

        import sglang_router  # noqa: F401
        return version("sglang-router")
    except Exception:  # noqa: BLE001 - not installed, or its compiled part does not load here
        return None


def replica_info() -> dict[str, Any] | None:
    """This server's place in a ``--dp-size`` launch (None when it is not a replica)."""
    raw = os.environ.get(ENV_REPLICA)
    try:
        return json.loads(raw) if raw else None
    except ValueError:
        return None


def _free_port() -> int:
    from argmatrix.runtime.distributed import free_port

    return free_port()


def _healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as resp:
            return resp.status == 200
    except Exception:  # noqa: BLE001 - a probe: any failure means not ready yet
        return False


def _argv_for(args: Any, user_set, **changes: Any) -> list[str]:
    """``argmatrix serve`` flags for the fields the user set (platform defaults come back by themselves)."""
    from argmatrix.schema.registry import SPECS
    from argmatrix.schema.releases import superseded

    values = {**{k: v for k, v in args.changed().items() if k in user_set}, **changes}
    argv = []
    for name, value in values.items():
        spec = SPECS[name]
        if value is None or superseded(name) or name == "config":   # a config file is already read
            continue
        flag = spec.flag
        if isinstance(value, bool):
            if value:
                argv.append(flag)
            continue
        if isinstance(value, (list, tuple)):
            argv += [flag, *[str(v) for v in value]]
        elif isinstance(value, dict):
            argv += [flag, json.dumps(value)]
        else:
            argv += [flag, str(value)]
    return argv


class Replicas:
    def __init__(self, args: Any, target: str, console: Any, user_set=frozenset(), lang: str = "en"):
        self.args, self.target, self.console, self.user_set = args, target, console, frozenset(user_set)
        self.lang = lang
        self.procs: list[tuple[str, subprocess.Popen]] = []
        self.front: Any = None           # the uvicorn server of front.py, once the router is up
        self.stopping = False

    def _say(self, text: str) -> None:
        self.console.print(text, highlight=False, markup=False)

    def start(self) -> int:
        args = self.args
        n = args.dp_size
        version = router_available()
        if version is None:
            from ..errors import bilingual

            raise bilingual(
                RouterMissing,
                f"--dp-size {n} needs sglang-router, which cannot be imported here: pip install 'sglang-router' "
                f"(or 'argmatrix[dp]'); it ships Linux/macOS wheels for x86-64 and arm64. Without it, run "
                f"{n} 'argmatrix serve' processes on different ports and put any HTTP load balancer in front",
                f"--dp-size {n} 需要 sglang-router，但这里无法导入它：pip install 'sglang-router'"
                f"（或 'argmatrix[dp]'）；它提供 x86-64 与 arm64 的 Linux/macOS wheel。没有它时，可以在不同端口上"
                f"启动 {n} 个 'argmatrix serve' 进程，并在前面放一个任意的 HTTP 负载均衡器")
        policy = ROUTER_POLICY[args.load_balance_method]
        front_sock = listening_socket(args.host, args.port)     # a busy --port is a clear error before anything starts
        step = max(1, args.tp_size) * (args.gpu_id_step or 1)
        urls = []
        for i in range(n):
            port = _free_port()
            info = {"dp_rank": i, "dp_size": n, "load_balance_method": args.load_balance_method,
                    "router": f"sglang-router {version}", "router_policy": policy}
            devices = {} if self.target == "cpu" else {"base_gpu_id": (args.base_gpu_id or 0) + i * step}
            argv = [sys.executable, "-m", "argmatrix.cli", "serve", "--target", self.target, "--lang", self.lang,
                    *_argv_for(args, self.user_set, dp_size=1, host="127.0.0.1", port=port,
                               load_balance_method="auto", **devices)]
            proc = subprocess.Popen(argv, env={**os.environ, ENV_REPLICA: json.dumps(info)})
            self.procs.append((f"replica {i} (pid {proc.pid}, port {port})", proc))
            urls.append(f"http://127.0.0.1:{port}")
        self._say(f"data parallel: {n} replicas on {', '.join(urls)}; waiting for /health" if self.lang == "en" else
                  f"数据并行：{n} 个副本，位于 {'、'.join(urls)}；正在等待 /health")
        self._wait_healthy(urls)
        # the router on loopback, behind argmatrix's front (front.py), which adds GET /v1/models/{id}
        router_port = _free_port()
        router = subprocess.Popen([sys.executable, "-m", "sglang_router.launch_router", "--host", "127.0.0.1",
                                   "--port", str(router_port), "--worker-urls", *urls, "--policy", policy,
                                   # its metrics on a free loopback port (its default, 29000, may be taken)
                                   "--prometheus-host", "127.0.0.1", "--prometheus-port", str(_free_port()),
                                   "--log-level", "warn"])
        self.procs.append((f"sglang-router (pid {router.pid})", router))
        router_url = f"http://127.0.0.1:{router_port}"
        self._wait_healthy([router_url])
        from .front import start_front

        self.front, _ = start_front(front_sock, router_url)
        front = f"http://{args.host}:{args.port}"
        self._wait_healthy([front])
        model = args.served_model_name or args.model_path
        self._say(f"Serving {model} on {front} through sglang-router {version} "
                  f"(--load-balance-method {args.load_balance_method} -> policy {policy}) over {n} replicas"
                  if self.lang == "en" else
                  f"已通过 sglang-router {version} 在 {front} 上提供 {model}，后端共 {n} 个副本"
                  f"（--load-balance-method {args.load_balance_method}，对应路由策略 {policy}）")
        return self._watch()

    def _wait_healthy(self, urls: list[str]) -> None:
        deadline = time.monotonic() + START_TIMEOUT_S
        pending = list(urls)
        while pending:
            self._check_alive()
            pending = [u for u in pending if not _healthy(u + "/health")]
            if time.monotonic() > deadline:
                from ..errors import bilingual

                raise bilingual(RuntimeError, f"{', '.join(pending)} did not become healthy within {START_TIMEOUT_S:g}s",
                                f"{'、'.join(pending)} 在 {START_TIMEOUT_S:g} 秒内未能通过健康检查")
            if pending:
                time.sleep(0.3)

    def _check_alive(self) -> None:
        for name, proc in self.procs:
            if proc.poll() is not None:
                from ..errors import bilingual

                zh_name = name.replace("replica", "副本", 1).replace("pid", "进程号").replace("port", "端口")
                raise bilingual(RuntimeError, f"{name} exited with status {proc.returncode}; stopping the others",
                                f"{zh_name} 已退出，退出状态 {proc.returncode}；正在停止其余进程")

    def _watch(self) -> int:
        while not self.stopping:
            try:
                self._check_alive()
            except RuntimeError as exc:
                from ..errors import in_lang

                self._say(("error: " if self.lang == "en" else "错误：") + in_lang(exc, self.lang))
                return 1
            time.sleep(0.5)
        return 0

    def stop(self, timeout: float = 30.0) -> None:
        self.stopping = True
        if self.front is not None:
            self.front.should_exit = True
        for _, proc in reversed(self.procs):           # the router first: no new requests reach the replicas
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + timeout
        for _, proc in self.procs:
            try:
                proc.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)


def run_replicas(args: Any, target: str, console: Any, user_set=frozenset(), lang: str = "en") -> int:
    """The ``--dp-size N`` launch, until SIGTERM/SIGINT (0) or a replica or the router fails (1)."""
    replicas = Replicas(args, target, console, user_set, lang)

    def on_term(signum, frame):
        replicas.stopping = True

    previous = signal.signal(signal.SIGTERM, on_term)
    try:
        return replicas.start()
    except (RouterMissing, RuntimeError, OSError) as exc:
        print_error(console, exc, lang)
        return 1
    except KeyboardInterrupt:
        return 130
    finally:
        replicas.stop()
        signal.signal(signal.SIGTERM, previous)
