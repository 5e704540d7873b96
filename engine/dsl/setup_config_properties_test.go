package dsl_test

// Ported from murano's test_config_properties.TestConfigProperties (the
// assertions that need class config; python-setup.md, Part A).

import (
	"testing"

	"murano.dev/playground/engine/value"
)

func TestSetupConfigProperties(t *testing.T) {
	for _, tc := range []struct {
		name, model string
		config      map[string]value.Value
		wantTraces  string
	}{
		{"test_config_property", `{"?": {"type": "ConfigProperties", "id": "obj1"}}`,
			map[string]value.Value{"cfgProperty": value.String("987")}, `[987, "DEFAULT"]`},
		{"test_config_affects_default", `{"?": {"type": "ConfigProperties", "id": "obj1"}}`,
			map[string]value.Value{"normalProperty": value.String("custom")}, `[123, "custom"]`},
		{"test_config_not_affects_in_properties", `{"?": {"type": "ConfigProperties", "id": "obj1"}, "normalProperty": "qq"}`,
			map[string]value.Value{"normalProperty": value.String("custom")}, `[123, "qq"]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRunner(t, setup{classConfig: map[string]map[string]value.Value{"ConfigProperties": tc.config}})
			r.mustLoad(tc.model)
			r.mustCall("testPropertyValues")
			assertEqual(t, "traces", value.NewPyList(r.traces), tc.wantTraces)
		})
	}
}
