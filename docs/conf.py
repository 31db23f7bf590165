"""Sphinx configuration for cardrules."""

from __future__ import annotations

import sys
from pathlib import Path

import cardrules

# The docs' own extension: pictures of real positions, drawn when the docs are built.
sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "cardrules"
author = "The cardrules developers"
copyright = "2026, the cardrules developers"
release = cardrules.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "cardrules_pictures",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "undoc-members": False}
napoleon_google_docstring = True
napoleon_numpy_docstring = False
# No intersphinx: CI has no network, and -W would fail on the inventory fetch.
nitpicky = False

# No doctest_global_setup: every page imports what its examples use, as a reader must
# (tests/test_docs_examples.py runs each page in a fresh interpreter to make sure).
# Docstring examples run under pytest (--doctest-modules) in their module's namespace;
# the doctest builder runs the {doctest} blocks of the pages.
doctest_test_doctest_blocks = ""

html_theme = "furo"
html_title = "cardrules"
