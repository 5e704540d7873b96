// This file serialises objects as the reference's serializer does: an
// object graph becomes nested object definitions ("?" headers in the
// Serializable and Mixed forms, a type key in the Inline form), objects
// met again or owned elsewhere become id references, and a whole model
// is {"Objects", "ObjectsCopy", "Attributes"}.

package dsl

import (
	"strings"

	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// dumpType is the form objects are serialised in (dsl_types.DumpTypes).
type dumpType string

const (
	dumpSerializable dumpType = "Serializable"
	dumpInline       dumpType = "Inline"
	dumpMixed        dumpType = "Mixed"
)

// formatTypeString is "name/version@package" (helpers.format_type_string).
func formatTypeString(c *Class) value.String {
	return value.String(c.Name + "/" + c.Version() + "@" + c.Package.Name)
}

// toDictionary is MuranoObject.to_dictionary: the ancestors' serialised
// properties, then the class's own (Runtime and Config ones left out),
// and the header.
func (o *Object) toDictionary(dt dumpType, allowRefs, withDependencies bool) (*value.Dict, error) {
	result := value.NewDict(len(o.class.PropOrder) + 1)
	for _, p := range o.parents {
		pd, err := p.toDictionary(dumpSerializable, allowRefs, false)
		if err != nil {
			return nil, err
		}
		for i, k := range pd.Keys() {
			result.Set(k, pd.Values()[i])
		}
	}
	real := o.Real()
	for _, name := range o.class.PropOrder {
		v, ok := real.props[name]
		if !ok {
			continue
		}
		spec := o.class.Properties[name]
		if spec.Usage == decl.PropertyRuntime || spec.Usage == decl.PropertyConfig {
			continue
		}
		if ref, ok := v.(*Object); ok && allowRefs {
			asRef, err := serializedAsReference(spec)
			if err != nil {
				return nil, err
			}
			if asRef {
				v = value.String(ref.id)
			}
		}
		result.SetString(name, v)
	}
	var header *value.Dict
	switch dt {
	case dumpInline:
		if _, ok := result.GetString("?"); !ok {
			return nil, builtinError("KeyError", "'?'")
		}
		result, _ = result.Delete(value.String("?"))
		header = value.NewDict(4)
		header.Set(o.class, result)
		header.SetString("id", value.String(o.id))
		header.SetString("name", real.name)
		header.SetString("metadata", real.metadata)
		result = header
	default:
		header = value.NewDict(4)
		if dt == dumpMixed {
			header.SetString("type", o.class)
		} else {
			header.SetString("type", formatTypeString(o.class))
		}
		header.SetString("id", value.String(o.id))
		header.SetString("name", real.name)
		header.SetString("metadata", real.metadata)
		result.SetString("?", header)
	}
	if o.destroyed {
		header.SetString("destroyed", value.Bool(true))
	}
	if withDependencies {
		var records []value.Value
		for _, d := range o.dependencies {
			if d.subscriber == nil || o.ex.isDoomed(d.subscriber) {
				continue
			}
			r := value.NewDict(2)
			r.SetString("subscriber", value.String(d.subscriber.id))
			r.SetString("handler", handlerValue(d.handler))
			records = append(records, r)
		}
		if len(records) > 0 {
			deps := value.NewDict(1)
			deps.SetString("onDestruction", value.NewPyList(records))
			header.SetString("dependencies", deps)
		}
	}
	return result, nil
}

func handlerValue(h string) value.Value {
	if h == "" {
		return value.Null
	}
	return value.String(h)
}

// serializedAsReference reports whether a property carries the
// io.murano.metadata.engine.Serialize meta with "as: reference".
func serializedAsReference(p *Property) (bool, error) {
	meta, err := p.getMeta(nil)
	if err != nil {
		return false, err
	}
	for _, m := range meta {
		if m.class.Name != "io.murano.metadata.engine.Serialize" {
			continue
		}
		v, err := m.GetProperty("as", nil, nil)
		if err != nil {
			return false, err
		}
		return value.Equal(v, value.String("reference")), nil
	}
	return false, nil
}

// serializer is one run of the reference's serializer over an object
// graph.
type serializer struct {
	ex        *Executor
	dt        dumpType
	allowRefs bool
	// actions adds to each header the "_actions" of the object's public
	// methods (the designer attributes the reference adds with them are
	// those of the executor's store, which it never fills).
	actions  bool
	withDeps bool
	done     map[string]bool // ids of the objects serialised
}

// objRefMark stands for an object not serialised where it was met.
type objRefMark struct{ obj *Object }

func (*objRefMark) Type() string { return "ObjRef" }

// serializeObject is _serialize_object: passes over the tree until no
// object is left to place, then references become ids.
func (s *serializer) serializeObject(root value.Value) (value.Value, error) {
	var parent *Object
	if o, ok := root.(*Object); ok {
		parent = o.Owner()
	}
	v := root
	for {
		var again bool
		var err error
		if v, again, err = s.pass(v, parent); err != nil {
			return nil, err
		}
		if !again {
			break
		}
	}
	return resolveRefs(v), nil
}

// pass is _pass12_serialize: it serialises v (met inside parent) and
// reports whether references were left that another pass may place.
func (s *serializer) pass(v value.Value, parent *Object) (value.Value, bool, error) {
	switch x := v.(type) {
	case value.NullType, value.String, value.Int, value.BigInt, value.Float, value.Bool:
		return v, false, nil
	case *Object:
		if x.Owner() != parent || s.done[x.id] {
			return &objRefMark{x}, true, nil
		}
		return s.object(x)
	case *objRefMark:
		canMove := !s.done[x.obj.id]
		if owner := x.obj.Owner(); canMove && s.allowRefs && owner != nil {
			canMove = isNestedIn(parent, owner) && s.done[owner.id]
		}
		if !canMove {
			return v, false, nil
		}
		return s.object(x.obj)
	case *Class:
		return formatTypeString(x), false, nil
	case *TypeRef:
		return formatTypeString(x.Class), false, nil
	case *passkey:
		if x == s.ex.passkey {
			return v, false, nil
		}
	case *value.Dict:
		out := value.NewDict(x.Len())
		again := false
		for i, k := range x.Keys() {
			dv := x.Values()[i]
			if c, ok := k.(*Class); ok && s.dt == dumpSerializable {
				k = value.String(c.Repr())
			}
			var r value.Value
			if c, ok := dv.(*Class); ok && s.dt == dumpMixed && value.Equal(k, value.String("type")) {
				r = c
			} else {
				var more bool
				var err error
				if r, more, err = s.pass(dv, parent); err != nil {
					return nil, false, err
				}
				again = again || more
			}
			if err := out.Set(k, r); err != nil {
				return nil, false, err
			}
		}
		return out, again, nil
	case *value.List, *value.Set, *value.Range:
		items, err := value.Slice(x)
		if err != nil {
			return nil, false, err
		}
		out := make([]value.Value, len(items))
		again := false
		for i, it := range items {
			var more bool
			if out[i], more, err = s.pass(it, parent); err != nil {
				return nil, false, err
			}
			again = again || more
		}
		return value.NewPyList(out), again, nil
	}
	return nil, false, builtinError("ValueError", "")
}

// object serialises an object placed here, then what it contains.
func (s *serializer) object(o *Object) (value.Value, bool, error) {
	d, err := o.toDictionary(s.dt, s.allowRefs, s.withDeps)
	if err != nil {
		return nil, false, err
	}
	if s.actions {
		system := d
		if s.dt != dumpInline {
			h, _ := d.GetString("?")
			system = h.(*value.Dict)
		}
		actions, err := availableActions(o)
		if err != nil {
			return nil, false, err
		}
		system.SetString("_actions", actions)
	}
	s.done[o.id] = true
	return s.pass(d, o)
}

// resolveRefs is _pass3_serialize: the references left become ids.
func resolveRefs(v value.Value) value.Value {
	switch x := v.(type) {
	case *objRefMark:
		return value.String(x.obj.id)
	case *value.Dict:
		out := value.NewDict(x.Len())
		for i, k := range x.Keys() {
			out.Set(k, resolveRefs(x.Values()[i]))
		}
		return out
	case *value.List:
		items := make([]value.Value, len(x.Items))
		for i, it := range x.Items {
			items[i] = resolveRefs(it)
		}
		return value.NewPyList(items)
	}
	return v
}

// isNestedIn reports whether ancestor is obj or one of its owners.
func isNestedIn(obj, ancestor *Object) bool {
	for ; obj != nil; obj = obj.Owner() {
		if obj == ancestor {
			return true
		}
	}
	return ancestor == nil
}

// availableActions lists the public methods of the object as the
// "_actions" of its header: enabled, name, and title (the method's name
// unless a Title meta gives it), description and helpText from meta.
func availableActions(o *Object) (*value.Dict, error) {
	out := value.NewDict(0)
	for _, m := range o.class.FindMethods((*Method).IsAction) {
		entry := value.NewDict(3)
		entry.SetString("enabled", value.Bool(true))
		entry.SetString("name", value.String(m.Name))
		meta, err := m.getMeta(nil)
		if err != nil {
			return nil, err
		}
		byClass := map[string]*Object{}
		for _, mo := range meta {
			byClass[mo.class.Name] = mo
		}
		text := func(name string) (value.Value, error) {
			mo, ok := byClass["io.murano.metadata."+name]
			if !ok {
				return nil, nil
			}
			return mo.GetProperty("text", nil, nil)
		}
		for _, key := range []string{"title", "description", "helpText"} {
			t, err := text(strings.ToUpper(key[:1]) + key[1:])
			if err != nil {
				return nil, err
			}
			if t == nil && key == "title" {
				t = value.String(m.Name)
			}
			if t != nil {
				entry.SetString(key, t)
			}
		}
		out.SetString(o.id+"_"+m.Name, entry)
	}
	return out, nil
}

// serialize is serializer.serialize: one object graph in the given form,
// references to objects owned elsewhere kept as ids.
func (ex *Executor) serialize(o *Object, dt dumpType) (value.Value, error) {
	s := &serializer{ex: ex, dt: dt, allowRefs: true, done: map[string]bool{}}
	return s.serializeObject(o)
}

// SerializeModel returns the object model rooted at root as the
// reference serialises it: {"Objects", "ObjectsCopy", "Attributes"}.
func (ex *Executor) SerializeModel(root *Object) (value.Value, error) {
	model := value.NewDict(3)
	if root == nil {
		model.SetString("Objects", value.Null)
		model.SetString("ObjectsCopy", value.Null)
		model.SetString("Attributes", value.NewPyList(nil))
		return model, nil
	}
	s := &serializer{ex: ex, dt: dumpSerializable, actions: true, withDeps: true, done: map[string]bool{}}
	objects, err := s.serializeObject(root)
	if err != nil {
		return nil, err
	}
	cp := &serializer{ex: ex, dt: dumpSerializable, withDeps: true, done: map[string]bool{}}
	objectsCopy, err := cp.serializeObject(root)
	if err != nil {
		return nil, err
	}
	model.SetString("Objects", objects)
	model.SetString("ObjectsCopy", objectsCopy)
	model.SetString("Attributes", value.NewPyList(ex.attrs.serialize(s.done)))
	return model, nil
}

// collectObjects lists the objects a model rooted at root contains:
// root and every object its serialised properties reach.
func collectObjects(root *Object) (map[*Object]bool, error) {
	seen := map[*Object]bool{}
	var rec func(v value.Value) error
	rec = func(v value.Value) error {
		switch x := v.(type) {
		case *Object:
			if seen[x] {
				return nil
			}
			seen[x] = true
			d, err := x.toDictionary(dumpSerializable, false, false)
			if err != nil {
				return err
			}
			return rec(d)
		case *value.Dict:
			for _, dv := range x.Values() {
				if err := rec(dv); err != nil {
					return err
				}
			}
		case *value.List, *value.Set:
			items, _ := value.Slice(x)
			for _, it := range items {
				if err := rec(it); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return seen, rec(root)
}

// fnDump is dump(obj, serializationType, ignoreUpcasts).
func fnDump(c *yaql.Call) (value.Value, error) {
	o := c.Args[0].(*Object)
	dt := dumpType(value.Str(c.Args[1]))
	if dt != dumpSerializable && dt != dumpInline && dt != dumpMixed {
		return nil, builtinError("ValueError", "Invalid Serialization Type")
	}
	if value.Truth(c.Args[2]) {
		o = o.Real()
	}
	return executorOf(c.Ctx).serialize(o, dt)
}

// passkey stands for the excluded properties of a template() definition
// while it is loaded: contracts let it through, the serializer keeps it,
// and the template's finalisation removes it.
type passkey struct{}

func (*passkey) Type() string { return "MarkerClass" }

// isPasskey reports whether v is the passkey of the template being
// loaded or serialised.
func (ex *Executor) isPasskey(v value.Value) bool {
	pk, ok := v.(*passkey)
	return ok && ex.passkey != nil && pk == ex.passkey
}

// withPasskey runs fn with pk as the current passkey.
func (ex *Executor) withPasskey(pk *passkey, fn func() error) error {
	prev := ex.passkey
	ex.passkey = pk
	defer func() { ex.passkey = prev }()
	return fn()
}

// patchDict returns d with the entry at a dotted path of nested
// dictionaries set to v or, when v is nil, removed (helpers.patch_dict;
// a path through something else than dictionaries changes nothing).
func patchDict(d value.Value, path value.Value, v value.Value) (value.Value, error) {
	p, ok := path.(value.String)
	if !ok {
		return nil, builtinError("AttributeError", "'%s' object has no attribute 'split'", path.Type())
	}
	return patchPath(d, strings.Split(string(p), "."), v)
}

func patchPath(d value.Value, parts []string, v value.Value) (value.Value, error) {
	dd, ok := d.(*value.Dict)
	if !ok {
		return d, nil
	}
	key := value.String(parts[0])
	if len(parts) > 1 {
		child, ok := dd.Get(key)
		if !ok {
			return d, nil
		}
		patched, err := patchPath(child, parts[1:], v)
		if err != nil {
			return nil, err
		}
		out := dd.Copy()
		return out, out.Set(key, patched)
	}
	if v != nil {
		out := dd.Copy()
		return out, out.Set(key, v)
	}
	if _, ok := dd.Get(key); !ok {
		return nil, builtinError("KeyError", "%s", value.Repr(key))
	}
	return dd.Delete(key)
}

// assembleMixed is helpers.assemble_object_definition in the Mixed form:
// the properties with a "?" header holding the type itself.
func (def *objectDefinition) assembleMixed() *value.Dict {
	result := def.props
	header := value.NewDict(4)
	header.SetString("id", def.id)
	header.SetString("name", def.name)
	header.SetString("metadata", def.metadata)
	if def.destroyed {
		header.SetString("destroyed", value.Bool(true))
	}
	for i, k := range def.extra.Keys() {
		header.Set(k, def.extra.Values()[i])
	}
	result.SetString("?", header)
	if def.class != nil {
		header.SetString("type", def.class)
	} else {
		header.SetString("type", value.Null)
	}
	return result
}

// loadTemplate is the transform of template() for a definition: the
// object is loaded in dry-run mode (no .init, not kept), the excluded
// properties replaced by a passkey their contracts let through.
func (cc *contractCall) loadTemplate(data *value.Dict, def *Class, exclude []value.Value) (*Object, error) {
	ex := cc.env.ex
	pk := &passkey{}
	if len(exclude) > 0 {
		thawed, err := thaw(cc.env.root.runtime(), data)
		if err != nil {
			return nil, err
		}
		parsed, err := ex.parseDefinition(thawed, cc.env.calling)
		if err != nil {
			return nil, err
		}
		var props value.Value = parsed.props
		for _, p := range exclude {
			if props, err = patchDict(props, p, pk); err != nil {
				return nil, err
			}
		}
		parsed.props = props.(*value.Dict)
		data = parsed.assembleMixed()
	}
	var obj *Object
	err := ex.withPasskey(pk, func() error {
		prev := ex.dryRun
		ex.dryRun = true
		defer func() { ex.dryRun = prev }()
		var err error
		obj, err = ex.loadObject(data, cc.env.owner, def, cc.env.root, cc.env.calling, false)
		return err
	})
	if err != nil {
		return nil, err
	}
	obj.passkey = pk
	return obj, nil
}

// finalizeTemplate is the finalisation of template(): the object becomes
// its Mixed-form definition without the excluded properties ({} while
// a model is being loaded).
func (cc *contractCall) finalizeTemplate(exclude []value.Value) (value.Value, error) {
	o, ok := cc.value.(*Object)
	if !ok {
		return cc.value, nil
	}
	ex := cc.env.ex
	if ex.current().initializing {
		return value.NewDict(0), nil
	}
	var result value.Value
	err := ex.withPasskey(o.passkey, func() error {
		var err error
		if result, err = ex.serialize(o.Real(), dumpMixed); err != nil {
			return err
		}
		for _, p := range exclude {
			if result, err = patchDict(result, p, nil); err != nil {
				return err
			}
		}
		return nil
	})
	return result, err
}
