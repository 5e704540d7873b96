// Package missing is the folder of a library a WebAssembly engine was not
// given: every file it is asked for is an error that says so.
package missing

import (
	"fmt"
	"io/fs"
)

// FS is a library's folder that was not given; its value is the
// library's name.
type FS string

// Open fails.
func (f FS) Open(name string) (fs.File, error) {
	return nil, &fs.PathError{Op: "open", Path: name, Err: fmt.Errorf("the engine was not given %s (the page fetches it beside the engine)", string(f))}
}
