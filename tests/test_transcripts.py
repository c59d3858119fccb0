"""Golden transcript: every lab's solution, starter and wrong answers through the real checker.

Regenerate on purpose with `pytest tests/test_transcripts.py --regen-golden`, then read the diff.
"""

import ast
import json
import re
from pathlib import Path

import pytest

from labkit import grading
from site_builder.errors import Problems
from site_builder.loader import load_course
from site_builder.memo import PROCESS_MEMO
from site_builder.verify import verify_labs
from tests.cpython_grading import graded

PROJECT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).parent / "golden" / "transcripts.json"


def transcript_of(verified):
    lab = verified.lab
    programs = {"solution": lab.solution, "starter": lab.starter}
    programs.update({f"wrong/{w.name}": w.code for w in lab.wrong_answers})
    transcript = {}
    for name, code in programs.items():
        result = graded(verified.bundle(), code)
        transcript[name] = {
            "status": result["status"],
            "summary": result["summary"],
            "failures": {c["name"]: c["message"] for c in result["checks"] if not c["passed"]},
            "notes": result["notes"],
        }
    return transcript


@pytest.fixture(scope="module")
def transcripts():
    problems = Problems(PROJECT)
    # The build's memo: a lab the build has verified with these very files is not verified
    # again. Every program is still graded below, once in the run (tests/cpython_grading.py).
    verified = verify_labs(load_course(PROJECT).labs, problems, memo=PROCESS_MEMO)
    assert not problems.found, problems.found
    return {lab_id: transcript_of(v) for lab_id, v in sorted(verified.items())}


def test_golden_transcript(transcripts, request, capsys):
    if request.config.getoption("--regen-golden"):
        before = json.loads(GOLDEN.read_text()) if GOLDEN.is_file() else {}
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(json.dumps(transcripts, indent=2, ensure_ascii=False, sort_keys=True) + "\n")
        with capsys.disabled():  # said even under pytest's capture: this is what the author must review
            print("\n" + "\n".join(["Rewrote tests/golden/transcripts.json.", *what_changed(before, transcripts)]))
    assert transcripts == json.loads(GOLDEN.read_text())


def what_changed(before, after):
    """Lines saying, lab by lab, which programs' status, summary or failures changed."""
    lines = []
    for lab_id in sorted(set(before) | set(after)):
        if lab_id not in before or lab_id not in after:
            lines.append(f"{lab_id}: {'new lab' if lab_id not in before else 'lab removed'}")
            continue
        changed = program_changes(before[lab_id], after[lab_id])
        if changed:
            lines.extend([f"{lab_id}:", *(f"  {line}" for line in changed)])
    return lines or ["Nothing changed."]


def program_changes(before, after):
    lines = []
    for program in sorted(set(before) | set(after)):
        old, new = before.get(program), after.get(program)
        if old == new:
            continue
        if old is None or new is None:
            lines.append(f"{program}: {'new program' if old is None else 'program removed'}")
            continue
        said = [f"{field} {old[field]!r} -> {new[field]!r}" for field in ("status", "summary") if old[field] != new[field]]
        said += failure_changes(old["failures"], new["failures"])
        if old.get("notes", []) != new.get("notes", []):
            said.append(f"notes {old.get('notes', [])!r} -> {new.get('notes', [])!r}")
        lines.append(f"{program}: {'; '.join(said)}")
    return lines


def failure_changes(old, new):
    """"'Check' now fails", "'Check' now passes", "'Check' says something else" for each check that changed."""
    said = []
    for name in sorted(set(old) | set(new)):
        if name not in old:
            said.append(f"{name!r} now fails")
        elif name not in new:
            said.append(f"{name!r} now passes")
        elif old[name] != new[name]:
            said.append(f"{name!r} says something else")
    return said


def test_what_changed_names_each_program_and_what_changed_in_it():
    ok = {"status": "passed", "summary": "All checks passed (2 of 2).", "failures": {}}
    one = {"status": "failed", "summary": "1 of 2 checks failed.", "failures": {"Adds": "add(2, 3) returned 6."}}
    before = {"m/add": {"solution": ok, "wrong/multiplies": one}, "m/old": {"solution": ok}}
    after = {
        "m/add": {"solution": one, "wrong/multiplies": {**one, "failures": {"Adds": "add(2, 3) returned 7."}}},
        "m/new": {"solution": ok},
    }
    assert what_changed(before, after) == [
        "m/add:",
        "  solution: status 'passed' -> 'failed'; summary 'All checks passed (2 of 2).' -> '1 of 2 checks failed.'; 'Adds' now fails",
        "  wrong/multiplies: 'Adds' says something else",
        "m/new: new lab",
        "m/old: lab removed",
    ]
    assert what_changed(after, after) == ["Nothing changed."]


def test_every_solution_passes_and_every_starter_fails(transcripts):
    for lab_id, transcript in transcripts.items():
        assert transcript["solution"]["status"] == "passed", lab_id
        assert transcript["starter"]["status"] != "passed", lab_id


def test_every_wrong_answer_fails_with_its_own_message(transcripts):
    course = load_course(PROJECT)
    for lab in course.labs:
        for wrong in lab.wrong_answers:
            failures = transcripts[lab.id][f"wrong/{wrong.name}"]["failures"]
            assert any(wrong.expect in message for message in failures.values()), (lab.id, wrong.name)
        expects = [wrong.expect for wrong in lab.wrong_answers]
        assert len(set(expects)) == len(expects), f"{lab.id}: two wrong answers expect the same message"


def test_each_lab_has_five_checks_and_three_wrong_answers():
    for lab in load_course(PROJECT).labs:
        checks = grading.load_checks(lab.checks_source, lab.id)
        assert len(checks.checks) >= 5, lab.id
        assert len(lab.wrong_answers) >= 3, lab.id


# --- what a learner is shown: never a value written like its expected one, never the solution ---

# "returned X; expected Y" and "changed from X to Y", as the checks write them.
SIDE_BY_SIDE = re.compile(r"returned (.+?); expected (.*)|changed from (.+?) to (.*)")


def leading_value(text):
    """The value a text starts with: a whole [...] list, or a number up to the end of its sentence."""
    if text.startswith("["):
        depth = 0
        for end, char in enumerate(text):
            depth += {"[": 1, "]": -1}.get(char, 0)
            if depth == 0:
                return text[: end + 1]
    return re.match(r"\S+?(?=[.,;]?(?: |$))", text).group(0)


def test_leading_value_reads_whole_lists():
    assert leading_value("[1.6, -0.8, [2, 3]]. They first differ") == "[1.6, -0.8, [2, 3]]"
    assert leading_value("1.6. Then") == "1.6"
    assert leading_value("0.25, so") == "0.25"


def test_no_failure_shows_what_came_back_written_like_what_was_expected(transcripts):
    pairs = 0
    for lab_id, transcript in transcripts.items():
        for program, record in transcript.items():
            for check, message in record["failures"].items():
                for line in message.splitlines():
                    for found in SIDE_BY_SIDE.finditer(line):
                        got, rest = found.group(1, 2) if found.group(1) else found.group(3, 4)
                        if " " in got and not got.startswith("["):
                            continue  # "returned 4 outputs for 5 positions": words, not a value
                        pairs += 1
                        assert got != leading_value(rest), (lab_id, program, check, message)
    assert pairs > 50  # the pattern still finds the checks' wording


MIN_FRAGMENT = 10  # characters, spaces left out: shorter ones (t + p, keys[t]) are words of the lesson


def squeezed(text):
    return re.sub(r"\s+", "", text)


def solution_functions(lab):
    return [node for node in ast.walk(ast.parse(lab.solution)) if isinstance(node, ast.FunctionDef)]


def is_computation(node):
    """A statement that computes part of the answer: not a loop header, `outputs = []` or `return outputs`."""
    return isinstance(node, (ast.Assign, ast.AugAssign, ast.Return, ast.Expr)) and not isinstance(
        node.value, (ast.Name, ast.Constant, ast.List, type(None))
    )


def solution_lines(lab):
    """The solution's statements that compute part of the answer and are not in the starter, spaces left out."""
    starter = squeezed(lab.starter)
    found = set()
    for function in solution_functions(lab):
        for node in filter(is_computation, ast.walk(function)):
            line = squeezed(ast.unparse(node))
            if len(line) >= MIN_FRAGMENT and line not in starter:
                found.add(line)
    return found


class Inlined(ast.NodeTransformer):
    """An expression with the solution's helper names replaced by what they hold: token_row -> wte[token_id]."""

    def __init__(self, names):
        self.names = names

    def visit_Name(self, node):
        if isinstance(node.ctx, ast.Load) and node.id in self.names:
            return Inlined(self.names).visit(ast.parse(ast.unparse(self.names[node.id]), mode="eval").body)
        return node


def helper_names(function):
    """name -> expression, for each `name = expression` in a function whose expression does not read the name."""
    names = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
            if not any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(node.value)):
                names[name] = node.value
    return names


def solution_fragments(lab):
    """Solution lines and the expressions they compute, also with the helper names spelled out.

    A message could hand over `keys[:t + 1]` or `[t + p for t, p in zip(wte[token_id], wpe[position])]`
    without ever writing a line of solution.py as it stands.
    """
    starter = squeezed(lab.starter)
    found = set(solution_lines(lab))
    for function in solution_functions(lab):
        names = helper_names(function)
        for node in filter(is_computation, ast.walk(function)):
            parts = [node.value, *(node.value.args if isinstance(node.value, ast.Call) else [])]
            for part in parts:
                inlined = Inlined(names).visit(ast.parse(ast.unparse(part), mode="eval").body)
                for text in (squeezed(ast.unparse(part)), squeezed(ast.unparse(inlined))):
                    if len(text) >= MIN_FRAGMENT and text not in starter:
                        found.add(text)
    return found


def test_the_fragments_are_the_answer_and_not_the_scaffolding():
    lab = load_course(PROJECT).labs.get("08-attention/causal-masking")
    fragments = solution_fragments(lab)
    assert "seen_keys=keys[:t+1]" in fragments and "keys[:t+1]" in fragments
    assert "attend(queries[t],keys[:t+1],values[:t+1])" in fragments  # as a hint could write it
    assert not any(fragment.startswith(("outputs=[]", "returnoutputs", "fort")) for fragment in fragments)
    embed = load_course(PROJECT).labs.get("08-attention/position-embeddings")
    assert "[t+pfort,pinzip(wte[token_id],wpe[position])]" in solution_fragments(embed)


def without_own_lines(text, code):
    """The message without the lines a traceback quotes from the learner's own code: those are theirs already."""
    own = {line.strip() for line in code.splitlines() if line.strip()}
    return "\n".join(line for line in text.splitlines() if line.strip() not in own)


def test_no_message_for_the_starter_or_a_wrong_answer_holds_a_line_of_the_solution(transcripts):
    for lab in load_course(PROJECT).labs:
        fragments = solution_fragments(lab)
        assert fragments, lab.id
        codes = {"starter": lab.starter, **{f"wrong/{w.name}": w.code for w in lab.wrong_answers}}
        for program, code in codes.items():
            record = transcripts[lab.id][program]
            for text in [record["summary"], *record["failures"].values(), *record["notes"]]:
                leaked = [fragment for fragment in fragments if fragment in squeezed(without_own_lines(text, code))]
                assert not leaked, (lab.id, program, leaked, text)


def operands(node):
    """The names and numbers an expression combines: `total / pairs` has two, `len` and `out.append` none.

    The function a call calls and the attribute read off a name are words of Python, not operands.
    """
    if isinstance(node, (ast.Name, ast.Constant)):
        return 1
    if isinstance(node, ast.Attribute):
        return operands(node.value) if not isinstance(node.value, ast.Name) else 1
    if isinstance(node, ast.Call):
        return sum(operands(arg) for arg in [*node.args, *(keyword.value for keyword in node.keywords)])
    return sum(operands(child) for child in ast.iter_child_nodes(node) if isinstance(child, ast.expr | ast.comprehension))


def solution_expressions(lab):
    """Every expression inside the solution's computing lines that combines two operands or more, spaces left out.

    `local_grad * node.grad`, `total / pairs`, `round(ours, decimals)`: a hint that writes one
    of these hands over the answer piece by piece. `math.log`, `chars.index` or `len(xs)`
    alone name a tool; the hint may name it.
    """
    starter = squeezed(lab.starter)
    found = set()
    for function in solution_functions(lab):
        for node in filter(is_computation, ast.walk(function)):
            for part in ast.walk(node.value):
                if isinstance(part, ast.expr) and operands(part) >= 2:
                    text = squeezed(ast.unparse(part))
                    if len(text) >= MIN_EXPRESSION and text not in starter:
                        found.add(text)
    return found


MIN_EXPRESSION = 7  # characters, spaces left out: `pos+1` is a word of any loop; `step/steps` is this lab's answer


def test_the_solution_expressions_are_the_pieces_of_the_answer():
    lab = load_course(PROJECT).labs.get("03-counting-model/how-good-is-it")
    found = solution_expressions(lab)
    assert {"total/pairs", "-math.log(P[a][b])", "P[a][b]"} <= found
    assert not {"math.log", "pairs", "encode(name)"} & found


def test_no_hint_holds_a_line_or_an_expression_of_the_solution():
    for lab in load_course(PROJECT).labs:
        assert len(lab.hints) >= 3, lab.id  # they climb: where to look, what to compute, the shape of the line
        pieces = solution_lines(lab) | solution_fragments(lab) | solution_expressions(lab)
        for number, hint in enumerate(lab.hints, start=1):
            leaked = sorted(piece for piece in pieces if piece in squeezed(hint))
            assert not leaked, (lab.id, f"hint {number}", leaked)
