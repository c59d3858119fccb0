import zipfile

from site_builder.bundle import write_wheel
from site_builder.errors import Problems
from site_builder.loader import load_course
from site_builder.verify import verify_labs


def verified(root):
    return verify_labs(load_course(root).labs, Problems(root))


def test_same_course_gives_the_same_wheel(mini_course, tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = write_wheel(verified(mini_course), tmp_path / "a")
    second = write_wheel(verified(mini_course), tmp_path / "b")
    assert first.name == second.name
    assert first.read_bytes() == second.read_bytes()


def test_a_changed_check_changes_the_version(mini_course, tmp_path):
    before = write_wheel(verified(mini_course), tmp_path).name
    checks = mini_course / "labs/01-basics/add/checks.py"
    checks.write_text(checks.read_text().replace("Use the + operator.", "Use +."))
    after = write_wheel(verified(mini_course), tmp_path).name
    assert before != after


def test_wheel_record_lists_every_file(mini_course, tmp_path):
    wheel = write_wheel(verified(mini_course), tmp_path)
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        record_name = next(n for n in names if n.endswith("/RECORD"))
        recorded = {line.split(",")[0] for line in archive.read(record_name).decode().splitlines()}
    assert recorded == names
