#!/usr/bin/env python3
"""FSRS-6 parameters fitted to a review log by the reference optimizer, fsrs-rs.

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install fsrs-rs-python==0.9.3
    /tmp/venv/bin/python tools/fsrs-reference.py LOG.csv [--timezone Asia/Tokyo | --utc-offset SECONDS]
                                                 [--day-start 4] [--evaluate P1,...,P21 ...]

The reference is fsrs-rs (the optimizer Anki runs) through its Python binding
`fsrs-rs-python` (BSD-3-Clause), version 0.9.3, which holds fsrs-rs 6.6.2. Kuchi's
FSRSOptimizer is compared with it (FSRSOptimizerReferenceTests, store-bench --optimizer).

LOG.csv is a review log as Kuchi exports it (ReviewLogCSV: card_id, review_time in
milliseconds since 1970 UTC, review_rating 1-4, review_state 0 new, 1 learning, 2 review,
3 relearning, 4 filtered, 5 manual). The binding takes training items, not a log, so the
log is converted here as fsrs-rs converts Anki's (its convertor_tests.rs, which Anki's own
conversion follows): per card, reviews from the start of its last learning run; the
interval before a review is the number of study days since the previous one (a study
day is the date, in the time zone, of the time moved back by --day-start hours); one
item per review on a later study day than the one before, holding every review of the
card up to it; items in the order of their reviews' times. The card ids go along, so
fsrs-rs trains card by card.

Prints one JSON object: version, items (how many), parameters (21), seconds (the time
compute_parameters took; the median of --repeat runs), conversion_seconds, and evaluation: fsrs-rs's own log loss and
RMSE(bins) on every item for the fitted parameters, the defaults, and each --evaluate set.
"""

import argparse
import csv
import json
import statistics
import sys
import time
from datetime import datetime, timedelta, timezone
from importlib.metadata import version

EXPECTED_VERSION = "0.9.3"


def study_day(milliseconds, zone, day_start_hours):
    """The study day of a review: its date in `zone` after moving back the day's start."""
    shifted = datetime.fromtimestamp((milliseconds - day_start_hours * 3_600_000) / 1000, tz=zone)
    return shifted.date()


def last_learning_start(entries):
    """fsrs-rs's remove_revlog_before_last_first_learn, which marks 'none yet' with 0."""
    start = 0
    for index in range(len(entries) - 1, -1, -1):
        if entries[index]["learning"]:
            start = index
        elif start != 0:
            break
    return start if entries and entries[start]["learning"] else None


def training_items(path, zone, day_start_hours, fsrs):
    with open(path, newline="") as file:
        rows = [
            {
                "card": int(row["card_id"]),
                "time": int(row["review_time"]),
                "rating": int(row["review_rating"]),
                "learning": int(row["review_state"]) in (0, 1),
            }
            for row in csv.DictReader(file)
        ]
    rows.sort(key=lambda row: (row["card"], row["time"]))  # stable, as fsrs-rs's sort
    keyed = []
    start = 0
    while start < len(rows):
        end = start
        while end < len(rows) and rows[end]["card"] == rows[start]["card"]:
            end += 1
        entries = rows[start:end]
        start = end
        first = last_learning_start(entries)
        if first is None:
            continue
        entries = entries[first:]
        intervals = [0]
        for i in range(1, len(entries)):
            days = (study_day(entries[i]["time"], zone, day_start_hours)
                    - study_day(entries[i - 1]["time"], zone, day_start_hours)).days
            intervals.append(max(days, 0))
        reviews = [fsrs.FSRSReview(entry["rating"], interval) for entry, interval in zip(entries, intervals)]
        for i in range(1, len(entries)):
            if intervals[i] > 0:
                keyed.append((entries[i]["time"], entries[i]["card"], fsrs.FSRSItem(reviews[: i + 1])))
    keyed.sort(key=lambda entry: entry[0])  # stable: equal times stay in card order
    return [entry[2] for entry in keyed], [entry[1] for entry in keyed]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("log")
    parser.add_argument("--timezone", help="an IANA time zone, e.g. Asia/Tokyo")
    parser.add_argument("--utc-offset", type=int, help="a fixed offset from UTC, in seconds")
    parser.add_argument("--day-start", type=int, default=4)
    parser.add_argument("--evaluate", action="append", default=[], help="21 comma-separated parameters")
    parser.add_argument("--repeat", type=int, default=1, help="fit this many times; seconds is the median")
    arguments = parser.parse_args()

    installed = version("fsrs-rs-python")
    if installed != EXPECTED_VERSION:
        sys.exit(f"fsrs-rs-python {installed} is installed; this script is for {EXPECTED_VERSION}")
    import fsrs_rs_python as fsrs

    if arguments.timezone:
        from zoneinfo import ZoneInfo
        zone = ZoneInfo(arguments.timezone)
    else:
        zone = timezone(timedelta(seconds=arguments.utc_offset or 0))

    started = time.perf_counter()
    items, card_ids = training_items(arguments.log, zone, arguments.day_start, fsrs)
    conversion = time.perf_counter() - started

    times = []
    for _ in range(max(arguments.repeat, 1)):
        started = time.perf_counter()
        parameters = fsrs.FSRS(fsrs.DEFAULT_PARAMETERS).compute_parameters(items, card_ids=card_ids)
        times.append(time.perf_counter() - started)
    seconds = statistics.median(times)

    def evaluated(candidate):
        result = fsrs.FSRS(candidate).evaluate(items)
        return {"log_loss": result.log_loss, "rmse_bins": result.rmse_bins}

    evaluation = {"fitted": evaluated(parameters), "defaults": evaluated(list(fsrs.DEFAULT_PARAMETERS))}
    for index, text in enumerate(arguments.evaluate):
        evaluation[f"given {index + 1}"] = evaluated([float(value) for value in text.split(",")])

    json.dump({"version": installed, "items": len(items), "parameters": [float(p) for p in parameters],
               "seconds": seconds, "conversion_seconds": conversion, "evaluation": evaluation}, sys.stdout)
    print()


if __name__ == "__main__":
    main()
