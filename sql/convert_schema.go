package sql

import (
	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// createSchema converts CREATE SCHEMA [IF NOT EXISTS] [name]
// [AUTHORIZATION role]; schema elements (CREATE TABLE ... inside the
// statement) are 0A000.
func (c *conv) createSchema(s *pg_query.CreateSchemaStmt) (*CreateSchema, error) {
	if len(s.GetSchemaElts()) > 0 {
		return nil, c.unsupported("CREATE SCHEMA with schema elements", -1)
	}
	out := &CreateSchema{Name: s.GetSchemaname(), IfNotExists: s.GetIfNotExists()}
	if r := s.GetAuthrole(); r != nil {
		name, current, err := c.roleSpec(r) // convert_role.go
		if err != nil {
			return nil, err
		}
		out.Authorization, out.Current = name, current
	}
	return out, nil
}

// dropSchema converts DROP SCHEMA [IF EXISTS] a, b [CASCADE | RESTRICT].
func (c *conv) dropSchema(s *pg_query.DropStmt) (*DropSchema, error) {
	out := &DropSchema{IfExists: s.GetMissingOk(), Cascade: s.GetBehavior() == pg_query.DropBehavior_DROP_CASCADE}
	for _, o := range s.GetObjects() {
		out.Names = append(out.Names, o.GetString_().GetSval())
	}
	return out, nil
}

// setSchema converts ALTER TABLE [IF EXISTS] t SET SCHEMA s; other
// objects' SET SCHEMA is 0A000.
func (c *conv) setSchema(s *pg_query.AlterObjectSchemaStmt) (Statement, error) {
	seq := s.GetObjectType() == pg_query.ObjectType_OBJECT_SEQUENCE
	if s.GetObjectType() != pg_query.ObjectType_OBJECT_TABLE && !seq {
		return nil, c.unsupported("ALTER "+objectName(s.GetObjectType())+" ... SET SCHEMA", -1)
	}
	name, err := c.relName(s.GetRelation())
	if err != nil {
		return nil, err
	}
	return &Rename{Table: name, IfExists: s.GetMissingOk(), NewSchema: s.GetNewschema(), Sequence: seq}, nil
}

// alterOwner converts ALTER SCHEMA name OWNER TO role; other objects'
// OWNER TO is 0A000.
func (c *conv) alterOwner(s *pg_query.AlterOwnerStmt) (Statement, error) {
	if s.GetObjectType() != pg_query.ObjectType_OBJECT_SCHEMA {
		return nil, c.unsupported("ALTER "+objectName(s.GetObjectType())+" ... OWNER TO", -1)
	}
	name, current, err := c.roleSpec(s.GetNewowner())
	if err != nil {
		return nil, err
	}
	return &AlterSchemaOwner{Name: s.GetObject().GetString_().GetSval(), Owner: name, Current: current}, nil
}
