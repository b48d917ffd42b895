package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// Privilege checks (PostgreSQL docs, section 5.7 "Privileges"): the
// catalog keeps owners and grants (catalog/owner.go); the planner checks
// them when it binds a statement. A grant, a revoke or any role change
// moves the catalog version, so a prepared statement is bound (and
// checked) again before it next runs.

// user is the session's role: the user of the startup message (vecgres
// has no SET ROLE or SET SESSION AUTHORIZATION).
func (s *Session) user() string { return s.startup["user"] }

// canManageRoles reports whether the session's role has CREATEROLE or is
// a superuser (PostgreSQL's have_createrole_privilege).
func (s *Session) canManageRoles() bool {
	r, ok := s.cat.Role(s.user())
	return ok && (r.Superuser || r.CreateRole)
}

func errTablePrivilege(table string) error {
	return pgerror.Errorf(pgerror.InsufficientPrivilege, "permission denied for table %s", table)
}

// errNotOwner is PostgreSQL's aclcheck_error for ownership: kind is
// "table" or "index".
func errNotOwner(kind, name string) error {
	return pgerror.Errorf(pgerror.InsufficientPrivilege, "must be owner of %s %s", kind, name)
}

// checkTable returns 42501 unless the session's role holds every
// privilege in need on t. Virtual pg_catalog tables are readable by all;
// a sequence's row read as a relation (seqRow) is checked as the
// sequence.
func (s *Session) checkTable(t *catalog.Table, need catalog.Privilege) error {
	if real, ok := s.cat.Table(t.Name); !ok || real != t {
		seq, ok := s.seqOfRow(t)
		if !ok {
			return nil
		}
		t = seq
	}
	if err := s.checkUsage(t); err != nil { // schema_priv.go
		return err
	}
	if s.cat.TablePrivilegesIn(s.txn, t, s.privRole())&need != need { // view.go: a view's owner
		return s.errRelPrivilege(t) // privilege_grant.go
	}
	return nil
}

// checkStatement checks the privileges a bound data-changing statement
// or COPY needs on its target table (SELECT's tables, in FROM clauses and
// subqueries, are checked where they are bound, bind_select.go). As in
// PostgreSQL, reading the target's columns (WHERE, RETURNING, SET
// expressions using columns, an ON CONFLICT target) needs SELECT too.
func (s *Session) checkStatement(st sql.Statement, pl plan) error {
	switch x := st.(type) {
	case *sql.Insert:
		need := catalog.PrivInsert
		if len(x.Returning) > 0 || x.OnConflict != nil && (x.OnConflict.Update || len(x.OnConflict.Columns) > 0) {
			need |= catalog.PrivSelect
		}
		if x.OnConflict != nil && x.OnConflict.Update {
			need |= catalog.PrivUpdate
		}
		return s.checkTarget(pl, need)
	case *sql.Update:
		need := catalog.PrivUpdate
		if whereReadsColumns(pl) || len(x.Returning) > 0 || setReadsColumns(pl) {
			need |= catalog.PrivSelect
		}
		return s.checkTarget(pl, need)
	case *sql.Delete:
		need := catalog.PrivDelete
		if whereReadsColumns(pl) || len(x.Returning) > 0 {
			need |= catalog.PrivSelect
		}
		return s.checkTarget(pl, need)
	case *sql.Explain:
		if ep, ok := pl.(*explainPlan); ok {
			return s.checkStatement(x.Stmt, ep.inner)
		}
	case *sql.Copy:
		switch cp := pl.(type) {
		case *copyPlan:
			return s.checkTable(cp.table, catalog.PrivInsert)
		case *copyQueryPlan:
			if cp.table != nil {
				return s.checkTable(cp.table, catalog.PrivSelect)
			}
		}
	}
	return nil
}

// checkTarget checks need on the table a DML plan changes.
func (s *Session) checkTarget(pl plan, need catalog.Privilege) error {
	if v := writtenView(pl); v != nil { // view_update.go
		return s.checkViewTarget(v, writeTarget(pl), need)
	}
	if t := writeTarget(pl); t != nil {
		return s.checkTable(t, need)
	}
	return nil
}

// setReadsColumns reports whether an UPDATE's SET expressions read
// columns of the row.
func setReadsColumns(pl plan) bool {
	if m, ok := pl.(*modifyPlan); ok {
		for _, e := range m.set {
			if findColumn(e) != nil {
				return true
			}
		}
	}
	return false
}

// whereReadsColumns reports whether an UPDATE's or DELETE's WHERE reads
// columns of the row (PostgreSQL asks no SELECT for WHERE true).
func whereReadsColumns(pl plan) bool {
	m, ok := pl.(*modifyPlan)
	return ok && m.where() != nil && findColumn(m.where()) != nil
}

// checkSelect checks SELECT on a table read by a query (FROM).
func (s *Session) checkSelect(t *catalog.Table) error { return s.checkTable(t, catalog.PrivSelect) }

// seqOfRow is the sequence whose row seqRow made t from, if it is one.
// Latch held.
func (s *Session) seqOfRow(t *catalog.Table) (*catalog.Table, bool) {
	if t.OID < firstUserOID {
		return nil, false
	}
	seq, ok := s.cat.TableByOID(t.OID)
	return seq, ok && seq.IsSequence() && seq != t
}

// firstUserOID is PostgreSQL's FirstNormalObjectId: catalog views' OIDs
// lie below it.
const firstUserOID = 16384
