package planner

import (
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/types"
)

// Column names of unaliased select-list items, following PostgreSQL's
// FigureColname (parse_target.c): each expression gives a name and a
// strength; a cast keeps its argument's name when that is strong (a
// column, a function, ARRAY[...], a subquery's column) and otherwise takes
// the target type's name: `id::text` is "id", `(id+1)::text` "text",
// `1e-5::numeric::float8` "float8", `'{a}'::text[]` "text".

// Name strengths, as FigureColnameInternal's return values.
const (
	nameNone = 0 // no name: "?column?"
	nameType = 1 // a cast's type name: a cast around it uses its own
	nameSure = 2 // a column, function or constructor name
)

// outputName is the column name PostgreSQL gives an unaliased item.
func outputName(e sql.Expr) string {
	if n, s := figureColname(e); s > nameNone {
		return n
	}
	return "?column?"
}

// figureColname returns e's name and its strength (nameNone: no name).
func figureColname(e sql.Expr) (string, int) {
	switch x := e.(type) {
	case *sql.ColumnRef:
		return x.Name, nameSure
	case *sql.FuncCall:
		if x.Name == sql.RegclassFunc && len(x.Args) == 1 { // a ::regclass cast (sql/convert_expr.go)
			return castName(x.Args[0], "regclass")
		}
		return x.Name, nameSure
	case *sql.ArrayExpr:
		return "array", nameSure
	case *sql.SubLink:
		return subLinkName(x), nameSure
	case *sql.Subscript:
		return figureColname(x.X)
	case *sql.FieldSelect:
		return x.Name, nameSure
	case *sql.RowExpr:
		return "row", nameSure
	case *sql.Cast:
		if x.RowType != "" { // X::t names the column t
			return castName(x.X, x.RowType)
		}
		return castName(x.X, typeName(x.Type))
	case *sql.CaseExpr:
		// the ELSE result's name when that is sure, else "case"
		if n, s := figureColname(x.Else); s > nameType {
			return n, s
		}
		return "case", nameType
	}
	return "", nameNone
}

// castName names a cast of arg to the type named typ.
func castName(arg sql.Expr, typ string) (string, int) {
	if n, s := figureColname(arg); s > nameType {
		return n, s
	}
	return typ, nameType
}

// typeName is the last component of a cast's type name as PostgreSQL's
// grammar leaves it: pg_type.typname of the type, of the element type for
// an array (`::text[]` is "text"), so `::integer` is "int4" and
// `::double precision` "float8".
func typeName(t types.Type) string {
	if et, ok := types.ElemType(t); ok && !types.IsCatalogVector(t.Kind) {
		t = et
	}
	if n, ok := typnames[t.Kind]; ok {
		return n
	}
	return "?column?"
}

// typnames is pg_type.typname of the scalar kinds.
var typnames = map[types.Kind]string{
	types.KindUnknown: "unknown", types.KindBool: "bool",
	types.KindInt2: "int2", types.KindInt4: "int4", types.KindInt8: "int8",
	types.KindFloat4: "float4", types.KindFloat8: "float8", types.KindNumeric: "numeric",
	types.KindText: "text", types.KindVarchar: "varchar", types.KindBpchar: "bpchar", types.KindName: "name",
	types.KindOID: "oid", types.KindRegtype: "regtype", types.KindRegclass: "regclass",
	types.KindRegnamespace: "regnamespace", types.KindRegrole: "regrole", types.KindRegproc: "regproc", types.KindRegprocedure: "regprocedure", types.KindRegoper: "regoper", types.KindRegoperator: "regoperator", types.KindVector: "vector", types.KindHalfvec: "halfvec",
	types.KindVoid: "void", types.KindBytea: "bytea", types.KindDate: "date",
	types.KindTimestamp: "timestamp", types.KindTimestamptz: "timestamptz",
	types.KindInterval: "interval", types.KindTime: "time",
	types.KindUUID: "uuid", types.KindJSONB: "jsonb", types.KindJSON: "json", types.KindRecord: "record",
	types.KindBit: "bit", types.KindVarbit: "varbit", types.KindSparsevec: "sparsevec",
	types.KindInt2Vector: "int2vector", types.KindOIDVector: "oidvector",
}
