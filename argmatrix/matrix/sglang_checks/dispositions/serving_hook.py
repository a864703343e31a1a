"""Dispositions of the check sites in SGLang 0.5.23's ``arg_groups/serving_hook.py`` that no rule ports.

The others are ported in ``sglang_checks/serving.py`` (AM-E260..E264, W265, E266, W267, E268, W269, W270, W272,
E273, E274), each citing its line.
"""
from __future__ import annotations

from . import Disposition

_FILE = "SGLang checks that the file exists on the machine that starts the server"

SITES: dict[int, Disposition] = {
    69: Disposition("runtime", "--ssl-keyfile must name an existing file: " + _FILE),
    74: Disposition("runtime", "--ssl-certfile must name an existing file: " + _FILE),
    79: Disposition("runtime", "--ssl-ca-certs must name an existing file: " + _FILE),
    98: Disposition("declared", "--http2-max-concurrent-streams is declared 1..4294967295 (AM-E010)"),
    102: Disposition("declared", "--http2-initial-connection-window-size is declared 1024..2147483647 (AM-E010)"),
    110: Disposition("runtime", "--enable-http2 needs the granian package installed where the server starts"),
    127: Disposition("declared", "--asr-max-buffer-seconds is declared an integer >= 1 (AM-E010), as SGLang's int field "
                                "> 0"),
    132: Disposition("declared", "--asr-max-concurrent-sessions is declared an integer >= 1 (AM-E010)"),
    145: Disposition("declared", "--mm-preprocess-cache-size-mb is declared >= 0 (AM-E010)"),
    148: Disposition("declared", "--mm-process-config is declared a JSON object (AM-E010)"),
    220: Disposition("declared", "--disaggregation-mode is declared with the choices null, prefill, decode (AM-E010)"),
    264: Disposition("declared", "--disable-fast-image-processor is a deprecated flag of 0.5.23 (AM-W107 names "
                                 "--image-processor-backend pil); the conflicting case is AM-E264 (:260)"),
    289: Disposition("declared", "--enable-flashinfer-allreduce-fusion is a deprecated flag of 0.5.23 (AM-W107)"),
    341: Disposition("declared", "--grpc-mode is a deprecated flag of 0.5.23 (AM-W107)"),
    379: Disposition("declared", "--grpc-response-timeout-secs is declared >= 1 (AM-E010)"),
    401: Disposition("declared", "--sidecar-args is declared a JSON array of strings (AM-E010)"),
    501: Disposition("declared", "--default-chat-template-kwargs is declared a JSON object (AM-E010)"),
    538: Disposition("not-applicable", "unreachable: prefill_complete turns --optimistic-prefill-attempts 0 into 1 "
                                       "(pd_disaggregation_hook.py:49), and _validate_prefill_complete already "
                                       "refuses the two things that would reset it, --pp-size above 1 and any prefill "
                                       "HiCache but L2 write_back (pd_disaggregation_hook.py:206, :239)"),
    715: Disposition("declared", "--return-hidden-states-mode is declared with the choices last, full (AM-E010)"),
}
