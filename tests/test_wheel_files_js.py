"""static/js/wheel-files.js, which reads the checker's files out of its wheel in the worker,
run in Node (which has the browser's DecompressionStream): every file of a wheel the build
writes comes out byte for byte as Python's zipfile reads it, a deflated zip too, and a
damaged or hostile one is refused with a message.
"""

import base64
import json
import shutil
import subprocess
import zipfile

import pytest

from site_builder.bundle import write_wheel
from tests.conftest import PROJECT

MODULE = PROJECT / "static" / "js" / "wheel-files.js"

# Prints {path: base64 of the bytes} for the zip at argv[2], or {"error": message}.
READ = """
const [{ wheelFiles }, { readFileSync }] = await Promise.all([import(process.argv[1]), import("node:fs")]);
try {
  const files = await wheelFiles(readFileSync(process.argv[2]));
  console.log(JSON.stringify(Object.fromEntries(files.map(({ path, bytes }) => [path, Buffer.from(bytes).toString("base64")]))));
} catch (error) {
  console.log(JSON.stringify({ error: String(error.message) }));
}
"""


def read_in_node(path):
    node = shutil.which("node")
    assert node, "Node.js is needed to run the page's module"
    done = subprocess.run([node, "--input-type=module", "-e", READ, MODULE.as_uri(), str(path)], capture_output=True, text=True, check=True)
    found = json.loads(done.stdout)
    if "error" in found:
        return found["error"]
    return {name: base64.b64decode(data) for name, data in found.items()}


def as_python_reads_it(path):
    with zipfile.ZipFile(path) as archive:
        return {entry.filename: archive.read(entry) for entry in archive.infolist() if not entry.is_dir()}


def test_every_file_of_the_checkers_wheel_comes_out_as_zipfile_reads_it(tmp_path):
    wheel = write_wheel({}, tmp_path, checkpoint=PROJECT / "course" / "checkpoint.json")
    with zipfile.ZipFile(wheel) as archive:
        assert {entry.compress_type for entry in archive.infolist()} == {zipfile.ZIP_STORED}
    files = read_in_node(wheel)
    assert files == as_python_reads_it(wheel)
    assert "labkit/entry.py" in files and len(files) > 20


def test_a_deflated_zip_with_folders_and_a_comment_is_read_too(tmp_path):
    path = tmp_path / "deflated.whl"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("pkg/", b"")
        archive.writestr("pkg/big.txt", b"repeat me " * 5000)
        archive.writestr("pkg/empty.py", b"")
        archive.writestr("pkg/bytes.bin", bytes(range(256)), compress_type=zipfile.ZIP_STORED)
        archive.comment = b"a comment after the directory"
    assert read_in_node(path) == as_python_reads_it(path)


@pytest.mark.parametrize(
    "damage, message",
    [
        (lambda data: b"not a zip at all" * 4, "no zip file"),
        (lambda data: data.replace(b"PK\x01\x02", b"PK\x09\x09", 1), "damaged (its list of files)"),
        (lambda data: data.replace(b"PK\x03\x04", b"PK\x09\x09", 1), "damaged (pkg/one.py)"),
    ],
    ids=["not a zip", "directory broken", "file header broken"],
)
def test_a_damaged_wheel_is_refused_with_a_message(tmp_path, damage, message):
    path = tmp_path / "good.whl"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("pkg/one.py", b"x = 1\n")
    path.write_bytes(damage(path.read_bytes()))
    assert message in read_in_node(path)


def test_a_file_named_outside_the_wheel_is_refused(tmp_path):
    path = tmp_path / "escape.whl"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("pkg/../../etc/evil.py", b"")
    assert read_in_node(path) == "the checker's wheel names a file outside it (pkg/../../etc/evil.py)"


def test_a_way_of_packing_the_page_cannot_read_is_named(tmp_path):
    path = tmp_path / "bzip.whl"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_BZIP2) as archive:
        archive.writestr("pkg/one.py", b"x = 1\n")
    assert read_in_node(path) == "the checker's wheel packs pkg/one.py in a way this page cannot read (method 12)"
