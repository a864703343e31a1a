"""Logging for the server: levels, access-log filtering, request logs, GC warnings.

Flags: ``--log-level``, ``--log-level-http``, ``--uvicorn-access-log-exclude-prefixes``,
``--log-requests``, ``--log-requests-level`` (0..3), ``--log-requests-format``
(text|json), ``--log-requests-target``, ``--enable-request-time-stats-logging``,
``--gc-warning-threshold-secs``, ``--log-format`` (text|json).

Records go to the console through rich only on a terminal; in a file or a pipe each record is one line
with date and time, SGLang's layout (``[2026-12-01 19:41:10] ...``, ``configure_logger`` in
``sglang/srt/utils/common.py``), so nothing is wrapped at 80 columns.  ``--log-format json`` makes every
record one JSON object per line, with an ISO 8601 ``timestamp``, from the first line on: what the server prints
while it starts goes through :func:`json_console` as records too, and request records carry their fields at the
top level (``event``, ``rid``, ``meta``, ...), whatever ``--log-requests-format`` says.
"""
from __future__ import annotations

import gc
import json
import logging
import os
import sys
import threading
import time
from datetime import datetime
from typing import IO, TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from ...schema.model import ServerArgs

TRACE = 5  # uvicorn's TRACE level
logging.addLevelName(TRACE, "TRACE")

LEVELS = {"critical": logging.CRITICAL, "error": logging.ERROR, "warning": logging.WARNING,
          "info": logging.INFO, "debug": logging.DEBUG, "trace": TRACE}

# --log-requests-level 2 shows this much of each input and output
PARTIAL_CHARS = 2048

# SGLang's date format (sglang/srt/utils/common.py, configure_logger): the date is always there
DATE_FORMAT = "%Y-%m-%d %H:%M:%S"
TEXT_FORMAT = "[%(asctime)s] %(levelname)s %(name)s: %(message)s"

server_logger = logging.getLogger("argmatrix.server")
request_logger = logging.getLogger("argmatrix.requests")


class AccessPrefixFilter(logging.Filter):
    """Drops uvicorn access records whose path starts with one of the prefixes."""

    def __init__(self, prefixes: list[str]):
        super().__init__()
        self.prefixes = tuple(p for p in prefixes if p)

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if self.prefixes and isinstance(args, tuple) and len(args) >= 3:
            path = str(args[2])
            if path.startswith(self.prefixes):
                return False
        return True


class AccessQueryRedactFilter(logging.Filter):
    """Hides secrets in the target of uvicorn access records: values of secret-named query keys
    (``?api_key=...``) and token shapes anywhere in the path or query (``/v1/models/hf_...``)."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and len(args) >= 3:
            from .redact import REDACTED, is_secret_name, redact_text

            path, _, query = str(args[2]).partition("?")
            target = redact_text(path)
            if query:
                from urllib.parse import parse_qsl, urlencode

                pairs = [(k, REDACTED if is_secret_name(k) else v)
                         for k, v in parse_qsl(query, keep_blank_values=True)]
                target += "?" + redact_text(urlencode(pairs, safe="<>"))
            if target != args[2]:
                record.args = (*args[:2], target, *args[3:])
        return True


def apply_log_levels(args: ServerArgs) -> None:
    """Set logger levels and the access-log filter (idempotent; installs no handlers)."""
    level = LEVELS[args.log_level]
    http_level = LEVELS[args.log_level_http or args.log_level]
    for name in ("argmatrix", "uvicorn", "uvicorn.error", "uvicorn.asgi"):
        logging.getLogger(name).setLevel(level)
    access = logging.getLogger("uvicorn.access")
    access.setLevel(http_level)
    for f in list(access.filters):
        if isinstance(f, (AccessPrefixFilter, AccessQueryRedactFilter)):
            access.removeFilter(f)
    access.addFilter(AccessQueryRedactFilter())
    if args.uvicorn_access_log_exclude_prefixes:
        access.addFilter(AccessPrefixFilter(list(args.uvicorn_access_log_exclude_prefixes)))
    # the request logger shows requests whenever --log-requests is on, whatever --log-level says
    request_logger.setLevel(logging.INFO if args.log_requests or args.enable_request_time_stats_logging
                            else max(level, logging.INFO))


class ThresholdFilter(logging.Filter):
    """The console shows access logs from --log-level-http, request logs always, the rest from --log-level."""

    def __init__(self, args: ServerArgs):
        super().__init__()
        self.level = LEVELS[args.log_level]
        self.http = LEVELS[args.log_level_http or args.log_level]

    def filter(self, record: logging.LogRecord) -> bool:
        if record.name.startswith("uvicorn.access"):
            return record.levelno >= self.http
        if record.name.startswith("argmatrix.requests"):
            return True
        return record.levelno >= self.level


def timestamp(created: float | None = None) -> str:
    """Local time with its UTC offset, to the millisecond (ISO 8601), as JSON records carry it."""
    moment = datetime.now() if created is None else datetime.fromtimestamp(created)
    return moment.astimezone().isoformat(timespec="milliseconds")


class JsonFormatter(logging.Formatter):
    """``--log-format json``: one JSON object per record, on one line.

    Request records (``--log-requests``) put their fields at the top level (``event``, ``rid``, ``meta``, ...)
    instead of a ``message`` string.
    """

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {"timestamp": timestamp(record.created), "level": record.levelname,
                               "logger": record.name}
        fields = getattr(record, "json_fields", None)
        if isinstance(fields, dict):
            out.update((k, v) for k, v in fields.items() if k not in out)
        else:
            out["message"] = record.getMessage()
        if record.exc_info:
            out["exc_info"] = self.formatException(record.exc_info)
        return json.dumps(out, default=str, ensure_ascii=False)


LEVEL_OF_SEVERITY = {"error": "ERROR", "warning": "WARNING", "note": "INFO"}


def finding_records(findings: list[Any]) -> list[str]:
    """The check report ``argmatrix serve`` prints before it starts, as JSON lines (``--log-format json``): one
    record per finding, the finding's own fields (``Finding.to_json``) at the top level."""
    out = []
    for f in findings:
        record = {"timestamp": timestamp(), "level": LEVEL_OF_SEVERITY.get(f.severity, "INFO"),
                  "logger": "argmatrix.check", "message": f.message.en, **f.to_json()}
        out.append(json.dumps(record, default=str, ensure_ascii=False))
    return out


def text_formatter(fmt: str = TEXT_FORMAT) -> logging.Formatter:
    return logging.Formatter(fmt, datefmt=DATE_FORMAT)


# rich lays a record out in Python (a 2 KB record took 18 ms, a 1 MB one 0.85 s, on the event loop): request
# records and any record longer than this are written as plain lines even on a terminal
RICH_MAX_CHARS = 1000


class TerminalHandler(logging.Handler):
    """On a terminal: rich for the server's short records, a plain dated line for request records and long ones."""

    def __init__(self, rich: logging.Handler, plain: logging.Handler):
        super().__init__()
        self.rich = rich
        self.plain = plain

    def emit(self, record: logging.LogRecord) -> None:
        plain = record.name.startswith("argmatrix.requests") or len(record.getMessage()) > RICH_MAX_CHARS
        (self.plain if plain else self.rich).handle(record)

    def close(self) -> None:
        self.rich.close()
        self.plain.close()
        super().close()


def _is_terminal(console: Any) -> bool:
    if console is not None and hasattr(console, "is_terminal"):
        return bool(console.is_terminal)
    return sys.stderr.isatty()


class LogLines:
    """A file for a rich ``Console`` whose every line becomes a log record (``--log-format json``): the start-up
    lines the server prints (progress, the engine report, "serving ..."), JSON like every other record."""

    def __init__(self, stream: Any, logger_name: str = "argmatrix.console"):
        self.stream = stream            # where the records themselves go (the JSON handler's stream)
        self.logger = logging.getLogger(logger_name)
        self._pending = ""

    def write(self, text: str) -> int:
        self._pending += text
        *lines, self._pending = self._pending.split("\n")
        for line in lines:
            if line.strip():
                self.logger.info("%s", line.strip())
        return len(text)

    def flush(self) -> None:
        if self._pending.strip():
            self.logger.info("%s", self._pending.strip())
        self._pending = ""

    def isatty(self) -> bool:
        return False


def json_console(stream: Any = None) -> Any:
    """A rich console whose output is log records (see :class:`LogLines`): no colour, no wrapping."""
    from rich.console import Console

    lines = cast("IO[str]", LogLines(stream or sys.stderr))  # rich needs only write, flush and isatty
    return Console(file=lines, force_terminal=False, no_color=True, highlight=False,
                   soft_wrap=True, width=240)


def install_handlers(args: ServerArgs, console: Any = None) -> None:
    """Attach handlers (run_server only: tests keep pytest's logging).

    rich on a terminal (with the date), one plain line per record in files and pipes, JSON lines with
    ``--log-format json``.
    """
    root = logging.getLogger()
    for h in list(root.handlers):
        if getattr(h, "_argmatrix", False):
            root.removeHandler(h)
    stream = getattr(console, "file", None) or sys.stderr
    if isinstance(stream, LogLines):  # the console is itself logged: the records go where its lines would have
        stream = stream.stream
    handler: logging.Handler | None = None
    if args.log_format == "json":
        handler = logging.StreamHandler(stream)
        handler.setFormatter(JsonFormatter())
    elif _is_terminal(console):
        try:
            from rich.logging import RichHandler

            rich = RichHandler(console=console, show_path=False, markup=False, rich_tracebacks=False,
                               log_time_format=f"[{DATE_FORMAT}]")
            rich.setFormatter(logging.Formatter("%(name)s: %(message)s"))
            plain = logging.StreamHandler(stream)
            plain.setFormatter(text_formatter())
            handler = TerminalHandler(rich, plain)
        except Exception:  # noqa: BLE001 - rich missing or unusable: the plain line below
            handler = None
    if handler is None:
        handler = logging.StreamHandler(stream)
        handler.setFormatter(text_formatter())
    handler._argmatrix = True  # type: ignore[attr-defined]
    handler.addFilter(ThresholdFilter(args))
    root.addHandler(handler)
    root.setLevel(min(LEVELS[args.log_level], LEVELS[args.log_level_http or args.log_level], logging.INFO))
    install_request_targets(args)


def remove_handlers() -> None:
    """Undo :func:`install_handlers` (when ``run_server`` returns inside a longer-lived process)."""
    for lg in (logging.getLogger(), request_logger):
        for h in list(lg.handlers):
            if getattr(h, "_argmatrix", False):
                lg.removeHandler(h)
                h.close()
    request_logger.propagate = True


def install_request_targets(args: ServerArgs) -> None:
    """``--log-requests-target``: ``stdout`` and/or directories for request logs (a list, as SGLang takes it)."""
    for old in list(request_logger.handlers):
        if getattr(old, "_argmatrix", False):
            request_logger.removeHandler(old)
            old.close()
    target = args.log_requests_target
    if not target:
        request_logger.propagate = True
        return
    request_logger.propagate = False
    targets = target if isinstance(target, list) else [target]
    for part in (p.strip() for t in targets for p in str(t).split(",")):
        if not part:
            continue
        if part == "stdout":
            h: logging.Handler = logging.StreamHandler(sys.stdout)
        elif part == "stderr":
            h = logging.StreamHandler(sys.stderr)
        else:
            os.makedirs(part, exist_ok=True)
            h = logging.FileHandler(os.path.join(part, f"requests-{os.getpid()}.log"), encoding="utf-8")
        h.setFormatter(_request_target_formatter(args))
        h._argmatrix = True  # type: ignore[attr-defined]
        request_logger.addHandler(h)


def _request_target_formatter(args: ServerArgs) -> logging.Formatter:
    """JSON lines under --log-format json; JSON request records as they are (they carry their timestamp);
    text records behind the date and time."""
    if args.log_format == "json":
        return JsonFormatter()
    if args.log_requests_format == "json":
        return logging.Formatter("%(message)s")
    return text_formatter("[%(asctime)s] %(message)s")


def _clip(value: Any, limit: int | None) -> Any:
    if limit is None:
        return value
    if isinstance(value, str) and len(value) > limit:
        return value[:limit] + f"...(+{len(value) - limit} chars)"
    if isinstance(value, list) and len(value) > limit:
        return value[:limit] + [f"...(+{len(value) - limit} items)"]
    return value


class RequestLog:
    """``--log-requests``: one record when a request arrives and one when it ends.

    Level 0: metadata (id, endpoint, token counts, finish reason, latency);
    1: and the sampling parameters; 2: and the first 2048 characters of the
    input and output; 3: and the whole input and output.
    """

    def __init__(self, args: ServerArgs):
        self.enabled = bool(args.log_requests)
        self.level = int(args.log_requests_level)
        self.json = args.log_requests_format == "json"
        self.time_stats = bool(args.enable_request_time_stats_logging)

    def _emit(self, event: str, record: dict[str, Any]) -> None:
        # SGLang's JSON request records (utils/log_utils.py log_json) start with "timestamp" and "event"; the
        # fields ride along with every record, so a JSON handler (--log-format json) writes them at the top level
        # whatever --log-requests-format says, and a text handler writes the message
        fields = {"timestamp": timestamp(), "event": event, **record}
        if self.json:
            request_logger.info(json.dumps(fields, default=str, ensure_ascii=False), extra={"json_fields": fields})
        else:
            body = ", ".join(f"{k}={v!r}" if isinstance(v, str) else f"{k}={v}" for k, v in record.items())
            request_logger.info("%s: %s", event, body, extra={"json_fields": fields})

    def received(self, rid: str, endpoint: str, params: dict[str, Any] | None, prompt: Any) -> None:
        if not self.enabled:
            return
        rec: dict[str, Any] = {"rid": rid, "endpoint": endpoint}
        if self.level >= 1 and params is not None:
            rec["sampling_params"] = params
        if self.level >= 2:
            rec["input"] = _clip(prompt, PARTIAL_CHARS if self.level == 2 else None)
        self._emit("Receive", rec)

    def finished(self, rid: str, endpoint: str, meta: dict[str, Any], params: dict[str, Any] | None,
                 output: Any, prompt: Any = None) -> None:
        if self.time_stats:
            keys = ("ttft", "e2e_latency", "inter_token_latency", "prompt_tokens",
                    "completion_tokens", "cached_tokens")
            stats = {k: meta[k] for k in keys if meta.get(k) is not None}
            request_logger.info("Req Time Stats(rid=%s, %s)", rid,
                                ", ".join(f"{k}={v:.4f}" if isinstance(v, float) else f"{k}={v}"
                                          for k, v in stats.items()),
                                extra={"json_fields": {"event": "Req Time Stats", "rid": rid, **stats}})
        if not self.enabled:
            return
        rec: dict[str, Any] = {"rid": rid, "endpoint": endpoint, "meta": meta}
        if self.level >= 1 and params is not None:
            rec["sampling_params"] = params
        if self.level >= 2:
            limit = PARTIAL_CHARS if self.level == 2 else None
            if self.level == 3 and prompt is not None:
                rec["input"] = _clip(prompt, limit)
            rec["output"] = _clip(output, limit)
        self._emit("Finish", rec)


class MetricsFile:
    """``--export-metrics-to-file``: one JSON line per finished request in ``--export-metrics-to-file-dir``.

    Files rotate by the hour (``request-metrics-YYYYMMDD-HH.jsonl``), as SGLang's exporter does.
    """

    def __init__(self, folder: str):
        self.folder = folder
        os.makedirs(folder, exist_ok=True)
        self._lock = threading.Lock()

    def path(self, now: float | None = None) -> str:
        stamp = time.strftime("%Y%m%d-%H", time.localtime(now))
        return os.path.join(self.folder, f"request-metrics-{stamp}.jsonl")

    def write(self, record: dict[str, Any]) -> None:
        now = time.time()
        line = json.dumps({"time": round(now, 6), **record}, default=str, ensure_ascii=False)
        try:
            with self._lock, open(self.path(now), "a", encoding="utf-8") as fh:
                fh.write(line + "\n")
        except OSError as exc:
            server_logger.warning("--export-metrics-to-file: cannot write to %s: %s", self.folder, exc)


def metrics_file(args: ServerArgs) -> MetricsFile | None:
    if not args.export_metrics_to_file:
        return None
    if not args.export_metrics_to_file_dir:
        raise ValueError("--export-metrics-to-file needs --export-metrics-to-file-dir (where to write the files)")
    return MetricsFile(args.export_metrics_to_file_dir)


class GCWatch:
    """``--gc-warning-threshold-secs``: warn when one garbage collection pauses longer than this."""

    def __init__(self, threshold_s: float):
        self.threshold = float(threshold_s or 0.0)
        self._start: float | None = None
        self.installed = False

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._start = time.perf_counter()
        elif phase == "stop" and self._start is not None:
            took = time.perf_counter() - self._start
            self._start = None
            if took >= self.threshold:
                server_logger.warning("garbage collection of generation %s took %.3fs (collected %s objects); "
                                      "threshold --gc-warning-threshold-secs=%s", info.get("generation"), took,
                                      info.get("collected"), self.threshold)

    def install(self) -> None:
        if self.threshold > 0 and not self.installed:
            gc.callbacks.append(self)
            self.installed = True

    def remove(self) -> None:
        if self.installed:
            try:
                gc.callbacks.remove(self)
            except ValueError:
                pass
            self.installed = False
