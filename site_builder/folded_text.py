"""A lesson's simple numbers, folded into its prose before Jinja compiles the rest.

Most of a lesson's `{{ ... }}` sit in its prose, outside any `{% for %}` or `{% if %}`:
`{{ worked.dots[0] | num(0) }}`, `{{ size.width }}`. Compiling them costs most of what
compiling a lesson costs (a cold build compiles fifty lessons), though each is only a
name, then `.key` and `[index]` steps, then filters with literal arguments. So the skeleton
lesson_text.py compiles holds these as part of the run of prose they sit in, and they are
filled in here, before the skeleton is rendered, with the environment's own lookups and
filters, in the order Jinja's compiled code would call them.

Only what Jinja would fill in the same way is folded: an expression read token by token from
Jinja's own lexer, on one line, outside every block; in a text whose only tags are `for` and
`if` (a `{% set %}` could give a name another meaning). When one of them cannot be filled in
(a missing key, a number that failed), `resolved` says None and the lesson is compiled unfolded,
so that the author reads Jinja's own message at its line.
"""

from dataclasses import dataclass

import jinja2

from site_builder.simple_text import filled_in

# What each tag does to the depth. A macro's name is never folded: it would be the macro's, not a number's.
BLOCKS = {"for": 1, "if": 1, "macro": 1, "elif": 0, "else": 0, "endfor": -1, "endif": -1, "endmacro": -1}
CONSTANTS = frozenset({"true", "false", "none", "True", "False", "None"})  # names Jinja reads as values


@dataclass(frozen=True)
class Expression:
    """`name`, then `steps` (("attribute" or "item", key)), then `filters` ((filter name, literal arguments))."""

    name: str
    steps: tuple
    filters: tuple


def folded_tokens(tokens, environment):
    """Jinja's raw `tokens` (lexer.tokeniter) with each simple expression outside every block
    and the prose around it made one "data" token whose value is a tuple of its parts (text and
    Expressions); None when the text has a tag other than for, if and macro."""
    out, run, depth, index = [], None, 0, 0  # run: [line, parts] of the prose being gathered
    macros = macro_names(tokens)

    def flush():
        nonlocal run
        if run:
            line, parts = run
            out.append((line, "data", parts[0] if len(parts) == 1 and isinstance(parts[0], str) else tuple(parts)))
        run = None

    while index < len(tokens):
        line, kind, value = tokens[index]
        if kind == "block_begin":
            name = next((tokens[at][2] for at in range(index + 1, len(tokens)) if tokens[at][1] != "whitespace"), None)
            if name not in BLOCKS:
                return None
            depth += BLOCKS[name]
        elif kind == "variable_begin" and depth == 0:
            end = next(at for at in range(index, len(tokens)) if tokens[at][1] == "variable_end")
            group = tokens[index:end + 1]
            expression = simple_expression(group, environment)
            if expression is not None and expression.name not in macros:
                run = run or [line, []]
                run[1].append(expression)
                index = end + 1
                continue
        if kind == "data":
            run = run or [line, []]
            run[1].append(value)
        else:
            flush()
            out.append((line, kind, value))
        index += 1
    flush()
    return out


def macro_names(tokens):
    """The names the text's {% macro %} tags define."""
    words = [(kind, value) for _, kind, value in tokens if kind != "whitespace"]
    return {words[at + 2][1] for at in range(len(words) - 2) if words[at][0] == "block_begin" and words[at + 1] == ("name", "macro") and words[at + 2][0] == "name"}


def simple_expression(group, environment):
    """The Expression a `{{ ... }}`'s raw tokens write, or None when it is anything more, or spans lines."""
    if len({line for line, _, _ in group}) != 1:
        return None
    try:
        tokens = [(token.type, token.value) for token in environment.lexer.wrap(iter(group[1:-1]))]
    except jinja2.TemplateSyntaxError:
        return None
    if not tokens or tokens[0][0] != "name" or tokens[0][1] in CONSTANTS:
        return None
    name, at, steps, filters = tokens[0][1], 1, [], []
    while at < len(tokens) and tokens[at][0] in ("dot", "lbracket"):
        if tokens[at][0] == "dot" and at + 1 < len(tokens) and tokens[at + 1][0] == "name":
            steps.append(("attribute", tokens[at + 1][1]))
            at += 2
            continue
        key, after = literal(tokens, at + 1) if tokens[at][0] == "lbracket" else (None, at)
        if key is None or isinstance(key, float) or after >= len(tokens) or tokens[after][0] != "rbracket":
            return None
        steps.append(("item", key))
        at = after + 1
    while at < len(tokens) and tokens[at][0] == "pipe":
        if at + 1 >= len(tokens) or tokens[at + 1][0] != "name":
            return None
        filter_name = tokens[at + 1][1]
        function = environment.filters.get(filter_name)
        if function is None or getattr(function, "jinja_pass_arg", None) is not None:
            return None
        arguments, at = [], at + 2
        if at < len(tokens) and tokens[at][0] == "lparen":
            arguments, at = literal_arguments(tokens, at + 1)
            if arguments is None:
                return None
        filters.append((filter_name, tuple(arguments)))
    return Expression(name, tuple(steps), tuple(filters)) if at == len(tokens) else None


def literal_arguments(tokens, at):
    """(the literals written from `at` up to a ")", the place after it), or (None, at)."""
    arguments = []
    while at < len(tokens) and tokens[at][0] != "rparen":
        value, at = literal(tokens, at)
        if value is None:
            return None, at
        arguments.append(value)
        if at < len(tokens) and tokens[at][0] == "comma":
            at += 1
            if at < len(tokens) and tokens[at][0] == "rparen":
                return None, at  # a trailing comma: Jinja reads it, but not as this
        elif at >= len(tokens) or tokens[at][0] != "rparen":
            return None, at
    return (arguments, at + 1) if at < len(tokens) else (None, at)


def literal(tokens, at):
    """(the number or string written at `at`, with a leading minus, the place after it), or (None, at)."""
    negative = at < len(tokens) and tokens[at][0] == "sub"
    at += negative
    if at >= len(tokens) or tokens[at][0] not in ("integer", "float", "string") or (negative and tokens[at][0] == "string"):
        return None, at
    value = tokens[at][1]
    return (-value if negative else value), at + 1


def resolved(parts, context, environment):
    """The run of prose with its Expressions filled in; None when one cannot be as Jinja would."""
    pieces = []
    for part in parts:
        if isinstance(part, str):
            pieces.append(part)
            continue
        value = filled_in(part.name, part.steps, part.filters, context, environment)
        if value is None:
            return None
        pieces.append(value)
    return "".join(pieces)
