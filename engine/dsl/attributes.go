// This file defines the attribute store: values objects keep per
// (object, owner class, name) with getAttr and setAttr.

package dsl

import (
	"slices"

	"murano.dev/playground/engine/value"
)

type attrKey struct{ owner, name string }

// attributeStore keeps the objects in the order they were first read or
// written, as the reference's defaultdict does, and their attributes in
// the order they were set.
type attributeStore struct {
	byObject map[string]map[attrKey]value.Value
	objOrder []string
	keyOrder map[string][]attrKey
}

func newAttributeStore() *attributeStore {
	return &attributeStore{byObject: map[string]map[attrKey]value.Value{}, keyOrder: map[string][]attrKey{}}
}

// entry returns the attributes of an object, giving it its place in the
// order on first use.
func (s *attributeStore) entry(id string) map[attrKey]value.Value {
	m := s.byObject[id]
	if m == nil {
		m = map[attrKey]value.Value{}
		s.byObject[id] = m
		s.objOrder = append(s.objOrder, id)
	}
	return m
}

func (s *attributeStore) get(id, owner, name string) value.Value {
	return s.entry(id)[attrKey{owner, name}]
}

func (s *attributeStore) set(id, owner, name string, v value.Value) {
	if o, ok := v.(*Object); ok {
		v = value.String(o.id)
	}
	k := attrKey{owner, name}
	m := s.entry(id)
	_, had := m[k]
	if v == nil || value.IsNull(v) {
		if had {
			delete(m, k)
			s.keyOrder[id] = slices.DeleteFunc(s.keyOrder[id], func(x attrKey) bool { return x == k })
		}
		return
	}
	if !had {
		s.keyOrder[id] = append(s.keyOrder[id], k)
	}
	m[k] = v
}

// serialize lists the attributes of known objects as [id, owner, name,
// value] records.
func (s *attributeStore) serialize(known map[string]bool) []value.Value {
	var out []value.Value
	for _, id := range s.objOrder {
		if !known[id] {
			continue
		}
		for _, k := range s.keyOrder[id] {
			out = append(out, value.NewPyList([]value.Value{value.String(id), value.String(k.owner), value.String(k.name), s.byObject[id][k]}))
		}
	}
	return out
}

// load adds serialised attribute records.
func (s *attributeStore) load(records []value.Value) {
	for _, r := range records {
		l, ok := r.(*value.List)
		if !ok || len(l.Items) < 4 || value.IsNull(l.Items[3]) {
			continue
		}
		s.set(value.Str(l.Items[0]), value.Str(l.Items[1]), value.Str(l.Items[2]), l.Items[3])
	}
}

func (s *attributeStore) forget(id string) {
	delete(s.byObject, id)
	delete(s.keyOrder, id)
	s.objOrder = slices.DeleteFunc(s.objOrder, func(x string) bool { return x == id })
}
