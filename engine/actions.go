// This file lists the actions of a deployed environment: the methods its
// objects offer to be called from outside (the "_actions" of their
// headers in the stored model), with the arguments they take, so that a
// console can offer a form for each.

package engine

import (
	"context"
	"io/fs"
	"strings"

	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/pkg"
	"murano.dev/playground/engine/system"
	"murano.dev/playground/engine/value"
)

// Action is a method of a deployed object that may be called from outside.
type Action struct {
	// Object is the object's id, Class its class, Method the method;
	// the action is run as `OBJECT.METHOD`.
	Object  string      `json:"object"`
	Class   string      `json:"class"`
	Method  string      `json:"method"`
	Title   string      `json:"title"`
	Enabled bool        `json:"enabled"`
	Args    []ActionArg `json:"args"`
}

// ActionArg is an argument of an action.
type ActionArg struct {
	Name string `json:"name"`
	// Contract is the argument's contract as written ("" when none).
	Contract string `json:"contract"`
	// Default is the default as written (YAML), nil when there is none.
	Default *string `json:"default"`
	// Kind is the input a form offers for it, read from the contract:
	// "string", "int", "bool" or "json".
	Kind string `json:"kind"`
}

// ActionsOf lists the actions of the objects of a stored model (the
// "model" of a deploy's state or output) whose classes the packages and
// the core library (nil: the project's own) define.
func ActionsOf(ctx context.Context, packages []*Package, core fs.FS, model Value) ([]Action, error) {
	pkgs, err := withLibraries(core, packages)
	if err != nil {
		return nil, err
	}
	ex := dsl.NewExecutor(ctx, catalogueLoader{pkg.NewLoader(pkgs...), pkgs}, dsl.Options{Natives: system.Natives(&system.Host{})})
	for _, p := range pkgs {
		ex.AddPackage(p)
	}
	var actions []Action
	var walk func(v Value)
	walk = func(v Value) {
		switch x := v.(type) {
		case *Dict:
			if h, ok := dictValue(x, "?").(*Dict); ok {
				actions = append(actions, headerActions(ex, h)...)
			}
			for _, item := range x.Values() {
				walk(item)
			}
		case *List:
			for _, item := range x.Items {
				walk(item)
			}
		}
	}
	if d, ok := model.(*Dict); ok {
		walk(dictValue(d, "Objects"))
	}
	return actions, nil
}

// headerActions reads the actions of one object's header.
func headerActions(ex *dsl.Executor, h *Dict) []Action {
	list, ok := dictValue(h, "_actions").(*Dict)
	if !ok {
		return nil
	}
	class, _, _ := strings.Cut(value.Str(dictValue(h, "type")), "/")
	var out []Action
	for _, v := range list.Values() {
		entry, ok := v.(*Dict)
		if !ok {
			continue
		}
		a := Action{Object: value.Str(dictValue(h, "id")), Class: class, Method: value.Str(dictValue(entry, "name")),
			Title: value.Str(dictValue(entry, "title")), Enabled: value.Truth(dictValue(entry, "enabled"))}
		if c, err := ex.FindClass(class); err == nil {
			if m, err := c.FindSingleMethod(a.Method); err == nil {
				a.Args = actionArgs(m)
			}
		}
		out = append(out, a)
	}
	return out
}

func actionArgs(m *dsl.Method) []ActionArg {
	args := []ActionArg{}
	for _, arg := range m.Args {
		a := ActionArg{Name: arg.Name, Kind: "json"}
		if d := arg.Decl; d != nil {
			if d.Contract != nil {
				a.Contract = d.Contract.Text()
			}
			if d.HasDefault {
				text := "null"
				if d.Default != nil {
					text = d.Default.Text()
				}
				a.Default = &text
			}
		}
		switch {
		case strings.Contains(a.Contract, ".string("):
			a.Kind = "string"
		case strings.Contains(a.Contract, ".int("):
			a.Kind = "int"
		case strings.Contains(a.Contract, ".bool("):
			a.Kind = "bool"
		}
		args = append(args, a)
	}
	return args
}
