package yaql_test

import (
	"slices"
	"testing"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// These tests port yaql's test_contexts.py: the context API (variables,
// function tables, parent chains, multi-contexts and linked contexts),
// with no expression evaluated. The reference registers the Python
// functions f, f_, f__ … all under the name "f"; here they are distinct
// overloads declared with the same name.

func def(name string) *yaql.Func {
	return yaql.Fn(name, func(*yaql.Call) (value.Value, error) { return value.Null, nil })
}

func wantVar(t *testing.T, c *yaql.Context, name string, want value.Value) {
	t.Helper()
	got, ok := c.Get(name)
	if want == nil {
		if ok {
			t.Errorf("ctx[%q] = %s, want missing", name, value.Repr(got))
		}
		return
	}
	if !ok || !value.Equal(got, want) {
		t.Errorf("ctx[%q] = %v (found %v), want %s", name, got, ok, value.Repr(want))
	}
}

func wantLayers(t *testing.T, layers [][]*yaql.Func, sizes ...int) {
	t.Helper()
	var got []int
	for _, l := range layers {
		got = append(got, len(l))
	}
	if !slices.Equal(got, sizes) {
		t.Errorf("layer sizes %v, want %v", got, sizes)
	}
}

func wantFunctions(t *testing.T, c *yaql.Context, name string, n int) {
	t.Helper()
	fs, exclusive := c.Functions(name)
	if exclusive {
		t.Errorf("Functions(%q): exclusive, want not", name)
	}
	if len(fs) != n {
		t.Errorf("Functions(%q): %d definitions, want %d", name, len(fs), n)
	}
}

func sameItems(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// TestContexts.test_store_data
func TestContextStoreData(t *testing.T) {
	c := yaql.NewContext()
	c.Set("key", value.Int(123))
	wantVar(t, c, "key", value.Int(123))
}

// TestContexts.test_name_normalization
func TestContextNameNormalization(t *testing.T) {
	c := yaql.NewContext()
	c.Set("key", value.Int(123))
	wantVar(t, c, "$key", value.Int(123))
}

// TestContexts.test_empty_name
func TestContextEmptyName(t *testing.T) {
	c := yaql.NewContext()
	c.Set("", value.Int(123))
	wantVar(t, c, "$", value.Int(123))
	wantVar(t, c, "", value.Int(123))
	wantVar(t, c, "$1", value.Int(123))
}

// TestContexts.test_missing_key_access
func TestContextMissingKeyAccess(t *testing.T) {
	wantVar(t, yaql.NewContext(), "key", nil)
}

// TestContexts.test_key_deletion
func TestContextKeyDeletion(t *testing.T) {
	c := yaql.NewContext()
	c.Set("key", value.Int(123))
	c.Delete("key")
	wantVar(t, c, "key", nil)
}

// TestContexts.test_child_contexts
func TestContextChildContexts(t *testing.T) {
	c := yaql.NewContext()
	c2 := c.Child()
	c.Set("key", value.Int(123))
	wantVar(t, c2, "key", value.Int(123))
	c2.Set("key", value.Int(345))
	wantVar(t, c2, "key", value.Int(345))
	c2.Delete("key")
	wantVar(t, c2, "key", value.Int(123))
}

// TestContexts.test_get_functions
func TestContextGetFunctions(t *testing.T) {
	c := yaql.NewContext()
	c2 := c.Child()
	f, f1, g := def("f"), def("f"), def("g")
	c.Register(f, f1)
	c.RegisterExclusive(g)
	c2.Register(def("f"))

	fs, exclusive := c.Functions("f")
	if exclusive {
		t.Error(`ctx.Functions("f"): exclusive, want not`)
	}
	if len(fs) != 2 || !slices.Contains(fs, f) || !slices.Contains(fs, f1) {
		t.Errorf(`ctx.Functions("f") = %v, want the 2 definitions registered in ctx`, fs)
	}
	if _, exclusive := c2.Functions("g"); exclusive {
		t.Error(`ctx2.Functions("g"): exclusive, want not (g is exclusive in the parent only)`)
	}
	wantFunctions(t, c2, "f", 1)
}

// TestContexts.test_collect_functions
func TestContextCollectFunctions(t *testing.T) {
	c := yaql.NewContext()
	c3 := c.Child().Child()
	c.Register(def("f"), def("f"))
	c3.Register(def("f"))
	wantLayers(t, c3.CollectFunctions("f"), 1, 2)
}

// TestContexts.test_function_in
func TestContextFunctionIn(t *testing.T) {
	c := yaql.NewContext()
	c3 := c.Child().Child()
	c.Register(def("f"), def("f"))
	c3.Register(def("f"))
	layers := c3.CollectFunctions("f")
	if c3.HasDefinition(def("f")) {
		t.Error("a new definition equal to a registered one is in ctx3")
	}
	if !c3.HasDefinition(layers[0][0]) {
		t.Error("the definition registered in ctx3 is not in ctx3")
	}
	if c3.HasDefinition(layers[1][0]) {
		t.Error("a definition registered in a parent is in ctx3")
	}
}

// TestContexts.test_data
func TestContextData(t *testing.T) {
	c := yaql.NewContext()
	c2 := c.Child()
	c.Set("key", value.Int(123))
	c2.Set("key2", value.Int(321))
	for _, tc := range []struct {
		ctx  *yaql.Context
		name string
		want bool
	}{
		{c, "key", true},
		{c2, "key2", true},
		{c, "$key", true},
		{c, "key2", false},
		{c2, "key", false},
	} {
		if got := tc.ctx.Has(tc.name); got != tc.want {
			t.Errorf("Has(%q) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestContexts.test_keys
func TestContextKeys(t *testing.T) {
	c := yaql.NewContext()
	c2 := c.Child()
	c.Set("key", value.Int(123))
	c2.Set("key2", value.Int(321))
	if keys := c2.Keys(); !slices.Equal(keys, []string{"$key2"}) {
		t.Errorf("Keys() = %q, want [$key2]", keys)
	}
}

// TestContexts.test_delete_function
func TestContextDeleteFunction(t *testing.T) {
	c := yaql.NewContext()
	c.Register(def("f"))
	c2 := c.Child()
	c2.Register(def("f"))
	fs, _ := c2.Functions("f")
	spec := fs[0]
	if !c2.HasDefinition(spec) {
		t.Error("spec not in ctx2 before deletion")
	}
	c2.DeleteFunction(spec)
	if c2.HasDefinition(spec) {
		t.Error("spec still in ctx2 after deletion")
	}
	wantFunctions(t, c, "f", 1)
}

// multiContext builds the fixture of the reference's
// create_multi_context: chains c1 ← c2 ← c3 and c4 ← c5, merged as
// MultiContext(c3, c5).
func multiContext() *yaql.Context {
	c1 := yaql.NewContext()
	c2 := c1.Child()
	c3 := c2.Child()
	c4 := yaql.NewContext()
	c5 := c4.Child()
	mc := yaql.NewMultiContext(c3, c5)
	c1.Register(def("f"))
	c2.Register(def("f"))
	c4.Register(def("f"))
	c5.Register(def("f"))
	c3.Set("key", value.String("context3"))
	c5.Set("key", value.String("context5"))
	c4.Set("key2", value.String("context4"))
	c1.Set("key3", value.String("context1"))
	mc.Set("key4", value.String("mc"))
	return mc
}

// TestContexts.test_multi_context_data
func TestMultiContextData(t *testing.T) {
	mc := multiContext()
	wantVar(t, mc, "key", value.String("context3"))
	wantVar(t, mc, "key2", value.String("context4"))
	wantVar(t, mc, "key3", value.String("context1"))
}

// TestContexts.test_multi_context_data_in
func TestMultiContextDataIn(t *testing.T) {
	mc := multiContext()
	for _, tc := range []struct {
		ctx  *yaql.Context
		name string
		want bool
	}{
		{mc, "key", true},
		{mc, "key4", true},
		{mc, "key2", false},
		{mc.Parent(), "key2", true},
		{mc.Parent(), "key3", false},
		{mc.Parent(), "key4", false},
		{mc.Parent().Parent(), "key3", true},
	} {
		if got := tc.ctx.Has(tc.name); got != tc.want {
			t.Errorf("Has(%q) = %v, want %v", tc.name, got, tc.want)
		}
	}
	if p := mc.Parent().Parent().Parent(); p != nil {
		t.Errorf("mc.parent.parent.parent = %v, want nil", p)
	}
}

// TestContexts.test_multi_context_keys
func TestMultiContextKeys(t *testing.T) {
	mc := multiContext()
	for _, tc := range []struct {
		ctx  *yaql.Context
		want []string
	}{
		{mc, []string{"$key4", "$key"}},
		{mc.Parent(), []string{"$key2"}},
		{mc.Parent().Parent(), []string{"$key3"}},
	} {
		if got := tc.ctx.Keys(); !sameItems(got, tc.want) {
			t.Errorf("Keys() = %q, want the items of %q", got, tc.want)
		}
	}
}

// TestContexts.test_multi_context_get_functions
func TestMultiContextGetFunctions(t *testing.T) {
	mc := multiContext()
	mc.Register(def("f"))
	wantFunctions(t, mc, "f", 2)
	wantFunctions(t, mc.Parent(), "f", 2)
	wantFunctions(t, mc.Parent().Parent(), "f", 1)
}

// TestContexts.test_multi_context_collect_functions
func TestMultiContextCollectFunctions(t *testing.T) {
	mc := multiContext()
	mc.Register(def("f"))
	wantLayers(t, mc.CollectFunctions("f"), 2, 2, 1)
}

// TestContexts.test_multi_context_function_in
func TestMultiContextFunctionIn(t *testing.T) {
	mc := multiContext()
	fs, _ := mc.Functions("f")
	if len(fs) != 1 {
		t.Errorf("mc.Functions(\"f\"): %d definitions, want 1 (the reference's loop asserts once)", len(fs))
	}
	for _, f := range fs {
		if !mc.HasDefinition(f) {
			t.Errorf("%s not in mc", f.Signature())
		}
	}
}

// TestContexts.test_multi_context_delete_data
func TestMultiContextDeleteData(t *testing.T) {
	mc := multiContext()
	mc.Delete("key")
	if mc.Has("key") {
		t.Error(`"key" still in mc after deletion`)
	}
}

// TestContexts.test_multi_context_function_delete
func TestMultiContextFunctionDelete(t *testing.T) {
	mc := multiContext()
	fs, _ := mc.Functions("f")
	for _, f := range fs {
		mc.DeleteFunction(f)
	}
	wantFunctions(t, mc, "f", 0)
}

// linkedContext builds the fixture of the reference's
// create_linked_context: roots c1 and c2, c3 a child of c2, and
// LinkedContext(parent=c1, linked=c3).
func linkedContext() *yaql.Context {
	c1 := yaql.NewContext()
	c2 := yaql.NewContext()
	c1.Register(def("f"), def("g"))
	c2.Register(def("g"))
	c1.Set("key", value.String("context1"))
	c1.Set("key1", value.String("context1"))
	c2.Set("key", value.String("context2"))
	c2.Set("key2", value.String("context2"))
	c3 := c2.Child()
	c3.Register(def("g"))
	c3.Set("key", value.String("context3"))
	c2.Set("key3", value.String("context3"))
	return yaql.NewLinkedContext(c1, c3)
}

// TestContexts.test_linked_context_data
func TestLinkedContextData(t *testing.T) {
	lc := linkedContext()
	wantVar(t, lc, "key", value.String("context3"))
	wantVar(t, lc, "key2", value.String("context2"))
	wantVar(t, lc, "key3", value.String("context3"))
	wantVar(t, lc, "key3", value.String("context3"))
	wantVar(t, lc.Parent(), "key", value.String("context2"))
	wantVar(t, lc.Parent().Parent(), "key", value.String("context1"))
}

// TestContexts.test_linked_context_collect_functions
func TestLinkedContextCollectFunctions(t *testing.T) {
	lc := linkedContext()
	wantLayers(t, lc.CollectFunctions("f"), 1)
	wantLayers(t, lc.CollectFunctions("g"), 1, 1, 1)
}

// TestContexts.test_linked_context_delete_data
func TestLinkedContextDeleteData(t *testing.T) {
	lc := linkedContext()
	if !lc.Has("key") {
		t.Error(`"key" not in lc`)
	}
	lc.Delete("key")
	if lc.Has("key") {
		t.Error(`"key" still in lc after deletion`)
	}
}

// TestContexts.test_linked_context_function_in: the reference asserts
// "fd in lc" for every definition of lc.get_functions("f"), a set that is
// empty (the linked context c3 has no f): its loop runs no assertion.
func TestLinkedContextFunctionIn(t *testing.T) {
	lc := linkedContext()
	fs, _ := lc.Functions("f")
	if len(fs) != 0 {
		t.Errorf("lc.Functions(\"f\"): %d definitions, want 0", len(fs))
	}
	for _, f := range fs {
		if !lc.HasDefinition(f) {
			t.Errorf("%s not in lc", f.Signature())
		}
	}
}
