"""Grade a learner's file in a Python of its own, as the browser grades in its worker.

`course check` runs the learner's code, and the learner's code can do anything: loop for
ever, call os._exit, replace sys.stdout. So the verdict is made in a child process that
reads the lab and the code from stdin and writes its verdict to a pipe it opened before
any learner code ran; the parent holds the lab's time limit and says what happened when
the child never answers. Run as `python -m site_builder.check_process FD`.
"""

import json
import os
import subprocess
import sys

# What the browser says when the time limit stops a Check (static/js/lab.js), word for word.
OVER_TIME = "Stopped before the checks finished. Your code ran for more than {limit}, this lab's time limit. Is there a loop that never ends?"
ENDED = "Your code ended Python before the checks finished (exit code {code}), so there is no verdict. Look for exit(), quit() or os._exit() in your file."


def seconds(limit):
    return f"{limit:g} second{'' if limit == 1 else 's'}"


def grade_in_child(bundle, code, time_limit):
    """The verdict dict for `code`, graded in a fresh Python stopped after `time_limit` seconds.

    Also returns what the learner's code printed, for the terminal to show.
    """
    read_end, write_end = os.pipe()
    request = json.dumps({"id": bundle.id, "checks_source": bundle.checks_source, "expected": bundle.expected, "functions": list(bundle.functions), "code": code})
    child = subprocess.Popen(
        [sys.executable, "-m", "site_builder.check_process", str(write_end)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        pass_fds=(write_end,),
    )
    os.close(write_end)
    try:
        printed, _ = child.communicate(request.encode("utf-8"), timeout=time_limit)
    except subprocess.TimeoutExpired:
        child.kill()
        printed, _ = child.communicate()
        os.close(read_end)
        return stopped(OVER_TIME.format(limit=seconds(time_limit))), printed.decode("utf-8", "replace")
    with os.fdopen(read_end, "rb") as pipe:
        answer = pipe.read()
    try:
        return json.loads(answer), printed.decode("utf-8", "replace")
    except ValueError:
        return stopped(ENDED.format(code=child.returncode)), printed.decode("utf-8", "replace")


def stopped(summary):
    return {"action": "check", "status": "stopped", "summary": summary, "checks": [], "error": None}


def main(fd):
    # Held before any learner code runs: whatever it does to sys.stdout, the verdict goes here.
    verdict_pipe = os.fdopen(fd, "w", encoding="utf-8")
    write = verdict_pipe.write
    request = json.loads(sys.stdin.read())
    from labkit import grading, guard

    guard.answers_one_request()  # this Python ends with the verdict
    guard.stop_collecting_cycles()
    bundle = grading.LabBundle(request["id"], request["checks_source"], request["expected"], request["functions"])
    result = grading.check(bundle, request["code"])
    write(json.dumps(result))
    verdict_pipe.flush()


if __name__ == "__main__":
    main(int(sys.argv[1]))
