package sql

import (
	pg_query "github.com/pganalyze/pg_query_go/v6"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// identity converts a column's GENERATED {ALWAYS | BY DEFAULT} AS
// IDENTITY [(sequence options)] into col (PostgreSQL docs, CREATE TABLE):
// the column becomes NOT NULL. SEQUENCE NAME is kept apart from the
// CREATE SEQUENCE options. Errors: 42601 for a second identity or one on
// a column with a DEFAULT ("multiple identity specifications" /
// "both default and identity specified"), and those of seqOptions.
func (c *conv) identity(k *pg_query.Constraint, col *ColumnDef) error {
	switch {
	case col.Type.Kind != types.KindInt2 && col.Type.Kind != types.KindInt4 && col.Type.Kind != types.KindInt8:
		return pgerror.New(pgerror.InvalidParameterValue, "identity column type must be smallint, integer, or bigint")
	case col.Identity != 0:
		return c.syntaxErr("multiple identity specifications for column \""+col.Name+"\" of table \""+c.table+"\"", k.GetLocation())
	case col.Default != nil:
		return c.syntaxErr("both default and identity specified for column \""+col.Name+"\" of table \""+c.table+"\"", k.GetLocation())
	}
	col.Identity = identityKind(k.GetGeneratedWhen())
	col.NotNull = true
	opts, name, err := c.identityOptions(k.GetOptions())
	col.IdentityOpts, col.IdentitySeq = opts, name
	return err
}

// identityKind is attidentity for a GeneratedWhen: 'a' (ALWAYS) or 'd'
// (BY DEFAULT).
func identityKind(when string) byte {
	if when == "d" {
		return 'd'
	}
	return 'a'
}

// identityOptions splits an identity's options into the sequence
// options and the SEQUENCE NAME (dotted names joined with ".").
func (c *conv) identityOptions(nodes []*pg_query.Node) ([]SeqOption, string, error) {
	var rest []*pg_query.Node
	name := ""
	for _, n := range nodes {
		if d := n.GetDefElem(); d.GetDefname() == "sequence_name" {
			parts := strs(d.GetArg().GetList().GetItems())
			for i, p := range parts {
				if i > 0 {
					name += "."
				}
				name += p
			}
			continue
		}
		rest = append(rest, n)
	}
	opts, err := c.seqOptions(rest)
	return opts, name, err
}

// alterIdentity converts ALTER COLUMN ... ADD GENERATED ... AS IDENTITY,
// SET GENERATED / SET option / RESTART, and DROP IDENTITY [IF EXISTS].
func (c *conv) alterIdentity(cmd *pg_query.AlterTableCmd) (AlterCmd, error) {
	a := AlterCmd{Name: cmd.GetName(), Missing: cmd.GetMissingOk()}
	var err error
	switch cmd.GetSubtype() {
	case pg_query.AlterTableType_AT_AddIdentity:
		k := cmd.GetDef().GetConstraint()
		a.Kind = AlterAddIdentity
		a.Column.Identity = identityKind(k.GetGeneratedWhen())
		a.Column.IdentityOpts, a.Column.IdentitySeq, err = c.identityOptions(k.GetOptions())
	case pg_query.AlterTableType_AT_SetIdentity:
		a.Kind = AlterSetIdentity
		var rest []*pg_query.Node
		for _, n := range cmd.GetDef().GetList().GetItems() {
			if d := n.GetDefElem(); d.GetDefname() == "generated" {
				a.Column.Identity = byte(d.GetArg().GetInteger().GetIval())
				continue
			}
			rest = append(rest, n)
		}
		a.Column.IdentityOpts, err = c.seqOptions(rest)
	default:
		a.Kind = AlterDropIdentity
	}
	return a, err
}
