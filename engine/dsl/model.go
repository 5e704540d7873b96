// This file loads object models and object definitions into objects, in
// the reference's two passes (create and set properties, set them again
// and collect initialisers), then runs the .init methods.

package dsl

import (
	"regexp"

	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
	"murano.dev/playground/engine/yaql/std"
)

// objectStore holds objects by id. Loading a graph of objects happens
// in a temporary store whose parent is the store the load was asked of.
type objectStore struct {
	ex      *Executor
	parent  *objectStore
	objects map[string]*Object
	order   []string
	// designer keeps the designer attributes ("?" keys starting with _).
	designer map[string]*value.Dict

	// temporary stores only
	temp         bool
	initializing bool
	keepIDs      bool
	rootOwner    *Object
	initializers []func() error
}

func newObjectStore(ex *Executor) *objectStore {
	return &objectStore{ex: ex, objects: map[string]*Object{}, designer: map[string]*value.Dict{}}
}

func (s *objectStore) get(id string, checkParent bool) *Object {
	if o, ok := s.objects[id]; ok {
		return o
	}
	if checkParent && s.parent != nil {
		return s.parent.get(id, true)
	}
	return nil
}

func (s *objectStore) put(o *Object, id string) {
	if _, ok := s.objects[id]; !ok {
		s.order = append(s.order, id)
	}
	s.objects[id] = o
}

func (s *objectStore) remove(id string) {
	if _, ok := s.objects[id]; !ok {
		return
	}
	delete(s.objects, id)
	for i, x := range s.order {
		if x == id {
			s.order = append(s.order[:i], s.order[i+1:]...)
			break
		}
	}
}

// all returns the objects in the order they were stored.
func (s *objectStore) all() []*Object {
	out := make([]*Object, 0, len(s.order))
	for _, id := range s.order {
		out = append(out, s.objects[id])
	}
	return out
}

// Object returns a stored object by id.
func (ex *Executor) Object(id string) *Object { return ex.store.get(id, true) }

// loadObject loads an object definition as the current store's load
// does: into a temporary store first when the current store is not one.
func (ex *Executor) loadObject(data value.Value, owner *Object, defaultType *Class, f *frame, scope *Class, keepIDs bool) (*Object, error) {
	cur := ex.current()
	if cur.temp {
		return cur.loadInTemp(data, owner, defaultType, f, scope)
	}
	return cur.load(data, owner, defaultType, f, scope, keepIDs)
}

// current returns the store loads go to now.
func (ex *Executor) current() *objectStore {
	if ex.cur != nil {
		return ex.cur
	}
	return ex.store
}

// load is ObjectStore.load: a two-phase load in a temporary store, then
// the initialised objects are kept.
func (s *objectStore) load(data value.Value, owner *Object, defaultType *Class, f *frame, scope *Class, keepIDs bool) (*Object, error) {
	tmp := &objectStore{ex: s.ex, parent: s, objects: map[string]*Object{}, designer: map[string]*value.Dict{}, temp: true, keepIDs: keepIDs, rootOwner: owner}
	prev := s.ex.cur
	s.ex.cur = tmp
	defer func() { s.ex.cur = prev }()
	obj, err := tmp.loadInTemp(data, owner, defaultType, f, scope)
	for _, o := range tmp.all() {
		if o.initialized {
			s.put(o, o.id)
		}
	}
	return obj, err
}

// objectDefinition is a parsed object definition.
type objectDefinition struct {
	class        *Class
	props        *value.Dict
	id           value.Value
	name         value.Value
	metadata     value.Value
	destroyed    bool
	dependencies value.Value
	extra        *value.Dict
}

var typeStringRE = regexp.MustCompile(`^([a-zA-Z0-9_.]+)(?:/([^@]+))?(?:@([a-zA-Z0-9_.]+))?$`)

// parseDefinition is helpers.parse_object_definition.
func (ex *Executor) parseDefinition(data value.Value, scope *Class) (*objectDefinition, error) {
	spec, ok := data.(*value.Dict)
	if !ok {
		return nil, nil
	}
	spec = spec.Copy()
	def := &objectDefinition{props: value.NewDict(0), id: value.Null, name: value.Null, metadata: value.Null, dependencies: value.Null, extra: value.NewDict(0)}
	var system *value.Dict
	var props value.Value
	for i, k := range spec.Keys() {
		var t *Class
		switch x := k.(type) {
		case *TypeRef:
			t = x.Class
		case *Class:
			t = x
		case value.String:
			if scope != nil && isPrefixedTypeName(string(x)) {
				full, perr := scope.NS.Resolve(string(x))
				if perr != nil {
					return nil, perr
				}
				var err error
				if t, err = scope.Package.FindClass(full, true); err != nil {
					return nil, err
				}
			}
		}
		if t != nil {
			def.class = t
			props = spec.Values()[i]
			spec, _ = spec.Delete(k)
			system = spec
			break
		}
	}
	if system == nil {
		props = spec
		if hdr, ok := spec.GetString("?"); ok {
			spec, _ = spec.Delete(value.String("?"))
			props = spec
			h, ok := hdr.(*value.Dict)
			if !ok {
				return nil, builtinError("AttributeError", "'%s' object has no attribute 'get'", hdr.Type())
			}
			system = h
			t, err := ex.headerType(h)
			if err != nil {
				return nil, err
			}
			def.class = t
		} else {
			system = value.NewDict(0)
		}
	}
	if pd, ok := props.(*value.Dict); ok {
		for i, k := range pd.Keys() {
			if s, ok := k.(value.String); ok && isKeyword(string(s)) {
				def.props.Set(k, pd.Values()[i])
			}
		}
	}
	get := func(k string) value.Value {
		if v, ok := system.GetString(k); ok {
			return v
		}
		return value.Null
	}
	def.id, def.name, def.metadata = get("id"), get("name"), get("metadata")
	def.destroyed = value.Truth(get("destroyed"))
	def.dependencies = get("dependencies")
	for i, k := range system.Keys() {
		if s, ok := k.(value.String); ok && len(s) > 0 && s[0] == '_' {
			def.extra.Set(k, system.Values()[i])
		}
	}
	return def, nil
}

func isPrefixedTypeName(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == ':' {
			return typeNameRE.MatchString(s)
		}
	}
	return false
}

var typeNameRE = regexp.MustCompile(`^([a-zA-Z_]\w*:|:)?[a-zA-Z_]\w*(\.[a-zA-Z_]\w*)*$`)

// headerType finds the class a "?" header names: type
// "name[/version][@package]", classVersion, package.
func (ex *Executor) headerType(h *value.Dict) (*Class, error) {
	tv, ok := h.GetString("type")
	if !ok || !value.Truth(tv) {
		return nil, nil
	}
	switch t := tv.(type) {
	case *TypeRef:
		return t.Class, nil
	case *Class:
		return t, nil
	}
	ts := value.Str(tv)
	m := typeStringRE.FindStringSubmatch(ts)
	if m == nil {
		return nil, builtinError("TypeError", "cannot unpack non-iterable NoneType object")
	}
	name, version, pkg := m[1], m[2], m[3]
	if version == "" {
		if v, ok := h.GetString("classVersion"); ok && !value.IsNull(v) {
			version = value.Str(v)
		}
	}
	if pkg == "" {
		if v, ok := h.GetString("package"); ok && !value.IsNull(v) {
			pkg = value.Str(v)
		}
	}
	var p *LoadedPackage
	var err error
	if pkg != "" {
		p, err = ex.Package(pkg, version)
	} else {
		p, err = ex.classPackage(name, version)
	}
	if err != nil {
		return nil, err
	}
	return p.FindClass(name, false)
}

func (ex *Executor) classPackage(name, spec string) (*LoadedPackage, error) {
	if l, ok := ex.loader.(decl.ClassPackageLoader); ok {
		src, err := l.LoadClassPackage(name, spec)
		if err != nil && ex.opts.TestFoundation && isPyError(err, "NoPackageForClassFound") {
			return nil, builtinError("KeyError", "%s", value.Repr(value.String(name)))
		}
		if err != nil {
			return nil, err
		}
		return ex.adopt(src), nil
	}
	vs, err := ParseVersionSpec(spec)
	if err != nil {
		return nil, err
	}
	for _, p := range ex.packageList() {
		if !ex.opts.TestFoundation && !vs.Match(p.Version) {
			continue
		}
		for _, n := range p.src.ClassNames() {
			if n == name {
				return p, nil
			}
		}
	}
	if ex.opts.TestFoundation {
		return nil, builtinError("KeyError", "%s", value.Repr(value.String(name)))
	}
	return nil, engineError("NoPackageForClassFound", "Package for class \"%s\" is not found", name)
}

func (ex *Executor) packageList() []*LoadedPackage {
	out := make([]*LoadedPackage, 0, len(ex.packages))
	for _, k := range ex.packageOrder {
		out = append(out, ex.packages[k])
	}
	return out
}

// loadInTemp is InitializationObjectStore.load.
func (s *objectStore) loadInTemp(data value.Value, owner *Object, defaultType *Class, f *frame, scope *Class) (*Object, error) {
	if f != nil {
		var err error
		if data, err = thaw(f.runtime(), data); err != nil {
			return nil, err
		}
	}
	def, err := s.ex.parseDefinition(data, scope)
	if err != nil {
		return nil, err
	}
	if def == nil {
		return nil, builtinError("ValueError", "Invalid object representation format")
	}
	isRoot := owner == s.rootOwner
	if isRoot {
		s.initializing = true
	}
	class := def.class
	if class == nil {
		class = defaultType
	}
	if class == nil {
		return nil, builtinError("ValueError", "Invalid object representation: no type information was provided")
	}
	var obj *Object
	id, hasID := def.id.(value.String)
	if hasID {
		obj = s.get(string(id), s.keepIDs)
	}
	if obj == nil {
		var newID string
		if hasID && s.keepIDs {
			newID = string(id)
		} else {
			newID = s.ex.opts.NewID()
		}
		obj = newObject(s.ex, class, owner, newID)
		obj.name, obj.metadata = def.name, def.metadata
		if err := obj.loadDependencies(def.dependencies); err != nil {
			return nil, err
		}
		if def.destroyed {
			obj.markDestroyed(false)
		}
		key := obj.id
		if hasID {
			key = string(id)
		}
		s.put(obj, key)
		if def.extra.Len() > 0 {
			s.designer[key] = def.extra
		}
	}
	if f == nil {
		f = s.ex.objectFrame(obj, nil)
	}
	run := func() error {
		inits, err := obj.initialize(f, def.props, nil)
		s.initializers = append(s.initializers, inits...)
		return err
	}
	if err := run(); err != nil {
		return nil, err
	}
	if isRoot {
		s.initializing = false
		if err := run(); err != nil {
			return nil, err
		}
		prev := s.ex.cur
		s.ex.cur = s.parent
		if !s.parent.temp {
			s.ex.cur = nil
		}
		defer func() { s.ex.cur = prev }()
		inits := s.initializers
		s.initializers = nil
		for _, fn := range inits {
			if err := fn(); err != nil {
				return nil, err
			}
		}
	}
	return obj, nil
}

// initialize is MuranoObject.initialize for this sub-object: it sets the
// properties the class declares from params (and defaults), then returns
// the initialisers to run: parents' first, then the class's .init.
func (o *Object) initialize(f *frame, params *value.Dict, used map[string]bool) ([]func() error, error) {
	ctx := f.child()
	ctx.writes = true
	store := o.ex.current()
	c := o.class
	for _, name := range c.PropOrder {
		p := c.Properties[name]
		if p.Usage == decl.PropertyConfig {
			v := o.ex.classConfig(c, name)
			if err := o.SetProperty(name, v, nil, o.initialized); err != nil {
				return nil, err
			}
		}
	}
	init := c.Methods[".init"]
	if used == nil {
		used = map[string]bool{}
	}
	names := initializationOrder(c, init)
	lastErrors := len(names)
	initArgs := value.NewDict(0)
	for {
		errs := 0
		for _, name := range names {
			var arg *Argument
			if init != nil {
				arg = init.arg(name)
			}
			if used[name] {
				continue
			}
			var v value.Value
			if arg == nil {
				p := c.Properties[name]
				if p.Usage == decl.PropertyConfig || p.Usage == decl.PropertyStatic {
					used[name] = true
					continue
				}
				if p.Usage == decl.PropertyRuntime {
					if p.Decl == nil || !p.Decl.HasDefault {
						used[name] = true
						continue
					}
					v = yaql.NoValue
				}
			}
			if v == nil {
				if pv, ok := params.GetString(name); ok {
					v = pv
				} else {
					v = yaql.NoValue
				}
			}
			var err error
			if arg != nil {
				initArgs.SetString(name, v)
			} else {
				if v == yaql.NoValue {
					v = o.ex.classConfig(c, name) // the class config replaces the default
				}
				err = o.SetProperty(name, v, ctx, o.initialized)
			}
			if err == nil {
				used[name] = true
				continue
			}
			switch {
			case isPyError(err, "UninitializedPropertyAccessError"):
				errs++
			case isPyError(err, "ContractViolationException") && arg == nil && c.Properties[name].Usage == decl.PropertyRuntime:
			default:
				return nil, err
			}
		}
		if errs == 0 {
			break
		}
		if errs >= lastErrors {
			return nil, engineError("CircularExpressionDependenciesError", "")
		}
		lastErrors = errs
	}
	var out []func() error
	dry := o.ex.dryRun
	if !store.initializing && !o.initialized && !o.destroyed && !dry {
		if ctor := c.Methods["__init__"]; ctor != nil {
			out = append(out, func() error {
				_, err := o.ex.invokeNativeInit(ctor, o, params, ctx)
				return err
			})
		}
	}
	for _, p := range o.parents {
		inits, err := p.initialize(f, params, used)
		if err != nil {
			return nil, err
		}
		out = append(out, inits...)
	}
	if !store.initializing && !dry && !o.initialized && !o.destroyed {
		out = append(out, func() error {
			if init != nil {
				ctx.argOwner = o.Real()
				var kws []yaql.KeywordArg
				for i, k := range initArgs.Keys() {
					kws = append(kws, yaql.KeywordArg{Name: value.Str(k), Value: initArgs.Values()[i]})
				}
				if _, err := o.ex.invokeFrom(init, o.Real(), nil, kws, ctx.child()); err != nil {
					return err
				}
			}
			o.initialized = true
			return nil
		})
	}
	return out, nil
}

// invokeFrom calls a method as MuranoMethod.invoke does from Python code
// holding a context: through the method's stub, from frame caller.
func (ex *Executor) invokeFrom(m *Method, this *Object, args []value.Value, kwargs []yaql.KeywordArg, caller *frame) (value.Value, error) {
	var receiver value.Value = m.Class.Ref()
	var ofThis any = m.Class
	if this != nil && !m.IsStatic() {
		sub, err := this.cast(m.Class)
		if err != nil {
			return nil, builtinError("Exception", "'this' must be of compatible type")
		}
		receiver, ofThis = sub, sub
	}
	of := ex.objectFrame(ofThis, caller)
	mf := of.methodFrame(m)
	mf.skip = true
	return ex.callFromFrame(m, receiver, args, kwargs, mf)
}

// classConfig returns the class configuration value of a property
// (NoValue without one: the default applies).
func (ex *Executor) classConfig(c *Class, name string) value.Value {
	if v, ok := ex.opts.ClassConfig[c.Name][name]; ok {
		return v
	}
	return yaql.NoValue
}

// newInitialized creates an initialised object of class c from props, as
// new() does.
func (ex *Executor) newInitialized(f *frame, c *Class, owner *Object, props *value.Dict) (*Object, error) {
	data := value.NewDict(2)
	data.Set(c.Ref(), props)
	data.SetString("name", value.Null)
	return ex.loadObject(data, owner, nil, f, f.namesScope, false)
}

func (o *Object) loadDependencies(v value.Value) error {
	o.dependencies = nil
	d, ok := v.(*value.Dict)
	if !ok {
		return nil
	}
	recs, ok := d.GetString("onDestruction")
	if !ok {
		return nil
	}
	items, err := value.Slice(recs)
	if err != nil {
		return nil
	}
	for _, r := range items {
		rd, ok := r.(*value.Dict)
		if !ok {
			continue
		}
		sid, _ := rd.GetString("subscriber")
		sub := o.ex.current().get(value.Str(sid), true)
		if sub == nil {
			continue
		}
		h, _ := rd.GetString("handler")
		handler := ""
		if h != nil && !value.IsNull(h) {
			handler = value.Str(h)
		}
		o.dependencies = append(o.dependencies, destructionDependency{subscriber: sub, handler: handler})
	}
	return nil
}

func (o *Object) markDestroyed(clear bool) {
	o.destroyed = true
	for _, p := range o.parents {
		p.markDestroyed(clear)
	}
}

// initializationOrder lists the property and .init argument names in the
// order the reference iterates them: a Python set of strings.
func initializationOrder(c *Class, init *Method) []string {
	items := make([]value.Value, 0, len(c.PropOrder))
	for _, n := range c.PropOrder {
		items = append(items, value.String(n))
	}
	if init != nil {
		for _, a := range init.Args {
			items = append(items, value.String(a.Name))
		}
	}
	ordered := std.PySetOrder(items)
	names := make([]string, len(ordered))
	for i, v := range ordered {
		names[i] = string(v.(value.String))
	}
	return names
}

// thaw is helpers.evaluate with freeze=False: iterators are materialised
// and every collection becomes a mutable one (list, dict, set).
func thaw(rt *yaql.Runtime, v value.Value) (value.Value, error) {
	switch x := v.(type) {
	case *value.Dict:
		d := value.NewDict(x.Len())
		for i, k := range x.Keys() {
			tk, err := thaw(rt, k)
			if err != nil {
				return nil, err
			}
			tv, err := thaw(rt, x.Values()[i])
			if err != nil {
				return nil, err
			}
			if err := d.Set(tk, tv); err != nil {
				return nil, err
			}
		}
		return d, nil
	case *value.Set:
		s := value.NewSet(x.Len())
		s.Mutable = true
		for _, e := range x.Items() {
			te, err := thaw(rt, e)
			if err != nil {
				return nil, err
			}
			if err := s.Add(te); err != nil {
				return nil, err
			}
		}
		return s, nil
	case *value.List, *value.Iterator, *value.Range:
		items, err := rt.LimitIterable(x)
		if err != nil {
			return nil, err
		}
		list, err := value.Slice(items)
		if err != nil {
			return nil, err
		}
		out := make([]value.Value, len(list))
		for i, e := range list {
			if out[i], err = thaw(rt, e); err != nil {
				return nil, err
			}
		}
		return value.NewPyList(out), nil
	}
	return v, nil
}
