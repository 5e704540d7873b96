// This file opens package folders on disk.

package pkg

import (
	"io/fs"
	"os"
)

// DirFS returns the files of a package folder on disk for [Open] or
// [ClassFolder]. Unlike os.DirFS, it does not let a path leave the
// folder: a symbolic link, or a chain of them, that points outside it
// fails to open with an error saying that the path escapes (links
// inside the folder work). The folder stays open as long as the file
// system is in use.
func DirFS(dir string) (fs.FS, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return root.FS(), nil
}
