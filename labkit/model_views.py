"""The "Run on the model" panel's one entry: each lab's model hook to the view that runs it.

Blocks of the forward pass (attend, rmsnorm, multi_head, ...) go through realmodel.compare,
which swaps the block into the model and shows the attention beside the model's own. The
other Module 9 functions are not blocks of one forward pass: each has a view that runs it on
the trained model beside the course's own code and replies with a table (model_table.py).
"""

from labkit import realmodel, whole_forward, whole_training
from labkit.model_table import run_view

TABLE_VIEWS = {
    "forward_letter": whole_forward.forward_view,
    "name_loss": whole_forward.loss_view,
    "adam_step": whole_training.training_view("adam_step"),
    "update_all": whole_training.training_view("update_all"),
}

# The course's own function for each table view's hook, called as the learner's is: the
# build checks a lab's expected answers against it (site_builder/cross_check.py).
TABLE_BLOCKS = {
    "forward_letter": whole_forward.model_forward_letter,
    "name_loss": whole_forward.model_name_loss,
    "adam_step": whole_training.model_adam_step,
    "update_all": whole_training.model_update_all,
}

HOOKS = tuple(TABLE_VIEWS)


def compare(lab_id, code, name, checkpoint_path=None, hook=None):
    """The learner's function on the trained model beside the course's: `hook` defaults to the bundled lab's."""
    hook = hook or realmodel.bundled_model_hook(lab_id)
    if hook in TABLE_VIEWS:
        return run_view(TABLE_VIEWS[hook], code, name, checkpoint_path)
    return realmodel.compare(lab_id, code, name, checkpoint_path, hook)
