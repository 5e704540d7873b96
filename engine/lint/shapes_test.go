package lint

import (
	"maps"
	"testing"
	"testing/fstest"
)

// oddShapes are YAML documents of every shape, and text that is not YAML.
var oddShapes = []string{
	"", "null", "42", "text", "- 1\n- [2]\n- {a: b}\n", "{a: [}", "a: *x", "&a [*a]",
	"Forms: [{f: {fields: [5, {name: [x]}]}}, 7]\nApplication: {5: 6}\nVersion: [2]\n",
	"Name: X\nProperties: {p: 5, q: {Contract: [[], {}, {5: $}], Usage: [x]}}\nMethods: {m: {Arguments: [{a: 5}, 7], Body: [{If: [1], Then: 5}, {Try: 1, Catch: 5}, {Match: 5, Value: 1}, {Switch: [1]}], Scope: [x], Usage: {}}}\n",
	"FullName: [x]\nType: [x]\nClasses: {5: [x], a: null}\nRequire: {x: [1], 5: '>=1'}\nFormat: [1]\nVersion: {a: 1}\n",
	"--- 5\n--- [a]\n--- {Namespaces: 5}\n--- {Extends: {a: b}, Import: [[x]]}\n",
}

// TestOddShapes replaces each file of each test package by documents of
// every shape: lint must report problems, never fail.
func TestOddShapes(t *testing.T) {
	for _, name := range testPackages(t) {
		base := packageFS(t, name)
		for file := range base {
			for _, text := range oddShapes {
				fsys := fstest.MapFS{}
				maps.Copy(fsys, base)
				fsys[file] = &fstest.MapFile{Data: []byte(text)}
				func() {
					defer func() {
						if r := recover(); r != nil {
							t.Errorf("%s with %s = %q: panic: %v", name, file, text, r)
						}
					}()
					if _, err := Check(fsys, nil); err != nil {
						t.Errorf("%s with %s = %q: %v", name, file, text, err)
					}
				}()
			}
		}
	}
}
