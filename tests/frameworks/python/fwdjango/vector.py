"""pgvector's vector type for Django: a model field, an HNSW index and
the L2 distance expression, shaped like pgvector-python's
pgvector.django (VectorField, HnswIndex, L2Distance, VectorExtension),
which is not packaged in Debian (PyPI is not reachable here)."""

from django.contrib.postgres.indexes import PostgresIndex
from django.contrib.postgres.operations import CreateExtension
from django.db import models


class VectorExtension(CreateExtension):
    """Migration operation: CREATE EXTENSION IF NOT EXISTS vector."""

    def __init__(self):
        self.name = "vector"


class VectorField(models.Field):
    """vector(dimensions); Python lists of floats, sent and read in the
    vector text form '[1,2,3]'."""

    description = "Vector"

    def __init__(self, *args, dimensions=None, **kwargs):
        self.dimensions = dimensions
        super().__init__(*args, **kwargs)

    def deconstruct(self):
        name, path, args, kwargs = super().deconstruct()
        if self.dimensions is not None:
            kwargs["dimensions"] = self.dimensions
        return name, path, args, kwargs

    def db_type(self, connection):
        return "vector" if self.dimensions is None else "vector(%d)" % self.dimensions

    def from_db_value(self, value, expression, connection):
        return None if value is None else [float(x) for x in value[1:-1].split(",")]

    def get_prep_value(self, value):
        return None if value is None else "[" + ",".join(repr(float(x)) for x in value) + "]"


class HnswIndex(PostgresIndex):
    """CREATE INDEX ... USING hnsw (with opclasses for the distance)."""

    suffix = "hnsw"


class L2Distance(models.Func):
    """expression <-> vector, as a float."""

    function = ""
    arg_joiner = " <-> "
    output_field = models.FloatField()

    def __init__(self, expression, vector, **extra):
        if not hasattr(vector, "resolve_expression"):
            vector = models.Value(VectorField().get_prep_value(vector))
        super().__init__(expression, vector, **extra)
