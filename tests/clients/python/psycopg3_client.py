"""psycopg 3 client test for vecgres, run by tests/clients_python_test.go.

Prints a transcript ("# section NAME" headers, then what the client saw)
compared with tests/clients/expected/psycopg3.out. Connects to
$VECGRES_CLIENT_DSN; runs the sections named vector* only when
$VECGRES_CLIENT_VECTOR is 1. Uses psycopg 3 the way applications do:
autocommit off (an implicit BEGIN sent through the extended protocol),
executemany (pipelined), cursor.copy in text and binary, automatic
server-side prepared statements, binary results, named (server-side)
cursors, Python lists (sent as float8[]) and strings as vector parameters.
"""
import os
import sys

import psycopg

DSN = os.environ["VECGRES_CLIENT_DSN"]
VECTOR = os.environ.get("VECGRES_CLIENT_VECTOR") == "1"


def section(name):
    print("# section " + name)


def status(conn):
    return conn.info.transaction_status.name.lower()


def show_error(e):
    print("error %s: %s" % (e.sqlstate, e.diag.message_primary))


def attempt(conn, fn):
    """Runs fn(); on a server error prints it and rolls back."""
    try:
        fn()
    except psycopg.Error as e:
        show_error(e)
        try:
            conn.rollback()
        except psycopg.ProgrammingError:
            pass  # a failed conn.transaction() enter leaves its block open


def main():
    conn = psycopg.connect(DSN)
    other = psycopg.connect(DSN, autocommit=True)
    cur = conn.cursor()

    section("connect")
    print("autocommit", conn.autocommit, "status", status(conn))
    attempt(conn, lambda: print("select", conn.execute("SELECT 1 + 1").fetchone(), "status", status(conn)))
    conn.rollback()

    section("implicit begin")
    def implicit_begin():
        cur.execute("DROP TABLE IF EXISTS psycopg3_t")
        cur.execute("CREATE TABLE psycopg3_t (id bigint PRIMARY KEY, name text, score float8)")
        conn.commit()
        cur.execute("INSERT INTO psycopg3_t VALUES (%s, %s, %s)", (1, "one", 1.5))
        print("after insert", status(conn), "rowcount", cur.rowcount)
        print("other connection before commit", other.execute("SELECT count(*) FROM psycopg3_t").fetchone())
        conn.commit()
        print("after commit", status(conn))
        print("other connection after commit", other.execute("SELECT count(*) FROM psycopg3_t").fetchone())
        cur.execute("DELETE FROM psycopg3_t WHERE id = 1")
        conn.rollback()
        print("after rollback", cur.execute("SELECT id, name, score FROM psycopg3_t").fetchall())
        conn.commit()
    attempt(conn, implicit_begin)

    section("transaction block")
    def transaction_block():
        with conn.transaction():
            cur.execute("INSERT INTO psycopg3_t VALUES (2, 'two', 2.5)")
        print("after block", status(conn))
        print("other connection", other.execute("SELECT name FROM psycopg3_t WHERE id = 2").fetchone())
        conn.commit()
    attempt(conn, transaction_block)

    section("executemany")
    def executemany():
        cur.executemany("INSERT INTO psycopg3_t (id, name, score) VALUES (%s, %s, %s)",
                        [(i, "n%d" % i, i / 4) for i in range(3, 8)])
        print("rowcount", cur.rowcount)
        conn.commit()
        for row in cur.execute("SELECT id, name, score FROM psycopg3_t WHERE id >= %s ORDER BY id", (3,)):
            print(row)
        conn.commit()
    attempt(conn, executemany)

    section("prepared")
    def prepared():
        # psycopg prepares a query on the server from its 5th execution on
        # (prepare_threshold) and then sends only Bind/Execute.
        got = [cur.execute("SELECT name, score FROM psycopg3_t WHERE id = %s", (i,)).fetchone() for i in range(1, 9)]
        print(got)
        got = [cur.execute("SELECT %s::int8 * 2", (i,), prepare=True).fetchone()[0] for i in range(3)]
        print(got)
        conn.commit()
    attempt(conn, prepared)

    section("binary results")
    def binary():
        with conn.cursor(binary=True) as bc:
            print(bc.execute("SELECT id, name, score, id = 2 FROM psycopg3_t WHERE id <= %s ORDER BY id", (2,)).fetchall())
        conn.commit()
    attempt(conn, binary)

    section("copy")
    def copy():
        with cur.copy("COPY psycopg3_t (id, name, score) FROM STDIN") as cp:
            cp.write_row((10, "ten", 10.5))
            cp.write_row((11, None, -1.0))
        print("copy text rowcount", cur.rowcount)
        with cur.copy("COPY psycopg3_t (id, name, score) FROM STDIN (FORMAT BINARY)") as cp:
            cp.set_types(["int8", "text", "float8"])
            cp.write_row((12, "twelve, binary", 12.0))
        print("copy binary rowcount", cur.rowcount)
        conn.commit()
        with cur.copy("COPY psycopg3_t (id, name, score) TO STDOUT") as cp:
            for row in cp.rows():
                if row[0] in ("10", "11", "12"):
                    print("copy out", row)
        conn.commit()
    attempt(conn, copy)

    section("errors")
    try:
        cur.execute("INSERT INTO psycopg3_t VALUES (1, 'dup', 0)")
    except psycopg.Error as e:
        show_error(e)
    print("status", status(conn))
    try:
        cur.execute("SELECT 1")
    except psycopg.Error as e:
        show_error(e)
    conn.rollback()
    print("after rollback", status(conn))
    attempt(conn, lambda: print("count", cur.execute("SELECT count(*) FROM psycopg3_t").fetchone()))
    conn.commit()

    section("server-side cursor")
    # psycopg 3 sends DECLARE through the extended protocol (with $n
    # parameters), describes the cursor with Describe Portal, and sends
    # FETCH FORWARD n FROM "name" (extended protocol for binary results).
    named = conn.cursor("psycopg3_named")
    try:
        named.execute("SELECT id FROM psycopg3_t WHERE id < %s ORDER BY id", (5,))
        print("description", [(d.name, d.type_code) for d in named.description])
        print("fetchmany", named.fetchmany(2))
        print("fetchall", named.fetchall())
        named.close()
        conn.commit()
    except psycopg.Error as e:
        show_error(e)
        conn.rollback()

    section("server-side cursor itersize")
    def itersize():
        with conn.cursor("psycopg3_iter") as it:
            it.itersize = 3
            it.execute("SELECT id, name FROM psycopg3_t WHERE id BETWEEN %s AND %s ORDER BY id", (3, 11))
            print("rows", [row for row in it])
            print("rownumber", it.rownumber)
        conn.commit()
    attempt(conn, itersize)

    section("server-side cursor binary")
    def binary_cursor():
        with conn.cursor("psycopg3_bin", binary=True) as bc:
            bc.execute("SELECT id, name, score FROM psycopg3_t WHERE id <= %s ORDER BY id", (2,))
            print(bc.fetchall())
        conn.commit()
    attempt(conn, binary_cursor)

    section("server-side cursor scroll and hold")
    def scroll_hold():
        sc = conn.cursor("psycopg3_scroll", scrollable=True, withhold=True)
        sc.execute("SELECT id FROM psycopg3_t WHERE id < %s ORDER BY id", (8,))
        print("fetchmany", sc.fetchmany(3))
        sc.scroll(-2)
        print("after scroll -2", sc.fetchone())
        sc.scroll(4, mode="absolute")
        print("after absolute 4", sc.fetchone())
        conn.commit()
        print("after commit", status(conn), sc.fetchall())
        sc.close()
        conn.commit()
    attempt(conn, scroll_hold)

    section("server-side cursor errors")
    attempt(conn, lambda: conn.execute('FETCH 1 FROM "psycopg3_nosuch"'))
    with psycopg.connect(DSN, autocommit=True) as auto:
        try:
            with auto.cursor("psycopg3_auto") as ac:
                ac.execute("SELECT 1")
        except psycopg.Error as e:
            show_error(e)

    section("list parameter")
    # psycopg 3 sends a list of floats as one float8[] parameter ($1).
    attempt(conn, lambda: print("round trip", cur.execute("SELECT %s", ([1.0, 2.5],)).fetchone()))
    attempt(conn, lambda: print("type", cur.execute("SELECT %s", ([1.0, 2.5],)).description[0].type_code))
    conn.rollback()
    # Lists as array parameters of op ANY/ALL, in text and binary, and an
    # array result read back as a list (NULL elements as None).
    attempt(conn, lambda: print("any", cur.execute("SELECT id FROM psycopg3_t WHERE id = ANY(%s) ORDER BY id", ([1, 3, 1000],)).fetchall()))
    attempt(conn, lambda: print("all", cur.execute("SELECT id FROM psycopg3_t WHERE id < 5 AND name <> ALL(%s) ORDER BY id", (["one", "n4"],)).fetchall()))
    attempt(conn, lambda: print("any binary", cur.execute("SELECT id FROM psycopg3_t WHERE id = ANY(%b) ORDER BY id", ([2, 4],)).fetchall()))
    attempt(conn, lambda: print("text[]", cur.execute("SELECT %s::text[], ARRAY['a b', NULL]", (["x", 'q"y', None],)).fetchone()))
    conn.rollback()

    if not VECTOR:
        return

    section("vector table")
    def vector_table():
        cur.execute("CREATE EXTENSION IF NOT EXISTS vector")
        cur.execute("DROP TABLE IF EXISTS psycopg3_items")
        cur.execute("CREATE TABLE psycopg3_items (id bigint PRIMARY KEY, embedding vector(3))")
        cur.executemany("INSERT INTO psycopg3_items VALUES (%s, %s)", [(1, "[1,2,3]"), (2, "[4,5,6]")])
        with cur.copy("COPY psycopg3_items (id, embedding) FROM STDIN") as cp:
            cp.write_row((3, "[1,1,2]"))
        conn.commit()
        for row in cur.execute("SELECT id, embedding FROM psycopg3_items ORDER BY id"):
            print(row)
        conn.commit()
    attempt(conn, vector_table)

    section("vector knn")
    q = "SELECT id, embedding <-> %s::vector FROM psycopg3_items ORDER BY embedding <-> %s::vector LIMIT 2"
    attempt(conn, lambda: print("string::vector", cur.execute(q, ("[1,1,1]", "[1,1,1]")).fetchall()))
    conn.rollback()
    q = "SELECT id FROM psycopg3_items ORDER BY embedding <-> %s LIMIT 2"
    attempt(conn, lambda: print("string", cur.execute(q, ("[1,1,1]",)).fetchall()))
    conn.rollback()
    q = "SELECT id FROM psycopg3_items ORDER BY embedding <-> %s::vector LIMIT 2"
    attempt(conn, lambda: print("list::vector", cur.execute(q, ([1.0, 1.0, 1.0],)).fetchall()))
    conn.rollback()

    section("vector list without cast")
    q = "SELECT id FROM psycopg3_items ORDER BY embedding <-> %s LIMIT 2"
    attempt(conn, lambda: print("rows", cur.execute(q, ([1.0, 1.0, 1.0],)).fetchall()))
    conn.rollback()

    section("vector errors")
    attempt(conn, lambda: cur.execute("INSERT INTO psycopg3_items VALUES (%s, %s)", (9, "[1,2]")))
    conn.rollback()


if __name__ == "__main__":
    main()
    sys.stdout.flush()
