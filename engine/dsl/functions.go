// This file defines the YAQL functions MuranoPL adds for its objects and
// types (the reference's murano/dsl/yaql_functions.py) and the system
// functions that need the executor.

package dsl

import (
	"strconv"
	"strings"

	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
	"murano.dev/playground/engine/yaql/std"
)

func isObjectValue(v value.Value, _ *yaql.Runtime) bool { _, ok := v.(*Object); return ok }

var (
	objectType         = &yaql.PyType{Name: "MuranoObject", Classes: []string{"MuranoObject"}, Pred: isObjectValue}
	nullableObjectType = &yaql.PyType{Name: "MuranoObject", Classes: []string{"MuranoObject"}, Pred: isObjectValue, Nullable: true}
	typeRefType        = &yaql.PyType{Name: "MuranoTypeReference", Classes: []string{"MuranoTypeReference"}, Pred: func(v value.Value, _ *yaql.Runtime) bool {
		_, ok := v.(*TypeRef)
		return ok
	}}
	// typeOrName is the reference's MuranoTypeParameter: a type reference,
	// or a name resolved in the caller's names scope.
	typeOrName = &yaql.PyType{Name: "MuranoTypeParameter", Classes: []string{"MuranoTypeReference", "str"}, Pred: func(v value.Value, _ *yaql.Runtime) bool {
		switch v.(type) {
		case *TypeRef, value.String:
			return true
		}
		return false
	}, Conv: func(v value.Value, env *yaql.ConvertEnv) (value.Value, error) {
		if s, ok := v.(value.String); ok {
			f := frameOf(env.Ctx)
			if f == nil {
				return nil, builtinError("AttributeError", "'NoneType' object has no attribute 'namespace_resolver'")
			}
			c, err := f.findClass(string(s))
			if err != nil {
				return nil, err
			}
			return c.Ref(), nil
		}
		return v, nil
	}}
	nullableTypeOrName = func() *yaql.PyType { t := *typeOrName; t.Nullable = true; return &t }()
	nullableMapping    = &yaql.PyType{Name: "mapping", Classes: []string{"Mapping"}, Nullable: true, Pred: func(v value.Value, _ *yaql.Runtime) bool {
		_, ok := v.(*value.Dict)
		return ok
	}}
	nullableString = &yaql.PyType{Name: "str", Classes: []string{"str"}, Nullable: true, Pred: func(v value.Value, _ *yaql.Runtime) bool {
		_, ok := v.(value.String)
		return ok
	}}
)

// registerFunctions adds MuranoPL's functions to the root context of
// runtime v and returns the context to build on.
func registerFunctions(c *yaql.Context, v decl.Version) *yaql.Context {
	c.Register(
		yaql.Fn("#finalize", fnFinalize, yaql.P("obj", yaql.Any)),
		yaql.Fn("cast", fnCast, yaql.P("object", objectType), yaql.P("type", typeOrName), yaql.Opt("versionSpec", nullableString, value.Null)),
		yaql.Fn("new", fnNew, yaql.P("type", typeOrName), yaql.Opt("owner", nullableObjectType, value.Null), yaql.Opt("objectName", nullableString, value.Null), yaql.Opt("extra", nullableMapping, value.Null), yaql.Kwargs("parameters", yaql.Any)),
		yaql.Fn("new", fnNewFromDict, yaql.P("typeName", typeOrName), yaql.P("parameters", yaql.Mapping), yaql.Opt("owner", nullableObjectType, value.Null), yaql.Opt("objectName", nullableString, value.Null), yaql.Opt("extra", nullableMapping, value.Null)),
		yaql.Fn("new", fnNewFromModel, yaql.P("model", yaql.Mapping), yaql.Opt("owner", nullableObjectType, value.Null)),
		yaql.Fn("id", fnID, yaql.P("object", objectType)),
		yaql.Fn("super", fnSuper, yaql.P("object", objectType), yaql.Opt("func", yaql.Lazy, value.Null)),
		yaql.Fn("psuper", fnSuper, yaql.P("object", objectType), yaql.Opt("func", yaql.Lazy, value.Null)),
		yaql.Ext("find", fnFind, yaql.P("obj", objectType), yaql.P("type", typeOrName)),
		yaql.Fn("sleep", fnSleep, yaql.P("seconds", yaql.Number)),
		yaql.Fn("typeinfo", fnTypeinfo, yaql.P("object", nullableObjectType)),
		yaql.Fn("typeinfo", fnTypeinfoForClass, yaql.P("cls", typeOrName)),
		yaql.Fn("name", fnName, yaql.P("object", nullableObjectType)),
		yaql.Fn("metadata", fnMetadata, yaql.P("object", objectType)),
		yaql.Fn("#operator_.", fnObjAttribution, yaql.P("obj", objectType), yaql.P("name", yaql.Keyword)),
		yaql.Fn("#operator_.", fnStaticAttribution, yaql.P("cls", typeRefType), yaql.P("name", yaql.Keyword)),
		yaql.Fn("#operator_.", fnOpDot, yaql.P("receiver", objectType), yaql.P("expr", &yaql.LambdaType{Method: true, WithContext: true})),
		yaql.Fn("#operator_.", fnOpDot, yaql.P("receiver", typeRefType), yaql.P("expr", &yaql.LambdaType{Method: true, WithContext: true})),
		yaql.Fn("#operator_:", fnNsResolve, yaql.P("prefix", yaql.Keyword), yaql.P("name", yaql.Keyword)),
		yaql.Fn("#unary_operator_:", fnNsResolveUnary, yaql.P("name", yaql.Keyword)),
		yaql.Fn("#operator_is", fnIs, yaql.P("obj", nullableObjectType), yaql.P("type", typeOrName)),
		yaql.Fn("call", fnCall, yaql.P("name", yaql.String), yaql.P("args", yaql.Sequence), yaql.P("kwargs", yaql.Mapping), yaql.Opt("receiver", yaql.Any, yaql.NoValue)),
		yaql.Fn("logger", fnLogger, yaql.P("loggerName", nullableString)),
		yaql.Ext("decryptData", fnDecryptData, yaql.P("value", yaql.String)),
	)
	registerReflection(c)
	if v.Compare(decl.V1_3) <= 0 {
		c.Register(yaql.Fn("type", fnTypeLegacy, yaql.P("object", nullableObjectType)))
	} else {
		c.Register(yaql.Fn("type", fnType, yaql.P("object", nullableObjectType)))
	}
	if v.LegacyYAQL() {
		var clones []*yaql.Func
		for _, name := range []string{"id", "cast", "super", "psuper", "type"} {
			fs, _ := c.Functions(name)
			for _, f := range fs {
				clone := *f
				clone.Method, clone.Function = true, true
				clones = append(clones, &clone)
			}
		}
		c = c.Child()
		c.Register(clones...)
	}
	c.Register(
		yaql.Fn("type", fnTypeFromName, yaql.P("cls", typeOrName)),
		yaql.Fn("isObject", fnIsObject, yaql.P("value", yaql.Any)),
		yaql.Fn("dump", fnDump, yaql.P("obj", objectType), yaql.Opt("serializationType", yaql.String, value.String("Serializable")), yaql.Opt("ignoreUpcasts", yaql.Boolean, value.Bool(true))),
	)
	return c
}

func callFrame(c *yaql.Call) *frame {
	if f := frameOf(c.Ctx); f != nil {
		return f
	}
	return nil
}

func fnFinalize(c *yaql.Call) (value.Value, error) { return std.MuranoFreeze(c.RT, c.Args[0]) }

func fnCast(c *yaql.Call) (value.Value, error) {
	o := c.Args[0].(*Object)
	t := c.Args[1].(*TypeRef).Class
	var pov any = callFrame(c).typ
	if s, ok := c.Args[2].(value.String); ok {
		pov = string(s)
	}
	return castObject(o, t.Name, pov)
}

// castObject is helpers.cast: the sub-object of the class named name
// whose version the point of view accepts (a class: its package's
// requirements; a string: a version spec).
func castObject(o *Object, name string, pov any) (*Object, error) {
	var spec VersionSpec
	hasSpec := false
	var pkg *LoadedPackage
	switch p := pov.(type) {
	case string:
		s, err := ParseVersionSpec(p)
		if err != nil {
			return nil, err
		}
		spec, hasSpec = s, true
	case *Class:
		if p != nil {
			pkg = p.Package
		}
	case *LoadedPackage:
		pkg = p
	}
	var candidates []*Class
	for _, c := range append([]*Class{o.class}, o.class.Ancestors()...) {
		if c.Name != name {
			continue
		}
		switch {
		case hasSpec:
			if !spec.Match(c.Version()) {
				continue
			}
		case pkg != nil:
			req, ok := pkg.requirement(c.Package.Name)
			if !ok {
				return nil, noClassFound(name)
			}
			if !req.Match(c.Version()) {
				continue
			}
		}
		candidates = append(candidates, c)
	}
	switch len(candidates) {
	case 0:
		return nil, noClassFound(name)
	case 1:
		return o.cast(candidates[0])
	}
	return nil, engineError("AmbiguousClassName", "Found more than one version of class \"%s\"", name)
}

func (p *LoadedPackage) requirement(name string) (VersionSpec, bool) {
	for _, r := range p.Requirements {
		if r.Name == name {
			s, err := ParseVersionSpec(r.Spec)
			if err != nil {
				return VersionSpec{}, false
			}
			return s, true
		}
	}
	return VersionSpec{}, false
}

// isInstanceOf is helpers.is_instance_of.
func isInstanceOf(v value.Value, name string, pov any) bool {
	o, ok := v.(*Object)
	if !ok {
		return false
	}
	_, err := castObject(o, name, pov)
	return err == nil
}

func kwargsDict(kws []yaql.KeywordArg) *value.Dict {
	d := value.NewDict(len(kws))
	for _, kv := range kws {
		d.SetString(kv.Name, kv.Value)
	}
	return d
}

func fnNew(c *yaql.Call) (value.Value, error) {
	return newObjectCall(c, c.Args[0].(*TypeRef), kwargsDict(c.Kwargs), c.Args[1], c.Args[2], c.Args[3])
}

func fnNewFromDict(c *yaql.Call) (value.Value, error) {
	props := value.NewDict(0)
	d := c.Args[1].(*value.Dict)
	for i, k := range d.Keys() {
		if s, ok := k.(value.String); ok && isKeyword(string(s)) {
			props.Set(k, d.Values()[i])
		}
	}
	return newObjectCall(c, c.Args[0].(*TypeRef), props, c.Args[2], c.Args[3], c.Args[4])
}

func newObjectCall(c *yaql.Call, t *TypeRef, props *value.Dict, owner, name, extra value.Value) (value.Value, error) {
	f := callFrame(c)
	data := value.NewDict(2)
	data.Set(t, props)
	data.SetString("name", name)
	if d, ok := extra.(*value.Dict); ok {
		for i, k := range d.Keys() {
			if s, ok := k.(value.String); ok && len(s) > 0 && s[0] == '_' {
				data.Set(k, d.Values()[i])
			}
		}
	}
	o, _ := owner.(*Object)
	return f.ex.loadObject(data, o, nil, f, f.namesScope, false)
}

func fnNewFromModel(c *yaql.Call) (value.Value, error) {
	f := callFrame(c)
	o, _ := c.Args[1].(*Object)
	return f.ex.loadObject(c.Args[0], o, nil, f, f.namesScope, false)
}

func fnID(c *yaql.Call) (value.Value, error) { return value.String(c.Args[0].(*Object).id), nil }

func fnSuper(c *yaql.Call) (value.Value, error) {
	o := c.Args[0].(*Object)
	f := callFrame(c)
	var casts []value.Value
	for _, p := range f.typ.Parents {
		sub, err := o.cast(p)
		if err != nil {
			return nil, err
		}
		casts = append(casts, sub)
	}
	l, ok := c.Args[1].(*yaql.Lambda)
	if !ok {
		return value.NewPyList(casts), nil
	}
	if c.Func.Name == "psuper" {
		results := make([]value.Value, len(casts))
		tasks := make([]func() error, len(casts))
		for i, s := range casts {
			i, s := i, s
			tasks[i] = func() error {
				v, err := l.Call(s)
				results[i] = v
				return err
			}
		}
		if err := f.ex.parkWhile(f, func() error { return f.ex.sched.parallel(tasks, 1000) }); err != nil {
			return nil, err
		}
		return value.NewPyList(results), nil
	}
	i := 0
	return value.NewIterator(func() (value.Value, bool, error) {
		if i >= len(casts) {
			return nil, false, nil
		}
		i++
		v, err := l.Call(casts[i-1])
		return v, err == nil, err
	}), nil
}

func fnFind(c *yaql.Call) (value.Value, error) {
	o := c.Args[0].(*Object)
	t := c.Args[1].(*TypeRef).Class
	if r := o.findOwner(func(p *Object) bool { return t.IsCompatible(p.class) }); r != nil {
		return r, nil
	}
	return value.Null, nil
}

func fnSleep(c *yaql.Call) (value.Value, error) {
	secs, _ := value.ToFloat(c.Args[0])
	ex := executorOf(c.Ctx)
	if ex == nil {
		return value.Null, nil
	}
	return value.Null, ex.parkWhile(callFrame(c), func() error { return ex.sched.sleep(c.RT, secs) })
}

// fnRandomName is randomName() on the executor's random source and
// virtual clock: five random lowercase letters, the clock in milliseconds
// in base 36 (its first eight digits) and the executor's counter in base
// 36, which starts at 1 and wraps after 1295.
func fnRandomName(c *yaql.Call) (value.Value, error) {
	ex := executorOf(c.Ctx)
	ex.randomNames = ex.randomNames%1295 + 1
	var b strings.Builder
	for range 5 {
		b.WriteByte(ex.opts.Random.Choice("abcdefghijklmnopqrstuvwxyz"))
	}
	ms := strconv.FormatInt(int64(ex.Now()*1000), 36)
	b.WriteString(ms[:min(8, len(ms))])
	b.WriteString(strconv.FormatInt(int64(ex.randomNames), 36))
	return value.String(b.String()), nil
}

func fnTypeinfo(c *yaql.Call) (value.Value, error) {
	o, ok := c.Args[0].(*Object)
	if !ok {
		return value.Null, nil
	}
	return o.class, nil
}

func fnTypeinfoForClass(c *yaql.Call) (value.Value, error) { return c.Args[0].(*TypeRef).Class, nil }

func fnName(c *yaql.Call) (value.Value, error) {
	o, ok := c.Args[0].(*Object)
	if !ok {
		return value.Null, nil
	}
	return o.Real().name, nil
}

func fnMetadata(c *yaql.Call) (value.Value, error) { return c.Args[0].(*Object).Real().metadata, nil }

func fnObjAttribution(c *yaql.Call) (value.Value, error) {
	o := c.Args[0].(*Object)
	f := callFrame(c)
	return o.GetProperty(value.Str(c.Args[1]), f.typ, f)
}

func fnStaticAttribution(c *yaql.Call) (value.Value, error) {
	f := callFrame(c)
	return f.ex.getStatic(c.Args[0].(*TypeRef).Class, value.Str(c.Args[1]), f)
}

func fnOpDot(c *yaql.Call) (value.Value, error) {
	var class *Class
	switch r := c.Args[0].(type) {
	case *Object:
		class = r.class
	case *TypeRef:
		class = r.Class
	}
	ctx2 := yaql.NewLinkedContext(c.Ctx, executorOf(c.Ctx).classContext(class))
	return c.Lambda(1).Invoke([]value.Value{c.Args[0], ctx2}, nil)
}

func fnNsResolve(c *yaql.Call) (value.Value, error) {
	f := callFrame(c)
	cls, err := f.findClass(value.Str(c.Args[0]) + ":" + value.Str(c.Args[1]))
	if err != nil {
		return nil, err
	}
	return cls.Ref(), nil
}

func fnNsResolveUnary(c *yaql.Call) (value.Value, error) {
	f := callFrame(c)
	cls, err := f.findClass(":" + value.Str(c.Args[0]))
	if err != nil {
		return nil, err
	}
	return cls.Ref(), nil
}

func fnIs(c *yaql.Call) (value.Value, error) {
	o, ok := c.Args[0].(*Object)
	if !ok {
		return value.Bool(false), nil
	}
	return value.Bool(c.Args[1].(*TypeRef).Class.IsCompatible(o.class)), nil
}

func fnIsObject(c *yaql.Call) (value.Value, error) {
	switch c.Args[0].(type) {
	case *Object, *TypeRef:
		return value.Bool(true), nil
	}
	return value.Bool(false), nil
}

func fnTypeLegacy(c *yaql.Call) (value.Value, error) {
	o, ok := c.Args[0].(*Object)
	if !ok {
		return value.Null, nil
	}
	return value.String(o.class.Name), nil
}

func fnType(c *yaql.Call) (value.Value, error) {
	o, ok := c.Args[0].(*Object)
	if !ok {
		return value.Null, nil
	}
	return o.class.Ref(), nil
}

func fnTypeFromName(c *yaql.Call) (value.Value, error) { return c.Args[0], nil }

func fnCall(c *yaql.Call) (value.Value, error) {
	name := string(c.Args[0].(value.String))
	var class *Class
	switch r := c.Args[3].(type) {
	case *Object:
		class = r.class
	case *TypeRef:
		class = r.Class
	default:
		return c.Super(c.Args[:3], nil)
	}
	args, err := value.Slice(c.Args[1])
	if err != nil {
		return nil, err
	}
	var kws []yaql.KeywordArg
	d := c.Args[2].(*value.Dict)
	for i, k := range d.Keys() {
		if s, ok := k.(value.String); ok && isKeyword(string(s)) {
			kws = append(kws, yaql.KeywordArg{Name: string(s), Value: d.Values()[i]})
		}
	}
	ctx2 := yaql.NewLinkedContext(c.Ctx, executorOf(c.Ctx).classContext(class))
	return c.RT.CallFunction(ctx2, name, c.Args[3], args, kws)
}

// isKeyword reports a name usable as a keyword argument (yaql's
// is_keyword).
func isKeyword(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

func fnLogger(c *yaql.Call) (value.Value, error) {
	f := callFrame(c)
	cls, err := f.typ.Package.FindClass("io.murano.system.Logger", true)
	if err != nil {
		return nil, err
	}
	props := value.NewDict(1)
	props.SetString("logger_name", c.Args[0])
	data := value.NewDict(2)
	data.Set(cls.Ref(), props)
	data.SetString("name", value.Null)
	return f.ex.loadObject(data, nil, nil, f, f.namesScope, false)
}

// fnDecryptData is decryptData(): the playground has no key manager, so
// it fails as the reference does when castellan is not configured.
func fnDecryptData(c *yaql.Call) (value.Value, error) {
	return nil, &PyError{Module: "castellan.common.exception", Class: "AuthTypeInvalidError", Msg: "Invalid auth_type was specified, auth_type: None"}
}
