package pgcatalog

import (
	"strconv"
	"strings"

	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql/types"
)

// pg_opfamily, pg_amop and pg_amproc (PostgreSQL docs 53.35, 53.4,
// 53.5; amproc is the function's OID, as regproc's binary value): the family of each operator class vecgres lists (pgvector's
// classes are each their own family, as its CREATE OPERATOR CLASS makes
// them), and the operators and support functions of pgvector's classes
// as pgvector 0.8 declares them (sql/vector.sql): a B-tree class's five
// comparisons and its _cmp function; an hnsw or ivfflat class's distance
// operator for ORDER BY (purpose o, sorted by float_ops) and its distance,
// norm and spherical distance functions, and the type support functions
// taking internal of the classes of halfvec, sparsevec and bit
// (hnsw_halfvec_support, ...).

// builtinFamilies names the PostgreSQL 15 B-tree families of the
// built-in classes (pg_opfamily.dat).
var builtinFamilies = map[uint32]string{424: "bool_ops", 426: "bpchar_ops", 428: "bytea_ops", 434: "datetime_ops",
	1970: "float_ops", 1976: "integer_ops", 1988: "numeric_ops", 1989: "oid_ops", 1994: "text_ops", 2968: "uuid_ops",
	4033: "jsonb_ops"}

// oidFloatOps is float_ops, the family that orders a distance (amopsortfamily).
const oidFloatOps = 1970

var opfamilyCols = cols("oid", tOID, "opfmethod", tOID, "opfname", tName, "opfnamespace", tOID, "opfowner", tOID)

func opfamilyRows(Env) [][]any {
	var rows [][]any
	seen := map[uint32]bool{}
	for _, o := range opclasses {
		if seen[o.family] {
			continue
		}
		seen[o.family] = true
		name := o.name
		if n, ok := builtinFamilies[o.family]; ok {
			name = n
		}
		rows = append(rows, []any{int64(o.family), int64(o.am), name, int64(o.ns), int64(10)})
	}
	return rows
}

var amopCols = cols("oid", tOID, "amopfamily", tOID, "amoplefttype", tOID, "amoprighttype", tOID, "amopstrategy", tInt2,
	"amoppurpose", tText, "amopopr", tOID, "amopmethod", tOID, "amopsortfamily", tOID)

// vectorOpclassOperator is the ORDER BY operator of each pgvector
// index class, by the end of its name.
var vectorOpclassOperator = map[string]string{"_l2_ops": "<->", "_ip_ops": "<#>", "_cosine_ops": "<=>", "_l1_ops": "<+>",
	"bit_hamming_ops": "<~>", "bit_jaccard_ops": "<%>"}

// btreeStrategies are a B-tree class's operators by strategy number.
var btreeStrategies = []string{"<", "<=", "=", ">=", ">"}

func amopRows(Env) [][]any {
	ops := operatorOIDs()
	var rows [][]any
	add := func(o opclass, strategy int, op, purpose string, sort int64) {
		rows = append(rows, []any{int64(oidAmopBase + len(rows)), int64(o.family), int64(o.intype), int64(o.intype),
			int64(strategy), purpose, ops[opKey{op, o.intype, o.intype}], int64(o.am), sort})
	}
	for _, o := range opclasses {
		if o.ns != oidPublic {
			continue
		}
		if o.am == oidBtreeAM {
			for i, op := range btreeStrategies {
				add(o, i+1, op, "s", 0)
			}
			continue
		}
		add(o, 1, classOperator(o.name), "o", oidFloatOps)
	}
	return rows
}

// classOperator is the ORDER BY operator of pgvector index class name.
func classOperator(name string) string {
	for suffix, op := range vectorOpclassOperator {
		if strings.HasSuffix(name, suffix) {
			return op
		}
	}
	return ""
}

var amprocCols = cols("oid", tOID, "amprocfamily", tOID, "amproclefttype", tOID, "amprocrighttype", tOID,
	"amprocnum", tInt2, "amproc", tOID)

// vectorNorm is the norm function of each pgvector type.
var vectorNorm = map[types.OID]string{types.OIDVector: "vector_norm", types.OIDHalfvec: "l2_norm", types.OIDSparsevec: "l2_norm"}

func amprocRows(Env) [][]any {
	procs := procOIDs()
	var rows [][]any
	for _, o := range opclasses {
		if o.ns != oidPublic {
			continue
		}
		for _, s := range classSupport(o) {
			args := []types.OID{o.intype, o.intype}
			switch {
			case strings.HasSuffix(s.fn, "norm"):
				args = args[:1]
			case strings.HasSuffix(s.fn, "_support"):
				args = []types.OID{oidInternal}
			}
			if oid, ok := procs[procKey(s.fn, args)]; ok {
				rows = append(rows, []any{int64(oidAmprocBase + len(rows)), int64(o.family), int64(o.intype), int64(o.intype),
					int64(s.num), oid})
			}
		}
	}
	return rows
}

// support is one support function of a class: its number and name.
type support struct {
	num int
	fn  string
}

// classSupport lists pgvector class o's support functions (those taking
// the class's type).
func classSupport(o opclass) []support {
	prefix, norm := vectorTypePrefix[o.intype], vectorNorm[o.intype]
	op := classOperator(o.name)
	dist := map[string]string{"<->": prefix + "_l2_squared_distance", "<#>": prefix + "_negative_inner_product",
		"<=>": prefix + "_negative_inner_product", "<+>": "l1_distance", "<~>": "hamming_distance", "<%>": "jaccard_distance"}[op]
	typeSupport := typeSupportOf(o, prefix)
	switch {
	case o.am == oidBtreeAM:
		return []support{{1, prefix + "_cmp"}}
	case o.am == oidHNSWAM && op == "<=>":
		return append([]support{{1, dist}, {2, norm}}, typeSupport...)
	case o.am == oidHNSWAM:
		return append([]support{{1, dist}}, typeSupport...)
	case op == "<->":
		return append([]support{{1, dist}, {3, "l2_distance"}}, typeSupport...)
	case op == "<#>":
		return append([]support{{1, dist}, {3, prefix + "_spherical_distance"}, {4, norm}}, typeSupport...)
	case op == "<=>":
		return append([]support{{1, dist}, {2, norm}, {3, prefix + "_spherical_distance"}, {4, norm}}, typeSupport...)
	}
	return append([]support{{1, dist}, {3, dist}}, typeSupport...) // ivfflat bit_hamming_ops
}

// typeSupportOf is the support function taking internal of a class of
// halfvec, sparsevec or bit (prefix "" for bit): hnsw's number 3
// (hnsw_halfvec_support, ...) or ivfflat's number 5; none for vector's
// classes and B-tree's.
func typeSupportOf(o opclass, prefix string) []support {
	if o.intype == types.OIDBit {
		prefix = "bit"
	}
	if prefix == "vector" || prefix == "" {
		return nil
	}
	switch o.am {
	case oidHNSWAM:
		return []support{{3, "hnsw_" + prefix + "_support"}}
	case oidIvfflatAM:
		return []support{{5, "ivfflat_" + prefix + "_support"}}
	}
	return nil
}

// Bases of pg_amop's and pg_amproc's synthetic OIDs.
const (
	oidAmopBase   = 1<<30 + 4<<20
	oidAmprocBase = 1<<30 + 5<<20
)

// operatorOIDs maps each binary operator to its pg_operator OID.
func operatorOIDs() map[opKey]int64 {
	oids := map[opKey]int64{}
	for i, f := range sem.Operators.All() {
		if len(f.Args) == 2 {
			oids[opKey{f.Name, sem.TypeOID(f.Args[0]), sem.TypeOID(f.Args[1])}] = int64(oidOperatorBase + i)
		}
	}
	return oids
}

// procOIDs maps each function signature (procKey) to its pg_proc OID.
func procOIDs() map[string]int64 {
	oids := map[string]int64{}
	for i, f := range sem.Builtins.All() {
		args := make([]types.OID, len(f.Args))
		for j, a := range f.Args {
			args[j] = sem.TypeOID(a)
		}
		oids[procKey(f.Name, args)] = int64(oidProcBase + i)
	}
	return oids
}

// procKey is a function's name with its argument types.
func procKey(name string, args []types.OID) string {
	var b strings.Builder
	b.WriteString(name)
	for _, a := range args {
		b.WriteString(" ")
		b.WriteString(strconv.FormatUint(uint64(a), 10))
	}
	return b.String()
}
