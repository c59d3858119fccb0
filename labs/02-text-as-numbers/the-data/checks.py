from labkit import Checks

checks = Checks()

top_of_file = checks.case("load_names", "emma\nolivia\nava\nisabella\nsophia\n")
no_last_newline = checks.case("load_names", "jo\nbo")
blank_lines = checks.case("load_names", "ava\n\nmia\n\n\nzoe\n")
windows = checks.case("load_names", "emma\r\nava\r\n")
spaces = checks.case("load_names", "  liam \nnoah\t\n")
repeated = checks.case("load_names", "ava\nemma\nava\nabe\n")
empty = checks.case("load_names", "")


# --- known mistakes: each is said only when it gives exactly what the learner's load_names gave ---


@checks.mistake("load_names", "That is exactly the whole text with only its ends stripped, still one string: .split(\"\\n\") cuts it into a list of lines.")
def strips_the_text(text):
    return text.strip()


@checks.mistake("load_names", "That is exactly the first name alone: the `return` line is inside the loop, so the function stops on its first turn. Put `return` after the loop, one indent to the left.")
def returns_in_the_loop(text):
    for line in text.split("\n"):
        name = line.strip()
        return [name] if name else []
    return []


@checks.mistake("load_names", "That is exactly the names sorted from a to z: keep them in the order of the file, as they come.")
def sorted_names(text):
    return sorted(line.strip() for line in text.split("\n") if line.strip())


@checks.mistake("load_names", "That is exactly each name kept only the first time it comes: a name on two lines of the file is in the list twice.")
def each_name_once(text):
    names = []
    for line in text.split("\n"):
        if line.strip() and line.strip() not in names:
            names.append(line.strip())
    return names


# --- what differs, in words: said when no known mistake fits ---


def what_differs(got, expected):
    """A fact about the learner's list beside the expected one, or ""."""
    if not isinstance(got, list) or not all(isinstance(name, str) for name in got):
        return ""
    with_newline = [name for name in got if "\n" in name]
    if with_newline:
        return "A name in it still holds a newline, \"\\n\": the text is cut at every \"\\n\", so no name holds one."
    if "" in got:
        return "It holds an empty name, '': a line with nothing on it is not a name."
    if any(name != name.strip() for name in got):
        return "A name in it still has spaces or line-end characters at an end: .strip() removes them."
    if sorted(got) == sorted(expected):
        return "Those are the right names in another order: keep the order of the file."
    if 0 < len(got) < len(expected) and got == expected[: len(got)]:
        return f"It stops after {len(got)} of the {len(expected)} names."
    return ""


def names_of(t, case, hint=""):
    t.require_close(case, what_differs(t.call(case), t.expected(case)) or hint)


@checks.check("Returns a list of names")
def returns_a_list(t):
    if not isinstance(t.call(top_of_file), list):
        t.require_close(top_of_file, "load_names gives back a list, one name per line.")


@checks.check("The top of names.txt, from the lesson")
def worked_example(t):
    names_of(t, top_of_file, "Each line of the text holds one name.")


@checks.check("No empty name when the text ends with a newline")
def last_newline(t):
    names_of(t, top_of_file, "The text ends with \"\\n\", so cutting it leaves an empty last piece: that is not a name.")


@checks.check("Blank lines are skipped")
def skips_blank_lines(t):
    names_of(t, blank_lines, "A line with nothing on it is not a name.")


@checks.check("Works without a newline at the end")
def no_newline_at_end(t):
    names_of(t, no_last_newline, "The last line has no \"\\n\" after it, and it still holds a name.")


@checks.check("Spaces and Windows line ends are stripped")
def strips_each_name(t):
    names_of(t, windows, "Windows ends each line with \"\\r\\n\": after cutting at \"\\n\", a \"\\r\" is left at each name's end.")
    names_of(t, spaces, "Spaces and tabs at either end of a line are not part of the name.")


@checks.check("Keeps the file's order, and a name that appears twice")
def keeps_order_and_repeats(t):
    names_of(t, repeated, "\"ava\" is on two lines, so it is in the list twice, in the order of the file.")


@checks.check("An empty text holds no names")
def empty_text(t):
    names_of(t, empty, "An empty text has no lines with a name: the answer is the empty list.")
