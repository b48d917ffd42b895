package planner

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wire/backend"
)

// CREATE EXTENSION and DROP EXTENSION, as PostgreSQL 15's extension.c and
// dropcmds.c answer them for the one extension vecgres has, vector. Its
// types are built in and usable whether or not it was created; the
// server only remembers whether CREATE EXTENSION vector has run, so that
// running it twice fails as in PostgreSQL (42710 `extension "vector"
// already exists`; with IF NOT EXISTS a NOTICE and CREATE EXTENSION).
//
// The state lives in memory (Engine.vectorExt): at start-up the extension
// counts as created when a table has a vector column. A change made in a
// transaction takes effect for other sessions at COMMIT and is forgotten
// at ROLLBACK and ROLLBACK TO SAVEPOINT (Session.extPending). Two
// sessions creating it at the same time may both succeed. pg_extension
// and \dx list vector whether or not it was created.

// vectorExtension is the name CREATE EXTENSION accepts.
const vectorExtension = "vector"

// usesExtensionTypes reports whether a column of some table has a type of
// the vector extension (the caller holds the catalog lock or is alone).
func usesExtensionTypes(cat *catalog.Catalog) bool {
	for _, t := range cat.Tables() {
		for _, c := range t.Columns {
			if extensionType(c.Type) {
				return true
			}
		}
	}
	return false
}

// extensionType reports whether t belongs to the vector extension.
func extensionType(t types.Type) bool {
	switch t.Kind {
	case types.KindVector, types.KindVectorArray, types.KindHalfvec, types.KindHalfvecArray, types.KindSparsevec, types.KindSparsevecArray:
		return true
	}
	return false
}

// vectorCreated reports whether the session sees the extension created:
// its own uncommitted CREATE or DROP first, else the server's state.
func (s *Session) vectorCreated() bool {
	if s.extPending != nil {
		return *s.extPending
	}
	return s.en.vectorExt.Load()
}

// setVectorCreated records a CREATE (true) or DROP (false) of the
// extension in the open transaction.
func (s *Session) setVectorCreated(on bool) { s.extPending = &on }

// endExtension applies the transaction's change at COMMIT and drops it at
// ROLLBACK (called by endTxn).
func (s *Session) endExtension(commit bool) {
	if s.extPending != nil && commit {
		s.en.vectorExt.Store(*s.extPending)
	}
	s.extPending = nil
}

// planCreateExtension plans CREATE EXTENSION [IF NOT EXISTS] name: only
// vector exists (0A000 `extension "x" is not available` otherwise).
func (b *binder) planCreateExtension(x *sql.CreateExtension) (plan, error) {
	if x.Name != vectorExtension {
		return nil, pgerror.Errorf(pgerror.FeatureNotSupported, "extension %q is not available", x.Name).
			WithHint("vecgres provides the vector extension only.")
	}
	return &funcPlan{fn: func(_ context.Context, e *execCtx) (*backend.Result, error) {
		res := &backend.Result{Tag: "CREATE EXTENSION"}
		if e.s.vectorCreated() {
			msg := `extension "` + x.Name + `" already exists`
			if !x.IfNotExists {
				return nil, pgerror.New(pgerror.DuplicateObject, msg)
			}
			res.Notices = []backend.Notice{notice(string(pgerror.DuplicateObject), msg+", skipping")}
			return res, nil
		}
		e.s.setVectorCreated(true)
		return res, nil
	}}, nil
}

// planCommentExtension plans COMMENT ON EXTENSION name IS 'text': the
// extension's comment is pgvector's own and does not change, so the
// statement succeeds when it gives that comment (what pg_dump writes)
// and is 0A000 otherwise; 42704 when the extension is not created.
func (b *binder) planCommentExtension(x *sql.CommentExtension) plan {
	return &funcPlan{fn: func(_ context.Context, e *execCtx) (*backend.Result, error) {
		if x.Name != vectorExtension || !e.s.vectorCreated() {
			return nil, pgerror.Errorf(pgerror.UndefinedObject, "extension %q does not exist", x.Name)
		}
		if x.Comment == nil || *x.Comment != sem.VectorDescription {
			return nil, pgerror.NotSupported("COMMENT ON EXTENSION with another comment than pgvector's")
		}
		return &backend.Result{Tag: "COMMENT"}, nil
	}}
}

// planDropExtension plans DROP EXTENSION [IF EXISTS] names: a name that is
// not a created extension is 42704 `extension "x" does not exist` (with IF
// EXISTS a NOTICE 00000 "..., skipping"); vector with columns of its types
// is 2BP01 listing them, newest table first, as PostgreSQL's
// reportDependentObjects; all names are checked before any is dropped.
func (b *binder) planDropExtension(x *sql.DropExtension) plan {
	return &funcPlan{fn: func(_ context.Context, e *execCtx) (*backend.Result, error) {
		s := e.s
		res := &backend.Result{Tag: "DROP EXTENSION"}
		drop := false
		for _, name := range x.Names {
			if name != vectorExtension || !s.vectorCreated() {
				msg := `extension "` + name + `" does not exist`
				if !x.IfExists {
					return nil, pgerror.New(pgerror.UndefinedObject, msg)
				}
				res.Notices = append(res.Notices, notice(string(pgerror.SuccessfulCompletion), msg+", skipping"))
				continue
			}
			if err := vectorDependents(s.cat); err != nil {
				return nil, err
			}
			drop = true
		}
		if drop {
			s.setVectorCreated(false)
		}
		return res, nil
	}}
}

// vectorDependents returns 2BP01 when a column has a type of the
// extension: DETAIL one line per column ("column v of table t depends on
// type vector"), the last created table and its last column first.
func vectorDependents(cat *catalog.Catalog) error {
	cat.RLock()
	defer cat.RUnlock()
	tables := cat.Tables()
	slices.SortFunc(tables, func(a, b *catalog.Table) int { return cmp.Compare(a.OID, b.OID) })
	var lines []string
	for i := len(tables) - 1; i >= 0; i-- {
		t := tables[i]
		for j := len(t.Columns) - 1; j >= 0; j-- {
			if c := t.Columns[j]; extensionType(c.Type) {
				lines = append(lines, "column "+c.Name+" of table "+t.Name+" depends on type "+types.Type{Kind: c.Type.Kind, Typmod: types.NoTypmod}.Name())
			}
		}
	}
	if len(lines) == 0 {
		return nil
	}
	return pgerror.New(pgerror.DependentObjectsStillExist, "cannot drop extension vector because other objects depend on it").
		WithDetail(strings.Join(lines, "\n")).
		WithHint("Use DROP ... CASCADE to drop the dependent objects too.")
}
