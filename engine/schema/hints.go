// This file turns the UI hint metas of the core library into schema
// keys: titles, descriptions, help texts, visibility, positions, and the
// sections of a form.

package schema

import (
	"math/big"
	"slices"

	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
)

// The meta classes the generator reads.
const (
	metaTitle        = "io.murano.metadata.Title"
	metaDescription  = "io.murano.metadata.Description"
	metaHelpText     = "io.murano.metadata.HelpText"
	metaModelBuilder = "io.murano.metadata.ModelBuilder"
	metaHidden       = "io.murano.metadata.forms.Hidden"
	metaPosition     = "io.murano.metadata.forms.Position"
	metaSection      = "io.murano.metadata.forms.Section"
)

// hintKeys maps the metas with one value to the schema key they set and
// the meta property that gives it.
var hintKeys = []struct{ meta, key, property string }{
	{metaTitle, "title", "text"},
	{metaDescription, "description", "text"},
	{metaHelpText, "helpText", "text"},
	{metaHidden, "visible", "visible"},
}

// aggregate groups meta objects by class name, as the reference's
// aggregate_meta: a *dsl.Object for a meta class of cardinality One (the
// last one), a []*dsl.Object for one of cardinality Many.
func aggregate(objects []*dsl.Object) map[string]any {
	out := map[string]any{}
	for _, o := range objects {
		name := o.Class().Name
		if o.Class().Cardinality == decl.CardinalityMany {
			list, _ := out[name].([]*dsl.Object)
			out[name] = append(list, o)
		} else {
			out[name] = o
		}
	}
	return out
}

// addHints sets the keys the UI hint metas give in schema s.
func (g *generator) addHints(s *value.Dict, meta []*dsl.Object) error {
	agg := aggregate(meta)
	for _, h := range hintKeys {
		o, ok := agg[h.meta].(*dsl.Object)
		if !ok {
			continue
		}
		v, err := o.GetProperty(h.property, nil, nil)
		if err != nil {
			return err
		}
		s.SetString(h.key, v)
	}
	pos, ok := agg[metaPosition].(*dsl.Object)
	if !ok {
		return nil
	}
	section, err := pos.GetProperty("section", nil, nil)
	if err != nil {
		return err
	}
	s.SetString("formSection", section)
	index, err := pos.GetProperty("index", nil, nil)
	if err != nil || value.IsNull(index) {
		return err
	}
	key, err := g.orderKey(index, pos)
	if err != nil {
		return err
	}
	s.SetString("formIndex", value.NewInt(key))
	return nil
}

// orderKey is the reference's order of a Position or Section index:
// (index + 1) * N - W, with N the number of classes in the hierarchy of
// the class and W the distance from it of the class that declared the
// meta. Fields and sections of base classes come first among equal
// indexes.
func (g *generator) orderKey(index value.Value, meta *dsl.Object) (*big.Int, error) {
	i, ok := value.ToBig(index)
	if !ok {
		return nil, dsl.PyErr("TypeError", "unsupported operand type(s) for +: '"+pyType(index)+"' and 'int'")
	}
	name := ""
	if d := meta.DeclaringClass(); d != nil {
		name = d.Name
	}
	w, ok := g.weights[name]
	if !ok {
		return nil, dsl.PyErr("KeyError", value.Repr(value.String(name)))
	}
	key := new(big.Int).Add(i, big.NewInt(1))
	key.Mul(key, big.NewInt(int64(len(g.weights))))
	return key.Sub(key, big.NewInt(int64(w))), nil
}

// weigh is the reference's weigh_type_hierarchy: the distance of every
// class of the hierarchy from c (by name, the shortest).
func weigh(c *dsl.Class) map[string]int {
	type item struct {
		c *dsl.Class
		w int
	}
	weights := map[string]int{}
	queue := []item{{c, 0}}
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		if _, ok := weights[it.c.Name]; ok {
			continue
		}
		weights[it.c.Name] = it.w
		for _, p := range it.c.Parents {
			queue = append(queue, item{p, it.w + 1})
		}
	}
	return weights
}

// section is a Section meta and its index.
type section struct {
	meta        *dsl.Object
	name, title value.Value
	index       value.Value
	weight      int
}

// sections is the formSections of a schema, from the Section metas: one
// per name (a subclass's redefinition wins, then the lowest index), the
// ordered ones numbered 0, 1, … in their order, the others without an
// index.
func (g *generator) sections(meta []*dsl.Object) (*value.Dict, error) {
	list, _ := aggregate(meta)[metaSection].([]*dsl.Object)
	var winners []*section
	for _, o := range list {
		s, err := g.readSection(o)
		if err != nil {
			return nil, err
		}
		i := slices.IndexFunc(winners, func(w *section) bool { return value.Equal(w.name, s.name) })
		if i < 0 {
			winners = append(winners, s)
			continue
		}
		keep, err := keepSection(winners[i], s)
		if err != nil {
			return nil, err
		}
		if !keep {
			winners[i] = s
		}
	}
	var ordered, unordered []*section
	keys := map[*section]*big.Int{}
	for _, s := range winners {
		if value.IsNull(s.index) {
			unordered = append(unordered, s)
			continue
		}
		key, err := g.orderKey(s.index, s.meta)
		if err != nil {
			return nil, err
		}
		keys[s] = key
		ordered = append(ordered, s)
	}
	slices.SortStableFunc(ordered, func(a, b *section) int { return keys[a].Cmp(keys[b]) })
	out := value.NewDict(len(winners))
	for i, s := range ordered {
		d := value.NewDict(2)
		d.SetString("title", s.title)
		d.SetString("index", value.Int(i))
		if err := out.Set(s.name, d); err != nil {
			return nil, err
		}
	}
	for _, s := range unordered {
		d := value.NewDict(1)
		d.SetString("title", s.title)
		if err := out.Set(s.name, d); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (g *generator) readSection(o *dsl.Object) (*section, error) {
	s := &section{meta: o}
	var err error
	if s.name, err = o.GetProperty("name", nil, nil); err != nil {
		return nil, err
	}
	if s.title, err = o.GetProperty("title", nil, nil); err != nil {
		return nil, err
	}
	if s.index, err = o.GetProperty("index", nil, nil); err != nil {
		return nil, err
	}
	name := ""
	if d := o.DeclaringClass(); d != nil {
		name = d.Name
	}
	w, ok := g.weights[name]
	if !ok {
		return nil, dsl.PyErr("KeyError", value.Repr(value.String(name)))
	}
	s.weight = w
	return s, nil
}

// keepSection reports whether the section already chosen for a name
// stays when another of that name comes: when it is from a more derived
// class, or from the same one with an index no greater.
func keepSection(old, s *section) (bool, error) {
	switch {
	case old.weight != s.weight:
		return old.weight < s.weight, nil
	case value.IsNull(s.index):
		return true, nil
	case value.IsNull(old.index):
		return false, nil
	}
	oi, ok1 := value.ToBig(old.index)
	si, ok2 := value.ToBig(s.index)
	if !ok1 || !ok2 {
		return false, dsl.PyErr("TypeError", "'<=' not supported between instances of '"+pyType(old.index)+"' and '"+pyType(s.index)+"'")
	}
	return oi.Cmp(si) <= 0, nil
}
