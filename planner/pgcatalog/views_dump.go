package pgcatalog

import "github.com/vecgres/vecgres/sql/types"

// Catalogs pg_dump reads, with PostgreSQL 15's columns (docs chapter 53):
// pg_init_privs, whose rows are the initial privileges of schemas
// pg_catalog and public (as initdb leaves them, so pg_dump dumps no
// GRANT for them); and, empty in vecgres, text search (pg_ts_parser,
// pg_ts_template, pg_ts_dict, pg_ts_config: no text search), foreign
// data (pg_foreign_data_wrapper, pg_foreign_table), pg_transform,
// pg_event_trigger, pg_partitioned_table (no partitioning),
// pg_subscription (no logical replication), pg_seclabels and pg_shseclabel
// (no security labels) and pg_shdescription (no COMMENT ON DATABASE or
// ROLE). They join views
// (virtual.go) at start-up.
func init() {
	for name, v := range emptyDumpViews {
		views[name] = v
	}
}

var (
	tRegproc = types.Type{Kind: types.KindRegproc, Typmod: types.NoTypmod}
)

// regproc is a regproc column's value: the function's OID and its name
// ("-" and 0 for none).
func regproc(oid int64, name string) types.Reg {
	if name == "-" {
		oid = 0
	}
	return types.Reg{OID: oid, Name: name}
}

var emptyDumpViews = map[string]view{
	"pg_init_privs": {3394, cols("objoid", tOID, "classoid", tOID, "objsubid", tInt4, "privtype", tText,
		"initprivs", tTextList), initPrivsRows},
	"pg_ts_parser": {3601, cols("oid", tOID, "prsname", tName, "prsnamespace", tOID, "prsstart", tRegproc,
		"prstoken", tRegproc, "prsend", tRegproc, "prsheadline", tRegproc, "prslextype", tRegproc), noRows},
	"pg_ts_template": {3764, cols("oid", tOID, "tmplname", tName, "tmplnamespace", tOID, "tmplinit", tRegproc,
		"tmpllexize", tRegproc), noRows},
	"pg_ts_dict": {3600, cols("oid", tOID, "dictname", tName, "dictnamespace", tOID, "dictowner", tOID,
		"dicttemplate", tOID, "dictinitoption", tText), noRows},
	"pg_ts_config": {3602, cols("oid", tOID, "cfgname", tName, "cfgnamespace", tOID, "cfgowner", tOID,
		"cfgparser", tOID), noRows},
	"pg_foreign_data_wrapper": {2328, cols("oid", tOID, "fdwname", tName, "fdwowner", tOID, "fdwhandler", tOID,
		"fdwvalidator", tOID, "fdwacl", tTextList, "fdwoptions", tTextList), noRows},
	"pg_foreign_table": {3118, cols("ftrelid", tOID, "ftserver", tOID, "ftoptions", tTextList), noRows},
	"pg_transform": {3576, cols("oid", tOID, "trftype", tOID, "trflang", tOID, "trffromsql", tRegproc,
		"trftosql", tRegproc), noRows},
	"pg_event_trigger": {3466, cols("oid", tOID, "evtname", tName, "evtevent", tName, "evtowner", tOID,
		"evtfoid", tOID, "evtenabled", tText, "evttags", tTextList), noRows},
	"pg_partitioned_table": {3350, cols("partrelid", tOID, "partstrat", tText, "partnatts", tInt2,
		"partdefid", tOID, "partattrs", tInt2Vector, "partclass", tOIDVector, "partcollation", tOIDVector,
		"partexprs", tText), noRows},
	"pg_subscription": {6100, cols("oid", tOID, "subdbid", tOID, "subskiplsn", tText, "subname", tName,
		"subowner", tOID, "subenabled", tBool, "subbinary", tBool, "substream", tBool, "subtwophasestate", tText,
		"subdisableonerr", tBool, "subconninfo", tText, "subslotname", tName, "subsynccommit", tText,
		"subpublications", tTextList), noRows},
	"pg_shseclabel":    {3592, cols("objoid", tOID, "classoid", tOID, "provider", tText, "label", tText), noRows},
	"pg_shdescription": {2396, cols("objoid", tOID, "classoid", tOID, "description", tText), shdescriptionRows},
	"pg_seclabels": {12099, cols("objoid", tOID, "classoid", tOID, "objsubid", tInt4, "objtype", tText,
		"objnamespace", tOID, "objname", tText, "provider", tText, "label", tText), noRows},
}

// initPrivsRows are pg_init_privs' rows: schemas pg_catalog's and
// public's privileges as initdb leaves them (privtype i).
func initPrivsRows(Env) [][]any {
	return [][]any{
		{int64(oidPgCatalog), int64(oidPgNamespace), int64(0), "i", types.Array{"postgres=UC/postgres", "=U/postgres"}},
		{int64(oidPublic), int64(oidPgNamespace), int64(0), "i",
			types.Array{"pg_database_owner=UC/pg_database_owner", "=U/pg_database_owner"}},
	}
}
