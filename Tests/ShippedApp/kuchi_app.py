"""Drives the shipped `kuchi` binary as a person would, through AT-SPI.

The program under test is the one meson builds and installs (release, static Swift
runtime, FoundationEssentials), given by $KUCHI_BINARY. Each `KuchiApp` runs it as a
child process with a throw-away HOME and reads its window through the accessibility
tree, exactly what a screen reader sees: the texts shown, the buttons a person can
press, their names.

Needs a display, a D-Bus session bus and the AT-SPI registry, and Debian's
python3-pyatspi. The display is by default the X display in DISPLAY (the runner wraps
the suite in `xvfb-run dbus-run-session`; `X11Display`); Tests/Wayland gives a
`WaylandDisplay`, a compositor's socket, instead.

Waiting is always for a condition, with a bound: `wait_until` iterates the GLib main
context (so AT-SPI events arrive) until the condition holds or the time is up.
"""

import json
import re
import os
import shutil
import signal
import stat
import subprocess
import tempfile
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, Gio, GLib  # noqa: E402

# NB: libatspi asks each application for a cache GTK 4.8 does not offer, and warns
# once per application; the tree is read without it.
GLib.log_set_handler("dbind", GLib.LogLevelFlags.LEVEL_WARNING, lambda *_: None)

APP_ID = "io.github.kuchi.Kuchi"
APP_PATH = "/io/github/kuchi/Kuchi"
REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Roles a person operates or reads as a picture: each must have a name to be heard.
# Not "scroll bar": GTK 4's scroll bars take no keyboard focus and a screen reader
# presents them by role and orientation; no GTK or libadwaita version names them.
NAMED_ROLES = {
    "push button", "toggle button", "check box", "radio button", "text", "password text",
    "entry", "spin button", "combo box", "image", "icon", "menu item", "check menu item",
    "radio menu item", "slider", "switch", "link", "page tab", "button",
}
# A label is read as its text; an empty one has nothing to say. (GTK 4.8 names it
# "GtkLabel", after its type.)
CHECKED_ROLES = NAMED_ROLES | {"label"}
# Controls a screen reader presents as one thing, by their name (ARIA's "children
# presentational"): an image or label inside a named one is part of it, not a
# control of its own. Controls nested in them are still checked.
PRESENTATIONAL_PARENTS = {
    "push button", "toggle button", "check box", "radio button", "page tab", "switch",
    "menu item", "check menu item", "radio menu item",
}
# GTK 4.8 gives an accessible without a name its widget's name, which is by default
# its type's: "GtkImage", "AdwLeaflet".
TYPE_NAME = re.compile(r"^(Gtk|Adw)[A-Z][A-Za-z]*$")


class Timeout(AssertionError):
    pass


def binary():
    path = os.environ.get("KUCHI_BINARY")
    if not path or not os.access(path, os.X_OK):
        raise RuntimeError("KUCHI_BINARY must name the built kuchi (meson test sets it)")
    # Absolute: a test may run it in a folder of its own (KUCHI_BINARY=build/kuchi by hand).
    return os.path.abspath(path)


def locale_for(language):
    """A UTF-8 locale of `language` installed on this system, or C.UTF-8."""
    wanted = {"de": "de_DE", "en": "en_US", "es": "es_ES", "pt_BR": "pt_BR"}.get(language, language)
    installed = subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout.split()
    for name in installed:
        if name.lower().replace("-", "") in (wanted.lower() + ".utf8",):
            return name
    return "C.UTF-8"


def is_root():
    return os.geteuid() == 0


def wait_for_display(timeout=15.0):
    """Waits (bounded) until the X display in DISPLAY answers a client."""
    wait_until(lambda: subprocess.run(["xdpyinfo"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0,
               timeout, f"the X display {os.environ.get('DISPLAY')} to answer")


class X11Display:
    """The X display in DISPLAY (xvfb-run's): where the suite runs Kuchi by default.

    A display decides what the child's environment says about it, how to wait until
    it takes clients, and how text is typed into the window."""

    def environment(self, environment):
        return environment

    def wait(self):
        wait_for_display()

    def type_keys(self, app, text, into=None):
        """Real key presses into the window's focused widget (`into` is the field the
        caller knows has the focus): GTK 4.8 does not take text through AT-SPI."""
        app.focus_window()
        xdotool("type", "--delay", "15", text)


class WaylandDisplay:
    """A Wayland compositor's socket, `socket` in `runtime_dir` (Tests/Wayland starts
    the compositor): the child gets GDK_BACKEND=wayland (no fallback to X11),
    WAYLAND_DISPLAY and that XDG_RUNTIME_DIR, and no DISPLAY or XAUTHORITY.

    Text is typed through AT-SPI: inserted at the caret of the text field with its
    EditableText interface (GTK 4.14 and later implement it; the widget gets the text
    from gtk_editable_insert_text, and emits "changed" as for typing). A Wayland
    client cannot send key presses to another, and xdotool needs X11. Nor does the
    field need the keyboard focus: a headless compositor, mutter's or weston's, gives
    no window the keyboard (no seat has one: a plain GTK 4 window is not active there
    either, and keys sent through mutter's RemoteDesktop reach no window), so the
    field is the focused one where there is one, else `into`, the one the focus would
    be on."""

    def __init__(self, runtime_dir, socket):
        self.runtime_dir = runtime_dir
        self.socket = socket

    @property
    def path(self):
        return os.path.join(self.runtime_dir, self.socket)

    def environment(self, environment):
        for key in ("DISPLAY", "XAUTHORITY"):
            environment.pop(key, None)
        environment.update(GDK_BACKEND="wayland", WAYLAND_DISPLAY=self.socket, XDG_RUNTIME_DIR=self.runtime_dir)
        return environment

    def wait(self, timeout=15.0):
        wait_until(lambda: is_socket(self.path), timeout, f"the Wayland socket {self.path}")

    def type_keys(self, app, text, into=None):
        field = app.focused_text_field() or into
        assert field is not None, "no text field has the focus, and none was named to type into"
        caret = Atspi.Text.get_caret_offset(field)
        assert Atspi.EditableText.insert_text(field, caret, text, len(text)), \
            f"{role(field)} {name(field)!r} refused the text {text!r}"


def is_socket(path):
    try:
        return stat.S_ISSOCK(os.stat(path).st_mode)
    except OSError:
        return False


def wait_until(condition, timeout=10.0, what="condition"):
    """Iterates the GLib main context until `condition()` is truthy; returns its value."""
    deadline = time.monotonic() + timeout
    context = GLib.MainContext.default()
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise Timeout(f"timed out after {timeout:.0f} s waiting for {what}")
        # Dispatch what arrived (AT-SPI events); block at most 20 ms for more.
        source = GLib.timeout_source_new(20)
        source.set_callback(lambda *_: False)
        source.attach(context)
        context.iteration(True)
        source.destroy()


def identity(node):
    """What tells one accessible from another: its application's bus name and its
    object path (two proxies of one accessible are not equal in Python)."""
    try:
        return (node.app.bus_name if node.app is not None else "", node.path)
    except (AttributeError, GLib.Error):
        return ("", id(node))


def nodes(root):
    """Every accessible under `root` (itself included), depth first, each once.

    Once: on Debian 13 (GTK 4.18, libadwaita 1.7) a container of Home's pages lists
    three children that each lead to the page shown, whose own index in its parent is
    -1, so a walk that followed every listing met each of its accessibles three times
    (Statistics' chart, named once, was counted three times). Where the duplicate
    listing comes from is not pinned down."""
    stack, seen = [root], set()
    while stack:
        node = stack.pop()
        if node is None:
            continue
        key = identity(node)
        if key in seen:
            continue
        seen.add(key)
        yield node
        try:
            count = node.get_child_count()
        except GLib.Error:
            continue
        for index in reversed(range(count)):
            try:
                stack.append(node.get_child_at_index(index))
            except GLib.Error:
                pass


# The one role whose name differs between the two stacks: at-spi2-core 2.56 (Debian
# 13) renamed ATSPI_ROLE_PUSH_BUTTON, number 43, to ATSPI_ROLE_BUTTON ("button");
# 2.46 (Debian 12) calls it "push button". Every other number has the same name in
# both (their enums compared value by value), and 2.56 adds "switch" (130).
RENAMED_ROLES = {43: "push button"}


def role_name(number):
    """The suite's name of an AT-SPI role, read from its number: "push button" on
    either stack, so a test written against one reads the other alike."""
    try:
        number = int(number)
        return RENAMED_ROLES.get(number) or Atspi.Role(number).value_nick.replace("-", " ")
    except (ValueError, TypeError):
        return ""


def role(node):
    try:
        return role_name(node.get_role()) if node is not None else ""
    except GLib.Error:
        return ""


def name(node):
    try:
        return (node.get_name() or "") if node is not None else ""
    except GLib.Error:
        return ""


def parent(node):
    try:
        return node.get_parent()
    except GLib.Error:
        return None


def is_showing(node):
    try:
        states = node.get_state_set()
        return states.contains(Atspi.StateType.SHOWING) and states.contains(Atspi.StateType.VISIBLE)
    except GLib.Error:
        return False


def is_unnamed(node_name):
    """Whether a screen reader would have nothing to say for this name."""
    return not node_name or bool(TYPE_NAME.match(node_name))


class NameWalk:
    """What `unnamed_controls` found: per window ("frame:Kuchi", "alert:Oh no!"), the
    controls and labels whose names it checked (`checked`) and every node it visited
    (`visited`); the path of each one checked (`paths`, as (window, path)); the unnamed
    ones, as (window, role, name, path); and the unnamed ones an allow-list entry
    accounts for, as (entry, finding)."""

    def __init__(self):
        self.checked = {}
        self.visited = {}
        self.unnamed = []
        self.allowed = []
        # The path of every control and label checked, named or not, as (window, path).
        self.paths = []

    @property
    def total_checked(self):
        return sum(self.checked.values())

    def summary(self):
        return ", ".join(f"{window}: {self.checked[window]} of {self.visited[window]} nodes"
                         for window in self.visited)


def unnamed_controls(application, allowed=()):
    """Every control, image and label of every window of `application` that a screen
    reader could not name, as a `NameWalk`.

    Every node in the accessibility tree counts, whatever its states say: GTK 4.8
    reports SHOWING for little beyond a window's frame, and the tree already leaves
    out what is hidden (invisible widgets, GtkKit's pages not shown, nodes marked
    hidden). A path lists the named nodes from the window down ("frame:About >
    list item:Website > image:GtkImage"); `allowed` is a list of (window, path) that
    are known and cannot be fixed in Kuchi, each matching every finding at that path."""
    walk = NameWalk()

    seen = set()

    def visit(node, window, path, presented_by):
        # Each accessible once, as nodes() walks (Debian 13 lists the page shown thrice).
        key = identity(node)
        if key in seen:
            return
        seen.add(key)
        node_role, node_name = role(node), name(node).strip()
        walk.visited[window] += 1
        part_of_named = presented_by is not None and node_role in ("image", "label")
        if node_role in CHECKED_ROLES and not part_of_named:
            walk.checked[window] += 1
            walk.paths.append((window, " > ".join(path + [f"{node_role}:{node_name}"])))
            if is_unnamed(node_name):
                finding = walk.paths[-1][:1] + (node_role, node_name) + walk.paths[-1][1:]
                if (window, finding[3]) in allowed:
                    walk.allowed.append(((window, finding[3]), finding))
                else:
                    walk.unnamed.append(finding)
        if node_name:
            path = path + [f"{node_role}:{node_name}"]
        if node_role in PRESENTATIONAL_PARENTS and not is_unnamed(node_name):
            presented_by = node
        try:
            count = node.get_child_count()
        except GLib.Error:
            return
        for index in range(count):
            try:
                child = node.get_child_at_index(index)
            except GLib.Error:
                continue
            if child is not None:
                visit(child, window, path, presented_by)

    for index in range(application.get_child_count()):
        try:
            window = application.get_child_at_index(index)
        except GLib.Error:
            continue
        if window is None:
            continue
        key = f"{role(window)}:{name(window)}"
        walk.checked.setdefault(key, 0)
        walk.visited.setdefault(key, 0)
        visit(window, key, [], None)
    return walk


def find_application(process, title):
    """The AT-SPI application of `process` once it shows a frame titled `title`."""
    desktop = Atspi.get_desktop(0)
    for index in range(desktop.get_child_count()):
        application = desktop.get_child_at_index(index)
        if application is None:
            continue
        try:
            if application.get_process_id() != process.pid:
                continue
        except GLib.Error:
            continue
        for frame in nodes(application):
            if role(frame) == "frame" and name(frame) == title and is_showing(frame):
                return application
    return None


class KuchiApp:
    """One run of `kuchi` with its own HOME; a context manager that quits it."""

    def __init__(self, home=None, arguments=(), drop_privileges=False, speech_dispatcher=False, language=None,
                 locale=None, display=None):
        self.owns_home = home is None
        # Where the window shows: X11Display() (DISPLAY) unless told otherwise.
        self.display = display or X11Display()
        # A gettext language ("de", "pt_BR"); None runs Kuchi in English whatever the
        # environment of the test run says.
        self.language = language
        # The LANG to run under: by default C.UTF-8, or the language's own locale when
        # the system has it.
        self.locale = locale
        self.home = home or tempfile.mkdtemp(prefix="kuchi-shipped-")
        self.arguments = list(arguments)
        self.drop_privileges = drop_privileges
        self.speech_dispatcher = speech_dispatcher
        self.process = None
        self.application = None

    # Where GLib puts the user's files for this HOME.
    @property
    def config(self):
        return os.path.join(self.home, ".config", "kuchi")

    @property
    def data(self):
        return os.path.join(self.home, ".local", "share", "kuchi")

    def environment(self):
        environment = {key: value for key, value in os.environ.items() if not key.startswith("XDG_")}
        environment.update(HOME=self.home, LANG="C.UTF-8", GTK_A11Y="atspi")
        for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LC_TIME", "LC_NUMERIC"):
            environment.pop(key, None)
        if self.language:
            # The language's own locale when the system has it (dates and numbers
            # follow it); otherwise C.UTF-8, where LANGUAGE still picks the messages.
            environment.update(LANGUAGE=self.language, LANG=locale_for(self.language))
        if self.locale:
            environment.update(LANG=self.locale)
        return self.display.environment(environment)

    def command(self):
        command = [binary()] + self.arguments
        # Root reads and writes any file; without these capabilities it meets
        # permissions as a person does.
        if self.drop_privileges and is_root():
            command = ["setpriv", "--bounding-set", "-dac_override,-dac_read_search,-fowner"] + command
        return command

    def run(self, *arguments, timeout=60):
        """Kuchi as a command with this HOME (`--sync`, `--export-reviews FILE`), no
        window: its exit status, standard output and standard error."""
        result = subprocess.run(self.command() + list(arguments), env=self.environment(),
                                capture_output=True, timeout=timeout, cwd=self.home)
        return result.returncode, result.stdout.decode(errors="replace"), result.stderr.decode(errors="replace")

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.quit()
        if self.owns_home:
            make_writable(self.home)
            shutil.rmtree(self.home, ignore_errors=True)
        return False

    def start(self, timeout=20.0):
        assert not another_instance_running(), "a Kuchi instance is already running on this bus"
        self.display.wait()
        if not self.speech_dispatcher:
            self.keep_speech_dispatcher_out()
        for attempt in (1, 2):
            self.started = time.monotonic()
            self.process = subprocess.Popen(
                self.command(), env=self.environment(), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            try:
                self.application = wait_until(self._find_application, timeout, "the Kuchi window to appear")
                break
            except AssertionError as error:
                # A Kuchi whose window did not appear in time is stopped here: left
                # running, it would hold the bus name, and every later test would fail
                # on "already running" instead of on its own check.
                self.stop_unstarted()
                # The private X server has, rarely, refused the first client of a run
                # ("cannot open display") although it answered xdpyinfo: that is the
                # test bed, not Kuchi, so it gets one more try once the display answers.
                if attempt == 2 or "cannot open display" not in str(error):
                    raise
                self.display.wait()
        self.window_seconds = time.monotonic() - self.started
        return self

    def stop_unstarted(self):
        """Kills a Kuchi started by start() that did not show its window (no-op once it
        has ended by itself)."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def _find_application(self):
        if self.process.poll() is not None:
            out, err = self.process.communicate()
            raise AssertionError(
                f"kuchi exited with status {self.process.returncode} before showing a window\n"
                f"stdout: {out.decode(errors='replace')[-2000:]}\nstderr: {err.decode(errors='replace')[-2000:]}")
        return find_application(self.process, "Kuchi")

    def activate_action(self, action):
        """Activates an app action (`quit`, `about`, `shortcuts`) as the desktop does."""
        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        bus.call_sync(APP_ID, APP_PATH, "org.gtk.Actions", "Activate",
                      GLib.Variant("(sava{sv})", (action, [], {})), None, Gio.DBusCallFlags.NONE, 5000, None)

    def quit(self, timeout=10.0):
        if self.process is None:
            return
        if self.process.poll() is not None:
            self.process.stdout.close()
            self.process.stderr.close()
            return
        try:
            self.activate_action("quit")
            self.process.wait(timeout)
        except (GLib.Error, subprocess.TimeoutExpired):
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()
            raise AssertionError("kuchi did not quit when asked")
        finally:
            self.process.stdout.close()
            self.process.stderr.close()

    def keep_speech_dispatcher_out(self):
        """Kuchi starts speech-dispatcher (libspeechd's autospawn) once its Say the Word
        button shows; in a test that daemon would live on in the throw-away HOME after
        the run. speech-dispatcher's own user setting turns autospawn off: it is asked,
        refuses at once, and the button says speech-dispatcher is missing."""
        try:
            write(os.path.join(self.home, ".config", "speech-dispatcher", "speechd.conf"), "DisableAutoSpawn\n")
        except OSError:
            pass  # a test's read-only HOME: nothing can be started in it either

    # Reading the window.

    def all(self, wanted_role=None, wanted_name=None, showing=False):
        result = []
        for node in nodes(self.application):
            if wanted_role and role(node) != wanted_role:
                continue
            if wanted_name is not None and name(node) != wanted_name:
                continue
            if showing and not is_showing(node):
                continue
            result.append(node)
        return result

    def find(self, wanted_role, wanted_name, timeout=10.0):
        return wait_until(lambda: next(iter(self.all(wanted_role, wanted_name)), None), timeout,
                          f"a {wanted_role} named {wanted_name!r}")

    def texts(self):
        return [name(node) for node in self.all("label")]

    def text_containing(self, fragment, timeout=10.0):
        return wait_until(lambda: next((t for t in self.texts() if fragment in t), None), timeout,
                          f"a text containing {fragment!r}")

    def has_text_containing(self, fragment):
        return any(fragment in text for text in self.texts())

    # Acting on it.

    def press(self, button_name, wanted_role="push button", timeout=10.0):
        button = self.find(wanted_role, button_name, timeout)
        click(button)
        return button

    def switch_to(self, page):
        """Clicks Home's view switcher button for `page` ("Learn", "Settings")."""
        tab = wait_until(lambda: next((t for t in self.all("page tab", page) if t.get_n_actions() > 0), None),
                         10, f"the {page} switcher button")
        click(tab)

    def type_name(self, text):
        """Types into the name entry (which has the focus when Register appears), as
        the display types (`X11Display`, `WaylandDisplay`)."""
        self.type_keys(text, into=self.find("text", "Name"))
        count = len(text.strip())
        wait_until(lambda: self.has_text_containing(f"{count} characters"), 5, f"{text!r} typed")

    def focus_window(self):
        """Gives the main window the keyboard, as a click on it would."""
        window = wait_until(lambda: xdotool("search", "--pid", str(self.process.pid), "--name", "^Kuchi$"),
                            5, "the window's X id").split()[0]
        xdotool("windowfocus", "--sync", window)

    def type_keys(self, text, into=None):
        """Types `text` into the focused widget of the window, as the display types;
        `into`, the text field that has (or, where no window has the keyboard, would
        have) the focus, is where a display that types through AT-SPI puts it."""
        self.display.type_keys(self, text, into)

    def focused_text_field(self):
        """The text field of the window that has the keyboard focus, or None."""
        for node in self.all("text"):
            try:
                states = node.get_state_set()
                if states.contains(Atspi.StateType.FOCUSED) and states.contains(Atspi.StateType.EDITABLE):
                    return node
            except GLib.Error:
                continue
        return None

    def register(self, user="Aiko"):
        self.type_name(user)
        self.press("OK")
        self.find("label", f"Hi, {user}")

    def answer_once(self, deck_answers=None, correct=None):
        """From the question: shows the choices, picks one, dismisses the feedback.

        With `deck_answers` (question → answer) and `correct`, picks a right or wrong
        answer; returns the feedback title shown."""
        question = self.question_button()
        if not self.choice_buttons():
            click(question)
        choices = wait_until(self.choice_buttons, 5, "the choices")
        choice = choices[0]
        if deck_answers is not None and correct is not None:
            right = deck_answers[question_word(question)]
            choice = next(c for c in choices if (name(c) == right) == correct)
        click(choice)
        dialog = wait_until(lambda: next(iter(self.alerts()), None), 5, "the feedback")
        title = name(dialog)
        ok = next(node for node in nodes(dialog) if role(node) == "push button" and name(node) == "OK")
        click(ok)
        wait_until(lambda: not self.alerts(), 5, "the feedback to close")
        return title

    def alerts(self):
        return [node for node in self.all("alert") if role(parent(node)) == "application"]

    def start_session(self):
        """Welcome's Start (or Practise Anyway), then the question is shown."""
        button = wait_until(lambda: next(
            (b for b in self.all("push button") if name(b) in ("Start", "Practise Anyway") and b.get_n_actions() > 0),
            None), 10, "Start")
        click(button)
        self.question_button()

    def has_question(self):
        """Whether a question is on screen (its Show/hide the choices button)."""
        return any(node.get_description() == "Show or hide the choices (Space)"
                   for node in self.all("push button", showing=True))

    def go_on_after_the_last_answer(self):
        """After a session's last answer, Play Again: a new session, or Welcome when the
        schedule has nothing left today, whose Start begins one."""
        if self.has_text_containing("You’re awesome!"):
            self.press("Play Again")
            wait_until(lambda: self.has_question() or self.has_text_containing("Welcome to Kuchi"), 10,
                       "a new session or Welcome")
            if not self.has_question():
                self.start_session()

    def question_button(self):
        return self.find_by_description("push button", "Show or hide the choices (Space)")

    def find_by_description(self, wanted_role, description, timeout=10.0):
        def look():
            for node in self.all(wanted_role):
                if node.get_description() == description:
                    return node
            return None
        return wait_until(look, timeout, f"a {wanted_role} described {description!r}")

    def choice_buttons(self):
        """The answer buttons, in order (each says which key chooses it)."""
        return [node for node in self.all("push button") if CHOICE_HINT.match(node.get_description() or "")]


CHOICE_HINT = re.compile(r"^Press \d to choose this answer$")


def question_word(node):
    """The word the question button asks: it reads "word, reading" (the reading as the
    Readings setting shows it), or the word alone when there is no reading to add."""
    return name(node).split(", ")[0]


def copy_sync_folder(source, destination):
    """Every file of one sync folder into the other, as a synchronizer does (temporary names left out)."""
    for root, _, files in os.walk(source):
        for file in files:
            if file.startswith("."):
                continue
            relative = os.path.relpath(os.path.join(root, file), source)
            os.makedirs(os.path.dirname(os.path.join(destination, relative)), exist_ok=True)
            shutil.copy2(os.path.join(source, relative), os.path.join(destination, relative))


def click(node):
    """Does what a click does: the accessible's first action ("click")."""
    assert node.get_n_actions() > 0, f"{role(node)} {name(node)!r} has no action"
    node.do_action(0)


def xdotool(*arguments):
    result = subprocess.run(["xdotool", *arguments], capture_output=True, text=True, timeout=10)
    return result.stdout.strip() if result.returncode == 0 else ""


def another_instance_running():
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    reply = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                          "NameHasOwner", GLib.Variant("(s)", (APP_ID,)), None, Gio.DBusCallFlags.NONE, 2000, None)
    return reply.unpack()[0]


def make_writable(path):
    for root, directories, files in os.walk(path):
        for entry in directories + files:
            # A symlink (speech-dispatcher, started by the app, leaves some in HOME)
            # has no mode of its own on Linux.
            if os.path.islink(os.path.join(root, entry)):
                continue
            try:
                os.chmod(os.path.join(root, entry), 0o700, follow_symlinks=False)
            except OSError:
                pass
    try:
        os.chmod(path, 0o700)
    except OSError:
        pass


def write(path, content, mode=None):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(content if isinstance(content, bytes) else content.encode())
    if mode is not None:
        os.chmod(path, mode)


def snapshot(*folders):
    """Every file under `folders`: path → bytes (folders as None)."""
    result = {}
    for folder in folders:
        for root, directories, files in os.walk(folder):
            for directory in directories:
                result[os.path.join(root, directory)] = None
            for file in files:
                path = os.path.join(root, file)
                try:
                    with open(path, "rb") as handle:
                        result[path] = handle.read()
                except OSError:
                    result[path] = "unreadable"
    return result


def read_bytes(path):
    with open(path, "rb") as handle:
        return handle.read()


def read_json(path):
    with open(path, "rb") as handle:
        return json.loads(handle.read())


def kuchi_basics_answers():
    with open(os.path.join(REPOSITORY, "data", "decks", "kuchi-basics.json"), "rb") as handle:
        deck = json.load(handle)
    return {card["question"]: card["answer"] for card in deck["cards"]}
