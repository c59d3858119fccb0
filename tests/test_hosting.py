"""What the build writes for hosts: the headers file, and the service worker's own headers."""

import json
import re

from site_builder.build import build
from site_builder.hosting import HEADERS_FILE, ISOLATION_HEADERS


def header_rules(text):
    """{path pattern: {header: value}} from a `_headers` file, as Netlify reads it."""
    rules, current = {}, None
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            current = rules.setdefault(line.strip(), {})
        else:
            name, _, value = line.strip().partition(":")
            current[name.strip()] = value.strip()
    return rules


def test_the_headers_file_isolates_every_path(mini_course, tmp_path):
    build(mini_course, tmp_path / "dist")
    rules = header_rules((tmp_path / "dist" / HEADERS_FILE).read_text())
    assert rules == {"/*": {
        "Cross-Origin-Opener-Policy": "same-origin",
        "Cross-Origin-Embedder-Policy": "require-corp",
        "Cross-Origin-Resource-Policy": "same-origin",
    }}


def test_the_service_worker_adds_the_same_headers_and_never_asks_for_the_headers_file(mini_course, tmp_path):
    build(mini_course, tmp_path / "dist")
    worker = (tmp_path / "dist" / "sw.js").read_text()
    added = json.loads(re.search(r"const ISOLATION = (\{.*?\});", worker, re.S).group(1))
    assert added == ISOLATION_HEADERS
    listed = json.loads(re.search(r"const FILES = (\[.*?\]);", worker, re.S).group(1))
    assert "./" in listed and "404.html" in listed  # the list is the real one
    assert not [url for url in listed if url.endswith(HEADERS_FILE)]
