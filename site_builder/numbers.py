"""Computed numbers: run the providers in course/numbers/ that lessons name."""

import importlib.util
import inspect
import json
import math
import re
import sys
import traceback
from pathlib import Path
from types import ModuleType

from site_builder import tomlfile
from site_builder.errors import did_you_mean, exception_text
from site_builder.names_data import NamesUnavailable
from site_builder.paths import UnsafePath, inside, is_ignored
from site_builder.time_limit import TimedOut, time_limit

NUMBERS_DIR = Path("course") / "numbers"
PROVIDER_SECONDS = 60  # the slowest provider (the real model on names) takes a few seconds
MAX_DEPTH = 40  # nesting deeper than any page's data goes
# course/numbers/ is imported as this package, so a provider can use another with
# `from . import attention` and both share the one module the build already ran.
PACKAGE = "course_numbers"
MODULE_NAME = re.compile(r"[\w-]+")


class NumbersUnavailable(LookupError):
    """A reference into numbers whose provider failed: that is reported already, so say nothing more."""


class ProviderFailed(Exception):
    """A provider's own code failed at `path`:`line` in course/numbers/.

    `message` is said once at that place; `summary` at each line that names the provider.
    `key` is the same for every provider that fails through the same error.
    """

    def __init__(self, path, line, message, summary, key):
        super().__init__(message)
        self.path, self.line, self.message, self.summary, self.key = path, line, message, summary, key

    def __reduce__(self):  # to cross from a worker process, as an Exception of five arguments
        return ProviderFailed, (self.path, self.line, self.message, self.summary, self.key)


class Unavailable:
    """Stands in for the numbers of a name whose provider failed."""

    def __repr__(self):
        return "UNAVAILABLE"


UNAVAILABLE = Unavailable()


class Providers:
    """Imports provider modules once and calls each provider function once per build.

    With a `cache`, a result kept from an earlier build whose inputs are unchanged is
    used instead of calling the provider (see site_builder/provider_cache.py).
    """

    def __init__(self, root, cache=None, digests=None):
        self.root = Path(root)
        fresh_package(self.root / NUMBERS_DIR)
        self.cache, self.digests = cache, digests
        # What providers read, digested before any of them runs; results are kept under it
        # at the end, and only if it still holds (a save during the build would go unseen).
        self.cache_inputs = cache.inputs(self.root, digests) if cache else None
        self.computed = {}  # target -> result, of the providers that ran in this build
        self.modules = {}
        self.results = {}
        self.failures = {}  # target or module name -> the LookupError or ProviderFailed it gave
        self.reported = set()  # the keys of provider failures already reported
        self.coming = {}  # target -> the Piece computing it in a worker (see prefetch)

    def prefetch(self, targets, workers):
        """Start computing `targets` in `workers` (site_builder/workers.py); compute() takes each result as it needs it.

        Only with worker processes: in this process, compute() would do the same work later.
        Targets kept from an earlier build are read, not computed.
        """
        if not workers.parallel:
            return
        by_module = {}  # a module's providers share what the module computes once: one piece each
        for target in dict.fromkeys(targets):
            kept = self.cache and self.cache.has(self.cache_inputs, target)
            if target not in self.results and target not in self.coming and not kept:
                by_module.setdefault(target.split(":")[0], []).append(target)
        # A module that uses a slow module's numbers would only wait for them in the other
        # worker: it joins that module's piece, and is computed after it, in the same process.
        pieces = {}
        for name, group in by_module.items():
            chain = [name]  # name, the slow module it uses, the slow module that one uses, ...
            while (slow := self.slow_import(chain[-1], by_module)) and slow not in chain:
                chain.append(slow)
            pieces.setdefault(chain[-1], []).append((len(chain), group))
        # The longest first: a module that takes seconds, started last, would keep one core
        # busy after the other has run out of work.
        for name, groups in sorted(pieces.items(), key=lambda item: -self.build_seconds(item[0])):
            group = [target for _, part in sorted(groups, key=lambda pair: pair[0]) for target in part]
            piece = workers.submit(computed_in_worker, str(self.root), group)
            self.coming.update((target, piece) for target in group)

    def slow_import(self, name, modules):
        """The slowest module among `modules` (names) that module `name` imports and that says it
        takes seconds (BUILD_SECONDS), or None."""
        try:
            imported = [value.__name__.removeprefix(f"{PACKAGE}.") for value in vars(self.module(name)).values()
                        if isinstance(value, ModuleType) and value.__name__.startswith(f"{PACKAGE}.")]
        except (LookupError, ProviderFailed):
            return None
        slow = [other for other in imported if other != name and other in modules and self.build_seconds(other) > 0]
        return max(slow, key=self.build_seconds, default=None)

    def build_seconds(self, name):
        """What module `name` says its numbers take to compute (`BUILD_SECONDS`, 0 unless it says).

        A module that cannot be imported counts 0: its failure is kept, and reported where a page
        asks for its numbers, as without workers.
        """
        try:
            seconds = getattr(self.module(name), "BUILD_SECONDS", 0)
        except (LookupError, ProviderFailed):
            return 0
        return seconds if isinstance(seconds, (int, float)) and not isinstance(seconds, bool) else 0

    def compute(self, target):
        """Call "module:function" and return its dict.

        Raises LookupError with a plain reason when the target names nothing or returns
        what no page can show, and ProviderFailed when the provider's code raised.
        """
        if target in self.failures:
            raise self.failures[target]
        if target not in self.results:
            kept = self.kept(target)
            if kept is not None:
                self.results[target] = kept
                return kept
            prefetched = self.coming.pop(target).result().get(target) if target in self.coming else None
            if prefetched is not None:
                self.results[target] = self.computed[target] = prefetched
                return prefetched
            try:
                self.results[target] = self.call(target)
            except (LookupError, ProviderFailed) as error:
                self.failures[target] = error  # failures are never kept: the next build says them again
                raise
            self.computed[target] = self.results[target]
        return self.results[target]

    def as_text(self, target):
        """What `target` gives, as JSON text (for digests): read from the cache without parsing it when it is kept there.

        Raises what compute() raises.
        """
        if target not in self.results and target not in self.failures and self.cache:
            text = self.cache.text(self.cache_inputs, target)
            if text is not None:
                return text
        return json.dumps(self.compute(target))

    def kept(self, target):
        return self.cache.get(self.cache_inputs, target) if self.cache else None

    def keep_results(self):
        """Keep what this build computed for the next, unless a provider's input changed meanwhile."""
        if self.digests:
            self.digests.relist()  # a provider file added during the build must count
        if self.cache and self.computed and self.cache.inputs(self.root, self.digests) == self.cache_inputs:
            for target, result in self.computed.items():
                self.cache.put(self.cache_inputs, target, result)
        self.computed = {}

    def call(self, target):
        module_name, function_name = target.split(":")
        function = getattr(self.module(module_name), function_name, None)
        if not callable(function):
            defined = [name for name, value in vars(self.module(module_name)).items() if is_provider(value, module_name)]
            raise LookupError(f"course/numbers/{module_name}.py has no function {function_name}(){did_you_mean(function_name, defined)}")
        try:
            with time_limit(PROVIDER_SECONDS, self.in_numbers, target):
                result = function()
        except TimedOut as timeout:
            raise self.timed_out(timeout, target) from None
        except (KeyboardInterrupt, NamesUnavailable):  # the author's Ctrl+C; a build that cannot have the names at all
            raise
        except BaseException as error:  # SystemExit and GeneratorExit too: a provider must not end the build
            raise self.failed(error, target) from None
        if not isinstance(result, dict):
            raise self.returned_badly(function, target, f"returned {type(result).__name__}; expected a dict of numbers", f"returned {type(result).__name__}")
        bad = not_page_data(result)
        if bad:
            what, where, why = bad
            raise self.returned_badly(function, target, f"returned {what} at {where!r}{why}", f"returned {what}")
        return result

    def timed_out(self, timeout, target):
        """A ProviderFailed at the line of course/numbers/ that was running when time ran out."""
        path, line = next(((self.relative(filename), line) for filename, line in timeout.stack), (None, None))
        message = f"{target} ran for more than {PROVIDER_SECONDS} seconds: is there a loop that never ends?"
        where = f"{path}:{line}" if path else NUMBERS_DIR.as_posix()
        return ProviderFailed(path, line, message, f"ran too long (see {where})", (path, line, "timed out"))

    def returned_badly(self, function, target, reason, short):
        """A ProviderFailed at the function's def line: what it returned is its own doing."""
        code = getattr(function, "__code__", None)
        if code is None or not self.in_numbers(code.co_filename):
            return LookupError(f"{target} {reason}")
        path, line = self.relative(code.co_filename), code.co_firstlineno
        return ProviderFailed(path, line, f"{target} {reason}", f"{short} (see {path}:{line})", (path, line, reason))

    def module(self, name):
        if name in self.failures:
            raise self.failures[name]
        if name not in self.modules:
            try:
                path = inside(self.root / NUMBERS_DIR, f"{name}.py")
            except UnsafePath as error:
                raise LookupError(str(error)) from None
            if not MODULE_NAME.fullmatch(name) or not path.is_file():
                others = [file.stem for file in (self.root / NUMBERS_DIR).glob("*.py") if not is_ignored(file)]
                raise LookupError(f"no provider module course/numbers/{name}.py{did_you_mean(name, others)}")
            try:
                with time_limit(PROVIDER_SECONDS, self.in_numbers, f"course/numbers/{name}.py"):
                    self.modules[name] = importlib.import_module(f"{PACKAGE}.{name}")
            except TimedOut as timeout:
                self.failures[name] = self.timed_out(timeout, f"importing course/numbers/{name}.py")
                raise self.failures[name] from None
            except KeyboardInterrupt:
                raise
            except BaseException as error:  # SystemExit and GeneratorExit too
                self.failures[name] = self.failed(error, f"importing course/numbers/{name}.py")
                raise self.failures[name] from None
        return self.modules[name]

    def failed(self, error, what):
        """The ProviderFailed for `error`, placed at the innermost line of course/numbers/ it passed."""
        if isinstance(error, SyntaxError) and error.filename and self.in_numbers(error.filename):
            path, line = self.relative(error.filename), error.lineno
            message = f"syntax error: {error.msg}"
            return ProviderFailed(path, line, message, f"cannot run: syntax error (see {path}:{line})", (path, line, message))
        path, line = None, None
        for frame in traceback.extract_tb(error.__traceback__):
            if self.in_numbers(frame.filename):
                path, line = self.relative(frame.filename), frame.lineno
        reason = exception_text(error)
        where = f"{path}:{line}" if path else NUMBERS_DIR.as_posix()
        return ProviderFailed(path, line, f"{what} raised {reason}", f"raised {type(error).__name__} (see {where})", (path, line, reason))

    def in_numbers(self, filename):
        try:
            Path(filename).resolve().relative_to((self.root / NUMBERS_DIR).resolve())
            return True
        except (ValueError, OSError):
            return False

    def relative(self, filename):
        try:
            return Path(filename).resolve().relative_to(self.root.resolve()).as_posix()
        except (ValueError, OSError):
            return str(filename)

    def report(self, failure, problems):
        """Say what went wrong in the provider's own file, once however many pages name it."""
        if failure.key not in self.reported:
            self.reported.add(failure.key)
            report_failure(self.root, failure, problems)

    def ready(self, targets):
        """Whether compute() can give each of `targets` without waiting for a worker."""
        return all(target not in self.coming or self.coming[target].done() for target in targets)

    def known(self, targets):
        """KnownNumbers of `targets`, each with its result or failure, for code that runs where providers cannot."""
        found = {}
        for target in targets:
            try:
                found[target] = self.compute(target)
            except (LookupError, ProviderFailed) as error:
                found[target] = error
        return KnownNumbers(self.root, found)


class KnownNumbers:
    """Providers' results (or failures) computed already, standing in for Providers in a worker process.

    Verifying a lab reads the numbers its worked examples name; its worker is given them
    instead of running the providers again.
    """

    def __init__(self, root, found):
        self.root, self.found = Path(root), found

    def compute(self, target):
        value = self.found[target]
        if isinstance(value, Exception):
            raise value
        return value

    def report(self, failure, problems):
        # Each worker says it again; Problems keeps one of each (CourseInvalid drops repeats).
        report_failure(self.root, failure, problems)


def report_failure(root, failure, problems):
    problems.add(root / failure.path if failure.path else root / NUMBERS_DIR, failure.message, failure.line)


_WORKER_PROVIDERS = {}  # root -> the Providers of this worker process


def computed_in_worker(root, targets):
    """A piece of work for a worker process: {target: its result} for those of `targets` that give one.

    A failure is not sent back: the build computes that target again itself, and reports
    it with the same words and lines as a build without workers would.
    """
    if root not in _WORKER_PROVIDERS:
        _WORKER_PROVIDERS[root] = Providers(root)
    results = {}
    for target in targets:
        try:
            results[target] = _WORKER_PROVIDERS[root].compute(target)
        except (LookupError, ProviderFailed, NamesUnavailable):
            pass
    return results


def fresh_package(folder):
    """Make `folder` the package PACKAGE, forgetting the modules an earlier build imported from it.

    `course serve` builds again in the same process, so providers edited since are read anew.
    """
    for name in [name for name in sys.modules if name == PACKAGE or name.startswith(f"{PACKAGE}.")]:
        del sys.modules[name]
    importlib.invalidate_caches()  # a provider file added since the last build is found
    package = importlib.util.module_from_spec(importlib.util.spec_from_loader(PACKAGE, None, is_package=True))
    package.__path__ = [str(folder)]
    sys.modules[PACKAGE] = package


def is_provider(value, module_name):
    """A function written in course/numbers/<module_name>.py itself (not one it imported)."""
    return inspect.isfunction(value) and value.__module__ == f"{PACKAGE}.{module_name}" and not value.__name__.startswith("_")


def not_page_data(value, where="", depth=0, holding=()):
    """(what, where such as 'steps[2].weights', why) when `value` is not plain data a page can carry, or None.

    Pages carry numbers as JSON: finite numbers, text, true/false and None, in lists and in
    tables with text keys, nested at most MAX_DEPTH deep and never holding themselves.
    """
    if isinstance(value, float) and not math.isfinite(value):
        return repr(value), where, " (every number must be finite)"
    if value is None or isinstance(value, (bool, int, float, str)):
        return None
    if id(value) in holding:
        return "a value that contains itself", where, ""
    if depth >= MAX_DEPTH:
        return f"values nested more than {MAX_DEPTH} deep", where, ""
    if isinstance(value, dict):
        bad_key = next((key for key in value if not isinstance(key, str)), None)
        if bad_key is not None:
            return f"a table key {bad_key!r} that is not text", where, ""
        parts = ((value[key], f"{where}.{key}" if where else str(key)) for key in value)
    elif isinstance(value, (list, tuple)):
        parts = ((item, f"{where}[{index}]") for index, item in enumerate(value))
    else:
        return f"a {type(value).__name__}", where, " (a page can show numbers, text, true/false, lists and dicts)"
    for item, path in parts:
        found = not_page_data(item, path, depth + 1, (*holding, id(value)))
        if found:
            return found
    return None


def document_numbers(declared, providers, path, text, problems, line_offset=0):
    """{local name: dict} for a lesson's, page's or film's [numbers].

    A name whose provider fails is reported at the line that declares it and maps to
    UNAVAILABLE, so whatever reads it stays quiet instead of repeating that it is missing.
    """
    found = {}
    for name, target in declared.items():
        line = tomlfile.key_line(text, name, line_offset=line_offset)
        try:
            found[name] = providers.compute(target)
        except ProviderFailed as failure:
            providers.report(failure, problems)
            problems.add(path, f"numbers.{name}: {target} {failure.summary}", line)
            found[name] = UNAVAILABLE
        except LookupError as error:
            problems.add(path, f"numbers.{name}: {error}", line)
            found[name] = UNAVAILABLE
    return found


def lesson_numbers(lesson, providers, problems):
    """The numbers a lesson or page names, as {local name: dict}; failures become problems."""
    return document_numbers(lesson.numbers, providers, lesson.src_path, lesson.src_path.read_text(encoding="utf-8"), problems)
