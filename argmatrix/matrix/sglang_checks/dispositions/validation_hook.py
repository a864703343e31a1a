"""Dispositions of the check sites in SGLang 0.5.23's ``arg_groups/validation_hook.py`` that no rule ports.

The others are ported in ``sglang_checks/startup.py`` (AM-E233..E259) and ``sglang_checks/validation.py``
(AM-E362..E372, AM-E470), each citing its line.
"""
from __future__ import annotations

from . import Disposition

_MPS = "the Torch MPS path (Apple GPUs) has no column in argmatrix's matrix (a2, a3, 310p, a5, cuda, cpu)"
_IB = ("validate_ib_devices reads /sys/class/infiniband on the machine that starts the server (called for "
       "--mooncake-ib-device and the encoder transfer's IB devices)")
_DSPARK = ("DSPARK is not one of the values argmatrix's --speculative-algorithm declares (it keeps 0.5.9's five "
           "algorithms while 0.5.23 takes any registered name), so a DSPARK launch stops at AM-E010 first")

SITES: dict[int, Disposition] = {
    82: Disposition("not-applicable", "every --sampling-backend value SGLang's parser takes without a plugin is built "
                                      "in (choices.py:133); a plugin's backend is not a launch-line fact"),
    121: Disposition("not-applicable", "SGLang's resolution turns the overlap scheduler off for --pp-size above 1 "
                                       "before this assert (overrides.py:1627)"),
    125: Disposition("not-applicable", "DSPARK with --pp-size above 1 off a prefill instance is refused earlier, by speculative_hook.py:715"),
    179: Disposition("model", "tp x pp divisible by --nnodes: compiler/model_checks.py AM-E761 (its topology check "
                              "runs with or without a config.json)"),
    183: Disposition("declared", "--pp-max-micro-batch-size is declared >= 1 (AM-E010)"),
    204: Disposition("declared", "--base-gpu-id is declared >= 0 (AM-E010)"),
    205: Disposition("declared", "--gpu-id-step is declared >= 1 (AM-E010)"),
    230: Disposition("not-applicable", "each built-in algorithm either supports mixed chunking or has it turned off "
                                       "before this check (speculative_hook.py:1108 EAGLE family and STANDALONE, "
                                       ":1307 NGRAM, :596 UNO, :1002 frozen-KV MTP); only a plugin's algorithm "
                                       "reaches it"),
    273: Disposition("declared", "--tokenizer-worker-num is declared >= 1 (AM-E010)"),
    274: Disposition("declared", "--detokenizer-worker-num is declared >= 1 (AM-E010)"),
    275: Disposition("declared", "--mm-processor-worker-num is declared >= 0 (AM-E010)"),
    276: Disposition("declared", "--mm-io-worker-num is declared >= 0 (AM-E010)"),
    314: Disposition("declared", "--schedule-conservativeness is declared >= 0 (AM-E010), as SGLang asserts"),
    319: Disposition("declared", "--model-impl mindspore is offered on Ascend only (AM-E105 on cuda and cpu)"),
    388: Disposition("not-applicable", "dead: validate_buckets_rule returns early for an empty list (:385)"),
    461: Disposition("declared", "--kv-events-config is declared JSON (AM-E010); what KVEventsConfig's own validation "
                                 "refuses inside valid JSON is not judged"),
    474: Disposition("runtime", "resolve_load_pub_range works out a bindable port range from the KV-events endpoints "
                                "on the machine that starts the server"),
    508: Disposition("runtime", "a non-text IB device group, read after the sysfs check of :538; " + _IB),
    514: Disposition("runtime", "an empty IB device group, read after the sysfs check of :538; " + _IB),
    525: Disposition("runtime", "IB devices this machine does not have; " + _IB),
    538: Disposition("runtime", "no /sys/class/infiniband on this machine; " + _IB),
    545: Disposition("runtime", "no IB device on this machine; " + _IB),
    550: Disposition("not-applicable", "parse_ib_device_config returns text or a mapping: an internal invariant"),
    560: Disposition("runtime", "an empty per-GPU IB mapping, read after the sysfs check of :538; " + _IB),
    586: Disposition("not-applicable", _MPS),
    592: Disposition("not-applicable", _MPS),
    611: Disposition("not-applicable", _MPS),
    631: Disposition("not-applicable", _MPS),
    642: Disposition("not-applicable", _MPS),
    652: Disposition("not-applicable", _MPS),
    660: Disposition("declared", "--prefill-decode-interval is declared >= 0 (AM-E010)"),
    662: Disposition("declared", "--prefill-decode-interval-min-bs is declared >= 0 (AM-E010)"),
    688: Disposition("declared", "--sampling-mask-max-tokens is declared >= 1 (AM-E010)"),
    737: Disposition("not-applicable", "--return-aux-hidden-state-layer-ids takes one or more values (nargs '+'): "
                                       "SGLang's parser never hands over an empty list"),
}
