// Package unicodenames resolves Unicode character names for the \N{NAME}
// escapes of YAQL strings, ignoring case as Python does.
//
// Native builds compile the name table in (golang.org/x/text's runenames,
// about 1 MB). The WebAssembly build leaves it out to keep the engine
// small: there the table is a file that the site serves beside the engine
// (written by WriteTable at build time), read on the first lookup through
// the loader the host sets with SetLoader.
package unicodenames

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

var (
	mu    sync.Mutex
	names map[string]rune
)

// Lookup returns the character called name. The error says that the table
// could not be read; a later call tries again.
func Lookup(name string) (r rune, ok bool, err error) {
	mu.Lock()
	defer mu.Unlock()
	if names == nil {
		table, err := load()
		if err != nil {
			return 0, false, fmt.Errorf("the Unicode name table is not available: %w", err)
		}
		names = table
	}
	r, ok = names[strings.ToUpper(name)]
	return r, ok, nil
}

// Parse reads a table as WriteTable writes it: one line per named
// character, its code point in hexadecimal, a space and its name.
func Parse(data []byte) (map[string]rune, error) {
	table := make(map[string]rune, 1<<15)
	for n, line := range bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n")) {
		code, name, found := bytes.Cut(line, []byte(" "))
		r, err := strconv.ParseUint(string(code), 16, 32)
		if !found || err != nil || r > 0x10FFFF || len(name) == 0 {
			return nil, fmt.Errorf("Unicode name table, line %d: want a hexadecimal code point, a space and a name", n+1)
		}
		table[string(name)] = rune(r)
	}
	return table, nil
}
