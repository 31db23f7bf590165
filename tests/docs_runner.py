"""
Run every Python example of one Markdown page, in page order, as its reader would.

``tests/test_docs_examples.py`` runs this file's source with ``python -c`` in a fresh
interpreter whose working directory is an empty folder outside the checkout, so that
only what is installed can be imported (``cardrules``, its extras, what the page itself
installs) and nothing but the page's own lines sets anything up. Sybil finds the
examples: ```` ```python ```` blocks (run as code, or as a doctest when they start with
``>>>``) and ```` ```{doctest} ```` blocks, whose output is checked. Usage::

    python -c "$(cat tests/docs_runner.py)" PAGE.md

The examples share one namespace, that of a fresh ``__main__`` module, as the lines of
one script would. The first example that fails ends the run with its line and the
difference; the exit status is 1.
"""

from __future__ import annotations

import doctest
import sys
import traceback
import types

from sybil import Document
from sybil.parsers.myst import DocTestDirectiveParser, PythonCodeBlockParser

# Only "..." for what a page leaves out; exception messages are compared in full.
FLAGS = doctest.ELLIPSIS


def run_page(path: str) -> int:
    """Run the examples of the page at ``path``; 0 if they all pass, else 1."""
    document = Document.parse(
        path,
        PythonCodeBlockParser(doctest_optionflags=FLAGS),
        DocTestDirectiveParser(optionflags=FLAGS),
    )
    # A fresh __main__: classes a page defines can be pickled for worker processes.
    main = types.ModuleType("__main__")
    sys.modules["__main__"] = main
    document.namespace = main.__dict__
    ran = 0
    for example in document:
        try:
            example.evaluate()
        except Exception:
            print(f"{path}, line {example.line}: the example fails", file=sys.stderr)
            traceback.print_exc()
            return 1
        ran += 1
    print(f"{path}: {ran} examples ran")
    return 0


if __name__ == "__main__":
    sys.exit(run_page(sys.argv[1]))
