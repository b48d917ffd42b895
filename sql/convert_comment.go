package sql

import (
	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// commentKinds maps the COMMENT ON object types vecgres keeps to ours.
var commentKinds = map[pg_query.ObjectType]CommentKind{
	pg_query.ObjectType_OBJECT_TABLE:         CommentTable,
	pg_query.ObjectType_OBJECT_VIEW:          CommentView,
	pg_query.ObjectType_OBJECT_SEQUENCE:      CommentSequence,
	pg_query.ObjectType_OBJECT_INDEX:         CommentIndex,
	pg_query.ObjectType_OBJECT_COLUMN:        CommentColumn,
	pg_query.ObjectType_OBJECT_TABCONSTRAINT: CommentConstraint,
	pg_query.ObjectType_OBJECT_SCHEMA:        CommentSchema,
	pg_query.ObjectType_OBJECT_ROLE:          CommentRole,
	pg_query.ObjectType_OBJECT_DATABASE:      CommentDatabase,
}

// commentStmt converts COMMENT ON: EXTENSION (CommentExtension) and the
// kinds of commentKinds; any other object type is 0A000.
func (c *conv) commentStmt(s *pg_query.CommentStmt) (Statement, error) {
	if s.GetObjtype() == pg_query.ObjectType_OBJECT_EXTENSION {
		out := &CommentExtension{Name: s.GetObject().GetString_().GetSval()}
		if cm := s.GetComment(); cm != "" {
			out.Comment = &cm
		}
		return out, nil
	}
	kind, ok := commentKinds[s.GetObjtype()]
	if !ok {
		return nil, c.unsupported("COMMENT ON "+objectName(s.GetObjtype()), -1)
	}
	out := &Comment{Kind: kind, Text: s.GetComment()}
	if kind == CommentSchema || kind == CommentRole || kind == CommentDatabase {
		out.Relation = s.GetObject().GetString_().GetSval()
		return out, nil
	}
	parts := strs(s.GetObject().GetList().GetItems())
	switch kind {
	case CommentColumn:
		if len(parts) < 2 {
			return nil, c.unsupported("COMMENT ON COLUMN without a relation", -1)
		}
		out.Column, parts = parts[len(parts)-1], parts[:len(parts)-1]
	case CommentConstraint:
		out.Constraint, parts = parts[len(parts)-1], parts[:len(parts)-1]
	}
	if len(parts) > 2 || len(parts) == 0 {
		return nil, c.unsupported("cross-database references", -1)
	}
	out.Relation = qualified(parts)
	return out, nil
}
