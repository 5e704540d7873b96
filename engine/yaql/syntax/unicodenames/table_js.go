// This file defines how the WebAssembly build gets its table: from the
// host, on first use.

package unicodenames

import "errors"

var loader func() ([]byte, error)

// SetLoader sets how the table file (see WriteTable) is read; it is called
// on the first lookup, and again after a failure.
func SetLoader(load func() ([]byte, error)) {
	mu.Lock()
	defer mu.Unlock()
	loader = load
}

func load() (map[string]rune, error) {
	if loader == nil {
		return nil, errors.New("no loader is set")
	}
	data, err := loader()
	if err != nil {
		return nil, err
	}
	return Parse(data)
}
