"""`validate --engine dask` on a LocalCluster of two worker processes: the output and the summary
byte for byte one job's (archives cut into byte ranges, folders, file:// URLs, --out-dir), a
worker killed mid-run costing nothing, a log that kills every worker reported unreadable as
with --jobs. Skipped, saying so, where Dask is not installed (`pip install 'ecarte[dask]'`)."""
from __future__ import annotations

import json
import subprocess
import sys
from functools import partial
from pathlib import Path

import pytest

pytest.importorskip("distributed", reason="Dask is not installed: pip install 'ecarte[dask]'")

from typer.testing import CliRunner  # noqa: E402

from adjudicator.archive import cluster  # noqa: E402
from adjudicator.archive.files import items  # noqa: E402
from adjudicator.archive.summary import Summary, Tree  # noqa: E402
from adjudicator.cli import app  # noqa: E402
from adjudicator.commands import render_batch  # noqa: E402
from adjudicator.engine.generate import dumps  # noqa: E402
from adjudicator.engine.generate_games import games  # noqa: E402
from adjudicator.record.source import parse_yaml  # noqa: E402
from workers import killer  # noqa: E402  (a worker that dies as the out-of-memory killer kills)

pytestmark = pytest.mark.slow   # a Dask cluster of worker processes

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
ENTRY = "import sys; from adjudicator.entry import run; sys.argv[0] = 'ecarte'; run()"   # the script's
runner = CliRunner()


@pytest.fixture(scope="module")
def client():
    client, local = cluster.connect(None, 2)
    yield client
    cluster.disconnect(client, local)


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    """Clean games, irregular scenarios as lines, blank lines, lines that are not logs or not
    UTF-8, no final newline."""
    logs = [dumps(log) for log, _ in games(30, 4)]
    ruled = [json.dumps(parse_yaml(p.read_text(), p.name), ensure_ascii=False)
             for p in sorted((SCENARIOS / "laws").glob("law4*.yaml"))[:6]]
    lines = logs[:10] + ["", "{oops", "ecarte: 1"] + ruled + logs[10:20] + ["   "] + logs[20:]
    path = tmp_path / "a.jsonl"
    path.write_bytes(("\n".join(lines)).encode() + b"\n\xff\n" + logs[0].encode())
    return path


def _one_job(paths: list[str]) -> tuple[str, dict]:
    text, clean, problems, _ = render_batch(items(paths), as_json=True)
    return text, Summary.of(clean, problems).to_json()


def _on_dask(paths: list[str], client, render=None, out_dir: str | None = None) -> tuple[str, dict, int]:
    render = render or partial(render_batch, as_json=True)
    parts = list(cluster.results(paths, render, client, out_dir))
    tree = Tree()
    for _, summary, _, _ in parts:
        tree.add(summary)
    return "".join(p[0] for p in parts), tree.total().to_json(), len(parts)


def test_dask_answers_as_one_job(archive: Path, client, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cluster, "PARTITION_BYTES", 4096)   # many byte ranges
    paths = [str(archive), str(SCENARIOS / "play"), "file://" + str(archive)]
    text, summary, partitions = _on_dask(paths, client)
    assert partitions > 10
    want_text, want_summary = _one_job(paths)
    assert text == want_text
    assert summary == want_summary and summary["with_rulings"] >= 3 and summary["unreadable"] >= 3


def test_the_command_line_on_dask_is_byte_identical(archive: Path, tmp_path: Path) -> None:
    one = runner.invoke(app, ["validate", str(archive), "--summary-json", str(tmp_path / "1.json")])
    two = runner.invoke(app, ["validate", "--engine", "dask", "--jobs", "2", str(archive),
                              "--summary-json", str(tmp_path / "2.json")])
    assert one.exit_code == two.exit_code == 2
    assert one.output == two.output and "By law:" in one.output
    assert (tmp_path / "1.json").read_text() == (tmp_path / "2.json").read_text()


def test_the_process_ends_at_once_after_dask_with_everything_out(archive: Path, tmp_path: Path) -> None:
    """The `ecarte` script ends the process without the interpreter's teardown after Dask
    (entry.run): every line, the summary and its file are out first, the status kept."""
    def run(*args: str) -> tuple[int, bytes, bytes]:
        done = subprocess.run([sys.executable, "-c", ENTRY, "validate", "--json", str(archive), *args],
                              capture_output=True, cwd=ROOT, timeout=120)
        return done.returncode, done.stdout, done.stderr
    one = run("--summary-json", str(tmp_path / "1.json"))
    two = run("--engine", "dask", "--jobs", "2", "--summary-json", str(tmp_path / "2.json"))
    assert one == two and one[0] == 2 and len(one[1].splitlines()) == 40
    assert (tmp_path / "1.json").read_text() == (tmp_path / "2.json").read_text()


def test_out_dir_one_file_a_partition(archive: Path, tmp_path: Path, client,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cluster, "PARTITION_BYTES", 8192)
    out = tmp_path / "out"
    cluster.make_folder(str(out))
    text, summary, partitions = _on_dask([str(archive)], client, out_dir=str(out))
    parts = sorted(out.iterdir())
    assert text == "" and len(parts) == partitions > 3
    assert "".join(p.read_text() for p in parts) == _one_job([str(archive)])[0]
    assert summary == _one_job([str(archive)])[1]


def test_summaries_merged_in_any_tree_are_one_pass() -> None:
    text, clean, problems, _ = render_batch(items([str(SCENARIOS / "laws"), str(SCENARIOS / "laws")]), as_json=True)
    objs = [json.loads(line) for line in text.splitlines()]
    rows = [(0, o["source"], ()) if o.get("ok") and not o["rulings"] else
            (2 if "errors" in o else 1, o["source"], tuple((r["law"], r["irregularity"]) for r in o.get("rulings", [])))
            for o in objs]
    whole = Summary.of(0, [r for r in rows if r[0]])
    for k in range(0, len(rows), 7):   # every seam, the same source on both sides of some
        left, right = rows[:k], rows[k:]
        parts = Summary.of(0, [r for r in left if r[0]]).then(Summary.of(0, [r for r in right if r[0]]))
        assert parts.to_json() == whole.to_json()
    tree = Tree()
    for r in rows:
        tree.add(Summary.of(0, [r] if r[0] else []))
    assert tree.total().to_json() == whole.to_json()


def test_a_worker_lost_mid_run_costs_nothing(archive: Path, tmp_path: Path, client,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cluster, "PARTITION_BYTES", 4096)
    flag = tmp_path / "killed"
    text, summary, _ = _on_dask([str(archive)], client, render=partial(killer, once=(str(flag), ":12")))
    assert flag.exists()   # a worker did die, checking line 12
    assert (text, summary) == _one_job([str(archive)])


def test_a_log_that_kills_every_worker_is_unreadable(archive: Path, client,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cluster, "PARTITION_BYTES", 4096)
    text, summary, _ = _on_dask([str(archive)], client, render=partial(killer, always=(":5",)))
    want = _one_job([str(archive)])[0].splitlines()
    got = text.splitlines()
    assert len(got) == len(want)
    for g, w in zip(got, want):
        source = json.loads(w)["source"]
        if source.endswith(":5"):
            assert json.loads(g)["errors"] == [f"{source}: the process checking it died "
                                               "(SIGKILL: killed, perhaps for want of memory)"]
        else:
            assert g == w
    assert summary["unreadable"] == _one_job([str(archive)])[1]["unreadable"] + 1


def test_bad_engine_options_exit_2(archive: Path) -> None:
    for args in (["--engine", "spark"], ["--scheduler", "tcp://x:1"], ["--out-dir", "/tmp/x"]):
        result = runner.invoke(app, ["validate", *args, str(archive)])
        assert result.exit_code == 2 and "Traceback" not in result.output
