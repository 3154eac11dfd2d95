#!/usr/bin/python3
"""Soak benchmark: plays practice sessions on the shipped `kuchi` through AT-SPI and
prints its resident memory every few sessions.

A session is what a person does on Home's Challenge page: Welcome's Start (or
Practise Anyway, once nothing is due), every question answered (right, so each
session is exactly `--questions` answers), the feedback dismissed each time, then
Congratulations' Play Again. Kuchi runs with a throw-away HOME (registered as
"Aiko", Kuchi Basics, `numberOfQuestions` set to `--questions`), driven by the
shipped-app tests' own driver (`Tests/ShippedApp/kuchi_app.py`).

After every `--every` sessions it reads VmRSS and VmHWM from /proc/PID/status and
prints a row with the change in VmRSS since the row of session
`--every` (by then the pages, caches and pools a session uses have been made).
With `--malloc`, gdb attaches for a moment at each row and calls glibc's
malloc_stats(): the bytes malloc has in use (live allocations: a leak grows these)
and the bytes it holds from the system (freed memory it keeps grows only these).

It is a benchmark, not a test: it asserts nothing and meson does not run it.

    KUCHI_BINARY=build/kuchi KUCHI_DATA_DIR=$PWD/data \\
        xvfb-run -a -s "-screen 0 1280x1024x24" dbus-run-session /usr/bin/python3 tools/soak-sessions.py --malloc
"""

import argparse
import fcntl
import json
import os
import re
import shutil
import subprocess
import sys
import time

REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPOSITORY, "Tests", "ShippedApp"))

from kuchi_app import KuchiApp, click, kuchi_basics_answers, name, wait_until, write  # noqa: E402

START_BUTTONS = ("Start", "Practise Anyway")
QUESTION_HINT = "Show or hide the choices (Space)"


def memory(pid):
    """(VmRSS, VmHWM) of `pid`, in KiB."""
    fields = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                fields[key] = int(value.split()[0])
    return fields["VmRSS"], fields["VmHWM"]


def malloc_totals(app):
    """(in use, from the system) bytes of glibc's malloc, all arenas: gdb attaches for
    a moment and calls malloc_stats(), which writes them to Kuchi's standard error."""
    stream = app.process.stderr.fileno()
    fcntl.fcntl(stream, fcntl.F_SETFL, fcntl.fcntl(stream, fcntl.F_GETFL) | os.O_NONBLOCK)

    def read_all():
        text = b""
        while True:
            try:
                chunk = os.read(stream, 1 << 16)
            except BlockingIOError:
                return text.decode(errors="replace")
            if not chunk:
                return text.decode(errors="replace")
            text += chunk

    read_all()  # what Kuchi wrote before (a pipe nobody else reads)
    subprocess.run(["gdb", "-p", str(app.process.pid), "-batch", "-nx", "-ex", "call (void)malloc_stats()"],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
    written = []
    found = wait_until(lambda: written.append(read_all()) or re.search(r"Total \(incl\. mmap\):\s*system bytes\s*=\s*(\d+)\s*in use bytes\s*=\s*(\d+)",
                                         "".join(written)), 10, "malloc_stats' totals")
    return int(found.group(2)), int(found.group(1))


def has_question(app):
    return any(node.get_description() == QUESTION_HINT for node in app.all("push button"))


def start(app):
    """Welcome's Start, or Practise Anyway once nothing is due; waits for the question."""
    button = wait_until(lambda: next(
        (b for b in app.all("push button") if name(b) in START_BUTTONS and b.get_n_actions() > 0),
        None), 10, "Start or Practise Anyway")
    click(button)
    wait_until(lambda: has_question(app), 10, "the first question")


def play_session(app, answers):
    """One session from Welcome or its first question to Play Again pressed; returns
    the number of answers given."""
    if not has_question(app):
        start(app)
    given = 0
    while not app.all("push button", "Play Again"):
        app.answer_once(answers, correct=True)
        given += 1
    app.press("Play Again")
    # A new session's first question, or Welcome when the schedule holds nothing more.
    wait_until(lambda: has_question(app) or app.has_text_containing("Welcome to Kuchi"), 10,
               "a new session or Welcome")
    return given


def settle(seconds):
    """Lets the app go idle (and AT-SPI events drain) before memory is read."""
    deadline = time.monotonic() + seconds
    wait_until(lambda: time.monotonic() > deadline, seconds + 5, "a pause")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=100)
    parser.add_argument("--every", type=int, default=10, help="sessions between rows (default 10)")
    parser.add_argument("--questions", type=int, default=3, help="questions per session (3-20)")
    parser.add_argument("--deck", help="a deck file to practise (`kuchi --deck`); Kuchi Basics by default")
    parser.add_argument("--new-cards", type=int, default=20, help="new cards per day (1-200)")
    parser.add_argument("--malloc", action="store_true",
                        help="also read malloc's totals (in use, and held from the system) with gdb")
    arguments = parser.parse_args()
    if arguments.malloc and not shutil.which("gdb"):
        parser.error("--malloc needs gdb")

    if arguments.deck:
        with open(arguments.deck, "rb") as handle:
            answers = {card["question"]: card["answer"] for card in json.load(handle)["cards"]}
        app = KuchiApp(arguments=["--deck", os.path.abspath(arguments.deck)])
    else:
        answers = kuchi_basics_answers()
        app = KuchiApp()
    write(os.path.join(app.config, "profile.json"), '{"name": "Aiko"}')
    write(os.path.join(app.config, "settings.json"),
          json.dumps({"numberOfQuestions": arguments.questions, "dailyNewCards": arguments.new_cards}))
    with app:
        pid = app.process.pid
        app.find("label", "Hi, Aiko")
        settle(1)
        rss, hwm = memory(pid)
        deck = os.path.basename(arguments.deck) if arguments.deck else "Kuchi Basics"
        print(f"kuchi pid {pid}, {arguments.sessions} sessions of {arguments.questions} questions on {deck}; "
              f"at Welcome: VmRSS {rss / 1024:.1f} MiB, VmHWM {hwm / 1024:.1f} MiB", flush=True)
        columns = ["session", "VmRSS (MiB)", "VmHWM (MiB)", f"RSS − session {arguments.every} (KiB)"]
        if arguments.malloc:
            columns += ["malloc in use (KiB)", f"in use − session {arguments.every} (KiB)",
                        "malloc from system (KiB)"]
        columns += ["answers", "seconds"]
        print("| " + " | ".join(columns) + " |")
        print("|" + " ---: |" * len(columns), flush=True)
        began = time.monotonic()
        reference = None
        rows = []
        total_answers = 0
        for session in range(1, arguments.sessions + 1):
            try:
                total_answers += play_session(app, answers)
            except Exception:
                if app.process.poll() is not None:
                    # Say how Kuchi ended, with what it last wrote, before the traceback.
                    try:
                        last = app.process.stderr.read() or b""
                    except OSError:
                        last = b""
                    print(f"kuchi exited with status {app.process.returncode} during session {session}; "
                          f"its last words: {last[-2000:].decode(errors='replace')!r}", file=sys.stderr)
                raise
            if session % arguments.every:
                continue
            settle(1)
            rss, hwm = memory(pid)
            cells = [str(session), f"{rss / 1024:.1f}", f"{hwm / 1024:.1f}"]
            heap = malloc_totals(app) if arguments.malloc else (0, 0)
            reference = reference or (rss, heap[0])
            rows.append(rss)
            cells.append(f"{rss - reference[0]:+d}")
            if arguments.malloc:
                cells += [f"{heap[0] // 1024}", f"{(heap[0] - reference[1]) // 1024:+d}", f"{heap[1] // 1024}"]
            cells += [str(total_answers), f"{time.monotonic() - began:.0f}"]
            print("| " + " | ".join(cells) + " |", flush=True)
        if len(rows) > 1:
            spread = max(rows) - min(rows)
            print(f"spread of VmRSS from session {arguments.every} on: {spread} KiB ({spread / 1024:.2f} MiB); "
                  f"last − first row: {rows[-1] - rows[0]:+d} KiB, "
                  f"{(rows[-1] - rows[0]) / (arguments.sessions - arguments.every):+.1f} KiB per session")


if __name__ == "__main__":
    main()
