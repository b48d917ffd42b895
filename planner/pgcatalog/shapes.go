package pgcatalog

// shapes maps the pg_query fingerprints (pg_query_go v6) of the queries
// psql 15 sends to the shape answering them. testdata/psql15/*.sql holds
// the queries as psql 15.18 sent them (captured with psql -E); the tests
// check that each fingerprints to its entry here. Commands whose queries
// differ only in constants share a shape: \d, \dt and \dm (relkind list),
// \ds and \dv. \df and \dT with a pattern are not served (their queries
// also list pg_catalog's functions and types, which vecgres does not keep).
var shapes = map[string]*shape{
	// Relation lists.
	"87d6575fef776a8c": {name: `\d, \dt, \dm`, cols: relationListCols, rows: listRelations},
	"cde361c04533215d": {name: `\ds, \dv`, cols: relationListCols, rows: listRelations},
	"186af9f8e511a127": {name: `\dt pattern`, cols: relationListCols, rows: listRelations},
	"a6b62e90bdea08ff": {name: `\di`, cols: indexListCols, rows: listIndexes},
	"a06ea91530426964": {name: `\d+, \dt+, \dm+`, cols: relationListVerboseCols, rows: listRelationsVerbose(true)},
	"ba718ba88a4cf18e": {name: `\ds+, \dv+`, cols: relationListVerboseNoAM, rows: listRelationsVerbose(false)},
	"107db352de9a9ced": {name: `\dt+ pattern`, cols: relationListVerboseCols, rows: listRelationsVerbose(true)},
	"87aaaecf6b755f6f": {name: `\di+`, cols: indexListVerboseCols, rows: listIndexesVerbose},
	"7c82b5413e1cf0bf": {name: `\di+ pattern`, cols: indexListVerboseCols, rows: listIndexesVerbose},
	"65f32c2082ea07f5": {name: `\dn`, cols: schemaListCols, rows: listSchemas},
	"a13e3f0da83b4e30": {name: `\l`, cols: databaseListCols, rows: listDatabases},
	"92eab92e509657aa": {name: `\dx`, cols: extensionListCols, rows: listExtensions},
	"f32956caadb902d4": {name: `\du`, cols: roleCols, rows: listRoles(false)},
	"2cc2b9daa502e861": {name: `\du pattern`, cols: roleCols, rows: listRoles(false)},
	"8fd7990de2a5ed01": {name: `\du+`, cols: roleVerboseCols, rows: listRoles(true)},
	"41b10a9d0623351b": {name: `\du+ pattern`, cols: roleVerboseCols, rows: listRoles(true)},
	"77751fb48fc60436": {name: `\df`, cols: functionListCols, rows: listFunctions},
	"e46b00d34cba5f48": {name: `\dT`, cols: typeListCols, rows: listTypes},
	"4efe358cd4e8adc5": {name: `\dT+`, cols: typeListVerboseCols, rows: listTypesVerbose},

	// \d table and \d+ table, in the order psql sends them.
	"ed2e16a95c07c8f3": {name: `\d table: find`, cols: describeRelationCols, rows: describeRelations},
	"4d7944643bf97c85": {name: `\d table: table`, cols: tableInfoCols, rows: tableInfo},
	"650824a868aec7c3": {name: `\d+ table: table`, cols: tableInfoCols, rows: tableInfo},
	"7d24a4d011b04143": {name: `\d table: columns`, cols: tableColumnCols, rows: tableColumns},
	"65734c73fa4ccbb7": {name: `\d+ table: columns`, cols: tableColumnVerboseCols, rows: tableColumnsVerbose},
	"bd53d7f8523ab7cf": {name: `\d table: indexes`, cols: tableIndexCols, rows: tableIndexRows},
	"04fd38cad73effe3": {name: `\d table: policies`, cols: policyCols, rows: none},
	"a6ab2b3c0f45ae83": {name: `\d table: statistics`, cols: statisticsCols, rows: none},
	"3e0a13f4f2ca6809": {name: `\d table: publications`, cols: publicationCols, rows: none},
	"57f380c55ed0de89": {name: `\d table: parents`, cols: parentCols, rows: none},
	"e891d95ddc979480": {name: `\d table: partitions`, cols: childCols, rows: none},
}
