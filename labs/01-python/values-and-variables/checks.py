from labkit import Checks, show

checks = Checks()

worked = checks.case("name_length", "emma")
olivia = checks.case("name_length", "olivia")
one_letter = checks.case("name_length", "a")
empty = checks.case("name_length", "")
longest = checks.case("name_length", "muhammadibrahim")

NONE_MEANS = (
    "A function gives back only the value after `return`: print shows a value on the screen "
    "but hands nothing back, and a function that reaches its end without `return` gives back None."
)


def result_of(t, case, explain=False):
    """The learner's answer, failing with a plain explanation unless it is a number."""
    got = t.call(case)
    if got is None:
        t.fail(f"{case.call_text()} returned None; expected {show(t.expected(case))}. {NONE_MEANS if explain else ''}".strip())
    if isinstance(got, str):
        t.fail(f"{case.call_text()} returned the text {show(got)}; expected a number, how many letters it has: {show(t.expected(case))}.")
    return got


@checks.check("Gives back a number")
def gives_back_a_number(t):
    result_of(t, worked, explain=True)


@checks.check("The lesson's example: emma")
def worked_example(t):
    result_of(t, worked)
    t.require_close(worked, "Count the letters of emma by hand and compare.")


@checks.check("The answer depends on the name")
def depends_on_the_name(t):
    answers = [result_of(t, case) for case in (worked, olivia, longest)]
    if len(set(map(show, answers))) == 1:
        t.fail(
            f"It returned {show(answers[0])} for 'emma', 'olivia' and 'muhammadibrahim' alike, so the answer "
            "does not depend on the name it is given. (Remember that with quotes, "
            '"name" is the four-letter word itself, not the variable.)'
        )
    t.require_close(olivia, "Count the letters of olivia and compare.")


@checks.check("A name of one letter")
def one_letter_name(t):
    result_of(t, one_letter)
    t.require_close(one_letter)


@checks.check("Empty text has no letters")
def empty_name(t):
    result_of(t, empty)
    t.require_close(empty, "Text with nothing between the quotes has 0 letters.")


@checks.check("The longest name in the data")
def longest_name(t):
    result_of(t, longest)
    t.require_close(longest)
