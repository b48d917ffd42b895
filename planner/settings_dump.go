package planner

import (
	"fmt"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// The settings a pg_dump script sets (PostgreSQL docs 20.11.1
// "Statement Behavior"; pg_dump also sets synchronize_seqscans, 20.13.1)
// hold their values as in PostgreSQL and change nothing in vecgres:
// there is no other tablespace than pg_default, no other table access
// method than heap, no xml type, and no function bodies to check.

// tablespaceCheck accepts an empty default_tablespace and pg_default, the only
// tablespaces (pg_tablespace); another name is PostgreSQL's 22023 with
// its DETAIL.
func tablespaceCheck(name, v string) (string, error) {
	if v == "" || v == "pg_default" {
		return v, nil
	}
	return "", pgerror.Errorf(pgerror.InvalidParameterValue, "invalid value for parameter %q: %q", name, v).
		WithDetail(fmt.Sprintf("Tablespace \"%s\" does not exist.", v))
}

// tableAMCheck accepts default_table_access_method heap, the only table
// access method (pg_am); another is PostgreSQL's 22023 with its DETAIL.
func tableAMCheck(name, v string) (string, error) {
	if v == "heap" {
		return v, nil
	}
	return "", pgerror.Errorf(pgerror.InvalidParameterValue, "invalid value for parameter %q: %q", name, v).
		WithDetail(fmt.Sprintf("Table access method \"%s\" does not exist.", v))
}
