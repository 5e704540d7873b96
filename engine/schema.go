// This file generates the JSON schemas of a class and of its model
// builders (`muranopl schema`, murano's /schemas API).

package engine

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"

	"murano.dev/playground/engine/corelib"
	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/pkg"
	"murano.dev/playground/engine/schema"
	"murano.dev/playground/engine/value"
)

// SchemaRequest asks for the JSON schemas of a class and of its model
// builders, as murano's schema API does (see engine/schema).
type SchemaRequest struct {
	// Packages are the packages searched for the class, with the core
	// library of CoreLibrary and, when none of them is it, the project's
	// io.murano.applications (as for [Deploy]).
	Packages []*Package
	// Classes, instead of Packages, is a folder of class files loaded as
	// murano's unit-test foundation loads them: one package named
	// "tests", runtime 1.0 (as [RunRequest].Classes).
	Classes fs.FS
	// CoreLibrary is the io.murano core library; nil is the project's own.
	CoreLibrary fs.FS
	// Class is the full name of the class.
	Class string
	// Methods names the schemas wanted: "" for the class's, model builder
	// names for theirs; none means all. Other names are left out.
	Methods []string
	// ClassVersion is the version spec of the class's package ("": major
	// version 0).
	ClassVersion string
	// Package, when set, is the package the class must be in.
	Package string
	// Extensions adds what the MuranoPL forms specification promises and
	// murano 14.0.0 does not do ("required", lengths, list counts …).
	Extensions bool
	// MaxSteps bounds the work of the generation (0:
	// [DefaultMuranoPLSteps]).
	MaxSteps int64
}

// SchemaResult is the outcome of a [SchemaRequest]: the schemas, or the
// error the reference raises for the same classes.
type SchemaResult struct {
	// Schemas is the document {"": <class schema>, "<builder>": <schema>,
	// …}; nil when Error is set.
	Schemas *Dict
	Error   *SchemaError
}

// SchemaError is a failed generation: the Python exception the reference
// raises (NoClassFound, NoPackageFound, NoPackageForClassFound,
// AttributeError, MuranoPlException …) and its message.
type SchemaError struct{ Type, Message string }

func (e *SchemaError) Error() string { return e.Type + ": " + e.Message }

// GenerateSchema performs the request. The error is for a request that
// cannot be carried out (an unreadable core library); what the
// reference's generator would raise is the result's Error.
func GenerateSchema(ctx context.Context, req SchemaRequest) (*SchemaResult, error) {
	ex, failed, err := schemaExecutor(ctx, req, dsl.Options{})
	if err != nil {
		return nil, err
	}
	if failed != nil {
		return &SchemaResult{Error: schemaError(failed)}, nil
	}
	doc, err := schema.Generate(ex, req.Class, schema.Options{Methods: req.Methods, ClassVersion: req.ClassVersion,
		Package: req.Package, Extensions: req.Extensions})
	if err != nil {
		return &SchemaResult{Error: schemaError(err)}, nil
	}
	return &SchemaResult{Schemas: doc}, nil
}

// schemaExecutor loads the packages of a request in an executor with the
// options opts (MaxSteps: the request's): with Classes, the core
// library's classes and them as murano's unit-test foundation loads them;
// else the core library, req.Packages and, when none of them is it, the
// project's io.murano.applications. failed is the error of a Classes
// folder that does not load (what the reference raises); err is for a
// request that cannot be carried out (an unreadable core library).
func schemaExecutor(ctx context.Context, req SchemaRequest, opts dsl.Options) (ex *dsl.Executor, failed, err error) {
	coreFS := req.CoreLibrary
	if coreFS == nil {
		coreFS = corelib.FS()
	}
	var pkgs []*pkg.Package
	opts.MaxSteps = cmp.Or(req.MaxSteps, DefaultMuranoPLSteps)
	if req.Classes != nil {
		classes, err := fs.Sub(coreFS, "Classes")
		if err != nil {
			return nil, nil, err
		}
		core, err := pkg.ClassFolder(dsl.CoreLibrary, classes, decl.V1_0)
		if err != nil {
			return nil, nil, fmt.Errorf("core library: %w", err)
		}
		user, err := pkg.ClassFolder("tests", req.Classes, decl.V1_0)
		if err != nil {
			return nil, err, nil
		}
		pkgs = []*pkg.Package{core, user}
		opts.TestPackage, opts.TestFoundation = "tests", true
	} else if pkgs, err = withLibraries(req.CoreLibrary, req.Packages); err != nil {
		return nil, nil, err
	}
	ex = dsl.NewExecutor(ctx, pkg.NewLoader(pkgs...), opts)
	for _, p := range pkgs {
		ex.AddPackage(p)
	}
	return ex, nil, nil
}

// schemaError names an error of the generation as the reference does:
// a MuranoPL exception is a MuranoPlException "[names]: message".
func schemaError(err error) *SchemaError {
	var me *dsl.Exception
	if errors.As(err, &me) {
		return &SchemaError{Type: "MuranoPlException", Message: me.Error()}
	}
	class, _, msg := dsl.PythonName(err)
	return &SchemaError{Type: class, Message: msg}
}

// JSON is the result as `muranopl schema` prints it: the document, or
// {"error": "<Type>: <message>"}, keys sorted, indented by indent spaces
// (on one line when indent is negative), values encoded as the reference
// harness encodes them (a YAQL expression as {"$pytype":
// "YaqlExpression", "$repr": "YAQL(…)"}).
func (r *SchemaResult) JSON(indent int) ([]byte, error) {
	if r.Error != nil {
		return DeployOutputJSON(map[string]any{"error": r.Error.Error()}, indent)
	}
	text, _, err := value.ToJSON(r.Schemas)
	if err != nil {
		return nil, err
	}
	plain, err := value.FromJSON(text)
	if err != nil {
		return nil, err
	}
	doc := map[string]any{}
	d := plain.(*value.Dict)
	for i, k := range d.Keys() {
		doc[value.Str(k)] = d.Values()[i]
	}
	return DeployOutputJSON(doc, indent)
}
