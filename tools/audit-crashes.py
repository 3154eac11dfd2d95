#!/usr/bin/env python3
"""Lists every place in Sources/ where Swift code can stop the program on purpose.

Force unwraps (`x!`, `as!`, `try!`), `fatalError`, `precondition`,
`preconditionFailure` and `unsafelyUnwrapped` trap when their assumption fails. None
may sit on a path that data from disk, the command line, the environment or the
desktop can reach. Each one that stays must say why it cannot fail, in a comment
starting `// safe` on its line or in the comment block right above it.

Exit status 1 (and one line per place) when any is not justified; 0 otherwise. meson
runs this as the `crash-audit` test.
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TRAPS = re.compile(r"[A-Za-z0-9_)\]>?]!(?!=)|\bfatalError\(|\bprecondition(Failure)?\(|\bunsafelyUnwrapped\b")
STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def code_of(line):
    """The line without string literals and without its comment."""
    line = STRING.sub('""', line)
    comment = line.find("//")
    return line if comment < 0 else line[:comment]


def justified_above(lines, index):
    """Whether the comment block right above line `index` (0-based) gives a reason."""
    index -= 1
    while index >= 0 and lines[index].strip().startswith("//"):
        if lines[index].strip().startswith("// safe"):
            return True
        index -= 1
    return False


def audit(path):
    found = []
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    in_block_string = False
    for number, line in enumerate(lines, start=1):
        if line.count('"""') % 2 == 1:
            in_block_string = not in_block_string
            continue
        if in_block_string:
            continue
        code = code_of(line)
        if not TRAPS.search(code):
            continue
        if "// safe:" in line or justified_above(lines, number - 1):
            continue
        found.append((number, line.strip()))
    return found


def main():
    unjustified = 0
    for directory, _, files in sorted(os.walk(os.path.join(ROOT, "Sources"))):
        for file in sorted(files):
            if not file.endswith(".swift"):
                continue
            path = os.path.join(directory, file)
            for number, line in audit(path):
                print(f"{os.path.relpath(path, ROOT)}:{number}: {line}")
                unjustified += 1
    if unjustified:
        print(f"{unjustified} place(s) can trap without a '// safe:' reason", file=sys.stderr)
        return 1
    print("crash audit: every trap in Sources/ is justified")
    return 0


if __name__ == "__main__":
    sys.exit(main())
