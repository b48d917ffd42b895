package backend

// The PostgreSQL release vecgres reports: server_version in ParameterStatus
// and SHOW, server_version_num, and the number in version(). vecgres
// follows PostgreSQL 15's SQL and errors, and clients choose their catalog
// queries by this number: pg_dump and psql refuse or misread a server newer
// than themselves, so it is the release whose pg_dump and psql are tested
// against vecgres (tests/pgdump_test.go), never a newer one.
const (
	ServerVersion    = "15.20"
	ServerVersionNum = "150020" // major*10000 + minor, as PostgreSQL 10+
)
