// This file attaches meta objects to declarations (the reference's
// murano/dsl/meta.py): Meta sections are checked when a class is built,
// their objects are created on first use (without owner, outside the
// object store), and classes, properties and methods inherit them along
// the class hierarchy.

package dsl

import (
	"slices"

	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
)

// The declarations a meta class may apply to (its Applies).
const (
	targetPackage  = "Package"
	targetType     = "Type"
	targetProperty = "Property"
	targetMethod   = "Method"
	targetArgument = "Argument"
)

// metaData is the Meta section of one declaration: the meta classes with
// the values of their properties, and the objects once made.
type metaData struct {
	declaring *Class // resolves names and scopes the objects
	entries   []metaEntry
	objects   []*Object
	made      bool
}

type metaEntry struct {
	class *Class
	props *decl.Node // nil: no property values
}

// newMetaData checks the Meta section m of a declaration of kind target
// in class declaring, as the reference does when it builds the class.
func newMetaData(m decl.Meta, target string, declaring *Class) (*metaData, error) {
	md := &metaData{declaring: declaring}
	var used []*Class
	for _, e := range m.Entries {
		t, err := declaring.Package.FindClass(e.Type.Name, true)
		if err != nil {
			return nil, atNode(err, e.Type.Node)
		}
		if t.Usage != decl.UsageMeta {
			return nil, atNode(builtinError("ValueError", "Only Meta classes can be attached"), e.Type.Node)
		}
		if !slices.Contains(t.Targets, target) {
			return nil, atNode(builtinError("ValueError", "Meta class %s is not applicable here", t.Name), e.Type.Node)
		}
		if t.Cardinality != decl.CardinalityMany && containsClass(used, t) {
			return nil, atNode(builtinError("ValueError", "Cannot attach several Meta instances with cardinality One"), e.Type.Node)
		}
		used = append(used, t)
		md.entries = append(md.entries, metaEntry{class: t, props: e.Props})
	}
	return md, nil
}

func containsClass(list []*Class, c *Class) bool {
	return slices.ContainsFunc(list, c.same)
}

// instances returns the meta objects, creating them in frame f the first
// time: each is loaded as an object definition {class: values} whose
// expressions are evaluated in f, with no owner, and is not stored.
func (md *metaData) instances(f *frame) ([]*Object, error) {
	if md == nil {
		return nil, nil
	}
	if md.made {
		return md.objects, nil
	}
	objects := make([]*Object, 0, len(md.entries))
	for _, e := range md.entries {
		var props value.Value = value.NewDict(0)
		if e.props.Truthy() {
			v, err := f.evalData(e.props, f.ctx)
			if err != nil {
				return nil, err
			}
			props = v
		}
		def := value.NewDict(1)
		if err := def.Set(e.class.Ref(), props); err != nil {
			return nil, err
		}
		obj, err := f.ex.loadUnstored(def, f, md.declaring)
		if err != nil {
			return nil, err
		}
		obj.declaring = md.declaring
		objects = append(objects, obj)
	}
	md.objects, md.made = objects, true
	return objects, nil
}

// loadUnstored loads an object definition as the reference's object
// store does with bypass_store: the objects are initialised but not kept
// (unless the current store is itself a temporary one, which keeps
// everything it loads).
func (ex *Executor) loadUnstored(data value.Value, f *frame, scope *Class) (*Object, error) {
	cur := ex.current()
	if cur.temp {
		return cur.loadInTemp(data, nil, nil, f, scope)
	}
	tmp := &objectStore{ex: ex, parent: cur, objects: map[string]*Object{}, designer: map[string]*value.Dict{}, temp: true}
	prev := ex.cur
	ex.cur = tmp
	defer func() { ex.cur = prev }()
	return tmp.loadInTemp(data, nil, nil, f, scope)
}

// metaPair is a meta object and the class whose declaration attached it.
type metaPair struct {
	class  *Class
	object *Object
}

// mergeMeta is the reference's merge_providers: the meta objects that
// apply to a declaration of class initial, given the Meta section each
// class of the hierarchy has for it (producer). The class's own always
// apply; an ancestor's only when the meta class is Inherited and, for
// cardinality One, not attached lower in the hierarchy. Two classes
// giving the same One meta is an error. The frame is made on demand.
func mergeMeta(initial *Class, producer func(*Class) *metaData, f func() *frame) ([]*Object, error) {
	var fr *frame
	var merger func(classes, skip []*Class) ([]metaPair, error)
	merger = func(classes, skip []*Class) ([]metaPair, error) {
		var all []metaPair
		for _, cls := range classes {
			clsSkip := slices.Clone(skip)
			md := producer(cls)
			if md != nil && len(md.entries) > 0 && fr == nil {
				fr = f()
			}
			items, err := md.instances(fr)
			if err != nil {
				return nil, err
			}
			for _, item := range items {
				t := item.class
				if !cls.same(initial) && (!t.Inherited || containsClass(skip, t)) {
					continue
				}
				if t.Cardinality == decl.CardinalityOne {
					clsSkip = append(clsSkip, t)
				}
				all = append(all, metaPair{cls, item})
			}
			inherited, err := merger(cls.Parents, clsSkip)
			if err != nil {
				return nil, err
			}
			all = append(all, inherited...)
		}
		var result []metaPair
		var ones []metaPair // the class giving each One meta class
		for _, p := range all {
			t := p.object.class
			if i := slices.IndexFunc(ones, func(o metaPair) bool { return o.object.class.same(t) }); i >= 0 {
				if !ones[i].class.same(p.class) {
					return nil, builtinError("ValueError", "Found more than one instance of Meta %s with Cardinality One", t.Name)
				}
				continue
			}
			if t.Cardinality == decl.CardinalityOne {
				ones = append(ones, p)
			}
			if !slices.ContainsFunc(result, func(r metaPair) bool { return r.object == p.object && r.class.same(p.class) }) {
				result = append(result, p)
			}
		}
		return result, nil
	}
	pairs, err := merger([]*Class{initial}, nil)
	if err != nil {
		return nil, err
	}
	out := make([]*Object, len(pairs))
	for i, p := range pairs {
		out[i] = p.object
	}
	return out, nil
}

// getMeta returns the meta objects of the class, inherited ones included;
// caller (nil from outside) gives the names scope.
func (c *Class) getMeta(caller *frame) ([]*Object, error) {
	if c.metaDone {
		return c.metaValues, nil
	}
	objects, err := mergeMeta(c, func(k *Class) *metaData { return k.meta },
		func() *frame { return c.Package.ex.typeFrame(c, caller) })
	if err != nil {
		return nil, err
	}
	c.metaValues, c.metaDone = objects, true
	return objects, nil
}

// getMeta returns the meta objects of the property, with those of the
// same-named properties of the ancestors that apply.
func (p *Property) getMeta(caller *frame) ([]*Object, error) {
	if p.metaDone {
		return p.metaValues, nil
	}
	objects, err := mergeMeta(p.Class, func(k *Class) *metaData {
		if kp, ok := k.Properties[p.Name]; ok {
			return kp.meta
		}
		return nil
	}, func() *frame { return p.Class.Package.ex.typeFrame(p.Class, caller) })
	if err != nil {
		return nil, err
	}
	p.metaValues, p.metaDone = objects, true
	return objects, nil
}

// getMeta returns the meta objects of the method, with those of the
// same-named methods of the ancestors that apply.
func (m *Method) getMeta(caller *frame) ([]*Object, error) {
	if m.metaDone {
		return m.metaValues, nil
	}
	objects, err := mergeMeta(m.Class, func(k *Class) *metaData {
		if km, ok := k.Methods[m.Name]; ok {
			return km.meta
		}
		return nil
	}, func() *frame { return m.Class.Package.ex.typeFrame(m.Class, caller) })
	if err != nil {
		return nil, err
	}
	m.metaValues, m.metaDone = objects, true
	return objects, nil
}

// getMeta returns the meta objects of the argument (arguments do not
// inherit meta).
func (a *Argument) getMeta(caller *frame) ([]*Object, error) {
	if a.meta == nil || len(a.meta.entries) == 0 {
		return nil, nil
	}
	c := a.Method.Class
	return a.meta.instances(c.Package.ex.typeFrame(c, caller))
}

// getMeta returns the meta objects of the package: its Meta section is
// checked on first use, against a class named after the package.
func (p *LoadedPackage) getMeta() ([]*Object, error) {
	if p.metaDone {
		return p.metaValues, nil
	}
	mp, ok := p.src.(decl.MetaPackage)
	if !ok {
		p.metaDone = true
		return nil, nil
	}
	pc := &Class{Name: p.Name, Package: p, Usage: decl.UsageClass,
		Properties: map[string]*Property{}, Methods: map[string]*Method{}}
	m, err := mp.Meta()
	if err != nil {
		return nil, err
	}
	md, err := newMetaData(m, targetPackage, pc)
	if err != nil {
		return nil, err
	}
	objects, err := md.instances(p.ex.typeFrame(pc, nil))
	if err != nil {
		return nil, err
	}
	p.metaValues, p.metaDone = objects, true
	return objects, nil
}
