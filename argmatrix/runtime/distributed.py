"""Tensor-parallel processes: the group, the per-step broadcast, and starting the local ranks.

Rank 0 is the engine (scheduler, sampler, HTTP server).  It sends each step to the other ranks
as one ``int64`` message (a ``[2]`` header: kind and length, then the payload) and every rank
runs the same model step on its shard; the collectives inside the model (``tensor_parallel.py``)
keep them in lock step.  While idle, rank 0 sends a heartbeat every few seconds, so a rank that
died is noticed within that time and the waiting ranks never hit ``--dist-timeout`` on a quiet
server.  Any failure of a collective is fatal: the ranks would be out of step.

Processes: on the node that serves (``--node-rank 0``) the engine starts its local ranks 1..n-1
(``python -m argmatrix.runtime.worker_rank``, the engine config pickled on stdin); on every other
node ``argmatrix serve --node-rank r`` runs its first rank in the main process and starts the
others the same way.  Ranks of node ``r`` are ``r * per_node ... (r + 1) * per_node - 1``.  The
collective backend is the platform's (``Platform.dist_backend``: gloo, nccl, hccl).
"""
from __future__ import annotations

import datetime
import logging
import os
import pickle
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass

log = logging.getLogger(__name__)

# message kinds
STOP, HEARTBEAT, PREFILL, DECODE = 0, 1, 2, 3
# a rank that waits this long for the first contact gives up (the group's own timeout is --dist-timeout)
DEFAULT_TIMEOUT_S = 1800          # torch's default for gloo/nccl process groups


def _said(exc_type, en: str, zh: str):
    from .errors import bilingual

    return bilingual(exc_type, en, zh)


class DistributedError(RuntimeError):
    """A tensor-parallel rank failed or could not be reached: the engine cannot continue."""


@dataclass(frozen=True)
class Layout:
    tp_size: int
    nnodes: int
    node_rank: int
    init_method: str           # tcp://host:port
    timeout_s: float
    backend: str               # gloo | nccl | hccl
    device_type: str           # cpu | cuda | npu
    base_gpu_id: int = 0
    gpu_id_step: int = 1

    @property
    def per_node(self) -> int:
        return self.tp_size // self.nnodes

    @property
    def node_ranks(self) -> range:
        return range(self.node_rank * self.per_node, (self.node_rank + 1) * self.per_node)

    def device_index(self, rank: int) -> int:
        """--base-gpu-id + local rank x --gpu-id-step (accelerators only)."""
        return self.base_gpu_id + (rank - self.node_rank * self.per_node) * self.gpu_id_step


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def layout_for(cfg) -> Layout:
    """The process layout of an EngineConfig with tp_size > 1."""
    if cfg.tp_size % cfg.nnodes:
        raise _said(ValueError, f"--tp-size {cfg.tp_size} does not divide by --nnodes {cfg.nnodes}",
                    f"--tp-size {cfg.tp_size} 不能被 --nnodes {cfg.nnodes} 整除")
    if cfg.dist_init_addr:
        host, sep, port = cfg.dist_init_addr.rpartition(":")
        if not sep or not port.isdigit() or not host:
            raise _said(ValueError, f"--dist-init-addr {cfg.dist_init_addr!r}: expected HOST:PORT, e.g. 127.0.0.1:29500",
                        f"--dist-init-addr {cfg.dist_init_addr!r}：应为 HOST:PORT，例如 127.0.0.1:29500")
        addr = f"{host}:{port}"
    elif cfg.nnodes > 1:
        raise _said(ValueError, f"--nnodes {cfg.nnodes} needs --dist-init-addr HOST:PORT of node 0 (the same on every node)",
                    f"--nnodes {cfg.nnodes} 需要用 --dist-init-addr HOST:PORT 指定 0 号节点的地址（每个节点都相同）")
    else:
        addr = f"127.0.0.1:{cfg.nccl_port or free_port()}"
    return Layout(cfg.tp_size, cfg.nnodes, cfg.node_rank, f"tcp://{addr}",
                  float(cfg.dist_timeout or DEFAULT_TIMEOUT_S), cfg.dist_backend, cfg.device,
                  cfg.base_gpu_id, cfg.gpu_id_step)


class TPGroup:
    """This process's rank in the tensor-parallel group, and the collectives the model and the runner use."""

    def __init__(self, layout: Layout, rank: int):
        import torch
        import torch.distributed as dist

        self.layout, self.rank, self.size = layout, rank, layout.tp_size
        self._dist = dist
        self._torch = torch
        if layout.device_type != "cpu":
            getattr(torch, layout.device_type).set_device(layout.device_index(rank))
        try:
            dist.init_process_group(layout.backend, init_method=layout.init_method, rank=rank,
                                    world_size=layout.tp_size,
                                    timeout=datetime.timedelta(seconds=layout.timeout_s))
        except Exception as exc:
            raise _said(
                DistributedError,
                f"tensor-parallel rank {rank} of {layout.tp_size} could not join the group at "
                f"{layout.init_method} ({layout.backend}) within --dist-timeout {layout.timeout_s:g}s: {exc}. "
                "Check that every node runs the same --tp-size/--nnodes/--dist-init-addr and that the address "
                "is reachable",
                f"张量并行 rank {rank}（共 {layout.tp_size} 个）未能在 --dist-timeout {layout.timeout_s:g} 秒内加入 "
                f"{layout.init_method}（{layout.backend}）上的进程组（报错“{exc}”）。请确认每个节点的 "
                "--tp-size/--nnodes/--dist-init-addr 都相同，且该地址可以访问") from exc
        self.lock = threading.RLock()      # one collective sequence at a time (steps, heartbeats)
        self.last_sent = time.monotonic()
        self.failed: str | None = None

    # -- collectives inside the model ----------------------------------------------------------------------------
    def all_reduce(self, t) -> None:
        self._dist.all_reduce(t)

    def all_gather_last(self, t):
        """Concatenate every rank's ``t`` along the last dimension (rank order)."""
        parts = [self._torch.empty_like(t) for _ in range(self.size)]
        self._dist.all_gather(parts, t.contiguous())
        return self._torch.cat(parts, dim=-1)

    def broadcast_ints(self, values: list[int] | None, n: int, device) -> list[int]:
        t = self._torch.tensor(values if values is not None else [0] * n, dtype=self._torch.long, device=device)
        self._dist.broadcast(t, 0)
        return t.tolist()

    # -- the step messages ---------------------------------------------------------------------------------------
    def send(self, kind: int, ints: list[int], flat, device) -> None:
        """Rank 0: one step's message (``ints`` then the ``flat`` tensor)."""
        torch = self._torch
        head = torch.tensor(ints, dtype=torch.long, device=device)
        payload = head if flat is None else torch.cat([head, flat])
        self._dist.broadcast(torch.tensor([kind, len(ints), payload.numel()], dtype=torch.long, device=device), 0)
        if payload.numel():
            self._dist.broadcast(payload, 0)
        self.last_sent = time.monotonic()

    def receive(self, device):
        """Other ranks: (kind, ints, flat)."""
        torch = self._torch
        header = torch.empty(3, dtype=torch.long, device=device)
        self._dist.broadcast(header, 0)
        kind, n_ints, total = header.tolist()
        if not total:
            return kind, [], None
        payload = torch.empty(total, dtype=torch.long, device=device)
        self._dist.broadcast(payload, 0)
        return kind, payload[:n_ints].tolist(), payload[n_ints:]

    def close(self) -> None:
        try:
            if self._dist.is_initialized():
                self._dist.destroy_process_group()
        except Exception:                      # a broken group cannot always be torn down cleanly
            log.debug("destroy_process_group failed", exc_info=True)


class LocalRanks:
    """The ranks this process started on its own node (``python -m argmatrix.runtime.worker_rank``)."""

    def __init__(self, cfg, layout: Layout, ranks: list[int]):
        self.procs: dict[int, subprocess.Popen] = {}
        import torch

        blob = pickle.dumps((cfg, layout))
        env = {**os.environ, "AM_TP_RANK_THREADS": str(torch.get_num_threads())}   # as many threads as rank 0
        for rank in ranks:
            proc = subprocess.Popen([sys.executable, "-m", "argmatrix.runtime.worker_rank", str(rank)],
                                    stdin=subprocess.PIPE, env=env)
            assert proc.stdin is not None            # stdin=PIPE
            proc.stdin.write(blob)
            proc.stdin.close()
            self.procs[rank] = proc

    def dead(self) -> list[tuple[int, int, int]]:
        """(rank, pid, exit code) of the ranks that have exited."""
        return [(r, p.pid, p.returncode) for r, p in self.procs.items() if p.poll() is not None]

    def describe_dead(self) -> str:
        dead = self.dead()
        return "; ".join(f"rank {r} (pid {pid}) exited with status {code}" for r, pid, code in dead)

    def stop(self, timeout: float = 10.0) -> None:
        deadline = time.monotonic() + timeout
        for proc in self.procs.values():
            try:
                proc.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)


def heartbeat_interval(layout: Layout) -> float:
    return max(0.2, min(2.0, layout.timeout_s / 4))


class Heartbeat:
    """Rank 0, while idle: a HEARTBEAT message every few seconds (see the module docstring)."""

    def __init__(self, group: TPGroup, device, on_failure):
        self.group, self.device, self.on_failure = group, device, on_failure
        self.interval = heartbeat_interval(group.layout)
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._run, name="argmatrix-tp-heartbeat", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        group = self.group
        while not self._stop.wait(self.interval / 2):
            if time.monotonic() - group.last_sent < self.interval or group.failed:
                continue
            try:
                with group.lock:
                    if self._stop.is_set() or group.failed:
                        return
                    group.send(HEARTBEAT, [], None, self.device)
            except Exception as exc:  # noqa: BLE001 - any failure of the group is reported, and ends the heartbeat
                self.on_failure(exc)
                return

    def stop(self) -> None:
        self._stop.set()
        if self.thread is not threading.current_thread():
            self.thread.join(timeout=5)
