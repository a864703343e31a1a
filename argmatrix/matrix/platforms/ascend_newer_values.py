"""Values SGLang added to an argument after the Ascend feature table listed that argument's values.

Where the page's Options column lists a closed set of values and the table row does not narrow the type to it
(``Row.options``), a value SGLang's parser offers today but the page never listed was simply not there when
the page was written: nobody has said it works on A2/A3, so it is ``unverified`` there, not supported.

Read by comparing the page's lists (seed 001, ``tests/fixtures/seed001.json``) with the release's parser
choices (``tests/fixtures/sglang-0.5.23.json``) for every row the page marks supported;
``tests/matrix/test_platform_value_facts.py`` recomputes the comparison and keeps this table equal to it.
"""
from __future__ import annotations

RELEASE = "0.5.23"

NEWER_THAN_TABLE: dict[str, tuple[str, ...]] = {
    "radix_eviction_policy": ("slru", "priority", "tlru"),      # the page lists lru, lfu
    "encoder_transfer_backend": ("auto",),                      # zmq_to_scheduler, zmq_to_tokenizer, mooncake
    "remote_instance_weight_loader_backend": ("modelexpress",),  # transfer_engine, nccl
}

# Rows the table narrows to the values it lists (``Row.options``): there the page's list is its word, and a value
# that existed when it was written and is not listed is not available on A2/A3. A value SGLang added after the
# oldest release argmatrix reads (schema/release_dates.py VALUES_INTRODUCED), and whose SGLang code names the NPU
# as a device it runs on, was not there to be listed: it is unverified, not refused. Cited per value.
NEWER_THAN_NARROWED_ROW: dict[str, dict[str, str]] = {
    "speculative_algorithm": {
        "DFLASH": "arg_groups/speculative_hook.py:_handle_dflash (cuda, npu or xpu), since 0.5.11",
        "DSPARK": "arg_groups/speculative_hook.py:_handle_dspark (cuda, npu or xpu), since 0.5.16",
    },
}

