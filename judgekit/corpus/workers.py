"""Worker processes for a parallel corpus check: none outlives the run, whatever ends it.

- Each worker dies with its parent: on Linux the kernel kills it when the parent dies (PR_SET_PDEATHSIG),
  elsewhere a thread of its own watches the parent's pid; and an idle worker ends when its pipe to the
  parent closes. So a SIGKILL of `check -j N` leaves no worker holding the update lock (an flock the
  workers inherit) or the caller's output pipes.
- Workers ignore Ctrl-C (the terminal sends it to every process of the group): the parent alone handles
  it, and ends them all before the interrupt goes on (judgekit exits 130).
- Everything the parent does runs in its main thread (no helper threads that could die unseen): an
  exception while waiting for or reading a result (a MemoryError, an interrupt) ends the workers and goes
  on up, so the caller's `finally` blocks release the lock. A worker that fails outside any one file
  reports it and the run stops with WorkerFailed; one that dies loses only the task it was running.
Workers write nothing to the corpus: ending them with SIGKILL loses nothing but their work.
"""
from __future__ import annotations

import os
import signal
import sys
import threading
import time
from dataclasses import dataclass
from functools import cache
from typing import Any, Callable

_PR_SET_PDEATHSIG = 1  # linux/prctl.h
_STOP_WAIT = 5.0  # seconds a finished worker is given to exit before it is killed


class WorkerFailed(Exception):
    """A worker process failed outside any one file (out of memory while reading a task or sending results)."""


@dataclass
class _Worker:
    process: Any
    conn: Any
    task: int | None = None


def run_in_workers(tasks: list, jobs: int, work: Callable[[Any], Any],
                   on_result: Callable[[int, Any], None]) -> set[int]:
    """Run `work(task)` for every task in up to `jobs` worker processes, calling `on_result(index, result)` in
    this process as each one finishes; returns the indexes of the tasks whose worker died running them."""
    import multiprocessing
    from multiprocessing.connection import wait

    context = multiprocessing.get_context()
    waiting, lost, workers = list(range(len(tasks)))[::-1], set(), []
    prctl = c_library_prctl()  # loaded here: a forked worker needs no memory of its own to arm it

    def start() -> None:
        mine, theirs = context.Pipe()
        others = [w.conn for w in workers] + [mine]  # the parent's ends a forked worker must not keep open
        process = context.Process(target=_serve, args=(theirs, others, os.getpid(), prctl, work), daemon=True)
        process.start()
        theirs.close()
        workers.append(_Worker(process, mine))

    def give(worker: _Worker) -> None:
        worker.task = waiting.pop() if waiting else None
        if worker.task is not None:
            try:
                worker.conn.send(tasks[worker.task])
            except OSError:  # it has just died: the loop sees it end, and its task is lost like any other
                pass

    try:
        for _ in range(min(jobs, len(tasks))):
            start()
            give(workers[-1])
        while any(w.task is not None for w in workers):
            busy = [w for w in workers if w.task is not None]
            ready = wait([w.conn for w in busy] + [w.process.sentinel for w in busy])
            for worker in busy:
                if worker.conn not in ready and worker.process.sentinel not in ready:
                    continue
                try:
                    kind, value = worker.conn.recv()
                except (EOFError, OSError):  # it died: its task is lost, a new worker takes the rest
                    lost.add(worker.task)
                    _end(worker, kill=True)
                    workers.remove(worker)
                    if waiting:
                        start()
                        give(workers[-1])
                    continue
                if kind == "failed":
                    raise WorkerFailed(value)
                on_result(worker.task, value)
                give(worker)
    except BaseException:
        for worker in workers:
            _end(worker, kill=True)
        raise
    for worker in workers:
        _end(worker, kill=False)
    return lost


def _end(worker: _Worker, kill: bool) -> None:
    """Stop a worker: close its pipe (an idle worker then exits), kill it when asked or when it lingers."""
    worker.conn.close()
    if kill and worker.process.is_alive():
        worker.process.kill()
    worker.process.join(None if kill else _STOP_WAIT)
    if worker.process.is_alive():
        worker.process.kill()
        worker.process.join()


def _serve(conn, parent_ends: list, parent: int, prctl: Callable | None, work: Callable[[Any], Any]) -> None:
    """A worker: run each task received, send back ("done", result) or ("failed", why); exit when the pipe
    closes or the parent is gone. A worker that cannot start (out of memory) says so as a failed task would."""
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        _die_with(parent, prctl)
        for end in parent_ends:
            end.close()
    except BaseException as error:
        _report_failure(conn, error)
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            os._exit(0)
        except BaseException as error:  # the task could not be read (out of memory): say so and stop
            _report_failure(conn, error)
        try:
            outcome = ("done", work(task))
        except BaseException as error:
            _report_failure(conn, error)
        try:
            conn.send(outcome)
        except BaseException as error:
            _report_failure(conn, error)
        del task, outcome


def _report_failure(conn, error: BaseException) -> None:
    try:
        conn.send(("failed", f"a worker process failed: {type(error).__name__}: {error}".rstrip(": ")))
    finally:
        os._exit(1)


@cache
def c_library_prctl() -> Callable | None:
    """Linux's prctl(2) from the C library, or None where there is none; loaded once, in the parent."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes
        return ctypes.CDLL(None, use_errno=True).prctl
    except (ImportError, OSError, AttributeError):
        return None


def _die_with(parent: int, prctl: Callable | None) -> None:
    """Make this process end when `parent` does (it may already have: then end now)."""
    if prctl is not None and prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0:
        if os.getppid() != parent:
            os._exit(1)
        return

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)
    threading.Thread(target=watch, daemon=True).start()
    if os.getppid() != parent:
        os._exit(1)
