"""MkDocs hook: the command-line reference page (cli.md), generated at build time from
the harness's own argparse parsers, so it can never disagree with `--help`.

It walks the top-level parser (harness.cli.build_parser) and its subcommands, wherever
their modules live, and adds the page to the site without writing into docs/.
"""

from __future__ import annotations

import argparse
import os

from mkdocs.structure.files import File

PAGE = "cli.md"
WIDTH = "100"  # argparse wraps help text to $COLUMNS: fixed, so the page is the same everywhere


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, tuple[str, argparse.ArgumentParser]]:
    """{name: (one-line help, parser)} of ``parser``'s subcommands, in the order added."""
    for action in parser._actions:  # argparse keeps no public list of its subparsers
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help or "" for a in action._choices_actions}
            return {name: (helps.get(name, ""), p) for name, p in action.choices.items()}
    return {}


def reference_markdown() -> str:
    """The CLI reference as markdown: one section per subcommand with its `--help`."""
    from harness.cli import build_parser

    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = WIDTH
    try:
        top = build_parser()
        subs = _subcommands(top)
        out = [
            "# Command-line reference\n\n",
            "Generated from the parsers when the site is built (`docs/hooks/cli_reference.py`); "
            "`python -m harness COMMAND --help` prints the same.\n\n",
            "| command | what it does |\n|---|---|\n",
        ]
        out += ["| [`%s`](#%s) | %s |\n" % (name, name, help_.replace("|", "\\|")) for name, (help_, _) in subs.items()]
        out.append(f"\n```text\n{top.format_help()}```\n")
        for name, (_, p) in subs.items():
            out.append(f"\n## {name}\n\n```text\n{p.format_help()}```\n")
        return "".join(out)
    finally:
        if old is None:
            os.environ.pop("COLUMNS", None)
        else:
            os.environ["COLUMNS"] = old


def on_files(files, config):
    """Add the generated cli.md to the site's files."""
    files.append(File.generated(config, PAGE, content=reference_markdown()))
    return files
