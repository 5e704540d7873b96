//go:build js && wasm

// Command forms is the WebAssembly module of the forms generated from
// class contracts (formgen/schemaform): their fields, their validation
// with santhosh-tekuri/jsonschema, the object models they make and edit;
// and of the YAML formatter (formgen/yamlfmt), whose "yaml." methods it
// answers too. The page's engine worker loads it the first time such a
// form opens or a file is formatted, so that the engine's own module
// carries neither the validator nor the formatter. It exposes
//
//	globalThis.muranoForms.call(method: string, params: string): string
//
// which answers at once, and then calls globalThis.muranoFormsReady(),
// if defined.
package main

import (
	"fmt"
	"strings"
	"syscall/js"

	"murano.dev/playground/formgen/schemaform"
	"murano.dev/playground/formgen/yamlfmt"
)

func main() {
	service := schemaform.NewService()
	api := js.Global().Get("Object").New()
	api.Set("call", js.FuncOf(func(_ js.Value, args []js.Value) (answer any) {
		defer func() {
			if r := recover(); r != nil {
				answer = fmt.Sprintf(`{"ok": false, "error": {"kind": "error", "message": %q}}`, fmt.Sprint("the forms module failed: ", r))
			}
		}()
		if len(args) != 2 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeString {
			return `{"ok": false, "error": {"kind": "error", "message": "muranoForms.call(method, params) takes two strings"}}`
		}
		method, params := args[0].String(), []byte(args[1].String())
		if strings.HasPrefix(method, "yaml.") {
			return string(yamlfmt.Call(method, params))
		}
		return string(service.Call(method, params))
	}))
	js.Global().Set("muranoForms", api)
	if ready := js.Global().Get("muranoFormsReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}
