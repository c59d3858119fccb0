"""Pack the in-browser Python as one wheel: the checker (labkit) with every lab's checks and
answers, the course's own microgpt with its trained checkpoint (for the heatmaps), and, when a
lab samples names from the real data, makemore's names.txt (public, and compressed in the wheel)."""

import base64
import hashlib
import json
import os
import zipfile
from pathlib import Path

import labkit
import microgpt
from labkit import protocol

DISTRIBUTION = "labkit"
BASE_VERSION = "1.0"
_FIXED_TIME = (2020, 1, 1, 0, 0, 0)  # so the same inputs give the same bytes (and hash)


def wheel_files(verified_labs, checkpoint=None, names=None):
    """{path inside the wheel: bytes} for the checker, every verified lab, the model and the names.

    Where each file goes is labkit.protocol's to say: labkit reads them from there.
    """
    files = {}
    for package in (labkit, microgpt):
        folder = Path(package.__file__).parent
        for path in sorted(folder.glob("*.py")):
            files[f"{package.__name__}/{path.name}"] = path.read_bytes()
    if checkpoint is not None:
        files[protocol.in_wheel(protocol.CHECKPOINT)] = Path(checkpoint).read_bytes()
    if names is not None:
        files[protocol.in_wheel(protocol.NAMES)] = Path(names).read_bytes()
    index = {}
    for lab_id, verified in sorted(verified_labs.items()):
        index[lab_id] = protocol.lab_folder(lab_id)
        lab = verified.lab
        meta = protocol.lab_meta_json(
            id=lab_id, title=lab.title, functions=list(lab.functions), time_limit=lab.time_limit,
            model_hook=lab.model_hook, expected=verified.expected,
        )
        files[protocol.in_wheel(protocol.lab_file(lab_id, protocol.LAB_CHECKS))] = lab.checks_source.encode("utf-8")
        files[protocol.in_wheel(protocol.lab_file(lab_id, protocol.LAB_META))] = meta.encode("utf-8")
    files[protocol.in_wheel(protocol.LAB_INDEX_PATH)] = json.dumps(index, sort_keys=True).encode("utf-8")
    return files


# Stored, not deflated: the page reads the files straight out of the wheel (wheel-files.js),
# with no inflating in the worker, and the server's Brotli or gzip copy of the whole wheel
# (site_builder/precompress.py) is smaller on the wire than a wheel deflated file by file.
PACKING = b"stored\0"


def write_wheel(verified_labs, out_dir, checkpoint=None, names=None, reuse=False):
    """Write the wheel into `out_dir`; its version carries a content hash so browsers never mix builds.

    With `reuse`, a wheel of that name already in `out_dir` (a cache) is the same bytes: it is
    returned as it is instead of compressing everything again.
    """
    files = wheel_files(verified_labs, checkpoint, names)
    digest = hashlib.sha256(PACKING)  # a wheel packed another way is another file
    for name, data in sorted(files.items()):
        digest.update(name.encode() + b"\0" + data)
    version = f"{BASE_VERSION}+{digest.hexdigest()[:12]}"
    path = Path(out_dir) / f"{DISTRIBUTION}-{version}-py3-none-any.whl"
    if reuse and path.is_file():
        return path
    info = f"{DISTRIBUTION}-{version}.dist-info"
    files[f"{info}/METADATA"] = f"Metadata-Version: 2.1\nName: {DISTRIBUTION}\nVersion: {version}\nSummary: Zero to microGPT lab checker\n".encode()
    files[f"{info}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: site_builder\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    files[f"{info}/top_level.txt"] = b"labkit\nmicrogpt\n"
    record = [f"{name},sha256={_urlsafe_hash(data)},{len(data)}" for name, data in sorted(files.items())]
    files[f"{info}/RECORD"] = ("\n".join(record + [f"{info}/RECORD,,"]) + "\n").encode()
    Path(out_dir).mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(f".{os.getpid()}.tmp")
    with zipfile.ZipFile(temporary, "w", compression=zipfile.ZIP_STORED) as archive:
        for name, data in sorted(files.items()):
            entry = zipfile.ZipInfo(name, date_time=_FIXED_TIME)
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, data, compress_type=zipfile.ZIP_STORED)
    temporary.replace(path)  # a reused wheel is never half written
    return path


def _urlsafe_hash(data):
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
