"""Computed numbers: run the providers in course/numbers/ that lessons name."""

import importlib.util
import sys
from pathlib import Path

from site_builder import tomlfile
from site_builder.paths import UnsafePath, inside

NUMBERS_DIR = Path("course") / "numbers"


class Providers:
    """Imports provider modules once and calls each provider function once per build."""

    def __init__(self, root):
        self.root = Path(root)
        self.modules = {}
        self.results = {}

    def compute(self, target):
        """Call "module:function" and return its dict; raise LookupError with a plain reason."""
        if target not in self.results:
            module_name, function_name = target.split(":")
            function = getattr(self.module(module_name), function_name, None)
            if not callable(function):
                raise LookupError(f"course/numbers/{module_name}.py has no function {function_name}()")
            result = function()
            if not isinstance(result, dict):
                raise LookupError(f"{target} returned {type(result).__name__}; expected a dict of numbers")
            self.results[target] = result
        return self.results[target]

    def module(self, name):
        if name not in self.modules:
            try:
                path = inside(self.root / NUMBERS_DIR, f"{name}.py")
            except UnsafePath as error:
                raise LookupError(str(error)) from None
            if not path.is_file():
                raise LookupError(f"no provider module course/numbers/{name}.py")
            spec = importlib.util.spec_from_file_location(f"course_numbers.{name}", path)
            module = importlib.util.module_from_spec(spec)
            sys.modules[spec.name] = module
            spec.loader.exec_module(module)
            self.modules[name] = module
        return self.modules[name]


def lesson_numbers(lesson, providers, problems):
    """The numbers a lesson names, as {local name: dict}; unknown providers become problems."""
    found = {}
    front = lesson.src_path.read_text(encoding="utf-8")
    for name, target in lesson.numbers.items():
        try:
            found[name] = providers.compute(target)
        except LookupError as error:
            problems.add(lesson.src_path, f"numbers.{name}: {error}", tomlfile.key_line(front, name))
        except Exception as error:
            problems.add(lesson.src_path, f"numbers.{name}: {target} raised {type(error).__name__}: {error}", tomlfile.key_line(front, name))
    return found
