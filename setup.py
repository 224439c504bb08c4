"""The build step that puts the law book into the package: the rule files and their words
(`laws/`), the scenarios (`scenarios/`) and the format documents (`docs/spec/`) are copied, with
the repository's layout, into `adjudicator/lawbook/data/` of the built package, where an installed
copy reads them (adjudicator/lawbook/places.py). An editable install reads the repository's own
folders, so nothing is copied for it. Everything else is in pyproject.toml."""
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

LAW_BOOK = ("laws", "scenarios", "docs/spec")


class build_py_with_law_book(build_py):
    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        data = Path(self.build_lib, "adjudicator", "lawbook", "data")
        shutil.rmtree(data, ignore_errors=True)   # a file deleted from laws/ leaves no stale copy
        for folder in LAW_BOOK:
            shutil.copytree(folder, data / folder, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": build_py_with_law_book})
