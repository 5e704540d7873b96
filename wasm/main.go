//go:build js && wasm

// Command wasm is the WebAssembly entry point of the playground engine. It
// exposes bridge.Call to JavaScript as
//
//	globalThis.muranoBridge.call(method: string, params: string, onEvent?: (event: string) => void): Promise<string>
//
// (onEvent hears the events of a method that streams them, before it
// answers)
// and then calls globalThis.muranoReady(), if defined, to say the bridge is
// usable. Each call runs in its own goroutine and resolves its Promise with
// the response JSON; all logic lives in package bridge. Repositories are
// read with JavaScript's fetch, on the page's origin only, and so is the
// Unicode name table of \N{NAME} escapes, on first use, from the URL in
// globalThis.muranoAssets.runeNames. Deploys reach the simulated cloud,
// a WebAssembly module of its own (wasm/cloud), through
// globalThis.muranoCloud.call; the first deploy has the page load it by
// awaiting globalThis.muranoLoadCloud(). The project's core libraries,
// which this module does not embed, are the archive (a Uint8Array) in
// globalThis.muranoAssets.corelib when main starts.
package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"syscall/js"

	"murano.dev/playground/wasm/bridge"
)

func main() {
	api := js.Global().Get("Object").New()
	api.Set("call", js.FuncOf(call))
	js.Global().Set("muranoBridge", api)
	bridge.SetFetcher(fetchSameOrigin)
	bridge.SetRuneNamesLoader(fetchRuneNames)
	bridge.SetCloud(callCloud)
	provideCoreLibraries()
	bridge.Warm()
	if ready := js.Global().Get("muranoReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

// provideCoreLibraries gives the bridge the archive of the core
// libraries; without it, what needs them fails saying so.
func provideCoreLibraries() {
	lib := js.Global().Get("muranoAssets")
	if lib.Type() == js.TypeObject {
		lib = lib.Get("corelib")
	}
	if lib.Type() != js.TypeObject {
		return
	}
	archive := make([]byte, lib.Get("length").Int())
	js.CopyBytesToGo(archive, lib)
	if err := bridge.ProvideCoreLibraries(archive); err != nil {
		js.Global().Get("console").Call("error", err.Error())
	}
}

func call(_ js.Value, args []js.Value) any {
	return promise(func() (string, error) {
		if len(args) < 2 || len(args) > 3 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeString {
			return "", fmt.Errorf("muranoBridge.call(method, params[, onEvent]) takes two strings and a function")
		}
		ctx := context.Background()
		if len(args) == 3 && args[2].Type() == js.TypeFunction {
			onEvent := args[2]
			ctx = bridge.WithEvents(ctx, func(event []byte) { onEvent.Invoke(string(event)) })
		}
		return string(bridge.Call(ctx, args[0].String(), []byte(args[1].String()))), nil
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

// fetchSameOrigin fetches a URL of the page's origin (relative URLs are
// resolved against the page) and returns its body; HTTP 404 is
// fs.ErrNotExist.
func fetchSameOrigin(_ context.Context, raw string) ([]byte, error) {
	location := js.Global().Get("location")
	base, err := url.Parse(location.Get("href").String())
	if err != nil {
		return nil, err
	}
	ref, err := url.Parse(raw)
	if err != nil {
		return nil, err
	}
	target := base.ResolveReference(ref)
	if target.Scheme+"://"+target.Host != location.Get("origin").String() {
		return nil, fmt.Errorf("%s: only URLs on this page's origin (%s) can be read", raw, location.Get("origin").String())
	}
	response, err := await(js.Global().Call("fetch", target.String()))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", target, err)
	}
	switch status := response.Get("status").Int(); {
	case status == 404:
		return nil, fmt.Errorf("%s: %w", target, fs.ErrNotExist)
	case !response.Get("ok").Bool():
		return nil, fmt.Errorf("%s: HTTP %d", target, status)
	}
	body, err := await(response.Call("arrayBuffer"))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", target, err)
	}
	bytes := js.Global().Get("Uint8Array").New(body)
	if n := bytes.Length(); n > bridge.MaxFetchSize {
		return nil, fmt.Errorf("%s: larger than %d bytes", target, bridge.MaxFetchSize)
	}
	data := make([]byte, bytes.Length())
	js.CopyBytesToGo(data, bytes)
	return data, nil
}

// fetchRuneNames reads the Unicode name table file that the page names.
func fetchRuneNames() ([]byte, error) {
	assets := js.Global().Get("muranoAssets")
	if assets.Type() != js.TypeObject || assets.Get("runeNames").Type() != js.TypeString {
		return nil, errors.New("the page names no table file (muranoAssets.runeNames)")
	}
	return fetchSameOrigin(context.Background(), assets.Get("runeNames").String())
}

// callCloud makes a call of the remote protocol to the cloud's module,
// loading it first when it is not there yet. The call itself is
// synchronous: the cloud answers before it returns.
func callCloud(method string, params []byte) (answer []byte, err error) {
	if js.Global().Get("muranoCloud").Type() != js.TypeObject {
		load := js.Global().Get("muranoLoadCloud")
		if load.Type() != js.TypeFunction {
			return nil, errors.New("the page cannot load the simulated cloud (no muranoLoadCloud)")
		}
		if _, err := await(load.Invoke()); err != nil {
			return nil, fmt.Errorf("loading the simulated cloud: %v", err)
		}
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the simulated cloud: %v", r)
		}
	}()
	return []byte(js.Global().Get("muranoCloud").Call("call", method, string(params)).String()), nil
}

// await blocks the calling goroutine until the Promise settles.
func await(promise js.Value) (js.Value, error) {
	type settled struct {
		value js.Value
		err   error
	}
	done := make(chan settled, 1)
	onResolve := js.FuncOf(func(_ js.Value, args []js.Value) any {
		done <- settled{value: args[0]}
		return nil
	})
	onReject := js.FuncOf(func(_ js.Value, args []js.Value) any {
		done <- settled{err: fmt.Errorf("%s", args[0].Call("toString").String())}
		return nil
	})
	defer onResolve.Release()
	defer onReject.Release()
	promise.Call("then", onResolve, onReject)
	r := <-done
	return r.value, r.err
}
