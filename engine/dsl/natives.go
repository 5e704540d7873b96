// This file defines the binding of native (Go) classes and the native
// parts of the core library the engine itself needs: io.murano.Object's
// attributes, io.murano.Exception, io.murano.StackTrace,
// io.murano.system.GC and io.murano.system.Logger.

package dsl

import (
	"strings"

	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// NativeClass is a class implemented in Go, or the Go part of a class of
// the core library. The simulated cloud adds its system classes this
// way.
type NativeClass struct {
	Name string
	// Package is the package whose class of that name the native class
	// completes (a host class registered in a package); "" means the
	// core library.
	Package string
	Methods []NativeMethodSpec
	// Init, when set, runs when an object is created, with the object's
	// properties given by name as keyword arguments (only InitParams).
	Init       NativeMethod
	InitParams []string
}

// NativeMethodSpec declares a native method.
type NativeMethodSpec struct {
	Name  string
	Usage string // Runtime (default), Static or Extension
	Scope string // Session (default) or Public
	// Params are the parameters after the receiver; the first parameter
	// of an extension method is the value it extends.
	Params []yaql.Param
	Impl   NativeMethod
}

// NativeMethod implements a native method.
type NativeMethod func(nc *NativeCall) (value.Value, error)

// NativeCall is what a native method receives.
type NativeCall struct {
	frame  *frame
	Method *Method
	// This is the object (cast to the declaring class) or, for static
	// methods, the type reference.
	This value.Value
	// Call holds the arguments as yaql bound them: Args[0] is the
	// receiver, then the declared parameters.
	Call *yaql.Call
	// Kwargs are the keyword arguments of a native constructor.
	Kwargs []yaql.KeywordArg
}

// Executor returns the executor of the call.
func (nc *NativeCall) Executor() *Executor { return nc.frame.ex }

// Arg returns the i-th declared parameter's value.
func (nc *NativeCall) Arg(i int) value.Value { return nc.Call.Args[i+1] }

// Object returns the receiver object.
func (nc *NativeCall) Object() *Object { o, _ := nc.This.(*Object); return o }

// CallerClass returns the class whose code made the call (nil when the
// host called).
func (nc *NativeCall) CallerClass() *Class {
	if c := nc.frame.caller; c != nil {
		return c.typ
	}
	return nil
}

// CallMethod calls the method name of object o from the native method,
// as the reference's natives call MuranoPL methods of the objects they
// hold.
func (nc *NativeCall) CallMethod(o *Object, name string, args []value.Value, kwargs []yaql.KeywordArg) (value.Value, error) {
	o = o.Real()
	m, err := o.class.FindSingleMethod(name)
	if err != nil {
		return nil, err
	}
	ex := nc.frame.ex
	if !m.IsStatic() {
		return ex.invokeFrom(m, o, args, kwargs, nc.frame)
	}
	// A static method called on an object sees the object, as in MuranoPL.
	mf := ex.objectFrame(m.Class, nc.frame).methodFrame(m)
	mf.skip = true
	return ex.callFromFrame(m, o, args, kwargs, mf)
}

// New creates and initialises an object of the class that declares the
// native method, with props as its properties and no owner, as the
// reference's dsl.new does.
func (nc *NativeCall) New(props *value.Dict) (*Object, error) {
	return nc.frame.ex.newInitialized(nc.frame, nc.Method.Class, nil, props)
}

// Property reads the property name of object o.
func (nc *NativeCall) Property(o *Object, name string) (value.Value, error) {
	return o.Real().GetProperty(name, nil, nc.frame)
}

// Sleep lets the calling green thread wait seconds on the virtual clock,
// as eventlet.sleep in a native method of the reference does.
func (nc *NativeCall) Sleep(seconds float64) error {
	ex := nc.frame.ex
	return ex.parkWhile(nc.frame, func() error { return ex.sched.sleep(nc.Call.RT, seconds) })
}

// State returns the native state of the receiver for the declaring
// class, creating it with mk on first use.
func (nc *NativeCall) State(mk func() any) any {
	o := nc.Object()
	if o == nil {
		return nil
	}
	if o.native == nil {
		o.native = map[*Class]any{}
	}
	s, ok := o.native[nc.Method.Class]
	if !ok {
		s = mk()
		o.native[nc.Method.Class] = s
	}
	return s
}

// completes reports whether the native class belongs to the class name
// of package pkg.
func (n *NativeClass) completes(pkg string) bool {
	return n.Package == pkg || (n.Package == "" && pkg == CoreLibrary)
}

func (n *NativeClass) attach(c *Class) error {
	for _, spec := range n.Methods {
		m := &Method{Name: spec.Name, Class: c, Usage: spec.Usage, Scope: spec.Scope, Params: spec.Params, Native: spec.Impl}
		if m.Usage == "" {
			m.Usage = decl.MethodRuntime
		}
		if m.Scope == "" {
			m.Scope = decl.ScopeSession
		}
		c.addMethod(m)
	}
	if n.Init != nil {
		c.addMethod(&Method{Name: "__init__", Class: c, Usage: decl.MethodRuntime, Scope: decl.ScopeSession, Native: n.Init, native: n})
	}
	return nil
}

// invokeNativeInit runs a native constructor with the properties it
// names.
func (ex *Executor) invokeNativeInit(m *Method, o *Object, params *value.Dict, caller *frame) (value.Value, error) {
	var kws []yaql.KeywordArg
	if m.native != nil {
		for _, name := range m.native.InitParams {
			if v, ok := params.GetString(name); ok {
				kws = append(kws, yaql.KeywordArg{Name: name, Value: v})
			}
		}
	}
	sub, err := o.cast(m.Class)
	if err != nil {
		return nil, err
	}
	f := ex.objectFrame(sub, caller).methodFrame(m)
	return m.Native(&NativeCall{frame: f, Method: m, This: sub, Kwargs: kws})
}

func builtinNatives() []*NativeClass {
	return []*NativeClass{objectNative, exceptionNative, stackTraceNative, gcNative, loggerNative}
}

var nullableTypeParam = nullableTypeOrName

var objectNative = &NativeClass{
	Name: ObjectClass,
	Methods: []NativeMethodSpec{
		{Name: "setAttr", Params: []yaql.Param{yaql.P("name", yaql.Any), yaql.P("value", yaql.Any), yaql.Opt("owner", nullableTypeParam, value.Null)}, Impl: func(nc *NativeCall) (value.Value, error) {
			owner := nc.attrOwner(nc.Arg(2))
			nc.Executor().attrs.set(nc.Object().id, owner, value.Str(nc.Arg(0)), nc.Arg(1))
			return value.Null, nil
		}},
		{Name: "getAttr", Params: []yaql.Param{yaql.P("name", yaql.Any), yaql.Opt("default", yaql.Any, value.Null), yaql.Opt("owner", nullableTypeParam, value.Null)}, Impl: func(nc *NativeCall) (value.Value, error) {
			owner := nc.attrOwner(nc.Arg(2))
			v := nc.Executor().attrs.get(nc.Object().id, owner, value.Str(nc.Arg(0)))
			if v == nil {
				return nc.Arg(1), nil
			}
			return v, nil
		}},
	},
}

// attrOwner is the owner type of an attribute: the given one, or the
// class of the calling code.
func (nc *NativeCall) attrOwner(v value.Value) string {
	if r, ok := v.(*TypeRef); ok {
		return r.Class.Name
	}
	if c := nc.frame.caller; c != nil && c.typ != nil {
		return c.typ.Name
	}
	return ""
}

var exceptionNative = &NativeClass{
	Name: "io.murano.Exception",
	Methods: []NativeMethodSpec{
		{Name: "toString", Impl: func(nc *NativeCall) (value.Value, error) {
			v, err := nc.Object().GetProperty("nativeException", nil, nil)
			if err != nil {
				return nil, err
			}
			e, ok := v.(*Exception)
			if !ok {
				return nil, builtinError("AttributeError", "'%s' object has no attribute 'format'", v.Type())
			}
			return value.String(e.Format()), nil
		}},
	},
}

var stackTraceNative = &NativeClass{
	Name: "io.murano.StackTrace",
	Methods: []NativeMethodSpec{
		{Name: "toString", Usage: decl.MethodAction, Scope: decl.ScopePublic, Params: []yaql.Param{yaql.Opt("prefix", yaql.String, value.String(""))}, Impl: func(nc *NativeCall) (value.Value, error) {
			frames, err := nc.Object().GetProperty("frames", nil, nil)
			if err != nil {
				return nil, err
			}
			items, err := value.Slice(frames)
			if err != nil {
				return nil, err
			}
			prefix := value.Str(nc.Arg(0))
			var lines []string
			for _, it := range items {
				lines = append(lines, frameFromValue(it).format(prefix))
			}
			return value.String(strings.Join(lines, "\n")), nil
		}},
	},
}

func frameFromValue(v value.Value) Frame {
	f := Frame{Col: -1}
	d, ok := v.(*value.Dict)
	if !ok {
		return f
	}
	str := func(k string) string {
		x, ok := d.GetString(k)
		if !ok || value.IsNull(x) {
			return ""
		}
		return value.Str(x)
	}
	f.Instruction, f.Method, f.Type = str("instruction"), str("methodName"), str("typeName")
	if loc := str("location"); loc != "" {
		parts := strings.Split(loc, ":")
		if len(parts) >= 3 {
			f.File = strings.Join(parts[:len(parts)-2], ":")
			f.Line = atoi(parts[len(parts)-2])
			f.Col = atoi(parts[len(parts)-1])
		}
	}
	return f
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			return n
		}
		n = n*10 + int(r-'0')
	}
	return n
}

var gcNative = &NativeClass{
	Name: "io.murano.system.GC",
	Methods: []NativeMethodSpec{
		{Name: "collect", Usage: decl.MethodStatic, Impl: func(nc *NativeCall) (value.Value, error) {
			return value.Null, nc.Executor().collectGarbage(nc.frame)
		}},
		{Name: "isDestroyed", Usage: decl.MethodStatic, Params: []yaql.Param{yaql.P("object", objectType)}, Impl: func(nc *NativeCall) (value.Value, error) {
			return value.Bool(nc.Arg(0).(*Object).Real().destroyed), nil
		}},
		{Name: "isDoomed", Usage: decl.MethodStatic, Params: []yaql.Param{yaql.P("object", objectType)}, Impl: func(nc *NativeCall) (value.Value, error) {
			o := nc.Arg(0).(*Object).Real()
			return value.Bool(o.destroyed || nc.Executor().doomed[o]), nil
		}},
		{Name: "subscribeDestruction", Usage: decl.MethodStatic, Params: destructionParams, Impl: func(nc *NativeCall) (value.Value, error) {
			pub, sub, handler, err := nc.destructionArgs()
			if err != nil {
				return nil, err
			}
			if pub.dependencyIndex(sub, handler) < 0 {
				pub.dependencies = append(pub.dependencies, destructionDependency{subscriber: sub, handler: handler})
			}
			return value.Null, nil
		}},
		{Name: "unsubscribeDestruction", Usage: decl.MethodStatic, Params: destructionParams, Impl: func(nc *NativeCall) (value.Value, error) {
			pub, sub, handler, err := nc.destructionArgs()
			if err != nil {
				return nil, err
			}
			if i := pub.dependencyIndex(sub, handler); i >= 0 {
				pub.dependencies = append(pub.dependencies[:i], pub.dependencies[i+1:]...)
			}
			return value.Null, nil
		}},
	},
}

// destructionParams are the parameters of GC.subscribeDestruction and
// GC.unsubscribeDestruction.
var destructionParams = []yaql.Param{yaql.P("publisher", objectType), yaql.P("subscriber", objectType), yaql.Opt("handler", nullableString, value.Null)}

// destructionArgs returns the publisher, the subscriber and the handler
// (checked to be a method of the subscriber) of a (un)subscription.
func (nc *NativeCall) destructionArgs() (pub, sub *Object, handler string, err error) {
	pub, sub = nc.Arg(0).(*Object).Real(), nc.Arg(1).(*Object).Real()
	if h, ok := nc.Arg(2).(value.String); ok {
		handler = string(h)
		if _, err := sub.class.FindSingleMethod(handler); err != nil {
			return nil, nil, "", err
		}
	}
	return pub, sub, handler, nil
}

// dependencyIndex returns the position of a destruction dependency, -1
// when there is none.
func (o *Object) dependencyIndex(sub *Object, handler string) int {
	for i, d := range o.dependencies {
		if d.subscriber == sub && d.handler == handler {
			return i
		}
	}
	return -1
}

// loggerState is the native state of a Logger: its name.
type loggerState struct{ name string }

// The parameters of Logger's methods have the reference's (mangled
// private) names, so that a keyword argument named message goes to the
// format arguments.
const (
	loggerMessage = "_Logger__message"
	loggerExc     = "_Logger__exc"
)

func loggerMethod(level string) NativeMethodSpec {
	return NativeMethodSpec{Name: strings.ToLower(level), Params: []yaql.Param{yaql.P(loggerMessage, yaql.Any), yaql.Rest("args", yaql.Any), yaql.Kwargs("kwargs", yaql.Any)}, Impl: func(nc *NativeCall) (value.Value, error) {
		st := nc.State(func() any { return &loggerState{} }).(*loggerState)
		if _, ok := nc.Arg(0).(value.String); !ok {
			return nil, &yaql.Error{Class: yaql.ClassArgument, Msg: "Invalid argument _Logger__message", Pos: -1, End: -1}
		}
		msg := nc.formatMessage(st, nc.Arg(0), nc.Call.Rest, nc.Call.Kwargs)
		if level == "TRACE" {
			return value.Null, nil // below the DEBUG level murano logs at
		}
		nc.Executor().log(LogRecord{Level: level, Logger: "applications." + st.name, Message: msg})
		return value.Null, nil
	}}
}

// formatMessage formats a log message with yaql's format(), logging a
// warning instead of failing when the arguments do not fit.
func (nc *NativeCall) formatMessage(st *loggerState, msg value.Value, args []value.Value, kwargs []yaql.KeywordArg) string {
	v, err := nc.Call.RT.CallFunction(nc.Call.Ctx, "format", yaql.NoValue, append([]value.Value{msg}, args...), kwargs)
	if err != nil {
		if isPyError(err, "IndexError") || isPyError(err, "KeyError") {
			nc.Executor().log(LogRecord{Level: "WARNING", Logger: "applications." + st.name, Message: "Can not format string: " + value.Str(msg)})
			return value.Str(msg)
		}
		return value.Str(msg)
	}
	return value.Str(v)
}

var loggerNative = &NativeClass{
	Name: "io.murano.system.Logger",
	Methods: []NativeMethodSpec{
		loggerMethod("TRACE"), loggerMethod("DEBUG"), loggerMethod("INFO"), loggerMethod("WARNING"), loggerMethod("ERROR"), loggerMethod("CRITICAL"),
		{Name: "exception", Params: []yaql.Param{yaql.P(loggerExc, yaql.Any), yaql.P(loggerMessage, yaql.String), yaql.Rest("args", yaql.Any), yaql.Kwargs("kwargs", yaql.Any)}, Impl: func(nc *NativeCall) (value.Value, error) {
			st := nc.State(func() any { return &loggerState{} }).(*loggerState)
			msg := nc.formatMessage(st, nc.Arg(1), nc.Call.Rest, nc.Call.Kwargs)
			trace := ""
			if exc, ok := nc.Arg(0).(*Object); ok {
				if stv, err := exc.GetProperty("stackTrace", nil, nil); err == nil {
					if so, ok := stv.(*Object); ok {
						if s, err := nc.Executor().callMethod(so, "toString", nc.frame); err == nil {
							trace = value.Str(s)
						}
					}
				}
			}
			nc.Executor().log(LogRecord{Level: "ERROR", Logger: "applications." + st.name, Message: msg + "\n" + trace})
			return value.Null, nil
		}},
	},
	InitParams: []string{"logger_name"},
	Init: func(nc *NativeCall) (value.Value, error) {
		name := ""
		found := false
		for _, kv := range nc.Kwargs {
			if kv.Name == "logger_name" {
				found = true
				if !value.IsNull(kv.Value) {
					name = value.Str(kv.Value)
				} else {
					name = "None"
				}
			}
		}
		if !found {
			return nil, &yaql.Error{Class: yaql.ClassArgument, Msg: "Invalid argument logger_name", Pos: -1, End: -1}
		}
		nc.State(func() any { return &loggerState{name: name} })
		return value.Null, nil
	},
}

// callMethod calls a method of an object by name from Go.
func (ex *Executor) callMethod(o *Object, name string, caller *frame) (value.Value, error) {
	m, err := o.class.FindSingleMethod(name)
	if err != nil {
		return nil, err
	}
	return ex.invokeFrom(m, o, nil, nil, caller)
}

func (ex *Executor) log(r LogRecord) {
	if ex.opts.Log != nil {
		ex.opts.Log(r)
	}
}

// warn reports a warning of the engine itself (not a MuranoPL logger's).
func (ex *Executor) warn(msg string) {
	if ex.opts.Warn != nil {
		ex.opts.Warn(msg)
	}
}
