// This file is the executor's API for hosts: adding packages, loading an
// object model, finding classes and calling methods from outside.

package dsl

import (
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
	"murano.dev/playground/engine/yaql/std"
)

// AddPackage makes a package known to the executor before anything asks
// for it (packages are otherwise adopted when the loader returns them).
func (ex *Executor) AddPackage(p decl.Package) *LoadedPackage { return ex.adopt(p) }

// FindClass finds a class by full name in the package that defines it.
func (ex *Executor) FindClass(name string) (*Class, error) {
	p, err := ex.classPackage(name, "")
	if err != nil {
		return nil, err
	}
	return p.FindClass(name, false)
}

// LoadModel loads a deployment model ({"Objects": …, "ObjectsCopy": …,
// "Attributes": […]}) and returns its root object (nil when Objects is
// null).
func (ex *Executor) LoadModel(model *value.Dict) (*Object, error) {
	if attrs, ok := model.GetString("Attributes"); ok && !value.IsNull(attrs) {
		items, err := value.Slice(attrs)
		if err == nil {
			ex.attrs.load(items)
		}
	}
	var root *Object
	if objs, ok := model.GetString("Objects"); ok && !value.IsNull(objs) {
		o, err := ex.store.load(objs, nil, nil, nil, nil, true)
		if err != nil {
			return nil, err
		}
		root = o
		ex.held = append(ex.held, o)
	}
	if cp, ok := model.GetString("ObjectsCopy"); ok && value.Truth(cp) {
		if _, err := ex.store.load(cp, nil, nil, nil, nil, true); err != nil {
			return nil, err
		}
	}
	return root, nil
}

// ClassNames lists the classes of the package (its manifest's).
func (p *LoadedPackage) ClassNames() []string { return p.src.ClassNames() }

// NewObject creates an object of class c from an empty model, its
// properties at their defaults, as murano's test runner creates the
// object of a test class.
func (ex *Executor) NewObject(c *Class) (*Object, error) {
	return ex.store.load(value.NewDict(0), nil, c, nil, nil, false)
}

// Call calls the method name on receiver (an object, or a class for
// static methods) from outside MuranoPL, as the API and murano's test
// foundation do: only actions unless the method's name starts with a dot.
func (ex *Executor) Call(receiver any, name string, args []value.Value, kwargs []yaql.KeywordArg) (value.Value, error) {
	var class *Class
	var recv value.Value
	switch r := receiver.(type) {
	case *Object:
		class, recv = r.class, r
	case *Class:
		class, recv = r, r.Ref()
	}
	m, err := class.FindSingleMethod(name)
	if err != nil {
		return nil, err
	}
	if o, ok := recv.(*Object); ok && !m.Class.IsCompatible(o.class) {
		return nil, builtinError("Exception", "'this' must be of compatible type")
	}
	if _, ok := recv.(*TypeRef); ok && !m.IsStatic() {
		return nil, builtinError("ValueError", "Method %s cannot be called on receiver %s", m.repr(), class.Repr())
	}
	if o, ok := recv.(*Object); ok {
		sub, err := o.cast(m.Class)
		if err != nil {
			return nil, err
		}
		recv = sub
	} else {
		recv = m.Class.Ref()
	}
	v, err := ex.Invoke(m, recv, args, kwargs, true)
	if err != nil {
		return nil, err
	}
	return std.MuranoMutable(ex.runtime(class.Package.Runtime), v)
}

func (m *Method) repr() string { return "MuranoMethod(" + m.Class.Name + "::" + m.Name + ")" }

// NewID returns a new object id.
func (ex *Executor) NewID() string { return ex.opts.NewID() }

// PythonName returns the Python exception class, module and message the
// reference would raise for err.
func PythonName(err error) (class, module, msg string) { return pythonName(err) }

// PyErr returns an error the reference raises as the Python exception
// class with the message (a builtin such as "AttributeError").
func PyErr(class, msg string) error { return builtinError(class, "%s", msg) }
