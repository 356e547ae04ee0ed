"""The schema, as numbered forward migrations applied on open (``PRAGMA user_version``).

Migration ``n`` (1-based) takes a database from ``user_version = n - 1`` to ``n``. Never edit a
migration that has shipped: append a new one. Each runs in its own transaction with its
``user_version`` bump, so a crash mid-migration leaves the previous version intact.
"""

from __future__ import annotations

MIGRATIONS: tuple[str, ...] = (
    # 1: tables, seats, the action log with its events, snapshots, reminders, languages.
    """
    CREATE TABLE tables (
        id            INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id       TEXT    NOT NULL,
        guild_id      INTEGER NOT NULL,
        channel_id    INTEGER NOT NULL,
        thread_id     INTEGER,
        creator_id    INTEGER NOT NULL,
        options_json  TEXT    NOT NULL DEFAULT '{}',
        seed          INTEGER,
        status        TEXT    NOT NULL DEFAULT 'lobby'
                      CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
        pace_hours    REAL    NOT NULL DEFAULT 24,
        stand_ins     INTEGER NOT NULL DEFAULT 0,
        created_at    TEXT    NOT NULL,
        updated_at    TEXT    NOT NULL
    );
    CREATE INDEX tables_by_place ON tables (guild_id, channel_id, status);

    CREATE TABLE seats (
        table_id  INTEGER NOT NULL REFERENCES tables (id),
        position  INTEGER NOT NULL,
        user_id   INTEGER,
        bot       TEXT,
        name      TEXT    NOT NULL,
        locale    TEXT    NOT NULL DEFAULT 'en',
        stand_in  TEXT,
        PRIMARY KEY (table_id, position),
        CHECK ((user_id IS NULL) <> (bot IS NULL))
    );
    CREATE UNIQUE INDEX seats_by_user ON seats (table_id, user_id) WHERE user_id IS NOT NULL;
    CREATE INDEX seats_of_user ON seats (user_id);

    CREATE TABLE actions (
        table_id     INTEGER NOT NULL REFERENCES tables (id),
        seq          INTEGER NOT NULL CHECK (seq > 0),
        kind         TEXT    NOT NULL CHECK (kind IN ('action', 'undo')),
        seat         INTEGER NOT NULL,
        actor        TEXT    NOT NULL,
        payload_json TEXT    NOT NULL,
        undoes_json  TEXT    NOT NULL DEFAULT '[]',
        created_at   TEXT    NOT NULL,
        PRIMARY KEY (table_id, seq)
    ) WITHOUT ROWID;

    CREATE TABLE events (
        table_id        INTEGER NOT NULL,
        seq             INTEGER NOT NULL,
        idx             INTEGER NOT NULL,
        message_json    TEXT    NOT NULL,
        visible_to_json TEXT,
        reveals         INTEGER NOT NULL DEFAULT 0,
        data_json       TEXT    NOT NULL DEFAULT '{}',
        PRIMARY KEY (table_id, seq, idx),
        FOREIGN KEY (table_id, seq) REFERENCES actions (table_id, seq)
    ) WITHOUT ROWID;

    CREATE TABLE snapshots (
        table_id   INTEGER NOT NULL REFERENCES tables (id),
        seq        INTEGER NOT NULL,
        state_json TEXT    NOT NULL,
        PRIMARY KEY (table_id, seq)
    ) WITHOUT ROWID;

    CREATE TABLE reminders (
        table_id  INTEGER NOT NULL REFERENCES tables (id),
        seat      INTEGER NOT NULL,
        user_id   INTEGER NOT NULL,
        due_at    TEXT    NOT NULL,
        since_seq INTEGER NOT NULL,
        reminded  INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (table_id, seat)
    );
    CREATE INDEX reminders_by_due ON reminders (due_at);
    CREATE INDEX reminders_by_user ON reminders (user_id);

    CREATE TABLE preferences (
        user_id INTEGER PRIMARY KEY,
        locale  TEXT NOT NULL DEFAULT 'en'
    );
    """,
    # 2: quiet hours, the stand-in threshold, votes (undo consent, abandon) and undelivered notices.
    """
    ALTER TABLE preferences ADD COLUMN quiet_start INTEGER;
    ALTER TABLE preferences ADD COLUMN quiet_end INTEGER;
    ALTER TABLE preferences ADD COLUMN utc_offset_minutes INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tables ADD COLUMN stand_in_after INTEGER NOT NULL DEFAULT 2;

    CREATE TABLE votes (
        table_id   INTEGER NOT NULL REFERENCES tables (id),
        kind       TEXT    NOT NULL CHECK (kind IN ('undo', 'abandon')),
        user_id    INTEGER NOT NULL,
        seq        INTEGER NOT NULL,
        role       TEXT    NOT NULL DEFAULT 'vote' CHECK (role IN ('request', 'vote')),
        created_at TEXT    NOT NULL,
        PRIMARY KEY (table_id, kind, user_id)
    );

    CREATE TABLE notices (
        id           INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id      INTEGER NOT NULL,
        table_id     INTEGER,
        payload_json TEXT    NOT NULL,
        created_at   TEXT    NOT NULL,
        delivered_at TEXT
    );
    CREATE INDEX notices_pending ON notices (user_id) WHERE delivered_at IS NULL;
    """,
    # 3: how far each table's thread has been told (the log seq of the last announced entry).
    # Tables that exist already count as told up to their head: their entries were announced by
    # the build that wrote them, as far as anything can now know.
    """
    ALTER TABLE tables ADD COLUMN announced_seq INTEGER NOT NULL DEFAULT 0;
    UPDATE tables SET announced_seq =
        (SELECT COALESCE(MAX(a.seq), 0) FROM actions a WHERE a.table_id = tables.id);
    """,
    # 4: find the table played in a Discord thread without listing the server's tables.
    """
    CREATE INDEX tables_by_thread ON tables (thread_id) WHERE thread_id IS NOT NULL;
    """,
    # 5: a user's language may be unset (NULL: follow their Discord client's language). Until now
    # "en" stood for both "never chose" and "chose English", and behaved as "never chose" (a Greek
    # Discord client won), so a stored "en" becomes NULL and every user reads what they read before.
    """
    CREATE TABLE preferences_v5 (
        user_id            INTEGER PRIMARY KEY,
        locale             TEXT,
        quiet_start        INTEGER,
        quiet_end          INTEGER,
        utc_offset_minutes INTEGER NOT NULL DEFAULT 0
    );
    INSERT INTO preferences_v5 (user_id, locale, quiet_start, quiet_end, utc_offset_minutes)
        SELECT user_id, NULLIF(locale, 'en'), quiet_start, quiet_end, utc_offset_minutes FROM preferences;
    DROP TABLE preferences;
    ALTER TABLE preferences_v5 RENAME TO preferences;
    """,
    # 6: loading reads the latest snapshot and the entries after it only. Each action entry keeps
    # the seq of the undo that cancels it (so a range of the log says which of its entries are in
    # force), a person's last move is found by index, and a snapshot carries the checksum of the
    # state it holds (stored ones have none and are passed over: the log is replayed instead, and
    # the next snapshot written has one).
    """
    ALTER TABLE actions ADD COLUMN undone_by INTEGER;
    UPDATE actions SET undone_by = cancel.undo_seq
        FROM (SELECT u.table_id AS table_id, j.value AS seq, MIN(u.seq) AS undo_seq
              FROM actions u, json_each(u.undoes_json) j WHERE u.kind = 'undo'
              GROUP BY u.table_id, j.value) AS cancel
        WHERE actions.table_id = cancel.table_id AND actions.seq = cancel.seq;
    CREATE INDEX actions_by_actor ON actions (table_id, actor, seq)
        WHERE kind = 'action' AND undone_by IS NULL;
    ALTER TABLE snapshots ADD COLUMN checksum TEXT;
    """,
    # 7: the log length at which each table was last settled, so that startup passes over the
    # tables a crash did not interrupt. Tables that exist already are unknown (-1): the first
    # start resumes them once, as every start did before.
    """
    ALTER TABLE tables ADD COLUMN settled_seq INTEGER NOT NULL DEFAULT -1;
    """,
    # 8: each table records the version of its game's rules it was started with, each log entry
    # the version that wrote it (NULL: the table's). Every game so far is at its rules version 1.
    """
    ALTER TABLE tables ADD COLUMN rules_version INTEGER;
    UPDATE tables SET rules_version = 1 WHERE seed IS NOT NULL;
    ALTER TABLE actions ADD COLUMN rules_version INTEGER;
    """,
    # 9: leases, so that of several processes on one database one does each timed job (a reminder,
    # a timeout default, a stand-in, a table's recovery), and another takes it over once it expires.
    """
    CREATE TABLE leases (
        key        TEXT PRIMARY KEY,
        owner      TEXT NOT NULL,
        expires_at TEXT NOT NULL
    );
    """,
    # 10: a player's spells away (their seats' clocks stand still meanwhile), the rematch a finished
    # table led to (one per table), and a seat being handed to another person (one per table: who
    # proposed it, who agreed, and whether the new person has been asked).
    """
    CREATE TABLE away_spells (
        user_id   INTEGER NOT NULL,
        starts_at TEXT    NOT NULL,
        ends_at   TEXT    NOT NULL,
        ended_at  TEXT,
        PRIMARY KEY (user_id, starts_at)
    );

    CREATE TABLE rematches (
        table_id   INTEGER PRIMARY KEY REFERENCES tables (id),
        rematch_id INTEGER NOT NULL REFERENCES tables (id)
    );

    CREATE TABLE handovers (
        table_id       INTEGER PRIMARY KEY REFERENCES tables (id),
        seat           INTEGER NOT NULL,
        to_user_id     INTEGER NOT NULL,
        to_name        TEXT    NOT NULL,
        by_user_id     INTEGER NOT NULL,
        approvals_json TEXT    NOT NULL DEFAULT '[]',
        offered        INTEGER NOT NULL DEFAULT 0,
        created_at     TEXT    NOT NULL
    );
    """,
    # 11: how each table's thread was told, as the adapter keeps it (opaque JSON text: the message
    # its story goes on in and the one that says whom the table waits for, so that they are edited
    # rather than posted again). Tables that exist already have none: their next post starts anew.
    """
    CREATE TABLE tellings (
        table_id   INTEGER PRIMARY KEY REFERENCES tables (id),
        state_json TEXT    NOT NULL
    );
    """,
    # 12: the language each table's thread is told in. Tables that exist already have none: their
    # thread goes on reading in their creator's language.
    """
    ALTER TABLE tables ADD COLUMN locale TEXT;
    """,
    # 13: a range of the log is read by what is told of it, at a cost that does not grow with the
    # moves taken back in it: the actions in force, the entries no undo cancelled (actions in force
    # and undo entries), and the actions by the undo that cancelled them (those taken back after
    # the end of a range were still in force at its end).
    """
    CREATE INDEX actions_in_force ON actions (table_id, seq) WHERE kind = 'action' AND undone_by IS NULL;
    CREATE INDEX entries_told ON actions (table_id, seq) WHERE undone_by IS NULL;
    CREATE INDEX actions_by_undo ON actions (table_id, undone_by) WHERE undone_by IS NOT NULL;
    """,
)

SCHEMA_VERSION = len(MIGRATIONS)
"""The ``user_version`` of a database this build writes."""


def statements(script: str) -> list[str]:
    """The SQL statements of a migration script, one by one (so each runs inside our transaction;
    ``executescript`` would commit first)."""
    return [s.strip() for s in script.split(";") if s.strip()]
