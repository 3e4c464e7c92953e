"""A report table: the lessons in the bank per problem.

Imported before a report is built, it adds a section to report.md, lessons_per_problem.csv
and .json and a table of report.html (docs/reports.md). tests/test_examples.py checks
that a run's report and `python -m harness report` have it.
"""

from harness.results.tables import Table, register_table


def lessons_table(run):  # run: harness.results.runstore.RunRecord, read from the folder
    return [{"problem": p.problem, "lessons": len(p.lessons)} for p in run.problems]
    # p.candidates, p.lessons, p.calls, p.best and p.events are typed records
    # (harness.results.events): c.speedup, c.status, call.cost_usd, ...


register_table(
    Table(
        "lessons_per_problem",
        "Lessons per problem",
        "lessons: in the bank at the end.",
        lambda run, options: lessons_table(run),
        optional=True,
    )
)
