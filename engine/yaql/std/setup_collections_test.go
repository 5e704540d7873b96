package std_test

import (
	"testing"

	"murano.dev/playground/engine/value"
)

// These tests port the assertions of yaql's test_collections.py that
// check the host's input: dict.set returns a new mapping and leaves the
// input data as it was. (The results are golden cases.)

// TestCollections.test_dict_set, test_dict_set_many,
// test_dict_set_many_inline
func TestSetupDictSetKeepsInput(t *testing.T) {
	e, c := testsFlavor(t)
	for _, src := range []string{
		"$.set(a, 99).set(x, null)",                       // TestCollections.test_dict_set
		`$.set(dict(a => 55, "d x" => 99, null => null))`, // TestCollections.test_dict_set_many
		`$.set(a => 55, "d x" => 99)`,                     // TestCollections.test_dict_set_many_inline
	} {
		input := func() *value.Dict {
			d := value.NewDict(2)
			d.SetString("a", value.Int(12))
			d.SetString("b c", value.Int(44))
			return d
		}
		data := input()
		if _, err := setupEval(t, e, c, src, data); err != nil {
			t.Errorf("%s: %v", src, err)
		}
		if !value.Equal(data, input()) {
			t.Errorf("%s changed the input to %s", src, value.Repr(data))
		}
	}
}
