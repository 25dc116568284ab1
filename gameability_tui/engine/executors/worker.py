"""A long-lived worker process: reads requests as JSON lines, answers with JSON lines.

Started by the census with a fixed hash seed (PYTHONHASHSEED=0), so set iteration order and
anything else that depends on string hashing is the same on every run. It stays warm: each
candidate is a ``fork`` of it, which costs about a millisecond instead of a new interpreter.

Its stdin and stdout are the request and answer channels, so the first thing it does is move
them to private file descriptors, which no candidate's child holds, and point fds 0 and 1 at
/dev/null: nothing benchmark code prints can reach the census, and benchmark code that reads its
input gets nothing, never the next problem's request queued behind this one (``Census``).

Every answer carries its request's ``id`` (a nonce the census chose): a line that does not is
not an answer (``WorkerProcess.read_answers``). The nonce is no secret from a candidate forked
from this process; what keeps candidates off the answer pipe is that none holds it and none can
reach this process's descriptors (``sandbox/namespaces.py``); the id makes any line that is not
the answer to the request in flight a protocol error instead of the next problem's result.
"""

from __future__ import annotations

import gc
import json
import os
import signal
import traceback

from ..model import AuditParams, Problem
from ..sandbox import keep_from_children, kill_active_children, spare_cores_from_environment


def _stop(signum, frame) -> None:
    kill_active_children()  # and the candidates' throwaway folder
    os._exit(0)


def handle(request: dict) -> dict:
    """Answer one request. Kinds: "audit", "gate" (assert texts), "probe" (argument text), "tests"
    (the benchmark's own tests, passed or not by each survivor)."""
    from .. import audit
    from ..audit import probe

    problem = Problem.from_dict(request["problem"])
    params = AuditParams.from_dict(request["params"])
    if request["kind"] == "audit":
        return {"result": audit.audit_problem(problem, params).to_dict()}
    if request["kind"] == "gate":
        gated = audit.gate_asserts(problem, request["entry"], request["survivors"], request["texts"], params)
        return {"gated": [[passes, sorted(kills)] for passes, kills in gated]}
    if request["kind"] == "confirm":  # problem: the EvalPlus task; survivors: the programs to try
        from ..audit.confirm import rejected_by_checks

        return {"confirm": rejected_by_checks(problem, request["survivors"], params)}
    if request["kind"] == "probe":
        return {
            "probe": probe.probe(
                problem, request["entry"], request["survivors"], request["arguments"], params
            )
        }
    if request["kind"] == "tests":  # the benchmark's own tests on the reference and each survivor
        return {
            "tests": probe.own_tests(
                problem, request["entry"], request["survivors"], request["texts"], params
            )
        }
    raise ValueError(f"unknown request kind {request['kind']!r}")


def main() -> None:
    requests = os.fdopen(os.dup(0), "r", encoding="utf-8")
    answers = os.fdopen(os.dup(1), "w", buffering=1, encoding="utf-8")
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 0)
    os.dup2(devnull, 1)
    keep_from_children(requests.fileno(), answers.fileno())
    signal.signal(signal.SIGTERM, _stop)
    spare_cores_from_environment()
    from .. import audit  # noqa: F401 - import before forking, so no child pays for it

    gc.freeze()  # keep the collector from touching (and so copying) the worker's pages in each child
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the census, which stops us
    for line in requests:
        if not line.strip():
            continue
        request_id = None
        try:
            request = json.loads(line)
            request_id = request.pop("id", None)
            answer = handle(request)
        except Exception:  # a bug in the engine: report it for this request, keep serving
            answer = {"error": traceback.format_exc(limit=8)}
        answers.write(json.dumps({**answer, "id": request_id}) + "\n")


if __name__ == "__main__":
    main()
