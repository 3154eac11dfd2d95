#!/usr/bin/env python3
"""Fails when a sentence people see is not translatable.

Scans the Swift sources of the app and the model (Sources/KuchiApp, Sources/KuchiModel)
for string literals and reports:

  * a literal that looks visible (words with a space, or a capitalised word) and is
    neither marked for translation -- an argument of tr(...), trn(...) or trc(...) --
    nor passed where text is never shown (widget names, CSS classes, icon and action
    names, ...: NONVISIBLE_CALLS and NONVISIBLE_LABELS below), nor listed with a reason
    in tools/translatable-allowlist.txt;
  * a marked literal with Swift interpolation "\\(" (xgettext cannot see it and
    translators could not move it; StaticString already refuses it at compile time);
  * with --pot FILE: a marked literal missing from the template, or a msgid in the
    template with "\\(";
  * with --po FILE...: a message of the template untranslated or fuzzy in a language;
  * with --potfiles FILE: a source file with marked literals that POTFILES.in misses.

A heuristic by design: it reads literals, not types. What it lets through by name is
explicit, and every allowlist line says why.
"""
import argparse
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCES = [ROOT / "Sources" / "KuchiApp", ROOT / "Sources" / "KuchiModel"]
ALLOWLIST = ROOT / "tools" / "translatable-allowlist.txt"

# Calls whose string arguments are names, never shown.
NONVISIBLE_CALLS = {
    "widgetName", "cssClass", "addAction", "bytes", "contains", "appendingPathComponent",
    "environment", "Application", "SerialQueueExecutor", "Image", "hasPrefix", "hasSuffix", "replacing",
    "withCString", "dlsym", "connect", "UInt8", "Character", "split", "CodingKeys", "Tracking", "execute",
    "prepare", "query", "fileExists", "literal", "Diagnostics.warn", "warn", "print_debug", "SoundFile",
    "named", "URL", "InvalidRow", "SQLiteError", "Output", "init", "LocalPath", "getenv", "setenv",
    "Challenge",  # deck content: the meanings stay English, as the decks' source data is
    "bindtextdomain", "bind_textdomain_codeset", "textdomain", "setlocale", "dgettext", "dngettext",
    "AnkiConnectError",  # AnkiConnect's error words, English as AnkiConnect's own: programs read them
    "SVGPathError", "StrokeDataError",  # the bundled stroke data's errors, for whoever packaged it: written to
                                        # standard error (StrokeData), never shown in a window
    "LogError",  # FSRSOptimizer's reading of a review log (the FSRS tools' CSV, its English column names): the API's
                 # callers read them; the app, once it fits, says in its own translated words that the fit failed
}
# Labelled arguments that take names, never shown.
NONVISIBLE_LABELS = {
    "iconName", "action", "accelerators", "accelerator", "lineClass", "label", "id", "name", "patterns", "forKey",
    "atPath", "keyPath", "extension", "library", "language", "website", "widgetName", "decorativeIconName",
    "arguments", "argument", "pageName", "detail", "debugDescription",
}
MARKERS = re.compile(r"\b(tr|trn|trc)\(\s*$")
SECOND_ARGUMENT = re.compile(r"\b(trn|trc)\(\s*\"(?:[^\"\\]|\\.)*\"\s*,\s*$")
LABEL = re.compile(r"(\w+):\s*\[?\s*$")


def literals(text):
    """(line, start offset, literal body, is multi-line) of each string literal, comments skipped."""
    index, line, length = 0, 1, len(text)
    while index < length:
        char = text[index]
        if text.startswith("//", index):
            end = text.find("\n", index)
            index = length if end < 0 else end
            continue
        if text.startswith("/*", index):
            end = text.find("*/", index + 2)
            line += text.count("\n", index, end)
            index = length if end < 0 else end + 2
            continue
        if text.startswith('"""', index):
            end = text.find('"""', index + 3)
            yield line, index, text[index + 3:end], True
            line += text.count("\n", index, end)
            index = end + 3
            continue
        if char == '"':
            start = index
            index += 1
            depth = 0
            while index < length:
                c = text[index]
                if c == "\\" and text.startswith("\\(", index) and depth == 0:
                    depth = 1
                    index += 2
                    continue
                if depth:
                    if c == "(":
                        depth += 1
                    elif c == ")":
                        depth -= 1
                    elif c == '"':
                        # a literal inside an interpolation: skip it whole
                        index += 1
                        while index < length and text[index] != '"':
                            index += 2 if text[index] == "\\" else 1
                    index += 1
                    continue
                if c == "\\":
                    index += 2
                    continue
                if c == '"' or c == "\n":
                    break
                index += 1
            yield line, start, text[start + 1:index], False
            index += 1
            continue
        if char == "\n":
            line += 1
        index += 1


def without_interpolation(body):
    result, index, depth = "", 0, 0
    while index < len(body):
        if depth == 0 and body.startswith("\\(", index):
            depth, index = 1, index + 2
            continue
        if depth:
            depth += {"(": 1, ")": -1}.get(body[index], 0)
            index += 1
            continue
        result += body[index]
        index += 1
    return result


def unescape(body):
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t", "0": "\0"}.get(m.group(1), m.group(1)), body)


def innermost_call(before):
    """The name of the innermost call still open at the end of `before` (one line's worth)."""
    depth = 0
    for index in range(len(before) - 1, -1, -1):
        char = before[index]
        if char == ")":
            depth += 1
        elif char == "(":
            if depth == 0:
                match = re.search(r"([\w.]+)\s*$", before[:index])
                return match.group(1).split(".")[-1] if match else ""
            depth -= 1
    return ""


SQL = re.compile(r"^\s*(--|(SELECT|INSERT|UPDATE|DELETE|PRAGMA|CREATE|BEGIN|COMMIT|ROLLBACK|WITH|ALTER|DROP)\b)")


def looks_visible(text):
    if SQL.match(text):
        return False  # statements for SQLite
    if text.lstrip().startswith("<"):
        return False  # GtkBuilder XML, built from translated titles
    if re.search(r"\{[^}]*:[^}]*;", text) or text.startswith("rgba("):
        return False  # CSS
    if not re.search(r"[A-Za-z]{2,}", text):
        return False
    if " " not in text.strip() and not re.match(r"^[A-Z][a-z]", text):
        return False  # identifiers, keys, file names
    return True


def scan():
    allowed = set()
    for raw in ALLOWLIST.read_text(encoding="utf-8").splitlines():
        if raw.strip() and not raw.startswith("#"):
            allowed.add(raw.split("\t#", 1)[0].rstrip("\t").encode().decode("unicode_escape").encode("latin-1").decode("utf-8"))
    marked, problems = [], []
    for folder in SOURCES:
        for path in sorted(folder.rglob("*.swift")):
            text = path.read_text(encoding="utf-8")
            for line, start, body, multiline in literals(text):
                line_start = text.rfind("\n", 0, start) + 1
                before = text[max(0, start - 400):start]
                where = f"{path.relative_to(ROOT)}:{line}"
                if not multiline and (MARKERS.search(before) or SECOND_ARGUMENT.search(before)):
                    if "\\(" in body:
                        problems.append(f"{where}: a translatable message has Swift interpolation: \"{body}\"")
                    marked.append((where, unescape(body)))
                    continue
                shown = without_interpolation(body)
                if not looks_visible(shown):
                    continue
                if unescape(body) in allowed or shown in allowed:
                    continue
                same_line = text[line_start:start]
                if innermost_call(same_line) in NONVISIBLE_CALLS:
                    continue
                label = LABEL.search(same_line)
                if label and label.group(1) in NONVISIBLE_LABELS:
                    continue
                problems.append(f"{where}: not marked for translation: \"{body[:100]}\"")
    return marked, problems


def pot_strings(path):
    """Every msgid, msgid_plural and msgctxt of a .pot file."""
    strings = set()
    for key in pot_messages(path, plurals=True):
        strings.update(key.split("\x04"))
    return strings


def pot_messages(path, plurals=False):
    """msgids (with "context\\x04" before them) of a .pot or .po file -> translated?"""
    messages = {}
    entries = path.read_text(encoding="utf-8").split("\n\n")
    for entry in entries:
        fields, current = {}, None
        fuzzy = "#, fuzzy" in entry or re.search(r"^#,.*\bfuzzy\b", entry, re.M)
        for raw in entry.splitlines():
            if raw.startswith("#"):
                continue
            match = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d\])?) "(.*)"$', raw)
            if match:
                current = match.group(1)
                fields[current] = match.group(2)
            elif raw.startswith('"') and current:
                fields[current] += raw[1:-1]
        if "msgid" not in fields or fields["msgid"] == "":
            continue
        key = unescape(fields["msgid"])
        if plurals and "msgid_plural" in fields:
            key += "\x04" + unescape(fields["msgid_plural"])
        if "msgctxt" in fields:
            key = unescape(fields["msgctxt"]) + "\x04" + key
        translations = [value for name, value in fields.items() if name.startswith("msgstr")]
        messages[key] = bool(translations) and all(translations) and not fuzzy
    return messages


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pot", type=pathlib.Path)
    parser.add_argument("--po", type=pathlib.Path, nargs="*", default=[])
    parser.add_argument("--potfiles", type=pathlib.Path, help="po/POTFILES.in, to check it lists every file")
    arguments = parser.parse_args()
    marked, problems = scan()
    if arguments.potfiles:
        listed = {line.strip() for line in arguments.potfiles.read_text(encoding="utf-8").splitlines()
                  if line.strip() and not line.startswith("#")}
        for path in sorted({where.rsplit(":", 1)[0] for where, _ in marked} - listed):
            problems.append(f"{path} has translatable messages but is not in {arguments.potfiles.name}")
    if arguments.pot:
        template = pot_messages(arguments.pot)
        msgids = pot_strings(arguments.pot)
        for where, message in marked:
            if message not in msgids:
                problems.append(f"{where}: \"{message}\" is not in {arguments.pot.name} (meson compile -C build kuchi-pot)")
        for key in template:
            if "\\(" in key:
                problems.append(f"{arguments.pot.name}: msgid with Swift interpolation: \"{key}\"")
        for po in arguments.po:
            translated = pot_messages(po)
            missing = [key for key in template if not translated.get(key)]
            for key in missing[:10]:
                problems.append(f"{po.name}: not translated (or fuzzy): \"{key}\"")
            if len(missing) > 10:
                problems.append(f"{po.name}: and {len(missing) - 10} more untranslated messages")
    for problem in problems:
        print(problem)
    print(f"{len(marked)} marked literals checked; {len(problems)} problems", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
