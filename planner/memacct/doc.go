// Package memacct accounts for the memory one statement's execution holds:
// the rows a query materialises (scan buffers, sort keys, groups, DISTINCT
// and set-operation buffers, result and RETURNING rows, COPY TO output),
// so that a statement that would hold more than the session's
// vecgres.work_mem_limit fails with PostgreSQL's 53200 `out of memory`
// instead of growing the server until the kernel kills it.
//
// An Account is one counter per statement execution (account.go); the
// planner charges it, at the few places rows accumulate, an approximate
// size of what it keeps (size.go: strings and bytea by length, vectors by
// 4 bytes a dimension, arrays and jsonb recursively, fixed sizes for
// scalars, plus a fixed overhead a row and a value). The sizes are
// deliberately simple and err on the high side: a charge is one add and
// one compare, with no allocation. The limit is parsed and shown as
// PostgreSQL parses and shows work_mem (limit.go). An account keeps its
// peak; one that reached 64 MB returns the heap to the operating system
// when its statement ends (release.go), since an idle server runs no
// garbage collection.
package memacct
