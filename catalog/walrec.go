package catalog

import (
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/vecindex"
	"github.com/vecgres/vecgres/wal"
)

// WAL record types written by the catalog. Part of the on-disk format:
// never renumber. (wal reserves 0.)
const (
	recCreateTable wal.RecordType = 1
	recDropTable   wal.RecordType = 2
	recCreateIndex wal.RecordType = 3
	recDropIndex   wal.RecordType = 4
	recTxnData     wal.RecordType = 5
	recTxnCommit   wal.RecordType = 6
	recCreateRole  wal.RecordType = 7  // payload: encodeRole (roles.go)
	recAlterRole   wal.RecordType = 8  // payload: encodeRole, the role's whole new state
	recDropRole    wal.RecordType = 9  // payload: name
	recTableGrant  wal.RecordType = 10 // payload: encodeTableGrant (owner.go)
	recSchemaGrant wal.RecordType = 11 // payload: encodeSchemaGrant (owner_schema.go)
	recAlterTable  wal.RecordType = 16 // payload: CreateTable of the table's whole new definition (alter.go); 12..15 unused
	recTruncate    wal.RecordType = 17 // payload: table oid (alter.go)
	recRenameIndex wal.RecordType = 18 // payload: old name, new name (undo_tables.go)
	recTxnDataPart wal.RecordType = 19 // payload: xid, leading bytes of the next TxnData body (walrec_txn.go)
	recSchema      wal.RecordType = 20 // payload: encodeSchemaOp (schema.go)
	recDatabase    wal.RecordType = 21 // payload: the database's comment (comment_shared.go)
	recTxnReset    wal.RecordType = 22 // payload: xid; drops its TxnData records before it (txn_early.go)
)

// maxRecordBytes bounds the payload of one TxnData or TxnDataPart record
// (and the segment size bounds it further): a large transaction (COPY) is
// written as several TxnData records, a row larger than that as
// TxnDataPart records and a TxnData record.
const maxRecordBytes = 4 << 20

type record struct {
	typ     wal.RecordType
	payload []byte
}

// Payload layouts (uvarint unless noted; strings are uvarint length + bytes;
// datums as appendDatum):
//
//	CreateTable: oid, name, ncols, {name, kind byte, typmod varint,
//	             notnull byte, serial byte, default datum}..., npk, {col}..., pkeyName,
//	             owner, ngrants, {grantee, privileges byte}... (owner.go; absent in older records),
//	             layout and default expressions (appendLayout, alter_layout.go; absent in older records),
//	             constraints (appendConstraints, constraint.go; absent in older records and when none),
//	             view section (appendView, view.go; views only),
//	             sequence section (appendSeq, sequence.go; sequences only),
//	             comment section (appendComments, comment.go; commented tables only)
//	DropTable:   name
//	CreateIndex: oid, name, table, method, column, opclass, metric byte, m, ef_construction,
//	             nopts, {reloption "name=value"}... (absent in older records),
//	             key expression text, predicate text (expression and partial
//	             indexes only; index_expr.go)
//	DropIndex:   name
//	TxnData:     xid, nops, {kind byte, table oid, slot, [ncols, datum...] if insert}...
//	TxnDataPart: xid, bytes: the TxnData body (what follows its xid) of a
//	             row too large for one record is the concatenation of the
//	             bytes of the TxnDataPart records of that xid written since
//	             its last TxnData record, then the body of the next TxnData
//	             record (type 19; WAL written before it has none)
//	TxnReset:    xid: the TxnData and TxnDataPart records of xid written
//	             before it are void (its commit rewrites them all after it;
//	             type 22, txn_early.go)
//	TxnCommit:   xid, nseq, {table oid, col, last value varint}...; for a
//	             sequence col is version<<1 | is_called (sequence.go)

func encodeCreateTable(t *Table) []byte {
	b := appendUvarint(nil, uint64(t.OID))
	b = appendString(b, t.Name)
	b = appendUvarint(b, uint64(len(t.Columns)))
	for _, c := range t.Columns {
		b = appendString(b, c.Name)
		b = append(b, byte(c.Type.Kind))
		b = appendVarint(b, int64(c.Type.Typmod))
		b = append(b, boolByte(c.NotNull), serialByte(c))
		b = appendDatum(b, c.Default)
	}
	b = appendUvarint(b, uint64(len(t.PrimaryKey)))
	for _, c := range t.PrimaryKey {
		b = appendUvarint(b, uint64(c))
	}
	b = appendSeq(appendView(appendConstraints(appendLayout(appendOwnership(appendString(b, t.PKeyName), t), t), t), t), t)
	return appendPersistence(appendComments(b, t), t) // comment.go, unlogged.go
}

func decodeCreateTable(p []byte) (*Table, error) {
	d := &decoder{b: p}
	t := &Table{OID: uint32(d.uvarint()), Name: d.str()}
	n := d.uvarint()
	for i := uint64(0); i < n && d.err == nil; i++ {
		c := Column{Name: d.str()}
		c.Type = types.Type{Kind: types.Kind(d.byte1()), Typmod: int32(d.varint())}
		c.NotNull = d.byte1() == 1
		c.Serial, c.Identity = readSerialByte(d.byte1())
		c.Default = d.datum()
		t.Columns = append(t.Columns, c)
	}
	npk := d.uvarint()
	for i := uint64(0); i < npk && d.err == nil; i++ {
		t.PrimaryKey = append(t.PrimaryKey, int(d.uvarint()))
	}
	t.PKeyName = d.str()
	readOwnership(d, t)
	readLayout(d, t)
	readConstraints(d, t)
	readView(d, t)
	readSeq(d, t)
	readComments(d, t)
	readPersistence(d, t)
	return t, d.err
}

func encodeCreateIndex(ix *Index) []byte {
	b := appendUvarint(nil, uint64(ix.OID))
	b = appendString(b, ix.Name)
	b = appendString(b, ix.Table.Name)
	b = appendString(b, string(ix.Method))
	b = appendString(b, ix.Table.Columns[ix.Column].Name)
	b = appendString(b, ix.Opclass)
	b = append(b, byte(ix.Metric))
	b = appendUvarint(b, uint64(ix.M))
	b = appendUvarint(b, uint64(ix.EfConstruction))
	b = appendUvarint(b, uint64(len(ix.Reloptions)))
	for _, o := range ix.Reloptions {
		b = appendString(b, o)
	}
	if ix.HasExprs() { // records of plain indexes end here, as before
		b = appendString(appendString(b, ix.Expr), ix.Pred)
	}
	return b
}

func decodeCreateIndex(p []byte) (uint32, IndexDef, error) {
	d := &decoder{b: p}
	oid := uint32(d.uvarint())
	def := IndexDef{Name: d.str(), Table: d.str(), Method: IndexMethod(d.str()), Column: d.str(), Opclass: d.str()}
	def.Metric = vecindex.Metric(d.byte1())
	def.M = int(d.uvarint())
	def.EfConstruction = int(d.uvarint())
	if len(d.b) > 0 { // records written before reloptions were kept end here
		n := d.uvarint()
		def.Reloptions = []string{}
		for i := uint64(0); i < n && d.err == nil; i++ {
			def.Reloptions = append(def.Reloptions, d.str())
		}
	}
	if len(d.b) > 0 && d.err == nil { // expression or partial index (index_expr.go)
		def.Expr, def.Pred = d.str(), d.str()
	}
	return oid, def, d.err
}

func boolByte(v bool) byte {
	if v {
		return 1
	}
	return 0
}

// serialByte is a column's serial byte in the CreateTable record: 1 for
// a serial column, its Identity ('a' or 'd') for an identity column, 0
// otherwise (WAL written before identity columns holds only 0 and 1).
func serialByte(c Column) byte {
	if c.Identity != 0 {
		return c.Identity
	}
	return boolByte(c.Serial)
}

// readSerialByte is serialByte's inverse.
func readSerialByte(b byte) (serial bool, identity byte) {
	if b == 'a' || b == 'd' {
		return false, b
	}
	return b == 1, 0
}
