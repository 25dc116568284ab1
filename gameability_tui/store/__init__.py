"""Persistence: the reviewer's decisions (small, precious: ``decisions.py`` on ``storage.py``'s
atomic file) and cached audit results (bulky: ``results.py``), apart, so that saving a decision
never pays for the results; ``cached_audit.py`` is the loop that fills the cache."""

from .decisions import DecisionStore, default_db_path
from .results import ResultCache, cache_path_for, collector_paused, key_of_json, problem_key
from .storage import StoreError, check_database_path, lock_if_free

__all__ = [
    "DecisionStore",
    "ResultCache",
    "StoreError",
    "cache_path_for",
    "check_database_path",
    "collector_paused",
    "default_db_path",
    "key_of_json",
    "lock_if_free",
    "problem_key",
]
