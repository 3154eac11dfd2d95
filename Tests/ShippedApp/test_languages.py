"""Kuchi in German, Spanish and Brazilian Portuguese, as shipped.

Each language: the built `kuchi` runs with LANGUAGE set (and the language's locale
when the system has it), and every screen is walked -- Register, Welcome, a question
and its feedback, Congratulations' way there, Learn, Statistics, Settings, the
Forget Me confirmation, About and Keyboard Shortcuts. No text or accessible name may
be a message of Kuchi's in English when the language translates it: the learner's
name and the decks' meanings (English by design) are the only English left. The
catalogues are the ones the build compiled (po/ beside the binary).
"""
import gettext
import os
import re
import subprocess
import unittest

from kuchi_app import (KuchiApp, binary, click, kuchi_basics_answers, locale_for, name, nodes, question_word, role,
                       wait_until, write, xdotool)

HERE = os.path.dirname(os.path.abspath(__file__))
TEMPLATE = os.path.join(HERE, "..", "..", "po", "kuchi.pot")
LANGUAGES = ("de", "es", "pt_BR")


def english_messages():
    """Kuchi's msgids (and plurals), read from the template: (context, msgid, plural)."""
    with open(TEMPLATE, encoding="utf-8") as file:
        text = file.read()
    messages = []
    for entry in text.split("\n\n"):
        fields, current = {}, None
        for line in entry.splitlines():
            match = re.match(r'^(msgctxt|msgid_plural|msgid) "(.*)"$', line)
            if match:
                current = match.group(1)
                fields[current] = match.group(2)
            elif line.startswith('"') and current:
                fields[current] += line[1:-1]
        if fields.get("msgid"):
            unescape = lambda s: s.replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\")
            messages.append((fields.get("msgctxt"), unescape(fields["msgid"]),
                             unescape(fields["msgid_plural"]) if "msgid_plural" in fields else None))
    return messages


def catalogue(language):
    directory = os.path.join(os.path.dirname(binary()), "po")
    return gettext.translation("kuchi", localedir=directory, languages=[language])


def untranslated_in(texts, language):
    """The texts that are an English message this language translates differently."""
    translations = catalogue(language)
    english = set()
    for context, msgid, plural in english_messages():
        if "{" in msgid or "%" in msgid:
            continue  # placeholders: matched below by their fixed words
        translated = translations.pgettext(context, msgid) if context else translations.gettext(msgid)
        if translated != msgid:
            english.add(msgid)
    return sorted(text for text in texts if text.strip() in english)


class KuchiSpeaksTheLearnersLanguage(unittest.TestCase):
    def walk(self, language):
        t = catalogue(language)
        _ = t.gettext
        seen = []

        def collect(app):
            for node in nodes(app.application):
                if name(node):
                    seen.append(name(node))
                description = node.get_description() if hasattr(node, "get_description") else None
                if description:
                    seen.append(description)

        answers = kuchi_basics_answers()
        app = KuchiApp(language=language)
        with app:
            app.find("label", _("Welcome to Kuchi"))
            # As KuchiApp.type_name does, with the entry's and the count's own words.
            app.find("text", _("Name"))
            app.type_keys("Aiko")
            typed = t.ngettext("{count} character, name is long enough", "{count} characters, name is long enough", 4)
            wait_until(lambda: app.has_text_containing(typed.replace("{count}", "4")), 5, "the name typed")
            collect(app)
            app.press(_("OK"))
            app.find("label", _("Hi, {name}").replace("{name}", "Aiko"))
            collect(app)
            app.press(_("Start"))
            question = app.find_by_description("push button", _("Show or hide the choices (Space)"))
            collect(app)
            click(question)
            hints = {_("Press {key} to choose this answer").replace("{key}", str(key)) for key in (1, 2, 3)}

            def choices():
                return [n for n in app.all("push button") if (n.get_description() or "") in hints]
            wait_until(choices, 5, "the choices")
            right = answers[question_word(question)]
            click(next(c for c in choices() if name(c) != right))
            dialog = wait_until(lambda: next(iter(app.alerts()), None), 5, "the feedback")
            self.assertEqual(name(dialog), _("Oh no!"))
            collect(app)
            click(next(n for n in nodes(dialog) if role(n) == "push button" and name(n) == _("OK")))
            wait_until(lambda: not app.alerts(), 5, "the feedback to close")
            app.focus_window()
            xdotool("key", "Escape")  # back to Welcome, as the accessibility walk does
            app.find("label", _("Hi, {name}").replace("{name}", "Aiko"))
            for key, role_and_name in (("alt+1", ("push button", _("Not Yet"))),
                                       ("alt+3", ("label", _("True retention"))),
                                       ("alt+4", ("label", _("Questions per session")))):
                app.focus_window()
                xdotool("key", key)
                app.find(*role_and_name, timeout=20)
                collect(app)
            windows = app.application.get_child_count()
            app.press(_("Forget Me…"))
            wait_until(lambda: app.application.get_child_count() > windows, 5, "the Forget Me confirmation")
            collect(app)
            xdotool("key", "Escape")
            wait_until(lambda: app.application.get_child_count() == windows, 5, "the confirmation to close")
            app.activate_action("about")
            wait_until(lambda: app.application.get_child_count() > windows, 5, "the About window")
            collect(app)
            app.activate_action("shortcuts")
            wait_until(lambda: any(name(n) == _("Keyboard Shortcuts") for n in nodes(app.application)),
                       5, "the shortcuts window")
            collect(app)
        return seen

    def check(self, language):
        seen = self.walk(language)
        self.assertGreater(len(seen), 100, "the walk read too little to mean anything")
        self.assertEqual(untranslated_in(seen, language), [], f"English left in {language}")
        # Positive control: the same check finds English when it is there.
        self.assertEqual(untranslated_in(["Start Again", "Aiko"], language), ["Start Again"])

    def test_german(self):
        self.check("de")

    def test_spanish(self):
        self.check("es")

    def test_brazilian_portuguese(self):
        self.check("pt_BR")


class MissingLocale(unittest.TestCase):
    """LANGUAGE=de with a LANG the system has not generated: the German catalogue is
    there, so the words are German (the C library falls back to C.UTF-8, where gettext
    still reads LANGUAGE; in plain "C" it reads only English)."""

    def options(self, **language):
        environment = {key: value for key, value in os.environ.items()
                       if not key.startswith(("LC_", "LANG"))}
        environment.update(language)
        result = subprocess.run([binary(), "--help"], env=environment, capture_output=True, text=True, timeout=30)
        self.assertEqual(result.returncode, 0, result.stderr)
        return result.stdout

    def test_a_locale_not_generated_still_gets_the_catalogue(self):
        german = catalogue("de").gettext("Check the deck in FILE and exit")
        self.assertNotEqual(german, "Check the deck in FILE and exit", "the German catalogue is built")
        self.assertIn(german, self.options(LANG="xx_XX.UTF-8", LANGUAGE="de"))
        # Positive control: without LANGUAGE the same option reads in English.
        self.assertIn("Check the deck in FILE and exit", self.options(LANG="xx_XX.UTF-8"))


class DigitGrouping(unittest.TestCase):
    """Numbers group as the learner's numeric locale groups them (LC_NUMERIC, from LANG
    or set by itself); when that is C or C.UTF-8, which has no grouping of its own, as
    the language of the catalogue in use does: LANG=C.UTF-8 LANGUAGE=de shows German
    words and "3.302", not "3,302". JLPT N1 has 3,302 cards."""

    N1 = os.path.join(os.path.dirname(os.path.dirname(HERE)), "data", "decks", "jlpt-n1.json")

    def check_deck(self, **locale):
        environment = {key: value for key, value in os.environ.items()
                       if not key.startswith(("LC_", "LANG"))}
        environment.update(locale)
        result = subprocess.run([binary(), "--check-deck", self.N1], env=environment, capture_output=True, text=True,
                                timeout=60)
        self.assertEqual(result.returncode, 0, result.stderr)
        return result.stdout.strip()

    def test_the_catalogue_language_groups_digits_where_the_numeric_locale_has_no_grouping(self):
        self.assertEqual(self.check_deck(LANG="C.UTF-8", LANGUAGE="de"), "ok: 3.302 Karten")
        self.assertEqual(self.check_deck(LANG="C.UTF-8", LANGUAGE="es"), "ok: 3.302 tarjetas")
        self.assertEqual(self.check_deck(LANG="C.UTF-8", LANGUAGE="pt_BR"), "ok: 3.302 cartões")
        # A LANG the system has not generated falls back to C.UTF-8: the same.
        self.assertEqual(self.check_deck(LANG="xx_XX.UTF-8", LANGUAGE="de"), "ok: 3.302 Karten")
        # Positive controls: no catalogue (English), or C.UTF-8 alone, groups as English.
        self.assertEqual(self.check_deck(LANG="C.UTF-8"), "ok: 3,302 cards")
        self.assertEqual(self.check_deck(LANG="C.UTF-8", LANGUAGE="en"), "ok: 3,302 cards")

    @unittest.skipUnless(locale_for("de") != "C.UTF-8" and locale_for("en") != "C.UTF-8",
                         "needs de_DE.UTF-8 and en_US.UTF-8 (Debian: locales-all)")
    def test_a_numeric_locale_the_learner_set_wins(self):
        self.assertEqual(self.check_deck(LANG=locale_for("de"), LANGUAGE="de"), "ok: 3.302 Karten")
        self.assertEqual(self.check_deck(LANG=locale_for("en"), LC_NUMERIC=locale_for("de")), "ok: 3.302 cards")
        self.assertEqual(self.check_deck(LANG=locale_for("de"), LANGUAGE="de", LC_NUMERIC=locale_for("en")),
                         "ok: 3,302 Karten")

    def statistics_shows(self, number, **settings):
        app = KuchiApp(**settings)
        write(os.path.join(app.config, "profile.json"), '{"name": "Aiko"}')
        write(os.path.join(app.config, "settings.json"), '{"deck": "jlpt-n1"}')
        with app:
            app.focus_window()
            xdotool("key", "alt+3")
            # The New row of Statistics: every card of the deck, none reviewed yet.
            app.find("label", number, timeout=30)

    def test_statistics_in_german_under_c_utf8(self):
        self.statistics_shows("3.302", language="de", locale="C.UTF-8")

    def test_statistics_controls(self):
        # The German locale itself, where the system has it; and C.UTF-8 in English.
        if locale_for("de") != "C.UTF-8":
            self.statistics_shows("3.302", language="de")
        self.statistics_shows("3,302", locale="C.UTF-8")


class PluralsInEveryLanguage(unittest.TestCase):
    """ngettext through the compiled catalogues picks the form each language's rule
    names, for 0, 1, 2, 5 and 21 (German and Spanish: singular for 1 only; Brazilian
    Portuguese: singular for 0 and 1), and every plural message has both forms."""

    RULES = {"de": lambda n: n != 1, "es": lambda n: n != 1, "pt_BR": lambda n: n > 1}
    EXAMPLES = {
        "de": ("{count} Karte zu wiederholen", "{count} Karten zu wiederholen"),
        "es": ("{count} tarjeta para repasar", "{count} tarjetas para repasar"),
        "pt_BR": ("{count} cartão para revisar", "{count} cartões para revisar"),
    }

    def test_plural_forms(self):
        plurals = [(m, p) for _, m, p in english_messages() if p]
        self.assertGreater(len(plurals), 20)
        for language in LANGUAGES:
            translations = catalogue(language)
            singular_form, plural_form = self.EXAMPLES[language]
            for count in (0, 1, 2, 5, 21):
                plural = self.RULES[language](count)
                got = translations.ngettext("{count} card to review", "{count} cards to review", count)
                self.assertEqual(got, plural_form if plural else singular_form, f"{language}, {count}")
                for singular, english_plural in plurals:
                    one = translations.ngettext(singular, english_plural, 1)
                    many = translations.ngettext(singular, english_plural, 5)
                    self.assertNotIn(one, (singular, english_plural), f"{language}: untranslated {singular!r}")
                    self.assertNotIn(many, (singular, english_plural), f"{language}: untranslated {english_plural!r}")


if __name__ == "__main__":
    unittest.main()
