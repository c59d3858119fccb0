"""The service worker that keeps the whole site, Python included, for learners who go offline.

Each build writes `sw.js` with the list of every file and a version made from their
contents. A new version fills a new cache while the old one keeps serving the pages
already open; the old cache is deleted only when the new worker takes over, so a page
never mixes files from two builds.

Python's runtime (13 MB of Pyodide) is the same from build to build, so it has a cache of its
own, named by the runtime's contents alone: a new build whose runtime is unchanged finds that
cache whole and fetches none of it, and a learner downloads only the pages that changed.
"""

import hashlib
import json
from pathlib import Path

from site_builder.compiled_stdlib import NAME as PYODIDE_STDLIB
from site_builder.file_digests import IN_PROCESS
from site_builder.hosting import HEADERS_FILE, ISOLATION_HEADERS

COMPRESSED_SUFFIXES = (".br", ".gz")

SERVICE_WORKER = "sw.js"
CACHE_PREFIX = "zero-to-microgpt-"
RUNTIME_PREFIX = CACHE_PREFIX + "runtime-"  # also starts with CACHE_PREFIX, so old ones are deleted too
RUNTIME_DIR = "pyodide/"
# In RUNTIME_DIR, but made by each build: the checker's wheel and the lock file that names it.
BUILT_IN_RUNTIME_DIR = ("pyodide/pyodide-lock.json",)
# Published as Pyodide has it, for whoever loads Pyodide from the site as it is; the course's
# Python loads the compiled copy beside it (constants.COMPILED_STDLIB), so the offline copy
# leaves it out.
NOT_KEPT_OFFLINE = (RUNTIME_DIR + PYODIDE_STDLIB,)
# Served copied, so the browser compiles them anew each time. Beside Pyodide's 1.2 MB of
# JavaScript in the offline copy, Chromium keeps the whole script compiled (690 kB), and the
# Python worker took longer to read that back (0.3 s in a trace of a second visit) than to
# compile what it runs (0.14 s), on the thread that also takes in Python's WebAssembly, which
# waited. A second visit's Python was ready 0.16 s sooner in a profile on disk (1.04 s against
# 1.20 s, median of six) and 0.07 s sooner in memory.
COMPILED_ANEW = (RUNTIME_DIR + "pyodide.asm.mjs",)

TEMPLATE = """// Written by the builder; do not edit. Keeps this build of the course for offline use.
const CACHE = "{cache}";
const FILES = {files};
// Python's runtime, in a cache named by its own contents: kept from build to build.
const RUNTIME = "{runtime}";
const RUNTIME_FILES = {runtime_files};

self.addEventListener("install", (event) => {{
  event.waitUntil(Promise.all([caches.open(CACHE).then((cache) => cache.addAll(FILES)), keepRuntime()]));
}});

// Only what the runtime's cache lacks is fetched: nothing, when an earlier build left it whole.
async function keepRuntime() {{
  const cache = await caches.open(RUNTIME);
  const missing = [];
  for (const file of RUNTIME_FILES) if (!(await cache.match(file))) missing.push(file);
  await cache.addAll(missing);
}}

self.addEventListener("activate", (event) => {{
  const old = (name) => name.startsWith("{prefix}") && name !== CACHE && name !== RUNTIME;
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter(old).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
}});

// A learner who accepts the new version: take over now instead of when every tab is closed.
self.addEventListener("message", (event) => {{
  if (event.data === "take-over") self.skipWaiting();
}});

self.addEventListener("fetch", (event) => {{
  const request = event.request;
  // HEAD too: the Python worker checks that the runtime is there before loading it.
  const readOnly = request.method === "GET" || request.method === "HEAD";
  if (!readOnly || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(fromCache(request));
}});

// Stop interrupts Python only on a cross-origin isolated page, which takes two headers that
// some hosts (GitHub Pages) cannot send. The pages and the Python worker this worker serves
// carry them, so from the second visit on such a host the page is isolated as well.
const ISOLATION = {isolation};

// A new response with the body and headers of `response`, and `extra` headers: the browser
// sees a file the service worker made, with no compiled code kept beside it.
function copied(response, extra = {{}}) {{
  if (response.type === "opaque" || response.type === "opaqueredirect" || response.status === 0) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return new Response(response.body, {{ status: response.status, statusText: response.statusText, headers }});
}}

// Only a page and a worker's script need them: the other files are the site's own, which an
// isolated page loads without. Those are passed on as kept, not copied, so that the code the
// browser compiled from a script or from Python's wasm (kept beside the file) is used again.
function needsIsolation(request) {{
  return request.mode === "navigate" || request.destination === "worker" || request.destination === "sharedworker";
}}

// ... but for these, where the code the browser keeps costs more to read back than compiling
// again: see COMPILED_ANEW in site_builder/offline.py.
const COMPILED_ANEW = new Set({compiled_anew}.map((path) => new URL(path, self.location.href).href));

async function fromCache(request) {{
  const response = await fromCacheOrNetwork(request);
  if (needsIsolation(request)) return copied(response, ISOLATION);
  return COMPILED_ANEW.has(keptAddress(request.url)) ? copied(response) : response;
}}

// Each file is kept under its address with no query, and looked up by that address alone, as
// a GET (a HEAD finds the same file). Matching with ignoreSearch instead reads every entry of
// the cache to compare it: with a course's five hundred files, each request waited for that.
// The caches are opened once; a cache that would not open is tried again at the next request.
const opened = {{}};
function openCache(name) {{
  opened[name] ??= caches.open(name).catch((error) => {{
    delete opened[name];
    throw error;
  }});
  return opened[name];
}}

// The kept file at `address` (a string), or undefined: not kept, or storage failed, and the
// network may still answer.
async function kept(address, names) {{
  try {{
    for (const name of names) {{
      const found = await (await openCache(name)).match(address);
      if (found) return found;
    }}
  }} catch {{
    // Fall through to the network.
  }}
  return undefined;
}}

function keptAddress(url) {{
  const address = new URL(url);
  address.search = "";
  return address.href;
}}

async function fromCacheOrNetwork(request) {{
  const address = keptAddress(request.url);
  const cached = await kept(address, [CACHE, RUNTIME]);
  if (cached) return cached;
  try {{
    return await fetch(request);
  }} catch (offline) {{
    if (request.mode !== "navigate") throw offline;
    // Offline, a page typed without its final slash is still the page; anything else is
    // not part of this build, which the site's own 404 page says better than the browser.
    const path = new URL(address).pathname;
    const folder = path.endsWith("/") ? null : await kept(new URL(path + "/", address).href, [CACHE]);
    return folder || (await kept(new URL("404.html", self.location.href).href, [CACHE])) || Response.error();
  }}
}}
"""


def write_service_worker(stage):
    """Write sw.js into the finished staging folder, listing every file in it."""
    stage = Path(stage)
    # `_headers` is read by the host, which never serves it: asking for it would fail the copy;
    # the course never asks for Pyodide's own standard library (NOT_KEPT_OFFLINE).
    not_served = {SERVICE_WORKER, HEADERS_FILE, *NOT_KEPT_OFFLINE}
    files = sorted(
        path for path in stage.rglob("*")
        if path.is_file() and path.relative_to(stage).as_posix() not in not_served and not is_compressed_copy(path)
    )
    served = {path.relative_to(stage).as_posix(): path for path in files}
    runtime_files = {relative: path for relative, path in served.items() if is_runtime(relative)}
    urls = [page_url(relative) for relative in served if relative not in runtime_files]
    cache = CACHE_PREFIX + contents_digest(served)
    runtime = runtime_cache_name(runtime_files)
    runtime_urls = sorted(runtime_files)
    isolation = json.dumps(ISOLATION_HEADERS, indent=2)
    text = TEMPLATE.format(
        cache=cache, files=json.dumps(urls, indent=0), runtime=runtime, runtime_files=json.dumps(runtime_urls, indent=0),
        prefix=CACHE_PREFIX, isolation=isolation, compiled_anew=json.dumps(COMPILED_ANEW),
    )
    (stage / SERVICE_WORKER).write_text(text, encoding="utf-8")
    return cache


def runtime_cache_name(files):
    """The name of the cache that keeps Python's runtime, made from its `files` ({address in the
    site: file}) alone, so every build that ships the same runtime names the same cache. sw.js
    fills that cache, and the Python worker reads its runtime from it (course-constants.js has the
    name, as kept_runtime() makes it from the files the build is about to publish)."""
    return RUNTIME_PREFIX + contents_digest(files)


def contents_digest(files):
    """16 hex digits that change when any of `files` ({address in the site: file}) is added,
    removed, renamed or changed: a cache's version."""
    digest = hashlib.sha256()
    for relative in sorted(files):
        digest.update(f"{relative}\0{IN_PROCESS.of(files[relative])}\n".encode())
    return digest.hexdigest()[:16]


def kept_runtime(sources):
    """{address in the site: file} of the runtime files the offline copy keeps, of the `sources`
    ({file name in RUNTIME_DIR: file}) a build publishes there."""
    addresses = {RUNTIME_DIR + name: path for name, path in sources.items()}
    return {address: path for address, path in addresses.items() if is_runtime(address) and address not in NOT_KEPT_OFFLINE}


def is_compressed_copy(path):
    """`x.br` or `x.gz` beside `x` (site_builder/precompress.py): the server's to send, never asked for by name."""
    return path.suffix in COMPRESSED_SUFFIXES and path.with_suffix("").is_file()


def is_runtime(relative):
    """Part of Python's runtime, which only changes with Pyodide's version (not the checker)."""
    return relative.startswith(RUNTIME_DIR) and relative not in BUILT_IN_RUNTIME_DIR and not relative.endswith(".whl")


def page_url(relative):
    """The address a browser asks for: a folder for its index.html, relative to sw.js."""
    if relative == "index.html":
        return "./"
    if relative.endswith("/index.html"):
        return relative.removesuffix("index.html")
    return relative
