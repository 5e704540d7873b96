// This file merges Heat templates as HeatStack.updateTemplate does
// (murano's merge_dicts).

package system

import (
	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/value"
)

// mergeDicts merges b into a: values of the same key merge when both are
// dictionaries (recursively) or lists (the items of both, each once);
// any other value of b wins. Values of different types fail with a
// TypeError, except strings and nulls, where a's value stays.
func mergeDicts(a, b *value.Dict) (*value.Dict, error) {
	out := value.NewDict(a.Len() + b.Len())
	for i, k := range a.Keys() {
		v1 := a.Values()[i]
		v := v1
		if v2, ok := b.Get(k); ok {
			var err error
			if v, err = mergeValues(v1, v2); err != nil {
				return nil, err
			}
		}
		if err := out.Set(k, v); err != nil {
			return nil, err
		}
	}
	for i, k := range b.Keys() {
		if has, _ := out.Has(k); !has {
			if err := out.Set(k, b.Values()[i]); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

func mergeValues(v1, v2 value.Value) (value.Value, error) {
	t1, t2 := pyType(v1), pyType(v2)
	if t1 != t2 {
		if (t1 == "str" || t1 == "NoneType") && (t2 == "str" || t2 == "NoneType") {
			return v1, nil
		}
		return nil, dsl.PyErr("TypeError", "")
	}
	switch x := v2.(type) {
	case *value.Dict:
		return mergeDicts(v1.(*value.Dict), x)
	case *value.List:
		var items []value.Value
		for _, it := range append(append([]value.Value{}, v1.(*value.List).Items...), x.Items...) {
			if !containsValue(items, it) {
				items = append(items, it)
			}
		}
		return value.NewPyList(items), nil
	}
	return v2, nil
}

func containsValue(items []value.Value, v value.Value) bool {
	for _, it := range items {
		if value.Equal(it, v) {
			return true
		}
	}
	return false
}

// pyType is the name of the Python type of a data value.
func pyType(v value.Value) string {
	switch v.(type) {
	case value.NullType:
		return "NoneType"
	case value.Bool:
		return "bool"
	case value.Int, value.BigInt:
		return "int"
	case value.Float:
		return "float"
	case value.String:
		return "str"
	case *value.Dict:
		return "dict"
	case *value.List:
		return "list"
	}
	return v.Type()
}
