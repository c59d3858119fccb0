"""`course serve`: a local server with the headers Pyodide needs, rebuilding on change."""

import functools
import http.server
import logging
import mimetypes
import threading
import time
from pathlib import Path

import click

from site_builder.build import build

log = logging.getLogger(__name__)
LIVE_RELOAD_PATH = "/__livereload"
WATCHED = ("course", "lessons", "labs", "static", "labkit", "site_builder/templates")
# Cross-origin isolation lets Stop interrupt Python instead of restarting it.
ISOLATION_HEADERS = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
    "Cross-Origin-Resource-Policy": "same-origin",
}

mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("application/wasm", ".wasm")


class Reloads:
    """Counts builds; each open page waits on it and reloads when it changes."""

    def __init__(self):
        self.generation = 0
        self.changed = threading.Condition()

    def bump(self):
        with self.changed:
            self.generation += 1
            self.changed.notify_all()

    def wait_after(self, generation, timeout):
        with self.changed:
            self.changed.wait_for(lambda: self.generation != generation, timeout=timeout)
            return self.generation


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    reloads = None
    isolated = True  # tests turn it off to play a host that cannot send these headers

    def end_headers(self):
        if self.isolated:
            for name, value in ISOLATION_HEADERS.items():
                self.send_header(name, value)
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def do_GET(self):
        if self.path == LIVE_RELOAD_PATH:
            return self.stream_reloads()
        if not Path(self.translate_path(self.path)).exists():
            return self.not_found()
        # Always the whole file: Last-Modified counts whole seconds, so a rebuild within the
        # second of the last one would get "304 Not Modified" and the page would reload stale.
        del self.headers["If-Modified-Since"]
        return super().do_GET()

    def copyfile(self, source, outputfile):
        try:
            super().copyfile(source, outputfile)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the page went away mid-file (closed, reloaded): nothing to report

    def not_found(self):
        page = Path(self.directory) / "404.html"
        body = page.read_bytes() if page.is_file() else b"Not found"
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def stream_reloads(self):
        """Server-sent events: one "reload" message each time a rebuild lands."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        seen = self.reloads.generation
        try:
            while True:
                now = self.reloads.wait_after(seen, timeout=15)
                message = b"data: reload\n\n" if now != seen else b": keep-alive\n\n"
                seen = now
                self.wfile.write(message)
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass

    def log_message(self, format, *args):
        log.debug(format, *args)


def make_server(out, host, port, reloads, isolated=True):
    handler_class = type("Handler", (SiteHandler,), {"reloads": reloads, "isolated": isolated})
    handler = functools.partial(handler_class, directory=str(out))
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def watch_and_rebuild(root, out, reloads):
    from watchfiles import watch

    paths = [root / name for name in WATCHED if (root / name).exists()]
    for changes in watch(*paths, debounce=150, step=50):
        started = time.perf_counter()
        try:
            build(root, out, live_reload=True)
        except click.ClickException as error:
            click.echo(click.style(error.format_message(), fg="red"), err=True)
            continue
        click.echo(f"Rebuilt in {time.perf_counter() - started:.2f} s ({len(changes)} change{'s' if len(changes) != 1 else ''})")
        reloads.bump()


def serve(root, out, host, port, watch=True):
    root, out = Path(root), Path(out)
    build(root, out, live_reload=watch)
    reloads = Reloads()
    server = make_server(out, host, port, reloads)
    if watch:
        threading.Thread(target=watch_and_rebuild, args=(root, out, reloads), daemon=True).start()
    click.echo(f"Serving the course on http://{host}:{port}/ (Ctrl+C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
