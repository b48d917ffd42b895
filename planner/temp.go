package planner

import (
	"errors"
	"fmt"
	"strings"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// Temporary tables (PostgreSQL docs, CREATE TABLE "TEMPORARY", §5.9.3).
// A session's temporary tables live in its own schema pg_temp_N, made
// at its first CREATE TEMP TABLE (the lowest N no session holds) and
// dropped with them when the session ends (Close, also when the
// connection drops). The catalog never logs or checkpoints anything in
// it (catalog/temp.go). Relation names resolve through the session's
// temporary schema first unless search_path names pg_temp (relPath);
// "pg_temp" names it; other sessions' temporary tables are not found.
// ON COMMIT DELETE ROWS empties a table and ON COMMIT DROP drops it
// after each commit of the session (afterCommit), which nobody else sees
// as nobody else can reach the table.

// tempAction is one temporary table's ON COMMIT action; the table by
// OID, as TRUNCATE replaces its object.
type tempAction struct {
	oid uint32
	act sql.OnCommit
}

// isTempSchema reports whether schema is a temporary one (any
// session's). Latch held.
func (s *Session) isTempSchema(schema string) bool {
	sc, ok := s.cat.LookupSchema(schema)
	return ok && sc.Temp
}

// ensureTempSchema returns the session's temporary schema, making it
// first. Latch held exclusively.
func (s *Session) ensureTempSchema() string {
	if s.tempSchema != "" {
		return s.tempSchema
	}
	for n := 1; ; n++ {
		name := fmt.Sprintf("pg_temp_%d", n)
		if _, taken := s.cat.LookupSchema(name); !taken {
			s.cat.CreateTempSchema(name, s.user())
			s.tempSchema = name
			return name
		}
	}
}

// relPath is the path relation names resolve through: search_path's,
// with the session's temporary schema first unless the path names it
// (pg_temp). Latch held.
func (s *Session) relPath() []string {
	path := s.searchPath(false)
	if s.tempSchema == "" || s.pathNamesTemp() {
		return path
	}
	return append([]string{s.tempSchema}, path...)
}

// pathNamesTemp reports whether search_path names pg_temp.
func (s *Session) pathNamesTemp() bool {
	raw, _ := s.settings.get("search_path")
	for _, name := range splitIdentList(raw) {
		if name == "pg_temp" || name == s.tempSchema {
			return true
		}
	}
	return false
}

// tempAlias maps the written schema pg_temp to the session's temporary
// schema (itself when the session has none). Latch held.
func (s *Session) tempAlias(schema string) string {
	if schema == "pg_temp" && s.tempSchema != "" {
		return s.tempSchema
	}
	return schema
}

// otherTemp reports whether t is another session's temporary relation,
// which this session does not see.
func (s *Session) otherTemp(t *catalog.Table) bool {
	if !t.Temp {
		return false
	}
	schema, _ := s.cat.SplitName(t.Name)
	return schema != s.tempSchema
}

// newTableKey is the catalog name CREATE [TEMP] TABLE name gets: in the
// session's temporary schema for a temporary table or one written in
// pg_temp, else createKey's. pos is the name's offset. Latch held
// exclusively. Errors: 42P16 for a temporary table in another schema or
// any table in another session's temporary schema, as PostgreSQL's
// RangeVarAdjustRelationPersistence.
func (s *Session) newTableKey(name string, pos int, temp bool) (string, error) {
	sc, base, qualified := strings.Cut(name, ".")
	switch {
	case !qualified && temp:
		return catalog.QualifiedName(s.ensureTempSchema(), name), nil
	case !qualified:
		return s.createKey(name, pos)
	case sc == "pg_temp" || sc == s.tempSchema && s.tempSchema != "":
		return catalog.QualifiedName(s.ensureTempSchema(), base), nil
	case s.isTempSchema(sc):
		return "", atOffset(pgerror.New(pgerror.InvalidTableDefinition,
			"cannot create relations in temporary schemas of other sessions"), pos)
	}
	if _, known := s.cat.LookupSchema(sc); known && temp {
		return "", atOffset(pgerror.New(pgerror.InvalidTableDefinition,
			"cannot create temporary relation in non-temporary schema"), pos)
	}
	return s.createKey(name, pos)
}

// newRelKey is newTableKey for CREATE [TEMP] VIEW and SEQUENCE, whose
// 42P16 PostgreSQL raises without a position (DefineView and
// DefineSequence reach RangeVarAdjustRelationPersistence with no parse
// state).
func (s *Session) newRelKey(name string, pos int, temp bool) (string, error) {
	key, err := s.newTableKey(name, pos, temp)
	var pe *pgerror.Error
	if errors.As(err, &pe) && pe.Code == pgerror.InvalidTableDefinition {
		return "", pgerror.New(pe.Code, pe.Message)
	}
	return key, err
}

// noteOnCommit records temporary table t's ON COMMIT action.
func (s *Session) noteOnCommit(t *catalog.Table, act sql.OnCommit) {
	if act == sql.OnCommitDeleteRows || act == sql.OnCommitDrop {
		s.onCommit = append(s.onCommit, tempAction{t.OID, act})
	}
}

// afterCommit runs the ON COMMIT actions after a commit: empties the
// DELETE ROWS tables that hold rows and drops the DROP ones (tables a
// rollback dropped are forgotten). Only this session reaches them, so
// doing it just after the commit is as doing it in it.
func (s *Session) afterCommit() {
	if len(s.onCommit) == 0 {
		return
	}
	s.cat.Lock()
	defer s.cat.Unlock()
	kept := s.onCommit[:0]
	for _, a := range s.onCommit {
		t, ok := s.cat.TableByOID(a.oid)
		if !ok || !t.Temp {
			continue
		}
		if a.act == sql.OnCommitDrop {
			s.dropTemp(t)
			continue
		}
		if t.Slots() > 0 {
			_ = s.cat.Truncate(nil, t) // fails only writing the WAL, which a temporary table skips
		}
		kept = append(kept, a)
	}
	s.onCommit = kept
}

// dropTemp drops temporary table t and the sequences its columns own.
// Latch held exclusively.
func (s *Session) dropTemp(t *catalog.Table) {
	for _, r := range append(s.cat.SequencesOwnedBy(t.OID, ""), t) {
		_ = s.cat.DropTable(r.Name) // fails only for a missing name or writing the WAL, which it skips
	}
}

// dropTempSchema drops the session's temporary tables and schema (Close,
// after the open transaction was rolled back).
func (s *Session) dropTempSchema() {
	if s.tempSchema == "" {
		return
	}
	s.cat.Lock()
	defer s.cat.Unlock()
	for _, t := range s.cat.TablesIn(s.tempSchema) {
		_ = s.cat.DropTable(t.Name)
	}
	s.cat.DropTempSchema(s.tempSchema)
	s.tempSchema, s.onCommit = "", nil
}

// tempReference is 42P16 when a foreign key of t references ref and one
// of them is temporary and the other not, as PostgreSQL's
// ATAddForeignKeyConstraint (t may be a table being created). Latch held.
func tempReference(cat *catalog.Catalog, t, ref *catalog.Table) error {
	switch temp := cat.IsTempName(t.Name); {
	case !temp && ref.Temp:
		return pgerror.New(pgerror.InvalidTableDefinition, "constraints on permanent tables may reference only permanent tables")
	case temp && !ref.Temp:
		return pgerror.New(pgerror.InvalidTableDefinition, "constraints on temporary tables may reference only temporary tables")
	}
	return nil
}
