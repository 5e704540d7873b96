// This file lists the YAQL functions of a flavour, for the function
// catalogue of the documentation (scripts/docs). Nothing else calls it,
// so the WebAssembly engine does not link it.

package engine

import (
	"strings"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
	"murano.dev/playground/engine/yaql/std"
)

// YAQLFunction is a function of a flavour's library: its name (operators
// are "#operator_+", indexing "#indexer") and its overloads, nearest
// context first, each in the order registered.
type YAQLFunction struct {
	Name      string
	Overloads []YAQLOverload
}

// YAQLOverload is one overload: its ID, whether it is called as a method
// (receiver.name(…)), as a function (name(…)) or both, and its
// parameters (for a method, the first is the receiver).
type YAQLOverload struct {
	ID               string
	Method, Function bool
	Params           []YAQLParam
}

// YAQLParam is a parameter of an overload. Kind is "" (positional),
// "keyword" (keyword only), "*args" or "**kwargs"; Default is the
// default's YAQL text, "" for a required parameter.
type YAQLParam struct {
	Name, Type, Kind, Default string
}

// YAQLFunctions lists the functions a flavour's expressions can call,
// sorted by name.
func YAQLFunctions(flavor Flavor) ([]YAQLFunction, error) {
	_, ctx, err := std.NewFlavor(flavor, std.Setup{})
	if err != nil {
		return nil, err
	}
	var out []YAQLFunction
	for _, name := range yaql.FunctionNames(ctx) {
		fn := YAQLFunction{Name: name}
		for _, layer := range ctx.CollectFunctions(name) {
			for _, f := range layer {
				o := YAQLOverload{ID: f.ID, Method: f.Method, Function: f.Function}
				for _, p := range f.Params {
					o.Params = append(o.Params, describeParam(p))
				}
				fn.Overloads = append(fn.Overloads, o)
			}
		}
		if len(fn.Overloads) > 0 {
			out = append(out, fn)
		}
	}
	return out, nil
}

func describeParam(p yaql.Param) YAQLParam {
	d := YAQLParam{Name: p.Name}
	if p.Type != nil {
		d.Type = p.Type.String()
	}
	switch p.Kind {
	case yaql.KeywordOnly:
		d.Kind = "keyword"
	case yaql.VarArgs:
		d.Kind = "*args"
	case yaql.VarKwargs:
		d.Kind = "**kwargs"
	}
	if p.Default != nil && p.Kind != yaql.VarArgs && p.Kind != yaql.VarKwargs {
		d.Default = yaqlLiteral(p.Default)
	}
	return d
}

// yaqlLiteral writes a default value as a YAQL expression would.
func yaqlLiteral(v value.Value) string {
	switch x := v.(type) {
	case value.NullType:
		return "null"
	case value.Bool:
		if x {
			return "true"
		}
		return "false"
	case value.String:
		return "'" + strings.ReplaceAll(strings.ReplaceAll(string(x), `\`, `\\`), "'", `\'`) + "'"
	}
	if v == yaql.NoValue {
		return "(none)"
	}
	return value.Repr(v)
}
