// This file defines the mocks of murano's test runner: the functions
// inject and withOriginal (Options.Mocks), and the layer of mocked
// methods that the contexts of a class get once a test injects one
// (murano's MockContextManager).

package dsl

import (
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// originalContextVar holds, in the context a mock expression runs in,
// the context of the mocked call's caller (withOriginal reads it).
const originalContextVar = "?originalContext"

// classContext returns the context of class c's method stubs, under the
// mocks injected for c's name.
func (ex *Executor) classContext(c *Class) *yaql.Context {
	mocks, ok := ex.mocks[c.Name]
	if !ok {
		return c.context()
	}
	return yaql.NewLinkedContext(c.context(), mocks).Child()
}

// mockTarget is what inject mocks a method of: a type reference, a
// class name resolved in the caller's names scope, or an object (which
// stands for its class).
var mockTarget = &yaql.PyType{Name: "MuranoTypeParameter or MuranoObject", Classes: []string{"MuranoTypeReference", "str", "MuranoObject"},
	Pred: func(v value.Value, rt *yaql.Runtime) bool {
		return isObjectValue(v, rt) || typeOrName.Pred(v, rt)
	}, Conv: func(v value.Value, env *yaql.ConvertEnv) (value.Value, error) {
		if o, ok := v.(*Object); ok {
			return o.Real().class.Ref(), nil
		}
		return typeOrName.Conv(v, env)
	}}

func mockFunctions() []*yaql.Func {
	return []*yaql.Func{
		yaql.Fn("inject", fnInjectMethod, yaql.P("target", mockTarget), yaql.P("targetMethod", yaql.String),
			yaql.P("mockObject", objectType), yaql.P("mockName", yaql.String)),
		yaql.Fn("inject", fnInjectExpr, yaql.P("target", mockTarget), yaql.P("targetMethod", yaql.String),
			yaql.P("expr", &yaql.LambdaType{WithContext: true})),
		yaql.Fn("withOriginal", fnWithOriginal, yaql.Kwargs("kwargs", &yaql.LambdaType{WithContext: true})),
	}
}

// fnInjectMethod replaces a method of the target's class by a method of
// the caller's class called on mockObject.
func fnInjectMethod(c *yaql.Call) (value.Value, error) {
	f := callFrame(c)
	mock, err := f.typ.FindSingleMethod(value.Str(c.Args[3]))
	if err != nil {
		return nil, err
	}
	target := c.Args[0].(*TypeRef).Class
	original, err := target.FindSingleMethod(value.Str(c.Args[1]))
	if err != nil {
		return nil, err
	}
	mockObject := c.Args[2].(*Object)
	f.ex.addMock(target, mockStub(original, func(call *yaql.Call, args []value.Value, kwargs []yaql.KeywordArg) (value.Value, error) {
		return f.ex.callFromFrame(mock, mockObject, args, kwargs, frameOf(call.Ctx))
	}))
	return value.Null, nil
}

// fnInjectExpr replaces a method of the target's class by an expression
// evaluated where inject was called: $1 (and $this) the object that
// called inject, $2, $3 … the mocked call's arguments, originalMethod()
// the method itself.
func fnInjectExpr(c *yaql.Call) (value.Value, error) {
	f := callFrame(c)
	target := c.Args[0].(*TypeRef).Class
	original, err := target.FindSingleMethod(value.Str(c.Args[1]))
	if err != nil {
		return nil, err
	}
	expr, where, this := c.Lambda(2), c.Ctx, f.this
	f.ex.addMock(target, mockStub(original, func(call *yaql.Call, args []value.Value, kwargs []yaql.KeywordArg) (value.Value, error) {
		ctx := where.Child()
		ctx.Set(originalContextVar, call.Ctx)
		ctx.Register(yaql.Fn("originalMethod", func(*yaql.Call) (value.Value, error) {
			return call.Super(args, kwargs)
		}))
		return expr.Invoke(append([]value.Value{ctx, this}, args...), kwargs)
	}))
	return value.Null, nil
}

// fnWithOriginal evaluates each keyword argument in the context of the
// mocked call's caller and returns a context where the names hold the
// values, for the expression after ->.
func fnWithOriginal(c *yaql.Call) (value.Value, error) {
	v, _ := c.Ctx.Get(originalContextVar)
	original, ok := v.(*yaql.Context)
	if !ok {
		return nil, builtinError("AttributeError", "'NoneType' object has no attribute 'create_child_context'")
	}
	ctx := c.Ctx.Child()
	for _, kw := range c.Kwargs {
		v, err := kw.Value.(*yaql.Lambda).Invoke([]value.Value{original}, nil)
		if err != nil {
			return nil, err
		}
		ctx.Set(kw.Name, v)
	}
	return ctx, nil
}

// addMock adds a mocked method to the layer of class c's name.
func (ex *Executor) addMock(c *Class, stub *yaql.Func) {
	if ex.mocks == nil {
		ex.mocks = map[string]*yaql.Context{}
	}
	layer, ok := ex.mocks[c.Name]
	if !ok {
		layer = yaql.NewContext()
		ex.mocks[c.Name] = layer
	}
	layer.Register(stub)
}

// mockStub returns a method stub of m (called on objects) that hands the
// call's arguments to impl, without the receiver, as the reference's
// clone of m's stub does: the arguments of a MuranoPL method bound and
// checked by its contracts (defaults given) and passed on by position
// (extra positional ones after them, extra keyword ones by name); those
// of a native method as they are.
func mockStub(m *Method, impl func(c *yaql.Call, args []value.Value, kwargs []yaql.KeywordArg) (value.Value, error)) *yaql.Func {
	return yaql.Meth(m.Name, func(c *yaql.Call) (value.Value, error) {
		if m.Native != nil {
			return impl(c, c.Rest, c.Kwargs)
		}
		// What the method does not declare room for goes to the stub's
		// own * and ** unchecked.
		positional, keywords, extraArgs, extraKwargs := c.Rest, c.Kwargs, []value.Value(nil), []yaql.KeywordArg(nil)
		standard := 0
		varArgs, kwArgs := false, false
		for _, a := range m.Args {
			switch a.Usage {
			case decl.ArgumentVarArgs:
				varArgs = true
			case decl.ArgumentKwArgs:
				kwArgs = true
			default:
				standard++
			}
		}
		if !varArgs && len(positional) > standard {
			positional, extraArgs = positional[:standard], positional[standard:]
		}
		if !kwArgs {
			keywords = nil
			for _, kw := range c.Kwargs {
				if a := m.arg(kw.Name); a != nil && a.Usage == decl.ArgumentStandard {
					keywords = append(keywords, kw)
				} else {
					extraKwargs = append(extraKwargs, kw)
				}
			}
		}
		bound, err := m.Class.Package.ex.bindArgsFrom(m, realOf(c.Args[0]), positional, keywords, frameOf(c.Ctx), true)
		if err != nil {
			return nil, err
		}
		var args []value.Value
		var kwargs []yaql.KeywordArg
		afterVarArgs := false
		for i, a := range m.Args {
			switch {
			case a.Usage == decl.ArgumentVarArgs:
				args = append(args, bound[i].(*value.List).Items...)
				afterVarArgs = true
			case a.Usage == decl.ArgumentKwArgs:
				d := bound[i].(*value.Dict)
				for j, k := range d.Keys() {
					kwargs = append(kwargs, yaql.KeywordArg{Name: value.Str(k), Value: d.Values()[j]})
				}
			case afterVarArgs:
				kwargs = append(kwargs, yaql.KeywordArg{Name: a.Name, Value: bound[i]})
			default:
				args = append(args, bound[i])
			}
		}
		return impl(c, append(args, extraArgs...), append(kwargs, extraKwargs...))
	}, yaql.P("receiver", objectParam(m.Class)), yaql.Rest("*", yaql.Any), yaql.Kwargs("**", yaql.Any))
}
