import json
import zipfile
from pathlib import Path

import pytest

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


def test_labkit_reads_the_labs_where_the_builder_writes_them(mini_course, tmp_path, monkeypatch):
    """One layout (labkit.protocol) for both sides: unpack the wheel and read it as the browser does."""
    from labkit import bundled, protocol, realmodel

    checkpoint = tmp_path / "checkpoint.json"
    checkpoint.write_text("{}")
    with zipfile.ZipFile(write_wheel(verified(mini_course), tmp_path, checkpoint)) as archive:
        archive.extractall(tmp_path / "site-packages")
    package = tmp_path / "site-packages" / "labkit"
    monkeypatch.setattr(bundled, "BUNDLED_LABS", package / protocol.LABS_DIR)
    bundle = bundled.lab_bundle("01-basics/add")
    assert bundle.expected == [5, -3] and bundle.functions == ["add"]
    assert bundle.checks_source == (mini_course / "labs/01-basics/add/checks.py").read_text()
    assert bundled.lab_meta("01-basics/add")["model_hook"] is None
    assert (package / realmodel.CHECKPOINT.relative_to(Path(realmodel.__file__).parent)).read_text() == "{}"


def test_lab_json_takes_every_field_and_no_other():
    from labkit.protocol import LAB_META_FIELDS, lab_meta_json

    fields = dict.fromkeys(LAB_META_FIELDS)
    assert json.loads(lab_meta_json(**fields)) == fields
    with pytest.raises(TypeError, match="lab.json takes exactly"):
        lab_meta_json(**{**fields, "hint": "typo"})
    with pytest.raises(TypeError, match="lab.json takes exactly"):
        lab_meta_json(**{key: None for key in LAB_META_FIELDS if key != "expected"})
