// This file defines reflection (the reference's murano/dsl/reflection.py):
// what typeinfo() values expose to MuranoPL as properties (obj.name calls
// #property#name) and methods: types, meta classes, properties, methods,
// their arguments, packages and versions.

package dsl

import (
	"slices"
	"strings"

	"github.com/Masterminds/semver/v3"

	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
	"murano.dev/playground/engine/yaql/std"
)

func reflectionType(name string, pred func(value.Value) bool) *yaql.PyType {
	return &yaql.PyType{Name: name, Classes: []string{name}, Pred: func(v value.Value, _ *yaql.Runtime) bool { return pred(v) }}
}

var (
	classType = reflectionType("MuranoClass", func(v value.Value) bool { _, ok := v.(*Class); return ok })
	metaClass = reflectionType("MuranoMetaClass", func(v value.Value) bool {
		c, ok := v.(*Class)
		return ok && c.Usage == decl.UsageMeta
	})
	propertyType = reflectionType("MuranoProperty", func(v value.Value) bool { _, ok := v.(*Property); return ok })
	methodType   = reflectionType("MuranoMethod", func(v value.Value) bool { _, ok := v.(*Method); return ok })
	argumentType = reflectionType("MuranoMethodArgument", func(v value.Value) bool { _, ok := v.(*Argument); return ok })
	packageType  = reflectionType("MuranoPackage", func(v value.Value) bool { _, ok := v.(*LoadedPackage); return ok })
	metaProvider = reflectionType("MetaProvider", func(v value.Value) bool {
		switch v.(type) {
		case *Class, *Property, *Method, *Argument, *LoadedPackage:
			return true
		}
		return false
	})
	versionType = reflectionType("Version", func(v value.Value) bool { _, ok := v.(*Version); return ok })
)

// registerReflection adds the reflection functions to a root context, in
// the reference's order.
func registerReflection(c *yaql.Context) {
	prop := func(name string, t *yaql.PyType, get func(v value.Value) value.Value) *yaql.Func {
		return yaql.Fn("#property#"+name, func(c *yaql.Call) (value.Value, error) { return get(c.Args[0]), nil }, yaql.P("obj", t))
	}
	c.Register(
		prop("name", classType, func(v value.Value) value.Value { return value.String(v.(*Class).Name) }),
		prop("usage", classType, func(v value.Value) value.Value { return value.String(v.(*Class).Usage) }),
		prop("version", classType, func(v value.Value) value.Value { return parseVersion(v.(*Class).Version()) }),
		prop("type", classType, func(v value.Value) value.Value { return v.(*Class).Ref() }),
		yaql.Fn("#property#methods", fnTypeMethods, yaql.P("obj", classType)),
		yaql.Fn("#property#properties", fnTypeProperties, yaql.P("obj", classType)),
		prop("ancestors", classType, func(v value.Value) value.Value { return classTuple(v.(*Class).Ancestors()) }),
		prop("package", classType, func(v value.Value) value.Value { return v.(*Class).Package }),

		prop("name", propertyType, func(v value.Value) value.Value { return value.String(v.(*Property).Name) }),
		prop("hasDefault", propertyType, func(v value.Value) value.Value {
			p := v.(*Property)
			return value.Bool(p.Decl != nil && p.Decl.HasDefault)
		}),
		prop("declaringType", propertyType, func(v value.Value) value.Value { return v.(*Property).Class }),
		prop("usage", propertyType, func(v value.Value) value.Value { return value.String(v.(*Property).Usage) }),
		yaql.Meth("getValue", fnPropertyGetValue, yaql.P("property", propertyType), yaql.P("object", nullableObjectType)),
		yaql.Meth("setValue", fnPropertySetValue, yaql.P("property", propertyType), yaql.P("object", nullableObjectType), yaql.P("value", yaql.Any)),

		prop("name", methodType, func(v value.Value) value.Value { return value.String(v.(*Method).Name) }),
		prop("arguments", methodType, func(v value.Value) value.Value {
			m := v.(*Method)
			if m.Decl == nil {
				return value.Null
			}
			args := make([]value.Value, len(m.Args))
			for i, a := range m.Args {
				args[i] = a
			}
			return value.NewTuple(args)
		}),
		prop("declaringType", methodType, func(v value.Value) value.Value { return v.(*Method).Class }),
		yaql.Meth("invoke", fnMethodInvoke, yaql.P("method", methodType), yaql.P("__object", nullableObjectType),
			yaql.Rest("args", yaql.Any), yaql.Kwargs("kwargs", yaql.Any)),

		yaql.Fn("#property#types", fnPackageTypes, yaql.P("obj", packageType)),
		prop("name", packageType, func(v value.Value) value.Value { return value.String(v.(*LoadedPackage).Name) }),
		prop("version", packageType, func(v value.Value) value.Value { return parseVersion(v.(*LoadedPackage).Version) }),

		prop("name", argumentType, func(v value.Value) value.Value { return value.String(v.(*Argument).Name) }),
		prop("hasDefault", argumentType, func(v value.Value) value.Value {
			a := v.(*Argument)
			return value.Bool(a.Decl != nil && a.Decl.HasDefault)
		}),
		prop("declaringMethod", argumentType, func(v value.Value) value.Value { return v.(*Argument).Method }),
		prop("usage", argumentType, func(v value.Value) value.Value { return value.String(v.(*Argument).Usage) }),

		prop("cardinality", metaClass, func(v value.Value) value.Value { return value.String(v.(*Class).Cardinality) }),
		prop("targets", metaClass, func(v value.Value) value.Value { return metaTargets(v.(*Class)) }),
		prop("inherited", metaClass, func(v value.Value) value.Value { return value.Bool(v.(*Class).Inherited) }),

		yaql.Fn("#property#meta", fnGetMeta, yaql.P("provider", metaProvider)),
		yaql.Fn("#operator_.", fnVersionAttribute, yaql.P("obj", versionType), yaql.P("attr", yaql.Keyword)),
	)
}

func classTuple(classes []*Class) value.Value {
	items := make([]value.Value, len(classes))
	for i, c := range classes {
		items[i] = c
	}
	return value.NewTuple(items)
}

// pySetOfStrings returns names in the order CPython iterates a set
// built from them.
func pySetOfStrings(names []string) []string {
	items := make([]value.Value, len(names))
	for i, n := range names {
		items[i] = value.String(n)
	}
	ordered := std.PySetOrder(items)
	out := make([]string, len(ordered))
	for i, v := range ordered {
		out[i] = string(v.(value.String))
	}
	return out
}

// publicName reports whether reflection lists a method or property name.
func publicName(name string) bool {
	return !strings.HasPrefix(name, "__") && !strings.HasPrefix(name, ".")
}

func fnTypeMethods(c *yaql.Call) (value.Value, error) {
	cls := c.Args[0].(*Class)
	var out []value.Value
	for _, name := range pySetOfStrings(cls.allMethodNames()) {
		if !publicName(name) {
			continue
		}
		for _, m := range cls.FindMethod(name) {
			out = append(out, m)
		}
	}
	return value.NewTuple(out), nil
}

func fnTypeProperties(c *yaql.Call) (value.Value, error) {
	cls := c.Args[0].(*Class)
	var out []value.Value
	for _, name := range pySetOfStrings(cls.allPropertyNames()) {
		if !publicName(name) {
			continue
		}
		for _, p := range chooseSymbol(cls, func(k *Class) (*Property, bool) { p, ok := k.Properties[name]; return p, ok }) {
			out = append(out, p)
		}
	}
	return value.NewTuple(out), nil
}

// metaTargets lists the targets of a meta class as the reference keeps
// them: a list made from a Python set of the names in Applies.
func metaTargets(c *Class) value.Value {
	all := []string{targetPackage, targetType, targetProperty, targetMethod, targetArgument}
	names := all
	if c.Decl != nil && c.Decl.Doc != nil {
		if n := c.Decl.Doc.Get("Applies"); n != nil {
			items := []*decl.Node{n}
			if n.Kind == decl.List {
				items = n.Items
			}
			names = nil
			for _, it := range items {
				names = append(names, it.Text())
			}
			if slices.Contains(names, "All") {
				names = all
			}
		}
	}
	ordered := pySetOfStrings(names)
	out := make([]value.Value, len(ordered))
	for i, t := range ordered {
		out[i] = value.String(t)
	}
	return value.NewPyList(out)
}

func fnPropertyGetValue(c *yaql.Call) (value.Value, error) {
	p := c.Args[0].(*Property)
	f := callFrame(c)
	o, ok := c.Args[1].(*Object)
	if !ok {
		return f.ex.getStatic(p.Class, p.Name, f)
	}
	sub, err := o.cast(p.Class)
	if err != nil {
		return nil, err
	}
	return sub.GetProperty(p.Name, f.typ, f)
}

func fnPropertySetValue(c *yaql.Call) (value.Value, error) {
	p := c.Args[0].(*Property)
	f := callFrame(c)
	o, ok := c.Args[1].(*Object)
	if !ok {
		return value.Null, f.ex.setStatic(p.Class, p.Name, c.Args[2], f, false)
	}
	sub, err := o.cast(p.Class)
	if err != nil {
		return nil, err
	}
	return value.Null, sub.SetProperty(p.Name, c.Args[2], f, false)
}

func fnMethodInvoke(c *yaql.Call) (value.Value, error) {
	m := c.Args[0].(*Method)
	this, _ := c.Args[1].(*Object)
	if this != nil && !m.Class.IsCompatible(this.class) {
		return nil, builtinError("Exception", "'this' must be of compatible type")
	}
	if this == nil && !m.IsStatic() {
		return nil, builtinError("Exception", "A class instance is required")
	}
	f := callFrame(c)
	return f.ex.invokeFrom(m, this, c.Rest, c.Kwargs, f)
}

func fnPackageTypes(c *yaql.Call) (value.Value, error) {
	p := c.Args[0].(*LoadedPackage)
	// The reference's set of names: the classes built, then the others.
	var built, rest []string
	for _, name := range p.src.ClassNames() {
		if p.classes[name] != nil {
			built = append(built, name)
		} else {
			rest = append(rest, name)
		}
	}
	var out []value.Value
	for _, name := range pySetOfStrings(append(built, rest...)) {
		cls, err := p.FindClass(name, false)
		if err != nil {
			return nil, err
		}
		out = append(out, cls)
	}
	return value.NewTuple(out), nil
}

func fnGetMeta(c *yaql.Call) (value.Value, error) {
	f := callFrame(c)
	var objects []*Object
	var err error
	switch x := c.Args[0].(type) {
	case *Class:
		objects, err = x.getMeta(f)
	case *Property:
		objects, err = x.getMeta(f)
	case *Method:
		objects, err = x.getMeta(f)
	case *Argument:
		objects, err = x.getMeta(f)
	case *LoadedPackage:
		objects, err = x.getMeta()
	}
	if err != nil {
		return nil, err
	}
	items := make([]value.Value, len(objects))
	for i, o := range objects {
		items[i] = o
	}
	return value.NewPyList(items), nil
}

func fnVersionAttribute(c *yaql.Call) (value.Value, error) {
	v := c.Args[0].(*Version)
	switch name := string(c.Args[1].(value.String)); name {
	case "major":
		return value.Int(v.Major), nil
	case "minor":
		return value.Int(v.Minor), nil
	case "patch":
		return value.Int(v.Patch), nil
	case "prerelease":
		return stringTuple(v.Prerelease), nil
	case "build":
		return stringTuple(v.Build), nil
	default:
		return nil, builtinError("AttributeError", "Cannot access %s", name)
	}
}

func stringTuple(items []string) value.Value {
	out := make([]value.Value, len(items))
	for i, s := range items {
		out[i] = value.String(s)
	}
	return value.NewTuple(out)
}

// Version is a type's or package's version as reflection returns it (the
// reference's semantic_version.Version, which MuranoPL sees through its
// major, minor, patch, prerelease and build).
type Version struct {
	text                string
	Major, Minor, Patch int64
	Prerelease, Build   []string
}

func parseVersion(s string) *Version {
	v := &Version{text: s}
	if sv, err := semver.StrictNewVersion(s); err == nil {
		v.Major, v.Minor, v.Patch = int64(sv.Major()), int64(sv.Minor()), int64(sv.Patch())
		if pre := sv.Prerelease(); pre != "" {
			v.Prerelease = strings.Split(pre, ".")
		}
		if b := sv.Metadata(); b != "" {
			v.Build = strings.Split(b, ".")
		}
	}
	return v
}

func (*Version) Type() string { return "Version" }

func (v *Version) Str() string { return v.text }

func (v *Version) Repr() string { return "Version('" + v.text + "')" }

// JSON encodes the version as the oracle does (a Version iterates as
// major, minor, patch, prerelease, build).
func (v *Version) JSON() (value.Value, error) {
	return value.NewTuple([]value.Value{value.Int(v.Major), value.Int(v.Minor), value.Int(v.Patch),
		stringTuple(v.Prerelease), stringTuple(v.Build)}), nil
}

// Equal compares versions by value.
func (v *Version) Equal(o value.Value) bool {
	x, ok := o.(*Version)
	return ok && x.text == v.text
}

// HashKey makes equal versions the same dictionary key.
func (v *Version) HashKey() (string, error) { return "\x00Version:" + v.text, nil }

// JSON encodes a type as the oracle does.
func (c *Class) JSON() (value.Value, error) { return c.Ref().JSON() }

// Equal makes types equal by name and version, as in the reference.
func (c *Class) Equal(o value.Value) bool {
	x, ok := o.(*Class)
	return ok && c.same(x)
}

// HashKey makes equal types the same dictionary key.
func (c *Class) HashKey() (string, error) {
	return "\x00MuranoClass:" + c.Name + "/" + c.Version(), nil
}

func (*Property) Type() string { return "MuranoProperty" }

func (p *Property) Repr() string { return "MuranoProperty(" + p.Class.Name + "::" + p.Name + ")" }

func (*Method) Type() string { return "MuranoMethod" }

func (m *Method) Repr() string { return m.repr() }

func (*Argument) Type() string { return "MuranoMethodArgument" }

func (a *Argument) Repr() string {
	return "MuranoMethodArgument(" + a.Method.Name + "::" + a.Name + ")"
}

// Type is the Python class of the package: the test foundation's own or
// the engine's.
func (p *LoadedPackage) Type() string {
	if p.ex.opts.TestFoundation {
		return "TestPackage"
	}
	return "MuranoPackage"
}

func (p *LoadedPackage) Repr() string { return "MuranoPackage(" + p.Name + ")" }
