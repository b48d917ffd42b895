package planner

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/vecgres/vecgres/planner/memacct"
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wire/backend"
)

// setting is one run-time parameter (GUC). check validates and normalises
// a new value; nil accepts anything. report marks the parameters whose
// changes are sent to the client as ParameterStatus. internal marks the
// read-only ones (PostgreSQL's PGC_INTERNAL): SET, RESET and startup
// options naming them are 55P02 `parameter "x" cannot be changed`.
// server gives the value of a setting fixed when the server starts
// (PostgreSQL's PGC_POSTMASTER, here a command-line flag), which SET and
// RESET refuse as 55P02 `... without restarting the server`.
// serverDef, when set, gives the default instead of def: a default the
// server's command line chooses but sessions may SET.
type setting struct {
	def       string
	check     func(name, v string) (string, error)
	report    bool
	internal  bool
	server    func() string
	serverDef func() string
}

// Default values of the settings the planner reads.
const (
	defaultEfSearch = 40
	maxEfSearch     = 1000
)

// knownSettings are the parameters SET, SHOW and RESET accept: pgvector's,
// with its bounds, and the client settings drivers send.
var knownSettings = map[string]setting{
	"hnsw.ef_search":                      {def: strconv.Itoa(defaultEfSearch), check: intRangeCheck(1, maxEfSearch)},
	"hnsw.iterative_scan":                 {def: "off", check: enumCheck("off", "relaxed_order", "strict_order")},
	"hnsw.max_scan_tuples":                {def: "20000", check: intRangeCheck(1, 2147483647)},
	"hnsw.scan_mem_multiplier":            {def: "1", check: floatRangeCheck(1, 1000)},
	"ivfflat.probes":                      {def: "1", check: intRangeCheck(1, 32768)},
	"ivfflat.iterative_scan":              {def: "off", check: enumCheck("off", "relaxed_order")},
	"ivfflat.max_probes":                  {def: "32768", check: intRangeCheck(1, 32768)},
	"extra_float_digits":                  {def: "1", check: intRangeCheck(-15, 3)},
	"application_name":                    {def: "", report: true},
	"client_encoding":                     {def: "UTF8", check: encodingCheck, report: true},
	"datestyle":                           {def: "ISO, MDY", check: dateStyleCheck, report: true},
	"timezone":                            {def: "UTC", check: timeZoneCheck, report: true},
	"intervalstyle":                       {def: "postgres", check: intervalStyleCheck, report: true},
	"search_path":                         {def: `"$user", public`},
	"statement_timeout":                   {def: "0", check: msCheck},
	"lock_timeout":                        {def: "0", check: msCheck},
	"idle_in_transaction_session_timeout": {def: "0", check: msCheck},
	"client_min_messages":                 {def: "notice"},
	"standard_conforming_strings":         {def: "on", report: true},
	"default_transaction_isolation":       {def: "read committed", check: isolationCheck},
	"default_transaction_read_only":       {def: "off", check: boolCheck, report: true},
	"default_transaction_deferrable":      {def: "off", check: boolCheck},
	"transaction_isolation":               {def: "read committed", check: isolationCheck},
	"transaction_read_only":               {def: "off", check: boolCheck},
	"transaction_deferrable":              {def: "off", check: boolCheck},
	"synchronous_commit":                  {def: "on"},
	"maintenance_work_mem":                {def: "64MB"},
	"max_parallel_maintenance_workers":    {def: "2"},
	"max_parallel_workers_per_gather":     {def: "2"},
	"work_mem":                            {def: "4MB"},
	"enable_seqscan":                      {def: "on", check: boolCheck},
	"enable_indexscan":                    {def: "on", check: boolCheck},
	"jit":                                 {def: "off", check: boolCheck},
	"server_version":                      {def: backend.ServerVersion, internal: true},
	"server_version_num":                  {def: backend.ServerVersionNum, internal: true},
	"server_encoding":                     {def: "UTF8", internal: true},
	"integer_datetimes":                   {def: "on", internal: true},
	"max_identifier_length":               {def: "63", internal: true},
	"is_superuser":                        {def: "on", internal: true},
	"row_security":                        {def: "on"},
	"bytea_output":                        {def: "hex", check: enumCheck("escape", "hex")},
	// pg_dump's settings (settings_dump.go).
	"synchronize_seqscans":        {def: "on", check: boolCheck},
	"check_function_bodies":       {def: "on", check: boolCheck},
	"xmloption":                   {def: "content", check: enumCheck("content", "document")},
	"default_tablespace":          {def: "", check: tablespaceCheck},
	"default_table_access_method": {def: "heap", check: tableAMCheck},
	"max_stack_depth":             {def: sql.ReportedMaxStackDepth, internal: true},
	"vecgres.statement_mem_limit": {server: func() string {
		return sql.FormatMemLimit(sql.StatementMemLimit())
	}},
	memacct.SettingName: {check: memacct.Check, serverDef: memacct.ServerDefault},
}

// reportedNames maps lower-case names to the spelling PostgreSQL uses in
// ParameterStatus.
var reportedNames = map[string]string{"datestyle": "DateStyle", "timezone": "TimeZone", "intervalstyle": "IntervalStyle"}

// settings holds a session's values; absent names have their default.
// version counts changes, so plans that read settings (index choice) are
// made again after SET, as PostgreSQL plans again at each execution.
// While a transaction is open (txn non-nil) the first change of each name
// records how to undo it (session_settings.go).
type settings struct {
	values map[string]string
	// base holds the values the startup packet gave: the session's
	// defaults, to which RESET returns (PostgreSQL's reset values).
	base    map[string]string
	version uint64
	inTxn   bool
	txn     map[string]*txnSetting
	// placeholders are the custom names (myapp.x) SET, RESET or
	// set_config have named: SHOW knows them from then on.
	placeholders map[string]bool
}

func newSettings() *settings { return &settings{values: map[string]string{}} }

func (st *settings) get(name string) (string, bool) {
	if v, ok := st.values[name]; ok {
		return v, true
	}
	return st.defaultOf(name)
}

// defaultOf is the value RESET gives name: the startup packet's, else
// the built-in default.
func (st *settings) defaultOf(name string) (string, bool) {
	if v, ok := st.base[name]; ok {
		return v, true
	}
	if s, ok := knownSettings[name]; ok {
		if s.server != nil {
			return s.server(), true
		}
		if s.serverDef != nil {
			return s.serverDef(), true
		}
		if v, ok := serverDefault(name); ok { // settings_server.go
			return v, true
		}
		return s.def, true
	}
	return "", st.placeholders[name]
}

// placeholder checks a name SET, RESET or set_config gives that is not a
// known setting (settings_custom.go) and records it as a placeholder,
// which SHOW then knows (empty until set), as PostgreSQL keeps one for
// the session even after RESET or ROLLBACK.
func (st *settings) placeholder(name string, known bool) error {
	if known || st.placeholders[name] {
		return nil
	}
	if err := checkPlaceholder(name); err != nil {
		return err
	}
	if st.placeholders == nil {
		st.placeholders = map[string]bool{}
	}
	st.placeholders[name] = true
	return nil
}

// efSearch returns hnsw.ef_search.
func (st *settings) efSearch() int {
	v, _ := st.get("hnsw.ef_search")
	n, err := strconv.Atoi(v)
	if err != nil {
		return defaultEfSearch
	}
	return n
}

// workMemLimit returns vecgres.work_mem_limit in bytes: the most a
// statement's execution may hold (planner/memacct).
// Unless set, it is the server's default, read without spelling it out.
func (st *settings) workMemLimit() int64 {
	v, ok := st.values[memacct.SettingName]
	if !ok {
		v, ok = st.base[memacct.SettingName]
	}
	if !ok {
		return memacct.ServerDefaultBytes()
	}
	return memacct.LimitBytes(v)
}

func (st *settings) flag(name string) bool {
	v, _ := st.get(name)
	return v == "on"
}

// errCannotChange is PostgreSQL's error for changing an internal setting
// or, without restarting the server, a server one.
func errCannotChange(name string) error {
	if knownSettings[name].server != nil {
		return pgerror.Errorf(pgerror.CantChangeRuntimeParam, "parameter %q cannot be changed without restarting the server", name)
	}
	return pgerror.Errorf(pgerror.CantChangeRuntimeParam, "parameter %q cannot be changed", name)
}

func unrecognized(name string) error {
	return pgerror.Errorf(pgerror.UndefinedObject, "unrecognized configuration parameter %q", name)
}

// set applies SET (session level); names with a dot that vecgres does
// not know are kept as placeholders, as PostgreSQL keeps custom options,
// but for pgvector's reserved prefixes (settings_custom.go).
func (st *settings) set(name, value string) (*backend.Result, error) {
	return st.assign(name, value, false)
}

// assign checks value and makes it name's value; local marks SET LOCAL,
// undone when the transaction ends.
func (st *settings) assign(name, value string, local bool) (*backend.Result, error) {
	def, known := knownSettings[name]
	if err := st.placeholder(name, known); err != nil {
		return nil, err
	}
	if def.internal || def.server != nil {
		return nil, errCannotChange(name)
	}
	if def.check != nil {
		v, err := def.check(name, value)
		if err != nil {
			return nil, err
		}
		value = v
	}
	st.remember(name, &value, local)
	st.values[name] = value
	st.version++
	return settingResult("SET", name, value, def.report), nil
}

// reset applies RESET name, RESET ALL and SET name TO DEFAULT (session
// level).
func (st *settings) reset(name string) (*backend.Result, error) {
	return st.resetTo(name, false)
}

func (st *settings) resetTo(name string, local bool) (*backend.Result, error) {
	st.version++
	if name == "all" {
		for n := range st.values {
			st.remember(n, nil, local)
		}
		st.values = map[string]string{}
		return &backend.Result{Tag: "RESET"}, nil
	}
	def, known := knownSettings[name]
	if err := st.placeholder(name, known); err != nil {
		return nil, err
	}
	if def.internal || def.server != nil {
		return nil, errCannotChange(name)
	}
	st.remember(name, nil, local)
	delete(st.values, name)
	v, _ := st.defaultOf(name)
	return settingResult("RESET", name, v, def.report), nil
}

func settingResult(tag, name, value string, report bool) *backend.Result {
	res := &backend.Result{Tag: tag}
	if report {
		if n, ok := reportedNames[name]; ok {
			name = n
		}
		res.ParamStatus = map[string]string{name: value}
	}
	return res
}

func (st *settings) show(name string) (*backend.Result, error) {
	if name == "all" {
		return st.showAll(), nil
	}
	v, ok := st.get(name)
	if !ok {
		return nil, unrecognized(name)
	}
	col := name
	if n, ok := reportedNames[name]; ok {
		col = n
	}
	return &backend.Result{Columns: []backend.Column{{Name: col, Type: types.Text}}, Rows: [][]any{{v}}, Tag: "SHOW"}, nil
}

func (st *settings) showAll() *backend.Result {
	names := make([]string, 0, len(knownSettings))
	for n := range knownSettings {
		names = append(names, n)
	}
	sort.Strings(names)
	res := &backend.Result{Columns: []backend.Column{{Name: "name", Type: types.Text}, {Name: "setting", Type: types.Text}, {Name: "description", Type: types.Text}}, Tag: "SHOW"}
	for _, n := range names {
		v, _ := st.get(n)
		res.Rows = append(res.Rows, []any{n, v, ""})
	}
	return res
}

func intRangeCheck(lo, hi int) func(name, v string) (string, error) {
	return func(name, v string) (string, error) {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			return "", pgerror.Errorf(pgerror.InvalidParameterValue, "invalid value for parameter %q: %q", name, v)
		}
		if n < lo || n > hi {
			return "", pgerror.Errorf(pgerror.InvalidParameterValue, "%d is outside the valid range for parameter %q (%d .. %d)", n, name, lo, hi)
		}
		return strconv.Itoa(n), nil
	}
}

func floatRangeCheck(lo, hi float64) func(name, v string) (string, error) {
	return func(name, v string) (string, error) {
		f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil {
			return "", pgerror.Errorf(pgerror.InvalidParameterValue, "invalid value for parameter %q: %q", name, v)
		}
		if f < lo || f > hi {
			return "", pgerror.Errorf(pgerror.InvalidParameterValue, "%s is outside the valid range for parameter %q (%s .. %s)", v, name,
				strconv.FormatFloat(lo, 'g', -1, 64), strconv.FormatFloat(hi, 'g', -1, 64))
		}
		return v, nil
	}
}

// timeZoneCheck accepts the zones sem.LoadZone knows, under their
// canonical name. Errors: 22023 `invalid value for parameter "TimeZone"`.
func timeZoneCheck(_, v string) (string, error) {
	if _, name, ok := sem.LoadZone(v); ok {
		return name, nil
	}
	return "", pgerror.Errorf(pgerror.InvalidParameterValue, "invalid value for parameter \"TimeZone\": %q", v)
}

func enumCheck(values ...string) func(name, v string) (string, error) {
	return func(name, v string) (string, error) {
		lv := strings.ToLower(v)
		for _, ok := range values {
			if lv == ok {
				return lv, nil
			}
		}
		return "", pgerror.Errorf(pgerror.InvalidParameterValue, "invalid value for parameter %q: %q", name, v).
			WithHint("Available values: " + strings.Join(values, ", ") + ".")
	}
}

func boolCheck(name, v string) (string, error) {
	switch strings.ToLower(v) {
	case "on", "true", "yes", "1", "t", "y":
		return "on", nil
	case "off", "false", "no", "0", "f", "n":
		return "off", nil
	}
	return "", pgerror.Errorf(pgerror.InvalidParameterValue, "parameter %q requires a Boolean value", name)
}

// encodingCheck accepts UTF8 and its aliases (PostgreSQL compares
// encoding names ignoring case and punctuation), and SQL_ASCII, which
// PostgreSQL passes through unconverted as vecgres does (psql asks for
// it in a C locale). Another encoding
// PostgreSQL knows is 22023 with PostgreSQL's detail for a missing
// conversion, since vecgres only speaks UTF8; an unknown name is 22023.
// (At startup the same case is FATAL 0A000, session_startup.go.)
func encodingCheck(name, v string) (string, error) {
	enc, ok := pgEncodingName(v)
	if ok && (enc == "UTF8" || enc == "SQL_ASCII") {
		return enc, nil
	}
	e := pgerror.Errorf(pgerror.InvalidParameterValue, "invalid value for parameter %q: %q", name, v)
	if ok {
		e = e.WithDetail(fmt.Sprintf("Conversion between %s and UTF8 is not supported.", enc))
	}
	return "", e
}

// runSetting executes SET [LOCAL], SHOW, RESET and SET TRANSACTION.
func (s *Session) runSetting(st sql.Statement) (*backend.Result, error) {
	switch x := st.(type) {
	case *sql.Set:
		return s.runSet(x)
	case *sql.Show:
		if v, ok := s.txnSetting(x.Name); ok {
			return &backend.Result{Columns: []backend.Column{{Name: x.Name, Type: types.Text}}, Rows: [][]any{{v}}, Tag: "SHOW"}, nil
		}
		return s.settings.show(x.Name)
	case *sql.Reset:
		if isTxnSetting(x.Name) {
			return &backend.Result{Tag: "RESET"}, nil
		}
		if err := s.checkSetPrivilege(x.Name); err != nil { // settings_server.go
			return nil, err
		}
		return s.settings.reset(x.Name)
	case *sql.SetTransaction:
		return s.runSetTransaction(x)
	}
	return nil, pgerror.NotSupported("statement")
}
