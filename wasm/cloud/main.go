//go:build js && wasm

// Command cloud is the WebAssembly module of the simulated cloud: the
// engine's module reaches it through the remote protocol of
// engine/cloud/remote, so that the engine's own module does not carry
// the cloud (Heat, Neutron, the agents and their Python). The page loads
// it the first time a deploy needs it. It exposes
//
//	globalThis.muranoCloud.call(method: string, params: string): string
//
// which answers at once (the engine calls it from inside its own
// WebAssembly code), and then calls globalThis.muranoCloudReady(), if
// defined.
package main

import (
	"fmt"
	"syscall/js"

	"murano.dev/playground/engine/cloud/remote"
)

func main() {
	server := remote.NewServer()
	api := js.Global().Get("Object").New()
	api.Set("call", js.FuncOf(func(_ js.Value, args []js.Value) (answer any) {
		defer func() {
			if r := recover(); r != nil {
				answer = fmt.Sprintf(`{"ok": false, "error": {"kind": "error", "message": %q}}`, fmt.Sprint("the simulated cloud failed: ", r))
			}
		}()
		if len(args) != 2 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeString {
			return `{"ok": false, "error": {"kind": "error", "message": "muranoCloud.call(method, params) takes two strings"}}`
		}
		return string(server.Call(args[0].String(), []byte(args[1].String())))
	}))
	js.Global().Set("muranoCloud", api)
	if ready := js.Global().Get("muranoCloudReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}
