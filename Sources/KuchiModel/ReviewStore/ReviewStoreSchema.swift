/// One step of the database's schema history: the SQL that takes a database from
/// `version - 1` to `version` (recorded in `PRAGMA user_version`).
package struct ReviewStoreMigration: Sendable {
    package let version: Int
    package let sql: String

    package init(version: Int, sql: String) {
        self.version = version
        self.sql = sql
    }
}

/// The schema, as the ordered list of migrations that builds it.
///
/// Migrations are only ever appended: a released one is never edited, because
/// databases out there were built by it. Times are integer milliseconds since
/// 1970-01-01 UTC (like Anki's review log ids), so `datetime(time / 1000, 'unixepoch')`
/// reads them; ids are SQLite rowids.
package enum ReviewStoreSchema {
    package static let migrations = [version1, version2, version3, version4, version5, version6]

    /// v1: decks and their question lists, card memory states, the append-only review
    /// log, the legacy counts.
    static let version1 = ReviewStoreMigration(version: 1, sql: """
        -- question_count and fingerprint (FNV-1a) identify the question list last
        -- registered in deck_question, so an unchanged list is not written again.
        CREATE TABLE deck (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            question_count INTEGER,
            fingerprint INTEGER
        ) STRICT;

        -- A deck's questions in deck order, as last given, and whether each has a stored
        -- card state: new cards are read in order from a partial index holding only the
        -- unreviewed, so picking 20 costs the same in a deck of 100 or of 100,000.
        CREATE TABLE deck_question (
            deck INTEGER NOT NULL REFERENCES deck (id),
            question TEXT NOT NULL,
            position INTEGER NOT NULL,
            reviewed INTEGER NOT NULL CHECK (reviewed IN (0, 1)),
            PRIMARY KEY (deck, question)
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX deck_question_new ON deck_question (deck, position) WHERE reviewed = 0;

        -- One row per card that has been reviewed at least once; no row means "new".
        CREATE TABLE card (
            id INTEGER PRIMARY KEY,
            deck INTEGER NOT NULL REFERENCES deck (id),
            question TEXT NOT NULL,
            state INTEGER NOT NULL CHECK (state BETWEEN 1 AND 3),
            step INTEGER,
            stability REAL,
            difficulty REAL,
            due INTEGER NOT NULL,
            last_review INTEGER,
            first_review INTEGER NOT NULL,
            UNIQUE (deck, question)
        ) STRICT;
        -- Due cards, most overdue first; the due forecast.
        CREATE INDEX card_by_due ON card (deck, due);
        -- Cards by state, counted from the index alone.
        CREATE INDEX card_by_state ON card (deck, state);
        -- New cards started since the day began (the daily new-card limit).
        CREATE INDEX card_by_first_review ON card (deck, first_review);

        -- One row per answer, never changed. The card's memory state before (all NULL
        -- for a new card) and after; `deck` repeats the card's deck so that statistics
        -- over a deck and a time range read one index and never the cards.
        CREATE TABLE review (
            id INTEGER PRIMARY KEY,
            card INTEGER NOT NULL REFERENCES card (id),
            deck INTEGER NOT NULL REFERENCES deck (id),
            time INTEGER NOT NULL,
            rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 4),
            answer_ms INTEGER NOT NULL,
            state_before INTEGER CHECK (state_before BETWEEN 1 AND 3),
            step_before INTEGER,
            stability_before REAL,
            difficulty_before REAL,
            due_before INTEGER,
            last_review_before INTEGER,
            state_after INTEGER NOT NULL CHECK (state_after BETWEEN 1 AND 3),
            step_after INTEGER,
            stability_after REAL,
            difficulty_after REAL,
            due_after INTEGER NOT NULL
        ) STRICT;
        -- A card's history; also what a foreign-key check on deleting a card would need.
        CREATE INDEX review_by_card ON review (card);
        -- Reviews per day and true retention, answered from the index alone.
        CREATE INDEX review_by_deck_time ON review (deck, time, state_before, rating);
        CREATE TRIGGER review_no_update BEFORE UPDATE ON review
            BEGIN SELECT RAISE (ABORT, 'the review log is append-only'); END;
        CREATE TRIGGER review_no_delete BEFORE DELETE ON review
            BEGIN SELECT RAISE (ABORT, 'the review log is append-only'); END;

        -- The right/wrong counts of the old progress.json, keyed by question text as
        -- they were: they have no times, so they cannot become reviews.
        CREATE TABLE legacy_progress (
            question TEXT PRIMARY KEY,
            correct INTEGER NOT NULL CHECK (correct >= 0),
            wrong INTEGER NOT NULL CHECK (wrong >= 0)
        ) STRICT, WITHOUT ROWID;

        -- One-time events and when they happened, e.g. the progress.json import.
        CREATE TABLE event (
            name TEXT PRIMARY KEY,
            time INTEGER NOT NULL
        ) STRICT, WITHOUT ROWID;
        """)

    /// v2: a card's latest review may be taken back (Ctrl+Z, ``ReviewStore/undo(reviewID:)``);
    /// every other row of the log stays as it was written (updates are still refused).
    /// The database keeps the rule itself, so a bug elsewhere cannot delete from the
    /// middle of a card's history.
    static let version2 = ReviewStoreMigration(version: 2, sql: """
        DROP TRIGGER review_no_delete;
        CREATE TRIGGER review_delete_latest_only BEFORE DELETE ON review
            WHEN EXISTS (SELECT 1 FROM review AS later WHERE later.card = OLD.card AND later.id > OLD.id)
            BEGIN SELECT RAISE (ABORT, 'only a card''s latest review can be taken back'); END;
        """)

    /// v3: cards the learner suspended in the card browser: never planned (neither due
    /// nor new) until unsuspended. A table of its own rather than a column of `card`,
    /// because a card never reviewed (no `card` row) can be suspended too, and rather
    /// than of `deck_question`, which is rewritten whenever the deck file changes.
    static let version3 = ReviewStoreMigration(version: 3, sql: """
        CREATE TABLE suspended_card (
            deck INTEGER NOT NULL REFERENCES deck (id),
            question TEXT NOT NULL,
            PRIMARY KEY (deck, question)
        ) STRICT, WITHOUT ROWID;
        """)

    /// v4: the decks whose history an import has recorded but whose file it has not
    /// listed yet (``ReviewStore/settleImports(isListed:)``). The mark is written in the
    /// history's own transaction, so a kill between that commit and the deck file
    /// cannot leave a history nobody knows to take back: the next start finds the mark,
    /// and keeps the history if the file is there, or takes it back if not.
    static let version4 = ReviewStoreMigration(version: 4, sql: """
        CREATE TABLE unlisted_import (
            deck INTEGER PRIMARY KEY REFERENCES deck (id),
            deck_file TEXT NOT NULL,
            -- The first card id the import could have added: the cards it added.
            first_card INTEGER NOT NULL
        ) STRICT;
        """)

    /// v5: sync through a folder (Sync/). What this device has done that its log in the
    /// folder does not have yet is recorded by triggers in the same transaction as the
    /// change itself, so a kill between the database's commit and the file's append
    /// loses nothing: the next append catches up from these tables. Every review
    /// already in the database is unsent until the first sync.
    static let version5 = ReviewStoreMigration(version: 5, sql: """
        -- Reviews known to the folder, with their event ids (the merge's set union).
        CREATE TABLE sync_review (
            review INTEGER PRIMARY KEY,
            event TEXT NOT NULL UNIQUE
        ) STRICT;
        -- This device's reviews, undos and suspensions not yet in its log.
        CREATE TABLE sync_unsent_review (review INTEGER PRIMARY KEY) STRICT;
        -- A retraction keeps its review's card row, whose state is replayed without it.
        CREATE TABLE sync_unsent_retraction (event TEXT PRIMARY KEY, card INTEGER NOT NULL) STRICT, WITHOUT ROWID;
        CREATE TABLE sync_unsent_suspension (
            deck INTEGER NOT NULL,
            question TEXT NOT NULL,
            PRIMARY KEY (deck, question)
        ) STRICT, WITHOUT ROWID;
        -- Review events taken back, from any device: a review arriving after its
        -- retraction stays out.
        CREATE TABLE sync_retracted (event TEXT PRIMARY KEY) STRICT, WITHOUT ROWID;
        -- Each register's winning value and its stamp (setting, suspension, card field).
        CREATE TABLE sync_register (
            name TEXT PRIMARY KEY,
            value TEXT NOT NULL,
            wall INTEGER NOT NULL,
            counter INTEGER NOT NULL,
            device TEXT NOT NULL,
            event TEXT NOT NULL
        ) STRICT, WITHOUT ROWID;
        -- Lines made from the unsent tables but not yet known to be in the log.
        CREATE TABLE sync_outbox (id INTEGER PRIMARY KEY, wall INTEGER NOT NULL, line TEXT NOT NULL) STRICT;
        -- Every event this installation wrote: one of its device's that is not here was
        -- written by a copy of this installation.
        CREATE TABLE sync_own (event TEXT PRIMARY KEY) STRICT, WITHOUT ROWID;
        -- How far each log file of the folder has been read (bytes and lines), and the
        -- length and CRC-32 of the last line read: a file replaced by another version
        -- (a synchronizer's conflict winner) is read again from its start.
        CREATE TABLE sync_file (
            path TEXT PRIMARY KEY,
            offset INTEGER NOT NULL,
            lines INTEGER NOT NULL,
            tail_length INTEGER NOT NULL,
            tail_sum INTEGER NOT NULL
        ) STRICT, WITHOUT ROWID;
        -- The devices seen in the folder and their latest stamp.
        CREATE TABLE sync_device (device TEXT PRIMARY KEY, wall INTEGER NOT NULL) STRICT, WITHOUT ROWID;
        -- The hybrid clock's last stamp, and other single values.
        CREATE TABLE sync_state (key TEXT PRIMARY KEY, value INTEGER NOT NULL) STRICT, WITHOUT ROWID;

        INSERT INTO sync_unsent_review SELECT id FROM review;
        INSERT INTO sync_unsent_suspension SELECT deck, question FROM suspended_card;
        CREATE TRIGGER sync_review_added AFTER INSERT ON review
            BEGIN INSERT INTO sync_unsent_review (review) VALUES (NEW.id); END;
        -- A review taken back: never sent, it is simply gone; sent, its retraction is due.
        CREATE TRIGGER sync_review_taken_back AFTER DELETE ON review BEGIN
            DELETE FROM sync_unsent_review WHERE review = OLD.id;
            INSERT OR IGNORE INTO sync_unsent_retraction SELECT event, OLD.card FROM sync_review WHERE review = OLD.id;
            INSERT OR IGNORE INTO sync_retracted SELECT event FROM sync_review WHERE review = OLD.id;
            DELETE FROM sync_review WHERE review = OLD.id;
        END;
        CREATE TRIGGER sync_suspended AFTER INSERT ON suspended_card
            BEGIN INSERT OR IGNORE INTO sync_unsent_suspension VALUES (NEW.deck, NEW.question); END;
        CREATE TRIGGER sync_unsuspended AFTER DELETE ON suspended_card
            BEGIN INSERT OR IGNORE INTO sync_unsent_suspension VALUES (OLD.deck, OLD.question); END;
        """)

    /// v6: one answer, one review. A review is the same answer when its card, its time
    /// (ms) and its rating are equal; a restored backup or a package imported on two
    /// devices sends such answers again under other event ids. The merge keeps one review
    /// per answer (under the smallest of its ids) and notes the other ids here with the
    /// answer, so a retraction naming any of them takes the answer back, and an answer
    /// taken back stays out whichever of its ids arrives later.
    static let version6 = ReviewStoreMigration(version: 6, sql: """
        -- Review event ids the store holds no review row under: the other ids of a
        -- review's answer, and the ids of answers taken back.
        CREATE TABLE sync_answer_id (
            event TEXT PRIMARY KEY,
            deck INTEGER NOT NULL,
            question TEXT NOT NULL,
            time INTEGER NOT NULL,
            rating INTEGER NOT NULL
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX sync_answer_id_card ON sync_answer_id (deck, question);
        -- A synced review taken back on this device: its answer, so that the same answer
        -- under another id stays out too (runs before sync_review_taken_back drops the id;
        -- the merge drops the id first, and this notes nothing).
        CREATE TRIGGER sync_answer_taken_back BEFORE DELETE ON review BEGIN
            INSERT OR IGNORE INTO sync_answer_id (event, deck, question, time, rating)
                SELECT s.event, OLD.deck, c.question, OLD.time, OLD.rating
                FROM sync_review AS s JOIN card AS c ON c.id = OLD.card WHERE s.review = OLD.id;
        END;
        """)
}
