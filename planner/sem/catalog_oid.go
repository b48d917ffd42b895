package sem

import "github.com/vecgres/vecgres/sql/types"

// relationSizeOIDFuncs are the size functions applied to an OID, as psql's
// \dt+ and \di+ call them (pg_table_size(c.oid)): PostgreSQL reaches the
// regclass signature by the binary-coercible cast oid → regclass. Each
// looks the relation up by OID (Context.RelationName) and then answers as
// relationSize; an OID that names no relation gives NULL, as in
// PostgreSQL. An untyped argument ('items') is a name, for the regclass
// signature alone (typedArg).
var relationSizeOIDFuncs = []Func{
	relationSizeOID("pg_relation_size", true, false),
	relationSizeOID("pg_table_size", true, false),
	relationSizeOID("pg_indexes_size", false, true),
	relationSizeOID("pg_total_relation_size", true, true),
}

func relationSizeOID(name string, rows, indexes bool) Func {
	return Func{Name: name, Args: []types.Type{types.OIDType}, Ret: types.Int8, Strict: true, Volatility: Volatile,
		Check: typedArg, Fn: func(c Context, a []any) (any, error) {
			rel, ok := c.RelationName(uint32(a[0].(int64)))
			if !ok {
				return nil, nil
			}
			return c.RelationSize(rel, rows, indexes)
		}}
}

// typedArg holds for arguments none of which is untyped.
func typedArg(args []types.Type) bool {
	for _, a := range args {
		if a.Kind == types.KindUnknown {
			return false
		}
	}
	return true
}

// ProcOIDBase is the first of the synthetic OIDs pg_proc gives
// Builtins' entries, in registry order (planner/pgcatalog views_proc.go):
// past every OID the catalog hands out.
const ProcOIDBase = 1 << 30

// The vector extension's pg_extension OID (below the catalog's first OID,
// as pgvector's objects are) and its comment, pgvector's control file's;
// schema public's OID and PostgreSQL 15's comment on it.
const (
	VectorExtensionOID = 16384
	VectorDescription  = "vector data type and ivfflat and hnsw access methods"
	PublicSchemaOID    = 2200
	PublicDescription  = "standard public schema"
)

// procList is Builtins' entries in pg_proc's order, set once they are
// registered (a reference from functionVisible would be a cycle): entry i
// has OID ProcOIDBase+i.
var procList []*Func

func init() { procList = Builtins.All() }

// procByOID returns the function with pg_proc OID oid.
func procByOID(oid int64) (*Func, bool) {
	if oid < ProcOIDBase || oid >= ProcOIDBase+int64(len(procList)) {
		return nil, false
	}
	return procList[oid-ProcOIDBase], true
}

// functionVisible is pg_function_is_visible(oid): true for a function of
// pg_proc (each lives in pg_catalog or, pgvector's, in public, and no two
// share a signature), NULL for another OID, as PostgreSQL's.
func functionVisible(_ Context, a []any) (any, error) {
	if _, ok := procByOID(a[0].(int64)); ok {
		return true, nil
	}
	return nil, nil
}

// objDescription is obj_description(oid, catalog): the comment on the
// object, NULL without one (pg_description: COMMENT ON's, pgvector's on
// its extension, PostgreSQL's on schema public; PostgreSQL's comments on
// built-in functions, types and operators are not kept).
func objDescription(c Context, a []any) (any, error) {
	return description(c, a[0], a[1].(string), int64(0)), nil
}

// description is pg_description's comment on oid of catalog class, sub-
// object sub (an int64), or nil.
func description(c Context, oid any, class string, sub any) any {
	if d, ok := c.Description(uint32(oid.(int64)), class, int(sub.(int64))); ok {
		return d
	}
	return nil
}
