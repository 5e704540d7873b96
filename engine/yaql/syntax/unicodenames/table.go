//go:build !js

// This file defines the compiled-in table of native builds and the table
// file that the WebAssembly build reads instead.

package unicodenames

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"golang.org/x/text/unicode/runenames"
)

func load() (map[string]rune, error) {
	table := make(map[string]rune, 1<<15)
	eachName(func(r rune, name string) { table[name] = r })
	return table, nil
}

// WriteTable writes the table in the format Parse reads.
func WriteTable(w io.Writer) error {
	out := bufio.NewWriter(w)
	eachName(func(r rune, name string) { fmt.Fprintf(out, "%X %s\n", r, name) })
	return out.Flush()
}

// eachName calls fn for every character with a name of its own, in code
// point order; the ranges named by a pattern (<CJK Ideograph>, …) are
// left out.
func eachName(fn func(r rune, name string)) {
	for r := rune(0); r <= 0x10FFFF; r++ {
		if name := runenames.Name(r); name != "" && !strings.HasPrefix(name, "<") {
			fn(r, name)
		}
	}
}
