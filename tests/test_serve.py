import threading
import urllib.error
import urllib.request

import pytest

from site_builder.serve import Reloads, make_server


@pytest.fixture
def site(tmp_path):
    (tmp_path / "index.html").write_text("home")
    (tmp_path / "404.html").write_text("missing page")
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0asm")
    (tmp_path / "pyodide" / "pyodide.mjs").write_text("export {}")
    return tmp_path


def start(site, isolated=True):
    server = make_server(site, "127.0.0.1", 0, Reloads(), isolated=isolated)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def test_pages_are_cross_origin_isolated_and_typed(site):
    server, url = start(site)
    try:
        with urllib.request.urlopen(url) as response:
            assert response.headers["Cross-Origin-Opener-Policy"] == "same-origin"
            assert response.headers["Cross-Origin-Embedder-Policy"] == "require-corp"
        with urllib.request.urlopen(url + "pyodide/pyodide.asm.wasm") as response:
            assert response.headers["Content-Type"] == "application/wasm"
        with urllib.request.urlopen(url + "pyodide/pyodide.mjs") as response:
            assert response.headers["Content-Type"] == "text/javascript"
    finally:
        server.shutdown()


def test_missing_pages_get_the_404_page(site):
    server, url = start(site)
    try:
        with pytest.raises(urllib.error.HTTPError) as caught:
            urllib.request.urlopen(url + "nowhere/")
        assert caught.value.code == 404
        assert caught.value.read() == b"missing page"
    finally:
        server.shutdown()


def test_a_page_rebuilt_within_the_same_second_is_sent_again_not_304(site):
    # The browser asks "changed since <Last-Modified>?", which counts whole seconds; a rebuild
    # a moment later has the same second, so a 304 would reload the old page.
    server, url = start(site)
    try:
        with urllib.request.urlopen(url) as response:
            last_modified = response.headers["Last-Modified"]
        (site / "index.html").write_text("home, rebuilt")
        request = urllib.request.Request(url, headers={"If-Modified-Since": last_modified})
        with urllib.request.urlopen(request) as response:
            assert response.status == 200
            assert response.read() == b"home, rebuilt"
    finally:
        server.shutdown()


def test_a_plain_host_sends_no_isolation_headers(site):
    server, url = start(site, isolated=False)
    try:
        with urllib.request.urlopen(url) as response:
            assert response.headers["Cross-Origin-Opener-Policy"] is None
    finally:
        server.shutdown()


def test_reloads_wake_waiting_pages():
    reloads = Reloads()
    seen = []
    waiter = threading.Thread(target=lambda: seen.append(reloads.wait_after(0, timeout=5)))
    waiter.start()
    reloads.bump()
    waiter.join(timeout=5)
    assert seen == [1]
