"""What every loader returns, and the one error type the CLI turns into a clear message.

Threat: records dropped before the audit silently shrink the denominator. Every loader counts
what it dropped and why (``Benchmark.dropped``), and the report prints it.
"""

from __future__ import annotations

import hashlib
import os
import socket
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

from ..engine.model import Problem
from .reading import LoadError
from .source import HubOrigin, SourceFile, hub_source

DATA_ENV = "GAMEABILITY_TUI_DATA"
HUB_TIMEOUT_SECONDS = 3.0


@dataclass
class Benchmark:
    name: str
    problems: list[Problem]
    source: str  # where the data came from, for the report
    dropped: dict[str, int] = field(default_factory=dict)
    # The file (or hub rows) the problems were read from, and which row made each problem: what
    # the export writes back in the benchmark's own format. The engine never sees it.
    origin: SourceFile | None = None
    writer: str | None = None  # which native writer adds asserts to a row (benchmarks.native)

    def fingerprint(self, each: Callable[[Problem, str], None] | None = None) -> str:
        """Changes when any problem changes: cached audits are keyed by it. ``each(problem,
        text)`` is handed each problem's canonical JSON on the way, for a caller that keys the
        problems too (the `app` command): one serialisation per problem instead of two."""
        digest = hashlib.sha256()
        for problem in self.problems:
            text = problem.canonical_json()
            digest.update(text.encode())
            if each is not None:
                each(problem, text)
        return digest.hexdigest()[:16]


def data_folder() -> Path | None:
    folder = os.environ.get(DATA_ENV)
    return Path(folder).expanduser() if folder else None


def local_file(data: Path | None, filename: str) -> Path | None:
    """``--data FILE`` (or a folder holding ``filename``), else the folder named by the env var."""
    for candidate in (data, data_folder()):
        if candidate is None:
            continue
        path = candidate / filename if candidate.is_dir() else candidate
        if path.is_file():
            return path
        if candidate is data:
            raise LoadError(f"{path}: no such file. Pass --data with the path of {filename}.")
        # The folder named in the environment was meant to hold it: saying the hub cannot be
        # reached (what trying it next would say offline) hides the real slip.
        raise LoadError(
            f"{candidate} ({DATA_ENV}) has no {filename}. Put {filename} there, pass --data FILE, "
            f"or unset {DATA_ENV} to download it from the hub."
        )
    return None


def hub_reachable() -> bool:
    """A quick check before `datasets` spends half a minute retrying an unreachable hub."""
    if os.environ.get("HF_HUB_OFFLINE") == "1" or os.environ.get("HF_DATASETS_OFFLINE") == "1":
        return True  # offline mode: `datasets` reads its cache without touching the network
    endpoint = urlparse(os.environ.get("HF_ENDPOINT", "https://huggingface.co"))
    port = endpoint.port or (443 if endpoint.scheme == "https" else 80)
    try:
        with socket.create_connection((endpoint.hostname, port), timeout=HUB_TIMEOUT_SECONDS):
            return True
    except OSError:
        return False


def load_hub_source(repository: str, config: str | None, splits: list[str], hint: str) -> SourceFile:
    """Rows from the Hugging Face hub through `datasets`, with the dataset's name, config and
    revision so an export can say what it patches; or a LoadError that says what to do."""

    if not hub_reachable():
        raise LoadError(f"cannot reach the Hugging Face hub to download {repository}. {hint}")
    try:
        import datasets
    except ImportError as error:
        raise LoadError(f"the `datasets` package is not installed. {hint}") from error
    try:
        loaded = datasets.load_dataset(repository, config)
    except Exception as error:  # datasets raises many types for network and cache problems
        raise LoadError(f"could not load {repository} through datasets ({error}). {hint}") from error
    rows = [dict(row) for split in splits if split in loaded for row in loaded[split]]
    return hub_source(rows, HubOrigin(repository, config, _revision(loaded)))


def _revision(loaded) -> str:
    """The hub commit `datasets` read: it names the cache folder of each split after it."""
    for split in loaded.values():
        for cached in getattr(split, "cache_files", None) or ():
            folder = Path(cached.get("filename", "")).parent.name
            if len(folder) == 40 and all(ch in "0123456789abcdef" for ch in folder):
                return folder
    return "unknown"
