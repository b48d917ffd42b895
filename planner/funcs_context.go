package planner

import (
	"math/rand/v2"
	"slices"
	"time"

	"github.com/vecgres/vecgres/planner/pgcatalog"
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// env is the sem.Context the built-in functions run against: the
// session's state and the catalog it sees (catalog reads under the
// session's latch, session_latch.go).
var _ sem.Context = (*env)(nil)

func (e *env) User() string     { return e.sess.startup["user"] }
func (e *env) Database() string { return e.sess.startup["database"] }

// SearchPath is Session.searchPath under the latch (schema_resolve.go).
func (e *env) SearchPath(implicit bool) []string {
	defer e.sess.catalogRead()()
	return slices.Clone(e.sess.searchPath(implicit))
}

// Setting is current_setting's lookup: 42704 for an unknown name, as
// SHOW, or NULL when missingOK.
func (e *env) Setting(name string, missingOK bool) (any, error) {
	v, ok := e.sess.settings.get(name)
	switch {
	case ok:
		return v, nil
	case missingOK:
		return nil, nil
	}
	return nil, unrecognized(name)
}

// SetSetting is set_config: SET, or SET LOCAL when local.
func (e *env) SetSetting(name, value string, local bool) (string, error) {
	if err := e.sess.checkSetPrivilege(name); err != nil {
		return "", err
	}
	if _, err := e.sess.settings.assign(name, value, local); err != nil {
		return "", err
	}
	v, _ := e.sess.settings.get(name)
	return v, nil
}

func (e *env) Rand() *rand.Rand    { return e.sess.rand() }
func (e *env) Reseed(r *rand.Rand) { e.sess.rng = r }

// rand returns the session's random source: seeded from the operating
// system until setseed fixes the sequence, as PostgreSQL's per-backend
// PRNG.
func (s *Session) rand() *rand.Rand {
	if s.rng == nil {
		s.rng = rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	}
	return s.rng
}

// Sleep waits d, or until the statement is cancelled (57014).
func (e *env) Sleep(d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	ctx := e.sess.stmtCtx
	if ctx == nil {
		<-t.C
		return nil
	}
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return errCanceled
	}
}

// RelationSize counts the bytes the relation holds in memory
// (catalog.TableBytes, catalog.Index.Bytes), not on disk. Errors: 42P01
// for an unknown name.
func (e *env) DatabaseSize() int64 {
	cat := e.sess.cat
	defer e.sess.catalogRead()()
	var n int64
	for _, t := range cat.Tables() {
		n += cat.TableBytes(t)
		for _, ix := range cat.TableIndexes(t) {
			n += ix.Bytes()
		}
	}
	return n
}

func (e *env) RelationSize(name string, rows, indexes bool) (int64, error) {
	cat := e.sess.cat
	defer e.sess.catalogRead()()
	key := e.sess.relKey(name)
	if ix, ok := cat.Index(key); ok {
		return ix.Bytes(), nil
	}
	if _, ok := pgcatalog.SequenceOID(cat, key); ok {
		return pgcatalog.SequenceBytes, nil
	}
	t, ok := cat.Table(key)
	if !ok {
		return 0, pgerror.Errorf(pgerror.UndefinedTable, "relation %q does not exist", name)
	}
	var n int64
	if rows {
		n += cat.TableBytes(t)
	}
	if indexes {
		for _, ix := range cat.TableIndexes(t) {
			n += ix.Bytes()
		}
	}
	return n, nil
}

func (e *env) IndexDef(oid uint32) (string, bool) {
	defer e.sess.catalogRead()()
	return pgcatalog.IndexDefSearchPath(e.sess.cat, oid, e.sess.onSearchPath("public"))
}

func (e *env) Description(oid uint32, class string, sub int) (string, bool) {
	defer e.sess.catalogRead()()
	return pgcatalog.Description(e.sess.cat, oid, class, sub)
}

func (e *env) ConstraintDef(oid uint32, pretty bool) (string, bool) {
	defer e.sess.catalogRead()()
	if t, k, ok := pgcatalog.CheckByOID(e.sess.cat, oid); ok {
		if def, ok := e.sess.en.checkDef(t, k, pretty); ok { // constraint_check.go
			return def, true
		}
	}
	return pgcatalog.ConstraintDefVisible(e.sess.cat, oid, pretty, e.sess.pgEnv().Visible)
}

// HasPrivilege answers the has_*_privilege functions
// (funcs_privilege.go, funcs_privilege_schema.go).
func (e *env) HasPrivilege(on sem.Object, args []any) (any, error) {
	switch on {
	case sem.OnSchema:
		return hasSchemaPrivilege(e, args)
	case sem.OnDatabase:
		return hasDatabasePrivilege(e, args)
	case sem.OnSequence:
		return hasSequencePrivilege(e, args) // funcs_privilege_seq.go
	}
	return hasTablePrivilege(e, args)
}
