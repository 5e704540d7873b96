// This file defines MuranoPL objects: one sub-object per class of the
// hierarchy sharing an id, with the reference's property access rules.

package dsl

import (
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
)

// Object is a MuranoPL object, or one of its class sub-objects (then
// this points at the most derived one).
type Object struct {
	id      string
	class   *Class
	this    *Object // nil for the object itself
	owner   *Object
	parents []*Object // in the order of class.Parents
	props   map[string]value.Value
	ex      *Executor

	name, metadata value.Value
	initialized    bool
	destroyed      bool
	// native holds the state of a native class implementation.
	native map[*Class]any
	// dependencies are the destruction dependencies of the object model.
	dependencies []destructionDependency
	// passkey is the passkey of a template() definition loaded as o.
	passkey *passkey
	// declaring is, for a meta object, the class whose declaration
	// attached it.
	declaring *Class
}

type destructionDependency struct {
	subscriber *Object
	handler    string
}

func newObject(ex *Executor, class *Class, owner *Object, id string) *Object {
	o := &Object{id: id, class: class, owner: owner, ex: ex, props: map[string]value.Value{}, name: value.Null, metadata: value.Null}
	known := map[string]*Object{class.Name: o}
	o.buildParents(known)
	return o
}

func (o *Object) buildParents(known map[string]*Object) {
	for _, pc := range o.class.Parents {
		p, ok := known[pc.Name]
		if !ok {
			p = &Object{id: o.id, class: pc, this: o.Real(), ex: o.ex, props: map[string]value.Value{}}
			known[pc.Name] = p
			p.buildParents(known)
		}
		o.parents = append(o.parents, p)
	}
}

// Real returns the most derived object (the reference's real_this).
func (o *Object) Real() *Object {
	if o.this != nil {
		return o.this
	}
	return o
}

// ID returns the object id.
func (o *Object) ID() string { return o.id }

// Class returns the class of this (sub-)object.
func (o *Object) Class() *Class { return o.class }

// Owner returns the owner of the object, nil for none.
func (o *Object) Owner() *Object { return o.Real().owner }

func (*Object) Type() string { return "MuranoObject" }

// Repr is the reference's repr of an object (the Python id masked).
func (o *Object) Repr() string {
	return "<" + o.class.Name + "/" + o.class.Version() + " " + o.id + " (?)>"
}

// JSON encodes the object as the oracle does.
func (o *Object) JSON() (value.Value, error) {
	inner := value.NewDict(2)
	inner.SetString("type", value.String(o.class.Name))
	inner.SetString("id", value.String(o.id))
	d := value.NewDict(1)
	d.SetString("$object", inner)
	return d, nil
}

// Equal compares objects by identity of the whole object.
func (o *Object) Equal(v value.Value) bool {
	x, ok := v.(*Object)
	return ok && x == o
}

// subObjects returns this sub-object and its parents breadth first, each
// once (helpers.traverse over _parents).
func (o *Object) subObjects() []*Object {
	out := []*Object{o}
	seen := map[*Object]bool{o: true}
	for i := 0; i < len(out); i++ {
		for _, p := range out[i].parents {
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	return out
}

// cast returns the sub-object of class c.
func (o *Object) cast(c *Class) (*Object, error) {
	for _, s := range o.subObjects() {
		if s.class == c || s.class.same(c) {
			return s, nil
		}
	}
	return nil, builtinError("TypeError", "Cannot cast %s to %s", o.class.Repr(), c.Repr())
}

// GetProperty reads a property as caller (nil from outside) would.
func (o *Object) GetProperty(name string, caller *Class, fr *frame) (value.Value, error) {
	start, derived := o.class, false
	if caller != nil && caller.IsCompatible(o.class) {
		start, derived = caller, true
	}
	if start.hasProperty(name) {
		spec, err := o.Real().class.FindSingleProperty(name)
		if err != nil {
			return nil, err
		}
		if spec.Usage == decl.PropertyStatic {
			return o.ex.getStatic(spec.Class, name, fr)
		}
		return o.Real().value(name)
	}
	if derived {
		sub, err := o.cast(caller)
		if err != nil {
			return nil, err
		}
		return sub.value(name)
	}
	return nil, engineError("PropertyReadError", "Property \"%s\" in class \"%s\" cannot be read", name, start.Name)
}

func (o *Object) value(name string) (value.Value, error) {
	v, ok := o.props[name]
	if !ok {
		return nil, engineError("UninitializedPropertyAccessError", "Access to uninitialized property \"%s\" in class \"%s\" is forbidden", name, o.class.Name)
	}
	return v, nil
}

// listProperties returns the declarations of name in the hierarchy of
// the object, most derived first.
func (o *Object) listProperties(name string) []*Property {
	var out []*Property
	for _, s := range o.Real().subObjects() {
		if p, ok := s.class.Properties[name]; ok {
			out = append(out, p)
		}
	}
	return out
}

// SetProperty writes a property with the reference's access rules and
// contracts. fr is the calling frame (nil from outside: unchecked).
func (o *Object) SetProperty(name string, v value.Value, fr *frame, dryRun bool) error {
	real := o.Real()
	var caller *Class
	if fr != nil {
		caller = fr.typ
	}
	start, derived := real.class, false
	if caller != nil && caller.IsCompatible(o.class) {
		start, derived = caller, true
	}
	if !start.hasProperty(name) {
		if derived {
			if !dryRun {
				sub, err := o.cast(caller)
				if err != nil {
					return err
				}
				sub.props[name] = v
			}
			return nil
		}
		return engineError("PropertyWriteError", "Property \"%s\" in class \"%s\" cannot be written", name, start.Name)
	}
	ultimate, err := real.class.FindSingleProperty(name)
	if err != nil {
		return err
	}
	if fr == nil {
		fr = o.ex.objectFrame(real, nil)
	}
	list := o.listProperties(name)
	for _, spec := range list {
		if caller != nil && !fr.allowWrites() && (!writable(spec.Usage) || !derived) {
			return engineError("NoWriteAccessError", "Property \"%s\" is immutable to the caller", name)
		}
		if spec == ultimate {
			v, err = spec.transform(v, real, real, fr, len(list) == 1)
		} else {
			err = spec.validate(v, real, fr)
		}
		if err != nil {
			return err
		}
	}
	if len(list) > 1 {
		if v, err = ultimate.finalize(v, real, fr); err != nil {
			return err
		}
	}
	if ultimate.Usage == decl.PropertyStatic {
		return o.ex.setStatic(ultimate.Class, name, v, fr, dryRun)
	}
	if !dryRun {
		real.props[name] = v
	}
	return nil
}

func writable(usage string) bool {
	switch usage {
	case decl.PropertyOut, decl.PropertyInOut, decl.PropertyRuntime, decl.PropertyStatic, decl.PropertyConfig:
		return true
	}
	return false
}

// findOwner returns the nearest owner matching pred.
func (o *Object) findOwner(pred func(*Object) bool) *Object {
	for p := o.Owner(); p != nil; p = p.Owner() {
		if pred(p) {
			return p
		}
	}
	return nil
}
