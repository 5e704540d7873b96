// This file defines what the forms generated from contracts need of the
// engine besides the schemas: the classes a package offers forms for, and
// the calls of model builders.

package engine

import (
	"context"
	"fmt"
	"sort"

	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/system"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// SchemaClass is a class of a package, as a list of forms shows it: its
// full name, the package that defines it (name and version), whether it
// is an application (an io.murano.Application an environment holds) and
// its model builders.
type SchemaClass struct {
	Name        string          `json:"name"`
	Version     string          `json:"version"`
	Package     string          `json:"package"`
	Application bool            `json:"application"`
	Builders    []SchemaBuilder `json:"builders"`
}

// SchemaBuilder is a model builder of a class: its method and the title
// of its form.
type SchemaBuilder struct {
	Name  string `json:"name"`
	Title string `json:"title"`
}

// formsExecutor loads the packages of a request (its Packages with the
// core library and io.murano.applications; Classes is not read) in an
// executor that has the system classes, with no cloud behind them.
func formsExecutor(ctx context.Context, req SchemaRequest) (*dsl.Executor, error) {
	req.Classes = nil
	ex, _, err := schemaExecutor(ctx, req, dsl.Options{Natives: system.Natives(&system.Host{})})
	return ex, err
}

// SchemaClasses lists the classes of the first of req.Packages (the
// others are what it requires): applications first, then by name. A
// class whose schema does not generate is listed without builders.
func SchemaClasses(ctx context.Context, req SchemaRequest) ([]SchemaClass, error) {
	if len(req.Packages) == 0 {
		return nil, fmt.Errorf("no package")
	}
	first := req.Packages[0]
	ex, err := formsExecutor(ctx, req)
	if err != nil {
		return nil, err
	}
	var out []SchemaClass
	for _, name := range first.ClassNames() {
		sc := SchemaClass{Name: name, Version: first.Version(), Package: first.Name(), Builders: []SchemaBuilder{}}
		if c, err := findClass(ex, name, first.Name(), "="+first.Version()); err == nil {
			for _, a := range append([]*dsl.Class{c}, c.Ancestors()...) {
				sc.Application = sc.Application || a.Name == "io.murano.Application"
			}
		}
		one := req
		one.Class, one.Package, one.ClassVersion, one.Methods = name, first.Name(), "="+first.Version(), nil
		if res, err := GenerateSchema(ctx, one); err == nil && res.Schemas != nil {
			for i, k := range res.Schemas.Keys() {
				method := value.Str(k)
				if method == "" {
					continue
				}
				title := ""
				if d, ok := res.Schemas.Values()[i].(*value.Dict); ok {
					if t, ok := d.GetString("title"); ok {
						if ts, ok := t.(value.String); ok {
							title = string(ts)
						}
					}
				}
				sc.Builders = append(sc.Builders, SchemaBuilder{Name: method, Title: title})
			}
			sort.Slice(sc.Builders, func(i, j int) bool { return sc.Builders[i].Name < sc.Builders[j].Name })
		}
		out = append(out, sc)
	}
	// sort.Slice, not a generic sort, whose every instantiation for a
	// struct type takes room in the WebAssembly.
	sort.Slice(out, func(i, j int) bool {
		if out[i].Application != out[j].Application {
			return out[i].Application
		}
		return out[i].Name < out[j].Name
	})
	return out, nil
}

// findClass finds a class in the package named (with a version spec), or
// when none is, in the package of major version 0 that defines it.
func findClass(ex *dsl.Executor, class, pkgName, spec string) (*dsl.Class, error) {
	if pkgName == "" {
		return ex.FindClass(class)
	}
	p, err := ex.Package(pkgName, spec)
	if err != nil {
		return nil, err
	}
	return p.FindClass(class, false)
}

// BuilderRequest calls a model builder (a static public method of Class
// with the ModelBuilder meta, see [SchemaClasses]) with the values of its
// form as keyword arguments, in the packages of SchemaRequest.
type BuilderRequest struct {
	SchemaRequest
	Method string
	Args   *Dict
}

// BuilderResult is what a model builder returned, or the exception it
// raised with its MuranoPL stack.
type BuilderResult struct {
	Result Value
	Error  *RunError
}

// RunModelBuilder performs the request. The error is for a request that
// cannot be carried out (an unreadable core library).
func RunModelBuilder(ctx context.Context, req BuilderRequest) (*BuilderResult, error) {
	ex, err := formsExecutor(ctx, req.SchemaRequest)
	if err != nil {
		return nil, err
	}
	c, err := findClass(ex, req.Class, req.Package, req.ClassVersion)
	if err != nil {
		return &BuilderResult{Error: runError(err)}, nil
	}
	var kwargs []yaql.KeywordArg
	if req.Args != nil {
		for i, k := range req.Args.Keys() {
			kwargs = append(kwargs, yaql.KeywordArg{Name: value.Str(k), Value: req.Args.Values()[i]})
		}
	}
	v, err := ex.Call(c, req.Method, nil, kwargs)
	if err != nil {
		return &BuilderResult{Error: runError(err)}, nil
	}
	return &BuilderResult{Result: v}, nil
}
