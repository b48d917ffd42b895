package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/vecindex"
	"github.com/vecgres/vecgres/wire/backend"
)

// ivfflatOpclasses are the operator classes pgvector 0.8 defines for
// ivfflat (sql/vector.sql), a subset of opclasses (no L1, no Jaccard);
// the default one is vector_l2_ops for vector (halfvec and bit have none).
var ivfflatOpclasses = map[string]bool{
	"vector_l2_ops": true, "vector_ip_ops": true, "vector_cosine_ops": true,
	"halfvec_l2_ops": true, "halfvec_ip_ops": true, "halfvec_cosine_ops": true,
	"bit_hamming_ops": true,
}

// ivfflatDef validates CREATE INDEX ... USING ivfflat with pgvector's
// errors, in its order: operator class (42704, 42804), the lists
// reloption (22023, 1..32768, default 100), then at build the column's
// dimensions (22023 none, 54000 more than 2,000 for vector or 4,000 for
// halfvec, 64,000 bits for bit; 22023 a single dimension under a
// spherical opclass). def.M
// carries the lists.
func ivfflatDef(def *catalog.IndexDef, ct types.Type, x *sql.CreateIndex) error {
	opclass := x.Columns[0].Opclass
	if opclass == "" && ct.Kind == types.KindVector {
		opclass = "vector_l2_ops"
	}
	if opclass == "" {
		return pgerror.Errorf(pgerror.UndefinedObject, "data type %s has no default operator class for access method \"ivfflat\"", noTypmod(ct).Name()).
			WithHint("You must specify an operator class for the index or define a default operator class for the data type.")
	}
	oc, ok := opclasses[opclass]
	if !ok || !ivfflatOpclasses[opclass] {
		return pgerror.Errorf(pgerror.UndefinedObject, "operator class %q does not exist for access method \"ivfflat\"", opclass)
	}
	varbit := ct.Kind == types.KindVarbit && oc.kind == types.KindBit // binary-coercible to bit, refused at build
	if ct.Kind != oc.kind && !varbit {
		return pgerror.Errorf(pgerror.DatatypeMismatch, "operator class %q does not accept data type %s", opclass, noTypmod(ct).Name())
	}
	def.Opclass, def.Metric, def.M = opclass, oc.metric, vecindex.IVFDefaultLists
	for _, o := range x.Options {
		if o.Name != "lists" {
			return pgerror.Errorf(pgerror.InvalidParameterValue, "unrecognized parameter %q", o.Name)
		}
		n, err := intOption(o, vecindex.IVFMinLists, vecindex.IVFMaxLists)
		if err != nil {
			return err
		}
		def.M = n
	}
	def.Reloptions = reloptions(x.Options)
	if varbit {
		return pgerror.New(pgerror.FeatureNotSupported, "type not supported for ivfflat index")
	}
	if ct.Typmod < 1 {
		return pgerror.New(pgerror.InvalidParameterValue, "column does not have dimensions")
	}
	if maxDims := hnswMaxDimsOf(ct.Kind); ct.Typmod > int32(maxDims) {
		return pgerror.Errorf(pgerror.ProgramLimitExceeded, "column cannot have more than %d dimensions for ivfflat index", maxDims)
	}
	if (oc.metric == vecindex.InnerProduct || oc.metric == vecindex.Cosine) && ct.Typmod == 1 {
		return pgerror.New(pgerror.InvalidParameterValue, "dimensions must be greater than one for this opclass")
	}
	return nil
}

// littleDataNotice is pgvector's NOTICE for each ivfflat index of ix
// trained on fewer rows than it has lists (ivfbuild.c): at CREATE INDEX,
// REINDEX and TRUNCATE.
func littleDataNotice(ix ...*catalog.Index) []backend.Notice {
	var out []backend.Notice
	for _, x := range ix {
		if x == nil || !x.LittleData() {
			continue
		}
		n := notice("00000", "ivfflat index created with little data")
		n.Detail, n.Hint = "This will cause low recall.", "Drop the index until the table has more data."
		out = append(out, n)
	}
	return out
}
