//go:build js && wasm

// Command wasm is the WebAssembly entry point of the playground engine. It
// exposes bridge.Call to JavaScript as
//
//	globalThis.muranoBridge.call(method: string, params: string): Promise<string>
//
// and then calls globalThis.muranoReady(), if defined, to say the bridge is
// usable. Each call runs in its own goroutine and resolves its Promise with
// the response JSON; all logic lives in package bridge.
package main

import (
	"context"
	"fmt"
	"syscall/js"

	"murano.dev/playground/wasm/bridge"
)

func main() {
	api := js.Global().Get("Object").New()
	api.Set("call", js.FuncOf(call))
	js.Global().Set("muranoBridge", api)
	bridge.Warm()
	if ready := js.Global().Get("muranoReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

func call(_ js.Value, args []js.Value) any {
	return promise(func() (string, error) {
		if len(args) != 2 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeString {
			return "", fmt.Errorf("muranoBridge.call(method, params) takes two strings")
		}
		return string(bridge.Call(context.Background(), args[0].String(), []byte(args[1].String()))), nil
	})
}

// promise runs work in a goroutine and settles the returned Promise with its
// result; an error or a panic rejects it.
func promise(work func() (string, error)) js.Value {
	executor := js.FuncOf(func(_ js.Value, settle []js.Value) any {
		resolve, reject := settle[0], settle[1]
		go func() {
			defer func() {
				if r := recover(); r != nil {
					reject.Invoke(js.Global().Get("Error").New(fmt.Sprint("engine panic: ", r)))
				}
			}()
			out, err := work()
			if err != nil {
				reject.Invoke(js.Global().Get("Error").New(err.Error()))
				return
			}
			resolve.Invoke(out)
		}()
		return nil
	})
	defer executor.Release()
	return js.Global().Get("Promise").New(executor)
}
