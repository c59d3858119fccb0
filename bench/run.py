"""Benchmarks for the course engine. Prints figures; asserts nothing.

    .venv/bin/python bench/run.py [build] [rebuild] [browser] [transfer] [capstone]   (default: all)

- full build: cold (`course build` in a new process with no .cache/build and no
  .cache/numbers: every provider, lab verdict, bundle and compressed copy made again), then
  warm: `course build` in a new process with nothing changed (the site is up to date), the
  same into a new --out (every cache warm, the whole pipeline runs), and again in the same process
- rebuild after editing one lesson, in-process as `course serve` does (live reload on,
  the search index following in the background: it is waited for between edits)
- opening a lab page until data-python-state="ready", against a bare loadPyodide() page, on a
  first visit and on a second (when the lab page starts from its picture of Python's memory),
  the second in the same tab and, apart, in a new tab opened once the first is closed:
  in Playwright's in-memory profiles, then in profiles on disk, which keep compiled code as a
  learner's browser does; and, to tell where the lab page's extra time goes, the same bare
  load in a worker and the site's Python with no lesson page around it; each profile opens once
  the machine is quiet again after the one before it
- Check latency for `attend` (click to verdict) once Python is loaded: clicked as soon as the
  next fresh Python is loaded, and 2 s after each verdict; before it has loaded; the page's
  memory with its Pythons
- the bytes a first visit to a lab page transfers, until Python is ready and once the offline
  copy is in, with the compressed copies (.br, .gz) and without
- the capstone's quick run (200 steps) in Chromium: steps a second, and the page's main-thread
  tasks over 50 ms while it trains (the browser's Long Tasks API)
- the machine's speed before and after, as a plain Python loop's time: every figure above
  grows with it, and on these shared machines it drifts within minutes
"""

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT))

from site_builder.build import build  # noqa: E402
from site_builder.hooks import HOOKS  # noqa: E402
from site_builder.up_to_date import settle_records  # noqa: E402
from tests.browser import CHROMIUM, CHROMIUM_ARGS, chromium, serving  # noqa: E402
from tests.python_picture import wait_until_kept  # noqa: E402

# The bare page loads Pyodide as npm installed it: the site publishes Pyodide's own files,
# its standard library included, beside the compiled copy the course's Python loads.
BARE_PAGE = """<!doctype html><meta charset="utf-8"><title>bare</title>
<script type="module">
const { loadPyodide } = await import("./pyodide/pyodide.mjs");
const py = await loadPyodide({ indexURL: new URL("./pyodide/", location.href).href });
window.readyAt = performance.now();
</script>"""

# Two pages between those, to tell where a lab page's extra time goes: the same bare load in a
# worker (as the lab's Python loads), and the site's own Python with no lesson around it.
BARE_WORKER_PAGE = """<!doctype html><meta charset="utf-8"><title>bare worker</title>
<script type="module">
const worker = new Worker("./bare-worker.js", { type: "module" });
worker.onmessage = () => { window.readyAt = performance.now(); };
</script>"""
BARE_WORKER = """const { loadPyodide } = await import("./pyodide/pyodide.mjs");
await loadPyodide({ indexURL: new URL("./pyodide/", location.href).href });
postMessage("ready");
"""
PYTHON_ALONE_PAGE = """<!doctype html><meta charset="utf-8"><title>the lab's Python alone</title>
<script type="module">
import { getPython } from "./static/js/python-start.js";
const python = getPython();
const ready = () => { if (python.state === "ready") window.readyAt ??= performance.now(); };
python.addEventListener("statechange", ready);
ready();
</script>"""

READING_MS = 2_000  # a learner reading a verdict before checking again
# How often the bench looks for readyAt, which READY_MARK sets at the moment the page says
# ready: when it looks changes nothing measured. Playwright looks at every animation frame by
# default, and that alone makes the page draw a frame every 16 ms while it loads, which no
# learner's browser does: in two runs it cost the lab page 0.06 s and 0.11 s of its warm
# visit (the bare page's main thread is busy running Pyodide then, and gets few frames).
READY_POLL_MS = 100
# Fresh profiles per page and profile kind. On this 2-core machine one cold visit may take 0.4 s
# more than the next: three left the medians of two runs 0.1 s apart.
VISITS = 5
VISIT_KINDS = ("first visit (cold)", "second visit (warm)")  # in the order visit_twice() times them
ATTEND = (PROJECT / "labs/08-attention/scaled-dot-product/solution.py").read_text()


def timed(function, *args, **kwargs):
    started = time.perf_counter()
    function(*args, **kwargs)
    return time.perf_counter() - started


def content_copy(into):
    for name in ("course", "lessons", "labs", "pages"):
        shutil.copytree(PROJECT / name, into / name)
    return into


def cpu_timed(function, *args, **kwargs):
    """(wall seconds, CPU seconds of this process and its children): the CPU is shared, so both."""
    before, started = cpu_seconds(), time.perf_counter()
    function(*args, **kwargs)
    return time.perf_counter() - started, cpu_seconds() - before


def cpu_seconds():
    own, children = os.times(), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.user + own.system + children.ru_utime + children.ru_stime


def bench_build(work):
    for cache in (PROJECT / ".cache" / "build", PROJECT / ".cache" / "numbers"):  # not .cache/names.txt: it would be fetched again
        shutil.rmtree(cache, ignore_errors=True)
    command = [sys.executable, "-m", "site_builder.cli", "--root", str(PROJECT), "build", "--out", str(work / "dist")]
    cold = cpu_timed(subprocess.run, command, check=True, capture_output=True, cwd=PROJECT)
    fresh = [cpu_timed(subprocess.run, command, check=True, capture_output=True) for _ in range(5)]
    pipeline = []
    for index in range(3):
        elsewhere = [*command[:-1], str(work / f"dist-new-{index}")]  # no record of an earlier site there
        pipeline.append(cpu_timed(subprocess.run, elsewhere, check=True, capture_output=True))
    warm = [cpu_timed(build, PROJECT, work / "dist") for _ in range(5)]
    print(f"full build, `course build` in a new process, no cache at all: {cold[0]:.2f} s wall, {cold[1]:.2f} s CPU (both cores: lab verification and providers run in worker processes)")
    print(f"full build, `course build` in a new process, nothing changed: {summary(fresh)}")
    print(f"full build, `course build` in a new process into a new --out (every cache warm, whole pipeline): {summary(pipeline)}")
    print(f"full build, again in the same process, nothing changed: {summary(warm)}")


def bench_rebuild(work):
    root = content_copy(work / "content")
    build(root, work / "dist2", live_reload=True)
    lesson = root / "lessons/08-attention/scaled-dot-product.md"
    times = []
    for index in range(7):
        # Text no earlier run wrote: the caches on disk must not know it already.
        lesson.write_text(lesson.read_text() + f"\nEdited {index} at {time.time_ns()}.\n")
        times.append(cpu_timed(build, root, work / "dist2", live_reload=True))
        for hook in HOOKS:  # the search index that follows a rebuild, not timed: an author saves more slowly
            hook.settle()
        settle_records()  # so is the site's record, taken once the index is in
    print(f"rebuild after editing one lesson (as course serve does): {summary(times)}")


def summary(samples):
    """Median wall and CPU seconds of (wall, cpu) samples, with each wall figure."""
    walls, cpus = [wall for wall, _ in samples], [cpu for _, cpu in samples]
    return f"median {statistics.median(walls):.3f} s wall, {statistics.median(cpus):.3f} s CPU {fmt(walls)} over {len(samples)}"


# Notes the moment a lab page's Python is ready as window.readyAt, as the bare page does itself:
# waiting for the page to say so would add the poll's interval to the lab's time alone.
READY_MARK = """new MutationObserver(() => {
  if (window.readyAt === undefined && document.querySelector('[data-python-state]')?.dataset.pythonState === 'ready') {
    window.readyAt = performance.now();
  }
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-python-state'] });"""


# Each measured page opens on a quiet machine: for a second or so after a profile is closed
# the browser is still taking it down, and a page opened meanwhile (the first visit, on two
# cores) lost 0.2 s to it, whichever page it was (two copies of one site, each opened after the
# other, came out 2.62 s and 2.84 s).
QUIET_BUSY = 0.15  # at most this share of the cores busy over a window
QUIET_WINDOW = 0.2  # seconds
QUIET_LONGEST = 5.0  # seconds; a machine busy with other work is measured as it is


def wait_until_quiet():
    """Until the machine's cores were nearly idle for a window (/proc/stat), or QUIET_LONGEST."""
    deadline = time.monotonic() + QUIET_LONGEST
    try:
        busy, total = cpu_ticks()
        while time.monotonic() < deadline:
            time.sleep(QUIET_WINDOW)
            now_busy, now_total = cpu_ticks()
            if now_total > total and (now_busy - busy) / (now_total - total) <= QUIET_BUSY:
                return
            busy, total = now_busy, now_total
    except OSError:
        time.sleep(QUIET_LONGEST / 2)  # no /proc/stat here: a fixed pause instead


def cpu_ticks():
    """(busy, all) ticks of every core since boot, from the first line of /proc/stat."""
    fields = [int(value) for value in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle and iowait
    return sum(fields) - idle, sum(fields)


def ready_times(browser, url, new_tab=False):
    """Seconds until ready on a first visit (a new browser profile) and on a second (the same
    profile): in the same tab, or (`new_tab`) in a new one once the first is closed."""
    context = browser.new_context(bypass_csp=True)  # the site forbids eval; the benchmark's probes need it
    try:
        # Let the first visit finish what it does after ready (the service worker's copy of the
        # site, the picture of Python's memory) before the second visit begins.
        return visit_twice(context, url, settle=False, pause_ms=3_000, new_tab=new_tab)
    finally:
        context.close()


def ready_times_on_disk(url, settle):
    """ready_times in a profile kept on disk, as a learner's browser keeps one. Unlike Playwright's
    in-memory profiles, it keeps the code Chromium compiled from scripts and wasm between visits.
    `settle`: wait, after the first visit, until the offline copy and the picture of Python's
    memory are whole, so that the second visit finds them."""
    folder = tempfile.mkdtemp()
    try:
        with sync_playwright() as playwright:
            context = playwright.chromium.launch_persistent_context(
                folder, executable_path=CHROMIUM, args=CHROMIUM_ARGS, bypass_csp=True)
            try:
                return visit_twice(context, url, settle=settle, pause_ms=1_500)
            finally:
                context.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def visit_twice(context, url, settle, pause_ms, new_tab=False):
    """Seconds until ready on two visits to `url` in `context`, `pause_ms` after each (and, with
    `settle`, once the offline copy and the picture are in). With `new_tab`, the second visit is
    in a tab of its own, opened once the first is closed, as a learner coming back opens one: the
    same tab keeps its page's process, and what that process compiled for the page before."""
    context.add_init_script(READY_MARK)
    page = context.new_page()
    wait_until_quiet()
    times = []
    for visit in ("first", "second"):
        if visit == "second" and new_tab:
            page.close()
            page = context.new_page()
            wait_until_quiet()
        page.goto(url)
        page.wait_for_function("window.readyAt !== undefined", polling=READY_POLL_MS, timeout=120_000)
        times.append(page.evaluate("window.readyAt") / 1000)
        if settle:
            page.evaluate(OFFLINE_COPY_IN)
            wait_until_kept(page)
        page.wait_for_timeout(pause_ms)
    return times


def bench_browser(work):
    site = work / "dist"
    (site / "bare.html").write_text(BARE_PAGE)
    (site / "bare-worker.html").write_text(BARE_WORKER_PAGE)
    (site / "bare-worker.js").write_text(BARE_WORKER)
    (site / "python-alone.html").write_text(PYTHON_ALONE_PAGE)
    lab_page = "08-attention/scaled-dot-product/"
    with serving(site) as url:
        with chromium() as browser:
            bare, lab, in_worker, alone = [], [], [], []
            for _ in range(VISITS):
                bare.append(ready_times(browser, url + "bare.html"))
                lab.append(ready_times(browser, url + lab_page))
                in_worker.append(ready_times(browser, url + "bare-worker.html"))
                alone.append(ready_times(browser, url + "python-alone.html"))
            report_ready(bare, lab, "in Playwright's in-memory profile")
            bare_new_tab, lab_new_tab = [], []
            for _ in range(VISITS):
                bare_new_tab.append(ready_times(browser, url + "bare.html", new_tab=True))
                lab_new_tab.append(ready_times(browser, url + lab_page, new_tab=True))
            report_ready(bare_new_tab, lab_new_tab, "in Playwright's in-memory profile, the second in a new tab", visits=("second visit (warm)",))
            for index, visit in enumerate(VISIT_KINDS):
                print(f"{visit}, in-memory profile, where the lab page's time goes: bare loadPyodide() in a worker "
                      f"{statistics.median(t[index] for t in in_worker):.2f} s, the site's Python with no lesson page "
                      f"{statistics.median(t[index] for t in alone):.2f} s (no offline copy: the files come from the "
                      f"server), the lab page {statistics.median(t[index] for t in lab):.2f} s")
            print(f"Check latency for attend: {check_latency(browser, url)}")
        bare, lab = [], []
        for _ in range(VISITS):
            bare.append(ready_times_on_disk(url + "bare.html", settle=False))
            lab.append(ready_times_on_disk(url + lab_page, settle=True))
        report_ready(bare, lab, "in a profile on disk (code caches kept)")


def report_ready(bare, lab, where, visits=VISIT_KINDS):
    for visit in visits:
        index = VISIT_KINDS.index(visit)
        b = statistics.median(times[index] for times in bare)
        l = statistics.median(times[index] for times in lab)
        print(f"{visit}, {where}: bare loadPyodide() page ready: median {b:.2f} s {fmt([t[index] for t in bare])}")
        print(f"{visit}, {where}: lab page data-python-state=ready: median {l:.2f} s {fmt([t[index] for t in lab])}  ratio {l / b:.2f}x")


def check_latency(browser, url):
    context = browser.new_context(bypass_csp=True)  # the site forbids eval; the benchmark's probes need it
    page = context.new_page()
    page.goto(url + "08-attention/scaled-dot-product/")
    page.wait_for_function("document.querySelector('[data-python-state]').dataset.pythonState === 'ready'", timeout=120_000)
    lab = page.get_by_role("region", name="Lab: Scaled dot-product attention")
    lab.get_by_role("textbox", name="Code editor").click()
    page.keyboard.press("Control+A")
    page.keyboard.insert_text(ATTEND)
    section = page.locator("[data-python-state]").first

    def checks(reading_ms):
        # Each Check runs in a Python no code has touched, the one loaded while the verdict
        # before it was read: clicked the moment it is ready, or after reading for a while
        # (when the Python loading after it has finished too).
        samples = []
        for _ in range(12):
            expect(section).to_have_attribute("data-python-next", "ready", timeout=120_000)
            page.wait_for_timeout(reading_ms)
            samples.append(page.evaluate(CLICK_AND_WAIT))
        return samples[2:]

    samples, read = checks(0), checks(READING_MS)
    # The unlucky case: Check again at once, before the next fresh Python has loaded.
    expect(section).to_have_attribute("data-python-next", "ready", timeout=120_000)
    page.evaluate(CLICK_AND_WAIT)
    at_once = page.evaluate(CLICK_AND_WAIT)
    memory = page.evaluate(MEMORY)
    context.close()
    def figure(warm):
        return f"median {statistics.median(warm):.1f} ms (min {min(warm):.1f}, max {max(warm):.1f}) over {len(warm)} after 2 warm-ups"

    return (
        f"{figure(samples)}, clicked as soon as the next Python was loaded; {figure(read)}, clicked "
        f"{READING_MS / 1000:.0f} s after each verdict; {at_once:.0f} ms for a Check clicked before the next "
        f"Python had loaded; page memory with its Pythons: {memory}"
    )


# Needs a cross-origin isolated page (course serve's headers): counts the workers' memory too.
MEMORY = """async () => {
  if (!performance.measureUserAgentSpecificMemory) return "not measurable here";
  const { bytes } = await performance.measureUserAgentSpecificMemory();
  return `${(bytes / 2 ** 20).toFixed(0)} MiB`;
}"""


CLICK_AND_WAIT = """() => new Promise((resolve) => {
  const lab = document.querySelector('[data-python-state]');
  const status = lab.querySelector('[role=status]');
  status.textContent = '';
  const started = performance.now();
  const observer = new MutationObserver(() => {
    if (status.textContent.startsWith('All checks passed')) {
      observer.disconnect();
      resolve(performance.now() - started);
    }
  });
  observer.observe(status, { childList: true, subtree: true, characterData: true });
  [...lab.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Check').click();
})"""


OFFLINE_COPY_IN = """async () => {
  await navigator.serviceWorker.ready;
  for (;;) {
    const names = await caches.keys();
    if (names.some((name) => name.startsWith("zero-to-microgpt-runtime-"))) {
      const runtime = await caches.open(names.find((name) => name.startsWith("zero-to-microgpt-runtime-")));
      if ((await runtime.keys()).length >= 4) return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}"""


def bench_transfer(work):
    """Bytes the server sends for a first visit to a lab page (as sent: compressed when it could be)."""
    from site_builder.serve import SiteHandler

    sent = []
    original = SiteHandler.copyfile

    def counted(self, source, outputfile):
        sent.append(os.fstat(source.fileno()).st_size)
        return original(self, source, outputfile)

    plain = work / "plain"
    shutil.copytree(work / "dist", plain)
    for copy in [*plain.rglob("*.br"), *plain.rglob("*.gz")]:
        copy.unlink()
    SiteHandler.copyfile = counted
    try:
        for label, site in (("with compressed copies", work / "dist"), ("without", plain)):
            with serving(site) as url, chromium() as browser:
                context = browser.new_context(bypass_csp=True)
                page = context.new_page()
                sent.clear()
                page.goto(url + "08-attention/scaled-dot-product/")
                page.wait_for_function("() => document.querySelector('[data-python-state]').dataset.pythonState === 'ready'", timeout=120_000)
                ready = sum(sent)
                page.evaluate(OFFLINE_COPY_IN)
                page.wait_for_timeout(2_000)
                everything = sum(sent)
                context.close()
            print(f"first visit, {label}: {ready / 2**20:.1f} MiB until Python is ready, {everything / 2**20:.1f} MiB once the offline copy is in")
    finally:
        SiteHandler.copyfile = original


# Every main-thread task over 50 ms from here on, as the browser reports them.
WATCH_LONG_TASKS = """() => {
  window.longTasks = [];
  new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => ({ at: e.startTime, ms: e.duration, step: document.querySelector("[data-capstone-progress]")?.getAttribute("aria-valuenow") }))))
    .observe({ type: "longtask" });
}"""


def bench_capstone(work):
    with serving(work / "dist") as url, chromium() as browser:
        context = browser.new_context(bypass_csp=True)
        page = context.new_page()
        page.goto(url + "10-capstone/train/")
        widget = page.get_by_role("region", name="Train it")
        page.evaluate(WATCH_LONG_TASKS)
        started = time.perf_counter()
        widget.get_by_role("button", name="Train").click()
        expect(widget.get_by_role("status")).to_contain_text("Trained all 200 steps", timeout=600_000)
        seconds = time.perf_counter() - started
        tasks = page.evaluate("() => window.longTasks")
        context.close()
    longest = f"{max(task['ms'] for task in tasks):.0f} ms" if tasks else "none"
    when = ", ".join(f"{task['ms']:.0f} ms at step {task['step']}" for task in tasks)
    print(f"capstone quick run: 200 steps in {seconds:.1f} s ({200 / seconds:.1f} steps a second, Python's start included)")
    print(f"capstone quick run: main-thread tasks over 50 ms while it ran: {len(tasks)}, longest {longest} ({when})")


def fmt(values):
    return "(" + ", ".join(f"{v:.2f}" for v in values) + ")"


# These machines' speed drifts (a shared host): a plain Python loop, timed before and after the
# figures, says how fast the machine was while they were taken. Run as the notes have always run
# it (`python3 -c`, its names global), it takes 1.04-1.13 s on a quiet day.
REFERENCE_LOOP = "import time\nt = time.time()\nx = 0\nfor i in range(10_000_000):\n    x += i\nprint(time.time() - t)"


def loop_seconds():
    return float(subprocess.run([sys.executable, "-c", REFERENCE_LOOP], check=True, capture_output=True, text=True).stdout)


def main():
    """`bench/run.py` runs every part; `bench/run.py browser` (or build, rebuild) only those named."""
    sections = sys.argv[1:] or ["build", "rebuild", "browser", "transfer", "capstone"]
    before = loop_seconds()
    try:
        run_sections(sections)
    finally:
        after = loop_seconds()
        print(f"machine speed: ten million additions in a Python loop took {before:.2f} s before these figures and {after:.2f} s after (1.04-1.13 s on a quiet day: the figures above grow with it)")


def run_sections(sections):
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        if "build" in sections:
            bench_build(work)
        elif {"browser", "transfer", "capstone"} & set(sections):
            build(PROJECT, work / "dist")  # the browser figures need a site
        if "rebuild" in sections:
            bench_rebuild(work)
        if "browser" in sections:
            bench_browser(work)
        if "transfer" in sections:
            bench_transfer(work)
        if "capstone" in sections:
            bench_capstone(work)


if __name__ == "__main__":
    main()
