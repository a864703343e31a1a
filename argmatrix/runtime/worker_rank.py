"""A tensor-parallel rank that is not the server: load its shard, then run each step rank 0 sends.

Started by ``distributed.LocalRanks`` (``python -m argmatrix.runtime.worker_rank RANK``, the engine config and
layout pickled on stdin), or in the main process of ``argmatrix serve --node-rank r`` (r > 0, ``serve_node``).
It sits above both the group (``distributed.py``) and the runner (``model_runner.py``) it drives.
"""
from __future__ import annotations

import logging
import os
import pickle
import sys

from .distributed import HEARTBEAT, STOP, DistributedError, Layout, LocalRanks, TPGroup, _said, layout_for
from .model_runner import NativeRunner

log = logging.getLogger(__name__)


def build_worker_runner(cfg, group: TPGroup):
    """Load the model, shard it, agree on the pool size with rank 0, and return the runner."""
    import torch

    from .kv_cache import KVPool, KVShape
    from .model_loader import load_model
    from .tensor_parallel import local_kv_heads

    loaded = load_model(cfg)
    if loaded.impl != "sglang":
        raise _said(DistributedError, "tensor parallelism runs the native implementation only (--model-impl sglang)",
                    "张量并行只支持原生实现（--model-impl sglang）")
    hf = loaded.model.config
    head_dim = getattr(hf, "head_dim", None) or hf.hidden_size // hf.num_attention_heads
    kv_heads = getattr(hf, "num_key_value_heads", None) or hf.num_attention_heads
    shape = KVShape(hf.num_hidden_layers, local_kv_heads(kv_heads, group.size), head_dim)
    num_pages, max_running, max_context = group.broadcast_ints(None, 3, loaded.device)
    pool = KVPool(num_pages, cfg.page_size, shape, loaded.dtype, loaded.device)
    runner = NativeRunner(loaded.model, pool, max_running, max_context, loaded.device, tp_group=group)
    torch.set_grad_enabled(False)
    return runner


def serve_rank(cfg, layout: Layout, rank: int) -> int:
    """Run one non-zero rank until rank 0 says stop (0) or the group fails (1, with the reason on stderr)."""
    group = None
    try:
        group = TPGroup(layout, rank)
        runner = build_worker_runner(cfg, group)
        log.info("tensor-parallel rank %d of %d ready", rank, layout.tp_size)
        while True:
            kind, ints, flat = group.receive(runner.device)
            if kind == STOP:
                return 0
            if kind == HEARTBEAT:
                continue
            runner.run_message(kind, ints, flat)
    except Exception as exc:  # noqa: BLE001 - whatever ends the group, this rank says so and exits
        print(f"argmatrix: tensor-parallel rank {rank} of {layout.tp_size} stops: the group failed "
              f"({type(exc).__name__}: {next((x.strip() for x in str(exc).splitlines() if x.strip()), '')}). Rank 0 (the server) "
              f"or another rank has exited or cannot be reached.", file=sys.stderr, flush=True)
        return 1
    finally:
        if group is not None:
            group.close()


def serve_node(cfg) -> int:
    """``argmatrix serve --node-rank r`` (r > 0): this node's ranks, no HTTP server."""
    layout = layout_for(cfg)
    ranks = list(layout.node_ranks)
    print(f"argmatrix: node {layout.node_rank} of {layout.nnodes}: tensor-parallel ranks {ranks[0]}-{ranks[-1]} of "
          f"{layout.tp_size}, joining {layout.init_method} ({layout.backend}); node 0 serves HTTP",
          file=sys.stderr, flush=True)
    others = LocalRanks(cfg, layout, ranks[1:]) if len(ranks) > 1 else None
    try:
        return serve_rank(cfg, layout, ranks[0])
    finally:
        if others is not None:
            others.stop()


def _main() -> int:                       # python -m argmatrix.runtime.worker_rank RANK < pickled (cfg, layout)
    rank = int(sys.argv[1])
    cfg, layout = pickle.loads(sys.stdin.buffer.read())
    logging.basicConfig(level=logging.WARNING, format=f"[tp rank {rank}] %(levelname)s %(message)s")
    import torch

    torch.set_num_threads(max(1, int(os.environ.get("AM_TP_RANK_THREADS", "0")) or torch.get_num_threads()))
    return serve_rank(cfg, layout, rank)


if __name__ == "__main__":
    sys.exit(_main())
