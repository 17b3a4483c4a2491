"""Drivers for an engine under check: a child process speaking the JSON-lines protocol (no shell,
a deadline on every answer, always killed at the end) or a Python function called in-process."""

from __future__ import annotations

import importlib
import json
import os
import queue
import re
import shlex
import signal
import subprocess
import threading
import time
from collections.abc import Callable
from typing import Any, Self

STDERR_KEPT = 4096  # bytes of the start and of the end of the engine's stderr kept to quote
STDERR_LINES = 12  # last stderr lines quoted with a fault: enough for a Node or Python stack trace
LINE_LIMIT = 16 << 20  # an answer line longer than this is garbage, not an answer


class EngineFault(Exception):
    """The engine could not be run or broke the protocol (the checker exits 2). ``request`` is the
    request being answered when it happened (None at start or end); ``stderr`` its last lines."""

    def __init__(self, message: str, request: dict[str, Any] | None = None, stderr: list[str] | None = None) -> None:
        super().__init__(message)
        self.request = request
        self.stderr = stderr or []


class EngineDied(EngineFault):
    """The engine process exited (or stopped reading) before answering: it may be restarted."""


class EngineCrash(Exception):
    """The engine crashed on a request (an in-process function raised, or a process died and was
    restarted): a finding about that input, not a fault."""


class Engine:
    """Numbers requests and checks that each answer is a JSON object echoing the request's id."""

    name = "engine"

    def __init__(self) -> None:
        self._next_id = 0
        self.stopped = False  # set by ``stop`` (Ctrl-C): every later request raises KeyboardInterrupt

    def stop(self) -> None:
        """Ctrl-C: no request is sent any more, and a child is killed at once, so that an interrupt a
        library swallowed (an import's callback, say) still ends the check at the next request."""
        self.stopped = True

    def request(self, body: dict[str, Any]) -> dict[str, Any]:
        """Send ``body`` with a fresh ``id``; the answer without its ``id``."""
        if self.stopped:
            raise KeyboardInterrupt
        self._next_id += 1
        rid = self._next_id
        what = f"request {rid} ({body.get('op')})"
        try:
            answer = self._exchange({"id": rid, **body}, what)
            if not isinstance(answer, dict):
                raise EngineFault(f"{self.name} answered {what} with {type(answer).__name__}, not a JSON object")
            if "id" not in answer:
                raise EngineFault(f"{self.name} answered {what} without an id")
            if answer["id"] != rid:
                raise EngineFault(f"{self.name} answered {what} with id {answer['id']!r}, expected {rid}")
        except EngineFault as fault:
            raise type(fault)(str(fault), body, self.stderr_tail()) from None
        return {k: v for k, v in answer.items() if k != "id"}

    def stderr_tail(self) -> list[str]:
        """The last lines the engine wrote to stderr (none for an in-process engine)."""
        return []

    def _exchange(self, request: dict[str, Any], what: str) -> Any:
        raise NotImplementedError

    def close(self) -> None:
        """Stop the engine; raise EngineFault if it misbehaved at the end (exit status, stderr)."""

    def abort(self) -> None:
        """Stop the engine at once after a fault."""

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class ProcessEngine(Engine):
    """An engine run as a child process from a command line split with shlex (never a shell)."""

    def __init__(self, command: str | list[str], timeout: float = 5.0, allow_stderr: bool = False) -> None:
        super().__init__()
        try:
            self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        except ValueError as e:
            raise EngineFault(f"cannot split the engine command {command!r}: {e}") from None
        if not self.argv:
            raise EngineFault("the engine command is empty")
        self.name = f"engine {shlex.join(self.argv)!r}"
        self.timeout = timeout
        self.allow_stderr = allow_stderr
        self._start()

    def _start(self) -> None:
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        self._stderr = bytearray()  # the first STDERR_KEPT bytes
        self._stderr_end = bytearray()  # the last STDERR_KEPT bytes
        self._stderr_bytes = 0
        self._closed = False
        try:
            self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.PIPE, start_new_session=True)
        except OSError as e:
            raise EngineFault(f"cannot start {self.name}: {e.strerror or e}") from None
        self._readers = [threading.Thread(target=self._read_stdout, daemon=True),
                         threading.Thread(target=self._read_stderr, daemon=True)]
        for t in self._readers:
            t.start()

    def stop(self) -> None:
        super().stop()
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)  # a read waiting for its answer returns at once
        except (ProcessLookupError, PermissionError):
            pass

    def restart(self) -> None:
        """A fresh child after the last one died (its stderr is dropped; quote it first)."""
        if self.stopped:
            raise KeyboardInterrupt  # it died because Ctrl-C stopped it
        self.abort()
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                stream.close()
            except OSError:
                pass
        self._start()

    def _read_stdout(self) -> None:
        for line in iter(lambda: self.proc.stdout.readline(LINE_LIMIT), b""):
            self._lines.put(line)
        self._lines.put(None)

    def _read_stderr(self) -> None:
        # Drained all along so that a chatty engine never blocks on a full pipe.
        for chunk in iter(lambda: self.proc.stderr.read1(65536), b""):
            self._stderr_bytes += len(chunk)
            if len(self._stderr) < STDERR_KEPT:
                self._stderr += chunk[: STDERR_KEPT - len(self._stderr)]
            self._stderr_end = (self._stderr_end + chunk)[-STDERR_KEPT:]

    def stderr_text(self) -> str:
        return self._stderr.decode("utf-8", "replace")

    def stderr_tail(self) -> list[str]:
        # A fault may be seen before the stderr reader has caught up with a dying child.
        if self.proc.poll() is not None:
            self._readers[1].join(timeout=1.0)
        lines = self._stderr_end.decode("utf-8", "replace").splitlines()
        if self._stderr_bytes > len(self._stderr_end) and lines:
            lines = lines[1:]  # the first line kept is cut
        return _fold_frames([line[:300] for line in lines if line.strip()])[-STDERR_LINES:]

    def _stderr_note(self) -> str:
        tail = self.stderr_tail()
        if not tail:
            return ""
        plain = [line for line in tail if not line.startswith("Node.js v") and not line.lstrip().startswith(("at ", "..."))]
        errors = [line for line in plain if re.search(r"(Error|Exception)\b", line)]
        last = (errors or plain or tail)[-1]
        return f"; its stderr ends: {last!r}"

    def _exchange(self, request: dict[str, Any], what: str) -> Any:
        try:
            self.proc.stdin.write(json.dumps(request).encode() + b"\n")
            self.proc.stdin.flush()
        except OSError:
            raise EngineDied(f"{self.name} stopped reading before {what}{self._exit_note()}") from None
        deadline = time.monotonic() + self.timeout
        while True:
            left = deadline - time.monotonic()
            try:
                line = self._lines.get(timeout=max(left, 0.0))
            except queue.Empty:
                raise EngineFault(f"{self.name} gave no answer to {what} within {self.timeout:g} s "
                                  "(hung or too slow)") from None
            if line is None:
                raise EngineDied(f"{self.name} exited before answering {what}{self._exit_note()}")
            if not line.strip():
                continue  # a blank line carries nothing; tolerated
            if not line.endswith(b"\n") and len(line) >= LINE_LIMIT:
                raise EngineFault(f"{self.name} answered {what} with a line longer than {LINE_LIMIT} bytes")
            try:
                return json.loads(line)
            except (ValueError, RecursionError):  # a 4300-digit number or '[' * 100000 is not an answer
                text = line.decode("utf-8", "replace").strip()
                raise EngineFault(f"{self.name} answered {what} with a line that is not JSON: {text[:120]!r}") from None

    def _exit_note(self) -> str:
        try:
            code = self.proc.wait(timeout=min(self.timeout, 2.0))
        except subprocess.TimeoutExpired:
            return self._stderr_note()
        self._readers[1].join(timeout=1.0)
        return f" (exit status {code}){self._stderr_note()}"

    def kill(self) -> None:
        """Kill the child and anything it started (its own process group)."""
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                self.proc.kill()
        self.proc.wait()

    def close(self) -> None:
        """End of input: the engine must exit 0 within the timeout, and write nothing to stderr
        unless allowed. The child is killed whatever happens."""
        if self._closed:
            return
        self._closed = True
        status: int | None = None
        try:
            try:
                self.proc.stdin.close()
            except OSError:
                pass
            try:
                status = self.proc.wait(timeout=self.timeout)
            except subprocess.TimeoutExpired:
                pass
        finally:
            self.kill()
            for t in self._readers:
                t.join(timeout=1.0)
            for stream in (self.proc.stdout, self.proc.stderr):
                stream.close()
        if status is None:
            raise EngineFault(f"{self.name} did not exit within {self.timeout:g} s of the end of its input")
        if status != 0:
            raise EngineFault(f"{self.name} exited with status {status} at the end of its input{self._stderr_note()}")
        if self._stderr_bytes and not self.allow_stderr:
            first = self.stderr_text().strip().splitlines()[:1] or [""]
            raise EngineFault(f"{self.name} wrote {self._stderr_bytes} bytes to stderr (the protocol speaks on "
                              f"stdout only; --allow-stderr accepts logging): {first[0][:200]!r}")

    def abort(self) -> None:
        """Stop at once after a fault: no graceful end, just kill."""
        if not self._closed:
            self._closed = True
            self.kill()
            for t in self._readers:
                t.join(timeout=1.0)


def _fold_frames(lines: list[str], keep: int = 2) -> list[str]:
    """Runs of stack frames (``    at f (file:1:2)``, as Node and Java print them after the message)
    cut to their first ``keep``, so that the exception line stays within the quoted tail."""
    out: list[str] = []
    run = 0
    for line in lines + [""]:
        if line.lstrip().startswith("at "):
            run += 1
            if run <= keep:
                out.append(line)
            continue
        if run > keep:
            out.append(f"    ... {run - keep} more frame(s)")
        run = 0
        out.append(line)
    return out[:-1]


class FunctionEngine(Engine):
    """A Python function ``request dict -> answer dict`` checked in-process (no timeout applies)."""

    def __init__(self, function: Callable[[dict[str, Any]], Any], name: str | None = None) -> None:
        super().__init__()
        self.function = function
        self.name = f"engine function {name or getattr(function, '__qualname__', repr(function))}"

    def _exchange(self, request: dict[str, Any], what: str) -> Any:
        try:
            answer = self.function(json.loads(json.dumps(request)))
        except Exception as e:  # noqa: BLE001 - any exception in the engine is a finding, not our crash
            raise EngineCrash(f"{type(e).__name__}: {e}") from None
        try:
            return json.loads(json.dumps(answer))
        except (TypeError, ValueError, RecursionError) as e:
            raise EngineFault(f"{self.name} answered {what} with something that is not JSON: {e}") from None


def load_function(spec: str) -> Callable[[dict[str, Any]], Any]:
    """``pkg.mod:function`` -> the function; EngineFault naming what is wrong."""
    module_name, sep, attr = spec.partition(":")
    if not sep or not module_name or not attr:
        raise EngineFault(f"--engine-module takes pkg.mod:function, got {spec!r}")
    try:
        module = importlib.import_module(module_name)
    except Exception as e:  # noqa: BLE001 - an import that fails in any way means the engine cannot run
        raise EngineFault(f"cannot import {module_name!r}: {type(e).__name__}: {e}") from None
    function = getattr(module, attr, None)
    if not callable(function):
        raise EngineFault(f"{module_name!r} has no function {attr!r}")
    return function
