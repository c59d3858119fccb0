"""The drop-in (labkit/dropin.py): a learner's Value class inside the real model, tried right and wrong."""

from pathlib import Path

import pytest

from labkit import dropin, entry

PROJECT = Path(__file__).resolve().parent.parent
CHECKPOINT = PROJECT / "course" / "checkpoint.json"
SOLUTION = (PROJECT / "labs" / "06-autograd" / "backward" / "solution.py").read_text(encoding="utf-8")


def run(code):
    return dropin.dropin("06-autograd/backward", code, checkpoint_path=CHECKPOINT)


def test_the_labs_solution_gives_the_same_loss_and_every_gradient():
    import microgpt

    result = run(SOLUTION)
    model = microgpt.load_checkpoint(CHECKPOINT)
    assert result["status"] == "ok" and result["match"] is True
    assert result["params"] == model.num_params and result["different"] == 0
    assert result["summary"] == (
        f"Your Value gives the same loss and the same {model.num_params:,} gradients as the course's "
        "for \u201cemma\u201d, to the last digit."
    )
    assert "1e-" not in result["summary"]


def test_a_value_that_assigns_gradients_has_the_same_loss_but_not_the_same_gradients():
    result = run(SOLUTION.replace("child.grad += local_grad * node.grad", "child.grad = local_grad * node.grad"))
    assert result["status"] == "ok" and result["match"] is False
    assert result["loss"]["learner"] == result["loss"]["reference"]
    assert 0 < result["different"] < result["params"]
    assert result["summary"].startswith("Your Value gives the same loss for \u201cemma\u201d")
    assert f"{result['different']:,} of the {result['params']:,} gradients differ" in result["summary"]


def test_a_tiny_slip_in_one_local_gradient_is_found_and_shown_at_digits_that_differ():
    slipped = SOLUTION.replace("(1 / self.data,)", "(1 / self.data / 1.0000001,)")
    result = run(slipped)
    assert result["match"] is False
    yours, course = result["summary"].split(": ")[-1].split(" yours, ")
    assert yours != course.removesuffix(" the course's.")


def test_a_value_without_a_method_the_model_needs_is_told_which():
    result = run(SOLUTION.replace("    def relu(self):", "    def relu_(self):"))
    assert result["status"] == "error"
    assert result["summary"] == "The model uses relu() on its Values, and your Value has no method called relu. Give it one, as in the last labs."


def test_an_error_inside_the_learners_class_names_their_line():
    broken = SOLUTION.replace("return Value(math.log(self.data), (self,), (1 / self.data,))", "return Value(math.log(self.data), (self,), (1 / 0,))")
    line = broken.splitlines().index("        return Value(math.log(self.data), (self,), (1 / 0,))") + 1
    result = run(broken)
    assert result["status"] == "error"
    assert result["summary"] == f"Your Value raised ZeroDivisionError on line {line} inside the model: division by zero."
    assert result["error"]["line"] == line


def test_code_without_the_class_says_so():
    result = run("def value(x):\n    return x\n")
    assert result == {**result, "status": "error", "summary": "Your code does not define the class Value yet. Keep the class line from the starter code."}


def test_the_entry_point_routes_a_dropin_request(monkeypatch):
    seen = []
    monkeypatch.setattr(dropin, "dropin", lambda lab, code: seen.append((lab, code)) or {"status": "ok"})
    assert entry.handle({"action": "dropin", "lab": "06-autograd/backward", "code": "x = 1"}) == {"status": "ok"}
    assert seen == [("06-autograd/backward", "x = 1")]
    with pytest.raises(ValueError, match="'dropin'"):
        entry.handle({"action": "nope"})
