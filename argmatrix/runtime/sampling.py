"""Sampling parameters and the batched sampler.

Logits are sampled in float32 (as transformers' ``generate`` does), so greedy
decoding picks the same argmax.  Rows with a ``seed`` draw from their own
generator, so their output does not depend on what else is in the batch.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

MAX_TOP_LOGPROBS = 20
# Below this a temperature is greedy (SGLang's rule, its _SAMPLING_EPS): dividing float32 logits by 1e-40
# overflows to inf and the softmax to NaN.
GREEDY_BELOW_TEMPERATURE = 1e-6
# repetition_penalty is (0, 2] as in SGLang and vLLM; below this floor it is refused (logits / 1e-40 overflow).
MIN_REPETITION_PENALTY = 1e-6
MAX_REPETITION_PENALTY = 2.0


@dataclass
class SamplingParams:
    temperature: float = 1.0
    top_p: float = 1.0
    top_k: int = -1                      # -1 (or 0): no top-k
    min_p: float = 0.0
    repetition_penalty: float = 1.0      # transformers' rule, over prompt and output tokens
    frequency_penalty: float = 0.0       # OpenAI's rule, over output tokens
    presence_penalty: float = 0.0
    max_new_tokens: int = 128
    stop: list[str] = field(default_factory=list)
    stop_token_ids: list[int] = field(default_factory=list)
    ignore_eos: bool = False
    seed: int | None = None
    n: int = 1
    logprobs: bool = False
    top_logprobs: int = 0
    skip_special_tokens: bool = True

    def __post_init__(self):
        if isinstance(self.stop, str):
            self.stop = [self.stop]
        self.stop = list(self.stop or [])
        self.stop_token_ids = list(self.stop_token_ids or [])

    def validate(self) -> SamplingParams:
        """Raise ValueError naming the first bad parameter; return self."""
        finite = all(isinstance(v, (int, float)) and math.isfinite(v) for v in (
            self.temperature, self.top_p, self.min_p, self.repetition_penalty, self.frequency_penalty,
            self.presence_penalty))
        checks = [
            ("temperature", finite and self.temperature >= 0,
             f"must be a finite number >= 0 (0, or anything below {GREEDY_BELOW_TEMPERATURE:g}, means greedy)"),
            ("top_p", finite and 0 < self.top_p <= 1, "must be in (0, 1]"),
            ("top_k", isinstance(self.top_k, int) and (self.top_k == -1 or self.top_k >= 0),
             "must be -1 (disabled) or >= 1 (values above the vocabulary mean all of it)"),
            ("min_p", finite and 0 <= self.min_p <= 1, "must be in [0, 1]"),
            ("repetition_penalty", finite and MIN_REPETITION_PENALTY <= self.repetition_penalty
             <= MAX_REPETITION_PENALTY, f"must be in [{MIN_REPETITION_PENALTY:g}, {MAX_REPETITION_PENALTY:g}] "
             "(1 means none)"),
            ("frequency_penalty", finite and -2 <= self.frequency_penalty <= 2, "must be in [-2, 2]"),
            ("presence_penalty", finite and -2 <= self.presence_penalty <= 2, "must be in [-2, 2]"),
            ("max_new_tokens", isinstance(self.max_new_tokens, int) and self.max_new_tokens >= 0, "must be an integer >= 0"),
            ("stop", all(isinstance(s, str) and s for s in self.stop), "must be non-empty strings"),
            ("stop_token_ids", all(isinstance(t, int) and t >= 0 for t in self.stop_token_ids), "must be token ids >= 0"),
            ("seed", self.seed is None or isinstance(self.seed, int), "must be an integer"),
            ("n", isinstance(self.n, int) and self.n >= 1, "must be an integer >= 1"),
            ("top_logprobs", 0 <= self.top_logprobs <= MAX_TOP_LOGPROBS, f"must be in [0, {MAX_TOP_LOGPROBS}]"),
        ]
        for name, ok, why in checks:
            if not ok:
                raise ValueError(f"sampling parameter {name}={getattr(self, name)!r} {why}")
        return self

    @property
    def greedy(self) -> bool:
        return self.temperature < GREEDY_BELOW_TEMPERATURE or self.top_k == 1

    @property
    def penalised(self) -> bool:
        return self.repetition_penalty != 1 or self.frequency_penalty != 0 or self.presence_penalty != 0

    @property
    def filtered(self) -> bool:
        return self.top_p < 1 or self.top_k > 1 or self.min_p > 0


@dataclass
class TokenLogprob:
    token_id: int
    logprob: float
    top: list[tuple[int, float]]         # (token id, logprob), best first; empty unless top_logprobs > 0


def _apply_penalties(logits, rows: list[int], histories: list[tuple[list[int], list[int]]], params: list[Any]):
    import torch

    vocab = logits.shape[1]
    for row, (prompt_ids, output_ids), p in zip(rows, histories, params):
        x = logits[row]
        if p.repetition_penalty != 1:
            seen = torch.tensor(sorted(set(prompt_ids) | set(output_ids)), dtype=torch.long, device=x.device)
            seen = seen[seen < vocab]
            s = x[seen]
            x[seen] = torch.where(s > 0, s / p.repetition_penalty, s * p.repetition_penalty)
        if (p.frequency_penalty or p.presence_penalty) and output_ids:
            ids = torch.tensor(output_ids, dtype=torch.long, device=x.device)
            counts = torch.bincount(ids[ids < vocab], minlength=vocab).to(x.dtype)
            x -= p.frequency_penalty * counts + p.presence_penalty * (counts > 0).to(x.dtype)


def _filter(logits, params: list[Any]):
    """Temperature, then top-k, top-p and min-p; returns probabilities [rows, vocab]."""
    import torch

    dev = logits.device
    temps = torch.tensor([p.temperature for p in params], dtype=logits.dtype, device=dev)[:, None]
    probs = torch.softmax(logits / temps, dim=-1)
    if not any(p.filtered for p in params):
        return probs
    sorted_probs, order = probs.sort(dim=-1, descending=True)
    vocab = probs.shape[1]
    rank = torch.arange(vocab, device=dev)[None, :]
    # a top_k above the vocabulary is all of it (and 2**63 would not fit a tensor)
    top_k = torch.tensor([min(p.top_k, vocab) if p.top_k > 0 else vocab for p in params], device=dev)[:, None]
    top_p = torch.tensor([p.top_p for p in params], dtype=probs.dtype, device=dev)[:, None]
    min_p = torch.tensor([p.min_p for p in params], dtype=probs.dtype, device=dev)[:, None]
    drop = rank >= top_k
    drop |= (sorted_probs.cumsum(-1) - sorted_probs) > top_p        # keep the token that crosses top_p
    drop |= sorted_probs < min_p * sorted_probs[:, :1]
    drop[:, 0] = False                                               # never drop the best token
    sorted_probs = sorted_probs.masked_fill(drop, 0.0)
    return torch.zeros_like(probs).scatter_(1, order, sorted_probs)


def sample(logits, params: list[SamplingParams], histories, generators, default_generator):
    """Pick one token per row.

    ``histories(i)``: (prompt ids, output ids) of row i, asked for only when it has penalties; ``generators[i]``: the
    row's own torch.Generator or None.  Returns (token ids, logprobs or None per row).
    """
    import torch

    # the logits come out of inference mode; penalties edit them in place, which torch allows only inside it
    with torch.inference_mode():
        return _sample(logits, params, histories, generators, default_generator)


def sample_isolated(logits, params: list[SamplingParams], histories, generators, default_generator):
    """:func:`sample`, but a row that cannot be sampled fails alone.

    Returns (token ids, logprobs, failures): a row in ``failures`` (row -> reason) has token None.  The batch is
    sampled at once; only if that raises is each row sampled by itself, so one request's fault (a value that
    overflows, NaN logits) never ends the other requests of its step.
    """
    try:
        tokens, logprobs = sample(logits, params, histories, generators, default_generator)
        return tokens, logprobs, {}
    except Exception:  # noqa: BLE001 - find the row(s) at fault below
        pass
    tokens_out: list[int | None] = [None] * len(params)
    logprobs_out: list[TokenLogprob | None] = [None] * len(params)
    failures: dict[int, str] = {}
    for i, p in enumerate(params):
        try:
            (tok,), (lp,) = sample(logits[i:i + 1], [p], lambda _j, i=i: histories(i), [generators[i]],
                                   default_generator)
        except Exception as exc:  # noqa: BLE001 - this row alone fails
            failures[i] = f"{type(exc).__name__}: {exc}"
            continue
        tokens_out[i], logprobs_out[i] = tok, lp
    return tokens_out, logprobs_out, failures


def _sample(logits, params, histories, generators, default_generator):
    import torch

    logits = logits.float()
    penalised = [i for i, p in enumerate(params) if p.penalised]
    if penalised:
        _apply_penalties(logits, penalised, [histories(i) for i in penalised], [params[i] for i in penalised])
    tokens = logits.argmax(dim=-1)
    sampled = [i for i, p in enumerate(params) if not p.greedy]
    if sampled:
        idx = torch.tensor(sampled, device=logits.device)
        probs = _filter(logits.index_select(0, idx), [params[i] for i in sampled])
        shared = [j for j, i in enumerate(sampled) if generators[i] is None]
        if shared:
            picks = torch.multinomial(probs[shared], 1, generator=default_generator)[:, 0]
            tokens[idx[shared]] = picks
        for j, i in enumerate(sampled):
            if generators[i] is not None:
                tokens[i] = torch.multinomial(probs[j], 1, generator=generators[i])[0]
    token_list = tokens.tolist()

    logprobs: list[TokenLogprob | None] = [None] * len(params)
    wanted = [i for i, p in enumerate(params) if p.logprobs]
    if wanted:
        lp = torch.log_softmax(logits.index_select(0, torch.tensor(wanted, device=logits.device)), dim=-1)
        for j, i in enumerate(wanted):
            k = params[i].top_logprobs
            top = []
            if k:
                vals, ids = lp[j].topk(k)
                top = list(zip(ids.tolist(), vals.tolist()))
            logprobs[i] = TokenLogprob(token_list[i], float(lp[j, token_list[i]]), top)
    return token_list, logprobs
