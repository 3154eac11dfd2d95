"""Input from outside that once froze, crashed or garbled the shipped binary.

Each case is a finding of a torture run: a named pipe as a deck, a deck file name that
is not UTF-8, terminal escapes in a deck, a 100,000-character word, a pasted
65,000-character name, a 32 MiB deck of empty cards, temporary files left by a crash.
"""

import os
import subprocess
import tempfile
import unittest

from kuchi_app import KuchiApp, binary, read_json, wait_until, write, question_word

GOOD_CARDS = [
    {"question": "テスト一", "pronunciation": "tesuto ichi", "answer": "test one"},
    {"question": "テスト二", "pronunciation": "tesuto ni", "answer": "test two"},
    {"question": "テスト三", "pronunciation": "tesuto san", "answer": "test three"},
]


def deck_text(cards, name="Test deck"):
    import json
    return json.dumps({"format": 1, "name": name, "language": "ja", "cards": cards}, ensure_ascii=False)


def check_deck(path, timeout=60):
    """Runs `kuchi --check-deck PATH`; returns (status, standard output as bytes)."""
    result = subprocess.run([binary(), "--check-deck", path], capture_output=True, timeout=timeout)
    return result.returncode, result.stdout


def peak_rss_of(arguments, timeout=120):
    """Runs kuchi with `arguments`; returns (status, output, peak resident memory in MiB)."""
    pid = os.fork()
    if pid == 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        os.execv(binary(), [binary()] + arguments)
    _, status, usage = os.wait4(pid, 0)
    return os.waitstatus_to_exitcode(status), usage.ru_maxrss / 1024


class HostileDecks(unittest.TestCase):
    def test_a_named_pipe_as_deck_is_refused_at_once(self):
        with tempfile.TemporaryDirectory() as folder:
            fifo = os.path.join(folder, "deck.json")
            os.mkfifo(fifo)
            with KuchiApp(arguments=["--deck", fifo]) as app:
                self.assertLess(app.window_seconds, 10)
                app.text_containing("deck.json: cannot be read: it is a named pipe, not a file")

    def test_a_deck_whose_name_is_not_utf8_opens(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(os.fsencode(folder), b"caf\xe9.json")
            with open(path, "wb") as handle:
                handle.write(deck_text(GOOD_CARDS).encode())
            app = KuchiApp(arguments=["--deck", os.fsdecode(path)])
            write(os.path.join(app.config, "profile.json"), b'{"name": "Aiko"}')
            with app:
                app.press("Start")
                question = app.question_button()
                self.assertIn(question_word(question), {card["question"] for card in GOOD_CARDS})
                self.assertFalse(app.has_text_containing("could not be used"))

    def test_check_deck_escapes_control_characters(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "escapes.json")
            evil = "\u001b[31mred\nline\r\u202eevil"
            cards = GOOD_CARDS + [{"question": evil, "pronunciation": "a", "answer": "b"},
                                  {"question": evil, "pronunciation": "a", "answer": "c"}]
            write(path, deck_text(cards))
            status, output = check_deck(path)
            self.assertEqual(status, 1)
            self.assertNotIn(b"\x1b", output)
            self.assertNotIn(b"\r", output)
            self.assertNotIn("\u202e".encode(), output)
            # A card's text may not hold them at all: each is refused by its code.
            lines = output.decode().splitlines()
            refused = "'question' cannot be shown on a card: it holds a control character (U+001B), which a card cannot show"
            self.assertEqual(lines, [f"escapes.json: card 4: {refused}", f"escapes.json: card 5: {refused}"])

    def test_a_huge_duplicate_word_opens_quickly_and_is_shown_short(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "huge-word.json")
            word = "語" * 100_000
            write(path, deck_text(GOOD_CARDS + [{"question": word, "pronunciation": "a", "answer": "b"},
                                                {"question": word, "pronunciation": "a", "answer": "c"}]))
            with KuchiApp(arguments=["--deck", path]) as app:
                self.assertLess(app.window_seconds, 10)
                text = app.text_containing("huge-word.json")
                self.assertIn("'question' is too long (100000 characters; at most 200)", text)
                self.assertLess(len(text), 2_000)

    def test_a_deck_of_empty_cards_stays_within_memory(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "empty-cards.json")
            body = b"{}," * ((32 << 20) // 3 - 40)
            write(path, b'{"format": 1, "name": "x", "language": "ja", "cards": [' + body[:-1] + b"]}")
            self.assertLessEqual(os.path.getsize(path), 32 << 20)
            status, peak = peak_rss_of(["--check-deck", path])
            self.assertEqual(status, 1)
            # The file itself is 32 MiB; the tree it would expand to was 2.6 GB.
            self.assertLess(peak, 32 + 48, f"peak resident memory {peak:.0f} MiB")


class HostileUserFiles(unittest.TestCase):
    def test_a_pasted_huge_name_does_not_slow_the_start(self):
        app = KuchiApp()
        write(os.path.join(app.config, "profile.json"), '{"name": "' + "x" * 65_000 + '"}')
        with app:
            self.assertLess(app.window_seconds, 10)
            text = app.text_containing("profile.json")
            self.assertIn("the name is longer than 64 characters", text)
            app.find("text", "Name")

    def test_a_null_name_is_reported_in_words(self):
        app = KuchiApp()
        write(os.path.join(app.config, "profile.json"), '{"name": null}')
        with app:
            text = app.text_containing("profile.json")
            self.assertIn("'name' is null; it must be text", text)
            self.assertIn("Kuchi moved it aside", text)

    def test_temporary_files_from_a_crash_are_removed_at_start(self):
        app = KuchiApp()
        write(os.path.join(app.config, ".settings.json.tmp-1F2E"), "{}")
        write(os.path.join(app.config, ".profile.json.tmp-3D4C"), "{}")
        write(os.path.join(app.data, ".progress.json.tmp-5B6A"), "{}")
        write(os.path.join(app.config, ".notes.tmp-keep"), "mine")
        with app:
            self.assertEqual(sorted(os.listdir(app.config)), [".notes.tmp-keep"])
            self.assertEqual([name for name in os.listdir(app.data) if not name.startswith("kuchi.sqlite3")], [])

    def test_the_name_entry_takes_at_most_64_characters(self):
        with KuchiApp() as app:
            app.type_keys("y" * 80)
            app.find("label", "64 characters, name is long enough")
            app.press("OK")
            profile = os.path.join(app.config, "profile.json")
            wait_until(lambda: os.path.exists(profile), 5, "the profile saved")
            self.assertEqual(read_json(profile)["name"], "y" * 64)


if __name__ == "__main__":
    unittest.main()
