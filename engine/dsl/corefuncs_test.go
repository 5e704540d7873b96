package dsl_test

import (
	"context"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/pkg"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// TestCoreFunctionsOnlyInTheCoreLibrary checks that the functions of
// Options.CoreFunctions (murano's config()) are seen by the core
// library's code only: an application's class calling one gets the
// NoFunctionRegistered error of an unknown function.
func TestCoreFunctionsOnlyInTheCoreLibrary(t *testing.T) {
	real := coreLibrary(t)
	core := fstest.MapFS{}
	err := fs.WalkDir(real, "Classes", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(real, path)
		core[strings.TrimPrefix(path, "Classes/")] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	core["Probe.yaml"] = &fstest.MapFile{Data: []byte("Namespaces:\n  =: io.murano\nName: Probe\nMethods:\n  read:\n    Usage: Static\n    Scope: Public\n    Body:\n      - Return: config(rabbitmq, host)\n")}
	app := fstest.MapFS{"App.yaml": {Data: []byte("Namespaces:\n  m: io.murano\nName: App\nMethods:\n  testViaCore:\n    Usage: Static\n    Body:\n      - Return: m:Probe.read()\n  testDirect:\n    Usage: Static\n    Body:\n      - Return: config(rabbitmq, host)\n")}}
	corePkg, err := pkg.ClassFolder(dsl.CoreLibrary, core, decl.V1_0)
	if err != nil {
		t.Fatal(err)
	}
	appPkg, err := pkg.ClassFolder("tests", app, decl.V1_0)
	if err != nil {
		t.Fatal(err)
	}
	config := yaql.Fn("config", func(c *yaql.Call) (value.Value, error) {
		return value.String(value.Str(c.Args[0]) + "." + value.Str(c.Args[1])), nil
	}, yaql.P("group", yaql.String), yaql.P("setting", yaql.String))
	ex := dsl.NewExecutor(context.Background(), pkg.NewLoader(corePkg, appPkg), dsl.Options{
		CoreFunctions:  []*yaql.Func{config},
		TestPackage:    "tests",
		TestFoundation: true,
	})
	ex.AddPackage(corePkg)
	ex.AddPackage(appPkg)
	class, err := ex.FindClass("App")
	if err != nil {
		t.Fatal(err)
	}
	got, err := ex.Call(class, "testViaCore", nil, nil)
	if err != nil || value.Str(got) != "rabbitmq.host" {
		t.Errorf("the core library's config(rabbitmq, host) = %v, %v; want rabbitmq.host", got, err)
	}
	_, err = ex.Call(class, "testDirect", nil, nil)
	if err == nil || !strings.Contains(err.Error(), `Unknown function "config"`) {
		t.Errorf("an application's config() = %v; want an unknown function", err)
	}
}
