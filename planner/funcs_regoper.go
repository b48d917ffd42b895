package planner

import (
	"math"
	"strings"

	"github.com/vecgres/vecgres/planner/pgcatalog"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// regprocedure, regoper and regoperator (PostgreSQL 15 docs §8.19 "Object
// Identifier Types"; regproc.c): a function by its signature
// ('abs(integer)'), an operator by its name ('||/', when only one
// operator has it) or by its signature ('+(integer,integer)',
// '-(NONE,integer)'), resolved in the one registry (planner/sem) with the
// OIDs pg_proc and pg_operator give its entries. The signature's types
// are read by regtype's input (42704 for a type that does not exist).

// regSignatureIn is the OID of the function (regprocedure) or operator
// (regoperator) the signature text names, or of the operator regoper's
// text names. Errors, as PostgreSQL's: 22P02 "expected a left
// parenthesis" / "expected a right parenthesis", 42704 for an unknown
// type, 42883 and 42725 (ambiguous regoper), 42P02 and 54023 for an
// operator signature without two operand types.
func regSignatureIn(k types.Kind, text string) (int64, error) {
	if k == types.KindRegoper {
		return regoperIn(text)
	}
	if k == types.KindRegprocedure && strings.TrimSpace(text) == "-" {
		return 0, nil
	}
	name, args, err := splitSignature(text, k == types.KindRegoperator)
	if err != nil {
		return 0, err
	}
	if k == types.KindRegoperator {
		return regoperatorIn(text, name, args)
	}
	parts, ok := splitIdentifiers(name)
	if !ok || len(parts) > 2 {
		return 0, pgerror.New(pgerror.InvalidName, "invalid name syntax")
	}
	schema := ""
	if len(parts) == 2 {
		schema = parts[0]
	}
	if oid, ok := pgcatalog.ProcByArgs(schema, parts[len(parts)-1], args); ok {
		return int64(oid), nil
	}
	return 0, pgerror.Errorf(pgerror.UndefinedFunction, "function \"%s\" does not exist", text)
}

// splitSignature splits "name(type, ...)" into the name and the types'
// OIDs; with none, "NONE" is the OID 0 (an operator signature's missing
// operand).
func splitSignature(text string, none bool) (string, []types.OID, error) {
	open := strings.IndexByte(text, '(')
	if open < 0 {
		return "", nil, pgerror.New(pgerror.InvalidTextRepresentation, "expected a left parenthesis")
	}
	body := strings.TrimRight(text[open+1:], " \t\n\r")
	if !strings.HasSuffix(body, ")") {
		return "", nil, pgerror.New(pgerror.InvalidTextRepresentation, "expected a right parenthesis")
	}
	body = body[:len(body)-1]
	var oids []types.OID
	depth, start := 0, 0
	for i := 0; i <= len(body); i++ {
		if i < len(body) {
			switch body[i] {
			case '(':
				depth++
				continue
			case ')':
				depth--
				continue
			case ',':
				if depth > 0 {
					continue
				}
			default:
				continue
			}
		}
		arg := strings.TrimSpace(body[start:i])
		start = i + 1
		if arg == "" && i == len(body) && len(oids) == 0 {
			break // "()"
		}
		if none && strings.EqualFold(arg, "none") {
			oids = append(oids, 0)
			continue
		}
		if oid, ok := pseudoTypes[strings.ToLower(strings.Trim(arg, `"`))]; ok {
			oids = append(oids, oid)
			continue
		}
		v, err := types.ParseText(types.Regtype, arg)
		if err != nil {
			return "", nil, err
		}
		oids = append(oids, types.OID(v.(int64)))
	}
	return strings.TrimSpace(text[:open]), oids, nil
}

// pseudoTypes are the pseudo-types the registry's signatures use, by
// name (pg_type.dat's OIDs), which regtype's input does not read.
var pseudoTypes = map[string]types.OID{"any": 2276, "anyarray": 2277, "anyelement": 2283}

// regoperIn is regoperin: the one operator named text. Errors: 42883,
// 42725 "more than one operator named x".
func regoperIn(text string) (int64, error) {
	name := strings.TrimSpace(text)
	oids := pgcatalog.OperOIDs("", name)
	switch len(oids) {
	case 0:
		return 0, pgerror.Errorf(pgerror.UndefinedFunction, "operator does not exist: %s", text)
	case 1:
		return int64(oids[0]), nil
	}
	return 0, pgerror.Errorf(pgerror.AmbiguousFunction, "more than one operator named %s", name)
}

// regoperatorIn is regoperatorin after splitSignature: two operand types
// (the left NONE for a prefix operator).
func regoperatorIn(text, name string, args []types.OID) (int64, error) {
	switch {
	case len(args) < 2:
		return 0, pgerror.New(pgerror.UndefinedParameter, "missing argument").
			WithHint("Use NONE to denote the missing argument of a unary operator.")
	case len(args) > 2:
		return 0, pgerror.New(pgerror.TooManyArguments, "too many arguments").
			WithHint("Provide two argument types for operator.")
	}
	if oid, ok := pgcatalog.OperByArgs("", name, args[0], args[1]); ok {
		return int64(oid), nil
	}
	return 0, pgerror.Errorf(pgerror.UndefinedFunction, "operator does not exist: %s", text)
}

// regSignatureOut is the output of regprocedure ("abs(integer)", "-"
// for 0), regoper ("+", "0" for 0) or regoperator ("+(integer,integer)",
// "0" for 0); a name not on search_path is qualified by its schema; ""
// (printed as the number) for an OID that names nothing.
func (s *Session) regSignatureOut(k types.Kind, oid int64) string {
	if oid == 0 {
		if k == types.KindRegprocedure {
			return "-"
		}
		return "0"
	}
	if oid < 0 || oid > math.MaxUint32 {
		return ""
	}
	var name, schema string
	var args []string
	var ok bool
	if k == types.KindRegprocedure {
		if name, schema, ok = pgcatalog.ProcName(uint32(oid)); ok {
			name = pgcatalog.QuoteIdent(name)
			args, _ = pgcatalog.ProcArgs(uint32(oid))
		}
	} else {
		name, schema, args, ok = pgcatalog.OperName(uint32(oid))
	}
	if !ok {
		return ""
	}
	if schema != "pg_catalog" && !s.onSearchPath(schema) {
		name = pgcatalog.QuoteIdent(schema) + "." + name
	}
	if k == types.KindRegoper {
		return name
	}
	return name + "(" + strings.Join(args, ",") + ")"
}

// regSignatureMissing reports whether err is the "does not exist" or
// "more than one" of a to_regprocedure, to_regoper or to_regoperator
// lookup, which gives NULL; other errors (syntax, unknown types) are
// raised, as in PostgreSQL 15.
func regSignatureMissing(err error) bool {
	c := pgerror.CodeOf(err)
	return c == pgerror.UndefinedFunction || c == pgerror.AmbiguousFunction
}
