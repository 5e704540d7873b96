package pkg

import "testing"

// TestEmitYAML checks the text of the emitter's layouts and escapes, and
// that it reads back as the same tree as a flow-style document does.
func TestEmitYAML(t *testing.T) {
	tree := mapNode(
		"s", str("a \"q\" \\ é\n\t\x01\u2028\ufeff"),
		"y", yaqlScalar("$.a"),
		"n", intNode(7),
		"b", boolean(false),
		"empty", seqNode(),
		"none", mapNode(),
		"list", seqNode(str("x"), mapNode("k", str("v"), "l", seqNode(intNode(1))), seqNode(str("inner"), seqNode())),
		"m", mapNode("deep", mapNode("k", str("v"))),
	)
	want := `"s": "a \"q\" \\ é\n\t\u0001\L\ufeff"
"y": !yaql "$.a"
"n": 7
"b": false
"empty": []
"none": {}
"list":
- "x"
- "k": "v"
  "l":
  - 1
- - "inner"
  - []
"m":
  "deep":
    "k": "v"
`
	got := string(emitYAML(tree))
	if got != want {
		t.Fatalf("emitYAML:\n%s\nwant:\n%s", got, want)
	}
	if g, w := canonical(t, []byte(got)), canonical(t, []byte(`{"s": "a \"q\" \\ é\n\t\u0001\u2028\ufeff", "y": !yaql "$.a", "n": 7, "b": false, "empty": [], "none": {},
  "list": ["x", {"k": "v", "l": [1]}, ["inner", []]], "m": {"deep": {"k": "v"}}}`)); g != w {
		t.Errorf("read back:\n%s\nwant:\n%s", g, w)
	}
}
