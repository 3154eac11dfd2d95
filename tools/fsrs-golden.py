#!/usr/bin/env python3
"""Golden vectors for Kuchi's FSRS-6 scheduler, computed by the reference implementation.

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install fsrs==6.3.2
    /tmp/venv/bin/python tools/fsrs-golden.py   # writes Tests/KuchiModelTests/Fixtures/fsrs-golden.json

The reference is py-fsrs (the `fsrs` package on PyPI, MIT licence), version 6.3.2, run
with fuzzing off. The output is deterministic: the same seed and package version give a
byte-identical file. FSRSGoldenTests replays every sequence through FSRSScheduler.

File layout (compact JSON, times in Unix seconds with a microsecond fraction):
  schedulers: [{parameters, desiredRetention, learningSteps, relearningSteps (seconds),
                maximumInterval}]
  sequences:  [{scheduler (index), card: [state, step, stability, difficulty, due,
                lastReview], reviews: [[rating, time, state, step, stability,
                difficulty, due, sampleTime, retrievabilityAtSampleTime], ...]}]
After each review the card's last review is the review's time.
  fuzz: [[days, maximumInterval, low, high, smallest, largest], ...]: the reference's
        own fuzz range for an interval (its _get_fuzz_range) and the smallest and largest
        fuzzed interval it gave in FUZZ_DRAWS draws (its draw can round to high + 1).
"""

import json
import random
import sys
from datetime import datetime, timedelta, timezone
from importlib.metadata import version
from pathlib import Path

from fsrs import Card, Rating, Scheduler, State

EXPECTED_VERSION = "6.3.2"
SEED = 20_250_601
SEQUENCES = 640
FUZZ_DRAWS = 3000
OUTPUT = Path(__file__).resolve().parent.parent / "Tests/KuchiModelTests/Fixtures/fsrs-golden.json"

EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
DAY = 86_400_000_000  # microseconds
MINUTE = 60_000_000

rng = random.Random(SEED)


def exact(microseconds):
    """A time a double holds to the microsecond once written as Unix seconds.

    Up to 2038 (2^31 seconds) any microsecond survives the trip through JSON into a
    Swift Date closely enough to round back to itself. Later times lose microseconds, so
    there the time moves down to a multiple of 1/64 s (15,625 µs), which a double holds
    exactly; otherwise a review exactly some days after the last one could land a
    microsecond either side of the day boundary.
    """
    if abs(microseconds) < 2**31 * 1_000_000:
        return microseconds
    return microseconds - microseconds % 15_625


def seconds(moment):
    """Unix seconds of an exact-microsecond datetime (the double nearest to it)."""
    return ((moment - EPOCH) // timedelta(microseconds=1)) / 1_000_000


def at(microseconds):
    return EPOCH + timedelta(microseconds=microseconds)


def perturbed_defaults():
    """Default weights moved by up to ±30% and kept inside the reference's bounds."""
    from fsrs.scheduler import DEFAULT_PARAMETERS, LOWER_BOUNDS_PARAMETERS, UPPER_BOUNDS_PARAMETERS

    weights = []
    for value, low, high in zip(DEFAULT_PARAMETERS, LOWER_BOUNDS_PARAMETERS, UPPER_BOUNDS_PARAMETERS):
        weights.append(min(max(value * rng.uniform(0.7, 1.3), low), high))
    return weights


def scheduler_specs():
    from fsrs.scheduler import DEFAULT_PARAMETERS

    minutes = lambda *values: [timedelta(minutes=v) for v in values]
    fsrs5_like = list(DEFAULT_PARAMETERS)
    fsrs5_like[20] = 0.5  # a steep forgetting curve, as FSRS-5 had
    return [
        dict(),  # the defaults, used by most sequences
        dict(desired_retention=0.8),
        dict(desired_retention=0.97),
        dict(learning_steps=[]),
        dict(learning_steps=minutes(1), relearning_steps=[]),
        dict(learning_steps=minutes(1, 10, 60, 1440), relearning_steps=minutes(10, 60)),
        dict(maximum_interval=30),
        dict(maximum_interval=3, desired_retention=0.95),
        dict(parameters=perturbed_defaults()),
        dict(parameters=fsrs5_like, desired_retention=0.85),
        dict(learning_steps=[timedelta(seconds=90), timedelta(seconds=1001)],
             relearning_steps=[timedelta(seconds=333)]),
        dict(learning_steps=[], relearning_steps=[], maximum_interval=365),
        # First intervals of exactly 1.5, 2.5 and 4.5 days: Python's round() halves to even.
        dict(parameters=[0.5, 1.5, 2.5, 4.5] + list(DEFAULT_PARAMETERS[4:]), learning_steps=[]),
    ]


def describe(scheduler):
    return {
        "parameters": list(scheduler.parameters),
        "desiredRetention": scheduler.desired_retention,
        "learningSteps": [step.total_seconds() for step in scheduler.learning_steps],
        "relearningSteps": [step.total_seconds() for step in scheduler.relearning_steps],
        "maximumInterval": scheduler.maximum_interval,
    }


def card_fields(card):
    return [
        int(card.state), card.step, card.stability, card.difficulty, seconds(card.due),
        seconds(card.last_review) if card.last_review else None,
    ]


def initial_card(start):
    """Mostly new cards; a few mid-flight ones the reference can also meet."""
    kind = rng.random()
    if kind < 0.85:
        return Card(card_id=1, due=at(start))
    last = at(start - rng.randrange(0, 3 * DAY))
    stability = rng.uniform(0.05, 40.0)
    difficulty = rng.uniform(1.0, 10.0)
    if kind < 0.92:
        # A step past the end of this scheduler's steps (scheduled by one with more).
        state = rng.choice([State.Learning, State.Relearning])
        return Card(card_id=1, state=state, step=rng.randrange(1, 6), stability=stability,
                    difficulty=difficulty, due=at(start), last_review=last)
    if kind < 0.96:
        # A memory state but no last review: the reference takes retrievability as 0.
        state = rng.choice([State.Learning, State.Review])
        step = 0 if state == State.Learning else None
        return Card(card_id=1, state=state, step=step, stability=stability,
                    difficulty=difficulty, due=at(start))
    return Card(card_id=1, state=State.Review, stability=stability, difficulty=difficulty,
                due=at(start), last_review=last)


def next_time(card, now):
    return exact(any_next_time(card, now))


def any_next_time(card, now):
    """When the next review happens: on time, early, the same day, late, or odd."""
    last = (card.last_review - EPOCH) // timedelta(microseconds=1) if card.last_review else now
    due = (card.due - EPOCH) // timedelta(microseconds=1)
    interval = max(due - last, MINUTE)
    kind = rng.random()
    if kind < 0.25:
        return due + rng.randrange(0, 10 * MINUTE)
    if kind < 0.40:
        return last + rng.randrange(0, interval)  # early
    if kind < 0.55:
        return last + rng.randrange(0, DAY)  # the same day
    if kind < 0.75:
        return due + int(interval * rng.uniform(0, 4)) + rng.randrange(0, 30 * DAY)  # late
    if kind < 0.82:
        return due + rng.randrange(0, 3 * 365 * DAY)  # very late
    if kind < 0.95:
        # Exactly some whole days after the last review, or a microsecond short of it:
        # the reference counts elapsed time in whole days, rounded down.
        return last + rng.randrange(1, 40) * DAY - rng.choice([0, 0, 1])
    return last - rng.randrange(0, 2 * DAY)  # before the last review (a clock change)


def sample_time(card):
    return exact(any_sample_time(card))


def any_sample_time(card):
    last = (card.last_review - EPOCH) // timedelta(microseconds=1)
    due = (card.due - EPOCH) // timedelta(microseconds=1)
    kind = rng.random()
    if kind < 0.2:
        return due
    if kind < 0.4:
        return last + rng.randrange(0, 60) * DAY - rng.choice([0, 1])
    if kind < 0.45:
        return last - rng.randrange(0, 3 * DAY)
    return last + int(max(due - last, DAY) * rng.uniform(0, 5))


def rating():
    return Rating(rng.choices([1, 2, 3, 4], weights=[20, 15, 45, 20])[0])


def fuzz_samples():
    """The reference's fuzz, sampled: every interval up to 60 days, then a log spread."""
    import fsrs.scheduler

    fsrs.scheduler.random = rng.random  # the reference draws from the random module
    days = sorted(set(range(1, 61)) | {round(60 * 1.08**k) for k in range(84)} | {36500})
    rows = []
    for maximum in (36500, 30, 5):
        scheduler = Scheduler(maximum_interval=maximum)
        for interval in (d for d in days if d <= maximum):
            # The reference nests its range helper; this is the same arithmetic, checked
            # against what its fuzz actually returns below.
            delta = 1.0
            for band in fsrs.scheduler.FUZZ_RANGES:
                delta += band["factor"] * max(min(float(interval), band["end"]) - band["start"], 0.0)
            high = min(round(interval + delta), maximum)
            low = min(max(2, round(interval - delta)), high)
            drawn = [scheduler._get_fuzzed_interval(interval=timedelta(days=interval)).days
                     for _ in range(FUZZ_DRAWS)]
            if interval >= 3 and not (low <= min(drawn) and max(drawn) <= min(high + 1, maximum)):
                sys.exit(f"fuzz range formula disagrees with the reference at {interval} days")
            rows.append([interval, maximum, low, high, min(drawn), max(drawn)])
    return rows


def main():
    if version("fsrs") != EXPECTED_VERSION:
        sys.exit(f"fsrs {EXPECTED_VERSION} is needed, found {version('fsrs')}")
    schedulers = [Scheduler(enable_fuzzing=False, **spec) for spec in scheduler_specs()]
    sequences = []
    for index in range(SEQUENCES):
        which = 0 if rng.random() < 0.45 else rng.randrange(len(schedulers))
        scheduler = schedulers[which]
        now = rng.randrange(1_500_000_000, 1_900_000_000) * 1_000_000 + rng.randrange(1_000_000)
        card = initial_card(now)
        start = card_fields(card)
        reviews = []
        for _ in range(rng.randrange(1, 16)):
            now = next_time(card, now)
            grade = rating()
            card, _ = scheduler.review_card(card, grade, at(now))
            probe = at(sample_time(card))
            reviews.append([int(grade), seconds(at(now))] + card_fields(card)[:5]
                           + [seconds(probe), scheduler.get_card_retrievability(card, probe)])
        sequences.append({"scheduler": which, "card": start, "reviews": reviews})
    document = {
        "reference": f"fsrs {EXPECTED_VERSION} (PyPI), Scheduler(enable_fuzzing=False)",
        "generator": "tools/fsrs-golden.py",
        "seed": SEED,
        "schedulers": [describe(s) for s in schedulers],
        "sequences": sequences,
        "fuzz": fuzz_samples(),
    }
    OUTPUT.write_text(json.dumps(document, separators=(",", ":")) + "\n")
    count = sum(len(s["reviews"]) for s in sequences)
    print(f"{len(sequences)} sequences, {count} reviews, {len(document['fuzz'])} fuzz rows, "
          f"{OUTPUT.stat().st_size} bytes")


if __name__ == "__main__":
    main()
