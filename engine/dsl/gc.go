// This file destroys objects: the collection of the objects no longer
// reachable (GC.collect(), the cleanup after loading a model with
// ObjectsCopy), the executor's finalisation, destruction dependencies
// and .destroy methods.
//
// The reference finds garbage with Python's collector (objects keep
// themselves alive until collected, the store holds them weakly). Here an
// object is alive when it is reachable from the roots:
//   - the objects the host holds: the roots of the loaded models;
//   - the values of static properties and of attributes;
//   - the objects of the loads in progress;
//   - the running code: the frame GC.collect() was called from and its
//     callers (the frames of collections in progress included), with the
//     variables of their contexts, their $this and argument owner;
//
// and from an alive object, its owner and the property values of every
// class sub-object (undeclared ones set from derived classes included).
// Destruction dependencies do not keep their subscribers alive. Values
// only Go code holds (an expression half evaluated) are not roots.

package dsl

import (
	"slices"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// isDoomed reports whether an object is destroyed or about to be.
func (ex *Executor) isDoomed(o *Object) bool {
	o = o.Real()
	return o.destroyed || ex.doomed[o]
}

// Cleanup destroys the objects of the store no longer reachable from the
// roots (ObjectStore.cleanup) and returns how many it destroyed.
func (ex *Executor) Cleanup() (int, error) { return ex.cleanup(nil) }

// collectGarbage is GC.collect() called from frame f.
func (ex *Executor) collectGarbage(f *frame) error {
	_, err := ex.cleanup(f)
	return err
}

func (ex *Executor) cleanup(f *frame) (int, error) {
	if f != nil {
		ex.gcFrames = append(ex.gcFrames, f)
		defer func() { ex.gcFrames = ex.gcFrames[:len(ex.gcFrames)-1] }()
	}
	count := 0
	for {
		alive := ex.reachable()
		for _, o := range ex.store.all() {
			if !alive[o] && o.this == nil && o.initialized && !o.destroyed {
				ex.doomed[o] = true
			}
		}
		pending := ex.pending()
		if len(pending) == 0 {
			for _, o := range ex.store.all() {
				if o.destroyed && !alive[o] {
					ex.store.remove(o.id)
				}
			}
			return count, nil
		}
		err := ex.destroyGarbage(pending, func(o *Object) {
			if ex.doomed[o] {
				delete(ex.doomed, o)
				ex.markDestroyed(o)
				count++
			}
		})
		if err != nil {
			return count, err
		}
	}
}

// pending lists the objects scheduled for destruction in store order.
func (ex *Executor) pending() []*Object {
	var out []*Object
	for _, o := range ex.store.all() {
		if ex.doomed[o] {
			out = append(out, o)
		}
	}
	return out
}

// markDestroyed marks a collected object destroyed; it loses its
// attributes.
func (ex *Executor) markDestroyed(o *Object) {
	ex.attrs.forget(o.id)
	o.markDestroyed(false)
}

// Finalize ends the executor's work (executor.finalize): the objects the
// model rooted at root does not contain are destroyed, the model is
// serialised, then every object is marked destroyed. It returns the
// model (null without a root, or when the reference's finalisation
// would fail: it logs and swallows such errors).
func (ex *Executor) Finalize(root *Object) (value.Value, error) {
	model, err := ex.finalize(root)
	if err != nil {
		if isFatal(err) {
			return nil, err
		}
		ex.warn("Exception " + err.Error() + " occurred during MuranoDslExecutor finalization")
		return value.Null, nil
	}
	return model, nil
}

func (ex *Executor) finalize(root *Object) (value.Value, error) {
	used := map[*Object]bool{}
	if root != nil {
		var err error
		if used, err = collectObjects(root); err != nil {
			return nil, err
		}
	}
	var sentenced []*Object
	for _, o := range ex.store.all() {
		if !used[o] {
			sentenced = append(sentenced, o)
			ex.doomed[o] = true
		}
	}
	if err := ex.destroyGarbage(sentenced, nil); err != nil {
		return nil, err
	}
	var model value.Value = value.Null
	if root != nil {
		var err error
		if model, err = ex.SerializeModel(root); err != nil {
			return nil, err
		}
	}
	for _, o := range ex.store.all() {
		ex.attrs.forget(o.id)
		o.markDestroyed(true)
	}
	ex.doomed = map[*Object]bool{}
	ex.store = newObjectStore(ex)
	ex.statics = map[*Property]value.Value{}
	return model, nil
}

// destroyGarbage is ObjectStore._destroy_garbage: destruction
// dependencies are signalled group by group (see destructionGroups),
// then the objects are destroyed in the reverse order, done called after
// each group.
func (ex *Executor) destroyGarbage(sentenced []*Object, done func(*Object)) error {
	groups := destructionGroups(sentenced)
	for _, group := range groups {
		for _, o := range group {
			if err := ex.signalDestruction(o); err != nil {
				return err
			}
		}
	}
	for j := len(groups) - 1; j >= 0; j-- {
		for _, o := range groups[j] {
			if err := ex.destroyObject(o); err != nil {
				return err
			}
		}
		if done != nil {
			for _, o := range groups[j] {
				done(o)
			}
		}
	}
	return nil
}

// destructionGroups orders the sentenced objects: each comes in a group
// after the groups of its owner and of the subscribers to its
// destruction.
func destructionGroups(sentenced []*Object) [][]*Object {
	graph := map[*Object][]*Object{}
	for _, o := range sentenced {
		subs := []*Object{o.Owner()}
		for _, d := range o.dependencies {
			if d.subscriber != nil && !slices.Contains(subs, d.subscriber) {
				subs = append(subs, d.subscriber)
			}
		}
		graph[o] = subs
	}
	byIndex := map[int][]*Object{}
	var indexes []int
	for _, e := range destructionOrder(sentenced, graph) {
		if _, ok := byIndex[e.index]; !ok {
			indexes = append(indexes, e.index)
		}
		byIndex[e.index] = append(byIndex[e.index], e.obj)
	}
	slices.Sort(indexes)
	groups := make([][]*Object, len(indexes))
	for i, index := range indexes {
		groups[i] = byIndex[index]
	}
	return groups
}

type orderedObject struct {
	obj   *Object
	index int
}

// destructionOrder is the reference's topological sort of the graph
// (object → owner and subscribers), cycles allowed: each object gets an
// index one more than the largest of those it depends on. As in the
// reference, the owner is visited again for each object that has it.
func destructionOrder(keys []*Object, graph map[*Object][]*Object) []orderedObject {
	visited := map[*Object]int{}
	indexes := map[*Object]int{}
	var out []orderedObject
	var dfs func(o *Object)
	dfs = func(o *Object) {
		visited[o]++
		subs, ok := graph[o]
		if !ok {
			return
		}
		m := 0
		for i, s := range subs {
			if i == 0 || visited[s] == 0 {
				dfs(s)
			}
			m = max(m, indexes[s])
		}
		if visited[o] <= 2 {
			visited[o]++
			indexes[o] = m + 1
			out = append(out, orderedObject{o, m + 1})
		}
	}
	for _, o := range keys {
		if visited[o] == 0 {
			dfs(o)
		}
	}
	return out
}

// signalDestruction calls the handlers subscribed to the destruction of
// o, then forgets the subscriptions; their errors are logged.
func (ex *Executor) signalDestruction(o *Object) error {
	if o.destroyed {
		return nil
	}
	for _, d := range o.dependencies {
		sub := d.subscriber
		if d.handler == "" || sub == nil || !sub.initialized || sub.destroyed {
			continue
		}
		err := ex.muted(func() error {
			m, err := sub.class.FindSingleMethod(d.handler)
			if err != nil {
				return err
			}
			_, err = ex.invokeFrom(m, sub, []value.Value{o}, nil, nil)
			return err
		})
		if err != nil {
			return err
		}
	}
	o.dependencies = nil
	return nil
}

// destroyObject runs the .destroy methods of o, its class's first, then
// its ancestors'; their errors are logged.
func (ex *Executor) destroyObject(o *Object) error {
	if o.destroyed {
		return nil
	}
	for _, m := range o.class.FindMethods(func(m *Method) bool { return m.Name == ".destroy" }) {
		if err := ex.muted(func() error {
			_, err := ex.invokeFrom(m, o, nil, nil, nil)
			return err
		}); err != nil {
			return err
		}
	}
	return nil
}

// muted runs fn and logs its error as a warning, unless it is fatal.
func (ex *Executor) muted(fn func() error) error {
	err := fn()
	if err == nil {
		return nil
	}
	if isFatal(err) {
		return err
	}
	ex.warn("Muted exception during destruction: " + err.Error())
	return nil
}

// reachable returns the alive objects.
func (ex *Executor) reachable() map[*Object]bool {
	m := &marker{alive: map[*Object]bool{}, ctxs: map[*yaql.Context]bool{}, frames: map[*frame]bool{}}
	for _, o := range ex.held {
		m.value(o)
	}
	for _, v := range ex.statics {
		m.value(v)
	}
	for _, byKey := range ex.attrs.byObject {
		for _, v := range byKey {
			m.value(v)
		}
	}
	for s := ex.cur; s != nil && s.temp; s = s.parent {
		for _, o := range s.all() {
			m.value(o)
		}
	}
	for _, f := range ex.gcFrames {
		m.frame(f)
	}
	for f := range ex.parked {
		m.frame(f)
	}
	return m.alive
}

// marker marks what a set of roots reaches.
type marker struct {
	alive  map[*Object]bool
	ctxs   map[*yaql.Context]bool
	frames map[*frame]bool
}

func (m *marker) value(v value.Value) {
	switch x := v.(type) {
	case *Object:
		m.object(x.Real())
	case *frame:
		m.frame(x)
	case *value.Dict:
		for i, k := range x.Keys() {
			m.value(k)
			m.value(x.Values()[i])
		}
	case *value.List:
		for _, it := range x.Items {
			m.value(it)
		}
	case *value.Set:
		for _, it := range x.Items() {
			m.value(it)
		}
	case *Exception:
		if x.stackObj != nil {
			m.object(x.stackObj)
		}
		m.value(x.Extra)
	}
}

func (m *marker) object(o *Object) {
	if o == nil || m.alive[o] {
		return
	}
	m.alive[o] = true
	if owner := o.Owner(); owner != nil {
		m.object(owner.Real())
	}
	for _, sub := range o.subObjects() {
		for _, v := range sub.props {
			m.value(v)
		}
	}
}

func (m *marker) frame(f *frame) {
	if f == nil || m.frames[f] {
		return
	}
	m.frames[f] = true
	m.value(f.this)
	if f.argOwner != nil {
		m.object(f.argOwner.Real())
	}
	m.context(f.ctx)
	m.context(f.vars)
	m.frame(f.caller)
}

func (m *marker) context(c *yaql.Context) {
	for ; c != nil && !m.ctxs[c]; c = c.Parent() {
		m.ctxs[c] = true
		for _, k := range c.Keys() {
			if v, ok := c.Get(k); ok {
				m.value(v)
			}
		}
	}
}

// parkWhile runs wait with f registered as a root of collections: the
// frame of a green thread that other threads may run during wait.
func (ex *Executor) parkWhile(f *frame, wait func() error) error {
	if f == nil {
		return wait()
	}
	if ex.parked == nil {
		ex.parked = map[*frame]int{}
	}
	ex.parked[f]++
	defer func() {
		if ex.parked[f]--; ex.parked[f] == 0 {
			delete(ex.parked, f)
		}
	}()
	return wait()
}
