// This file defines the MuranoPL flavour's functions that need no MuranoPL
// object runtime (murano/dsl/yaql_functions.py and
// murano/engine/system/yaql_functions.py) and MuranoPL's #finalize.

package std

import (
	"errors"
	"math"
	"time"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

func init() { muranoLayer = registerMurano }

// muranoIteratorsLimit is murano's dsl_iterators_limit: the largest
// collection its finalizer materialises or hands back.
const muranoIteratorsLimit = 2000

// muranoLegacyExtensions are the string and collection methods that
// MuranoPL 1.0 and 1.1 make callable as functions too.
var muranoLegacyExtensions = []string{"toLower", "toUpper", "trim", "join", "split", "startsWith", "endsWith", "matches", "replace", "flatten"}

// registerMurano adds the MuranoPL functions to c; legacyRuntime selects
// the additions of format 1.0 and 1.1 packages (c then sees the legacy
// layer).
func registerMurano(c *yaql.Context, legacyRuntime bool) {
	c.Register(
		yaql.Fn("#finalize", muranoFinalize, yaql.P("obj", yaql.Any)),
		yaql.Ext("require", muranoRequire, yaql.P("value", yaql.Any)),
		yaql.Fn("sleep", muranoSleep, yaql.P("seconds", yaql.Number)),
		yaql.Fn("isObject", func(*yaql.Call) (value.Value, error) { return value.Bool(false), nil }, yaql.P("value", yaql.Any)),
		yaql.Ext("base64encode", muranoBase64Encode, yaql.P("value", yaql.String)),
		yaql.Ext("base64decode", muranoBase64Decode, yaql.P("value", yaql.String)),
		yaql.Ext("pselect", muranoPSelect, yaql.P("collection", yaql.Iterable), yaql.P("composer", yaql.Lazy)),
		yaql.Ext("bind", muranoBind, yaql.P("obj", yaql.Any), yaql.P("mappings", yaql.Mapping)),
		yaql.Fn("randomName", muranoRandomName),
		yaql.Ext("patch", muranoPatch, yaql.P("obj", yaql.Any), yaql.P("patch", yaql.Any)),
		yaql.Fn("typeinfo", muranoNull, yaql.P("object", noObject)),
		yaql.Fn("name", muranoNull, yaql.P("object", noObject)),
	)
	typeOf := yaql.Fn("type", muranoNull, yaql.P("object", noObject))
	if !legacyRuntime {
		c.Register(typeOf)
		return
	}
	typeOf.Method = true
	c.Register(
		typeOf,
		yaql.Ext("substr", muranoSubstr, yaql.P("string", yaql.String), yaql.P("start", legacyInt), yaql.Opt("length", legacyInt, value.Int(-1))),
		yaql.Ext("firstOrDefault", muranoFirstOrDefault, yaql.P("collection", yaql.Iterable), yaql.Opt("default", yaql.Any, value.Null)),
	)
	var clones []*yaql.Func
	for _, name := range muranoLegacyExtensions {
		clones = append(clones, extensionClones(c, name)...)
	}
	c.Register(clones...)
}

// noObject is a MuranoPL object or null. Without the executor
// (engine/dsl, which replaces the functions that take one) there are no
// objects: only null matches, and the functions give null for it, as the
// reference's do; anything else matches no overload.
var noObject = &yaql.PyType{Name: "MuranoObject", Nullable: true, Pred: func(value.Value, *yaql.Runtime) bool { return false }}

func muranoNull(*yaql.Call) (value.Value, error) { return value.Null, nil }

// muranoFinalize is MuranoPL's #finalize (helpers.evaluate) followed by
// the conversion MuranoPL applies to values it hands back (dsl.to_mutable):
// iterators are materialised, and every collection longer than the
// iterator limit fails.
func muranoFinalize(c *yaql.Call) (value.Value, error) {
	frozen, err := muranoFreeze(c.RT, c.Args[0])
	if err != nil {
		return nil, err
	}
	return muranoMutable(c.RT, frozen)
}

// muranoFreeze is helpers.evaluate: it materialises iterators (at most
// muranoIteratorsLimit elements) and turns sequences into tuples, sets
// into frozensets and dictionaries into frozen ones, recursively.
func muranoFreeze(rt *yaql.Runtime, v value.Value) (value.Value, error) {
	return freezeAt(rt, v, 0)
}

// maxValueDepth bounds the nesting of the values MuranoPL freezes and
// hands back (Python's evaluate would hit its recursion limit sooner).
const maxValueDepth = 10000

func tooDeep() error {
	return yaql.Raise("RecursionError", "maximum recursion depth exceeded while evaluating a value")
}

func freezeAt(rt *yaql.Runtime, v value.Value, depth int) (value.Value, error) {
	if depth > maxValueDepth {
		return nil, tooDeep()
	}
	switch x := v.(type) {
	case *value.Dict:
		out := value.NewDict(x.Len())
		for i, k := range x.Keys() {
			if err := rt.Step(); err != nil {
				return nil, err
			}
			fk, err := freezeAt(rt, k, depth+1)
			if err != nil {
				return nil, err
			}
			fv, err := freezeAt(rt, x.Values()[i], depth+1)
			if err != nil {
				return nil, err
			}
			if err := out.Set(fk, fv); err != nil {
				return nil, err
			}
		}
		return out, nil
	case *value.Set:
		out := value.NewSet(x.Len())
		for _, e := range x.Items() {
			if err := rt.Step(); err != nil {
				return nil, err
			}
			fe, err := freezeAt(rt, e, depth+1)
			if err != nil {
				return nil, err
			}
			if err := out.Add(fe); err != nil {
				return nil, err
			}
		}
		return out, nil
	case *value.List, *value.Range, *value.Iterator:
		if r, ok := x.(*value.Range); ok && r.Len() > muranoIteratorsLimit {
			return nil, collectionTooLarge()
		}
		_, isIter := x.(*value.Iterator)
		var items []value.Value
		err := value.Each(x, func(e value.Value) error {
			if err := rt.Step(); err != nil {
				return err
			}
			if isIter && len(items) >= muranoIteratorsLimit {
				return collectionTooLarge()
			}
			fe, err := freezeAt(rt, e, depth+1)
			items = append(items, fe)
			if err == nil {
				err = rt.CheckCollection(len(items))
			}
			return err
		})
		if err != nil {
			return nil, err
		}
		return value.NewTuple(items), nil
	}
	return v, nil
}

// muranoMutable is dsl.to_mutable (yaql's output conversion with murano's
// iterator limit): dictionaries stay dictionaries, tuples and sets become
// lists as the engine options say.
func muranoMutable(rt *yaql.Runtime, v value.Value) (value.Value, error) {
	return mutableAt(rt, v, 0)
}

func mutableAt(rt *yaql.Runtime, v value.Value, depth int) (value.Value, error) {
	if depth > maxValueDepth {
		return nil, tooDeep()
	}
	o := rt.Engine.Options
	switch x := v.(type) {
	case *value.Dict:
		if x.Len() > muranoIteratorsLimit {
			return nil, collectionTooLarge()
		}
		out := value.NewDict(x.Len())
		for i, k := range x.Keys() {
			mk, err := mutableAt(rt, k, depth+1)
			if err != nil {
				return nil, err
			}
			mv, err := mutableAt(rt, x.Values()[i], depth+1)
			if err != nil {
				return nil, err
			}
			if err := out.Set(mk, mv); err != nil {
				return nil, err
			}
		}
		return out, nil
	case *value.Set:
		items, err := mutableItems(rt, x.Items(), depth)
		if err != nil || o.ConvertSetsToLists {
			return value.NewPyList(items), err
		}
		s := value.NewSet(len(items))
		s.Mutable = true
		for _, e := range items {
			if err := s.Add(e); err != nil {
				return nil, err
			}
		}
		return s, nil
	case *value.List:
		items, err := mutableItems(rt, x.Items, depth)
		return &value.List{Items: items, Mutable: x.Mutable || o.ConvertTuplesToLists}, err
	case *value.Range, *value.Iterator:
		frozen, err := muranoFreeze(rt, x)
		if err != nil {
			return nil, err
		}
		items, err := mutableItems(rt, frozen.(*value.List).Items, depth)
		return value.NewPyList(items), err
	}
	return v, nil
}

func mutableItems(rt *yaql.Runtime, items []value.Value, depth int) ([]value.Value, error) {
	if len(items) > muranoIteratorsLimit {
		return nil, collectionTooLarge()
	}
	out := make([]value.Value, len(items))
	for i, e := range items {
		if err := rt.Step(); err != nil {
			return nil, err
		}
		m, err := mutableAt(rt, e, depth+1)
		if err != nil {
			return nil, err
		}
		out[i] = m
	}
	return out, nil
}

func collectionTooLarge() error {
	return yaql.Raise(yaql.ClassTooLarge, "Collection length exceeds %d elements", muranoIteratorsLimit)
}

func muranoRequire(c *yaql.Call) (value.Value, error) {
	if value.IsNull(c.Args[0]) {
		return nil, yaql.Raise("ValueError", "Required value is missing")
	}
	return c.Args[0], nil
}

// sleepSlice is how long sleep waits between two checks of the
// evaluation's step budget and cancellation.
const sleepSlice = time.Millisecond

// sleepClock is the clock sleep waits on; tests replace it.
var sleepClock = struct {
	now   func() time.Time
	sleep func(time.Duration)
}{time.Now, time.Sleep}

// muranoSleep is sleep(seconds). It waits in slices and counts each as a
// step, so a sleeping evaluation stays within its budget and notices
// cancellation.
func muranoSleep(c *yaql.Call) (value.Value, error) {
	secs, _ := value.ToFloat(c.Args[0])
	if !(secs > 0) {
		return value.Null, nil
	}
	d := time.Duration(math.Min(secs*float64(time.Second), math.MaxInt64/2))
	end := sleepClock.now().Add(d)
	for left := d; left > 0; left = end.Sub(sleepClock.now()) {
		if err := c.RT.Step(); err != nil {
			return nil, err
		}
		if err := c.RT.Cancelled(); err != nil {
			return nil, err
		}
		sleepClock.sleep(min(left, sleepSlice))
	}
	return value.Null, nil
}

// GreenThreads is a host that runs pselect's branches as green threads
// (the MuranoPL executor). pselect finds it in the context variable
// GreenThreadsVar; without one the branches run one after another.
type GreenThreads interface {
	ParallelSelect(branches []func() (value.Value, error)) ([]value.Value, error)
}

// GreenThreadsVar names the context variable that holds GreenThreads.
const GreenThreadsVar = "?greenThreads"

// muranoPSelect is pselect(collection, composer): the composer applied to
// every element in a branch of its own (the reference's parallel
// evaluation), the first failure reported after every branch has run.
func muranoPSelect(c *yaql.Call) (value.Value, error) {
	f := c.Lambda(1)
	var branches []func() (value.Value, error)
	err := value.Each(c.Args[0], func(e value.Value) error {
		if err := c.RT.Step(); err != nil {
			return err
		}
		branches = append(branches, func() (value.Value, error) { return f.Call(e) })
		return c.RT.CheckCollection(len(branches))
	})
	if err != nil {
		return nil, err
	}
	run := selectInTurn
	if v, ok := c.Ctx.Get(GreenThreadsVar); ok {
		if g, ok := v.(GreenThreads); ok {
			run = g.ParallelSelect
		}
	}
	results, err := run(branches)
	if err != nil {
		return nil, err
	}
	return value.SliceIterator(results), nil
}

// selectInTurn runs pselect's branches one after another.
func selectInTurn(branches []func() (value.Value, error)) ([]value.Value, error) {
	results := make([]value.Value, len(branches))
	var first error
	for i, b := range branches {
		r, err := b()
		if err != nil {
			if stopsEvaluation(err) {
				return nil, err
			}
			if first == nil {
				first = err
			}
		}
		results[i] = r
	}
	if first != nil {
		return nil, first
	}
	return results, nil
}

// stopsEvaluation reports whether err ends the whole evaluation (budget,
// cancellation) rather than one branch of it.
func stopsEvaluation(err error) bool {
	var ye *yaql.Error
	return errors.As(err, &ye) && (ye.Class == yaql.ClassBudget || ye.Class == yaql.ClassCancelled)
}

// muranoSubstr is substr(string, start, length): substring by another
// name.
func muranoSubstr(c *yaql.Call) (value.Value, error) {
	return c.CallFunction("substring", c.Args[0], c.Args[1], c.Args[2])
}

func muranoFirstOrDefault(c *yaql.Call) (value.Value, error) {
	it, _ := value.Iterate(c.Args[0])
	v, ok, err := it.Next()
	if err != nil {
		return nil, err
	}
	if !ok {
		return c.Args[1], nil
	}
	return v, nil
}

// MuranoFreeze is MuranoPL's helpers.evaluate for a value: iterators
// materialised (at most dsl_iterators_limit elements), sequences turned
// into tuples, sets into frozensets and dictionaries into frozen ones.
func MuranoFreeze(rt *yaql.Runtime, v value.Value) (value.Value, error) { return muranoFreeze(rt, v) }

// MuranoMutable is MuranoPL's to_mutable: the form in which values leave
// the engine (tuples become lists, collections longer than the iterator
// limit fail).
func MuranoMutable(rt *yaql.Runtime, v value.Value) (value.Value, error) { return muranoMutable(rt, v) }
