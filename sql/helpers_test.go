package sql

import (
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// TestMain installs a fake type lookup that follows the contract of
// types.LookupType, so these tests do not depend on package types;
// TestRealLookupType checks the real one.
func TestMain(m *testing.M) {
	lookupType = fakeLookup
	typeString = fakeTypeString
	os.Exit(m.Run())
}

var fakeKinds = map[string]types.Kind{
	"int2": types.KindInt2, "int4": types.KindInt4, "int8": types.KindInt8,
	"float4": types.KindFloat4, "float8": types.KindFloat8, "bool": types.KindBool,
	"text": types.KindText, "varchar": types.KindVarchar, "bpchar": types.KindBpchar,
	"numeric": types.KindNumeric, "vector": types.KindVector, "_float4": types.KindFloat4Array,
	"_float8": types.KindFloat8Array, "_int4": types.KindInt4Array, "oid": types.KindOID,
}

func fakeLookup(name string, mods []int32) (types.Type, error) {
	k, ok := fakeKinds[name]
	if !ok {
		return types.Type{}, pgerror.Errorf(pgerror.UndefinedObject, "type %q does not exist", name)
	}
	t := types.Type{Kind: k, Typmod: types.NoTypmod}
	switch {
	case len(mods) == 0:
	case k == types.KindVector && len(mods) > 1:
		return types.Type{}, pgerror.New(pgerror.InvalidParameterValue, "invalid type modifier")
	case k == types.KindVector && (mods[0] < 1 || mods[0] > 16000):
		return types.Type{}, pgerror.New(pgerror.InvalidParameterValue, "dimensions for type vector must be at least 1")
	default:
		t.Typmod = mods[0]
	}
	return t, nil
}

var fakeKindNames = map[types.Kind]string{}

func init() {
	for n, k := range fakeKinds {
		fakeKindNames[k] = n
	}
}

func fakeTypeString(t types.Type) string {
	if t.Typmod != types.NoTypmod {
		return fmt.Sprintf("%s(%d)", fakeKindNames[t.Kind], t.Typmod)
	}
	return fakeKindNames[t.Kind]
}

// dump prints a statement compactly: struct fields that are not zero, as
// Name:value, expressions through FormatExpr, types through fakeTypeString.
func dump(v any) string {
	var b strings.Builder
	dumpValue(&b, reflect.ValueOf(v))
	return b.String()
}

// namePositions are the fields holding the offset of a table or column
// name, left out of dumps (TestPositions and TestTablePositions check them).
var namePositions = map[string]bool{"Select.FromP": true, "Insert.TableP": true, "Update.TableP": true,
	"Delete.TableP": true, "Insert.ColumnsP": true, "Assignment.P": true, "CreateTable.NameP": true}

var (
	exprType = reflect.TypeOf((*Expr)(nil)).Elem()
	typeType = reflect.TypeOf(types.Type{})
)

func dumpValue(b *strings.Builder, v reflect.Value) {
	if v.Kind() == reflect.Interface && !v.IsNil() && v.Type() == exprType {
		b.WriteString(FormatExpr(v.Interface().(Expr)))
		return
	}
	switch v.Kind() {
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		dumpValue(b, v.Elem())
	case reflect.Struct:
		if v.Type() == typeType {
			b.WriteString(fakeTypeString(v.Interface().(types.Type)))
			return
		}
		b.WriteString(v.Type().Name() + "{")
		first := true
		for i := 0; i < v.NumField(); i++ {
			if v.Field(i).IsZero() || namePositions[v.Type().Name()+"."+v.Type().Field(i).Name] {
				continue
			}
			if !first {
				b.WriteString(" ")
			}
			first = false
			b.WriteString(v.Type().Field(i).Name + ":")
			dumpValue(b, v.Field(i))
		}
		b.WriteString("}")
	case reflect.Slice:
		b.WriteString("[")
		for i := 0; i < v.Len(); i++ {
			if i > 0 {
				b.WriteString(" ")
			}
			dumpValue(b, v.Index(i))
		}
		b.WriteString("]")
	case reflect.String:
		fmt.Fprintf(b, "%q", v.String())
	default:
		fmt.Fprintf(b, "%v", v.Interface())
	}
}

// parseOne parses q, which must hold exactly one statement.
func parseOne(t *testing.T, q string) Statement {
	t.Helper()
	stmts, err := Parse(q)
	if err != nil {
		t.Fatalf("Parse(%q): %v", q, err)
	}
	if len(stmts) != 1 {
		t.Fatalf("Parse(%q): %d statements, want 1", q, len(stmts))
	}
	return stmts[0]
}

// parseErr parses q and returns its *pgerror.Error, failing otherwise.
func parseErr(t *testing.T, q string) *pgerror.Error {
	t.Helper()
	_, err := Parse(q)
	if err == nil {
		t.Fatalf("Parse(%q): no error", q)
	}
	var pe *pgerror.Error
	if !errors.As(err, &pe) {
		t.Fatalf("Parse(%q): error %T %v is not *pgerror.Error", q, err, err)
	}
	return pe
}
