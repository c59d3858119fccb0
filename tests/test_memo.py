"""The memo's results on disk: one log per namespace, read back by a later process."""

import json

import pytest

from site_builder import memo as memo_module
from site_builder.memo import MISSING, Memo


def test_a_saved_result_is_found_by_a_later_process(tmp_path):
    first = Memo(disk=tmp_path)
    assert first.get("markdown", ["a"], lambda: "<p>a</p>", persist=True) == "<p>a</p>"
    assert Memo(disk=tmp_path).kept("markdown", ["a"], persist=True) is MISSING  # not saved yet
    first.save()
    later = Memo(disk=tmp_path)
    assert later.get("markdown", ["a"], lambda: pytest.fail("computed again"), persist=True) == "<p>a</p>"
    assert later.kept("markdown", ["b"], persist=True) is MISSING


def test_one_file_per_namespace_however_many_results(tmp_path):
    memo = Memo(disk=tmp_path)
    for number in range(300):
        memo.put("markdown", [str(number)], {"html": number}, persist=True)
    memo.put("page-links", ["x"], ["/a/"], persist=True)
    memo.save()
    memo.put("markdown", ["one more"], 1, persist=True)
    memo.save()
    assert sorted(path.name for path in tmp_path.iterdir()) == ["markdown.jsonl", "page-links.jsonl"]
    later = Memo(disk=tmp_path)
    assert [later.kept("markdown", [str(number)], persist=True) for number in (0, 299)] == [{"html": 0}, {"html": 299}]
    assert later.kept("markdown", ["one more"], persist=True) == 1


def test_results_not_persisted_stay_in_memory(tmp_path):
    memo = Memo(disk=tmp_path)
    memo.put("markdown", ["a"], 1)
    memo.save()
    assert list(tmp_path.iterdir()) == []
    assert memo.kept("markdown", ["a"]) == 1


def test_a_line_cut_short_is_skipped_and_the_rest_read(tmp_path):
    memo = Memo(disk=tmp_path)
    memo.put("markdown", ["a"], "A", persist=True)
    memo.put("markdown", ["b"], "B", persist=True)
    memo.save()
    log = tmp_path / "markdown.jsonl"
    log.write_text(log.read_text() + '["cut', encoding="utf-8")  # a build stopped while it wrote
    later = Memo(disk=tmp_path)
    assert [later.kept("markdown", [name], persist=True) for name in "ab"] == ["A", "B"]
    later.put("markdown", ["c"], "C", persist=True)
    later.save()
    assert Memo(disk=tmp_path).kept("markdown", ["b"], persist=True) == "B"


def test_two_processes_saving_keep_both_their_results(tmp_path):
    one, other = Memo(disk=tmp_path), Memo(disk=tmp_path)
    one.put("markdown", ["a"], "A", persist=True)
    other.put("markdown", ["b"], "B", persist=True)
    one.save()
    other.save()
    later = Memo(disk=tmp_path)
    assert [later.kept("markdown", [name], persist=True) for name in "ab"] == ["A", "B"]


def test_the_later_line_for_the_same_inputs_wins(tmp_path):
    (tmp_path / "markdown.jsonl").write_text(
        "".join(json.dumps([memo_module.digest(["a"]), value]) + "\n" for value in ("old", "new")), encoding="utf-8"
    )
    assert Memo(disk=tmp_path).kept("markdown", ["a"], persist=True) == "new"


def test_a_long_log_is_written_again_with_the_results_used_last(tmp_path, monkeypatch):
    monkeypatch.setattr(memo_module, "LONGEST_LOG", 10)
    memo = Memo(disk=tmp_path)
    for number in range(8):
        memo.put("markdown", [str(number)], number, persist=True)
    memo.save()
    later = Memo(disk=tmp_path)
    assert later.kept("markdown", ["0"], persist=True) == 0  # used: it moves to the newest end
    for number in range(8, 12):
        later.put("markdown", [str(number)], number, persist=True)
    later.save()  # 8 lines + 4 > 10: written again with the newest 5
    log = tmp_path / "markdown.jsonl"
    assert len(log.read_text().splitlines()) == 5
    kept = Memo(disk=tmp_path)
    found = [number for number in range(12) if kept.kept("markdown", [str(number)], persist=True) is not MISSING]
    assert found == [0, 8, 9, 10, 11]


def test_a_disk_that_refuses_is_only_a_cache_lost(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    memo = Memo(disk=blocked / "memo")
    memo.put("markdown", ["a"], "A", persist=True)
    memo.save()  # no error: the next build computes it again
    assert memo.kept("markdown", ["a"], persist=True) == "A"


def test_the_folder_of_files_an_earlier_build_kept_is_cleared_away(tmp_path):
    legacy = tmp_path / "markdown"
    legacy.mkdir()
    (legacy / "0123.json").write_text('"<p>old</p>"', encoding="utf-8")
    memo = Memo(disk=tmp_path)
    assert memo.kept("markdown", ["a"], persist=True) is MISSING
    assert not legacy.exists()
