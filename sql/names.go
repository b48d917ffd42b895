package sql

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// nodeType is the pg_query node type name of n ("ViewStmt", "SubLink").
func nodeType(n *pg_query.Node) string {
	if n == nil || n.Node == nil {
		return "empty node"
	}
	return strings.TrimPrefix(fmt.Sprintf("%T", n.Node), "*pg_query.Node_")
}

// stmtConstructs names the statements outside the dialect for 0A000.
var stmtConstructs = map[string]string{
	"ViewStmt":               "CREATE VIEW",
	"CreateTableAsStmt":      "CREATE TABLE AS",
	"AlterTableStmt":         "ALTER TABLE",
	"RenameStmt":             "ALTER ... RENAME",
	"TruncateStmt":           "TRUNCATE",
	"PrepareStmt":            "PREPARE",
	"ExecuteStmt":            "EXECUTE",
	"DeallocateStmt":         "DEALLOCATE",
	"DiscardStmt":            "DISCARD",
	"VacuumStmt":             "VACUUM and ANALYZE",
	"CreateSchemaStmt":       "CREATE SCHEMA",
	"CreateSeqStmt":          "CREATE SEQUENCE",
	"AlterSeqStmt":           "ALTER SEQUENCE",
	"DoStmt":                 "DO",
	"CreateFunctionStmt":     "CREATE FUNCTION",
	"CallStmt":               "CALL",
	"ListenStmt":             "LISTEN",
	"UnlistenStmt":           "UNLISTEN",
	"NotifyStmt":             "NOTIFY",
	"CommentStmt":            "COMMENT",
	"GrantRoleStmt":          "GRANT and REVOKE of role membership",
	"CreateRoleStmt":         "CREATE ROLE",
	"AlterRoleStmt":          "ALTER ROLE",
	"DropRoleStmt":           "DROP ROLE",
	"CreatedbStmt":           "CREATE DATABASE",
	"DropdbStmt":             "DROP DATABASE",
	"AlterSystemStmt":        "ALTER SYSTEM",
	"CheckPointStmt":         "CHECKPOINT",
	"ClusterStmt":            "CLUSTER",
	"ReindexStmt":            "REINDEX",
	"MergeStmt":              "MERGE",
	"CreateTrigStmt":         "CREATE TRIGGER",
	"RuleStmt":               "CREATE RULE",
	"CompositeTypeStmt":      "CREATE TYPE",
	"CreateEnumStmt":         "CREATE TYPE",
	"DefineStmt":             "CREATE AGGREGATE, OPERATOR or TYPE",
	"CreateDomainStmt":       "CREATE DOMAIN",
	"AlterExtensionStmt":     "ALTER EXTENSION",
	"CreateTableSpaceStmt":   "CREATE TABLESPACE",
	"CreateStatsStmt":        "CREATE STATISTICS",
	"CreatePolicyStmt":       "CREATE POLICY",
	"ConstraintsSetStmt":     "SET CONSTRAINTS",
	"LoadStmt":               "LOAD",
	"RefreshMatViewStmt":     "REFRESH MATERIALIZED VIEW",
	"CreatePublicationStmt":  "CREATE PUBLICATION",
	"CreateSubscriptionStmt": "CREATE SUBSCRIPTION",
}

// stmtConstruct names the statement n for a 0A000 error.
func stmtConstruct(n *pg_query.Node) string {
	t := nodeType(n)
	if s, ok := stmtConstructs[t]; ok {
		return s
	}
	return "statement " + t
}

// exprConstructs names the expression nodes outside the dialect for 0A000.
var exprConstructs = map[string]string{
	"SubLink":               "subquery",
	"AArrayExpr":            "ARRAY constructor",
	"AIndirection":          "subscripts and field selection",
	"CollateClause":         "COLLATE",
	"RowExpr":               "ROW constructor",
	"GroupingFunc":          "GROUPING",
	"XmlExpr":               "XML functions",
	"XmlSerialize":          "XML functions",
	"CurrentOfExpr":         "WHERE CURRENT OF",
	"NamedArgExpr":          "named function arguments",
	"MultiAssignRef":        "multiple-column UPDATE",
	"RangeSubselect":        "subquery",
	"RangeFunction":         "functions in FROM",
	"JoinExpr":              "JOIN",
	"RangeTableSample":      "TABLESAMPLE",
	"RangeTableFunc":        "XMLTABLE",
	"JsonTable":             "JSON_TABLE",
	"AStar":                 "*",
	"JsonObjectConstructor": "SQL/JSON",
	"JsonArrayConstructor":  "SQL/JSON",
	"JsonFuncExpr":          "SQL/JSON",
	"JsonIsPredicate":       "SQL/JSON",
	"JsonParseExpr":         "SQL/JSON",
	"JsonScalarExpr":        "SQL/JSON",
	"JsonSerializeExpr":     "SQL/JSON",
	"MergeSupportFunc":      "MERGE",
}

// exprConstruct names the expression n for a 0A000 error.
func exprConstruct(n *pg_query.Node) string {
	t := nodeType(n)
	if s, ok := exprConstructs[t]; ok {
		return s
	}
	return "expression " + t
}

// nodeLocation returns the location field of n when it has one, else -1.
func nodeLocation(n *pg_query.Node) int32 {
	if n == nil || n.Node == nil {
		return -1
	}
	// Every located node message has a generated GetLocation method.
	type located interface{ GetLocation() int32 }
	inner := nodeMessage(n)
	if l, ok := inner.(located); ok {
		return l.GetLocation()
	}
	return -1
}

// nodeMessage returns the message inside the oneof wrapper of n (each
// wrapper, e.g. *pg_query.Node_SubLink, is a struct with one field).
func nodeMessage(n *pg_query.Node) any {
	v := reflect.ValueOf(n.Node)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct || v.Elem().NumField() != 1 {
		return nil
	}
	return v.Elem().Field(0).Interface()
}

// strs returns the String values of a name list (qualified names, column
// lists); non-String items give "".
func strs(list []*pg_query.Node) []string {
	out := make([]string, len(list))
	for i, n := range list {
		out[i] = n.GetString_().GetSval()
	}
	return out
}

// qualified joins a name list into one relation name as written
// ("items", "public.items", "s.items"); the planner resolves it
// (planner/schema_resolve.go): an unqualified name through search_path.
func qualified(parts []string) string {
	return strings.Join(parts, ".")
}

// relName is the table named by rv ("items"; "other.items" for another schema).
func (c *conv) relName(rv *pg_query.RangeVar) (string, error) {
	if rv.GetCatalogname() != "" {
		return "", c.unsupported("cross-database references", rv.GetLocation())
	}
	if rv.GetSchemaname() != "" {
		return qualified([]string{rv.GetSchemaname(), rv.GetRelname()}), nil
	}
	return rv.GetRelname(), nil
}

// itoa32 formats v in decimal.
func itoa32(v int32) string { return strconv.FormatInt(int64(v), 10) }

// fromLocation is the byte offset of the first FROM item's name (the
// RangeVar's location), or -1 when FROM has no plain table first.
func fromLocation(from []*pg_query.Node) int {
	if len(from) == 0 || from[0].GetRangeVar() == nil {
		return -1
	}
	return int(from[0].GetRangeVar().GetLocation())
}
