package sql

import pg_query "github.com/pganalyze/pg_query_go/v6"

// alterCmdNames names the ALTER TABLE commands vecgres refuses, for the
// 0A000 message ("ALTER TABLE ... SET LOGGED is not supported by
// vecgres"); grammar from the PostgreSQL 15 docs, ALTER TABLE.
var alterCmdNames = map[pg_query.AlterTableType]string{
	pg_query.AlterTableType_AT_SetLogged:          "ALTER TABLE ... SET LOGGED",
	pg_query.AlterTableType_AT_SetUnLogged:        "ALTER TABLE ... SET UNLOGGED",
	pg_query.AlterTableType_AT_AlterColumnType:    "ALTER TABLE ... ALTER COLUMN ... TYPE",
	pg_query.AlterTableType_AT_SetStatistics:      "ALTER TABLE ... ALTER COLUMN ... SET STATISTICS",
	pg_query.AlterTableType_AT_SetOptions:         "ALTER TABLE ... ALTER COLUMN ... SET (attribute_option)",
	pg_query.AlterTableType_AT_ResetOptions:       "ALTER TABLE ... ALTER COLUMN ... RESET (attribute_option)",
	pg_query.AlterTableType_AT_SetCompression:     "ALTER TABLE ... ALTER COLUMN ... SET COMPRESSION",
	pg_query.AlterTableType_AT_AlterConstraint:    "ALTER TABLE ... ALTER CONSTRAINT",
	pg_query.AlterTableType_AT_ValidateConstraint: "ALTER TABLE ... VALIDATE CONSTRAINT",
	pg_query.AlterTableType_AT_ClusterOn:          "ALTER TABLE ... CLUSTER ON",
	pg_query.AlterTableType_AT_DropCluster:        "ALTER TABLE ... SET WITHOUT CLUSTER",
	pg_query.AlterTableType_AT_SetAccessMethod:    "ALTER TABLE ... SET ACCESS METHOD",
	pg_query.AlterTableType_AT_SetTableSpace:      "ALTER TABLE ... SET TABLESPACE",
	pg_query.AlterTableType_AT_SetRelOptions:      "ALTER TABLE ... SET (storage_parameter)",
	pg_query.AlterTableType_AT_ResetRelOptions:    "ALTER TABLE ... RESET (storage_parameter)",
	pg_query.AlterTableType_AT_EnableTrig:         "ALTER TABLE ... ENABLE TRIGGER",
	pg_query.AlterTableType_AT_DisableTrig:        "ALTER TABLE ... DISABLE TRIGGER",
	pg_query.AlterTableType_AT_EnableRowSecurity:  "ALTER TABLE ... ENABLE ROW LEVEL SECURITY",
	pg_query.AlterTableType_AT_DisableRowSecurity: "ALTER TABLE ... DISABLE ROW LEVEL SECURITY",
	pg_query.AlterTableType_AT_AddInherit:         "ALTER TABLE ... INHERIT",
	pg_query.AlterTableType_AT_DropInherit:        "ALTER TABLE ... NO INHERIT",
	pg_query.AlterTableType_AT_AttachPartition:    "ALTER TABLE ... ATTACH PARTITION",
	pg_query.AlterTableType_AT_DetachPartition:    "ALTER TABLE ... DETACH PARTITION",
	pg_query.AlterTableType_AT_ReplicaIdentity:    "ALTER TABLE ... REPLICA IDENTITY",
}

// alterCmdName is the construct an unsupported ALTER TABLE command is
// refused as; commands not in alterCmdNames keep the generic name.
func alterCmdName(t pg_query.AlterTableType) string {
	if n, ok := alterCmdNames[t]; ok {
		return n
	}
	return "this ALTER TABLE command"
}
