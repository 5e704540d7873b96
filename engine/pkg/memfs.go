// This file defines the read-only file system of files held in memory:
// a package picked in the browser, an edited package, a repository folder.

package pkg

import (
	"io"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
	"time"
)

// MemFS returns a read-only file system of the files, keyed by slash
// paths relative to its root ("manifest.yaml", "Classes/App.yaml").
// Folders are implied by the paths. The map is not copied: it must not
// change while the file system is in use.
func MemFS(files map[string][]byte) fs.FS {
	children := map[string]map[string]bool{".": {}}
	for name := range files {
		for child := name; child != "."; child = path.Dir(child) {
			parent := path.Dir(child)
			if children[parent] == nil {
				children[parent] = map[string]bool{}
			}
			children[parent][path.Base(child)] = true
		}
	}
	dirs := make(map[string][]string, len(children))
	for d, names := range children {
		dirs[d] = slices.Sorted(maps.Keys(names))
	}
	return memFS{files: files, dirs: dirs}
}

type memFS struct {
	files map[string][]byte
	dirs  map[string][]string // folder → sorted names of its entries
}

func (m memFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	if data, ok := m.files[name]; ok {
		return &memFile{info: memInfo{name: path.Base(name), size: int64(len(data))}, r: strings.NewReader(string(data))}, nil
	}
	entries, ok := m.dirs[name]
	if !ok {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	d := &memDir{info: memInfo{name: path.Base(name), dir: true}}
	for _, e := range entries {
		full := path.Join(name, e)
		data, isFile := m.files[full]
		d.entries = append(d.entries, memInfo{name: e, size: int64(len(data)), dir: !isFile})
	}
	return d, nil
}

type memInfo struct {
	name string
	size int64
	dir  bool
}

func (i memInfo) Name() string { return i.name }
func (i memInfo) Size() int64  { return i.size }
func (i memInfo) Mode() fs.FileMode {
	if i.dir {
		return fs.ModeDir | 0o555
	}
	return 0o444
}
func (i memInfo) ModTime() time.Time         { return time.Time{} }
func (i memInfo) IsDir() bool                { return i.dir }
func (i memInfo) Sys() any                   { return nil }
func (i memInfo) Type() fs.FileMode          { return i.Mode().Type() }
func (i memInfo) Info() (fs.FileInfo, error) { return i, nil }

type memFile struct {
	info memInfo
	r    *strings.Reader
}

func (f *memFile) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *memFile) Read(b []byte) (int, error) { return f.r.Read(b) }
func (f *memFile) Close() error               { return nil }

type memDir struct {
	info    memInfo
	entries []memInfo
	next    int
}

func (d *memDir) Stat() (fs.FileInfo, error) { return d.info, nil }
func (d *memDir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.info.name, Err: fs.ErrInvalid}
}
func (d *memDir) Close() error { return nil }

func (d *memDir) ReadDir(n int) ([]fs.DirEntry, error) {
	rest := d.entries[d.next:]
	if n > 0 && len(rest) == 0 {
		return nil, io.EOF
	}
	if n > 0 && n < len(rest) {
		rest = rest[:n]
	}
	d.next += len(rest)
	out := make([]fs.DirEntry, len(rest))
	for i, e := range rest {
		out[i] = e
	}
	return out, nil
}
