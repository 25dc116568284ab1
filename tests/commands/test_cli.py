"""The command line, run as a user runs it: a real child process."""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys

from conftest import EXAMPLES, as_from_a_shell, signal_state

from gameability_tui.engine.sandbox.namespaces import SWITCH as NAMESPACES_SWITCH
from gameability_tui.engine.sandbox.namespaces import isolation_note
from gameability_tui.engine.sandbox.steps import STEP_COUNTER, SWITCH


def _cli(*args: str, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "gameability_tui", *args], capture_output=True, text=True, timeout=300, cwd=cwd
    )


def _without_seconds(report: dict) -> dict:
    for problem in report["problems"]:
        problem.pop("seconds", None)
    report.pop("elapsed", None)
    return report


def test_without_the_compiled_counter_check_says_so_once_and_judges_alike(tmp_path, monkeypatch):
    compiled, in_python = tmp_path / "c.json", tmp_path / "p.json"
    done = _cli("check", str(EXAMPLES), "--json", str(compiled))
    assert done.returncode == 0, done.stderr
    assert "compiled step counter" not in done.stderr
    monkeypatch.setenv(SWITCH, "python")
    slow = _cli("check", str(EXAMPLES), "--json", str(in_python))
    assert slow.returncode == 0, slow.stderr
    assert slow.stderr.count("the compiled step counter is not built here") == 1
    python_report, compiled_report = json.loads(in_python.read_text()), json.loads(compiled.read_text())
    # each names its counter; the Python one counts what the compiled one counts
    assert (python_report.pop("step_counter"), compiled_report.pop("step_counter")) == (
        STEP_COUNTER.replace("-c", "-python"),
        STEP_COUNTER,
    )
    assert _without_seconds(python_report) == _without_seconds(compiled_report)


def test_where_candidates_are_not_isolated_by_the_kernel_check_says_so_once(tmp_path, monkeypatch):
    report = tmp_path / "r.json"
    if isolation_note() is None:  # this machine gives children their own namespaces
        done = _cli("check", str(EXAMPLES), "--json", str(report))
        assert done.returncode == 0, done.stderr
        assert "not isolated" not in done.stderr and "namespaces" not in done.stderr
    monkeypatch.setenv(NAMESPACES_SWITCH, "off")
    open_ = _cli("check", str(EXAMPLES), "--json", str(report))
    assert open_.returncode == 0, open_.stderr
    notes = [line for line in open_.stderr.splitlines() if line.startswith("gameability-tui: note:")]
    assert len(notes) == 1 and "namespaces" in notes[0], open_.stderr


def test_check_writes_report_and_fixes(tmp_path):
    report, fixes = tmp_path / "r.json", tmp_path / "f.py"
    done = _cli("check", str(EXAMPLES), "--json", str(report), "--fixes", str(fixes))
    assert done.returncode == 0, done.stderr
    assert "max_pair_product -- " in done.stdout and "a test that catches it: assert" in done.stdout
    assert "excluded    1  reference-fails-tests: wrong_expectation\n" in done.stdout  # which one, by name
    assert "slow but right 0\n" in done.stdout  # a pipe gets whole lines, never cut at 80 columns
    data = json.loads(report.read_text())
    assert {"version", "benchmark", "params", "summary", "problems"} <= set(data)
    summary = data["summary"]
    assert {"supplied", "judged", "weak", "weak_share", "weak_ci", "excluded", "truncated"} <= set(summary)
    assert summary["excluded"] == {"reference-fails-tests": 1}
    weak = [p for p in data["problems"] if p["n_survived"]]
    assert {"max_pair_product", "index_of"} <= {p["id"] for p in weak}
    for entry in weak:
        assert {"kind", "line", "before", "after", "source"} <= set(entry["survivors"][0])
        assert all(a["passes_reference"] and a["kills"] for a in entry["asserts"])
    text = fixes.read_text()
    assert "UNREVIEWED" in text
    ast.parse(text)


def test_two_runs_give_identical_problems(tmp_path):
    outputs = []
    for name, workers in (("a.json", "1"), ("b.json", "2")):
        assert (
            _cli("check", str(EXAMPLES), "--workers", workers, "--json", str(tmp_path / name)).returncode == 0
        )
        problems = json.loads((tmp_path / name).read_text())["problems"]
        outputs.append([p | {"seconds": 0} for p in problems])
    assert outputs[0] == outputs[1]


def test_bad_input_is_one_line_and_exit_2(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": 1, "reference": "x"}\n')
    done = _cli("check", str(bad))
    assert done.returncode == 2
    hint = "(each line holds id, reference and tests; see --help)"
    assert done.stderr.strip() == f"gameability-tui: {bad}:1: missing field 'tests' {hint}"


def test_help_explains_the_commands():
    from gameability_tui.cli import COMMAND_MODULES

    done = _cli("--help")
    assert done.returncode == 0 and "WEAK" in done.stdout
    assert "usage: gameability-tui [options] BENCHMARK" in done.stdout and "audit settings" in done.stdout
    assert "gameability-tui {check,export,confirm} ..." in done.stdout  # the commands, in the usage too
    epilog = " ".join(done.stdout[done.stdout.index("Commands:") :].split())  # as wrapped to the terminal
    for command in COMMAND_MODULES:  # every command is named, and answers its own --help
        assert f"{command} (" in epilog
        own = _cli(command, "--help")
        assert own.returncode == 0 and own.stdout.startswith(f"usage: gameability-tui {command} [-h]")


def test_help_fits_80_columns_and_never_splits_a_name_at_its_hyphen():
    from gameability_tui.cli import COMMAND_MODULES

    for command in ([], *([name] for name in COMMAND_MODULES)):
        done = subprocess.run(
            [sys.executable, "-m", "gameability_tui", *command, "--help"],
            capture_output=True, text=True, timeout=60, env={**os.environ, "COLUMNS": "80"},
        )  # fmt: skip
        lines = done.stdout.splitlines()
        assert done.returncode == 0 and len(lines) > 10
        assert [line for line in lines if len(line) > 80] == []
        assert [line for line in lines if re.search(r"[a-z]-$", line)] == []  # `mbpp-` / `plus`


def test_nothing_named_shows_the_help_not_a_bare_error():
    for command in ([], ["check"]):
        done = _cli(*command)
        assert done.returncode == 2 and "usage: gameability-tui" in done.stderr
        assert "positional arguments" in done.stderr and "Traceback" not in done.stderr
        # ... and, last, where the eye lands after 70 lines of help, what was missing.
        last = done.stderr.strip().splitlines()[-1]
        example = " ".join(["gameability-tui", *command, "humaneval"])
        assert last == f"gameability-tui: name a benchmark, e.g. `{example}`"


def test_ctrl_c_exits_cleanly_and_writes_no_report(tmp_path):
    import signal
    import time

    slow = tmp_path / "slow.jsonl"
    reference = (
        "def slow(n):\n    total = 0\n    for i in range(n):\n        total += i % 7\n    return total\n"
    )
    slow.write_text(
        json.dumps({"id": "slow", "reference": reference, "tests": ["assert slow(30000000) == 89999995"]})
        + "\n"
    )
    report = tmp_path / "r.json"
    process = subprocess.Popen(
        [sys.executable, "-m", "gameability_tui", "check", str(slow), "--json", str(report)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=as_from_a_shell,
    )
    time.sleep(2)
    signals = signal_state(process.pid)
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=30)
    assert process.returncode == 130, signals
    assert stderr.strip().splitlines()[-1] == "gameability-tui: interrupted; no output file was written."
    assert "Traceback" not in stderr
    assert list(tmp_path.iterdir()) == [slow]


def test_deep_attack_flows_from_the_command_line_and_confirm_refuses_a_report_of_another_benchmark(tmp_path):
    sample, deep = tmp_path / "sample.json", tmp_path / "deep.json"
    assert _cli("check", str(EXAMPLES), "--json", str(sample)).returncode == 0
    done = _cli("check", str(EXAMPLES), "--attack", "deep", "--json", str(deep))
    assert done.returncode == 0, done.stderr
    sample_data, deep_data = json.loads(sample.read_text()), json.loads(deep.read_text())
    assert deep_data["params"]["attack"] == "deep" and sample_data["params"]["attack"] == "sample"
    assert deep_data["step_counter"] == STEP_COUNTER  # steps of two counters do not compare
    assert deep_data["summary"]["mutants"] > sample_data["summary"]["mutants"]
    other = tmp_path / "other.jsonl"
    other.write_text(EXAMPLES.read_text().splitlines()[0] + "\n")
    refused = _cli("confirm", str(other), "--with", "mbpp-plus", "--report", str(deep))
    assert refused.returncode == 2
    assert "made from another benchmark" in refused.stderr and "Traceback" not in refused.stderr


def test_export_refuses_accepted_texts_that_fail_or_assert_nothing_and_says_why(tmp_path):
    """An accepted text that fails on the reference, or asserts nothing (it would pass on every
    broken solution too), never reaches the fixes; the command and the review name each reason."""
    from gameability_tui.benchmarks import load_benchmark
    from gameability_tui.store import DecisionStore
    from gameability_tui.vocabulary import ACCEPTED

    db = tmp_path / "db.json"
    store = DecisionStore(db, load_benchmark(str(EXAMPLES)).name)
    good = "assert max_pair_product([2, 3]) == 6"
    failing = "assert max_pair_product([2, 3]) == 7"
    silent = 'print("hi")'
    for text in (good, failing, silent):
        store.decide("max_pair_product", text, ACCEPTED)
    store.set_verdict("index_of", "fix", "the absent value is never tested")
    store.close()
    fixes, review = tmp_path / "fixes.py", tmp_path / "review.md"
    done = _cli("export", str(EXAMPLES), "--db", str(db), "--fixes", str(fixes), "--summary", str(review))
    assert done.returncode == 0, done.stderr
    assert "refused (it no longer passes on the reference): max_pair_product: " + failing in done.stdout
    assert "refused (it has no assert statement, so it would reject nothing)" in done.stdout
    assert good in fixes.read_text() and failing not in fixes.read_text() and silent not in fixes.read_text()
    text = review.read_text()
    assert "- refused at export (each with its reason below): 2" in text
    assert f"`{silent}`: it has no assert statement" in text
    assert "- verdicts given: 1 fix\n" in text  # counted at the top, listed at the end
    assert "- index_of: **fix** - the absent value is never tested" in text


def test_the_diff_names_a_tracked_file_by_its_path_in_the_checkout_so_git_apply_takes_it_at_the_top(tmp_path):
    import shutil

    from gameability_tui.benchmarks import load_benchmark
    from gameability_tui.store import DecisionStore
    from gameability_tui.vocabulary import ACCEPTED

    checkout, untracked = tmp_path / "checkout", tmp_path / "loose"
    (checkout / "data").mkdir(parents=True)
    untracked.mkdir()
    tracked = checkout / "data" / "toy.jsonl"
    shutil.copy(EXAMPLES, tracked)
    shutil.copy(EXAMPLES, untracked / "toy.jsonl")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t"]
    for command in (["init", "-q"], ["add", "data/toy.jsonl"], ["commit", "-qm", "source"]):
        subprocess.run(git + command, cwd=checkout, check=True)
    for source, named in ((tracked, "data/toy.jsonl"), (untracked / "toy.jsonl", "toy.jsonl")):
        db, diff = source.parent / "db.json", source.parent / "fixes.diff"
        store = DecisionStore(db, load_benchmark(str(source)).name)
        store.decide("max_pair_product", "assert max_pair_product([2, 3]) == 6", ACCEPTED)
        store.close()
        done = _cli(
            "export", str(source), "--db", str(db), "--diff", str(diff), "--fixes", str(tmp_path / "f.py")
        )
        assert done.returncode == 0, done.stderr
        assert diff.read_text().startswith(f"--- a/{named}\n+++ b/{named}\n")
    check = subprocess.run(["git", "apply", "--check", str(checkout / "data" / "fixes.diff")], cwd=checkout)
    assert check.returncode == 0  # at the top of the checkout, as a maintainer runs it


def test_a_reader_that_goes_away_does_not_cost_the_report(tmp_path):
    """`check ... --json r.json | head -1`: the summary meets a closed pipe, the files are written."""
    report, fixes = tmp_path / "r.json", tmp_path / "f.py"
    command = [sys.executable, "-m", "gameability_tui", "check", str(EXAMPLES), "--json", str(report)]
    child = subprocess.Popen(
        [*command, "--fixes", str(fixes)], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    child.stdout.close()  # nobody reads the summary
    _, errors = child.communicate(timeout=300)
    assert b"Traceback" not in errors
    assert json.loads(report.read_text())["summary"]["judged"] == 8 and "assert" in fixes.read_text()


def test_confirm_names_its_own_flag_for_the_evalplus_file(tmp_path):
    # The EvalPlus loader's advice says --data (its flag where EvalPlus is the benchmark); confirm
    # reads that file with --plus-data, and following "--data" there led to another error.
    done = _cli("confirm", str(EXAMPLES), "--with", "humaneval-plus", "--plus-data", str(tmp_path))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "--plus-data" in done.stderr and "--data " not in done.stderr.replace("--plus-data", "")
