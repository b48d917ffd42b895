package planner

import (
	"crypto/rand"
	"strings"

	"github.com/vecgres/vecgres/planner/pgcatalog"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Miscellaneous built-in functions of PostgreSQL that pgvector users call.

func init() {
	funcs["gen_random_uuid"] = funcDef{ret: types.UUIDType, fn: func(*env, []any) (any, error) {
		return randomUUID(), nil
	}}
}

// randomUUID returns a version 4 (random) UUID, RFC 4122 section 4.4:
// 122 random bits from crypto/rand, version nibble 4, variant bits 10.
func randomUUID() types.UUID {
	var u types.UUID
	_, _ = rand.Read(u[:]) // crypto/rand.Read never fails (Go 1.24+)
	u[6] = u[6]&0x0f | 0x40
	u[8] = u[8]&0x3f | 0x80
	return u
}

func init() {
	funcs["repeat"] = funcDef{args: []types.Type{types.Text, types.Int4}, ret: types.Text, strict: true, fn: repeatText}
	funcs["pg_size_pretty"] = funcDef{args: []types.Type{types.Int8}, ret: types.Text, strict: true,
		fn: func(_ *env, a []any) (any, error) { return sizePretty(a[0].(int64)), nil }}
	for name, size := range relationSizes {
		funcs[name] = funcDef{args: []types.Type{types.Text}, ret: types.Int8, strict: true,
			fn: func(e *env, a []any) (any, error) { return relationSize(e, a[0].(string), size) }}
	}
}

// maxRepeatBytes is PostgreSQL's limit on a text value (1 GB - 1).
const maxRepeatBytes = 1<<30 - 1

// repeatText is repeat(text, count): count < 1 gives the empty string. Errors: 54000
// `requested length too large` past PostgreSQL's 1 GB value limit.
func repeatText(_ *env, a []any) (any, error) {
	s, n := a[0].(string), a[1].(int64)
	if n <= 0 || s == "" {
		return "", nil
	}
	if int64(len(s))*n > maxRepeatBytes {
		return nil, pgerror.New(pgerror.ProgramLimitExceeded, "requested length too large")
	}
	return strings.Repeat(s, int(n)), nil
}

// sizePretty is pg_size_pretty(bigint) (pgcatalog.SizePretty, shared with
// psql's \dt+ and \di+ listings).
func sizePretty(size int64) string { return pgcatalog.SizePretty(size) }

// relationSizes are the size functions and what each counts of a table:
// the table's rows, its indexes, or both. Applied to an index, each gives
// the index's size.
var relationSizes = map[string]sizeKind{
	"pg_relation_size":       sizeRows,
	"pg_table_size":          sizeRows,
	"pg_indexes_size":        sizeIndexes,
	"pg_total_relation_size": sizeRows | sizeIndexes,
}

type sizeKind uint8

const (
	sizeRows sizeKind = 1 << iota
	sizeIndexes
)

// relationSize is vecgres's answer to pg_relation_size and friends: the
// bytes the relation holds in memory (catalog.TableBytes,
// catalog.Index.Bytes), not on disk. Errors: 42P01 for an unknown name.
func relationSize(e *env, name string, kind sizeKind) (any, error) {
	cat := e.sess.cat
	defer e.sess.catalogRead()() // session_latch.go
	if ix, ok := cat.Index(name); ok {
		return ix.Bytes(), nil
	}
	t, ok := cat.Table(name)
	if !ok {
		return nil, pgerror.Errorf(pgerror.UndefinedTable, "relation %q does not exist", name)
	}
	var n int64
	if kind&sizeRows != 0 {
		n += cat.TableBytes(t)
	}
	if kind&sizeIndexes != 0 {
		for _, ix := range cat.TableIndexes(t) {
			n += ix.Bytes()
		}
	}
	return n, nil
}
