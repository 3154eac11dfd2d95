"""The shipped `kuchi` on Wayland, with no X server anywhere: a learner's path, driven
through AT-SPI, under a headless compositor this test starts.

- The compositor: `mutter --headless --wayland --no-x11 --virtual-monitor 1000x700`
  where mutter can (Debian 13), else `weston` with its headless backend; with
  neither, the test is skipped, naming what is missing (meson reports SKIP: the
  runner exits 77 when every test was skipped). KUCHI_WAYLAND_COMPOSITOR=weston or
  =mutter picks one.
- Kuchi runs with GDK_BACKEND=wayland, the compositor's WAYLAND_DISPLAY, no DISPLAY,
  and a throw-away HOME. The positive control: its process holds a connection to the
  compositor's socket (read from the kernel's table of Unix sockets, sock_diag), and
  its environment has no DISPLAY.
- The path: register (the name typed through AT-SPI's EditableText: see
  kuchi_app.WaylandDisplay), start a session and answer every question of it (right
  and wrong in turn), open the card browser from the main menu, Add a Word from its
  + button (romaji typed, the dictionary's entry chosen), and the app's Quit action.
- Afterwards `kuchi.sqlite3` under the HOME's data folder holds every answer given,
  in order, with its rating (right = Good, wrong = Again), and My Words the word.

Not in Tests/ShippedApp: that suite's discovery (`-s Tests/ShippedApp`, every
test*.py) runs under xvfb-run, where this test would start a second compositor
beside Xvfb and prove nothing about a machine without X. meson runs this file on its
own, in `dbus-run-session`, as the test `wayland`.
"""

import os
import shutil
import socket
import sqlite3
import struct
import subprocess
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "ShippedApp"))

from kuchi_app import (KuchiApp, WaylandDisplay, click, is_socket, kuchi_basics_answers,  # noqa: E402
                       make_writable, name, nodes, question_word, role, wait_until)
from gi.repository import Atspi  # noqa: E402  (after kuchi_app, which requires its version)

ANSWERS = kuchi_basics_answers()
SOCKET = "kuchi-wayland-0"
# The word added, as typed (romaji), and what the dictionary makes of it.
TYPED_WORD, WORD, READING = "nekojita", "猫舌", "ねこじた"


def help_text(program):
    try:
        result = subprocess.run([program, "--help"], capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return result.stdout + result.stderr


def mutter_command():
    """mutter's headless Wayland-only command line, or why there is none."""
    if not shutil.which("mutter"):
        return None, "mutter is not installed"
    text = help_text("mutter")
    missing = [option for option in ("--headless", "--no-x11", "--virtual-monitor", "--wayland-display")
               if option not in text]
    if missing:
        return None, f"mutter has no {', '.join(missing)}"
    return ["mutter", "--headless", "--wayland", "--no-x11", "--virtual-monitor", "1000x700",
            "--wayland-display", SOCKET], None


def weston_command():
    """weston's headless command line, or why there is none. Weston 12 and later
    (Debian 13's 14) name the backend `headless`. Weston 10 (Debian 12) names it
    `headless-backend.so`, and under it Kuchi's window is found but none of its
    widgets is ever showing to AT-SPI (seen 2026-12-07 with GTK 4.8), so the path
    cannot be walked there: that weston is not used."""
    if not shutil.which("weston"):
        return None, "weston is not installed"
    text = help_text("weston")
    if "headless-backend.so" in text:
        return None, "weston is older than 12 (headless-backend.so: no widget shows to AT-SPI under it)"
    if "headless" not in text:
        return None, "weston has no headless backend"
    backend = "headless"
    # No --xwayland: without it weston starts no X server.
    return ["weston", f"--backend={backend}", f"--socket={SOCKET}", "--width=1000", "--height=700",
            "--idle-time=0"], None


def compositor_command():
    """(name, command) of the compositor to use, or (None, what is missing)."""
    wanted = os.environ.get("KUCHI_WAYLAND_COMPOSITOR")
    reasons = []
    for label, choose in (("mutter", mutter_command), ("weston", weston_command)):
        if wanted and wanted != label:
            continue
        command, reason = choose()
        if command:
            return label, command
        reasons.append(reason)
    return None, "; ".join(reasons) + (
        " (apt-get install mutter, or weston)" if not wanted else "")


class Compositor:
    """A headless Wayland compositor with its own runtime folder and HOME, its output in
    a log file (a pipe nobody reads could fill and stop it)."""

    def __init__(self, label, command):
        self.label, self.command = label, command
        self.folder = tempfile.mkdtemp(prefix="kuchi-wayland-")
        self.runtime_dir = os.path.join(self.folder, "runtime")
        os.mkdir(self.runtime_dir, 0o700)
        self.home = os.path.join(self.folder, "home")
        os.mkdir(self.home, 0o700)
        self.log_path = os.path.join(self.folder, "compositor.log")
        self.process = None

    @property
    def display(self):
        return WaylandDisplay(self.runtime_dir, SOCKET)

    def start(self, timeout=30.0):
        environment = {key: value for key, value in os.environ.items()
                       if not key.startswith("XDG_") and key not in ("DISPLAY", "WAYLAND_DISPLAY", "XAUTHORITY")}
        # GSettings in memory: the compositor reads its defaults and writes nowhere.
        environment.update(HOME=self.home, XDG_RUNTIME_DIR=self.runtime_dir, GSETTINGS_BACKEND="memory")
        environment.pop("G_DEBUG", None)  # Kuchi's, not the compositor's
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(self.command, env=environment, stdout=log, stderr=subprocess.STDOUT,
                                            stdin=subprocess.DEVNULL)
        path = self.display.path

        def ready():
            if self.process.poll() is not None:
                raise AssertionError(f"{self.label} exited with status {self.process.returncode} before its "
                                     f"socket appeared:\n{self.log()}")
            return is_socket(path)
        wait_until(ready, timeout, f"{self.label}'s socket {path}")
        return self

    def log(self):
        try:
            with open(self.log_path, "rb") as handle:
                return handle.read().decode(errors="replace")[-3000:]
        except OSError:
            return ""

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


# The kernel's table of Unix sockets (sock_diag, as `ss -x` reads it; iproute2 need not
# be installed): which socket is connected to which, and the path each is bound to.
NETLINK_SOCK_DIAG, SOCK_DIAG_BY_FAMILY = 4, 20
NLM_F_REQUEST, NLM_F_DUMP, NLMSG_ERROR, NLMSG_DONE = 0x1, 0x300, 0x2, 0x3
UDIAG_SHOW_NAME, UDIAG_SHOW_PEER = 0x1, 0x4
UNIX_DIAG_NAME, UNIX_DIAG_PEER = 0, 2


def unix_sockets():
    """inode → (bound path or "", peer inode or 0) of every Unix socket on the system."""
    request = struct.pack("=BBHIIIII", socket.AF_UNIX, 0, 0, 0xFFFFFFFF, 0, UDIAG_SHOW_NAME | UDIAG_SHOW_PEER, 0, 0)
    header = struct.pack("=IHHII", 16 + len(request), SOCK_DIAG_BY_FAMILY, NLM_F_REQUEST | NLM_F_DUMP, 1, 0)
    table = {}
    with socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, NETLINK_SOCK_DIAG) as connection:
        connection.sendall(header + request)
        while True:
            data = connection.recv(65536)
            offset = 0
            while offset + 16 <= len(data):
                length, kind = struct.unpack_from("=IH", data, offset)
                if kind == NLMSG_DONE:
                    return table
                if kind == NLMSG_ERROR:
                    raise OSError("sock_diag refused the request")
                inode = struct.unpack_from("=I", data, offset + 20)[0]
                path, peer = "", 0
                attribute = offset + 32
                while attribute + 4 <= offset + length:
                    size, kind_of = struct.unpack_from("=HH", data, attribute)
                    value = data[attribute + 4:attribute + size]
                    if kind_of == UNIX_DIAG_NAME:
                        # An abstract name starts with NUL (shown "@name"); a path
                        # comes as its sun_path, NUL-terminated.
                        path = ("@" + value[1:].decode(errors="replace") if value.startswith(b"\0")
                                else value.split(b"\0")[0].decode(errors="replace"))
                    elif kind_of == UNIX_DIAG_PEER:
                        peer = struct.unpack("=I", value[:4])[0]
                    attribute += (size + 3) & ~3
                table[inode] = (path, peer)
                offset += (length + 3) & ~3
            if not data:
                return table


def socket_inodes(pid):
    inodes = set()
    folder = f"/proc/{pid}/fd"
    for entry in os.listdir(folder):
        try:
            target = os.readlink(os.path.join(folder, entry))
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(int(target[len("socket:["):-1]))
    return inodes


def connected_to(pid, path):
    """How many of process `pid`'s sockets are connected to the socket bound at `path`
    (the server's end of an accepted connection carries the listener's path)."""
    table = unix_sockets()
    return sum(1 for inode in socket_inodes(pid) if table.get(table.get(inode, ("", 0))[1], ("", 0))[0] == path)


def process_environment(pid):
    with open(f"/proc/{pid}/environ", "rb") as handle:
        return dict(entry.decode(errors="replace").partition("=")[::2]
                    for entry in handle.read().split(b"\0") if entry)


def answered_reviews(database):
    """(question, rating) of every review in the log, in the order given."""
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        return [tuple(row) for row in connection.execute(
            "SELECT card.question, review.rating FROM review JOIN card ON card.id = review.card ORDER BY review.id")]
    finally:
        connection.close()


class LearnerOnWayland(unittest.TestCase):
    def setUp(self):
        label, command = compositor_command()
        if label is None:
            self.skipTest(f"no headless Wayland compositor: {command}")
        self.compositor = Compositor(label, command)
        self.addCleanup(self.compositor.stop)
        self.compositor.start()

    def test_a_learners_path_through_atspi(self):
        started = time.monotonic()
        display = self.compositor.display
        app = KuchiApp(display=display)
        self.addCleanup(lambda: (make_writable(app.home), shutil.rmtree(app.home, ignore_errors=True)))
        app.start()
        self.addCleanup(app.quit)
        pid = app.process.pid

        # The positive control: Kuchi really is a client of this compositor, and had
        # no X display to fall back on.
        environment = process_environment(pid)
        self.assertNotIn("DISPLAY", environment)
        self.assertEqual(environment.get("GDK_BACKEND"), "wayland")
        self.assertEqual(environment.get("WAYLAND_DISPLAY"), SOCKET)
        self.assertGreaterEqual(connected_to(pid, display.path), 1,
                                f"kuchi (pid {pid}) holds no connection to {display.path}")

        app.register("Aiko")

        # A session, every question of it, right and wrong in turn.
        app.start_session()
        # Shown, not only built: the practice page can be built ahead, out of sight.
        wait_until(app.has_question, 10, "the question shown")
        given = []
        while app.has_question() and len(given) < 40:
            question = question_word(app.question_button())
            correct = len(given) % 2 == 0
            title = app.answer_once(ANSWERS, correct=correct)
            given.append((question, correct, title))
            wait_until(lambda: app.has_question() or app.has_text_containing("You’re awesome!"), 10,
                       "the next question or the session's end")
        app.text_containing("You’re awesome!")
        self.assertGreaterEqual(len(given), 3, "a session has questions")

        # The main menu opens (a popover: an xdg_popup on Wayland) and closes. Not on
        # weston: there the popover's items never show when it is opened through
        # AT-SPI (seen with weston 14; a popup opened with no input event behind it,
        # so with no serial for its grab, which mutter shows anyway).
        if self.compositor.label == "mutter":
            app.press("Main Menu", wanted_role="toggle button")
            wait_until(lambda: len(app.all("menu item", showing=True)) >= 5, 10, "the main menu's items")
            app.press("Main Menu", wanted_role="toggle button")
            wait_until(lambda: not app.all("menu item", showing=True), 10, "the main menu to close")
        # The card browser, by the action its menu item is bound to (app.browse-cards):
        # GTK 4.18 gives a popover menu's items no name (each is labelled by a label
        # it does not export: AT-SPI reads the relation's target as "/invalid"), so
        # "Browse Cards" cannot be told from the other items through AT-SPI.
        app.activate_action("browse-cards")
        app.find("push button", "Add a Word")

        # Add a Word, from the browser's + button: romaji typed, the dictionary's
        # entry chosen, Add.
        app.press("Add a Word")
        app.type_keys(TYPED_WORD, into=app.find("text", "Word"))
        suggestion = wait_until(lambda: next((node for node in app.all("push button")
                                              if name(node).startswith(f"{WORD} ({READING}):")), None),
                                10, f"the dictionary's {WORD} for {TYPED_WORD!r}")
        click(suggestion)
        add = wait_until(lambda: next((node for node in app.all("push button", "Add")
                                       if node.get_state_set().contains(Atspi.StateType.SENSITIVE)),
                                      None), 10, "Add to be pressable")
        click(add)
        app.text_containing(f"Added {WORD} to My Words")

        # The app's Quit action, as the desktop activates it.
        app.activate_action("quit")
        self.assertEqual(app.process.wait(15), 0, "kuchi's exit status after Quit")

        # A question answered wrong stays on screen, to be answered again: that retry
        # is not a review (README, Learning over days: the first answer to a question
        # is); a card asked again later in the session is a question of its own.
        rated = [(question, 3 if correct else 1) for index, (question, correct, _) in enumerate(given)
                 if not (index > 0 and given[index - 1][0] == question and not given[index - 1][1])]
        reviews = answered_reviews(os.path.join(app.data, "kuchi.sqlite3"))
        self.assertEqual(reviews, rated, "every answer that rated a question, in order, with its rating")
        deck = os.path.join(app.data, "decks", "my-words.json")
        with open(deck, encoding="utf-8") as handle:
            text = handle.read()
        self.assertIn(f'"{WORD}"', text, f"{WORD} in My Words ({deck})")
        print(f"\nwayland: {self.compositor.label}, {len(given)} answers given, the {len(rated)} that rated "
              f"a question found in the database ({len(given) - len(rated)} retries, not reviews), "
              f"{WORD} added; {time.monotonic() - started:.1f} s", file=sys.stderr)


def main():
    """unittest's runner, but exit status 77 (meson's SKIP) when every test was skipped."""
    program = unittest.main(exit=False, verbosity=2)
    result = program.result
    if not result.wasSuccessful():
        sys.exit(1)
    if result.testsRun and len(result.skipped) == result.testsRun:
        for _, reason in result.skipped:
            print(f"SKIP: {reason}", file=sys.stderr)
        sys.exit(77)
    sys.exit(0)


if __name__ == "__main__":
    main()
