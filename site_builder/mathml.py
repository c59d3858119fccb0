"""A Python-Markdown extension: $...$ and $$...$$ become MathML when the site is built.

latex2mathml accepts almost anything: an unknown command comes out as its own name and a
missing brace shifts the arguments of a fraction. So a formula is checked first, and a
formula that would not show what the author wrote is an error with a reason.
"""

import functools
import re
import xml.etree.ElementTree as etree

import latex2mathml.converter
from latex2mathml import commands, exceptions, symbols_parser
from latex2mathml.tokenizer import tokenize
from latex2mathml.walker import walk
from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor

# $$...$$ first so it is not read as two empty inline formulas.
DISPLAY_MATH = r"(?<!\\)\$\$(.+?)(?<!\\)\$\$"
INLINE_MATH = r"(?<![\\$])\$(?!\s)([^$\n]+?)(?<![\s\\])\$(?!\$)"

COMMAND = re.compile(r"\\[A-Za-z]+\*?")
ENVIRONMENT = re.compile(r"\\(begin|end)\{([A-Za-z]+\*?)\}")
ENDS_EARLY = "it ends where more was expected"
# latex2mathml's exceptions carry no message; these say what the author should look for.
REASONS = {
    exceptions.NumeratorNotFoundError: "a fraction has nothing above its line",
    exceptions.DenominatorNotFoundError: "a fraction has nothing below its line",
    exceptions.ExtraLeftOrMissingRightError: r"\left and \right do not pair up",
    exceptions.MissingSuperScriptOrSubscriptError: "a ^ or _ has nothing after it",
    exceptions.DoubleSubscriptsError: "two subscripts in a row: write x_{ab}, not x_a_b",
    exceptions.DoubleSuperscriptsError: "two superscripts in a row: write x^{ab}, not x^a^b",
    exceptions.NoAvailableTokensError: ENDS_EARLY,
    exceptions.InvalidStyleForGenfracError: r"\genfrac has an unknown style",
    exceptions.MissingEndError: r"a \begin{...} has no \end{...}",
    exceptions.InvalidAlignmentError: "a column alignment should use only l, c, r and |",
    exceptions.InvalidWidthError: "a width should be a whole number",
    exceptions.LimitsMustFollowMathOperatorError: r"\limits must follow an operator such as \sum",
    StopIteration: ENDS_EARLY,
    IndexError: ENDS_EARLY,
}


class MathError(ValueError):
    def __init__(self, latex, reason):
        super().__init__(f"cannot turn ${latex}$ into MathML: {reason}")
        self.latex = latex


def known_commands():
    """Every command latex2mathml converts: the names in its own tables, not a list kept here."""
    names = set(symbols_parser.SYMBOLS)
    for module in (commands, latex2mathml.converter):
        for value in vars(module).values():
            if isinstance(value, str):
                value = (value,)
            if isinstance(value, (dict, tuple, list, set, frozenset)):
                names.update(name for name in value if isinstance(name, str) and COMMAND.fullmatch(name))
    return frozenset(names)


KNOWN_COMMANDS = known_commands()
TWO_ARGUMENTS = frozenset(commands.COMMANDS_WITH_TWO_PARAMETERS)
ONE_ARGUMENT = frozenset(commands.COMMANDS_WITH_ONE_PARAMETER)


def to_mathml(latex, display=False):
    mathml, reason = converted(latex, bool(display))
    if reason is not None:
        raise MathError(latex, reason)
    return mathml


# A rebuild while serving renders the edited lesson again, formulas and all: each is
# converted once per process (a course has a few hundred).
@functools.lru_cache(maxsize=4096)
def converted(latex, display):
    """(the formula as MathML, None), or (None, why it cannot be converted)."""
    mode = "block" if display else "inline"
    reason = unbalanced(latex)
    if reason is None:
        try:
            nodes = walk(latex, mode)
        except Exception as error:  # latex2mathml raises whatever it meets: its own errors, StopIteration, IndexError
            reason = rejected(error)
        else:
            reason = unconvertible(nodes)
    if reason is None:
        try:
            return latex2mathml.converter.convert(latex, display=mode), None
        except Exception as error:
            reason = rejected(error)
    return None, reason


def rejected(error):
    """Why latex2mathml gave up, in words (its own exceptions have no message)."""
    return REASONS.get(type(error)) or str(error) or type(error).__name__


def unbalanced(latex):
    """Why the braces or \\begin/\\end of a formula do not pair up, or None."""
    open_groups = []
    for token in tokenize(latex):
        environment = ENVIRONMENT.fullmatch(token)
        if token == "{" or (environment and environment.group(1) == "begin"):
            open_groups.append(token)
        elif token == "}":
            if not open_groups or open_groups[-1] != "{":
                return "unbalanced braces: a '}' has no '{' before it"
            open_groups.pop()
        elif environment:
            begin = rf"\begin{{{environment.group(2)}}}"
            if open_groups and open_groups[-1] == begin:
                open_groups.pop()
            elif open_groups and open_groups[-1] == "{":
                return "unbalanced braces: a '{' is never closed"
            elif open_groups:
                return f"{open_groups[-1]} is closed by {token}"
            else:
                return f"{token} has no {begin} before it"
    if open_groups:
        last = open_groups[-1]
        return "unbalanced braces: a '{' is never closed" if last == "{" else f"{last} has no {last.replace('begin', 'end', 1)}"
    return None


def unconvertible(nodes):
    """Why latex2mathml's reading of a formula would not show what was written, or None."""
    for node in nodes:
        token, children = node.token, node.children or ()
        if COMMAND.fullmatch(token) and token not in KNOWN_COMMANDS:
            return f"unknown command {token}"
        if token in TWO_ARGUMENTS and len(children) != 2:
            return f"{token} needs two arguments, like {token}{{a}}{{b}}"
        if token in ONE_ARGUMENT and not children:
            return f"{token} needs an argument, like {token}{{a}}"
        reason = unconvertible(children)
        if reason:
            return reason
    return None


class MathProcessor(InlineProcessor):
    def __init__(self, pattern, md, display):
        super().__init__(pattern, md)
        self.display = display

    def handleMatch(self, match, data):
        markup = to_mathml(match.group(1).strip(), self.display)
        # Stash the finished MathML so Markdown does not touch it again.
        placeholder = self.md.htmlStash.store(markup)
        element = etree.Element("span")
        element.text = placeholder
        if self.display:
            element.set("class", "math-display")
        else:
            element.set("class", "math")
        return element, match.start(0), match.end(0)


class MathMLExtension(Extension):
    def extendMarkdown(self, md):
        md.ESCAPED_CHARS.append("$")
        md.inlinePatterns.register(MathProcessor(DISPLAY_MATH, md, display=True), "display_math", 186)
        md.inlinePatterns.register(MathProcessor(INLINE_MATH, md, display=False), "inline_math", 185)
