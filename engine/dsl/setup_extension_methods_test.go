package dsl_test

// Ported from murano's test_extension_methods.TestExtensionMethods (the
// assertions that need the host class; python-setup.md, Part A).

import (
	"testing"

	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// extender is the test's host class, registered as extcls.Extender in
// package tests (merged with the MuranoPL class of that name): built
// with an argument kept as its value, with a static extension method
// and a class-method extension that builds an instance.
type extender struct{ value int64 }

var extenderNative = &dsl.NativeClass{
	Name:    "extcls.Extender",
	Package: "tests",
	Methods: []dsl.NativeMethodSpec{
		{Name: "pythonExtension", Usage: decl.MethodExtension, Params: []yaql.Param{yaql.P("arg", yaql.Integer)},
			Impl: func(nc *dsl.NativeCall) (value.Value, error) {
				n := int64(nc.Arg(0).(value.Int))
				return value.Int(n * n), nil
			}},
		{Name: "pythonExtension2", Usage: decl.MethodExtension, Params: []yaql.Param{yaql.P("arg", yaql.Integer)},
			Impl: func(nc *dsl.NativeCall) (value.Value, error) {
				e := extender{value: 2 * int64(nc.Arg(0).(value.Int))}
				return value.Int(e.value), nil
			}},
	},
}

func TestSetupExtensionMethods(t *testing.T) {
	for _, tc := range []struct{ name, method, want string }{
		{"test_call_python_extension", "testCallPythonExtension", "16"},
		{"test_call_python_extension_explicitly", "testCallPythonExtensionExplicitly", "25"},
		{"test_call_python_classmethod_extension", "testCallPythonClassmethodExtension", "14"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRunner(t, setup{natives: []*dsl.NativeClass{extenderNative}})
			r.mustLoad(`{"?": {"type": "extcls.TestClass", "id": "obj1"}}`)
			assertEqual(t, tc.method, r.mustCall(tc.method), tc.want)
		})
	}
}
