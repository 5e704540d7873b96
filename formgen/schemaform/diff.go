// This file defines the differences between two object models.

package schemaform

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Change is a difference between two models at a path of keys and
// indexes ("ports/0/name"): a value added, removed or changed.
type Change struct {
	Path   string `json:"path"`
	Kind   string `json:"kind"`
	Before any    `json:"before,omitempty"`
	After  any    `json:"after,omitempty"`
}

// Diff lists what changed from a to b, by path: maps are compared key by
// key and lists of the same length item by item; anything else that
// differs is a change of the whole value.
func Diff(a, b any) []Change {
	var out []Change
	var walk func(path []string, a, b any, depth int)
	walk = func(path []string, a, b any, depth int) {
		at := strings.Join(path, "/")
		am, aMap := a.(map[string]any)
		bm, bMap := b.(map[string]any)
		if aMap && bMap && depth < maxDepth {
			keys := sortedKeys(am)
			for _, k := range sortedKeys(bm) {
				if _, ok := am[k]; !ok {
					keys = append(keys, k)
				}
			}
			slices.Sort(keys)
			for _, k := range keys {
				av, inA := am[k]
				bv, inB := bm[k]
				p := append(slices.Clone(path), k)
				switch {
				case !inA:
					out = append(out, Change{Path: strings.Join(p, "/"), Kind: "added", After: bv})
				case !inB:
					out = append(out, Change{Path: strings.Join(p, "/"), Kind: "removed", Before: av})
				default:
					walk(p, av, bv, depth+1)
				}
			}
			return
		}
		al, aList := a.([]any)
		bl, bList := b.([]any)
		if aList && bList && len(al) == len(bl) && depth < maxDepth {
			for i := range al {
				walk(append(slices.Clone(path), strconv.Itoa(i)), al[i], bl[i], depth+1)
			}
			return
		}
		if !same(a, b) {
			out = append(out, Change{Path: at, Kind: "changed", Before: a, After: b})
		}
	}
	walk(nil, a, b, 0)
	return out
}

// same compares JSON values, numbers by their value.
func same(a, b any) bool {
	if an, ok := number(a); ok {
		bn, ok := number(b)
		return ok && an == bn
	}
	return reflect.DeepEqual(a, b)
}
