package dsl_test

// Ported from murano's test_statics.TestStatics (the assertions that
// need the host class; python-setup.md, Part A).

import (
	"strings"
	"testing"

	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// pythonClass is the name of the test's host class (its Python class
// name, which its class method reports).
const pythonClass = "PythonClass"

// staticsNative is the test's host class, registered as test.TestStatics
// in package tests (merged with the MuranoPL class): static methods that
// see their receiver, an object or a type reference.
var staticsNative = &dsl.NativeClass{
	Name:    "test.TestStatics",
	Package: "tests",
	Methods: []dsl.NativeMethodSpec{
		{Name: "staticPythonMethod", Usage: decl.MethodStatic, Params: []yaql.Param{yaql.P("arg", yaql.Integer)},
			Impl: func(nc *dsl.NativeCall) (value.Value, error) {
				n := int64(nc.Arg(0).(value.Int))
				if nc.Object() != nil {
					return value.Int(3 * n), nil
				}
				return value.Int(7 * n), nil
			}},
		{Name: "classmethodPythonMethod", Usage: decl.MethodStatic, Params: []yaql.Param{yaql.P("arg", yaql.Any)},
			Impl: func(nc *dsl.NativeCall) (value.Value, error) {
				name := pythonClass
				if nc.Object() != nil {
					name = strings.ToUpper(name)
				}
				return value.String(name + value.Str(nc.Arg(0))), nil
			}},
	},
}

func TestSetupStatics(t *testing.T) {
	for _, tc := range []struct{ name, method, want string }{
		{"test_call_python_static_method", "testCallPythonStaticMethod", `[333, 777, 777, 777]`},
		{"test_call_python_classmethod", "testCallPythonClassMethod", `["PYTHONCLASS!", "PythonClass!", "PythonClass!", "PythonClass!"]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRunner(t, setup{natives: []*dsl.NativeClass{staticsNative}})
			r.mustLoad(`{"?": {"type": "test.TestStatics", "id": "obj1"}, "staticProperty2": "INVALID"}`)
			assertEqual(t, tc.method, r.mustCall(tc.method), tc.want)
		})
	}
}
