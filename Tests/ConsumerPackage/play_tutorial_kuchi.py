"""Plays the tutorial's Kuchi, the app itself (its own main.swift), as a person would.

tools/test-consumer-package.sh runs it, with the KuchiQuiz executable it built from
the tutorial's listings, in a D-Bus session of its own under Xvfb:

    python3 play_tutorial_kuchi.py BINARY

It types with real key presses (xdotool) and reads the window through AT-SPI, as
Tests/ShippedApp does for Kuchi (whose helpers it uses): the counter follows the name,
OK is enabled from three characters, Enter registers, Enter starts (Start has the
focus), the digit keys answer, the score and the question number follow, the choices
stand in a row in a wide window and in a column once it is narrowed, and the
Congratulations screen says the score at `questionsPerSession` (5). Each wait is for a
condition, with a bound; the first one not met fails with what was awaited.
"""

import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "ShippedApp"))
from kuchi_app import Atspi, GLib, click, find_application, name, nodes, role, wait_for_display, wait_until, xdotool  # noqa: E402


def shown(application, wanted_role):
    """The visible accessibles of `wanted_role`, their names with spaces collapsed.

    Visible, not showing: GTK 4.8 leaves SHOWING off the widgets of this window (it
    has it on the window alone); so a screen left stays in the tree, and each check
    below waits for a text only the screen it expects can show."""
    return [(node, " ".join(name(node).split())) for node in nodes(application)
            if role(node) == wanted_role and is_visible(node)]


def is_visible(node):
    try:
        return node.get_state_set().contains(Atspi.StateType.VISIBLE)
    except GLib.Error:
        return False


def wait_for_text(application, text):
    wait_until(lambda: any(label == text for _, label in shown(application, "label")), 10, f"the text {text!r}")


def button(application, title):
    return wait_until(lambda: next((node for node, label in shown(application, "push button") if label == title), None),
                      10, f"a button {title!r}")


def is_enabled(node):
    return node.get_state_set().contains(Atspi.StateType.SENSITIVE)


def choices(application):
    """The three choice buttons' positions in the window, by their titles ("1 cat")."""
    positions = {}
    for node, label in shown(application, "push button"):
        if label[:2] in ("1 ", "2 ", "3 "):
            extents = node.get_extents(Atspi.CoordType.WINDOW)
            positions[label] = (extents.x, extents.y)
    return positions if len(positions) == 3 else None


def in_a_row(positions):
    return positions is not None and len({y for _, y in positions.values()}) == 1 and len({x for x, _ in positions.values()}) == 3


def in_a_column(positions):
    return positions is not None and len({x for x, _ in positions.values()}) == 1 and len({y for _, y in positions.values()}) == 3


def keys(window, *names):
    xdotool("windowfocus", "--sync", window)
    xdotool("key", "--delay", "30", *names)


def start(binary):
    """The app's process and its AT-SPI application once its window shows.

    The private X server has, now and then, refused the first client of a run
    ("cannot open display") although it answered xdpyinfo (see kuchi_app.py): that is
    the test bed, so an app that exits before its window shows gets two more tries."""
    for attempt in (1, 2, 3):
        wait_for_display()
        process = subprocess.Popen([binary])
        found = wait_until(lambda: find_application(process, "Kuchi") or process.poll() is not None,
                           30, "the Kuchi window")
        if found is not True:
            return process, found
        print(f"the app exited before its window showed (attempt {attempt}, status {process.returncode})")
    raise AssertionError("the app never showed its window")


def play(binary):
    process, application = start(binary)
    try:
        window = wait_until(lambda: xdotool("search", "--onlyvisible", "--pid", str(process.pid), "--name", "^Kuchi$"),
                            10, "the window's X id").split()[0]

        # Register: the field has the focus; the counter counts; OK from three characters.
        wait_for_text(application, "Welcome to Kuchi")
        xdotool("windowfocus", "--sync", window)
        xdotool("type", "--delay", "30", "An")
        wait_for_text(application, "2")
        assert not is_enabled(button(application, "OK")), "OK is enabled with a name of two characters"
        xdotool("type", "--delay", "30", "a")
        wait_for_text(application, "3")
        wait_until(lambda: is_enabled(button(application, "OK")), 10, "OK to be enabled at three characters")
        print("register: the counter counts, OK is enabled at 3")

        keys(window, "Return")
        wait_for_text(application, "Hi, Ana")
        print("welcome: Hi, Ana")

        keys(window, "Return")
        wait_for_text(application, "Question 1 of 5")
        wait_for_text(application, "猫")
        row = wait_until(lambda: in_a_row(choices(application)) and choices(application), 10, "the choices in a row")
        print("challenge: 猫, choices in a row: " + ", ".join(sorted(row)))

        keys(window, "1")  # cat: right
        wait_for_text(application, "Question 2 of 5")
        wait_for_text(application, "Score: 1")
        print("key 1: right, Score: 1")

        xdotool("windowsize", "--sync", window, "360", "640")
        wait_until(lambda: in_a_column(choices(application)), 10, "the choices in a column in a narrow window")
        print("narrowed: choices in a column")

        keys(window, "2")  # dog: right
        wait_for_text(application, "Score: 2")
        keys(window, "1")  # fire for water: wrong
        wait_for_text(application, "Question 4 of 5")
        wait_for_text(application, "Score: 2")
        keys(window, "1")  # mountain: right
        wait_for_text(application, "Question 5 of 5")
        keys(window, "2")  # book: right
        wait_for_text(application, "Congratulations!")
        wait_for_text(application, "Ana, you got 4 of 5 right.")
        print("congratulations: Ana, you got 4 of 5 right.")

        click(button(application, "Play Again"))
        wait_for_text(application, "Question 1 of 5")
        wait_for_text(application, "Score: 0")
        print("play again: Question 1 of 5, Score: 0")
    finally:
        process.terminate()
        process.wait(10)


if __name__ == "__main__":
    play(sys.argv[1])
