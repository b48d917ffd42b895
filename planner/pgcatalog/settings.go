package pgcatalog

import (
	"strconv"
	"strings"

	"github.com/vecgres/vecgres/planner/guc"
	"github.com/vecgres/vecgres/sql/types"
)

// pg_settings (PostgreSQL docs 54.24): one row per setting the session
// knows, with PostgreSQL 15's descriptions of its own settings
// (guc.c's ConfigureNames tables) and pgvector's of its (DefineCustom*
// in src/hnsw.c and src/ivfflat.c). A setting with a unit shows its value
// in that unit (work_mem 4MB is setting 4096, unit kB), as PostgreSQL's.

// Setting is one of the session's settings (Name as PostgreSQL spells
// it: DateStyle, TimeZone): its value and reset value
// as SHOW prints them, its built-in default, and where the value came
// from (pg_settings.source: default, client, session).
type Setting struct {
	Name, Value, Reset, Boot, Source string
	// SourceFile and SourceLine locate a value from a configuration
	// file; PendingRestart marks a file's new value of a restart-only
	// setting not yet in effect.
	SourceFile     string
	SourceLine     int
	PendingRestart bool
}

// settingMeta is what pg_settings says of a setting besides its value.
type settingMeta struct {
	unit, category, short, extra, context, vartype string
	min, max                                       string // integer and real settings
	enumvals                                       []string
	// boot is PostgreSQL's built-in default where the server starts with
	// another (client_encoding is SQL_ASCII until initdb's UTF8); "" for
	// Setting.Boot.
	boot string
	// fixedSource is the source PostgreSQL shows for a setting the
	// session did not SET (override for the transaction_* settings).
	fixedSource string
}

const (
	catStatement = "Client Connection Defaults / Statement Behavior"
	catLocale    = "Client Connection Defaults / Locale and Formatting"
	catPreset    = "Preset Options"
	catMemory    = "Resource Usage / Memory"
	catAsync     = "Resource Usage / Asynchronous Behavior"
	catPlanner   = "Query Tuning / Planner Method Configuration"
	catCustom    = "Customized Options"
	intMax       = "2147483647"
)

var isolationLevels = []string{"serializable", "repeatable read", "read committed", "read uncommitted"}

// settingMetas describes the settings vecgres has, as PostgreSQL 15 and
// pgvector 0.8 do; a setting missing here is shown as a string without
// description.
var settingMetas = map[string]settingMeta{
	"application_name":                    {"", "Reporting and Logging / What to Log", "Sets the application name to be reported in statistics and logs.", "", "user", "string", "", "", nil, "", ""},
	"synchronize_seqscans":                {"", "Version and Platform Compatibility / Previous PostgreSQL Versions", "Enable synchronized sequential scans.", "", "user", "bool", "", "", nil, "", ""},
	"check_function_bodies":               {"", catStatement, "Check routine bodies during CREATE FUNCTION and CREATE PROCEDURE.", "", "user", "bool", "", "", nil, "", ""},
	"xmloption":                           {"", catStatement, "Sets whether XML data in implicit parsing and serialization operations is to be considered as documents or content fragments.", "", "user", "enum", "", "", []string{"content", "document"}, "", ""},
	"default_tablespace":                  {"", catStatement, "Sets the default tablespace to create tables and indexes in.", "An empty string selects the database's default tablespace.", "user", "string", "", "", nil, "", ""},
	"default_table_access_method":         {"", catStatement, "Sets the default table access method for new tables.", "", "user", "string", "", "", nil, "", ""},
	"bytea_output":                        {"", catStatement, "Sets the output format for bytea.", "", "user", "enum", "", "", []string{"escape", "hex"}, "", ""},
	"client_encoding":                     {"", catLocale, "Sets the client's character set encoding.", "", "user", "string", "", "", nil, "SQL_ASCII", ""},
	"client_min_messages":                 {"", catStatement, "Sets the message levels that are sent to the client.", "Each level includes all the levels that follow it. The later the level, the fewer messages are sent.", "user", "enum", "", "", []string{"debug5", "debug4", "debug3", "debug2", "debug1", "log", "notice", "warning", "error"}, "", ""},
	"datestyle":                           {"", catLocale, "Sets the display format for date and time values.", "Also controls interpretation of ambiguous date inputs.", "user", "string", "", "", nil, "", ""},
	"default_transaction_deferrable":      {"", catStatement, "Sets the default deferrable status of new transactions.", "", "user", "bool", "", "", nil, "", ""},
	"default_transaction_isolation":       {"", catStatement, "Sets the transaction isolation level of each new transaction.", "", "user", "enum", "", "", isolationLevels, "", ""},
	"default_transaction_read_only":       {"", catStatement, "Sets the default read-only status of new transactions.", "", "user", "bool", "", "", nil, "", ""},
	"enable_indexscan":                    {"", catPlanner, "Enables the planner's use of index-scan plans.", "", "user", "bool", "", "", nil, "", ""},
	"enable_seqscan":                      {"", catPlanner, "Enables the planner's use of sequential-scan plans.", "", "user", "bool", "", "", nil, "", ""},
	"extra_float_digits":                  {"", catLocale, "Sets the number of digits displayed for floating-point values.", "This affects real, double precision, and geometric data types. A zero or negative parameter value is added to the standard number of digits (FLT_DIG or DBL_DIG as appropriate). Any value greater than zero selects precise output mode.", "user", "integer", "-15", "3", nil, "", ""},
	"idle_in_transaction_session_timeout": {"ms", catStatement, "Sets the maximum allowed idle time between queries, when in a transaction.", "A value of 0 turns off the timeout.", "user", "integer", "0", intMax, nil, "", ""},
	"integer_datetimes":                   {"", catPreset, "Shows whether datetimes are integer based.", "", "internal", "bool", "", "", nil, "", ""},
	"intervalstyle":                       {"", catLocale, "Sets the display format for interval values.", "", "user", "enum", "", "", []string{"postgres", "postgres_verbose", "sql_standard", "iso_8601"}, "", ""},
	"is_superuser":                        {"", catPreset, "Shows whether the current user is a superuser.", "", "internal", "bool", "", "", nil, "", ""},
	"jit":                                 {"", "Query Tuning / Other Planner Options", "Allow JIT compilation.", "", "user", "bool", "", "", nil, "", ""},
	"lock_timeout":                        {"ms", catStatement, "Sets the maximum allowed duration of any wait for a lock.", "A value of 0 turns off the timeout.", "user", "integer", "0", intMax, nil, "", ""},
	"maintenance_work_mem":                {"kB", catMemory, "Sets the maximum memory to be used for maintenance operations.", "This includes operations such as VACUUM and CREATE INDEX.", "user", "integer", "1024", intMax, nil, "", ""},
	"max_identifier_length":               {"", catPreset, "Shows the maximum identifier length.", "", "internal", "integer", "63", "63", nil, "", ""},
	"max_parallel_maintenance_workers":    {"", catAsync, "Sets the maximum number of parallel processes per maintenance operation.", "", "user", "integer", "0", "1024", nil, "", ""},
	"max_parallel_workers_per_gather":     {"", catAsync, "Sets the maximum number of parallel processes per executor node.", "", "user", "integer", "0", "1024", nil, "", ""},
	"max_stack_depth":                     {"kB", catMemory, "Sets the maximum stack depth, in kilobytes.", "", "superuser", "integer", "100", intMax, nil, "", ""},
	"row_security":                        {"", catStatement, "Enable row security.", "When enabled, row security will be applied to all users.", "user", "bool", "", "", nil, "", ""},
	"search_path":                         {"", catStatement, "Sets the schema search order for names that are not schema-qualified.", "", "user", "string", "", "", nil, "", ""},
	"server_encoding":                     {"", catPreset, "Shows the server (database) character set encoding.", "", "internal", "string", "", "", nil, "SQL_ASCII", ""},
	"server_version":                      {"", catPreset, "Shows the server version.", "", "internal", "string", "", "", nil, "", ""},
	"server_version_num":                  {"", catPreset, "Shows the server version as an integer.", "", "internal", "integer", "", "", nil, "", ""},
	"standard_conforming_strings":         {"", "Version and Platform Compatibility / Previous PostgreSQL Versions", "Causes '...' strings to treat backslashes literally.", "", "user", "bool", "", "", nil, "", ""},
	"statement_timeout":                   {"ms", catStatement, "Sets the maximum allowed duration of any statement.", "A value of 0 turns off the timeout.", "user", "integer", "0", intMax, nil, "", ""},
	"synchronous_commit":                  {"", "Write-Ahead Log / Settings", "Sets the current transaction's synchronization level.", "", "user", "enum", "", "", []string{"local", "remote_write", "remote_apply", "on", "off"}, "", ""},
	"timezone":                            {"", catLocale, "Sets the time zone for displaying and interpreting time stamps.", "", "user", "string", "", "", nil, "", ""},
	"transaction_deferrable":              {"", catStatement, "Whether to defer a read-only serializable transaction until it can be executed with no possible serialization failures.", "", "user", "bool", "", "", nil, "", "override"},
	"transaction_isolation":               {"", catStatement, "Sets the current transaction's isolation level.", "", "user", "enum", "", "", isolationLevels, "", "override"},
	"transaction_read_only":               {"", catStatement, "Sets the current transaction's read-only status.", "", "user", "bool", "", "", nil, "", "override"},
	"work_mem":                            {"kB", catMemory, "Sets the maximum memory to be used for query workspaces.", "This much memory can be used by each internal sort operation and hash table before switching to temporary disk files.", "user", "integer", "64", intMax, nil, "", ""},
	"hnsw.ef_search":                      {"", catCustom, "Sets the size of the dynamic candidate list for search", "Valid range is 1..1000.", "user", "integer", "1", "1000", nil, "", ""},
	"hnsw.iterative_scan":                 {"", catCustom, "Sets the mode for iterative scans", "", "user", "enum", "", "", []string{"off", "relaxed_order", "strict_order"}, "", ""},
	"hnsw.max_scan_tuples":                {"", catCustom, "Sets the max number of tuples to visit for iterative scans", "", "user", "integer", "1", intMax, nil, "", ""},
	"hnsw.scan_mem_multiplier":            {"", catCustom, "Sets the multiple of work_mem to use for iterative scans", "", "user", "real", "1", "1000", nil, "", ""},
	"ivfflat.probes":                      {"", catCustom, "Sets the number of probes", "Valid range is 1..lists.", "user", "integer", "1", "32768", nil, "", ""},
	"ivfflat.iterative_scan":              {"", catCustom, "Sets the mode for iterative scans", "", "user", "enum", "", "", []string{"off", "relaxed_order"}, "", ""},
	"ivfflat.max_probes":                  {"", catCustom, "Sets the max number of probes for iterative scans", "", "user", "integer", "1", "32768", nil, "", ""},
}

var settingsCols = cols("name", tText, "setting", tText, "unit", tText, "category", tText, "short_desc", tText,
	"extra_desc", tText, "context", tText, "vartype", tText, "source", tText, "min_val", tText, "max_val", tText,
	"enumvals", types.Type{Kind: types.KindTextArray, Typmod: types.NoTypmod}, "boot_val", tText, "reset_val", tText,
	"sourcefile", tText, "sourceline", tInt4, "pending_restart", tBool)

// settingsRows lists the session's settings (Env.Settings) in the order
// given.
func settingsRows(env Env) [][]any {
	if env.Settings == nil {
		return nil
	}
	var rows [][]any
	for _, s := range env.Settings() {
		m, ok := settingMetas[strings.ToLower(s.Name)]
		if !ok {
			m = settingMeta{category: catCustom, context: "user", vartype: "string"}
		}
		boot, source := s.Boot, s.Source
		if m.boot != "" {
			boot = m.boot
		}
		if m.fixedSource != "" && source != "session" {
			source = m.fixedSource
		}
		rows = append(rows, []any{s.Name, inUnit(s.Name, s.Value, m.unit), orNull(m.unit), m.category,
			orNull(m.short), orNull(m.extra), m.context, m.vartype, source, orNull(m.min), orNull(m.max),
			enumArray(m.enumvals), inUnit(s.Name, boot, m.unit), inUnit(s.Name, s.Reset, m.unit),
			orNull(s.SourceFile), sourceLine(s), s.PendingRestart})
	}
	return rows
}

// inUnit is a value as SHOW prints it ("4MB", "1s") in the setting's unit
// ("4096", "1000"); unchanged when the setting has no unit or the value
// does not parse.
func inUnit(name, v, unit string) string {
	if unit == "" {
		return v
	}
	units := guc.Time
	if unit == guc.Memory.Base {
		units = guc.Memory
	}
	n, err := guc.ParseInt(name, v, units, -1<<62, 1<<62)
	if err != nil {
		return v
	}
	return strconv.FormatInt(n, 10)
}

// sourceLine is pg_settings.sourceline: the line of SourceFile, or NULL.
func sourceLine(s Setting) any {
	if s.SourceFile == "" {
		return nil
	}
	return int32(s.SourceLine)
}

func orNull(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func enumArray(vals []string) any {
	if vals == nil {
		return nil
	}
	out := make(types.Array, len(vals))
	for i, v := range vals {
		out[i] = v
	}
	return out
}
