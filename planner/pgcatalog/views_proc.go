package pgcatalog

import (
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql/types"
)

// pg_proc, pg_operator and pg_cast (PostgreSQL docs 53.39, 53.34, 53.10)
// with PostgreSQL 15's columns, from planner/sem's registries: one pg_proc
// row per function signature vecgres implements, one pg_operator row per
// operator signature, one pg_cast row per implicit cast and pgvector's
// casts. vecgres does not keep PostgreSQL's OIDs of built-in functions
// and operators: they get synthetic ones, in registry order, the same for
// the life of the server. oidvector columns are text ("23 23"), regproc
// columns the function's name ("-" for none); oprcode is "-" and castfunc
// 0 but for pgvector's operators and casts, whose functions sem lists
// under pgvector's names (views_vector_ops.go).

// Bases of the synthetic OIDs of functions, operators and casts:
// functions' and operators' past every OID the catalog hands out, below
// SyntheticOID's range.
const (
	oidProcBase     = sem.ProcOIDBase
	oidOperatorBase = 1<<30 + 1<<20
	// Casts' are below FirstNormalObjectId (16384), as PostgreSQL's
	// built-in casts: pg_dump dumps a cast of a higher OID that is no
	// extension's member as the user's.
	oidCastBase    = 12800
	oidRoleBase    = 1<<30 + 3<<20
	oidAttrdefBase = 1 << 29
)

// Procedural languages (pg_language.dat): internal for PostgreSQL's own
// functions, C for pgvector's.
const (
	oidLangInternal = 12
	oidLangC        = 13
)

var (
	tFloat4   = types.Float4
	tTextList = types.Type{Kind: types.KindTextArray, Typmod: types.NoTypmod}
)

var procCols = cols("oid", tOID, "proname", tName, "pronamespace", tOID, "proowner", tOID, "prolang", tOID,
	"procost", tFloat4, "prorows", tFloat4, "provariadic", tOID, "prosupport", tText, "prokind", tText,
	"prosecdef", tBool, "proleakproof", tBool, "proisstrict", tBool, "proretset", tBool, "provolatile", tText,
	"proparallel", tText, "pronargs", tInt2, "pronargdefaults", tInt2, "prorettype", tOID, "proargtypes", tOIDVector,
	"proallargtypes", tOIDList, "proargmodes", tTextList, "proargnames", tTextList, "proargdefaults", tText,
	"protrftypes", tTextList, "prosrc", tText, "probin", tText, "prosqlbody", tText, "proconfig", tTextList,
	"proacl", tTextList)

// procRows lists sem.Builtins' entries; a variadic "any" parameter is
// noted as PostgreSQL's concat does (provariadic, proallargtypes,
// proargmodes). A function without arguments is strict, as PostgreSQL
// declares now() and random().
func procRows(Env) [][]any {
	var rows [][]any
	for i, f := range sem.Builtins.All() {
		if sqlValueFunctions[f.Name] {
			continue
		}
		ns, lang, bin := int64(oidPgCatalog), int64(oidLangInternal), any(nil)
		if f.Schema == "public" {
			ns, lang, bin = oidPublic, oidLangC, "$libdir/vector"
		}
		kind, rowsEst, src := "f", 0.0, f.Name
		if f.Aggregate {
			kind, src = "a", "aggregate_dummy" // PostgreSQL's prosrc of every aggregate
		}
		if f.SetReturning {
			rowsEst = 1000
		}
		var variadic int64
		var allArgs, modes any
		if f.Variadic && len(f.Args) > 0 {
			last := sem.TypeOID(f.Args[len(f.Args)-1])
			variadic = int64(last)
			allArgs, modes = argModes(f.Args)
		}
		rows = append(rows, []any{int64(oidProcBase + i), f.Name, ns, int64(10), lang, float64(1), rowsEst, variadic,
			"-", kind, false, false, f.Strict || len(f.Args) == 0, f.SetReturning, volatility(f.Volatility), parallel(f), int64(len(f.Args)),
			int64(0), int64(sem.TypeOID(f.Ret)), oidVector(f.Args), allArgs, modes, nil, nil, nil, src, bin,
			nil, nil, nil})
	}
	return rows
}

// sqlValueFunctions are keywords of SQL's grammar (docs 9.9.5, 9.26)
// that the registry serves as functions; PostgreSQL has no pg_proc row
// for them.
var sqlValueFunctions = map[string]bool{"current_catalog": true, "current_role": true, "current_timestamp": true,
	"user": true, "current_date": true, "current_time": true, "localtime": true, "localtimestamp": true}

// argModes is proallargtypes and proargmodes of a variadic function: its
// parameters' OIDs, each "i" but the last "v".
func argModes(args []types.Type) (types.Array, types.Array) {
	oids, modes := make(types.Array, len(args)), make(types.Array, len(args))
	for i, a := range args {
		oids[i], modes[i] = int64(sem.TypeOID(a)), "i"
	}
	modes[len(args)-1] = "v"
	return oids, modes
}

// oidVector is the oidvector of the types' OIDs.
func oidVector(ts []types.Type) types.Array {
	out := make(types.Array, len(ts))
	for i, t := range ts {
		out[i] = int64(sem.TypeOID(t))
	}
	return out
}

// parallel is proparallel: u or s.
func parallel(f *sem.Func) string {
	if f.ParallelUnsafe {
		return "u"
	}
	return "s"
}

// volatility is provolatile: i, s or v.
func volatility(v sem.Volatility) string {
	switch v {
	case sem.Stable:
		return "s"
	case sem.Volatile:
		return "v"
	}
	return "i"
}

var operatorCols = cols("oid", tOID, "oprname", tName, "oprnamespace", tOID, "oprowner", tOID, "oprkind", tText,
	"oprcanmerge", tBool, "oprcanhash", tBool, "oprleft", tOID, "oprright", tOID, "oprresult", tOID, "oprcom", tOID,
	"oprnegate", tOID, "oprcode", tRegproc, "oprrest", tRegproc, "oprjoin", tRegproc)

// operatorRows lists sem.Operators' entries: binary ones (oprkind b) and
// prefix ones (l, oprleft 0). PostgreSQL's = operators can hash and
// merge; pgvector's = can neither.
func operatorRows(Env) [][]any {
	var rows [][]any
	oids := operatorOIDs() // views_opfamily.go
	for i, f := range sem.Operators.All() {
		ns := int64(oidPgCatalog)
		if f.Schema == "public" {
			ns = oidPublic
		}
		kind, left, right := "b", int64(0), int64(0)
		switch len(f.Args) {
		case 1:
			kind, right = "l", int64(sem.TypeOID(f.Args[0]))
		case 2:
			left, right = int64(sem.TypeOID(f.Args[0])), int64(sem.TypeOID(f.Args[1]))
		}
		eq := f.Name == "=" && ns == oidPgCatalog
		com, neg := operatorLinks(f, oids) // views_vector_ops.go
		rows = append(rows, []any{int64(oidOperatorBase + i), f.Name, ns, int64(10), kind, eq, eq, left, right,
			int64(sem.TypeOID(f.Ret)), com, neg, operatorCodeReg(f), regproc(0, "-"), regproc(0, "-")})
	}
	return rows
}

var castCols = cols("oid", tOID, "castsource", tOID, "casttarget", tOID, "castfunc", tOID, "castcontext", tText,
	"castmethod", tText)

// binaryCasts are the implicit casts PostgreSQL makes without a function
// (castmethod b): the types share their representation.
var binaryCasts = map[[2]types.OID]bool{
	{types.OIDInt4, types.OIDOid}: true, {types.OIDInt4, types.OIDRegtype}: true,
	{types.OIDOid, types.OIDRegtype}: true, {types.OIDRegtype, types.OIDOid}: true,
	{types.OIDText, types.OIDVarchar}: true, {types.OIDText, types.OIDBpchar}: true,
	{types.OIDVarchar, types.OIDText}: true, {types.OIDVarchar, types.OIDBpchar}: true,
}

// castRows lists sem's implicit casts, then pgvector's (pgvectorCasts,
// with their functions; an implicit cast of sem that pgvector declares is
// listed once, as pgvector's).
func castRows(Env) [][]any {
	var rows [][]any
	add := func(from, to types.OID, context string, fn int64) {
		method := "f"
		if binaryCasts[[2]types.OID{from, to}] {
			method = "b"
		}
		rows = append(rows, []any{int64(oidCastBase + len(rows)), int64(from), int64(to), fn, context, method})
	}
	pgvector := map[[2]types.OID]bool{}
	for _, c := range pgvectorCasts {
		pgvector[[2]types.OID{c.from, c.to}] = true
	}
	for _, c := range sem.ImplicitCasts() {
		from, to := types.Type{Kind: c[0]}.OID(), types.Type{Kind: c[1]}.OID()
		if !pgvector[[2]types.OID{from, to}] {
			add(from, to, "i", 0)
		}
	}
	for _, c := range pgvectorCasts {
		add(c.from, c.to, c.context, castFunction(c)) // views_vector_ops.go
	}
	return rows
}
