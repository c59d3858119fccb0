"""`course serve`: a local server with the headers Pyodide needs, rebuilding on change.

Open pages follow the builds: one that lands reloads them, one that fails shows its
problems in them (static/js/livereload.js) until a save fixes it.
"""

import functools
import http.server
import json
import logging
import mimetypes
import threading
import time
import traceback
from pathlib import Path

import click

from site_builder.build import build
from site_builder.errors import CourseInvalid, exception_text
from site_builder.hosting import ISOLATION_HEADERS

log = logging.getLogger(__name__)
LIVE_RELOAD_PATH = "/__livereload"
# What a save can change: the course's own folders, and the builder's files that every site carries.
COURSE_SOURCES = ("course", "lessons", "labs", "pages")
BUILDER_SOURCES = ("static", "labkit", "site_builder/templates")
PROJECT_ROOT = Path(__file__).resolve().parent.parent
# Cross-origin isolation lets Stop interrupt Python instead of restarting it.

mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("application/wasm", ".wasm")


class Reloads:
    """The outcome of the latest build, which every open page waits on.

    `problems` is empty when the build landed (the page reloads), or lists what stopped
    it as {"where": "path:line", "message": ...} (the page shows them).
    """

    def __init__(self):
        self.generation = 0
        self.problems = ()
        self.changed = threading.Condition()

    def bump(self):
        self.publish(())

    def fail(self, problems):
        self.publish(tuple(problems))

    def publish(self, problems):
        with self.changed:
            self.generation += 1
            self.problems = problems
            self.changed.notify_all()

    def latest(self):
        with self.changed:
            return self.generation, self.problems

    def wait_after(self, generation, timeout):
        """(generation, problems) once a build after `generation` is out, or at `timeout`."""
        with self.changed:
            self.changed.wait_for(lambda: self.generation != generation, timeout=timeout)
            return self.generation, self.problems


# Best first: the copies `course build` writes beside the larger files.
COMPRESSED = (("br", ".br"), ("gzip", ".gz"))


def accepted_encodings(header):
    """The encodings an Accept-Encoding header allows ("gzip, deflate, br;q=0.9" -> {"gzip", "deflate", "br"})."""
    accepted = set()
    for part in header.split(","):
        name, _, parameters = part.strip().partition(";")
        quality = parameters.strip().removeprefix("q=") if parameters.strip().startswith("q=") else "1"
        try:
            if float(quality) > 0:
                accepted.add(name.strip().lower())
        except ValueError:
            continue
    return accepted


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

    def send_head(self):
        """The file, or its compressed copy (site_builder/precompress.py) for a browser that takes it."""
        plain = Path(self.translate_path(self.path))
        if plain.is_dir() and self.path.split("?")[0].endswith("/"):
            plain = plain / "index.html"
        encoding, copy = self.compressed_copy(plain)
        if copy is None:
            return super().send_head()
        file = copy.open("rb")
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(plain)))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(copy.stat().st_size))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return file

    def compressed_copy(self, plain):
        """(encoding, its copy of `plain`) for the best encoding the browser accepts, or (None, None)."""
        if not plain.is_file():
            return None, None
        accepted = accepted_encodings(self.headers.get("Accept-Encoding", ""))
        for encoding, suffix in COMPRESSED:
            copy = plain.with_name(plain.name + suffix)
            if encoding in accepted and copy.is_file():
                return encoding, copy
        return None, None

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
        """Server-sent events: "reload" when a rebuild lands, "problems" when one fails."""
        seen, problems = self.reloads.latest()  # before the page hears back, so it misses no build
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        try:
            if problems:  # a page opened while the course is broken shows why at once
                self.send_event("problems", problems)
            while True:
                now, problems = self.reloads.wait_after(seen, timeout=15)
                if now == seen:
                    self.wfile.write(b": keep-alive\n\n")
                    self.wfile.flush()
                elif problems:
                    self.send_event("problems", problems)
                else:
                    self.send_event("reload", "reload")
                seen = now
        except (BrokenPipeError, ConnectionResetError):
            pass

    def send_event(self, name, data):
        self.wfile.write(f"event: {name}\ndata: {json.dumps(data)}\n\n".encode("utf-8"))
        self.wfile.flush()

    def log_message(self, format, *args):
        log.debug(format, *args)


def make_server(out, host, port, reloads, isolated=True):
    handler_class = type("Handler", (SiteHandler,), {"reloads": reloads, "isolated": isolated})
    handler = functools.partial(handler_class, directory=str(out))
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def watch_and_rebuild(root, out, reloads, built_from=None):
    """Rebuild on every change; `built_from` is the sources' state the first build read.

    A save made while the first build ran, or before this thread's watcher was up, would
    never be seen: so once the watcher runs (its first timeout), the sources are compared
    with that state and the site rebuilt if they differ.
    """
    from watchfiles import watch

    caught_up = built_from is None
    for changes in watch(*watched_folders(root), debounce=150, step=50, rust_timeout=300, yield_on_timeout=True):
        if not caught_up:
            caught_up = True
            if not changes and sources_state(root) != built_from:
                rebuild(root, out, reloads, 1)
                continue
        if changes:
            rebuild(root, out, reloads, len(changes))


def sources_state(root):
    """Every course source file with its size and time of change."""
    files = (path for folder in watched_folders(root) for path in folder.rglob("*") if path.is_file())
    return sorted((str(path), path.stat().st_mtime_ns, path.stat().st_size) for path in files)


def watched_folders(root):
    folders = [root / name for name in COURSE_SOURCES] + [PROJECT_ROOT / name for name in BUILDER_SOURCES]
    return sorted({folder.resolve() for folder in folders if folder.is_dir()})


def rebuild(root, out, reloads, changes=1):
    """Build again; the open pages then reload, or show what stopped the build."""
    started = time.perf_counter()
    try:
        build(root, out, live_reload=True)
    except click.ClickException as error:
        click.echo(click.style(error.format_message(), fg="red"), err=True)
        reloads.fail(problems_of(error))
        return
    except Exception as error:  # a bug in the builder must not stop the watching: say it, keep serving
        click.echo(click.style(traceback.format_exc(), fg="red"), err=True)
        reloads.fail([{"where": "", "message": f"the builder itself failed with {exception_text(error)}; the terminal has the traceback"}])
        return
    click.echo(f"Rebuilt in {time.perf_counter() - started:.2f} s ({changes} change{'s' if changes != 1 else ''})")
    reloads.bump()


def problems_of(error):
    """What stopped a build, as the page lists it: one {"where", "message"} per problem."""
    if isinstance(error, CourseInvalid):
        return [{"where": problem.where, "message": problem.message} for problem in error.problems]
    return [{"where": "", "message": error.format_message()}]


def serve(root, out, host, port, watch=True):
    root, out = Path(root), Path(out)
    built_from = sources_state(root) if watch else None
    build(root, out, live_reload=watch)
    reloads = Reloads()
    server = make_server(out, host, port, reloads)
    if watch:
        threading.Thread(target=watch_and_rebuild, args=(root, out, reloads, built_from), daemon=True).start()
    click.echo(f"Serving the course on http://{host}:{port}/ (Ctrl+C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
