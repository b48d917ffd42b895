package planner

import (
	"context"
	"strings"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// CREATE TABLE name [(col, ...)] AS query [WITH [NO] DATA] and SELECT
// ... INTO name (PostgreSQL docs, CREATE TABLE AS): a table of the
// query's output columns (their names, or the column list's in order;
// their types with modifiers, an untyped literal's as text) without
// constraints or defaults, owned by the user, filled with the query's
// rows; the tag is SELECT n (CREATE TABLE AS for WITH NO DATA). It runs as DDL (the
// schema latch held exclusively while it runs, the new table invisible
// to others until commit); the query reads its tables under that latch
// without taking their ACCESS SHARE locks for the transaction.

// planCreateTableAs binds the query with its own binder. Errors: the
// query's; 42601 "too many column names were specified"; 42701 for a
// column named twice; 42P16 for a column of type void.
func (b *binder) planCreateTableAs(x *sql.CreateTableAs) (plan, error) {
	sub := &binder{s: b.s, params: b.params, query: &queryScope{nsub: b.subCounter()}}
	pl, err := sub.planSelect(x.Query)
	b.params = sub.params
	if err != nil {
		return nil, err
	}
	out := pl.columns()
	if len(x.Columns) > len(out) {
		return nil, pgerror.New(pgerror.SyntaxError, "too many column names were specified")
	}
	cols, err := namedColumns(out, x.Columns) // view_ddl.go
	if err != nil {
		return nil, err
	}
	for _, c := range cols {
		if err := checkColumnType(c.Name, c.Type); err != nil { // column_types.go
			return nil, err
		}
	}
	return &funcPlan{fn: func(ctx context.Context, ex *execCtx) (*backend.Result, error) {
		return createTableAs(ctx, ex, x, cols, pl)
	}}, nil
}

// createTableAs creates the table and inserts the query's rows.
func createTableAs(ctx context.Context, ex *execCtx, x *sql.CreateTableAs, cols []catalog.Column, pl plan) (*backend.Result, error) {
	s, cat := ex.s, ex.s.cat
	key, err := s.newTableKey(x.Name, x.NameP, x.Temp) // temp.go
	if err != nil {
		return nil, err
	}
	if err := s.checkCreateIn(key, x.NameP); err != nil { // schema_priv.go
		return nil, err
	}
	if x.IfNotExists && cat.RelationExists(key) {
		_, base := cat.SplitName(key)
		return &backend.Result{Tag: "CREATE TABLE AS", Notices: []backend.Notice{
			notice(string(pgerror.DuplicateTable), "relation \""+base+"\" already exists, skipping")}}, nil
	}
	txn := s.ddlTxn()
	t, err := cat.CreateTableIn(txn, s.user(), key, cols, nil)
	if err != nil {
		return nil, err
	}
	s.noteOnCommit(t, x.OnCommit) // temp.go
	if x.NoData {
		return &backend.Result{Tag: "CREATE TABLE AS"}, nil
	}
	// The rows go in as INSERT INTO t SELECT's do (dml_insert_exec.go),
	// in the DDL's transaction; the columns are the query's own.
	in := &insertPlan{table: t, query: &insertQuery{plan: pl, vals: make([]expr, len(cols))}}
	for i, c := range cols {
		in.query.vals[i] = &colExpr{idx: i, t: c.Type, name: c.Name}
	}
	run := *ex
	run.txn = txn
	res, err := in.run(ctx, &run)
	if err != nil {
		return nil, err
	}
	return &backend.Result{Tag: "SELECT" + strings.TrimPrefix(res.Tag, "INSERT 0")}, nil
}
