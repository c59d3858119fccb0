"""Learner code cannot reach the site: every way out of the Python worker, tried from a lab.

Each attempt runs as a learner's program (the Run button) and prints "blocked" or "OPEN";
the worker's own work (Check, the heatmap) must go on working after the lockdown.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser import button, output, ready_lab, set_code, verdict
from tests.courses import lab_name, showcase, widgets_course

pytestmark = pytest.mark.browser

COURSE = widgets_course()
LESSON = showcase(COURSE)
LAB = COURSE.labs.for_lesson(LESSON)[0]

# name -> a Python expression that uses one capability of the worker's JavaScript scope.
ATTEMPTS = {
    "the site's caches": "js.caches.keys()",
    "the site's databases": "js.indexedDB.open('x')",
    "the network: fetch": "js.fetch('/?from-lab-code')",
    "the network: XMLHttpRequest": "js.XMLHttpRequest.new()",
    "the network: WebSocket": "js.WebSocket.new('ws://127.0.0.1:9')",
    "the network: EventSource": "js.EventSource.new('/?from-lab-code')",
    "loading scripts": "js.importScripts('/static/js/theme.js?from-lab-code')",
    "another worker": "js.Worker.new('/static/js/theme.js?from-lab-code')",
    "a channel to other tabs": "js.BroadcastChannel.new('progress')",
    "the origin's file system": "js.navigator.storage.getDirectory()",
    "the service worker": "js.navigator.serviceWorker.register('/sw.js?from-lab-code')",
    "cross-tab locks": "js.navigator.locks.request('x', lambda lock: None)",
    "speaking for the worker": "js.postMessage(js.JSON.parse('{\"id\": 1, \"type\": \"result\"}'))",
    "closing the worker": "js.close()",
    "eval": "js.eval('1 + 1')",
    "the Function constructor": "js.Function.new('return 1')",
    "a function's constructor": "js.Object.constructor('return 1')",
    "an async function's constructor": "js.Object.getPrototypeOf(js.eval).constructor('return 1')",
    "a timer given text": "js.setTimeout('1 + 1', 0)",
    "loading a package from elsewhere": "__import__('pyodide_js').loadPackage('https://example.com/x.whl')",
    "taking the worker's output": "__import__('pyodide_js').setStdout()",
    "taking Stop away": "__import__('pyodide_js').setInterruptBuffer(js.Int32Array.new(1))",
}

PROGRAM = "import js\n\n" + "\n".join(
    f"try:\n    {expression}\n    print({name!r}, 'OPEN')\nexcept BaseException as error:\n    print({name!r}, 'blocked')"
    for name, expression in ATTEMPTS.items()
) + "\nprint('done')\n"


def test_every_way_out_of_the_worker_is_blocked_and_the_lab_still_works(new_context, widgets_site):
    context = new_context(service_workers="allow")  # the lab code tries to reach it
    requests = []
    context.on("request", lambda request: requests.append(request.url))
    page = context.new_page()
    page.goto(widgets_site + LESSON.url)
    lab = ready_lab(page, lab_name(LAB))
    # The page keeps its offline copy once Python has loaded; let that download finish first,
    # so every request counted below can only have come from the lab code.
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    before = len(requests)
    set_code(page, lab, PROGRAM)
    button(lab, "Run").click()
    expect(output(lab)).to_contain_text("done", timeout=30_000)
    printed = output(lab).inner_text()
    opened = [name for name in ATTEMPTS if re.search(rf"^{re.escape(name)} OPEN$", printed, re.M)]
    assert opened == [], f"lab code could reach: {opened}"
    assert all(re.search(rf"^{re.escape(name)} blocked$", printed, re.M) for name in ATTEMPTS), printed
    page.wait_for_timeout(500)  # a request started by an attack would show by now
    # Each Run ends the Python it ran in and loads a fresh one, which asks for the same files
    # the first load did; anything else came from the lab code.
    loaded_before = set(requests[:before])
    unexpected = [url for url in requests[before:] if url not in loaded_before or "from-lab-code" in url]
    assert unexpected == [], "lab code made the browser ask for something"
    set_code(page, lab, LAB.solution)
    button(lab, "Check").click()
    expect(verdict(lab)).to_contain_text("All checks passed", timeout=30_000)


def test_a_timer_left_behind_by_one_run_never_acts_in_the_next(new_context, widgets_site):
    page = new_context().new_page()
    page.goto(widgets_site + LESSON.url)
    lab = ready_lab(page, lab_name(LAB))
    set_code(page, lab, "import js\nfrom pyodide.ffi import create_proxy\njs.setTimeout(create_proxy(lambda: print('LATE')), 300)\nprint('scheduled')\n")
    button(lab, "Run").click()
    expect(output(lab)).to_contain_text("scheduled")
    set_code(page, lab, "import time\ntime.sleep(1)\nprint('second run')\n")
    button(lab, "Run").click()
    expect(output(lab)).to_contain_text("second run", timeout=30_000)  # may wait for a fresh Python
    page.wait_for_timeout(300)
    assert "LATE" not in output(lab).inner_text()
