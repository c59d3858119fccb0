from labkit import Checks

checks = Checks()

worked = checks.case("name_length", "emma")
olivia = checks.case("name_length", "olivia")
one_letter = checks.case("name_length", "a")
empty = checks.case("name_length", "")
longest = checks.case("name_length", "muhammadibrahim")


# --- known mistakes: each is said only when it gives exactly what the learner's name_length gave ---


@checks.mistake("name_length", "That is exactly one less than the number of letters: len counts the letters themselves, from 1, so there is nothing to take away.")
def one_less(name):
    return len(name) - 1


@checks.mistake("name_length", "That is exactly the name itself, given back as it came in: give back how many letters it has, with len.")
def the_name_itself(name):
    return name


# --- checks ---


@checks.check("Gives back a number")
def gives_back_a_number(t):
    t.require_shape(t.call(worked), t.expected(worked), worked.call_text(), t.outcome(worked))


@checks.check("The lesson's example: emma")
def worked_example(t):
    t.require_close(worked, "Count the letters of emma by hand and compare.")


@checks.check("The answer depends on the name")
def depends_on_the_name(t):
    answers = [t.call(case) for case in (worked, olivia, longest)]
    if answers[0] == answers[1] == answers[2] and type(answers[0]) is int:
        t.require_close(olivia, (
            f"name_length gives back {answers[0]} for 'emma', 'olivia' and 'muhammadibrahim' alike, so the answer "
            "does not come from the name it is given. The variable name holds that name; "
            '"name", in quotes, is only the four-letter word.'
        ))
    t.require_close(olivia, "Count the letters of olivia and compare.")


@checks.check("A name of one letter")
def one_letter_name(t):
    t.require_close(one_letter, "A name of one letter has 1 letter.")


@checks.check("Empty text has no letters")
def empty_name(t):
    t.require_close(empty, "Text with nothing between the quotes has 0 letters.")


@checks.check("The longest name in the data")
def longest_name(t):
    t.require_close(longest)
