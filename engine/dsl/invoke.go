// This file defines method calls: the yaql stubs through which MuranoPL
// code calls methods, argument binding with contracts, and the call
// itself.

package dsl

import (
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
	"murano.dev/playground/engine/yaql/std"
	"slices"
)

// stubs returns the yaql functions that call the method: the instance
// stub (a method on objects, or on the first argument for extension
// methods) and, for static and extension methods, the static stub (a
// method on type references).
func (m *Method) stubs() (inst, static *yaql.Func) {
	if m.instanceStub != nil || m.staticStub != nil {
		return m.instanceStub, m.staticStub
	}
	rest := []yaql.Param{yaql.Rest("*", yaql.Any), yaql.Kwargs("**", yaql.Any)}
	onObject := func(c *yaql.Call) (value.Value, error) {
		return m.Class.Package.ex.callStub(m, c.Args[0], c.Rest, c.Kwargs, c.Ctx)
	}
	if m.Native != nil {
		rest = m.Params
		strict := !slices.ContainsFunc(m.Params, func(p yaql.Param) bool { return p.Kind == yaql.VarKwargs })
		if strict {
			rest = append(slices.Clip(m.Params), yaql.Kwargs("**", yaql.Any))
		}
		onObject = func(c *yaql.Call) (value.Value, error) {
			if strict && len(c.Kwargs) > 0 {
				// The reference binds the keywords to the Python method's
				// parameters after choosing it.
				return nil, &yaql.Error{Class: yaql.ClassArgument, Msg: "Invalid argument **", Pos: -1, End: -1}
			}
			if err := mutableArgs(c); err != nil {
				return nil, err
			}
			// The result enters yaql as its data does: lists as tuples,
			// dictionaries frozen.
			v, err := m.Class.Package.ex.invoke(m, c.Args[0], frameOf(c.Ctx), nil, c)
			if err != nil {
				return nil, err
			}
			return std.MuranoFreeze(c.RT, v)
		}
	}
	onType := onObject
	switch {
	case m.Usage == decl.MethodExtension && m.Native != nil:
		// The receiver is the first declared parameter; the call sees
		// the type reference as its receiver, as on a static call.
		if len(m.Params) > 0 {
			m.instanceStub = yaql.Meth(m.Name, func(c *yaql.Call) (value.Value, error) {
				onClass := *c
				onClass.Args = append([]value.Value{m.Class.Ref()}, c.Args...)
				if err := mutableArgs(&onClass); err != nil {
					return nil, err
				}
				return m.Class.Package.ex.invoke(m, m.Class.Ref(), frameOf(c.Ctx), nil, &onClass)
			}, m.Params...)
		}
		m.staticStub = yaql.Meth(m.Name, onType, append([]yaql.Param{yaql.P("receiver", typeParam(m.Class))}, rest...)...)
	case m.Usage == decl.MethodExtension:
		first := yaql.P("receiver", yaql.Any)
		if len(m.Args) > 0 && m.Args[0].Usage == decl.ArgumentStandard {
			first = yaql.P(m.Args[0].Name, &extensionReceiver{arg: m.Args[0]})
		}
		m.instanceStub = yaql.Meth(m.Name, func(c *yaql.Call) (value.Value, error) {
			args := append([]value.Value{c.Args[0]}, c.Rest...)
			return m.Class.Package.ex.callStub(m, m.Class.Ref(), args, c.Kwargs, c.Ctx)
		}, append([]yaql.Param{first}, rest...)...)
		m.staticStub = yaql.Meth(m.Name, onType, append([]yaql.Param{yaql.P("receiver", typeParam(m.Class))}, rest...)...)
	case m.Usage == decl.MethodStatic:
		m.instanceStub = yaql.Meth(m.Name, onObject, append([]yaql.Param{yaql.P("receiver", objectParam(m.Class))}, rest...)...)
		m.staticStub = yaql.Meth(m.Name, onType, append([]yaql.Param{yaql.P("receiver", typeParam(m.Class))}, rest...)...)
	default:
		m.instanceStub = yaql.Meth(m.Name, onObject, append([]yaql.Param{yaql.P("receiver", objectParam(m.Class))}, rest...)...)
	}
	return m.instanceStub, m.staticStub
}

// objectParam accepts objects compatible with class c.
func objectParam(c *Class) yaql.Type {
	return &yaql.PyType{Name: "MuranoObject", Classes: []string{"MuranoObject"}, Pred: func(v value.Value, _ *yaql.Runtime) bool {
		o, ok := v.(*Object)
		return ok && c.IsCompatible(o.class)
	}}
}

// typeParam accepts type references to classes compatible with c.
func typeParam(c *Class) yaql.Type {
	return &yaql.PyType{Name: "MuranoTypeReference", Classes: []string{"MuranoTypeReference"}, Pred: func(v value.Value, _ *yaql.Runtime) bool {
		r, ok := v.(*TypeRef)
		return ok && c.IsCompatible(r.Class)
	}}
}

// extensionReceiver accepts the receiver of an extension method when its
// contract accepts it (the reference's check_type).
type extensionReceiver struct{ arg *Argument }

func (t *extensionReceiver) String() string             { return "contracted" }
func (t *extensionReceiver) Lazy() bool                 { return false }
func (t *extensionReceiver) Specializes(yaql.Type) bool { return false }
func (t *extensionReceiver) Check(a yaql.Arg, rt *yaql.Runtime) bool {
	if a.Val == nil || value.IsNull(a.Val) {
		return true
	}
	ex := t.arg.Method.Class.Package.ex
	return t.arg.Contract.checkType(ex, a.Val, t.arg.Method.Class)
}
func (t *extensionReceiver) Convert(a yaql.Arg, _ *yaql.ConvertEnv) (value.Value, error) {
	return a.Val, nil
}

// callStub is what a stub does: bind the arguments, then call.
func (ex *Executor) callStub(m *Method, receiver value.Value, args []value.Value, kwargs []yaql.KeywordArg, ctx *yaql.Context) (value.Value, error) {
	caller := frameOf(ctx)
	this := receiver
	if o, ok := receiver.(*Object); ok {
		this = o.Real()
	}
	bound, err := ex.bindArgsFrom(m, this, args, kwargs, caller, true)
	if err != nil {
		return nil, err
	}
	return ex.invoke(m, receiver, caller, bound, nil)
}

// bindArgs maps positional and keyword arguments to the method's
// declared arguments and converts them with their contracts (missing
// ones get their defaults).
func (ex *Executor) bindArgs(m *Method, this value.Value, args []value.Value, kwargs []yaql.KeywordArg, caller *frame) ([]value.Value, error) {
	return ex.bindArgsFrom(m, this, args, kwargs, caller, false)
}

// bindArgsFrom binds arguments; fromCode is set for calls from MuranoPL
// code, where an explicit null skips the argument's contract (a quirk of
// the reference: a null passed from MuranoPL satisfies notNull()).
func (ex *Executor) bindArgsFrom(m *Method, this value.Value, args []value.Value, kwargs []yaql.KeywordArg, caller *frame, fromCode bool) ([]value.Value, error) {
	values := make([]value.Value, len(m.Args))
	varIdx, kwIdx := -1, -1
	for i, a := range m.Args {
		switch a.Usage {
		case decl.ArgumentVarArgs:
			varIdx = i
		case decl.ArgumentKwArgs:
			kwIdx = i
		}
	}
	var varargs []value.Value
	kw := value.NewDict(0)
	for i, v := range args {
		if i < len(m.Args) && m.Args[i].Usage == decl.ArgumentStandard {
			values[i] = v
			continue
		}
		if varIdx < 0 {
			return nil, noMatchingMethod(m, this)
		}
		varargs = append(varargs, v)
	}
	for _, kv := range kwargs {
		if a := m.arg(kv.Name); a != nil && a.Usage == decl.ArgumentStandard {
			for i := range m.Args {
				if m.Args[i] == a {
					if values[i] != nil {
						return nil, noMatchingMethod(m, this)
					}
					values[i] = kv.Value
				}
			}
			continue
		}
		if kwIdx < 0 {
			return nil, noMatchingMethod(m, this)
		}
		kw.SetString(kv.Name, kv.Value)
	}
	owner := (*Object)(nil)
	if caller != nil {
		owner = caller.argOwner
	}
	var calling *Class
	if caller != nil {
		calling = caller.typ
	}
	for i, a := range m.Args {
		var err error
		switch a.Usage {
		case decl.ArgumentVarArgs:
			items := make([]value.Value, len(varargs))
			for j, v := range varargs {
				if items[j], err = a.transform(ex, v, this, owner, calling); err != nil {
					return nil, err
				}
			}
			values[i] = value.NewTuple(items)
		case decl.ArgumentKwArgs:
			out := value.NewDict(kw.Len())
			for j, k := range kw.Keys() {
				v, err := a.transform(ex, kw.Values()[j], this, owner, calling)
				if err != nil {
					return nil, err
				}
				out.Set(k, v)
			}
			values[i] = out
		default:
			v := values[i]
			if v == nil {
				v = yaql.NoValue
			} else if fromCode && value.IsNull(v) && !(m.Usage == decl.MethodExtension && i == 0) {
				continue
			}
			if values[i], err = a.transform(ex, v, this, owner, calling); err != nil {
				return nil, err
			}
		}
	}
	return values, nil
}

func noMatchingMethod(m *Method, receiver value.Value) error {
	if r, ok := receiver.(*TypeRef); ok {
		receiver = r.Class
	}
	return &yaql.Error{Class: yaql.ClassNoMatchingMethod, Msg: "No method \"" + m.Name + "\" for receiver " + value.Str(receiver) + " matches supplied arguments", Pos: -1, End: -1}
}

// transform applies the argument's contract, naming the argument in a
// violation.
func (a *Argument) transform(ex *Executor, v value.Value, this value.Value, owner *Object, calling *Class) (value.Value, error) {
	if a.Method.Usage == decl.MethodExtension {
		this = a.Method.Class.Ref()
	}
	tf := ex.specFrame(this, a.Method.Class)
	out, err := a.Contract.transform(ex, v, tf, thisObject(this), owner, a.Decl.Default, calling, true)
	if err != nil {
		return nil, prefixViolation(err, a.Method.Class.Name+"::"+a.Method.Name+"("+a.Name, ")")
	}
	return out, nil
}

// specFrame returns the object context a property or argument contract
// of class c runs in for this (the object cast to c, or c's static
// context).
func (ex *Executor) specFrame(this value.Value, c *Class) *frame {
	switch x := this.(type) {
	case *Object:
		if sub, err := x.cast(c); err == nil {
			return ex.objectFrame(sub, nil)
		}
		return ex.objectFrame(x, nil)
	case *TypeRef:
		return ex.objectFrame(x.Class, nil)
	}
	return ex.objectFrame(c, nil)
}

func thisObject(v value.Value) *Object {
	o, _ := v.(*Object)
	return o
}

// invoke calls the method on receiver (an object of a compatible class,
// or a type reference for static methods) with bound arguments, from
// the caller's frame (nil from outside).
func (ex *Executor) invoke(m *Method, receiver value.Value, caller *frame, args []value.Value, native *yaql.Call) (value.Value, error) {
	if caller != nil && caller.actionsOnly && !m.IsAction() {
		return nil, engineError("MethodNotExposed", "%s is not an action", m.Name)
	}
	var of *frame
	var obj *Object
	if m.IsStatic() {
		of = ex.objectFrame(m.Class, caller)
	} else {
		o, ok := receiver.(*Object)
		if !ok {
			return nil, builtinError("Exception", "A class instance is required")
		}
		if !m.Class.IsCompatible(o.class) {
			return nil, builtinError("Exception", "'this' must be of compatible type")
		}
		// A compatible object may still lack the sub-object: its ancestors
		// may hold two versions of a class, which share one sub-object.
		sub, err := o.cast(m.Class)
		if err != nil {
			return nil, err
		}
		obj = o.Real()
		of = ex.objectFrame(sub, caller)
	}
	if obj != nil && obj.destroyed {
		return nil, engineError("ObjectDestroyedError", "Object %s is already destroyed", obj.Repr())
	}
	ex.depth++
	defer func() { ex.depth-- }()
	if ex.depth > ex.opts.MaxDepth {
		return nil, &FatalError{Class: "CallDepthExceeded", Msg: "maximum MuranoPL call depth exceeded (" + itoa(ex.opts.MaxDepth) + " nested calls)"}
	}
	mf := of.methodFrame(m)
	mf.namesScope = m.Class
	unlock, err := ex.lockMethod(m, obj, mf, args)
	if err != nil {
		return nil, err
	}
	defer unlock()
	if m.Native != nil {
		this := receiver
		if obj != nil {
			this, _ = obj.cast(m.Class)
		}
		return m.Native(&NativeCall{frame: mf, Method: m, This: this, Call: native})
	}
	for i, a := range m.Args {
		mf.ctx.Set(a.Name, args[i])
	}
	if m.Body == nil {
		return value.Null, nil
	}
	return m.Body.run(mf)
}

// Invoke calls a method from outside MuranoPL, as the API does: only
// actions (and special methods) unless any is set.
func (ex *Executor) Invoke(m *Method, receiver value.Value, args []value.Value, kwargs []yaql.KeywordArg, actionsOnly bool) (value.Value, error) {
	var this any = m.Class
	if o, ok := receiver.(*Object); ok {
		this = o
	}
	of := ex.objectFrame(this, nil)
	mf := of.methodFrame(m)
	mf.skip = true
	mf.actionsOnly = actionsOnly && (len(m.Name) == 0 || m.Name[0] != '.')
	if _, ok := receiver.(*Object); !ok && !m.IsStatic() {
		return nil, builtinError("Exception", "A class instance is required")
	}
	return ex.callFromFrame(m, receiver, args, kwargs, mf)
}

// callFromFrame binds the arguments and calls the method from mf, a
// method frame standing for a caller outside MuranoPL code.
func (ex *Executor) callFromFrame(m *Method, receiver value.Value, args []value.Value, kwargs []yaql.KeywordArg, mf *frame) (value.Value, error) {
	if m.Native != nil {
		return ex.callNative(m, receiver, args, kwargs, mf)
	}
	bound, err := ex.bindArgs(m, realOf(receiver), args, kwargs, mf)
	if err != nil {
		return nil, err
	}
	return ex.invoke(m, receiver, mf, bound, nil)
}

// callNative calls a native method through its stub, so that yaql binds
// and checks the arguments.
func (ex *Executor) callNative(m *Method, receiver value.Value, args []value.Value, kwargs []yaql.KeywordArg, caller *frame) (value.Value, error) {
	inst, static := m.stubs()
	stub := inst
	if _, ok := receiver.(*TypeRef); ok && static != nil {
		stub = static
	}
	ctx := caller.ctx.Child()
	ctx.Register(stub)
	return ex.runtime(m.Class.Package.Runtime).CallFunction(ctx, m.Name, receiver, args, kwargs)
}

func realOf(v value.Value) value.Value {
	if o, ok := v.(*Object); ok {
		return o.Real()
	}
	return v
}

func itoa(n int) string {
	return value.Str(value.Int(n))
}

// mutableArgs converts the arguments of a native method as the reference
// does before calling Python code (dsl.to_mutable).
func mutableArgs(c *yaql.Call) error {
	conv := func(v value.Value) (value.Value, error) {
		if _, ok := v.(*yaql.Lambda); ok || v == nil || v == yaql.NoValue {
			return v, nil
		}
		return std.MuranoMutable(c.RT, v)
	}
	var err error
	for i := 1; i < len(c.Args); i++ {
		if c.Args[i], err = conv(c.Args[i]); err != nil {
			return err
		}
	}
	for i := range c.Rest {
		if c.Rest[i], err = conv(c.Rest[i]); err != nil {
			return err
		}
	}
	for i := range c.Kwargs {
		if c.Kwargs[i].Value, err = conv(c.Kwargs[i].Value); err != nil {
			return err
		}
	}
	return nil
}
