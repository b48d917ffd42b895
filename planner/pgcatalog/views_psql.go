package pgcatalog

// Catalogs psql's backslash commands read that are empty in vecgres, with
// PostgreSQL 15's columns (docs chapter 53): pg_auth_members (no role is
// a member of another), pg_statistic_ext (no CREATE STATISTICS),
// pg_publication, pg_publication_namespace and pg_publication_rel (no
// logical replication), pg_foreign_server and pg_user_mappings (no
// foreign data), pg_largeobject_metadata (no large objects),
// pg_db_role_setting (no ALTER ROLE ... SET) and pg_default_acl (no
// ALTER DEFAULT PRIVILEGES) — all empty in a new PostgreSQL database too —
// and pg_conversion (vecgres speaks UTF8 alone and converts nothing,
// where PostgreSQL lists its built-in conversions in pg_catalog).
// They join views (virtual.go) at start-up.
func init() {
	for name, v := range emptyPsqlViews {
		views[name] = v
	}
}

var emptyPsqlViews = map[string]view{
	"pg_auth_members":          {1261, authMembersCols, noRows},
	"pg_parameter_acl":         {6243, cols("oid", tOID, "parname", tText, "paracl", tTextList), noRows},
	"pg_statistic_ext":         {3381, statisticExtCols, noRows},
	"pg_publication":           {6104, pgPublicationCols, noRows},
	"pg_publication_namespace": {6237, publicationNamespaceCols, noRows},
	"pg_publication_rel":       {6106, publicationRelCols, noRows},
	"pg_foreign_server":        {1417, foreignServerCols, noRows},
	"pg_user_mappings":         {12206, userMappingsCols, noRows},
	"pg_largeobject_metadata":  {2995, largeObjectMetadataCols, noRows},
	"pg_db_role_setting":       {2964, dbRoleSettingCols, noRows},
	"pg_default_acl":           {826, defaultACLCols, noRows},
	"pg_conversion":            {2607, conversionCols, noRows},
}

var authMembersCols = cols("roleid", tOID, "member", tOID, "grantor", tOID, "admin_option", tBool)

var statisticExtCols = cols("oid", tOID, "stxrelid", tOID, "stxname", tText, "stxnamespace", tOID, "stxowner", tOID,
	"stxstattarget", tInt4, "stxkeys", tInt2Vector, "stxkind", tTextList, "stxexprs", tText)

var pgPublicationCols = cols("oid", tOID, "pubname", tText, "pubowner", tOID, "puballtables", tBool, "pubinsert", tBool,
	"pubupdate", tBool, "pubdelete", tBool, "pubtruncate", tBool, "pubviaroot", tBool)

var publicationNamespaceCols = cols("oid", tOID, "pnpubid", tOID, "pnnspid", tOID)

var publicationRelCols = cols("oid", tOID, "prpubid", tOID, "prrelid", tOID, "prqual", tText, "prattrs", tInt2Vector)

var foreignServerCols = cols("oid", tOID, "srvname", tText, "srvowner", tOID, "srvfdw", tOID, "srvtype", tText,
	"srvversion", tText, "srvacl", tTextList, "srvoptions", tTextList)

var userMappingsCols = cols("umid", tOID, "srvid", tOID, "srvname", tText, "umuser", tOID, "usename", tText,
	"umoptions", tTextList)

var largeObjectMetadataCols = cols("oid", tOID, "lomowner", tOID, "lomacl", tTextList)

var dbRoleSettingCols = cols("setdatabase", tOID, "setrole", tOID, "setconfig", tTextList)

var defaultACLCols = cols("oid", tOID, "defaclrole", tOID, "defaclnamespace", tOID, "defaclobjtype", tText,
	"defaclacl", tTextList)

var conversionCols = cols("oid", tOID, "conname", tText, "connamespace", tOID, "conowner", tOID,
	"conforencoding", tInt4, "contoencoding", tInt4, "conproc", tText, "condefault", tBool)
