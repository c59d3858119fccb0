"""The service worker the build writes (site_builder/offline.py), run in Node against a Cache
Storage and a network of its own: a kept file is served from the offline copy by its address
alone, whatever query it is asked with, and looked up without reading the whole cache
(no ignoreSearch); a HEAD finds the same file; a file not kept comes from the network; and a
storage that will not open sends the request to the network rather than failing it, and is
tried again at the next request.
"""

import json
import shutil
import subprocess

from site_builder.offline import write_service_worker

ORIGIN = "https://course.example/"

# Runs sw.js with a stand-in `self`, `caches` and `fetch`, then answers each request of the
# script's argument in turn. Prints, per request, where its answer came from, and every match
# the worker asked the caches for (its address and options).
HARNESS = """
const [script, plan] = [process.argv[1], JSON.parse(process.argv[2])];
const { readFileSync } = await import("node:fs");
const listeners = {};
const matches = [];
let refusals = plan.refuseOpens;
const stores = {};
const handed = new Set(); // the responses the caches gave, to tell one passed on as kept from a copy
globalThis.self = {
  location: new URL("sw.js", plan.origin),
  registration: { scope: plan.origin },
  addEventListener: (type, listener) => { listeners[type] = listener; },
};
globalThis.caches = {
  async open(name) {
    if (refusals > 0) { refusals -= 1; throw new Error("storage refused"); }
    const files = (stores[name] ??= new Map());
    return {
      async match(request, options) {
        const address = typeof request === "string" ? new URL(request, self.location).href : request.url;
        matches.push({ address, options: options ?? null });
        const body = files.get(address);
        if (body === undefined) return undefined;
        const response = new Response(body);
        handed.add(response);
        return response;
      },
    };
  },
};
globalThis.fetch = async (request) => new Response(`network: ${new URL(request.url).pathname}`);
for (const [name, files] of Object.entries(plan.kept)) {
  stores[name] = new Map(files.map((path) => [new URL(path, plan.origin).href, `kept: ${path}`]));
}
new Function(readFileSync(script, "utf8").replace(/^const CACHE = "[^"]*";/m, `const CACHE = ${JSON.stringify(plan.cache)};`))();
const answers = [];
const passedOnAsKept = [];
for (const { url, method, mode, destination } of plan.requests) {
  let answer;
  const request = { url: new URL(url, plan.origin).href, method, mode, destination };
  listeners.fetch({ request, respondWith: (promise) => { answer = promise; } });
  const response = answer ? await answer : null;
  passedOnAsKept.push(handed.has(response));
  answers.push(response ? await response.text() : "not handled");
}
console.log(JSON.stringify({ answers, matches, passedOnAsKept }));
"""


def run_worker(tmp_path, requests, kept=(), refuse_opens=0):
    (tmp_path / "site").mkdir(exist_ok=True)
    (tmp_path / "site" / "index.html").write_text("<!doctype html>")
    write_service_worker(tmp_path / "site")
    node = shutil.which("node")
    assert node, "Node.js is needed to run the service worker"
    plan = {
        "origin": ORIGIN, "cache": "course-copy", "kept": {"course-copy": list(kept)}, "refuseOpens": refuse_opens,
        # (url, method, mode), and the request's destination when the test names one
        "requests": [{"url": url, "method": method, "mode": mode, "destination": "".join(destination)}
                     for url, method, mode, *destination in requests],
    }
    done = subprocess.run([node, "--input-type=module", "-e", HARNESS, str(tmp_path / "site" / "sw.js"), json.dumps(plan)],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_a_kept_file_is_served_by_its_address_alone_whatever_its_query(tmp_path):
    found = run_worker(tmp_path, kept=["lesson/", "static/js/lab.js"], requests=[
        ("lesson/?from=search", "GET", "navigate"),
        ("static/js/lab.js?v=2", "GET", "no-cors"),
        ("static/js/lab.js", "HEAD", "no-cors"),
    ])
    assert found["answers"] == ["kept: lesson/", "kept: static/js/lab.js", "kept: static/js/lab.js"]
    # Looked up exactly: no option that makes the cache read every entry to compare it.
    assert found["matches"] and all(match["options"] is None for match in found["matches"])
    assert all("?" not in match["address"] for match in found["matches"])


def test_a_file_not_kept_comes_from_the_network(tmp_path):
    found = run_worker(tmp_path, kept=["lesson/"], requests=[("static/css/new.css", "GET", "no-cors")])
    assert found["answers"] == ["network: /static/css/new.css"]


def test_a_storage_that_will_not_open_sends_the_request_to_the_network_and_is_tried_again(tmp_path):
    found = run_worker(tmp_path, kept=["lesson/"], refuse_opens=1, requests=[
        ("lesson/", "GET", "navigate"),
        ("lesson/", "GET", "navigate"),
    ])
    assert found["answers"] == ["network: /lesson/", "kept: lesson/"]


def test_files_are_passed_on_as_kept_but_pages_workers_and_pyodides_javascript(tmp_path):
    """Passed on as kept, a file comes with the code the browser compiled from it before. A page
    and a worker's script are copied to carry the isolation headers; Pyodide's JavaScript is
    copied so that the browser compiles it anew (COMPILED_ANEW), and its WebAssembly is not."""
    files = ["lesson/", "static/js/python-worker.js", "static/js/lab.js", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm", "pyodide/pyodide.mjs"]
    found = run_worker(tmp_path, kept=files, requests=[
        ("lesson/", "GET", "navigate", "document"),
        ("static/js/python-worker.js", "GET", "same-origin", "worker"),
        ("static/js/lab.js", "GET", "cors", "script"),
        ("pyodide/pyodide.asm.mjs?v=1", "GET", "cors", "script"),
        ("pyodide/pyodide.asm.wasm", "GET", "cors", ""),
        ("pyodide/pyodide.mjs", "GET", "cors", "script"),
    ])
    assert found["answers"] == [f"kept: {path}" for path in files]
    assert found["passedOnAsKept"] == [False, False, True, False, True, True]
