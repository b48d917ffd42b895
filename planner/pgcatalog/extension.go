package pgcatalog

import "github.com/vecgres/vecgres/planner/sem"

// VectorVersion is the pgvector release whose behaviour vecgres follows
// (shared/pgvector-compat.md), shown as pg_extension.extversion.
const VectorVersion = "0.8.6"

// vectorDescription is the comment of pgvector's control file.
const vectorDescription = sem.VectorDescription
