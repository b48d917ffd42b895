package planner

import (
	"context"
	"strconv"
	"strings"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner/pgcatalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/vecindex"
	"github.com/vecgres/vecgres/wire/backend"
)

func notice(code, msg string) backend.Notice {
	return backend.Notice{Severity: "NOTICE", Code: code, Message: msg}
}

// ddlPlan runs fn with the catalog and the transaction the DDL's undo
// is recorded in (Session.ddlTxn).
func ddlPlan(fn func(cat *catalog.Catalog, txn *catalog.Txn) (*backend.Result, error)) plan {
	return &funcPlan{fn: func(_ context.Context, x *execCtx) (*backend.Result, error) { return fn(x.s.cat, x.s.ddlTxn()) }}
}

func (b *binder) planCreateTable(x *sql.CreateTable) (plan, error) {
	cols, pkey, err := b.tableColumns(x)
	if err != nil {
		return nil, err
	}
	s := b.s
	return ddlPlan(func(cat *catalog.Catalog, txn *catalog.Txn) (*backend.Result, error) {
		key, err := s.newTableKey(x.Name, x.NameP, x.Temp) // temp.go
		if err != nil {
			return nil, err
		}
		if err := s.checkCreateIn(key, x.NameP); err != nil { // privilege.go
			return nil, err
		}
		if x.IfNotExists && cat.RelationExists(key) {
			_, base := cat.SplitName(key)
			return &backend.Result{Tag: "CREATE TABLE", Notices: []backend.Notice{
				notice(string(pgerror.DuplicateTable), "relation \""+base+"\" already exists, skipping")}}, nil
		}
		cons, err := tableConstraints(s, cat, x, key, cols, pkey)
		if err != nil {
			return nil, err
		}
		seqs, err := s.identitySeqs(cat, key, x) // identity.go
		if err != nil {
			return nil, err
		}
		pkName := x.PKeyName
		if pkName != "" {
			schema, _ := cat.SplitName(key)
			pkName = catalog.QualifiedName(schema, pkName)
		}
		t, err := cat.CreateTableWith(txn, s.user(), key, serialColumns(cat, cols, seqs), pkey, pkName, cons) // serial.go
		if err != nil {
			return nil, err
		}
		if err := s.createIdentitySeqs(cat, txn, t, seqs); err != nil {
			return nil, err
		}
		if x.Unlogged { // the table and its columns' sequences, as PostgreSQL 15's
			for _, r := range append([]*catalog.Table{t}, cat.SequencesOwnedBy(t.OID, "")...) {
				if err := cat.SetUnlogged(r); err != nil { // catalog/unlogged.go
					return nil, err
				}
			}
		}
		s.noteOnCommit(t, x.OnCommit) // temp.go
		return &backend.Result{Tag: "CREATE TABLE"}, nil
	}), nil
}

// tableColumns checks CREATE TABLE's columns and binds their defaults
// (defaults.go). The parser gathers the primary key, whether declared
// on a column or as a table constraint, in x.PrimaryKey.
func (b *binder) tableColumns(x *sql.CreateTable) ([]catalog.Column, []int, error) {
	var cols []catalog.Column
	var pkey []int
	seen := map[string]bool{}
	for _, d := range x.Columns {
		if seen[d.Name] {
			return nil, nil, pgerror.Errorf(pgerror.DuplicateColumn, "column %q specified more than once", d.Name)
		}
		seen[d.Name] = true
		if err := checkColumnType(d.Name, d.Type); err != nil { // column_types.go
			return nil, nil, err
		}
		c := catalog.Column{Name: d.Name, Type: d.Type, NotNull: d.NotNull || d.Serial, Identity: d.Identity}
		if d.Default != nil {
			if err := b.columnDefault(d.Default, &c); err != nil { // defaults.go
				return nil, nil, err
			}
		}
		cols = append(cols, c)
	}
	for _, name := range x.PrimaryKey {
		i := -1
		for j, c := range cols {
			if c.Name == name {
				i = j
			}
		}
		if i < 0 {
			return nil, nil, pgerror.Errorf(pgerror.UndefinedColumn, "column %q named in key does not exist", name)
		}
		if err := checkBtreeKey(cols[i].Type); err != nil { // funcs_json.go
			return nil, nil, err
		}
		pkey = append(pkey, i)
	}
	for _, i := range pkey {
		cols[i].NotNull = true
	}
	return cols, pkey, nil
}

// planDropTable drops tables; inside a transaction block (or a
// multi-statement Query) the drop is deferred to the commit and undone by
// rollback (catalog.DropTableIn).
func (b *binder) planDropTable(x *sql.DropTable) plan {
	s := b.s
	return dropPlan("DROP TABLE", "table", x.Names, x.IfExists,
		func(cat *catalog.Catalog, name string) *catalog.Table {
			if t, ok := cat.Table(name); ok && !t.IsView() && !t.IsSequence() {
				return t
			}
			return nil
		},
		func(cat *catalog.Catalog, txn *catalog.Txn, name string) error {
			if t, ok := cat.Table(name); ok {
				if err := s.dropOwnedSequences(cat, txn, t, ""); err != nil { // sequence_ddl.go
					return err
				}
			}
			return cat.DropTableIn(s.blockTxn(txn), name)
		}, s, dropReferences(s, x))
}

func (b *binder) planDropIndex(x *sql.DropIndex) plan {
	var noRefs func(*catalog.Catalog, *catalog.Txn, *catalog.Table, *backend.Result) error
	return dropPlan("DROP INDEX", "index", x.Names, x.IfExists,
		func(cat *catalog.Catalog, name string) *catalog.Table {
			if ix, ok := cat.Index(name); ok {
				return ix.Table
			}
			return nil
		},
		(*catalog.Catalog).DropIndexIn, b.s, noRefs)
}

// dropPlan drops each named object; with IF EXISTS a missing one is a
// notice (`table "x" does not exist, skipping`), as in PostgreSQL. owner
// returns the table whose owner owns the object (nil: no such object);
// user must own every existing object, or be a superuser, before any is
// dropped (42501 "must be owner of table x").
func dropPlan(tag, kind string, names []string, ifExists bool,
	owner func(*catalog.Catalog, string) *catalog.Table, drop func(*catalog.Catalog, *catalog.Txn, string) error, s *Session,
	refs func(*catalog.Catalog, *catalog.Txn, *catalog.Table, *backend.Result) error) plan {
	return ddlPlan(func(cat *catalog.Catalog, txn *catalog.Txn) (*backend.Result, error) {
		user := s.user()
		keys := make(map[string]string, len(names)) // written name -> catalog name (schema_resolve.go)
		for _, name := range names {
			keys[name] = s.relKey(name)
		}
		for _, name := range names {
			if err := errWrongKind(cat, kind, keys[name]); err != nil { // view_ddl.go
				return nil, err
			}
			t := owner(cat, keys[name])
			if t == nil && !ifExists {
				break // the drop loop reports it, as PostgreSQL, in order
			}
			if t != nil && !cat.OwnsTable(t, user) {
				return nil, errNotOwner(kind, name)
			}
		}
		res := &backend.Result{Tag: tag}
		for _, name := range names {
			if owner(cat, keys[name]) == nil {
				err := s.errNoObject(kind, name) // schema_resolve.go
				if !ifExists {
					return nil, err
				}
				res.Notices = append(res.Notices, notice("00000", err.Message+", skipping"))
				continue
			}
			if t := owner(cat, keys[name]); t != nil && refs != nil {
				if err := refs(cat, txn, t, res); err != nil {
					return nil, err
				}
			}
			if err := drop(cat, txn, keys[name]); err != nil {
				return nil, err
			}
		}
		return res, nil
	})
}

// HNSW option bounds (pgvector hnsw.h).
const (
	hnswMinM, hnswMaxM, hnswDefaultM       = 2, 100, 16
	hnswMinEfC, hnswMaxEfC, hnswDefaultEfC = 4, 1000, 64
	hnswMaxDims                            = 2000
)

// hnswMaxDimsOf is the most dimensions an HNSW index takes of a column
// of kind k: 2000 for vector, twice that for halfvec (pgvector's
// HNSW_MAX_DIM * 2: the same page space at 2 bytes per dimension), 64000
// bits for bit (HNSW_MAX_DIM * 32), and sparsevec's own limit for
// sparsevec (whose index limit is on non-zeros, catalog).
func hnswMaxDimsOf(k types.Kind) int {
	switch k {
	case types.KindHalfvec:
		return 2 * hnswMaxDims
	case types.KindBit:
		return 32 * hnswMaxDims
	case types.KindSparsevec:
		return types.SparsevecMaxDim
	}
	return hnswMaxDims
}

func (b *binder) planCreateIndex(x *sql.CreateIndex) (plan, error) {
	t, ok := b.s.lookupTable(x.Table)
	if !ok {
		return nil, pgerror.Errorf(pgerror.UndefinedTable, "relation %q does not exist", x.Table)
	}
	if t.IsView() || t.IsSequence() {
		return nil, pgerror.Errorf(pgerror.WrongObjectType, "cannot create index on relation \"%s\"", bareRel(b.s.cat, t)).
			WithDetail("This operation is not supported for " + relKind(t) + "s.")
	}
	if !b.s.cat.OwnsTable(t, b.s.user()) { // privilege.go
		return nil, errNotOwner("table", t.Name)
	}
	if x.Unique {
		return b.planCreateUniqueIndex(t, x)
	}
	def, err := indexDef(b, t, x)
	if err != nil {
		return nil, err
	}
	// Runs without the schema latch (lockSelf): BuildIndexFor takes its
	// relation locks and the latch itself.
	def.IfNotExists = x.IfNotExists && def.Name != ""
	def.Concurrently = x.Concurrently
	return &funcPlan{fn: func(ctx context.Context, x *execCtx) (*backend.Result, error) {
		ix, err := x.s.cat.BuildIndexFor(x.s.ddlTxn(), x.s.lockWait(ctx), def)
		if err != nil {
			return nil, err
		}
		if ix == nil {
			return &backend.Result{Tag: "CREATE INDEX", Notices: []backend.Notice{
				notice(string(pgerror.DuplicateTable), "relation \""+def.Name+"\" already exists, skipping")}}, nil
		}
		return &backend.Result{Tag: "CREATE INDEX", Notices: littleDataNotice(ix)}, nil
	}}, nil
}

// indexDef validates CREATE INDEX with pgvector's errors.
func indexDef(b *binder, t *catalog.Table, x *sql.CreateIndex) (catalog.IndexDef, error) {
	def := catalog.IndexDef{Name: indexRelName(t, x.Name), Table: t.Name}
	switch x.Method {
	case "", "btree":
		def.Method = catalog.MethodBTree
	case "hnsw":
		def.Method = catalog.MethodHNSW
	case "ivfflat":
		def.Method = catalog.MethodIVFFlat
	default:
		return def, pgerror.Errorf(pgerror.FeatureNotSupported, "access method %q is not supported by vecgres", x.Method)
	}
	var kt types.Type
	var err error
	switch {
	case len(x.Columns) > 1 && def.Method != catalog.MethodBTree:
		return def, pgerror.NotSupported("multi-column hnsw indexes")
	case len(x.Columns) > 1:
		err = compositeKeyOf(b, t, &def, x.Columns)
	default:
		kt, err = indexKeyOf(b, t, &def, x.Columns[0])
	}
	if err != nil {
		return def, err
	}
	if x.Where != nil {
		if err := indexPredicate(b, t, &def, x.Where); err != nil {
			return def, err
		}
	}
	if def.Method == catalog.MethodBTree {
		if err := checkBtreeKeys(t, kt, x.Columns); err != nil { // funcs_json.go
			return def, err
		}
		if len(x.Options) > 0 {
			return def, pgerror.Errorf(pgerror.InvalidParameterValue, "unrecognized parameter %q", x.Options[0].Name)
		}
		return def, nil
	}
	if def.Method == catalog.MethodIVFFlat {
		return def, ivfflatDef(&def, kt, x)
	}
	return def, hnswDef(&def, kt, x)
}

// indexKeyOf fills def's key from an index column: a plain column (also
// when written as an expression, ((a))), or an expression stored as its
// text, with def.Column the first column it reads. It returns the key's
// type. Errors: 42703; bindIndexExpr's; 0A000 for an expression that
// reads no column.
func indexKeyOf(b *binder, t *catalog.Table, def *catalog.IndexDef, ic sql.IndexColumn) (types.Type, error) {
	if c, ok := ic.Expr.(*sql.ColumnRef); ok && c.Table == "" {
		ic.Column, ic.Expr = c.Name, nil
	}
	if ic.Expr == nil {
		def.Column = ic.Column
		col := t.ColumnIndex(def.Column)
		if col < 0 {
			return types.Type{}, pgerror.Errorf(pgerror.UndefinedColumn, "column %q does not exist", def.Column)
		}
		return t.Columns[col].Type, nil
	}
	x, err := bindIndexExpr(b, t, ic.Expr, types.Unknown, "expression")
	if err != nil {
		return types.Type{}, err
	}
	cols := checkReads(x, nil)
	if len(cols) == 0 {
		return types.Type{}, pgerror.NotSupported("index expressions that read no column")
	}
	def.Column, def.Expr, def.NameColumn = t.Columns[cols[0]].Name, sql.FormatExpr(ic.Expr), indexExprName(ic.Expr)
	return x.Type(), storedTextBinds(t, def.Expr)
}

// compositeKeyOf fills def's key for a multi-column B-tree: Expr lists
// the key columns as pg_get_indexdef prints them ("a, lower(b),
// ((c + 1))"), def.Column is the first column read and the default name
// joins the columns' names (t_a_lower_expr_idx). Errors: indexKeyOf's.
func compositeKeyOf(b *binder, t *catalog.Table, def *catalog.IndexDef, ics []sql.IndexColumn) error {
	var items, names []string
	first := ""
	for _, ic := range ics {
		var d catalog.IndexDef
		if _, err := indexKeyOf(b, t, &d, ic); err != nil {
			return err
		}
		if first == "" {
			first = d.Column
		}
		switch {
		case d.Expr == "":
			items, names = append(items, pgcatalog.QuoteIdent(d.Column)), append(names, d.Column)
		case funcCallExpr(ic.Expr):
			items, names = append(items, d.Expr), append(names, d.NameColumn)
		default:
			items, names = append(items, "("+d.Expr+")"), append(names, d.NameColumn)
		}
	}
	def.Column, def.Expr, def.NameColumn = first, strings.Join(items, ", "), strings.Join(names, "_")
	return storedTextBinds(t, def.Expr)
}

// funcCallExpr reports whether e is a function call (printed bare in an
// index's column list).
func funcCallExpr(e sql.Expr) bool {
	_, ok := e.(*sql.FuncCall)
	return ok
}

// storedTextBinds checks that an index expression's stored text binds
// again over t as it will at every start-up; vecgres's printer does not
// quote identifiers, so a column whose name needs quoting is refused
// rather than stored in a form that would not load, and so is a column
// qualified by the table's name (the text would not bind after ALTER
// TABLE ... RENAME).
func storedTextBinds(t *catalog.Table, text string) error {
	if strings.Contains(text, t.Name+".") {
		return pgerror.NotSupported("qualified column references in index expressions")
	}
	if _, err := bindIndexText(t, text); err != nil {
		return pgerror.NotSupported("index expressions over columns whose names need quoting")
	}
	return nil
}

// indexPredicate fills def's partial-index predicate. Errors:
// bindIndexExpr's, 42804 when it is not boolean.
func indexPredicate(b *binder, t *catalog.Table, def *catalog.IndexDef, where sql.Expr) error {
	x, err := bindIndexExpr(b, t, where, types.Bool, "predicate")
	if err != nil {
		return err
	}
	if k := x.Type().Kind; k != types.KindBool && k != types.KindUnknown {
		return pgerror.Errorf(pgerror.DatatypeMismatch, "argument of WHERE must be type boolean, not type %s", x.Type().Name())
	}
	def.Pred = sql.FormatExpr(where)
	return storedTextBinds(t, def.Pred)
}

func hnswDef(def *catalog.IndexDef, ct types.Type, x *sql.CreateIndex) error {
	opclass := x.Columns[0].Opclass
	if opclass == "" {
		return pgerror.Errorf(pgerror.UndefinedObject, "data type %s has no default operator class for access method \"hnsw\"", noTypmod(ct).Name()).
			WithHint("You must specify an operator class for the index or define a default operator class for the data type.")
	}
	oc, ok := opclasses[opclass]
	if !ok {
		return pgerror.Errorf(pgerror.UndefinedObject, "operator class %q does not exist for access method \"hnsw\"", opclass)
	}
	if ct.Kind == types.KindVarbit && oc.kind == types.KindBit {
		// bit varying reaches the bit classes (binary coercible), but
		// pgvector's hnsw has no support for it
		return pgerror.New(pgerror.FeatureNotSupported, "type not supported for hnsw index")
	}
	if ct.Kind != oc.kind {
		return pgerror.Errorf(pgerror.DatatypeMismatch, "operator class %q does not accept data type %s", opclass, noTypmod(ct).Name())
	}
	def.Opclass, def.Metric = opclass, oc.metric
	def.M, def.EfConstruction = hnswDefaultM, hnswDefaultEfC
	for _, o := range x.Options {
		var err error
		switch o.Name {
		case "m":
			def.M, err = intOption(o, hnswMinM, hnswMaxM)
		case "ef_construction":
			def.EfConstruction, err = intOption(o, hnswMinEfC, hnswMaxEfC)
		case catalog.QuantizationOption:
			err = quantizationOption(o, def.Metric, opclass)
			if err == nil && oc.kind != types.KindVector && oc.kind != types.KindHalfvec && !strings.EqualFold(o.Value, "auto") {
				// bit and sparsevec graphs keep their words and pairs
				err = pgerror.Errorf(pgerror.FeatureNotSupported, "quantization %q is not supported for operator class %q", o.Value, opclass)
			}
		default:
			err = pgerror.Errorf(pgerror.InvalidParameterValue, "unrecognized parameter %q", o.Name)
		}
		if err != nil {
			return err
		}
	}
	def.Reloptions = reloptions(x.Options)
	if def.EfConstruction < 2*def.M {
		return pgerror.New(pgerror.InvalidParameterValue, "ef_construction must be greater than or equal to 2 * m")
	}
	if ct.Typmod < 1 {
		return pgerror.New(pgerror.InvalidParameterValue, "column does not have dimensions")
	}
	if maxDims := hnswMaxDimsOf(ct.Kind); ct.Typmod > int32(maxDims) {
		return pgerror.Errorf(pgerror.ProgramLimitExceeded, "column cannot have more than %d dimensions for hnsw index", maxDims)
	}
	return nil
}

// reloptions records the WITH options as written ("m=16"), never nil, so
// that pg_get_indexdef can print them as PostgreSQL does.
func reloptions(opts []sql.IndexOption) []string {
	out := make([]string, len(opts))
	for i, o := range opts {
		out[i] = o.Name + "=" + o.Value
	}
	return out
}

// quantizationOption checks vecgres' quantization reloption as PostgreSQL
// checks an enum reloption; SQ8 has no L1 code kernel, so it is refused
// for vector_l1_ops.
func quantizationOption(o sql.IndexOption, m vecindex.Metric, opclass string) error {
	q, ok := catalog.ParseQuantization(o.Value)
	if !ok {
		return pgerror.Errorf(pgerror.InvalidParameterValue, "invalid value for enum option %q: %s", o.Name, o.Value).
			WithDetail(catalog.QuantizationValuesDetail())
	}
	if q == vecindex.QuantSQ8 && (m == vecindex.L1 || m == vecindex.Hamming || m == vecindex.Jaccard) {
		return pgerror.Errorf(pgerror.FeatureNotSupported, "quantization %q is not supported for operator class %q", o.Value, opclass)
	}
	return nil
}

func intOption(o sql.IndexOption, lo, hi int) (int, error) {
	n, err := strconv.Atoi(o.Value)
	if err != nil {
		return 0, pgerror.Errorf(pgerror.InvalidParameterValue, "invalid value for integer option %q: %s", o.Name, o.Value)
	}
	if n < lo || n > hi {
		return 0, pgerror.Errorf(pgerror.InvalidParameterValue, "value %d out of bounds for option %q", n, o.Name).
			WithDetail("Valid values are between \"" + strconv.Itoa(lo) + "\" and \"" + strconv.Itoa(hi) + "\".")
	}
	return n, nil
}

// indexRelName is the catalog name of an index named name on t: an index is
// in its table's schema (catalog/schema.go); "" (unnamed) stays "".
func indexRelName(t *catalog.Table, name string) string {
	if name == "" {
		return ""
	}
	if schema, _, ok := strings.Cut(t.Name, "."); ok && !strings.Contains(name, ".") {
		return schema + "." + name
	}
	return name
}
