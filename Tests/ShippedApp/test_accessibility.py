"""Every screen of the shipped binary, as a screen reader reads it.

The walk visits each screen and window (register, a problem banner, welcome, practice
with choices hidden and shown, both feedback dialogs, congratulations, the main menu,
About, keyboard shortcuts) and fails on any button, toggle, entry, image or other
control that has no name a person can hear, or only GTK's type name ("GtkImage").
"""

import os
import unittest

from kuchi_app import (Atspi, KuchiApp, click, kuchi_basics_answers, name, nodes, role, unnamed_controls,
                       wait_until, write, xdotool)


class AccessibilityWalk(unittest.TestCase):
    def assertAllNamed(self, app, screen):
        missing = unnamed_controls(app.application)
        self.assertEqual(missing, [], f"unnamed controls on {screen}:\n" +
                         "\n".join(f"  {r} {n!r} at {p}" for r, n, p in missing))

    def test_every_screen_names_every_control(self):
        app = KuchiApp()
        write(os.path.join(app.config, "settings.json"), '{"numberOfQuestions": 3}')
        write(os.path.join(app.data, "progress.json"), "not JSON")
        answers = kuchi_basics_answers()
        with app:
            app.text_containing("progress.json")
            self.assertAllNamed(app, "register, with a problem banner")
            app.press("Dismiss")
            app.type_name("Aiko")
            self.assertAllNamed(app, "register, name typed")
            app.press("OK")
            app.find("label", "Hi, Aiko")
            self.assertAllNamed(app, "welcome")
            app.press("Start")
            question = app.question_button()
            self.assertAllNamed(app, "practice, choices hidden")
            click(question)
            wait_until(app.choice_buttons, 5, "the choices")
            self.assertAllNamed(app, "practice, choices shown")

            # Both feedback dialogs, on screen, then dismissed.
            for correct in (False, True):
                choices = app.choice_buttons()
                right = answers[name(app.question_button())]
                click(next(c for c in choices if (name(c) == right) == correct))
                dialog = wait_until(lambda: next(iter(app.alerts()), None), 5, "the feedback")
                self.assertAllNamed(app, f"feedback ({'right' if correct else 'wrong'} answer)")
                click(next(n for n in nodes(dialog) if role(n) == "push button" and name(n) == "OK"))
                wait_until(lambda: not app.alerts(), 5, "the feedback to close")
                if correct:
                    click(app.question_button())
                wait_until(app.choice_buttons, 5, "the choices")
            while not app.all("push button", "Play Again"):
                app.answer_once(answers, correct=True)
            self.assertAllNamed(app, "congratulations")

            # GTK 4.8's menu button is two nodes; the inner one acts.
            main_menu = wait_until(lambda: next((b for b in app.all("push button", "Main Menu")
                                                 if b.get_n_actions() > 0), None), 5, "the main menu button")
            click(main_menu)
            wait_until(lambda: app.all("menu item", "About Kuchi") or app.all("push button", "About Kuchi")
                       or app.all("menu item"), 5, "the main menu")
            self.assertAllNamed(app, "the main menu")
            xdotool("key", "Escape")

            xdotool("key", "Escape")
            app.switch_to("Learn")
            app.find("push button", "Remembered")
            self.assertAllNamed(app, "learn")
            app.switch_to("Settings")
            app.find("label", "Questions per session")
            self.assertAllNamed(app, "settings")

            windows = app.application.get_child_count()
            app.activate_action("about")
            wait_until(lambda: app.application.get_child_count() > windows, 5, "the About window")
            self.assertAllNamed(app, "About")

            app.activate_action("shortcuts")
            wait_until(lambda: any(name(n) == "Keyboard Shortcuts" for n in nodes(app.application)),
                       5, "the shortcuts window")
            self.assertAllNamed(app, "keyboard shortcuts")

    def test_feedback_is_an_alert_with_its_message(self):
        app = KuchiApp()
        write(os.path.join(app.config, "profile.json"), '{"name": "Aiko"}')
        answers = kuchi_basics_answers()
        with app:
            app.press("Start")
            click(app.question_button())
            choices = wait_until(app.choice_buttons, 5, "the choices")
            right = answers[name(app.question_button())]
            click(next(c for c in choices if name(c) != right))
            dialog = wait_until(lambda: next(iter(app.alerts()), None), 5, "the feedback")
            self.assertEqual(role(dialog), "alert")
            self.assertEqual(name(dialog), "Oh no!")
            self.assertEqual(dialog.get_description(), "Your answer is not correct!")

    def test_the_name_count_describes_the_entry(self):
        with KuchiApp() as app:
            entry = app.find("text", "Name")
            app.type_keys("Yuki")
            wait_until(lambda: app.has_text_containing("4 characters, name is long enough"), 5, "the count")
            relations = entry.get_relation_set()
            described = [r.get_target(0) for r in relations
                         if r.get_relation_type() == Atspi.RelationType.DESCRIBED_BY]
            self.assertEqual([name(t) for t in described], ["4 characters, name is long enough"])

    def test_the_score_is_read_and_announced_when_it_changes(self):
        app = KuchiApp()
        write(os.path.join(app.config, "profile.json"), '{"name": "Aiko"}')
        answers = kuchi_basics_answers()
        announced = []

        def on_event(event):
            child = event.any_data
            if isinstance(child, Atspi.Accessible) and role(child) == "alert":
                announced.append(name(child))

        listener = Atspi.EventListener.new(on_event)
        listener.register("object:children-changed:add")
        try:
            with app:
                app.press("Start")
                app.find("label", "Score: 0 of 5")
                app.answer_once(answers, correct=True)
                wait_until(lambda: "Score: 1 of 5" in announced, 5, "the new score announced")
                app.find("label", "Score: 1 of 5")
        finally:
            listener.deregister("object:children-changed:add")


if __name__ == "__main__":
    unittest.main()
