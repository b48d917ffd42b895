package sql

import (
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// alterTable converts ALTER TABLE with ADD COLUMN and DROP COLUMN
// commands; others are 0A000.
func (c *conv) alterTable(s *pg_query.AlterTableStmt) (Statement, error) {
	if s.GetObjtype() != pg_query.ObjectType_OBJECT_TABLE && !ownerOnly(s) {
		return nil, c.unsupported("ALTER "+objectName(s.GetObjtype()), -1)
	}
	name, err := c.relName(s.GetRelation())
	if err != nil {
		return nil, err
	}
	out := &AlterTable{Table: name, TableP: int(s.GetRelation().GetLocation()), IfExists: s.GetMissingOk()}
	if s.GetObjtype() != pg_query.ObjectType_OBJECT_TABLE {
		out.Object = objectName(s.GetObjtype())
	}
	c.table = s.GetRelation().GetRelname()
	for _, n := range s.GetCmds() {
		cmd := n.GetAlterTableCmd()
		switch cmd.GetSubtype() {
		case pg_query.AlterTableType_AT_AddColumn:
			d, err := c.columnDef(cmd.GetDef().GetColumnDef())
			if err != nil {
				return nil, err
			}
			if d.PrimaryKey {
				return nil, c.unsupported("ADD COLUMN ... PRIMARY KEY", cmd.GetDef().GetColumnDef().GetLocation())
			}
			if len(d.Constraints) > 0 {
				return nil, c.unsupported("ADD COLUMN with UNIQUE, CHECK or REFERENCES (add the column, then the constraint)",
					cmd.GetDef().GetColumnDef().GetLocation())
			}
			out.Cmds = append(out.Cmds, AlterCmd{Kind: AlterAddColumn, Column: d, Missing: cmd.GetMissingOk()})
		case pg_query.AlterTableType_AT_AddConstraint:
			k := cmd.GetDef().GetConstraint()
			tc, err := c.constraint(k, "")
			if err != nil {
				return nil, err
			}
			out.Cmds = append(out.Cmds, AlterCmd{Kind: AlterAddConstraint, Constraint: &tc})
		case pg_query.AlterTableType_AT_DropConstraint:
			out.Cmds = append(out.Cmds, AlterCmd{Kind: AlterDropConstraint, Name: cmd.GetName(), Missing: cmd.GetMissingOk(),
				Cascade: cmd.GetBehavior() == pg_query.DropBehavior_DROP_CASCADE})
		case pg_query.AlterTableType_AT_DropColumn:
			out.Cmds = append(out.Cmds, AlterCmd{Kind: AlterDropColumn, Name: cmd.GetName(), Missing: cmd.GetMissingOk(),
				Cascade: cmd.GetBehavior() == pg_query.DropBehavior_DROP_CASCADE})
		case pg_query.AlterTableType_AT_ColumnDefault:
			a := AlterCmd{Kind: AlterDropDefault, Name: cmd.GetName()}
			if cmd.GetDef() != nil {
				a.Kind = AlterSetDefault
				if a.Column.Default, err = c.expr(cmd.GetDef()); err != nil {
					return nil, err
				}
			}
			out.Cmds = append(out.Cmds, a)
		case pg_query.AlterTableType_AT_SetNotNull:
			out.Cmds = append(out.Cmds, AlterCmd{Kind: AlterSetNotNull, Name: cmd.GetName()})
		case pg_query.AlterTableType_AT_DropNotNull:
			out.Cmds = append(out.Cmds, AlterCmd{Kind: AlterDropNotNull, Name: cmd.GetName()})
		case pg_query.AlterTableType_AT_SetStorage:
			out.Cmds = append(out.Cmds, AlterCmd{Kind: AlterSetStorage, Name: cmd.GetName(),
				Storage: strings.ToLower(cmd.GetDef().GetString_().GetSval())})
		case pg_query.AlterTableType_AT_AddIdentity, pg_query.AlterTableType_AT_SetIdentity, pg_query.AlterTableType_AT_DropIdentity:
			a, err := c.alterIdentity(cmd) // convert_identity.go
			if err != nil {
				return nil, err
			}
			out.Cmds = append(out.Cmds, a)
		case pg_query.AlterTableType_AT_ChangeOwner:
			role, current, err := c.roleSpec(cmd.GetNewowner())
			if err != nil {
				return nil, err
			}
			out.Cmds = append(out.Cmds, AlterCmd{Kind: AlterOwner, Name: role, Current: current})
		default:
			return nil, c.unsupported(alterCmdName(cmd.GetSubtype()), -1)
		}
	}
	return out, nil
}

// ownerOnly reports whether every command of s is OWNER TO of a view,
// sequence or index (ALTER VIEW|SEQUENCE|INDEX give it; the planner
// checks the relation's kind).
func ownerOnly(s *pg_query.AlterTableStmt) bool {
	for _, n := range s.GetCmds() {
		if n.GetAlterTableCmd().GetSubtype() != pg_query.AlterTableType_AT_ChangeOwner {
			return false
		}
	}
	switch s.GetObjtype() {
	case pg_query.ObjectType_OBJECT_VIEW, pg_query.ObjectType_OBJECT_SEQUENCE, pg_query.ObjectType_OBJECT_INDEX:
		return len(s.GetCmds()) > 0
	}
	return false
}

// renameStmt converts ALTER TABLE ... RENAME [COLUMN a] TO b.
func (c *conv) renameStmt(s *pg_query.RenameStmt) (Statement, error) {
	switch s.GetRenameType() {
	case pg_query.ObjectType_OBJECT_SCHEMA:
		return &RenameSchema{Name: s.GetSubname(), NewName: s.GetNewname()}, nil // convert_schema.go
	case pg_query.ObjectType_OBJECT_TABLE, pg_query.ObjectType_OBJECT_VIEW, pg_query.ObjectType_OBJECT_SEQUENCE:
	case pg_query.ObjectType_OBJECT_COLUMN:
		if s.GetRelationType() != pg_query.ObjectType_OBJECT_TABLE && s.GetRelationType() != pg_query.ObjectType_OBJECT_VIEW {
			return nil, c.unsupported("ALTER "+objectName(s.GetRelationType())+" RENAME", -1)
		}
	default:
		return nil, c.unsupported("ALTER "+objectName(s.GetRenameType())+" RENAME", -1)
	}
	name, err := c.relName(s.GetRelation())
	if err != nil {
		return nil, err
	}
	return &Rename{Table: name, IfExists: s.GetMissingOk(), Column: s.GetSubname(), NewName: s.GetNewname(),
		View:     s.GetRenameType() == pg_query.ObjectType_OBJECT_VIEW || s.GetRelationType() == pg_query.ObjectType_OBJECT_VIEW,
		Sequence: s.GetRenameType() == pg_query.ObjectType_OBJECT_SEQUENCE}, nil
}

// truncateStmt converts TRUNCATE; CASCADE is 0A000.
func (c *conv) truncateStmt(s *pg_query.TruncateStmt) (Statement, error) {
	if s.GetBehavior() == pg_query.DropBehavior_DROP_CASCADE {
		return nil, c.unsupported("TRUNCATE ... CASCADE", -1)
	}
	out := &Truncate{RestartIdentity: s.GetRestartSeqs()}
	for _, n := range s.GetRelations() {
		name, err := c.relName(n.GetRangeVar())
		if err != nil {
			return nil, err
		}
		out.Tables = append(out.Tables, name)
	}
	return out, nil
}

// reindexStmt converts REINDEX INDEX name and REINDEX TABLE name.
func (c *conv) reindexStmt(s *pg_query.ReindexStmt) (Statement, error) {
	var table bool
	switch s.GetKind() {
	case pg_query.ReindexObjectType_REINDEX_OBJECT_INDEX:
	case pg_query.ReindexObjectType_REINDEX_OBJECT_TABLE:
		table = true
	default:
		return nil, c.unsupported("REINDEX SCHEMA, SYSTEM and DATABASE", -1)
	}
	name, err := c.relName(s.GetRelation())
	if err != nil {
		return nil, err
	}
	out := &Reindex{Table: table, Name: name}
	for _, p := range s.GetParams() {
		if p.GetDefElem().GetDefname() == "concurrently" {
			out.Concurrently = true
		}
	}
	return out, nil
}

// vacuumStmt converts VACUUM [(options)] [ANALYZE] [names].
func (c *conv) vacuumStmt(s *pg_query.VacuumStmt) (Statement, error) {
	out := &Vacuum{}
	for _, o := range s.GetOptions() {
		if o.GetDefElem().GetDefname() == "analyze" {
			out.Analyze = true
		}
	}
	for _, n := range s.GetRels() {
		name, err := c.relName(n.GetVacuumRelation().GetRelation())
		if err != nil {
			return nil, err
		}
		out.Tables = append(out.Tables, name)
	}
	return out, nil
}

// distinct converts a DISTINCT clause: an empty list for none, one empty
// node for DISTINCT, the expressions of DISTINCT ON.
func (c *conv) distinct(list []*pg_query.Node) (bool, []Expr, error) {
	if len(list) == 0 {
		return false, nil, nil
	}
	if len(list) == 1 && list[0].GetNode() == nil {
		return true, nil, nil
	}
	on, err := c.exprs(list)
	return true, on, err
}

// copyQuery converts COPY (SELECT ...) TO STDOUT [options]; other
// statements in the parentheses are 0A000.
func (c *conv) copyQuery(s *pg_query.CopyStmt) (*Copy, error) {
	switch {
	case s.GetIsProgram():
		return nil, c.unsupported("COPY ... PROGRAM", -1)
	case s.GetFilename() != "":
		return nil, c.unsupported("COPY to or from a file", -1)
	}
	sel := s.GetQuery().GetSelectStmt()
	if sel == nil {
		return nil, c.unsupported("COPY (query) TO with a query other than SELECT", nodeLocation(s.GetQuery()))
	}
	q, err := c.selectStmt(sel)
	if err != nil {
		return nil, err
	}
	var o copyOptions
	for _, n := range s.GetOptions() {
		if err := c.copyOption(&o, n.GetDefElem()); err != nil {
			return nil, err
		}
	}
	out := &Copy{Query: q}
	return out, c.applyCopyOptions(out, &o)
}

// RegclassFunc names the call X::regclass converts to: vecgres has no
// regclass type; the planner resolves the relation name (its value is the
// name, as regclass prints, and X::regclass::oid its OID).
const RegclassFunc = "regclass"
