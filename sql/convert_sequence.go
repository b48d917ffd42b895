package sql

import (
	"strconv"
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// createSequence converts CREATE SEQUENCE; the options are checked by
// the planner, as PostgreSQL's init_params does.
func (c *conv) createSequence(s *pg_query.CreateSeqStmt) (Statement, error) {
	name, err := c.relName(s.GetSequence())
	if err != nil {
		return nil, err
	}
	opts, err := c.seqOptions(s.GetOptions())
	if err != nil {
		return nil, err
	}
	return &CreateSequence{Name: name, NameP: int(s.GetSequence().GetLocation()), IfNotExists: s.GetIfNotExists(),
		Options: opts, Temp: s.GetSequence().GetRelpersistence() == "t"}, nil
}

// alterSequence converts ALTER SEQUENCE.
func (c *conv) alterSequence(s *pg_query.AlterSeqStmt) (Statement, error) {
	name, err := c.relName(s.GetSequence())
	if err != nil {
		return nil, err
	}
	opts, err := c.seqOptions(s.GetOptions())
	if err != nil {
		return nil, err
	}
	return &AlterSequence{Name: name, IfExists: s.GetMissingOk(), Options: opts}, nil
}

// seqOptions converts the DefElem options of CREATE and ALTER SEQUENCE.
// Errors: 42601 for an option given twice (PostgreSQL's
// errorConflictingDefElem), 22P02 for a number that is no bigint.
func (c *conv) seqOptions(nodes []*pg_query.Node) ([]SeqOption, error) {
	var out []SeqOption
	seen := map[string]bool{}
	for _, n := range nodes {
		d := n.GetDefElem()
		o := SeqOption{Name: d.GetDefname(), P: int(d.GetLocation())}
		if seen[o.Name] {
			return nil, c.at(pgerror.New(pgerror.SyntaxError, "conflicting or redundant options"), d.GetLocation())
		}
		seen[o.Name] = true
		arg := d.GetArg()
		switch o.Name {
		case "as":
			tn := arg.GetTypeName()
			o.TypeName = typeNameText(tn)
			if t, err := c.typeName(tn); err == nil {
				o.Type = t
			}
		case "cycle":
			o.Cycle = arg.GetBoolean().GetBoolval()
		case "owned_by":
			o.OwnedBy = strs(arg.GetList().GetItems())
		case "increment", "minvalue", "maxvalue", "start", "restart", "cache":
			if arg == nil {
				break
			}
			v, err := seqNumber(arg)
			if err != nil {
				return nil, err
			}
			o.Value, o.Set = v, true
		default:
			return nil, c.unsupported("sequence option "+strings.ToUpper(o.Name), d.GetLocation())
		}
		out = append(out, o)
	}
	return out, nil
}

// seqNumber is defGetInt64: an Integer, or a Float node's text read as a
// bigint (22P02 otherwise, as PostgreSQL's int8in).
func seqNumber(n *pg_query.Node) (int64, error) {
	if i := n.GetInteger(); i != nil {
		return int64(i.GetIval()), nil
	}
	text := n.GetFloat().GetFval()
	v, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		return 0, pgerror.Errorf(pgerror.InvalidTextRepresentation, "invalid input syntax for type bigint: \"%s\"", text)
	}
	return v, nil
}

// typeNameText is a TypeName's last name part (int4 for integer).
func typeNameText(tn *pg_query.TypeName) string {
	parts := strs(tn.GetNames())
	if len(parts) == 0 {
		return ""
	}
	return parts[len(parts)-1]
}
