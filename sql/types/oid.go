package types

// OID is a PostgreSQL object identifier, as sent in RowDescription and
// ParameterDescription.
type OID = uint32

// Built-in type OIDs (PostgreSQL src/include/catalog/pg_type.dat).
const (
	OIDUnknown     OID = 0
	OIDBool        OID = 16
	OIDBytea       OID = 17
	OIDName        OID = 19
	OIDInt8        OID = 20
	OIDInt2        OID = 21
	OIDInt4        OID = 23
	OIDText        OID = 25
	OIDOid         OID = 26
	OIDFloat4      OID = 700
	OIDFloat8      OID = 701
	OIDUnknownLit  OID = 705
	OIDBoolArray   OID = 1000
	OIDInt2Array   OID = 1005
	OIDInt4Array   OID = 1007
	OIDTextArray   OID = 1009
	OIDInt8Array   OID = 1016
	OIDFloat4Arr   OID = 1021
	OIDFloat8Arr   OID = 1022
	OIDNumericArr  OID = 1231
	OIDVarcharArr  OID = 1015
	OIDBpcharArr   OID = 1014
	OIDByteaArr    OID = 1001
	OIDDateArr     OID = 1182
	OIDTSArr       OID = 1115
	OIDTSTZArr     OID = 1185
	OIDUUIDArr     OID = 2951
	OIDJSONBArr    OID = 3807
	OIDBpchar      OID = 1042
	OIDVarchar     OID = 1043
	OIDNumeric     OID = 1700
	OIDRegtype     OID = 2206
	OIDVoid        OID = 2278
	OIDJSON        OID = 114
	OIDJSONArr     OID = 199
	OIDCstring     OID = 2275
	OIDCstringArr  OID = 1263
	OIDDate        OID = 1082
	OIDTimestamp   OID = 1114
	OIDTimestamptz OID = 1184
	OIDUUID        OID = 2950
	OIDJSONB       OID = 3802
	OIDInterval    OID = 1186
	OIDTime        OID = 1083

	OIDInt2Vector      OID = 22
	OIDOidVector       OID = 30
	OIDOidArray        OID = 1028
	OIDInt2VectorArray OID = 1006 // _int2vector: a pg_type row only
	OIDOidVectorArray  OID = 1013 // _oidvector: a pg_type row only
	OIDNameArray       OID = 1003
	OIDRegtypeArray    OID = 2211
	OIDRegclass        OID = 2205
	OIDRegclassArray   OID = 2210
	OIDRegnamespace    OID = 4089
	OIDRegrole         OID = 4096
	OIDRegproc         OID = 24
	OIDRegprocedure    OID = 2202
	OIDRegoper         OID = 2203
	OIDRegoperator     OID = 2204
	OIDRecord          OID = 2249
	OIDRecordArray     OID = 2287
)

// OIDs of pgvector's types. PostgreSQL assigns them at CREATE EXTENSION;
// vecgres fixes them for the life of every server so that clients that cache
// them (pgvector-go RegisterTypes, pgvector-python register_vector) stay right.
const (
	OIDVector      OID = 16385
	OIDVectorArray OID = 16386
	// 16387 and 16388 are pg_am rows (ivfflat, hnsw); halfvec comes next.
	OIDHalfvec      OID = 16389
	OIDHalfvecArray OID = 16390
)

// sparsevec's OIDs, past halfvec's (16389/16390).
const (
	OIDSparsevec      OID = 16391
	OIDSparsevecArray OID = 16392
)

// PostgreSQL's bit string types (pg_type.dat).
const (
	OIDBit         OID = 1560
	OIDBitArray    OID = 1561
	OIDVarbit      OID = 1562
	OIDVarbitArray OID = 1563
)
