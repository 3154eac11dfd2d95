"""A generator's checks made where its PyPI packages are: Debian's python3 runs the
shipped-app tests, and a generator's packages come from PyPI into a virtual
environment (.ci/run makes each). An environment variable names that environment's
python, which runs the module again, so that the checks run wherever the packages are,
and a run that skipped them there fails here.

    class InDeckPython(venv_rerun.rerun("test_decks_generator", "KUCHI_DECK_PYTHON",
                                        packages_missing=missing_packages)): pass
"""

import os
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))


def rerun(module, variable, packages_missing, marker="test_two_runs_are_byte_identical"):
    """A test case that runs `module`'s tests under the python `variable` names, when
    this python lacks the packages (`packages_missing()` is true) and the variable is
    set, and fails unless they passed there and `marker` ran (was not skipped)."""
    python = os.environ.get(variable, "")

    @unittest.skipUnless(packages_missing() and python, f"this python has the packages, or {variable} is not set")
    class InVenvPython(unittest.TestCase):
        def test_the_checks_pass_under_the_venv_python(self):
            result = subprocess.run([python, "-m", "unittest", "-v", module], cwd=HERE,
                                    capture_output=True, text=True, timeout=1200)
            sys.stderr.write(result.stderr)
            self.assertEqual(result.returncode, 0, f"{module}'s checks failed under {python}")
            ran = [line for line in result.stderr.splitlines() if line.startswith(marker) and line.endswith(" ok")]
            self.assertTrue(ran, f"{module}'s checks were skipped under {python}")

    return InVenvPython
