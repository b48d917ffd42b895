package planner

import (
	"math"
	"strings"
	"unicode"

	"github.com/vecgres/vecgres/planner/guc"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// Settings and transactions, as PostgreSQL's GUC stack (docs, SET): a SET
// in a transaction that rolls back is undone; SET LOCAL lasts until the
// transaction ends, whether it commits or not; a session-level SET made in
// the transaction wins at commit over an earlier or later SET LOCAL.

// txnSetting is how to undo a setting changed in the open transaction.
type txnSetting struct {
	prior      string  // value before the transaction
	hadPrior   bool    // prior was set (else the default applied)
	sessionSet bool    // a session-level SET or RESET ran in the transaction
	session    *string // its value; nil for RESET (the default)
}

// beginTxn starts recording undo information.
func (st *settings) beginTxn() { st.inTxn = true }

// remember records name's value before its first change in the open
// transaction, and a session-level change (value nil: reset).
func (st *settings) remember(name string, value *string, local bool) {
	if !st.inTxn {
		return
	}
	if st.txn == nil {
		st.txn = map[string]*txnSetting{}
	}
	r, ok := st.txn[name]
	if !ok {
		p, had := st.values[name]
		r = &txnSetting{prior: p, hadPrior: had}
		st.txn[name] = r
	}
	if !local {
		r.sessionSet = true
		r.session = nil
		if value != nil {
			v := *value
			r.session = &v
		}
	}
}

// endTxn applies the end of the transaction to the settings it changed:
// at commit the last session-level value stays, else the value before the
// transaction comes back. It returns ParameterStatus for the reported
// settings whose value changed (nil if none).
func (st *settings) endTxn(commit bool) map[string]string {
	st.inTxn = false
	if len(st.txn) == 0 {
		return nil
	}
	var status map[string]string
	for name, r := range st.txn {
		before, _ := st.get(name)
		switch {
		case commit && r.sessionSet && r.session != nil:
			st.values[name] = *r.session
		case commit && r.sessionSet, !r.hadPrior:
			delete(st.values, name)
		default:
			st.values[name] = r.prior
		}
		if after, _ := st.get(name); after != before && knownSettings[name].report {
			if status == nil {
				status = map[string]string{}
			}
			status[reportedName(name)] = after
		}
	}
	st.txn = nil
	st.version++
	return status
}

func reportedName(name string) string {
	if n, ok := reportedNames[name]; ok {
		return n
	}
	return name
}

// runSet runs SET [LOCAL] name = value | TO DEFAULT. SET LOCAL outside a
// transaction block warns 25P01 and lasts only until the implicit
// transaction ends, as in PostgreSQL.
func (s *Session) runSet(x *sql.Set) (*backend.Result, error) {
	if err := s.checkSetPrivilege(x.Name); err != nil { // settings_server.go
		return nil, err
	}
	var res *backend.Result
	var err error
	switch {
	case isTxnSetting(x.Name):
		res, err = s.setTxnSetting(x)
	case x.Default:
		res, err = s.settings.resetTo(x.Name, x.Local)
		if res != nil {
			res.Tag = "SET"
		}
	default:
		res, err = s.settings.assign(x.Name, x.Value, x.Local)
	}
	if err == nil && x.Local && !s.inBlock() {
		res.Notices = append(res.Notices, backend.Notice{Severity: "WARNING", Code: string(pgerror.NoActiveSQLTransaction),
			Message: "SET LOCAL can only be used in transaction blocks"})
	}
	return res, err
}

// The per-transaction settings: their values are the open transaction's
// modes (session_txn.go).
const (
	settingIsolation  = "transaction_isolation"
	settingReadOnly   = "transaction_read_only"
	settingDeferrable = "transaction_deferrable"
)

func isTxnSetting(name string) bool {
	return name == settingIsolation || name == settingReadOnly || name == settingDeferrable
}

// setTxnSetting is SET transaction_isolation / transaction_read_only /
// transaction_deferrable: SET TRANSACTION for the open transaction.
func (s *Session) setTxnSetting(x *sql.Set) (*backend.Result, error) {
	res := &backend.Result{Tag: "SET"}
	if x.Default {
		return res, nil
	}
	v, err := knownSettings[x.Name].check(x.Name, x.Value)
	if err != nil {
		return nil, err
	}
	var m sql.TxnModes
	on := v == "on"
	switch x.Name {
	case settingIsolation:
		m.Isolation = v
	case settingReadOnly:
		m.ReadOnly = &on
	default:
		m.Deferrable = &on
	}
	return res, s.applyModes(m)
}

// txnSetting returns the value SHOW gives for a per-transaction setting.
func (s *Session) txnSetting(name string) (string, bool) {
	if !isTxnSetting(name) {
		return "", false
	}
	m := s.mode
	if !s.open {
		m = s.defaultMode()
	}
	switch name {
	case settingIsolation:
		return m.isolation, true
	case settingReadOnly:
		return onOff(m.readOnly), true
	}
	return onOff(m.deferrable), true
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// isolationLevels are PostgreSQL's names, in its order (the HINT lists
// them so).
var isolationLevels = []string{"serializable", "repeatable read", "read committed", "read uncommitted"}

// isolationCheck accepts an isolation level name; SERIALIZABLE is 0A000
// (errSerializable).
func isolationCheck(name, v string) (string, error) {
	lv, err := enumCheck(isolationLevels...)(name, v)
	if err != nil {
		return "", err
	}
	if lv == "serializable" {
		return "", errSerializable()
	}
	return lv, nil
}

// errSerializable refuses SERIALIZABLE rather than run it as a weaker
// level: vecgres has no serializable snapshot isolation.
func errSerializable() error {
	return pgerror.NotSupported("SERIALIZABLE isolation level").
		WithHint("Use REPEATABLE READ (one snapshot per transaction) or READ COMMITTED.")
}

// msCheck reads a time setting in milliseconds as PostgreSQL does
// (guc.ParseInt with guc.Time, 0 .. 2147483647 ms) and returns the value
// as SHOW prints it: the largest unit that is exact ("1s", "1500ms",
// "1min"), "0" for zero.
func msCheck(name, v string) (string, error) {
	ms, err := parseMS(name, v)
	if err != nil {
		return "", err
	}
	return guc.Format(ms, guc.Time), nil
}

// parseMS reads a time setting in milliseconds (msCheck).
func parseMS(name, v string) (int64, error) {
	return guc.ParseInt(name, v, guc.Time, 0, math.MaxInt32)
}

// pgEncodings are PostgreSQL's encoding names by their cleaned form
// (lower case, letters and digits only), with the aliases it accepts
// (PostgreSQL's encnames.c).
var pgEncodings = map[string]string{
	"utf8": "UTF8", "unicode": "UTF8", "sqlascii": "SQL_ASCII", "eucjp": "EUC_JP", "euccn": "EUC_CN",
	"euckr": "EUC_KR", "euctw": "EUC_TW", "eucjis2004": "EUC_JIS_2004", "muleinternal": "MULE_INTERNAL",
	"latin1": "LATIN1", "latin2": "LATIN2", "latin3": "LATIN3", "latin4": "LATIN4", "latin5": "LATIN5",
	"latin6": "LATIN6", "latin7": "LATIN7", "latin8": "LATIN8", "latin9": "LATIN9", "latin10": "LATIN10",
	"iso88591": "LATIN1", "iso88592": "LATIN2", "iso88593": "LATIN3", "iso88594": "LATIN4", "iso88599": "LATIN5",
	"iso885910": "LATIN6", "iso885913": "LATIN7", "iso885914": "LATIN8", "iso885915": "LATIN9", "iso885916": "LATIN10",
	"iso88595": "ISO_8859_5", "iso88596": "ISO_8859_6", "iso88597": "ISO_8859_7", "iso88598": "ISO_8859_8",
	"win1250": "WIN1250", "win1251": "WIN1251", "win1252": "WIN1252", "win1253": "WIN1253", "win1254": "WIN1254",
	"win1255": "WIN1255", "win1256": "WIN1256", "win1257": "WIN1257", "win1258": "WIN1258", "win866": "WIN866",
	"win874": "WIN874", "windows1250": "WIN1250", "windows1251": "WIN1251", "windows1252": "WIN1252",
	"koi8": "KOI8R", "koi8r": "KOI8R", "koi8u": "KOI8U", "sjis": "SJIS", "shiftjis": "SJIS", "big5": "BIG5",
	"gbk": "GBK", "uhc": "UHC", "gb18030": "GB18030", "johab": "JOHAB", "shiftjis2004": "SHIFT_JIS_2004",
	"alt": "WIN866", "mskanji": "SJIS", "tcvn": "WIN1258", "vscii": "WIN1258",
}

// pgEncodingName returns the canonical name of a PostgreSQL encoding name.
func pgEncodingName(v string) (string, bool) {
	var b strings.Builder
	for _, r := range strings.ToLower(v) {
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			b.WriteRune(r)
		}
	}
	enc, ok := pgEncodings[b.String()]
	return enc, ok
}
