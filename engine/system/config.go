// This file defines config(), murano's configuration as the core
// library's code reads it.

package system

import (
	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// CoreFunctions are the functions only the core library's code sees:
// config(group, setting, readAsFile) and config(setting), answered from
// the host's configuration.
func CoreFunctions(h *Host) []*yaql.Func {
	lookup := func(group, setting string) (value.Value, error) {
		if v, ok := h.Config[group][setting]; ok {
			return v, nil
		}
		shown := group
		if shown == "" {
			shown = "DEFAULT"
		}
		return nil, &dsl.PyError{Module: "oslo_config.cfg", Class: "NoSuchOptError", Msg: "no such option " + setting + " in group [" + shown + "]"}
	}
	return []*yaql.Func{
		yaql.Fn("config", func(c *yaql.Call) (value.Value, error) {
			if value.Truth(c.Args[2]) {
				return nil, dsl.PyErr("FileNotFoundError", "config(…, readAsFile => true): the simulated cloud has no files")
			}
			return lookup(value.Str(c.Args[0]), value.Str(c.Args[1]))
		}, yaql.P("group", yaql.String), yaql.P("setting", yaql.String), yaql.Opt("readAsFile", yaql.Boolean, value.Bool(false))),
		yaql.Fn("config", func(c *yaql.Call) (value.Value, error) {
			return lookup("", value.Str(c.Args[0]))
		}, yaql.P("setting", yaql.String)),
	}
}
