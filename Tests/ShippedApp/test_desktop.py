"""Kuchi as one desktop app: a second launch hands its deck to the running one,
and the window's keyboard shortcuts work."""

import os
import subprocess
import tempfile
import unittest

from kuchi_app import KuchiApp, binary, read_json, wait_until, write, xdotool, question_word

ANIMALS = "ねこ\tcat\tneko\nいぬ\tdog\tinu\nとり\tbird\ttori\n"
WORDS = {"ねこ", "いぬ", "とり"}


class SecondLaunch(unittest.TestCase):
    def second_launch(self, app, *arguments):
        return subprocess.run([binary(), *arguments], env=app.environment(), capture_output=True, timeout=30)

    def test_import_deck_from_a_second_launch_reaches_the_running_window(self):
        app = KuchiApp()
        write(os.path.join(app.config, "profile.json"), '{"name": "Aiko"}')
        with app, tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "Animals.tsv")
            write(path, ANIMALS)
            result = self.second_launch(app, "--import-deck", path)
            self.assertEqual(result.returncode, 0, result.stderr.decode(errors="replace"))
            app.text_containing("Imported “Animals”")
            settings = os.path.join(app.config, "settings.json")
            wait_until(lambda: os.path.exists(settings) and read_json(settings).get("deck") == "animals", 5,
                       "the imported deck chosen and remembered")
            self.assertTrue(os.path.exists(os.path.join(app.data, "decks", "animals.json")))
            app.press("Start")
            self.assertIn(question_word(app.question_button()), WORDS)

    def test_a_refused_import_from_a_second_launch_says_why_on_its_terminal(self):
        app = KuchiApp()
        write(os.path.join(app.config, "profile.json"), '{"name": "Aiko"}')
        with app, tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "broken.tsv")
            write(path, "ねこ\tcat\nいぬ\n")
            result = self.second_launch(app, "--import-deck", path)
            self.assertEqual(result.returncode, 1)
            self.assertIn("broken.tsv: line 2", result.stderr.decode())
            app.text_containing("Could not import broken.tsv")

    def test_a_refused_import_at_the_first_launch_shows_why_and_exits_1(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "broken.tsv")
            write(path, "ねこ\tcat\nいぬ\n")
            app = KuchiApp(arguments=["--import-deck", path])
            write(os.path.join(app.config, "profile.json"), '{"name": "Aiko"}')
            with app:
                app.text_containing("Could not import broken.tsv")
                app.press("OK")
                # NB: AT-SPI's press returns before Kuchi has closed the alert, and Home's
                # Start is there behind it all along; a key sent while the modal alert is
                # still up goes to a window it blocks, and is lost (3 runs in 4 on a fresh
                # machine). A person's Ctrl+Q comes after the alert has gone.
                wait_until(lambda: not app.alerts(), 5, "the alert to close")
                app.find("push button", "Start")
                app.focus_window()
                xdotool("key", "ctrl+q")
                app.process.wait(10)
                self.assertEqual(app.process.returncode, 1)

    def test_an_anki_package_from_a_second_launch_is_imported(self):
        app = KuchiApp()
        write(os.path.join(app.config, "profile.json"), '{"name": "Aiko"}')
        package = os.path.join(os.path.dirname(__file__), "..", "KuchiModelTests", "Fixtures", "anki", "vocab-legacy.apkg")
        with app:
            result = self.second_launch(app, "--import-deck", os.path.abspath(package))
            self.assertEqual(result.returncode, 0, result.stderr.decode(errors="replace"))
            # Its "Kotoba" note type's fields say nothing: the field dialog asks first.
            app.text_containing("Which Field Is the Word?")

    def test_deck_from_a_second_launch_is_practised_by_the_running_window(self):
        app = KuchiApp()
        write(os.path.join(app.config, "profile.json"), '{"name": "Aiko"}')
        with app, tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "animals.json")
            cards = ",".join('{"question": "%s", "pronunciation": "x", "answer": "%s"}' % (w, m)
                             for w, m in [("ねこ", "cat"), ("いぬ", "dog"), ("とり", "bird")])
            write(path, '{"format": 1, "name": "Animals", "language": "ja", "cards": [%s]}' % cards)
            # Relative to the second launch's own folder.
            result = subprocess.run([binary(), "--deck", "animals.json"], env=app.environment(), cwd=folder,
                                    capture_output=True, timeout=30)
            self.assertEqual(result.returncode, 0, result.stderr.decode(errors="replace"))
            app.press("Start")
            wait_until(lambda: question_word(app.question_button()) in WORDS, 5, "a word of the deck asked")


class Shortcuts(unittest.TestCase):
    def test_control_w_closes_the_window(self):
        app = KuchiApp()
        write(os.path.join(app.config, "profile.json"), '{"name": "Aiko"}')
        with app:
            app.find("push button", "Start")
            app.focus_window()
            xdotool("key", "ctrl+w")
            app.process.wait(10)
            self.assertEqual(app.process.returncode, 0)

    def test_control_comma_opens_settings(self):
        app = KuchiApp()
        write(os.path.join(app.config, "profile.json"), '{"name": "Aiko"}')
        with app:
            app.find("push button", "Start")
            app.focus_window()
            xdotool("key", "ctrl+comma")
            app.find("label", "Questions per session")

    def test_enter_starts_the_challenge_after_registering_and_after_alt_2(self):
        """Start has the keyboard focus whenever the Challenge page shows its welcome, so
        Enter starts the challenge: it opened Type Answers, the next control, which the
        page switch moved the focus on to after Start had taken it."""
        with KuchiApp() as app:
            app.register()
            app.focus_window()
            xdotool("key", "Return")
            self.assert_practice_started(app, "Enter after registering")

            # Back on the welcome, the focus moved on to Type Answers, then Learn: Alt+2
            # brings the page back, and Start has the focus again, not Type Answers where
            # the page was left (where GTK's stacks put it back).
            xdotool("key", "Escape")
            app.find("push button", "Type Answers")
            xdotool("key", "Tab")
            xdotool("key", "alt+1")
            app.find("push button", "Remembered")
            xdotool("key", "alt+2")
            app.find("push button", "Start")
            xdotool("key", "Return")
            self.assert_practice_started(app, "Enter after Alt+2")

            # The same through the view switcher.
            xdotool("key", "Escape")
            app.find("push button", "Type Answers")
            xdotool("key", "Tab")
            app.switch_to("Learn")
            app.find("push button", "Remembered")
            app.switch_to("Challenge")
            app.find("push button", "Start")
            app.focus_window()
            xdotool("key", "Return")
            self.assert_practice_started(app, "Enter after the view switcher")

    def assert_practice_started(self, app, what):
        """Waits for the practice (the question) or the Type page (its entry) to show, and
        fails on the Type page."""
        shown = wait_until(lambda: app.all("text", "Type your answer") or app.choice_buttons()
                           or any(node.get_description() == "Show or hide the choices (Space)"
                                  for node in app.all("push button")), 10, f"a page after {what}")
        self.assertFalse(app.all("text", "Type your answer"), f"{what} opened Type Answers: {shown}")


class Scratch(unittest.TestCase):
    """What an Anki import unpacks lives in Kuchi's own data folder, never /tmp, and what
    a killed import left there is removed at the next start."""

    PACKAGE = os.path.join(os.path.dirname(__file__), "..", "KuchiModelTests", "Fixtures", "anki", "vocab-modern.apkg")

    @staticmethod
    def unpacked_in_tmp():
        return {name for name in os.listdir(tempfile.gettempdir()) if name.startswith(".kuchi-anki-")}

    def test_check_deck_unpacks_in_the_data_folder_and_leaves_nothing(self):
        app = KuchiApp()
        before = self.unpacked_in_tmp()
        result = subprocess.run([binary(), "--check-deck", self.PACKAGE], env=app.environment(),
                                capture_output=True, timeout=30)
        self.assertEqual(result.returncode, 0, result.stderr.decode(errors="replace"))
        self.assertTrue(result.stdout.decode().startswith("ok: "), result.stdout)
        self.assertEqual(self.unpacked_in_tmp() - before, set())
        scratch = os.path.join(app.data, "scratch")
        # The package was unpacked there (the folder was made), and nothing of it is left.
        self.assertTrue(os.path.isdir(scratch))
        self.assertEqual(os.listdir(scratch), [])

    def test_what_a_killed_import_left_is_removed_at_the_next_start(self):
        app = KuchiApp()
        write(os.path.join(app.config, "profile.json"), '{"name": "Aiko"}')
        unpacked = os.path.join(app.data, "scratch", ".kuchi-anki-Xy12Ab")
        older = os.path.join(app.data, "decks", ".kuchi-anki-Cd34Ef")
        # Positive control: a file of the learner's in the same folders stays.
        kept = os.path.join(app.data, "scratch", "notes.txt")
        write(os.path.join(unpacked, "collection.anki21"), "x")
        write(os.path.join(older, "collection.anki2"), "x")
        write(kept, "mine")
        with app:
            app.find("push button", "Start")
            self.assertFalse(os.path.exists(unpacked))
            self.assertFalse(os.path.exists(older))
            self.assertTrue(os.path.exists(kept))


class BuildTree(unittest.TestCase):
    """meson's build/kuchi, started from the build tree with no KUCHI_DATA_DIR, finds its
    decks and icons in build/data beside it, as `swift run kuchi` finds the source tree's."""

    def test_the_build_trees_kuchi_finds_its_decks_and_icons(self):
        here = os.path.join(os.path.dirname(binary()), "data")
        # The links meson makes; without them the rest of the test means nothing.
        self.assertTrue(os.path.isfile(os.path.join(here, "decks", "jlpt-n5.json")), here)
        self.assertTrue(os.path.isdir(os.path.join(here, "icons", "hicolor")), here)
        self.assertTrue(os.path.isfile(os.path.join(here, "strokes", "strokes.json")), here)
        app = BuildTreeApp()
        write(os.path.join(app.config, "profile.json"), '{"name": "Aiko"}')
        write(os.path.join(app.config, "settings.json"), '{"deck": "jlpt-n5"}')
        with app:
            app.find("push button", "Start")
            # The bundled deck is in use: it was found (a missing one is named in a banner
            # and the built-in Kuchi Basics is used instead). Settings' Deck row names it:
            # Welcome's title does too, but only in a window too narrow for the view
            # switcher, and GTK 4.18 leaves the title out of the tree while it is hidden.
            self.assertFalse(app.has_text_containing("Kuchi Basics"), app.texts())
            app.switch_to("Settings")
            app.text_containing("JLPT N5")


class BuildTreeApp(KuchiApp):
    def environment(self):
        environment = super().environment()
        environment.pop("KUCHI_DATA_DIR", None)
        return environment


if __name__ == "__main__":
    unittest.main()
