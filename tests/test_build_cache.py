"""What a build keeps for the next (site record, provider results, rendered documents, file
digests) must never serve a stale site: each kind of input, changed, changes the site."""

import hashlib
import json
import os
import shutil
import time
import zipfile
from pathlib import Path

import pytest

from site_builder.build import build
from site_builder.document_cache import PROCESS_DOCUMENTS
from site_builder.errors import CourseInvalid
from site_builder.file_digests import FileDigests
from site_builder.names_data import NamesUnavailable
from site_builder.provider_cache import ProviderCache
from site_builder.up_to_date import SiteRecord

PROJECT = Path(__file__).resolve().parent.parent
ADDING = "lessons/01-basics/adding.md"
PROBE = """\
import hashlib
import json
from pathlib import Path

from site_builder.names_data import course_names

ROOT = Path(__file__).resolve().parents[2]


def facts():
    checkpoint = ROOT / "course" / "checkpoint.json"
    return {"checkpoint": hashlib.sha256(checkpoint.read_bytes()).hexdigest()[:12], "names": len(course_names(ROOT))}
"""


def edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")


@pytest.fixture
def course(mini_course):
    """The mini course with the trained checkpoint and a provider that shows a digest of it."""
    shutil.copy(PROJECT / "course" / "checkpoint.json", mini_course / "course" / "checkpoint.json")
    (mini_course / "course" / "numbers" / "probe.py").write_text(PROBE, encoding="utf-8")
    edit(mini_course / ADDING, 'demo = "demo:sums"\n', 'demo = "demo:sums"\nprobe = "probe:facts"\n')
    edit(mini_course / ADDING, "Maths:", "Model {{ probe.checkpoint }}, {{ probe.names }} names. Maths:")
    return mini_course


@pytest.fixture
def out(tmp_path):
    return tmp_path / "dist"


@pytest.fixture
def builder_file():
    """Edit one of the builder's own files (a template, a static file) for one test, then put it back."""
    saved = {}

    def change(relative, rewrite):
        path = PROJECT / relative
        saved.setdefault(path, path.read_bytes())
        path.write_text(rewrite(path.read_text(encoding="utf-8")), encoding="utf-8")

    yield change
    for path, content in saved.items():
        path.write_bytes(content)


def page(out, path="01-basics/adding/index.html"):
    return (out / path).read_text(encoding="utf-8")


def wheel_file(out, name):
    with zipfile.ZipFile(next((out / "pyodide").glob("labkit-*.whl"))) as wheel:
        return wheel.read(name).decode("utf-8")


def test_an_unchanged_course_is_not_built_again(course, out):
    assert build(course, out) is not None
    assert build(course, out) is None  # what makes the tests below able to fail
    (out / "index.html").write_text("touched", encoding="utf-8")
    assert build(course, out) is not None, "a site whose files were touched must be built again"
    assert "touched" not in page(out, "index.html")


def test_a_lesson_edit_changes_its_page_and_reuses_the_others(course, out):
    build(course, out)
    averages = PROCESS_DOCUMENTS.kept["01-basics/averages"]
    edit(course / ADDING, "Maths:", "Some maths:")
    build(course, out)
    assert "Some maths:" in page(out)
    assert PROCESS_DOCUMENTS.kept["01-basics/averages"] is averages, "the lesson not edited was rendered again"
    assert "Some maths:" not in page(out, "01-basics/averages/index.html")
    assert len(list(PROCESS_DOCUMENTS.folder.glob("01-basics__adding--*.json"))) == 1, "each save must not leave a version on disk"


def test_a_lesson_title_edit_reaches_every_page_that_lists_it(course, out):
    build(course, out)
    listing = [path.relative_to(out).as_posix() for path in out.rglob("*.html") if ">Adding<" in path.read_text(encoding="utf-8")]
    assert {"index.html", "01-basics/index.html", "01-basics/averages/index.html"} <= set(listing)
    edit(course / ADDING, 'title = "Adding"', 'title = "Adding up"')
    build(course, out)
    for path in listing:
        assert ">Adding up<" in page(out, path), path


def test_documents_read_back_from_disk_make_the_same_site(course, out, tmp_path, monkeypatch):
    from site_builder import build as build_module
    from site_builder.document_cache import DocumentCache

    monkeypatch.setattr(build_module, "PROCESS_DOCUMENTS", DocumentCache(tmp_path / "cache"))
    build(course, out)
    monkeypatch.setattr(build_module, "PROCESS_DOCUMENTS", DocumentCache(tmp_path / "cache"))  # as a new process has it

    def not_again(document, context):
        raise AssertionError(f"{document.id} was rendered again, not read back from the disk")

    monkeypatch.setattr(build_module, "render_document", not_again)
    again = tmp_path / "again"
    build(course, again)
    for path in ["index.html", "01-basics/adding/index.html", "01-basics/averages/index.html", "glossary/index.html"]:
        assert page(again, path) == page(out, path), path


def test_a_lab_checks_edit_reaches_the_wheel(course, out):
    build(course, out)
    edit(course / "labs/01-basics/add/checks.py", "Use the + operator.", "Use the plus operator.")
    build(course, out)
    assert "Use the plus operator." in wheel_file(out, "labkit/labs/01-basics__add/checks.py")


def test_a_wrong_answer_added_to_a_lab_is_verified(course, out):
    build(course, out)
    (course / "labs/01-basics/add/wrong/adds.py").write_text("# expect: product\ndef add(a, b):\n    return a + b\n", encoding="utf-8")
    with pytest.raises(CourseInvalid, match="labs/01-basics/add/wrong/adds.py:1: this wrong answer passes every check"):
        build(course, out)


def test_a_provider_edit_changes_the_numbers(course, out):
    build(course, out)
    assert "[1.0, 1.5]" in page(out)
    edit(course / "course/numbers/demo.py", "[a / 2, b / 2]", "[a / 4, b / 4]")
    build(course, out)
    assert "[0.5, 0.8]" in page(out)


def test_a_checkpoint_edit_changes_what_providers_read(course, out):
    build(course, out)
    checkpoint = course / "course" / "checkpoint.json"
    before = hashlib.sha256(checkpoint.read_bytes()).hexdigest()[:12]
    assert f"Model {before}, 32033 names." in page(out)
    checkpoint.write_bytes(checkpoint.read_bytes() + b"\n")  # the same model, other bytes
    build(course, out)
    after = hashlib.sha256(checkpoint.read_bytes()).hexdigest()[:12]
    assert f"Model {after}, 32033 names." in page(out)


def test_a_template_edit_changes_every_page_it_draws(course, out, builder_file):
    build(course, out)
    builder_file("site_builder/templates/404.html", lambda text: text.replace("{% block content %}", "{% block content %}<!-- cache test -->", 1))
    build(course, out)
    assert "<!-- cache test -->" in page(out, "404.html")


def test_a_static_file_edit_is_published(course, out, builder_file):
    build(course, out)
    builder_file("static/css/glossary.css", lambda text: text + "\n/* cache test */\n")
    build(course, out)
    assert "/* cache test */" in (out / "static/css/glossary.css").read_text(encoding="utf-8")


def test_names_data_is_an_input_of_every_kept_result(course, tmp_path, monkeypatch):
    names = tmp_path / "names.txt"
    names.write_text("emma\nolivia\n", encoding="utf-8")
    monkeypatch.setenv("NAMES_TXT", str(names))
    cache = ProviderCache(tmp_path / "cache")
    record = SiteRecord(course, tmp_path / "dist", cache_dir=tmp_path / "cache")
    before = cache.inputs(course), record.inputs()
    names.write_text("emma\nolivia\nava\n", encoding="utf-8")
    assert cache.inputs(course) != before[0]
    assert record.inputs() != before[1]


def test_a_names_file_that_is_not_makemores_is_refused_after_a_good_build(course, out, tmp_path, monkeypatch):
    build(course, out)
    wrong = tmp_path / "names.txt"
    wrong.write_text(Path(os.environ["NAMES_TXT"]).read_text(encoding="utf-8").replace("emma\n", "emma\nzed\n", 1), encoding="utf-8")
    monkeypatch.setenv("NAMES_TXT", str(wrong))
    with pytest.raises(NamesUnavailable, match="is not makemore's names.txt"):
        build(course, out)


@pytest.mark.parametrize(
    "broken, where",
    [
        ((ADDING, "{{ demo.total }}", "{{ demo.totl }}"), f"{ADDING}:13: "),
        (("course/numbers/demo.py", "a, b = 2, 3", "a, b = 2, 3 / 0"), "course/numbers/demo.py:2: "),
        (("labs/01-basics/add/solution.py", "return a + b", "return a * b"), "labs/01-basics/add/solution.py"),
    ],
    ids=["lesson", "provider", "lab"],
)
def test_a_broken_input_is_refused_at_its_line_after_a_good_build(broken, where, course, out):
    build(course, out)
    good = page(out)
    edit(course / broken[0], broken[1], broken[2])
    with pytest.raises(CourseInvalid) as refused:
        build(course, out)
    assert where in str(refused.value), str(refused.value)
    assert page(out) == good  # the previous site stands
    edit(course / broken[0], broken[2], broken[1])
    assert build(course, out) is None, "the site built from these very inputs still stands"


def test_a_file_rewritten_within_the_same_clock_tick_is_hashed_again(tmp_path):
    path = tmp_path / "lesson.md"
    path.write_text("one", encoding="utf-8")
    digests = FileDigests(tmp_path / "digests.json")
    first = digests.of(path)
    stat = path.stat()
    path.write_text("two", encoding="utf-8")  # same size; the same time of change, as a coarse clock would stamp it
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    digests.save()
    assert FileDigests(tmp_path / "digests.json").of(path) == hashlib.sha256(b"two").hexdigest() != first


def test_digests_of_files_long_unchanged_are_reused_without_reading_them(tmp_path, monkeypatch):
    path = tmp_path / "old.md"
    path.write_text("old", encoding="utf-8")
    os.utime(path, ns=(0, 0))  # changed long before its digest is taken
    digests = FileDigests(tmp_path / "digests.json")
    digests.of(path)
    digests.save()

    def unreadable(self):
        raise AssertionError(f"{self} was read again")

    monkeypatch.setattr(Path, "read_bytes", unreadable)
    assert FileDigests(tmp_path / "digests.json").of(path) == hashlib.sha256(b"old").hexdigest()


def test_the_record_says_nothing_without_a_cache(course, tmp_path):
    assert SiteRecord(course, tmp_path / "dist", cache_dir=None).inputs() is None
    assert ProviderCache(None).get(None, "demo:sums") is None


def test_records_of_deleted_sites_and_files_are_dropped(tmp_path):
    from site_builder.up_to_date import forget_missing_sites

    sites = tmp_path / "sites"
    sites.mkdir()
    (tmp_path / "kept").mkdir()
    (sites / "kept.json").write_text(json.dumps({"out": str(tmp_path / "kept")}), encoding="utf-8")
    for index in range(3):
        (sites / f"gone-{index}.json").write_text(json.dumps({"out": str(tmp_path / f"gone-{index}")}), encoding="utf-8")
    forget_missing_sites(sites, keep=10)
    assert len(list(sites.iterdir())) == 4, "under the limit, nothing is read or dropped"
    forget_missing_sites(sites, keep=2)
    assert [path.name for path in sites.iterdir()] == ["kept.json"]

    gone, here = tmp_path / "gone.md", tmp_path / "here.md"
    gone.write_text("gone", encoding="utf-8")
    here.write_text("here", encoding="utf-8")
    for path in (gone, here):  # long unchanged: a file changed just now is not worth recording
        os.utime(path, (time.time() - 60, time.time() - 60))
    digests = FileDigests(tmp_path / "digests.json")
    digests.of(gone)
    digests.save()
    gone.unlink()
    later = FileDigests(tmp_path / "digests.json")
    later.of(here)
    later.save()
    assert list(json.loads((tmp_path / "digests.json").read_text(encoding="utf-8"))) == [str(here)]


def test_a_file_changed_just_now_is_not_recorded_as_it_would_be_hashed_again(tmp_path):
    saved = tmp_path / "digests.json"
    fresh, old = tmp_path / "fresh.md", tmp_path / "old.md"
    fresh.write_text("just saved", encoding="utf-8")
    old.write_text("long unchanged", encoding="utf-8")
    os.utime(old, (time.time() - 60, time.time() - 60))
    digests = FileDigests(saved)
    digests.of(fresh)
    digests.save()
    assert not saved.exists(), "a rewrite of the record for nothing"
    digests.of(old)
    digests.save()
    assert set(json.loads(saved.read_text(encoding="utf-8"))) == {str(fresh), str(old)}


def test_a_live_rebuild_records_its_site_in_the_background_and_is_then_up_to_date(course, out):
    from site_builder.up_to_date import settle_records

    assert build(course, out, live_reload=True) is not None
    settle_records()  # taken once the search index is in the site: the index does not make it stale
    assert build(course, out, live_reload=True) is None, "the record taken in the background was not kept"
    edit(course / ADDING, "Maths:", "Live maths:")
    assert build(course, out, live_reload=True) is not None
    assert "Live maths:" in page(out)


def test_a_record_taken_after_another_site_was_swapped_in_is_dropped(course, out):
    from site_builder import up_to_date

    build(course, out)
    record = SiteRecord(course, out, cache_dir=PROJECT / ".cache" / "build")
    record.file.unlink()
    with up_to_date._SWAPS:  # the record's thread waits here while another build swaps its site in
        record.remember_later(record.inputs())
        up_to_date._swap_counts[str(out.resolve())] = up_to_date._swap_counts.get(str(out.resolve()), 0) + 1
    up_to_date.settle_records()
    assert not record.file.exists(), "a record of another build's site was written"
    record.remember_later(record.inputs())
    up_to_date.settle_records()
    assert record.is_current(record.inputs())
