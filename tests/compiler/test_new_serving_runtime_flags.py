"""SGLang 0.5.23 flags whose command-line shape is unusual: tri-state switches, JSON-only lists, bounded ints."""
from __future__ import annotations

from functools import partial

import pytest

from argmatrix.schema.releases import NEWEST

from .helpers import codes, only
from .helpers import run as _run

run = partial(_run, releases={"sglang": NEWEST})  # these flags exist from the release that added them on


@pytest.mark.parametrize("name, flag, layout", [  # layout: what SGLang 0.5.23 asks of the switch when it is on
    ("dcp_replicate_q_proj", "--dcp-replicate-q-proj", ["--tp", "2", "--dcp-size", "2", "--dcp-comm-backend",
                                                                   "a2a"]),  # AM-E313
    ("enable_tp_lm_head_all_to_all", "--enable-tp-lm-head-all-to-all", ["--tp", "2", "--attn-dp-size", "2"]),  # E325
])
@pytest.mark.parametrize("prefix, value", [(None, None), ("", True), ("no-", False)])
def test_boolean_optional_flags_keep_three_states(name, flag, layout, prefix, value):
    # SGLang's BooleanOptionalAction: unset means "model default", --X forces on, --no-X forces off
    argv = layout + ([] if prefix is None else ["--" + prefix + flag[2:]])
    c = run(argv, target="cuda")
    assert c.findings == []
    assert getattr(c.args, name) is value


def test_sidecar_args_are_a_json_array_whose_items_may_hold_commas():
    sidecar = ["--sidecar", "s", "--grpc-port", "31000"]  # SGLang refuses --sidecar-args alone (AM-E262)
    c = run([*sidecar, "--sidecar-args", '["--limit", "a,b"]'], target="cuda")
    assert c.findings == [] and c.args.sidecar_args == ["--limit", "a,b"]
    bad = run([*sidecar, "--sidecar-args", "limit,a"], target="cuda")  # SGLang would not split this either
    assert codes(bad) == ["AM-E010"] and only(bad, "AM-E010").flag == "--sidecar-args"


@pytest.mark.parametrize("argv, ok", [
    (["--http2-max-concurrent-streams", "1"], True),
    (["--http2-max-concurrent-streams", "0"], False),
    (["--http2-initial-connection-window-size", "1024"], True),
    (["--http2-initial-connection-window-size", "1023"], False),
    (["--http2-initial-connection-window-size", str(2**31)], False),
    (["--grpc-port", "70000"], False),
    (["--dcp-size", "0"], False),
    (["--default-priority-value", "-3"], True),  # priorities may be negative
])
def test_new_numeric_flags_apply_sglangs_ranges(argv, ok):
    c = run(argv, target="cuda")
    assert (c.findings == []) is ok, [(f.code, f.message.en) for f in c.findings]


def test_alias_reaches_the_same_field():
    a = run(["--decode-context-parallel-size", "2"], target="cuda")
    b = run(["--grpc-http-sidecar-port", "9000"], target="cuda")
    assert a.args.dcp_size == 2 and b.args.smg_http_sidecar_port == 9000
