"""Japanese typed through a real input method on the shipped binary: ibus-daemon with
Debian's anthy engine in hiragana mode, Kuchi run with GTK_IM_MODULE=ibus, and real key
presses (xdotool) n e k o, Space, Enter, Enter in Kuchi's two entries — Add a Word's
word and the Type page's answer.

In each, while the word is being composed the entry's text (what AT-SPI reads, what
Kuchi's model holds) stays empty and the pre-edit is drawn in the entry: GTK gives the
pre-edit to no screen reader, so it is seen as a person sees it, in the entry's pixels
(read from the X server), which change with each key and change again, with nothing
typed, when the underlined pre-edit becomes committed text. The Enter that commits the
conversion (猫) is the input method's: it neither adds the word nor checks the answer;
the next Enter does. Kuchi's own romaji-to-kana (the Type page's production question)
leaves what the input method committed as it is: 猫 stays 猫, and committed hiragana
and katakana stay as committed.

The test is skipped, naming what is missing, without ibus-daemon, the ibus command,
the anthy engine or GTK 4's ibus module (ibus-gtk4). Where they are present, 猫 and
ねこ in the word entry (where Kuchi turns no romaji into kana) are the positive control:
key presses alone type "neko", and only the engine makes either.

The daemon runs in a HOME and XDG folders of its own (its address file, anthy's
dictionary and its settings, in GLib's keyfile backend, are in them) on the test's own
D-Bus session, and is stopped after each test."""

import ctypes
import ctypes.util
import glob
import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import tempfile
import time
import unittest

from kuchi_app import KuchiApp, name, nodes, role, wait_until, write, xdotool

from gi.repository import Atspi, GLib

# test_typing's (a deck needs three answers to choose from).
DECK = {"format": 2, "name": "Cats", "language": "ja", "cards": [
    {"question": "猫", "reading": "ねこ", "romaji": "neko", "answer": "cat"},
    {"question": "犬", "reading": "いぬ", "romaji": "inu", "answer": "dog"},
    {"question": "鳥", "reading": "とり", "romaji": "tori", "answer": "bird"},
]}
# What anthy makes of ねこ with an empty user dictionary: its first candidate.
KANJI = "猫"
# GTK 4 loads input-method modules from here (ibus-gtk4 puts libim-ibus.so in it).
GTK4_IM_MODULES = ("/usr/lib/*/gtk-4.0/*/immodules/libim-ibus.so", "/usr/lib/gtk-4.0/*/immodules/libim-ibus.so",
                   "/usr/lib64/gtk-4.0/*/immodules/libim-ibus.so")
ANTHY_MODE_HIRAGANA = 0  # ibus-anthy's input-mode: 0 hiragana, 1 katakana, …, 3 latin (its default)


def missing_pieces():
    """What the test needs and this system lacks, as the packages that bring it."""
    missing = []
    if not shutil.which("ibus-daemon") or not shutil.which("ibus"):
        missing.append("ibus-daemon and the ibus command (Debian's ibus)")
    if not glob.glob("/usr/share/ibus/component/anthy.xml"):
        missing.append("the anthy engine (ibus-anthy)")
    if not any(glob.glob(pattern) for pattern in GTK4_IM_MODULES):
        missing.append("GTK 4's ibus input-method module, libim-ibus.so (ibus-gtk4)")
    return missing


class InputMethod:
    """An ibus-daemon of the test's own, its engine anthy in hiragana mode."""

    def __init__(self):
        self.folder = tempfile.mkdtemp(prefix="kuchi-ibus-")
        environment = {key: value for key, value in os.environ.items() if not key.startswith("XDG_")}
        environment.update(
            HOME=self.folder,
            XDG_CONFIG_HOME=os.path.join(self.folder, "config"),
            XDG_CACHE_HOME=os.path.join(self.folder, "cache"),
            XDG_DATA_HOME=os.path.join(self.folder, "data"),
            # ibus-anthy's settings are GSettings: GLib's keyfile backend keeps them in
            # the folder (XDG_CONFIG_HOME/glib-2.0/settings/keyfile), not in dconf.
            GSETTINGS_BACKEND="keyfile",
            # ibus-engine-anthy runs `python3` from PATH and needs Debian's (with gi):
            # a pyenv or venv python3 ahead of it on PATH has none.
            PATH="/usr/bin:/bin:" + os.environ.get("PATH", ""),
            LANG="C.UTF-8")
        self.environment = environment
        write(os.path.join(self.folder, "config", "glib-2.0", "settings", "keyfile"),
              f"[org/freedesktop/ibus/engine/anthy/common]\ninput-mode={ANTHY_MODE_HIRAGANA}\n")
        self.log = open(os.path.join(self.folder, "ibus-daemon.log"), "wb")
        self.daemon = None
        self.address = None

    def start(self):
        started = time.monotonic()
        # No panel, emoji extension or config process (nothing to show or keep), no
        # registry cache written: the components are read from /usr/share/ibus.
        self.daemon = subprocess.Popen(
            ["ibus-daemon", "--panel=disable", "--emoji-extension=disable", "--config=disable", "--cache=none",
             "--verbose"],
            env=self.environment, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        self.address = wait_until(self._address, 20, "ibus-daemon to write its address")
        self.environment["IBUS_ADDRESS"] = self.address
        engines = wait_until(lambda: self.ibus("list-engine"), 20, "ibus-daemon to list its engines")
        if not re.search(r"^\s*anthy\s+-", engines, re.MULTILINE):
            raise unittest.SkipTest(f"ibus-daemon lists no anthy engine (ibus-anthy): {self.daemon_log()[-800:]}")
        self.select("anthy")
        self.start_seconds = time.monotonic() - started
        return self

    def _address(self):
        if self.daemon.poll() is not None:
            raise AssertionError(f"ibus-daemon exited with status {self.daemon.returncode}: {self.daemon_log()[-2000:]}")
        address = self.ibus("address")
        return address if address and address != "(null)" else None

    def select(self, engine):
        """Makes `engine` the global engine (what every input context gets). NB: `ibus
        engine NAME` exits 1 under ibus 1.5.27 although it sets it: what counts is
        what `ibus engine` then says."""
        def selected():
            self.ibus("engine", engine)
            return self.engine() == engine
        wait_until(selected, 10, f"ibus to use the {engine} engine")

    def engine(self):
        return self.ibus("engine")

    def ibus(self, *arguments):
        """`ibus ARGUMENTS`' output with this daemon, or None when it fails."""
        result = subprocess.run(["ibus", *arguments], env=self.environment, capture_output=True, timeout=10)
        return result.stdout.decode(errors="replace").strip() if result.returncode == 0 else None

    def daemon_log(self):
        self.log.flush()
        with open(self.log.name, "rb") as handle:
            return handle.read().decode(errors="replace")

    def stop(self):
        if self.daemon is not None and self.daemon.poll() is None:
            # ibus-daemon ends the engines it started (ibus-engine-anthy) as it exits.
            self.ibus("exit")
            try:
                self.daemon.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.daemon.pid, signal.SIGKILL)
                self.daemon.wait()
        # Any engine left behind is in the daemon's session (process group).
        if self.daemon is not None:
            try:
                os.killpg(self.daemon.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.log.close()
        shutil.rmtree(self.folder, ignore_errors=True)


class Screen:
    """Reads pixels back from the X server (libX11's XGetImage, through ctypes)."""

    class XImage(ctypes.Structure):
        _fields_ = [("width", ctypes.c_int), ("height", ctypes.c_int), ("xoffset", ctypes.c_int),
                    ("format", ctypes.c_int), ("data", ctypes.POINTER(ctypes.c_char)),
                    ("byte_order", ctypes.c_int), ("bitmap_unit", ctypes.c_int),
                    ("bitmap_bit_order", ctypes.c_int), ("bitmap_pad", ctypes.c_int), ("depth", ctypes.c_int),
                    ("bytes_per_line", ctypes.c_int), ("bits_per_pixel", ctypes.c_int)]

    def __init__(self):
        self.x11 = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
        self.x11.XOpenDisplay.restype = ctypes.c_void_p
        self.x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.x11.XDefaultRootWindow.restype = ctypes.c_ulong
        self.x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        self.x11.XGetImage.restype = ctypes.POINTER(Screen.XImage)
        self.x11.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_uint,
                                       ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
        self.x11.XDestroyImage.argtypes = [ctypes.POINTER(Screen.XImage)]
        self.x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
        self.x11.XGetGeometry.argtypes = [ctypes.c_void_p, ctypes.c_ulong] + [ctypes.c_void_p] * 7
        self.display = self.x11.XOpenDisplay(None)
        assert self.display, "cannot open the X display to read the entry's pixels"

    def pixels(self, x, y, width, height, window=None):
        """The pixels of `window` (the root window if None) in the rectangle, as bytes."""
        ZPIXMAP, ALL_PLANES = 2, 0xFFFFFFFF
        drawable = self.x11.XDefaultRootWindow(self.display) if window is None else window
        image = self.x11.XGetImage(self.display, drawable, x, y, width, height, ALL_PLANES, ZPIXMAP)
        assert image, f"XGetImage failed for {width}x{height}+{x}+{y}"
        try:
            return ctypes.string_at(image.contents.data, image.contents.bytes_per_line * image.contents.height)
        finally:
            self.x11.XDestroyImage(image)

    def size(self, window):
        """`window`'s width and height (XGetGeometry)."""
        root, x, y = ctypes.c_ulong(), ctypes.c_int(), ctypes.c_int()
        width, height, border, depth = ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint()
        assert self.x11.XGetGeometry(self.display, window, ctypes.byref(root), ctypes.byref(x), ctypes.byref(y),
                                     ctypes.byref(width), ctypes.byref(height), ctypes.byref(border),
                                     ctypes.byref(depth)), f"XGetGeometry failed for window {window:#x}"
        return width.value, height.value

    def close(self):
        self.x11.XCloseDisplay(self.display)


def text_of(entry):
    """The entry's text as AT-SPI reads it (what is committed; the pre-edit is not)."""
    try:
        return Atspi.Text.get_text(entry, 0, Atspi.Text.get_character_count(entry))
    except GLib.Error:
        return None


class InputMethodTest(unittest.TestCase):
    def setUp(self):
        missing = missing_pieces()
        if missing:
            self.skipTest("needs " + "; ".join(missing))
        self.started = time.monotonic()
        self.ime = InputMethod()
        self.addCleanup(self.ime.stop)
        self.ime.start()
        self.screen = Screen()
        self.addCleanup(self.screen.close)
        self.home = tempfile.mkdtemp(prefix="kuchi-ime-")
        self.addCleanup(shutil.rmtree, self.home, True)

    def tearDown(self):
        print(f"\n  {self.id().rsplit('.', 1)[-1]}: {time.monotonic() - self.started:.1f} s "
              f"(ibus-daemon ready in {getattr(self.ime, 'start_seconds', 0):.1f} s)", flush=True)

    def kuchi(self, arguments=()):
        app = KuchiApp(home=self.home, arguments=arguments)
        write(os.path.join(app.config, "profile.json"), '{"name": "Aiko"}')
        # A cursor that does not blink: the entry's pixels change only with what it shows.
        write(os.path.join(self.home, ".config", "gtk-4.0", "settings.ini"), "[Settings]\ngtk-cursor-blink=false\n")
        environment = app.environment

        def with_input_method():
            result = environment()
            result.update(GTK_IM_MODULE="ibus", IBUS_ADDRESS=self.ime.address)
            return result
        app.environment = with_input_method
        return app

    # Observing the entry.

    def entry_pixels(self, app, entry):
        """The entry's pixels on screen, once two reads 50 ms apart agree."""
        window, x, y, width, height = self.entry_rectangle(app, entry)

        def settled():
            first = self.screen.pixels(x, y, width, height, window)
            time.sleep(0.05)
            return first if self.screen.pixels(x, y, width, height, window) == first else None
        return wait_until(settled, 5, "the entry's pixels to settle")

    def entry_rectangle(self, app, entry):
        """Where the entry's text begins, on screen: its left 120 px (the same size
        whatever the entry's width, which a dialog may change as it fills in). GTK 4.18
        says 0,0 for every widget's place on an X screen (4.8 said where it is; its
        window coordinates are no better), so there the rectangle is the whole window
        focused last, in which, with the cursor not blinking, only the entry changes
        while a word is composed."""
        extents = Atspi.Component.get_extents(entry, Atspi.CoordType.SCREEN)
        if extents.width <= 0 or extents.height <= 0:
            raise AssertionError(f"the entry has no extents on screen: {extents.x},{extents.y} {extents.width}x{extents.height}")
        if (extents.x, extents.y) != (0, 0):
            return None, extents.x, extents.y, min(extents.width, 120), extents.height
        width, height = self.screen.size(self.window)
        return self.window, 0, 0, width, height

    def keys(self, app, *keys):
        """Real key presses, one by one, to the focused entry."""
        for key in keys:
            xdotool("key", "--delay", "40", key)

    def ready(self, app, entry, window_name):
        """Focuses the window named `window_name` and waits until anthy is the focused
        entry's engine; returns the entry's pixels before anything is typed."""
        self.focus(app, window_name)
        wait_until(lambda: self.ime.engine() == "anthy", 5, "anthy to be the focused entry's engine")
        return self.entry_pixels(app, entry)

    def compose(self, app, entry, window_name):
        """n e k o, then Space: checks the pre-edit shows, each step, with nothing
        committed; returns the pixels of the converted pre-edit."""
        empty = self.ready(app, entry, window_name)
        self.assertEqual(text_of(entry), "", "the entry is empty to begin with")
        self.keys(app, "n", "e", "k", "o")
        kana = wait_until(lambda: (lambda now: now if now != empty else None)(self.entry_pixels(app, entry)), 5,
                          "the pre-edit ねこ to show in the entry")
        self.assertEqual(text_of(entry), "", "while ねこ is composed, nothing is committed to the entry")
        self.keys(app, "space")
        converted = wait_until(lambda: (lambda now: now if now not in (empty, kana) else None)(
            self.entry_pixels(app, entry)), 5, "the pre-edit to show its conversion")
        self.assertEqual(text_of(entry), "", "the conversion is composed, not committed")
        return converted

    def focus(self, app, window_name):
        """Focuses the X window whose name matches `window_name`, which the pixels are
        then read from. NB: `xdotool search --pid` lists the process's other windows
        too (GTK's client leader, the main window beside a dialog), whatever the name."""
        def found():
            listed = (xdotool("search", "--pid", str(app.process.pid), "--name", window_name) or "").split()
            return next((window for window in listed if re.search(window_name, xdotool("getwindowname", window) or "")),
                        None)
        window = wait_until(found, 5, f"the X window {window_name!r}")
        xdotool("windowfocus", "--sync", window)
        self.window = int(window)

    def commit(self, app, entry, converted, expected):
        """Enter, which the input method takes to commit the conversion: the entry holds
        `expected`, drawn as committed text (not the underlined pre-edit)."""
        self.keys(app, "Return")
        wait_until(lambda: text_of(entry) == expected, 5, f"{expected} to be committed")
        self.assertNotEqual(self.entry_pixels(app, entry), converted,
                            "the committed text is drawn as text, not as the pre-edit it was")

    def stays(self, app, check, seconds, what):
        """Asserts `check()` stays true for `seconds` (events dispatched meanwhile)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.assertTrue(check(), what)
            wait_until(lambda: time.monotonic() > min(deadline, time.monotonic() + 0.05), 1, "a moment")

    # The tests.

    def test_add_a_word_takes_the_word_the_input_method_composed_and_its_enter_adds_nothing(self):
        app = self.kuchi()
        with app:
            app.focus_window()
            xdotool("key", "ctrl+n")
            entry = app.find("text", "Word")
            dialog = wait_until(lambda: next(iter(app.alerts()), None), 5, "Add a Word")
            converted = self.compose(app, entry, "^Add a Word$")
            self.commit(app, entry, converted, KANJI)
            # The positive control: key presses alone type "neko" here.
            self.stays(app, lambda: app.alerts() and text_of(entry) == KANJI, 1.0,
                       "the Enter that committed the conversion did not add the word")
            self.assertEqual(self.own_words(app), [])
            # The dictionary found it, as for a word typed.
            wait_until(lambda: text_of(app.find("text", "Reading")) == "ねこ", 5, "the reading filled in")
            self.focus(app, "^Add a Word$")
            self.keys(app, "Return")
            wait_until(lambda: not app.alerts(), 5, "the next Enter to add the word")
            self.assertEqual(self.own_words(app), [(KANJI, "ねこ")])
            del dialog

    def test_the_typed_answer_takes_the_kanji_the_input_method_converted_and_its_enter_checks_nothing(self):
        with self.typing() as app:
            entry = self.production_question(app)
            converted = self.compose(app, entry, "^Kuchi$")
            self.commit(app, entry, converted, KANJI)
            # Kuchi's romaji-to-kana ran on what was committed, and left it as it was.
            self.stays(app, lambda: text_of(entry) == KANJI and not self.verdict(app), 1.0,
                       "the Enter that committed the conversion did not check the answer, and 猫 stayed 猫")
            self.focus(app, "^Kuchi$")
            self.keys(app, "Return")
            verdict = wait_until(lambda: self.verdict(app), 5, "the next Enter to check the answer")
            self.assertTrue(verdict.startswith("Right: "), verdict)
        self.assertIn(("file:Cats/production", "猫", 3), self.reviews(app))

    def test_kana_the_input_method_committed_stay_as_committed_in_the_typed_answer(self):
        with self.typing() as app:
            entry = self.production_question(app)
            empty = self.ready(app, entry, "^Kuchi$")
            # Enter before any conversion commits the kana as they are.
            self.keys(app, "n", "e", "k", "o", "Return")
            wait_until(lambda: text_of(entry) == "ねこ", 5, "ねこ to be committed")
            self.stays(app, lambda: text_of(entry) == "ねこ" and not self.verdict(app), 1.0,
                       "the Enter that committed ねこ did not check the answer")
            self.keys(app, "ctrl+a", "BackSpace")
            wait_until(lambda: text_of(entry) == "", 5, "the entry to be emptied")
            # F7 makes the pre-edit katakana; Kuchi turns romaji into hiragana, and
            # leaves katakana the input method committed as they are.
            self.keys(app, "n", "e", "k", "o", "F7", "Return")
            wait_until(lambda: text_of(entry) == "ネコ", 5, "ネコ to be committed")
            self.stays(app, lambda: text_of(entry) == "ネコ" and not self.verdict(app), 1.0,
                       "ネコ stayed ネコ, and the Enter that committed it checked nothing")
            self.keys(app, "ctrl+a", "BackSpace")
            wait_until(lambda: text_of(entry) == "", 5, "the entry to be emptied")
            wait_until(lambda: self.entry_pixels(app, entry) == empty, 5, "the entry to show empty again")
            self.keys(app, "n", "e", "k", "o", "Return")
            wait_until(lambda: text_of(entry) == "ねこ", 5, "ねこ to be committed")
            self.keys(app, "Return")
            verdict = wait_until(lambda: self.verdict(app), 5, "the next Enter to check the answer")
            self.assertEqual(verdict, "Right: ねこ")

    def test_escape_cancels_the_pre_edit_and_stays_on_the_question(self):
        with self.typing() as app:
            entry = self.production_question(app)
            empty = self.ready(app, entry, "^Kuchi$")
            self.keys(app, "n", "e", "k", "o")
            wait_until(lambda: self.entry_pixels(app, entry) != empty, 5, "the pre-edit ねこ to show")
            self.keys(app, "Escape")
            # anthy takes Escape: the pre-edit goes, and Kuchi does not go back to Welcome.
            self.stays(app, lambda: not app.has_text_containing("Welcome to Kuchi"), 1.0,
                       "the Escape that cancels the pre-edit did not leave the question for Welcome")
            wait_until(lambda: self.entry_pixels(app, entry) == empty, 5, "the pre-edit to be cancelled")
            self.assertEqual(text_of(entry), "", "the cancelled pre-edit committed nothing")
            # With nothing composed, Escape goes back as ever.
            self.keys(app, "Escape")
            app.text_containing("Welcome to Kuchi")

    def typing(self):
        deck = os.path.join(self.home, "cats.json")
        write(deck, json.dumps(DECK, ensure_ascii=False))
        app = self.kuchi(["--deck", deck])
        write(os.path.join(app.config, "settings.json"), json.dumps({"productionDecks": ["file:Cats"]}))
        return app

    def production_question(self, app):
        """Type Answers, until the production question of 猫 (its meaning, "cat", asking
        for the Japanese): each question before it is answered ねこ through the input
        method (wrong, but for 猫's recognition) and gone past. Returns the entry."""
        app.switch_to("Challenge")
        app.press("Type Answers")
        entry = app.find("text", "Type your answer")
        for _ in range(len(DECK["cards"]) * 2):
            wait_until(lambda: app.has_text_containing("Type the Japanese") or app.has_text_containing("Type the meaning"),
                       10, "a question")
            if app.has_text_containing("Type the Japanese") and "cat" in app.texts():
                return entry
            self.focus(app, "^Kuchi$")
            self.keys(app, "n", "e", "k", "o", "Return")
            wait_until(lambda: text_of(entry) == "ねこ", 5, "ねこ committed")
            self.keys(app, "Return")
            wait_until(lambda: self.verdict(app), 5, "the verdict")
            self.keys(app, "Return")
            wait_until(lambda: not self.verdict(app), 5, "the next question")
        raise AssertionError("no production question in the round")

    def verdict(self, app):
        return next((text for text in app.texts() if text.startswith(("Right", "Not quite", "Counted as right"))
                     and not re.match(r"^Right \d", text)), None)

    def reviews(self, app):
        database = sqlite3.connect(os.path.join(app.data, "kuchi.sqlite3"))
        try:
            return database.execute(
                "SELECT d.name, c.question, r.rating FROM review r JOIN card c ON c.id = r.card "
                "JOIN deck d ON d.id = r.deck").fetchall()
        finally:
            database.close()

    def own_words(self, app):
        """The cards of My Words (my-words.json, wherever Kuchi keeps its decks)."""
        words = []
        # NB: os.walk, not glob's "**", which passes over .local.
        found = [os.path.join(root, "my-words.json") for root, _, files in os.walk(app.home) if "my-words.json" in files]
        for file in sorted(found):
            with open(file, "rb") as handle:
                deck = json.load(handle)
            words += [(card["question"], card.get("reading", "")) for card in deck.get("cards", [])]
        return words


if __name__ == "__main__":
    unittest.main()
