// This file evaluates expressions and YAML data in frames, and builds
// the MuranoPL side of exceptions (stack traces, exception objects).

package dsl

import (
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

func (f *frame) runtime() *yaql.Runtime { return f.ex.runtime(f.typ.Package.Runtime) }

// evalExpr evaluates an expression of the frame's code in its context,
// making it the frame's current instruction.
func (f *frame) evalExpr(x *decl.Expression) (value.Value, error) {
	return f.evalExprIn(x, f.ctx, true)
}

func (f *frame) evalExprIn(x *decl.Expression, ctx *yaql.Context, current bool) (value.Value, error) {
	if current {
		pos := x.Start
		if !pos.IsValid() {
			pos = x.Embedded.At(0)
		}
		f.instr = &instruction{text: x.Source, pos: pos, ok: true}
	}
	return f.runtime().Finalize(ctx, yaql.ExprArg(x.Tree))
}

// evalData evaluates YAML data: expressions anywhere inside are
// evaluated, and the result is frozen (tuples, frozen dictionaries).
func (f *frame) evalData(n *decl.Node, ctx *yaql.Context) (value.Value, error) {
	if n == nil {
		return value.Null, nil
	}
	switch n.Kind {
	case decl.Expr:
		return f.evalExprIn(n.Expr, ctx, ctx == f.ctx)
	case decl.List:
		items := make([]value.Value, len(n.Items))
		for i, it := range n.Items {
			v, err := f.evalData(it, ctx)
			if err != nil {
				return nil, err
			}
			items[i] = v
		}
		return value.NewTuple(items), nil
	case decl.Map:
		d := value.NewDict(len(n.Entries))
		for _, e := range n.Entries {
			k, err := f.evalData(e.Key, ctx)
			if err != nil {
				return nil, err
			}
			v, err := f.evalData(e.Value, ctx)
			if err != nil {
				return nil, err
			}
			if err := d.Set(k, v); err != nil {
				return nil, err
			}
		}
		return d, nil
	}
	if n.Value == nil {
		return value.Null, nil
	}
	return n.Value, nil
}

// resolveName resolves a type name with the namespaces of the running
// code's class.
func (f *frame) resolveName(v value.Value) (string, error) {
	name := value.Str(v)
	if v == nil || value.IsNull(v) {
		name = ""
	}
	full, err := f.typ.NS.Resolve(name)
	if err != nil {
		return "", err
	}
	return full, nil
}

// findClass resolves a type name in the names scope of the frame, as
// helpers.get_class does.
func (f *frame) findClass(name string) (*Class, error) {
	scope := f.namesScope
	if scope == nil {
		scope = f.typ
	}
	full, err := scope.NS.Resolve(name)
	if err != nil {
		return nil, err
	}
	return scope.Package.FindClass(full, true)
}

// step counts one statement against the run's budget.
func (ex *Executor) step() error { return ex.rts[true].Step() }

// wrapError turns an error of the reference's Python code into a
// MuranoPL exception with the stack of f (from_python_exception).
func (ex *Executor) wrapError(err error, f *frame) error {
	class, module, msg := pythonName(err)
	name := class
	if module != "" {
		name = module + "." + class
	}
	st, serr := ex.newStackTrace(f)
	if serr != nil {
		return serr
	}
	return &Exception{Names: []string{name}, Message: value.String(msg), Extra: value.NewDict(0), Stack: st.frames, stackObj: st.obj, Original: err}
}

type stackTrace struct {
	frames []Frame
	obj    *Object
}

// newStackTrace records the stack at f in a new io.murano.StackTrace
// object, as the reference does for every exception.
func (ex *Executor) newStackTrace(f *frame) (*stackTrace, error) {
	frames := f.stack()
	st := &stackTrace{frames: frames}
	c, err := f.typ.Package.FindClass("io.murano.StackTrace", true)
	if err != nil {
		return st, nil
	}
	obj := newObject(ex, c, nil, ex.opts.NewID())
	list := make([]value.Value, len(frames))
	for i, fr := range frames {
		d := value.NewDict(4)
		d.SetString("instruction", value.String(fr.Instruction))
		if fr.File != "" {
			d.SetString("location", value.String(fr.locationText()))
		} else {
			d.SetString("location", value.Null)
		}
		d.SetString("methodName", value.String(fr.Method))
		d.SetString("typeName", value.String(fr.Type))
		list[i] = d
	}
	obj.props["frames"] = value.NewTuple(list)
	obj.initialized = true
	st.obj = obj
	return st, nil
}

func (fr Frame) locationText() string {
	return fr.File + ":" + itoa(fr.Line) + ":" + itoa(fr.Col)
}

// exceptionObject creates the io.murano.Exception object a Catch block
// binds with As.
func (ex *Executor) exceptionObject(f *frame, e *Exception, name string) (*Object, error) {
	c, err := f.typ.Package.FindClass("io.murano.Exception", true)
	if err != nil {
		return nil, err
	}
	obj, err := ex.newInitialized(f, c, nil, value.NewDict(0))
	if err != nil {
		return nil, err
	}
	set := func(k string, v value.Value) error { return obj.SetProperty(k, v, nil, false) }
	var stack value.Value = value.Null
	if e.stackObj != nil {
		stack = e.stackObj
	}
	extra := e.Extra
	if extra == nil {
		extra = value.NewDict(0)
	}
	for _, kv := range []struct {
		k string
		v value.Value
	}{{"name", value.String(name)}, {"message", e.Message}, {"stackTrace", stack}, {"extra", extra}, {"nativeException", e}} {
		if err := set(kv.k, kv.v); err != nil {
			return nil, err
		}
	}
	return obj, nil
}
