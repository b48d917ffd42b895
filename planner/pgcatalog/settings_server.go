package pgcatalog

// The server-wide settings of the connection limits and the log
// (planner/settings_server.go), described as PostgreSQL 15's guc.c does.
const (
	catConnections = "Connections and Authentication / Connection Settings"
	catWhatToLog   = "Reporting and Logging / What to Log"
	catWhenToLog   = "Reporting and Logging / When to Log"
)

func init() {
	settingMetas["max_connections"] = settingMeta{"", catConnections, "Sets the maximum number of concurrent connections.", "", "postmaster", "integer", "1", "262143", nil, "", ""}
	settingMetas["superuser_reserved_connections"] = settingMeta{"", catConnections, "Sets the number of connection slots reserved for superusers.", "", "postmaster", "integer", "0", "262143", nil, "", ""}
	settingMetas["log_connections"] = settingMeta{"", catWhatToLog, "Logs each successful connection.", "", "superuser-backend", "bool", "", "", nil, "", ""}
	settingMetas["log_disconnections"] = settingMeta{"", catWhatToLog, "Logs end of a session, including duration.", "", "superuser-backend", "bool", "", "", nil, "", ""}
	settingMetas["log_min_duration_statement"] = settingMeta{"ms", catWhenToLog, "Sets the minimum execution time above which all statements will be logged.", "Zero prints all queries. -1 turns this feature off.", "superuser", "integer", "-1", intMax, nil, "", ""}
}
