package planner

import (
	"slices"
	"strings"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wire/backend"
)

// Table constraints (catalog/constraint.go): UNIQUE, CHECK and FOREIGN
// KEY of CREATE TABLE and ALTER TABLE ADD CONSTRAINT are bound here into
// catalog.Constraints, with PostgreSQL 15's errors for bad definitions
// (tablecmds.c, ATAddForeignKeyConstraint and transformFkeyCheckAttrs;
// parse_utilcmd.c for keys). The catalog enforces them.

// bindConstraint binds tc for table t (for CREATE TABLE, a table not in
// the catalog yet, whose own name a foreign key may reference: RefTable
// 0). Check constraints are bound by bindCheck.
func bindConstraint(s *Session, cat *catalog.Catalog, t *catalog.Table, tc sql.TableConstraint, creating bool) (*catalog.Constraint, error) {
	k := &catalog.Constraint{Name: tc.Name, Deferrable: tc.Deferrable, Deferred: tc.Deferred}
	if tc.Deferrable && tc.Kind != 'f' {
		return nil, pgerror.NotSupported("DEFERRABLE unique constraints")
	}
	switch tc.Kind {
	case 'u':
		k.Kind, k.NullsNotDistinct = catalog.ConUnique, tc.NullsNotDistinct
		cols, err := keyColumns(t, tc.Columns, "column %q named in key does not exist")
		if err != nil {
			return nil, err
		}
		k.Columns = cols
		return k, nil
	case 'f':
		return bindForeignKey(s, cat, t, tc, k, creating)
	}
	return nil, pgerror.NotSupported("this constraint")
}

// keyColumns returns the positions of the named columns of t; a missing
// one is 42703 with msg (one %q for the name).
func keyColumns(t *catalog.Table, names []string, msg string) ([]int, error) {
	cols := make([]int, 0, len(names))
	for _, name := range names {
		c := t.ColumnIndex(name)
		if c < 0 {
			return nil, pgerror.Errorf(pgerror.UndefinedColumn, msg, name)
		}
		if slices.Contains(cols, c) {
			return nil, pgerror.Errorf(pgerror.DuplicateColumn, "column %q appears twice in unique constraint", name)
		}
		if err := checkBtreeKey(t.Columns[c].Type); err != nil { // funcs_json.go
			return nil, err
		}
		cols = append(cols, c)
	}
	return cols, nil
}

// bindForeignKey binds FOREIGN KEY (cols) REFERENCES ref (refcols): the
// referenced columns default to ref's primary key (42704 when it has
// none) and must be exactly the columns of one of its unique keys (42830
// "there is no unique constraint matching given keys"); counts must
// agree (42830) and types compare (42804).
func bindForeignKey(s *Session, cat *catalog.Catalog, t *catalog.Table, tc sql.TableConstraint, k *catalog.Constraint, creating bool) (*catalog.Constraint, error) {
	k.Kind, k.OnUpdate, k.OnDelete = catalog.ConForeign, tc.OnUpdate, tc.OnDelete
	cols, err := fkColumns(t, tc.Columns)
	if err != nil {
		return nil, err
	}
	k.Columns = cols
	ref := t
	if !creating || s.relKey(tc.RefTable) != t.Name && tc.RefTable != t.Name {
		r, ok := s.lookupTable(tc.RefTable)
		if !ok {
			return nil, pgerror.Errorf(pgerror.UndefinedTable, "relation %q does not exist", tc.RefTable)
		}
		if err := tempReference(cat, t, r); err != nil { // temp.go
			return nil, err
		}
		ref, k.RefTable = r, r.OID
	}
	if len(tc.RefColumns) == 0 {
		if len(ref.PrimaryKey) == 0 {
			return nil, pgerror.Errorf(pgerror.UndefinedObject, "there is no primary key for referenced table %q", ref.Name)
		}
		k.RefColumns = slices.Clone(ref.PrimaryKey)
	} else if k.RefColumns, err = fkColumns(ref, tc.RefColumns); err != nil {
		return nil, err
	}
	if !hasUniqueKey(ref, k.RefColumns) {
		return nil, pgerror.Errorf(pgerror.InvalidForeignKey, "there is no unique constraint matching given keys for referenced table %q", ref.Name)
	}
	if len(k.RefColumns) != len(k.Columns) {
		return nil, pgerror.New(pgerror.InvalidForeignKey, "number of referencing and referenced columns for foreign key disagree")
	}
	for i, c := range k.Columns {
		a, b := t.Columns[c], ref.Columns[k.RefColumns[i]]
		if !fkComparable(a.Type, b.Type) {
			name := tc.Name
			if name == "" {
				name = cat.AutoName(t, k)
			}
			return nil, pgerror.Errorf(pgerror.DatatypeMismatch, "foreign key constraint %q cannot be implemented", name).
				WithDetail("Key columns \"" + a.Name + "\" and \"" + b.Name + "\" are of incompatible types: " +
					noTypmod(a.Type).Name() + " and " + noTypmod(b.Type).Name() + ".")
		}
	}
	return k, nil
}

// fkColumns resolves a foreign key's column names in t.
func fkColumns(t *catalog.Table, names []string) ([]int, error) {
	cols := make([]int, 0, len(names))
	for _, name := range names {
		c := t.ColumnIndex(name)
		if c < 0 {
			return nil, pgerror.Errorf(pgerror.UndefinedColumn, "column %q referenced in foreign key constraint does not exist", name)
		}
		cols = append(cols, c)
	}
	return cols, nil
}

// hasUniqueKey reports whether t's primary key or one of its unique keys
// has exactly the columns cols, in any order.
func hasUniqueKey(t *catalog.Table, cols []int) bool {
	same := func(a []int) bool {
		x, y := slices.Clone(a), slices.Clone(cols)
		slices.Sort(x)
		slices.Sort(y)
		return slices.Equal(x, y)
	}
	if len(t.PrimaryKey) > 0 && same(t.PrimaryKey) {
		return true
	}
	for _, k := range t.Uniques() {
		if same(k.Columns) {
			return true
		}
	}
	return false
}

// fkComparable reports whether a referencing column of type a can
// reference one of type b: the same type, or both of the integer and
// string families, whose values compare by the same key (PostgreSQL
// also accepts types it can coerce, such as integer and numeric: 42804
// here).
func fkComparable(a, b types.Type) bool {
	if a.Kind == b.Kind {
		return true
	}
	num := func(k types.Kind) bool { return k == types.KindInt2 || k == types.KindInt4 || k == types.KindInt8 }
	str := func(k types.Kind) bool { return k == types.KindText || k == types.KindVarchar || k == types.KindBpchar }
	return (num(a.Kind) && num(b.Kind)) || (str(a.Kind) && str(b.Kind))
}

// tableConstraints binds CREATE TABLE's constraints: unique keys first
// (a foreign key of the table may reference them), then the others, in
// the order written within each group as PostgreSQL creates them. A
// unique key on the same columns, in the same order, as the primary key
// or an earlier one is dropped, its name going to an unnamed earlier
// one (PostgreSQL's transformIndexConstraints).
func tableConstraints(s *Session, cat *catalog.Catalog, x *sql.CreateTable, key string, cols []catalog.Column, pkey []int) ([]*catalog.Constraint, error) {
	t := &catalog.Table{Name: key, Columns: cols, PrimaryKey: pkey}
	var out []*catalog.Constraint
	for _, pass := range []bool{true, false} {
		for _, tc := range x.Constraints {
			if (tc.Kind == 'u') != pass {
				continue
			}
			var k *catalog.Constraint
			var err error
			if tc.Kind == 'c' {
				k, err = bindCheck(s, t, tc)
			} else {
				k, err = bindConstraint(s, cat, t, tc, true)
			}
			if err != nil {
				return nil, err
			}
			if pass && redundantKey(t, out, k) {
				continue
			}
			out = append(out, k)
			if pass {
				t.Constraints = out
			}
		}
	}
	return out, nil
}

// addConstraint runs ALTER TABLE t ADD tc.
func addConstraint(s *Session, cat *catalog.Catalog, t *catalog.Table, tc sql.TableConstraint) error {
	var k *catalog.Constraint
	var err error
	if tc.Kind == 'p' { // ALTER TABLE ... ADD PRIMARY KEY (pg_dump's scripts)
		if tc.Deferrable {
			return pgerror.NotSupported("DEFERRABLE unique constraints")
		}
		cols, err := keyColumns(t, tc.Columns, "column %q of relation \""+strings.ReplaceAll(bareRel(cat, t), "%", "%%")+"\" does not exist")
		if err != nil {
			return err
		}
		return cat.AddPrimaryKey(t, cols, tc.Name)
	}
	if tc.Kind == 'c' {
		k, err = bindCheck(s, t, tc)
	} else {
		k, err = bindConstraint(s, cat, t, tc, false)
	}
	if err != nil {
		return err
	}
	if k.Name == "" {
		k.Name = cat.AutoName(t, k)
	}
	return cat.AddConstraint(t, k)
}

// dropConstraint runs ALTER TABLE t DROP CONSTRAINT name [CASCADE]: with
// CASCADE, the foreign keys of other tables that reference the key are
// dropped first.
func dropConstraint(cat *catalog.Catalog, txn *catalog.Txn, t *catalog.Table, cmd sql.AlterCmd, res *backend.Result) error {
	if cmd.Cascade {
		notes, err := cat.DropReferencing(txn, t, cmd.Name)
		if err != nil {
			return err
		}
		for _, n := range notes {
			res.Notices = append(res.Notices, notice("00000", n))
		}
	}
	return cat.DropConstraint(t, cmd.Name)
}

// dropReferences handles, for DROP TABLE x, the foreign keys of other
// tables referencing a table to drop: 2BP01 without CASCADE; with it,
// they are dropped with PostgreSQL's NOTICE "drop cascades to
// constraint c_p_fkey on table c" (for several, "drop cascades to 2
// other objects" with one DETAIL line each). Views reading the table are
// handled first (view_deps.go): 2BP01, or dropped with CASCADE.
func dropReferences(s *Session, x *sql.DropTable) func(*catalog.Catalog, *catalog.Txn, *catalog.Table, *backend.Result) error {
	return func(cat *catalog.Catalog, txn *catalog.Txn, t *catalog.Table, res *backend.Result) error {
		views, err := s.dropDependentViews(cat, txn, t, x.Cascade) // view_deps.go
		if err != nil {
			return err
		}
		if !x.Cascade {
			keys := make([]string, len(x.Names))
			for i, n := range x.Names {
				keys[i] = s.relKey(n)
			}
			return cat.DropTableBlockers(t, keys)
		}
		notes, err := cat.DropReferencing(txn, t, "")
		for _, n := range notes {
			views = append(views, strings.TrimPrefix(n, "drop cascades to "))
		}
		cascadeNotice(res, views)
		return err
	}
}

// planCreateUniqueIndex plans CREATE UNIQUE INDEX [IF NOT EXISTS] [name]
// ON t [USING btree] (cols | (expr)) [NULLS [NOT] DISTINCT]: a unique
// key without a constraint (catalog.Constraint.IndexOnly), named
// t_cols_idx (t_lower_idx) when unnamed. Errors: 0A000 for another access method, as PostgreSQL's
// "access method ... does not support unique indexes"; 42703; 23505
// "could not create unique index" on duplicate rows; 42P07.
func (b *binder) planCreateUniqueIndex(t *catalog.Table, x *sql.CreateIndex) (plan, error) {
	if x.Method != "" && x.Method != "btree" {
		return nil, pgerror.Errorf(pgerror.FeatureNotSupported, "access method %q does not support unique indexes", x.Method)
	}
	if len(x.Options) > 0 {
		return nil, pgerror.Errorf(pgerror.InvalidParameterValue, "unrecognized parameter %q", x.Options[0].Name)
	}
	pred := ""
	if x.Where != nil {
		var def catalog.IndexDef
		if err := indexPredicate(b, t, &def, x.Where); err != nil {
			return nil, err
		}
		pred = def.Pred
	}
	keyExpr, nameCol, err := uniqueKeyExpr(b, t, x.Columns) // unique_expr.go
	if err != nil {
		return nil, err
	}
	var cols []int
	for _, c := range x.Columns {
		if keyExpr != "" {
			break
		}
		if cr, ok := c.Expr.(*sql.ColumnRef); ok { // ((a)) is the column a
			c.Column = cr.Name
		}
		i := t.ColumnIndex(c.Column)
		if i < 0 {
			return nil, pgerror.Errorf(pgerror.UndefinedColumn, "column %q does not exist", c.Column)
		}
		if err := checkBtreeKey(t.Columns[i].Type); err != nil { // funcs_json.go
			return nil, err
		}
		cols = append(cols, i)
	}
	return ddlPlan(func(cat *catalog.Catalog, txn *catalog.Txn) (*backend.Result, error) {
		t, ok := b.s.lookupTable(x.Table)
		if !ok {
			return nil, pgerror.Errorf(pgerror.UndefinedTable, "relation %q does not exist", x.Table)
		}
		if x.IfNotExists && x.Name != "" && cat.RelationExists(indexRelName(t, x.Name)) {
			return &backend.Result{Tag: "CREATE INDEX", Notices: []backend.Notice{
				notice(string(pgerror.DuplicateTable), "relation \""+x.Name+"\" already exists, skipping")}}, nil
		}
		k := &catalog.Constraint{Kind: catalog.ConUnique, Name: indexRelName(t, x.Name), IndexOnly: true, NullsNotDistinct: x.NullsNotDistinct,
			Columns: slices.Clone(cols), CheckExpr: pred, KeyExpr: keyExpr}
		if k.Name == "" && keyExpr != "" {
			k.Name = cat.ConstraintName(t.Name, []string{nameCol}, "idx")
		} else if k.Name == "" {
			k.Name = cat.AutoName(t, k)
		}
		cat.RememberTable(txn, t)
		if err := cat.AddConstraint(t, k); err != nil {
			return nil, err
		}
		return &backend.Result{Tag: "CREATE INDEX"}, nil
	}), nil
}

// redundantKey reports whether the unique key k repeats t's primary key
// or a key in prior (same columns in the same order, same NULLS
// treatment); an unnamed prior key takes k's name.
func redundantKey(t *catalog.Table, prior []*catalog.Constraint, k *catalog.Constraint) bool {
	if !k.NullsNotDistinct && slices.Equal(k.Columns, t.PrimaryKey) {
		return true
	}
	for _, p := range prior {
		if p.IsUnique() && slices.Equal(p.Columns, k.Columns) && p.NullsNotDistinct == k.NullsNotDistinct {
			if p.Name == "" {
				p.Name = k.Name
			}
			return true
		}
	}
	return false
}
