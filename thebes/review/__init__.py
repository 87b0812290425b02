"""Game review: the search's verdict on every decision of a record (issue 17).

Each decision is judged from the deciding seat's information set only (its
observation then; determinizations drawn by the review's own seeded generator),
never from the record's hidden facts. See docs/review.md for the JSON.
"""

from .engine import (DEFAULT_ITERATIONS, MARKS, Plan, all_thresholds, assemble, mark, move_accuracy,
                     plan, review_record, thresholds)
from .tasks import Task, run_task

__all__ = ["DEFAULT_ITERATIONS", "MARKS", "all_thresholds", "Plan", "Task", "assemble", "mark",
           "move_accuracy", "plan", "review_record", "run_task", "thresholds"]
