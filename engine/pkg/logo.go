// This file reads a package's logos (images.lst: see repo.go).

package pkg

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path"

	"murano.dev/playground/engine/internal/pyyaml"
	"murano.dev/playground/engine/source"
)

// MaxLogoSize is the largest logo the reference accepts, in bytes.
const MaxLogoSize = 500 * 1024

// Logo returns the package's logo, as the reference's PackageBase reads
// it: the manifest's Logo file, else logo.png; nil when the default is
// absent. An explicit file that is missing, an image that is not PNG,
// JPEG or GIF (by its content) or larger than [MaxLogoSize] is a
// PackageLoadError "Unable to load logo: …".
func (p *Package) Logo() ([]byte, error) {
	if p.Manifest == nil {
		return nil, nil
	}
	return p.loadImage(p.Manifest.Logo, "logo.png", "logo", p.Manifest.root.Get("Logo"))
}

// SupplierLogo is [Package.Logo] for Supplier.Logo, default
// supplier_logo.png ("Unable to load supplier logo: …").
func (p *Package) SupplierLogo() ([]byte, error) {
	if p.Manifest == nil {
		return nil, nil
	}
	return p.loadImage(p.Manifest.SupplierLogo, "supplier_logo.png", "supplier logo", p.Manifest.root.Get("Supplier").Get("Logo"))
}

func (p *Package) loadImage(name, def, what string, at *pyyaml.Node) ([]byte, error) {
	pos := source.Pos{File: manifestFile}
	if at != nil {
		pos = posOf(at)
	}
	fail := func(msg string) ([]byte, error) {
		return nil, loadError(pos, "PackageLoadError", "Unable to load "+what+": "+msg)
	}
	file := name
	if file == "" {
		file = def
	}
	clean := path.Clean(file)
	if file[0] == '/' || !fs.ValidPath(clean) || clean == "." {
		return nil, loadError(pos, "ValueError", "path "+file+" is not allowed")
	}
	data, err := readAll(p.fsys, clean)
	if err != nil {
		if name == "" {
			return nil, nil
		}
		if errors.Is(err, fs.ErrNotExist) {
			return fail("[Errno 2] No such file or directory: '" + file + "'")
		}
		return fail(err.Error())
	}
	if imageType(data) == "" {
		return fail(what + ": Unsupported Format. Only png, jpeg, gif allowed")
	}
	if len(data) > MaxLogoSize {
		return fail(fmt.Sprintf("%s: Uploaded image size %d is too large. Max allowed size is %d", what, len(data), MaxLogoSize))
	}
	return data, nil
}

// readAll reads a whole regular file (up to one byte past MaxLogoSize,
// enough to tell that it is too large; the size reported is then the
// file's).
func readAll(fsys fs.FS, name string) ([]byte, error) {
	info, err := fs.Stat(fsys, name)
	if err != nil {
		return nil, err
	}
	if info.IsDir() {
		return nil, &fs.PathError{Op: "read", Path: name, Err: errIsDir}
	}
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, err
	}
	return data, nil
}

// imageType sniffs an image as Python's imghdr does for the types the
// reference allows: "jpeg", "png", "gif" or "".
func imageType(h []byte) string {
	switch {
	case len(h) >= 10 && (bytes.Equal(h[6:10], []byte("JFIF")) || bytes.Equal(h[6:10], []byte("Exif"))),
		bytes.HasPrefix(h, []byte("\xff\xd8\xff\xdb")):
		return "jpeg"
	case bytes.HasPrefix(h, []byte("\x89PNG\r\n\x1a\n")):
		return "png"
	case bytes.HasPrefix(h, []byte("GIF87a")), bytes.HasPrefix(h, []byte("GIF89a")):
		return "gif"
	}
	return ""
}
