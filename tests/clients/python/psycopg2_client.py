"""psycopg2 client test for vecgres, run by tests/clients_python_test.go.

Prints a transcript ("# section NAME" headers, then what the client saw)
compared with tests/clients/expected/psycopg2.out. Connects to
$VECGRES_CLIENT_DSN; runs the sections named vector* only when
$VECGRES_CLIENT_VECTOR is 1. Uses psycopg2 the way applications do:
autocommit off (implicit BEGIN), executemany, copy_expert, named
(server-side) cursors, Python lists and strings as vector parameters.
"""
import io
import os
import sys

import psycopg2
import psycopg2.extensions as ext

DSN = os.environ["VECGRES_CLIENT_DSN"]
VECTOR = os.environ.get("VECGRES_CLIENT_VECTOR") == "1"

STATUS = {
    ext.TRANSACTION_STATUS_IDLE: "idle",
    ext.TRANSACTION_STATUS_ACTIVE: "active",
    ext.TRANSACTION_STATUS_INTRANS: "intrans",
    ext.TRANSACTION_STATUS_INERROR: "inerror",
    ext.TRANSACTION_STATUS_UNKNOWN: "unknown",
}


def section(name):
    print("# section " + name)


def status(conn):
    return STATUS[conn.get_transaction_status()]


def show_error(e):
    print("error %s: %s" % (e.pgcode, e.diag.message_primary))


def main():
    conn = psycopg2.connect(DSN)
    other = psycopg2.connect(DSN)
    other.autocommit = True
    cur, ocur = conn.cursor(), other.cursor()

    section("connect")
    print("autocommit", conn.autocommit, "status", status(conn))
    cur.execute("SELECT 1 + 1")
    print("select", cur.fetchone(), "status", status(conn))
    conn.rollback()

    section("implicit begin")
    cur.execute("DROP TABLE IF EXISTS psycopg2_t")
    cur.execute("CREATE TABLE psycopg2_t (id bigint PRIMARY KEY, name text, score float8)")
    conn.commit()
    cur.execute("INSERT INTO psycopg2_t VALUES (%s, %s, %s)", (1, "one", 1.5))
    print("after insert", status(conn), "rowcount", cur.rowcount)
    ocur.execute("SELECT count(*) FROM psycopg2_t")
    print("other connection before commit", ocur.fetchone())
    conn.commit()
    print("after commit", status(conn))
    ocur.execute("SELECT count(*) FROM psycopg2_t")
    print("other connection after commit", ocur.fetchone())
    cur.execute("DELETE FROM psycopg2_t WHERE id = 1")
    conn.rollback()
    cur.execute("SELECT id, name, score FROM psycopg2_t")
    print("after rollback", cur.fetchall())
    conn.commit()

    section("context manager")
    with conn:
        with conn.cursor() as c:
            c.execute("INSERT INTO psycopg2_t VALUES (2, 'two', 2.5)")
    print("after with", status(conn))
    ocur.execute("SELECT name FROM psycopg2_t WHERE id = 2")
    print("other connection", ocur.fetchone())

    section("executemany")
    cur.executemany("INSERT INTO psycopg2_t (id, name, score) VALUES (%s, %s, %s)",
                    [(i, "n%d" % i, i / 4) for i in range(3, 8)])
    print("rowcount", cur.rowcount)
    conn.commit()
    cur.execute("SELECT id, name, score FROM psycopg2_t WHERE id >= %s ORDER BY id", (3,))
    for row in cur.fetchall():
        print(row)
    conn.commit()

    section("copy")
    cur.copy_expert("COPY psycopg2_t (id, name, score) FROM STDIN", io.StringIO("10\tten\t10.5\n11\t\\N\t-1\n"))
    print("copy text rowcount", cur.rowcount)
    cur.copy_expert("COPY psycopg2_t (id, name, score) FROM STDIN WITH (FORMAT csv, HEADER true)",
                    io.StringIO('id,name,score\n12,"twelve, quoted",12\n'))
    print("copy csv rowcount", cur.rowcount)
    conn.commit()
    out = io.StringIO()
    cur.copy_expert("COPY psycopg2_t (id, name, score) TO STDOUT", out)
    conn.commit()
    for line in out.getvalue().splitlines():
        if line.split("\t")[0] in ("10", "11", "12"):
            print("copy out", repr(line))

    section("errors")
    try:
        cur.execute("INSERT INTO psycopg2_t VALUES (1, 'dup', 0)")
    except psycopg2.Error as e:
        show_error(e)
    print("status", status(conn))
    try:
        cur.execute("SELECT 1")
    except psycopg2.Error as e:
        show_error(e)
    conn.rollback()
    print("after rollback", status(conn))
    cur.execute("SELECT count(*) FROM psycopg2_t")
    print("count", cur.fetchone())
    conn.commit()

    section("server-side cursor")
    # psycopg2 sends DECLARE "name" CURSOR WITHOUT HOLD FOR ..., then
    # FETCH FORWARD n FROM "name" and CLOSE, all as simple queries.
    named = conn.cursor("psycopg2_named")
    try:
        named.execute("SELECT id FROM psycopg2_t WHERE id < %s ORDER BY id", (5,))
        print("fetchmany", named.fetchmany(2))
        print("fetchall", named.fetchall())
        named.close()
        conn.commit()
    except psycopg2.Error as e:
        show_error(e)
        conn.rollback()

    section("server-side cursor itersize")
    try:
        named = conn.cursor("psycopg2_iter")
        named.itersize = 3
        named.execute("SELECT id, name FROM psycopg2_t WHERE id BETWEEN 3 AND 11 ORDER BY id")
        for row in named:
            print("row", row, "rownumber", named.rownumber)
        print("description", [d.name for d in named.description])
        named.close()
        conn.commit()
    except psycopg2.Error as e:
        show_error(e)
        conn.rollback()

    section("server-side cursor scroll and hold")
    try:
        sc = conn.cursor("psycopg2_scroll", scrollable=True, withhold=True)
        sc.execute("SELECT id FROM psycopg2_t WHERE id < 8 ORDER BY id")
        print("fetchmany", sc.fetchmany(3))
        sc.scroll(-2)
        print("after scroll -2", sc.fetchone())
        sc.scroll(5, mode="absolute")
        print("after absolute 5", sc.fetchone())
        conn.commit()
        print("after commit", status(conn), sc.fetchall())
        sc.close()
        conn.commit()
    except psycopg2.Error as e:
        show_error(e)
        conn.rollback()

    section("server-side cursor errors")
    try:
        cur.execute('FETCH 1 FROM "psycopg2_nosuch"')
    except psycopg2.Error as e:
        show_error(e)
    conn.rollback()
    conn.autocommit = True
    try:
        cur.execute("DECLARE psycopg2_c CURSOR FOR SELECT 1")
    except psycopg2.Error as e:
        show_error(e)
    conn.autocommit = False

    section("list parameter")
    # psycopg2 adapts a list to an ARRAY[...] constructor in the query text.
    print(cur.mogrify("SELECT %s", ([1.0, 2.5],)).decode())
    try:
        cur.execute("SELECT %s", ([1.0, 2.5],))
        print("round trip", cur.fetchone())
    except psycopg2.Error as e:
        show_error(e)
    conn.rollback()
    # Lists in op ANY/ALL (ARRAY[...] constructors in the query text), and
    # text[] results read back as lists (NULL elements as None).
    try:
        cur.execute("SELECT id FROM psycopg2_t WHERE id = ANY(%s) ORDER BY id", ([1, 3, 1000],))
        print("any", cur.fetchall())
        cur.execute("SELECT id FROM psycopg2_t WHERE id < 5 AND name <> ALL(%s) ORDER BY id", (["one", "n4"],))
        print("all", cur.fetchall())
        cur.execute("SELECT %s::text[], ARRAY['a b', NULL]", (["x", 'q"y', None],))
        print("text[]", cur.fetchone())
    except psycopg2.Error as e:
        show_error(e)
    conn.rollback()

    if not VECTOR:
        return

    section("vector table")
    cur.execute("CREATE EXTENSION IF NOT EXISTS vector")
    cur.execute("DROP TABLE IF EXISTS psycopg2_items")
    cur.execute("CREATE TABLE psycopg2_items (id bigint PRIMARY KEY, embedding vector(3))")
    cur.executemany("INSERT INTO psycopg2_items VALUES (%s, %s)", [(1, "[1,2,3]"), (2, "[4,5,6]")])
    cur.copy_expert("COPY psycopg2_items (id, embedding) FROM STDIN", io.StringIO("3\t[1,1,2]\n"))
    conn.commit()
    cur.execute("SELECT id, embedding FROM psycopg2_items ORDER BY id")
    for row in cur.fetchall():
        print(row)
    conn.commit()

    section("vector knn")
    cur.execute("SELECT id, embedding <-> %s::vector FROM psycopg2_items ORDER BY embedding <-> %s::vector LIMIT 2",
                ("[1,1,1]", "[1,1,1]"))
    print("string::vector", cur.fetchall())
    conn.commit()
    try:
        cur.execute("SELECT id FROM psycopg2_items ORDER BY embedding <-> %s::vector LIMIT 2", ([1.0, 1.0, 1.0],))
        print("list::vector", cur.fetchall())
    except psycopg2.Error as e:
        show_error(e)
    conn.rollback()

    section("vector list without cast")
    try:
        cur.execute("SELECT id FROM psycopg2_items ORDER BY embedding <-> %s LIMIT 2", ([1.0, 1.0, 1.0],))
        print("rows", cur.fetchall())
    except psycopg2.Error as e:
        show_error(e)
    conn.rollback()

    section("vector errors")
    try:
        cur.execute("INSERT INTO psycopg2_items VALUES (%s, %s)", (9, "[1,2]"))
    except psycopg2.Error as e:
        show_error(e)
    conn.rollback()


if __name__ == "__main__":
    main()
    sys.stdout.flush()
