"""Shared pieces of the Python framework flows (tests/frameworks_test.go
runs each flow_*.py with the server's DSN in $FW_DSN).

- dataset(): a synthetic data set (NOT real data): N_DOCS documents with a
  seeded pseudo-random embedding, a category and a number, and query
  vectors whose K+1 nearest neighbours have no near-ties;
- brute_force(): exact k-NN (L2) to check a framework's answer;
- RecordingConnection: a psycopg2 connection whose cursors record every
  statement the server refused, so that a failure names the statement;
- run_steps(): runs the steps and prints one status line at the end:
  "pass" or "fail at <step>: <SQLSTATE> <message>".

Set FW_TRACE=1 to print every statement on stderr.
"""

import math
import os
import random
import sys

import psycopg2
import psycopg2.extensions

N_DOCS = 200
K = 5
CATEGORIES = ["news", "blog", "paper"]
STATEMENT_CHARS = 600  # how much of the failing statement run_steps prints

failures = []  # (sql, pgcode, message) of every refused statement
_step_failures = []


def dsn():
    """The server's postgres:// URL from $FW_DSN."""
    return os.environ["FW_DSN"]


def dataset(seed, dim):
    """Return (docs, queries): docs are dicts id, content, category, n,
    embedding (dim components, multiples of 1/1024 so float32 holds them
    exactly); two queries whose K+1 nearest neighbours, over all docs and
    over each category, are more than 1e-4 apart."""
    rnd = random.Random(seed)

    def vec():
        return [math.floor(rnd.random() * 1024) / 1024 for _ in range(dim)]

    docs = [
        {"id": i + 1, "content": "synthetic document %d" % (i + 1), "category": CATEGORIES[i % 3],
         "n": i + 1, "embedding": vec()}
        for i in range(N_DOCS)
    ]
    queries = []
    while len(queries) < 2:
        q = vec()
        if _separated(docs, q) and all(_separated([d for d in docs if d["category"] == c], q) for c in CATEGORIES):
            queries.append(q)
    return docs, queries


def _separated(docs, q):
    d = sorted(l2(x["embedding"], q) for x in docs)
    return all(d[i] - d[i - 1] > 1e-4 for i in range(1, K + 1))


def l2(a, b):
    """Euclidean distance of a and b."""
    return math.sqrt(sum((x - y) ** 2 for x, y in zip(a, b)))


def brute_force(docs, q, k, keep=lambda d: True):
    """Ids of the k docs (those passing keep) nearest q by L2 distance."""
    ranked = sorted((l2(d["embedding"], q), d["id"]) for d in docs if keep(d))
    return [i for _, i in ranked[:k]]


def expect_ids(what, got, want):
    """Raise unless got (ids, in order) equals want. The message (the
    status line) does not depend on the ids that came back, so that an
    approximate index's varying answer cannot make the status flap; they
    are printed on a "# detail:" line."""
    got = [int(x) for x in got]
    if got != want:
        err = AssertionError("%s: ids differ from brute force" % what)
        err.detail = "got %s, brute force says %s" % (got, want)
        raise err


def expect(what, got, want):
    if got != want:
        raise AssertionError("%s: got %r, want %r" % (what, got, want))


def expect_vector(what, got, want):
    """Compare as float32 (servers print float4's shortest form)."""
    import struct
    f = lambda v: [struct.unpack("f", struct.pack("f", float(x)))[0] for x in v]
    expect(what, f(got), f(want))


def _one_line(sql):
    if isinstance(sql, bytes):
        sql = sql.decode("utf-8", "replace")
    return " ".join(str(sql).split())


class RecordingMixin:
    """Records the statements the server refuses (mixed into a cursor)."""

    def execute(self, query, vars=None):
        if os.environ.get("FW_TRACE"):
            sys.stderr.write("SQL: %s\n" % _one_line(self.mogrify(query, vars)))
        try:
            return super().execute(query, vars)
        except psycopg2.Error as e:
            _record(query, e)
            raise

    def executemany(self, query, vars_list):
        try:
            return super().executemany(query, vars_list)
        except psycopg2.Error as e:
            _record(query, e)
            raise


_recording = {}


def recording(factory):
    """The recording subclass of cursor class factory."""
    if factory is None:
        factory = psycopg2.extensions.cursor
    if issubclass(factory, RecordingMixin):
        return factory
    if factory not in _recording:
        _recording[factory] = type("Recording" + factory.__name__, (RecordingMixin, factory), {})
    return _recording[factory]


def _record(sql, e):
    if e.pgcode:
        f = (_one_line(sql), e.pgcode, (e.pgerror or str(e)).split("\n")[0].replace("ERROR:", "").strip())
        failures.append(f)
        _step_failures.append(f)


class RecordingConnection(psycopg2.extensions.connection):
    """A psycopg2 connection all of whose cursors record refusals (pass it
    as connection_factory), even those opened with an explicit
    cursor_factory (psycopg2.extras' type probes do so)."""

    def cursor(self, *args, **kwargs):
        kwargs["cursor_factory"] = recording(kwargs.get("cursor_factory") or self.cursor_factory)
        return super().cursor(*args, **kwargs)


def _sql_error(err, depth=0):
    """The (pgcode, message) of the psycopg2 error in err's cause chain."""
    if err is None or depth > 6:
        return None
    if isinstance(err, psycopg2.Error) and err.pgcode:
        return err.pgcode, (err.pgerror or str(err)).split("\n")[0].replace("ERROR:", "").strip()
    for attr in ("orig", "__cause__", "__context__"):
        e = _sql_error(getattr(err, attr, None), depth + 1)
        if e:
            return e
    return None


def run_steps(steps):
    """Run (name, fn) pairs in order, stopping at the first failure; print
    the refused statements, the one the failure came from ("# failing
    statement:") and the status line."""
    status, statement = "pass", ""
    for name, fn in steps:
        del _step_failures[:]
        try:
            fn()
        except Exception as err:  # the status line reports it
            se = _sql_error(err)
            if se is None and _step_failures:
                se = _step_failures[-1][1:]
            if se:
                statement = next((f[0] for f in reversed(_step_failures) if f[1] == se[0]), "")
                status = "fail at %s: %s %s" % (name, se[0], se[1])
            else:
                status = "fail at %s: %s" % (name, str(err).split("\n")[0])
                if getattr(err, "detail", None):
                    print("# detail: %s" % err.detail)
            if os.environ.get("FW_TRACE"):
                import traceback
                traceback.print_exc()
            break
    for sql, code, msg in failures:
        print("# refused: %s %s: %s" % (code, msg, sql[:400]))
    if statement:
        print("# failing statement: %s" % statement[:STATEMENT_CHARS])
    print(status)
    sys.stdout.flush()
