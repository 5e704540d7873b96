// This file is what tools that read classes without running them (the
// schema generator, engine/schema) need of the executor: the names a
// class declares and inherits, the meta objects of its declarations, and
// the contexts its expressions are evaluated in.

package dsl

import (
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/yaql"
)

// AllPropertyNames lists the names of the properties of c and of its
// ancestors, each once.
func (c *Class) AllPropertyNames() []string { return c.allPropertyNames() }

// AllMethodNames lists the names of the methods of c and of its
// ancestors, each once.
func (c *Class) AllMethodNames() []string { return c.allMethodNames() }

// Meta returns the meta objects of the class, inherited ones included.
// They are made the first time, their property values evaluated with
// the names scope of the caller's context (a context of the executor, or
// nil for the class's own).
func (c *Class) Meta(caller *yaql.Context) ([]*Object, error) { return c.getMeta(frameOf(caller)) }

// Meta returns the meta objects of the property, with those the
// same-named properties of the ancestors pass on (see [Class.Meta]).
func (p *Property) Meta(caller *yaql.Context) ([]*Object, error) { return p.getMeta(frameOf(caller)) }

// Meta returns the meta objects of the method, with those the same-named
// methods of the ancestors pass on (see [Class.Meta]).
func (m *Method) Meta(caller *yaql.Context) ([]*Object, error) { return m.getMeta(frameOf(caller)) }

// Meta returns the meta objects of the argument (see [Class.Meta]).
func (a *Argument) Meta(caller *yaql.Context) ([]*Object, error) { return a.getMeta(frameOf(caller)) }

// DeclaringClass returns, for a meta object, the class whose declaration
// attached it; nil for other objects.
func (o *Object) DeclaringClass() *Class { return o.declaring }

// ObjectContext returns the context of class c's static code, as the
// reference's create_object_context(cls): $this is the class, names
// resolve with its namespaces, its methods can be called.
func (ex *Executor) ObjectContext(c *Class) *yaql.Context { return ex.objectFrame(c, nil).ctx }

// CopyNamesScope makes the MuranoPL functions called in dst resolve
// class names and find the executor as they do in src, a context of the
// executor (the reference copies the names scope of one context to
// another).
func CopyNamesScope(dst, src *yaql.Context) {
	if f := frameOf(src); f != nil {
		dst.Set("?frame", f)
	}
}

// RootContext returns the root context of MuranoPL code of runtime v:
// yaql's library and MuranoPL's functions.
func (ex *Executor) RootContext(v decl.Version) *yaql.Context { return ex.rootContext(v) }

// Runtime returns the yaql runtime that evaluates the code of runtime v.
func (ex *Executor) Runtime(v decl.Version) *yaql.Runtime { return ex.runtime(v) }

// ClassPackage returns the package that defines the class, of a version
// the spec accepts, as the reference's load_class_package.
func (ex *Executor) ClassPackage(name, spec string) (*LoadedPackage, error) {
	return ex.classPackage(name, spec)
}

// TypeParameter is the type of a function parameter that takes a class:
// a type reference, or a name resolved in the names scope of the calling
// code (the reference's MuranoTypeParameter), converted to a [*TypeRef].
func TypeParameter(nullable bool) yaql.Type {
	if nullable {
		return nullableTypeOrName
	}
	return typeOrName
}
