package planner

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner/pgcatalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wire/backend"
)

// CREATE, ALTER and DROP SEQUENCE (PostgreSQL 15's DefineSequence,
// AlterSequence, init_params and process_owned_by, commands/sequence.c).
// A column default that calls nextval('s'::regclass) depends on s: DROP
// SEQUENCE s is 2BP01 unless CASCADE, which drops the default. OWNED BY
// t.c makes DROP TABLE t (and DROP COLUMN c) drop the sequence.

func (b *binder) planCreateSequence(x *sql.CreateSequence) plan {
	s := b.s
	return ddlPlan(func(cat *catalog.Catalog, txn *catalog.Txn) (*backend.Result, error) {
		res := &backend.Result{Tag: "CREATE SEQUENCE"}
		key, err := s.newRelKey(x.Name, x.NameP, x.Temp) // temp.go
		if err != nil {
			return nil, err
		}
		if err := s.checkCreateIn(key, x.NameP); err != nil { // schema_priv.go
			return nil, err
		}
		_, base := cat.SplitName(key)
		if exists := cat.RelationExists(key) || serialSeqExists(cat, key); exists && x.IfNotExists {
			res.Notices = append(res.Notices, notice(string(pgerror.DuplicateTable), "relation \""+base+"\" already exists, skipping"))
			return res, nil
		} else if exists {
			return nil, pgerror.Errorf(pgerror.DuplicateTable, "relation \"%s\" already exists", base)
		}
		def, _, err := seqDefine(nil, x.Options)
		if err != nil {
			return nil, err
		}
		if err := s.seqOwnedBy(cat, key, s.user(), def, x.Options); err != nil {
			return nil, err
		}
		_, err = cat.CreateSequenceIn(txn, s.user(), key, def)
		return res, err
	})
}

// serialSeqExists reports whether key is the name of a serial column's
// sequence. Latch held.
func serialSeqExists(cat *catalog.Catalog, key string) bool {
	oid, ok := pgcatalog.SequenceOID(cat, key)
	if !ok {
		return false
	}
	_, ok = cat.TableByOID(oid)
	return !ok
}

func (b *binder) planAlterSequence(x *sql.AlterSequence) plan {
	s := b.s
	return ddlPlan(func(cat *catalog.Catalog, txn *catalog.Txn) (*backend.Result, error) {
		res := &backend.Result{Tag: "ALTER SEQUENCE"}
		t, ok := cat.Table(s.relKey(x.Name))
		switch {
		case !ok && serialSeqExists(cat, s.relKey(x.Name)):
			return nil, errSerialSeq("ALTER SEQUENCE")
		case !ok && x.IfExists:
			res.Notices = append(res.Notices, notice("00000", "relation \""+x.Name+"\" does not exist, skipping"))
			return res, nil
		case !ok:
			return nil, s.errNoObject("relation", x.Name)
		case !t.IsSequence():
			return nil, pgerror.Errorf(pgerror.WrongObjectType, "\"%s\" is not a sequence", bareRel(cat, t))
		case !cat.OwnsTable(t, s.user()):
			return nil, errNotOwner("sequence", bareRel(cat, t))
		}
		def, restart, err := seqDefine(t.Seq, x.Options)
		if err != nil {
			return nil, err
		}
		if restart == nil {
			last, _ := t.SeqValue()
			if err := checkRestart(def, last); err != nil {
				return nil, err
			}
		}
		if err := errIdentityOwnedBy(cat, t, x.Options); err != nil { // identity.go
			return nil, err
		}
		if err := s.seqOwnedBy(cat, t.Name, t.Owner, def, x.Options); err != nil {
			return nil, err
		}
		return res, cat.AlterSequenceIn(txn, t, def, restart)
	})
}

func (b *binder) planDropSequence(x *sql.DropSequence) plan {
	s := b.s
	return dropPlan("DROP SEQUENCE", "sequence", x.Names, x.IfExists,
		func(cat *catalog.Catalog, name string) *catalog.Table {
			if t, ok := cat.Table(name); ok && t.IsSequence() {
				return t
			}
			return nil
		},
		func(cat *catalog.Catalog, txn *catalog.Txn, name string) error {
			return cat.DropTableIn(s.blockTxn(txn), name)
		}, s, func(cat *catalog.Catalog, txn *catalog.Txn, t *catalog.Table, res *backend.Result) error {
			if err := errIdentitySeqDrop(cat, t); err != nil { // identity.go
				return err
			}
			return s.dropSeqDefaults(cat, t, x.Cascade, res)
		})
}

// seqDefine applies CREATE (old nil) or ALTER SEQUENCE's options to a
// definition, as PostgreSQL's init_params; restart is RESTART's value.
// Errors: 22023 with PostgreSQL's texts.
func seqDefine(old *catalog.SeqDef, opts []sql.SeqOption) (*catalog.SeqDef, *int64, error) {
	init := old == nil
	def := &catalog.SeqDef{Type: types.Int8, Increment: 1, Cache: 1}
	if !init {
		cp := *old
		def = &cp
	}
	o := map[string]sql.SeqOption{}
	for _, opt := range opts {
		o[opt.Name] = opt
	}
	var resetMax, resetMin bool
	if as, ok := o["as"]; ok {
		switch as.Type.Kind {
		case types.KindInt2, types.KindInt4, types.KindInt8:
		default:
			return nil, nil, pgerror.New(pgerror.InvalidParameterValue, "sequence type must be smallint, integer, or bigint")
		}
		if !init {
			lo, hi := catalog.IntBounds(def.Type)
			resetMax, resetMin = def.Max == hi, def.Min == lo
		}
		def.Type = as.Type
	}
	lo, hi := catalog.IntBounds(def.Type)
	if inc, ok := o["increment"]; ok {
		if def.Increment = inc.Value; inc.Value == 0 {
			return nil, nil, pgerror.New(pgerror.InvalidParameterValue, "INCREMENT must not be zero")
		}
	}
	if c, ok := o["cycle"]; ok {
		def.Cycle = c.Cycle
	}
	mx, hasMax := o["maxvalue"]
	switch {
	case hasMax && mx.Set:
		def.Max = mx.Value
	case init || hasMax || resetMax:
		def.Max = -1
		if def.Increment > 0 || resetMax {
			def.Max = hi
		}
	}
	if def.Max < lo || def.Max > hi {
		return nil, nil, pgerror.Errorf(pgerror.InvalidParameterValue, "MAXVALUE (%d) is out of range for sequence data type %s", def.Max, def.Type.Name())
	}
	mn, hasMin := o["minvalue"]
	switch {
	case hasMin && mn.Set:
		def.Min = mn.Value
	case init || hasMin || resetMin:
		def.Min = 1
		if def.Increment < 0 || resetMin {
			def.Min = lo
		}
	}
	if def.Min < lo || def.Min > hi {
		return nil, nil, pgerror.Errorf(pgerror.InvalidParameterValue, "MINVALUE (%d) is out of range for sequence data type %s", def.Min, def.Type.Name())
	}
	if def.Min >= def.Max {
		return nil, nil, pgerror.Errorf(pgerror.InvalidParameterValue, "MINVALUE (%d) must be less than MAXVALUE (%d)", def.Min, def.Max)
	}
	if st, ok := o["start"]; ok {
		def.Start = st.Value
	} else if init {
		def.Start = def.Min
		if def.Increment < 0 {
			def.Start = def.Max
		}
	}
	if def.Start < def.Min {
		return nil, nil, pgerror.Errorf(pgerror.InvalidParameterValue, "START value (%d) cannot be less than MINVALUE (%d)", def.Start, def.Min)
	}
	if def.Start > def.Max {
		return nil, nil, pgerror.Errorf(pgerror.InvalidParameterValue, "START value (%d) cannot be greater than MAXVALUE (%d)", def.Start, def.Max)
	}
	var restart *int64
	if r, ok := o["restart"]; ok {
		v := def.Start
		if r.Set {
			v = r.Value
		}
		if err := checkRestart(def, v); err != nil {
			return nil, nil, err
		}
		restart = &v
	}
	if c, ok := o["cache"]; ok {
		if def.Cache = c.Value; c.Value <= 0 {
			return nil, nil, pgerror.Errorf(pgerror.InvalidParameterValue, "CACHE (%d) must be greater than zero", c.Value)
		}
	}
	return def, restart, nil
}

// checkRestart is init_params' check of the sequence's value against
// its bounds.
func checkRestart(def *catalog.SeqDef, v int64) error {
	if v < def.Min {
		return pgerror.Errorf(pgerror.InvalidParameterValue, "RESTART value (%d) cannot be less than MINVALUE (%d)", v, def.Min)
	}
	if v > def.Max {
		return pgerror.Errorf(pgerror.InvalidParameterValue, "RESTART value (%d) cannot be greater than MAXVALUE (%d)", v, def.Max)
	}
	return nil
}

// seqOwnedBy applies OWNED BY to def, for the sequence key owned by
// owner, as PostgreSQL's process_owned_by. Errors: 42601 for a name of
// one part other than NONE, 42P01, 42809, 55000 for another owner or
// schema, 42703. Latch held.
func (s *Session) seqOwnedBy(cat *catalog.Catalog, key, owner string, def *catalog.SeqDef, opts []sql.SeqOption) error {
	var names []string
	for _, o := range opts {
		if o.Name == "owned_by" {
			names = o.OwnedBy
		}
	}
	switch {
	case names == nil:
		return nil
	case len(names) == 1 && names[0] == "none":
		def.OwnedBy, def.OwnedCol = 0, ""
		return nil
	case len(names) == 1:
		return pgerror.New(pgerror.SyntaxError, "invalid OWNED BY option").
			WithHint("Specify OWNED BY table.column or OWNED BY NONE.")
	case len(names) > 3:
		return pgerror.Errorf(pgerror.SyntaxError, "improper relation name (too many dotted names): %s", strings.Join(names, "."))
	}
	rel := names[:len(names)-1]
	col := names[len(names)-1]
	written := strings.Join(rel, ".")
	t, ok := cat.Table(s.relKey(written))
	if !ok {
		return s.errNoObject("relation", written)
	}
	if t.IsView() || t.IsSequence() {
		kind := "view"
		if t.IsSequence() {
			kind = "sequence"
		}
		return pgerror.Errorf(pgerror.WrongObjectType, "sequence cannot be owned by relation \"%s\"", bareRel(cat, t)).
			WithDetail("This operation is not supported for " + kind + "s.")
	}
	if t.Owner != owner {
		return pgerror.New(pgerror.ObjectNotInPrerequisiteState, "sequence must have same owner as table it is linked to")
	}
	if ts, _ := cat.SplitName(t.Name); func() bool { ks, _ := cat.SplitName(key); return ks != ts }() {
		return pgerror.New(pgerror.ObjectNotInPrerequisiteState, "sequence must be in same schema as table it is linked to")
	}
	if t.ColumnIndex(col) < 0 {
		return pgerror.Errorf(pgerror.UndefinedColumn, "column \"%s\" of relation \"%s\" does not exist", col, bareRel(cat, t))
	}
	def.OwnedBy, def.OwnedCol = t.OID, col
	return nil
}

// nextvalCall finds the sequences a default's text calls nextval on.
var nextvalCall = regexp.MustCompile(`nextval\('((?:[^']|'')*)'::regclass\)`)

// seqDependents are the columns whose default calls nextval on seq:
// the table and column position. Latch held.
func (s *Session) seqDependents(cat *catalog.Catalog, seq *catalog.Table) []seqDependent {
	var out []seqDependent
	for _, t := range cat.Tables() {
		for i, c := range t.Columns {
			for _, m := range nextvalCall.FindAllStringSubmatch(c.DefaultExpr, -1) {
				if oid, err := s.regclassIn(strings.ReplaceAll(m[1], "''", "'")); err == nil && uint32(oid) == seq.OID {
					out = append(out, seqDependent{t, i, m[0]})
					break
				}
			}
		}
	}
	return out
}

// seqDependent is a column whose default calls nextval on a sequence.
type seqDependent struct {
	table *catalog.Table
	col   int
	call  string // the nextval('s'::regclass) in its text
}

// dropSeqDefaults refuses DROP SEQUENCE of a sequence that column
// defaults call (2BP01, PostgreSQL's text) or, with CASCADE, drops those
// defaults. Latch held exclusively.
func (s *Session) dropSeqDefaults(cat *catalog.Catalog, seq *catalog.Table, cascade bool, res *backend.Result) error {
	deps := s.seqDependents(cat, seq)
	if len(deps) == 0 {
		return nil
	}
	lines := make([]string, len(deps))
	for i, d := range deps {
		_, base := cat.SplitName(d.table.Name)
		lines[i] = fmt.Sprintf("default value for column %s of table %s", d.table.Columns[d.col].Name, base)
	}
	if !cascade {
		return pgerror.Errorf(pgerror.DependentObjectsStillExist, "cannot drop sequence %s because other objects depend on it", bareRel(cat, seq)).
			WithDetail(strings.Join(lines, " depends on sequence "+bareRel(cat, seq)+"\n") + " depends on sequence " + bareRel(cat, seq)).
			WithHint("Use DROP ... CASCADE to drop the dependent objects too.")
	}
	for _, d := range deps {
		cat.RememberTable(s.ddlTxn(), d.table)
		if err := cat.SetColumnDefault(d.table, d.table.Columns[d.col].Name, nil, ""); err != nil {
			return err
		}
	}
	cascadeNotice(res, lines)
	return nil
}

// dropOwnedSequences drops the sequences owned by t's columns (column
// "" for all), as PostgreSQL drops them with the table or column.
// Latch held exclusively.
func (s *Session) dropOwnedSequences(cat *catalog.Catalog, txn *catalog.Txn, t *catalog.Table, column string) error {
	for _, seq := range cat.SequencesOwnedBy(t.OID, column) {
		if err := cat.DropTableIn(s.blockTxn(txn), seq.Name); err != nil {
			return err
		}
	}
	return nil
}

// nextvalText is the text a DEFAULT nextval('s') or
// nextval('s'::regclass) keeps, as PostgreSQL's pg_get_expr prints it:
// nextval('s'::regclass) with the sequence's catalog name (schema
// public's bare, others' qualified), which seqDependents and DROP
// SEQUENCE find again; false for another expression or a name that
// does not resolve. Latch held.
func (s *Session) nextvalText(e sql.Expr) (string, bool) {
	f, ok := e.(*sql.FuncCall)
	if !ok || f.Name != "nextval" || len(f.Args) != 1 {
		return "", false
	}
	arg := f.Args[0]
	if r, ok := arg.(*sql.FuncCall); ok && r.Name == sql.RegclassFunc && len(r.Args) == 1 {
		arg = r.Args[0]
	}
	k, ok := arg.(*sql.Const)
	if !ok || k.Kind != sql.ConstString {
		return "", false
	}
	oid, err := s.regclassIn(k.Text)
	if err != nil {
		return "", false
	}
	key, ok := userRelationName(s.cat, oid)
	if !ok {
		return "", false
	}
	return nextvalOf(s.cat, key), true
}

// nextvalOf is the DEFAULT text calling nextval on the sequence with
// catalog name key, as pg_get_expr prints it: nextval('s'::regclass),
// schema-qualified outside public.
func nextvalOf(cat *catalog.Catalog, key string) string {
	schema, base := cat.SplitName(key)
	name := pgcatalog.QuoteIdent(base)
	if schema != "public" {
		name = pgcatalog.QuoteIdent(schema) + "." + name
	}
	return "nextval('" + strings.ReplaceAll(name, "'", "''") + "'::regclass)"
}

// ownedWithin reports whether t is a sequence owned by a column of a
// table whose catalog name is in dropped. Latch held.
func ownedWithin(cat *catalog.Catalog, t *catalog.Table, dropped map[string]bool) bool {
	if !t.IsSequence() || t.Seq.OwnedBy == 0 {
		return false
	}
	owner, ok := cat.TableByOID(t.Seq.OwnedBy)
	return ok && dropped[owner.Name]
}

// renameSeqDefaults makes the defaults deps, which called nextval on
// seq by its old name, call it by its new one (PostgreSQL keeps the
// sequence's OID, so its defaults follow a rename). Latch held
// exclusively.
func (s *Session) renameSeqDefaults(cat *catalog.Catalog, txn *catalog.Txn, seq *catalog.Table, deps []seqDependent) error {
	schema, base := cat.SplitName(seq.Name)
	name := pgcatalog.QuoteIdent(base)
	if schema != "public" {
		name = pgcatalog.QuoteIdent(schema) + "." + name
	}
	call := "nextval('" + strings.ReplaceAll(name, "'", "''") + "'::regclass)"
	for _, d := range deps {
		c := d.table.Columns[d.col]
		cat.RememberTable(txn, d.table)
		if err := cat.SetColumnDefault(d.table, c.Name, c.Default, strings.ReplaceAll(c.DefaultExpr, d.call, call)); err != nil {
			return err
		}
	}
	return nil
}

// errSerialSeq refuses a statement on the sequence of a serial column,
// which vecgres keeps with its column rather than as a relation (a
// serial column created by a pg_dump script's CREATE SEQUENCE, OWNED BY
// and DEFAULT nextval has a real one).
func errSerialSeq(stmt string) error {
	return pgerror.NotSupported(stmt + " on the sequence of a serial column")
}
