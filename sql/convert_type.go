package sql

import (
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// lookupType resolves a type name and its modifiers. It is a variable so
// that tests of the conversion do not depend on package types.
var lookupType = types.LookupType

// serialTypes maps the serial pseudo-types to the integer type of the column.
var serialTypes = map[string]types.Type{
	"smallserial": types.Int2, "serial2": types.Int2,
	"serial": types.Int4, "serial4": types.Int4,
	"bigserial": types.Int8, "serial8": types.Int8,
}

// typeName resolves a pg_query TypeName: the name without a "pg_catalog" or
// "public" schema, "_" prefixed for arrays ("_float4" for real[]), and the
// integer-constant typmods.
func (c *conv) typeName(tn *pg_query.TypeName) (types.Type, error) {
	name, mods, err := c.typeParts(tn)
	if err != nil {
		return types.Type{}, err
	}
	if _, ok := serialTypes[name]; ok && len(tn.GetNames()) == 1 {
		return types.Type{}, c.unsupported("serial types outside CREATE TABLE", tn.GetLocation())
	}
	return c.lookup(name, mods, tn.GetLocation())
}

// columnType is typeName for a CREATE TABLE column, where serial types are
// allowed: serial is then true and the type is the integer type.
func (c *conv) columnType(tn *pg_query.TypeName) (t types.Type, serial bool, err error) {
	name, mods, err := c.typeParts(tn)
	if err != nil {
		return types.Type{}, false, err
	}
	if st, ok := serialTypes[name]; ok && len(tn.GetNames()) == 1 {
		if len(mods) > 0 {
			return types.Type{}, false, c.syntaxErr("type modifier is not allowed for type \""+name+"\"", tn.GetLocation())
		}
		return st, true, nil
	}
	if strings.HasPrefix(name, "_") {
		if _, ok := serialTypes[name[1:]]; ok && len(tn.GetNames()) == 1 {
			return types.Type{}, false, c.unsupported("array of serial", tn.GetLocation())
		}
	}
	t, err = c.lookup(name, mods, tn.GetLocation())
	return t, false, err
}

// lookup calls lookupType and positions its error at loc.
func (c *conv) lookup(name string, mods []int32, loc int32) (types.Type, error) {
	t, err := lookupType(name, mods)
	if err != nil {
		return types.Type{}, c.at(pgerror.From(err), loc)
	}
	return t, nil
}

// typeParts extracts the name and typmods of tn.
func (c *conv) typeParts(tn *pg_query.TypeName) (string, []int32, error) {
	if tn.GetSetof() || tn.GetPctType() {
		return "", nil, c.unsupported("SETOF and %TYPE", tn.GetLocation())
	}
	parts := strs(tn.GetNames())
	if len(parts) > 1 && (parts[0] == "pg_catalog" || parts[0] == "public") {
		parts = parts[1:]
	}
	name := strings.Join(parts, ".")
	if len(tn.GetArrayBounds()) > 0 {
		name = "_" + name
	}
	var mods []int32
	for _, m := range tn.GetTypmods() {
		k := m.GetAConst()
		iv, ok := k.GetVal().(*pg_query.A_Const_Ival)
		if k == nil || !ok {
			return "", nil, c.syntaxErr("type modifiers must be simple constants or identifiers", nodeLocation(m))
		}
		mods = append(mods, iv.Ival.GetIval())
	}
	return name, mods, nil
}
