"""Pack the in-browser Python as one wheel: the checker (labkit) with every lab's checks and
answers, and the course's own microgpt with its trained checkpoint (for the heatmaps)."""

import base64
import hashlib
import json
import zipfile
from pathlib import Path

import labkit
import microgpt

DISTRIBUTION = "labkit"
BASE_VERSION = "1.0"
CHECKPOINT_IN_WHEEL = "labkit/data/checkpoint.json"
_FIXED_TIME = (2020, 1, 1, 0, 0, 0)  # so the same inputs give the same bytes (and hash)


def wheel_files(verified_labs, checkpoint=None):
    """{path inside the wheel: bytes} for the checker, every verified lab and the model."""
    files = {}
    for package in (labkit, microgpt):
        folder = Path(package.__file__).parent
        for path in sorted(folder.glob("*.py")):
            files[f"{package.__name__}/{path.name}"] = path.read_bytes()
    if checkpoint is not None:
        files[CHECKPOINT_IN_WHEEL] = Path(checkpoint).read_bytes()
    index = {}
    for lab_id, verified in sorted(verified_labs.items()):
        folder = lab_id.replace("/", "__")
        index[lab_id] = folder
        lab = verified.lab
        meta = {"id": lab_id, "title": lab.title, "functions": list(lab.functions), "time_limit": lab.time_limit, "model_hook": lab.model_hook, "expected": verified.expected}
        files[f"labkit/labs/{folder}/checks.py"] = lab.checks_source.encode("utf-8")
        files[f"labkit/labs/{folder}/lab.json"] = json.dumps(meta, sort_keys=True).encode("utf-8")
    files["labkit/labs/index.json"] = json.dumps(index, sort_keys=True).encode("utf-8")
    return files


def write_wheel(verified_labs, out_dir, checkpoint=None):
    """Write the wheel into `out_dir`; its version carries a content hash so browsers never mix builds."""
    files = wheel_files(verified_labs, checkpoint)
    digest = hashlib.sha256()
    for name, data in sorted(files.items()):
        digest.update(name.encode() + b"\0" + data)
    version = f"{BASE_VERSION}+{digest.hexdigest()[:12]}"
    info = f"{DISTRIBUTION}-{version}.dist-info"
    files[f"{info}/METADATA"] = f"Metadata-Version: 2.1\nName: {DISTRIBUTION}\nVersion: {version}\nSummary: Zero to microGPT lab checker\n".encode()
    files[f"{info}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: site_builder\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    files[f"{info}/top_level.txt"] = b"labkit\nmicrogpt\n"
    record = [f"{name},sha256={_urlsafe_hash(data)},{len(data)}" for name, data in sorted(files.items())]
    files[f"{info}/RECORD"] = ("\n".join(record + [f"{info}/RECORD,,"]) + "\n").encode()
    path = Path(out_dir) / f"{DISTRIBUTION}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in sorted(files.items()):
            entry = zipfile.ZipInfo(name, date_time=_FIXED_TIME)
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, data, compress_type=zipfile.ZIP_DEFLATED)
    return path


def _urlsafe_hash(data):
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
