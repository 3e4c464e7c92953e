"""The documentation: the site builds with `mkdocs build --strict` (a broken link, a missing
anchor or a missing example file fails it), the CLI reference is generated from the
parsers, the README stays a page without dated measurements, and every dated
measurement page names its machine, load and command."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from harness.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
DATE = re.compile(r"\b20\d\d-\d\d-\d\d\b")


def mkdocs_build(root: Path, site: Path) -> subprocess.CompletedProcess:
    """`mkdocs build --strict` of the project at ``root`` into ``site``."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(site)],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def copy_project(dst: Path) -> Path:
    """What the site is built from (mkdocs.yml, docs/, examples/) copied to ``dst``."""
    shutil.copy(ROOT / "mkdocs.yml", dst / "mkdocs.yml")
    shutil.copytree(DOCS, dst / "docs")
    shutil.copytree(ROOT / "examples", dst / "examples")
    return dst


def test_the_site_builds_strictly_with_the_cli_reference_from_the_parsers(tmp_path):
    r = mkdocs_build(ROOT, tmp_path / "site")
    assert r.returncode == 0, r.stdout + r.stderr
    cli = (tmp_path / "site" / "cli" / "index.html").read_text()
    top = build_parser()
    [sub] = [a for a in top._actions if a.__class__.__name__ == "_SubParsersAction"]
    for name, parser in sub.choices.items():
        assert f'id="{name}"' in cli, name  # a section per subcommand ...
        for action in parser._actions:  # ... with every option its parser has
            for flag in action.option_strings:
                assert flag in cli, (name, flag)
    # the strategy example is the file the tests run, included at build time
    adding = (tmp_path / "site" / "strategies" / "adding" / "index.html").read_text()
    assert "BestOfN" in adding and "best_of_n" in adding


@pytest.mark.parametrize(
    "broken, expected",
    [
        ("[a page](no-such-page.md)", "no-such-page.md"),
        ("[an anchor](methodology/speedup.md#no-such-section)", "no-such-section"),
        ('```python\n--8<-- "examples/no_such_example.py"\n```', "no_such_example.py"),
    ],
)
def test_a_broken_link_fails_the_build(tmp_path, broken, expected):
    root = copy_project(tmp_path)
    index = root / "docs" / "index.md"
    index.write_text(index.read_text() + f"\n{broken}\n")
    r = mkdocs_build(root, tmp_path / "site")
    assert r.returncode != 0
    assert expected in r.stdout + r.stderr


def test_the_readme_is_a_page_with_no_dated_measurements_and_its_links_resolve():
    readme = (ROOT / "README.md").read_text()
    assert len(readme.splitlines()) <= 200
    assert not DATE.findall(readme)
    for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", readme):
        if not target.startswith("http"):
            assert (ROOT / target).exists(), target


def test_every_dated_measurement_page_names_its_machine_load_and_command_and_is_linked():
    index = (DOCS / "measurements" / "index.md").read_text()
    pages = sorted((DOCS / "measurements").glob("*.md"))
    dated = [p for p in pages if p.name != "index.md"]
    assert dated
    for p in dated:
        assert re.fullmatch(r"20\d\d-\d\d-\d\d-[a-z0-9-]+\.md", p.name), p.name
        head = p.read_text()[:2000]
        for field in ("**Machine:**", "**Load:**", "**Command:**"):
            assert field in head, (p.name, field)
        assert f"]({p.name})" in index, p.name
