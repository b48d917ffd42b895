"""SQLAlchemy 1.4 (psycopg2) flow, as pgvector-python's SQLAlchemy
documentation shows: a declarative model with a vector column, an HNSW
Index, Base.metadata.create_all, session.add_all, and k-NN as
select(...).order_by(Item.embedding.l2_distance(q)).limit(k), with and
without a filter; then an update and a delete through the ORM.

pgvector-python (pgvector.sqlalchemy.Vector) is not packaged in Debian
and PyPI is not reachable here: Vector below is a small UserDefinedType
with the same column type, text format and l2_distance comparator.
"""

from sqlalchemy import Column, Float, Index, Integer, String, Text, create_engine, func, select, text
from sqlalchemy.orm import Session, declarative_base
from sqlalchemy.types import UserDefinedType

import fwcommon as c

DIM = 4
docs, queries = c.dataset(909, DIM)


class Vector(UserDefinedType):
    """pgvector's vector(dim): Python lists of floats, sent and read in
    vector's text form '[1,2,3]'."""

    cache_ok = True

    def __init__(self, dim=None):
        self.dim = dim

    def get_col_spec(self, **kw):
        return "VECTOR" if self.dim is None else "VECTOR(%d)" % self.dim

    def bind_processor(self, dialect):
        return lambda v: None if v is None else "[" + ",".join(repr(float(x)) for x in v) + "]"

    def result_processor(self, dialect, coltype):
        return lambda v: None if v is None else [float(x) for x in v[1:-1].split(",")]

    class comparator_factory(UserDefinedType.Comparator):
        def l2_distance(self, other):
            return self.op("<->", return_type=Float)(other)


Base = declarative_base()


class Item(Base):
    __tablename__ = "sa_items"
    id = Column(Integer, primary_key=True)
    content = Column(Text, nullable=False)
    category = Column(String(20), nullable=False)
    n = Column(Integer, nullable=False)
    embedding = Column(Vector(DIM))


Index("sa_items_embedding_idx", Item.embedding, postgresql_using="hnsw",
      postgresql_with={"m": 16, "ef_construction": 64}, postgresql_ops={"embedding": "vector_l2_ops"})

engine = create_engine(c.dsn().replace("postgres://", "postgresql+psycopg2://", 1), future=True,
                       connect_args={"connection_factory": c.RecordingConnection})


def search(session, q, category=None):
    stmt = select(Item.id)
    if category:
        stmt = stmt.where(Item.category == category)
    return list(session.scalars(stmt.order_by(Item.embedding.l2_distance(q)).limit(c.K)))


def create():
    with engine.begin() as conn:
        conn.execute(text("CREATE EXTENSION IF NOT EXISTS vector"))
    Base.metadata.create_all(engine)


def insert():
    with Session(engine) as s:
        s.add_all([Item(id=d["id"], content=d["content"], category=d["category"], n=d["n"], embedding=d["embedding"]) for d in docs])
        s.commit()
        c.expect("row count", s.scalar(select(func.count()).select_from(Item)), c.N_DOCS)


def knn():
    with Session(engine) as s:
        for q in queries:
            c.expect_ids("k-NN", search(s, q), c.brute_force(docs, q, c.K))


def filtered():
    with Session(engine) as s:
        for q in queries:
            want = c.brute_force(docs, q, c.K, lambda d: d["category"] == "news")
            c.expect_ids("k-NN where category", search(s, q, "news"), want)


def update_delete():
    q = queries[0]
    first = c.brute_force(docs, q, 1)[0]
    moved = [dict(d, embedding=[x + 100 for x in d["embedding"]]) if d["id"] == first else d for d in docs]
    with Session(engine) as s:
        item = s.get(Item, first)
        c.expect_vector("loaded embedding", item.embedding, docs[first - 1]["embedding"])
        item.embedding = moved[first - 1]["embedding"]
        s.commit()
        c.expect_ids("k-NN after update", search(s, q), c.brute_force(moved, q, c.K))
        second = c.brute_force(moved, q, 1)[0]
        s.delete(s.get(Item, second))
        s.commit()
        c.expect_ids("k-NN after delete", search(s, q), c.brute_force([d for d in moved if d["id"] != second], q, c.K))


c.run_steps([
    ("connect", lambda: engine.connect().close()),
    ("create_all", create),
    ("insert", insert),
    ("search", knn),
    ("filtered search", filtered),
    ("update and delete", update_delete),
])
engine.dispose()
