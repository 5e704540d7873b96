// This file defines the bridge's package methods: open a package (a .zip
// or the files of a folder; a repository folder opens as with repo.open), read one of its files, export it as a .zip
// and close it.

package bridge

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"murano.dev/playground/engine"
)

func init() {
	methods["package.open"] = packageOpen
	methods["package.file"] = packageFile
	methods["package.export"] = packageExport
	methods["package.close"] = packageClose
}

type packageOpenParams struct {
	// Zip is the base64 of a .zip archive; Files the base64 of each file
	// of a folder, by path. One of the two is given.
	Zip   *string           `json:"zip"`
	Files map[string]string `json:"files"`
	// Unread are the sizes of files handed over by name only (the images
	// of a repository folder).
	Unread map[string]int `json:"unread"`
	// Repo is the base URL of a repository, or the handle of an open
	// repository folder, that the package's requirements are resolved
	// against (optional).
	Repo string `json:"repo"`
}

// problem is an error or a lint finding placed in a package file (File
// is relative to the package root; "" and line 0 when the error is about
// the whole archive).
type problem struct {
	Kind     string `json:"kind,omitempty"`
	Severity string `json:"severity"`
	Code     string `json:"code,omitempty"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Col      int    `json:"col"`
	EndLine  int    `json:"endLine,omitempty"`
	EndCol   int    `json:"endCol,omitempty"`
	Message  string `json:"message"`
}

// problemsOf turns an error into problems: one per error with a place
// that it holds (see [engine.Problems]), else one without a position.
func problemsOf(kind string, err error) []problem {
	placed := engine.Problems(err)
	if placed == nil {
		return []problem{{Kind: kind, Severity: "error", Message: err.Error()}}
	}
	out := make([]problem, 0, len(placed))
	for _, p := range placed {
		out = append(out, problem{
			Kind: p.Kind, Severity: "error", File: p.File, Line: p.Line, Col: p.Col,
			EndLine: p.EndLine, EndCol: p.EndCol, Message: p.Message,
		})
	}
	return out
}

// packageFailure answers a request that could not open anything.
func packageFailure(kind string, err error) []byte {
	ps := problemsOf(kind, err)
	return respond(map[string]any{"ok": false, "error": ps[0], "errors": ps})
}

func packageOpen(ctx context.Context, raw []byte) []byte {
	var p packageOpenParams
	if err := json.Unmarshal(raw, &p); err != nil {
		return failure("request", "invalid parameters: "+err.Error())
	}
	var w *Workspace
	var err error
	switch {
	case p.Zip != nil && p.Files == nil:
		data, derr := base64.StdEncoding.DecodeString(*p.Zip)
		if derr != nil {
			return failure("request", "zip: invalid base64: "+derr.Error())
		}
		w, err = openZipWorkspace(data)
	case p.Files != nil && p.Zip == nil:
		files, fail := decodeFiles(p.Files)
		if fail != nil {
			return fail
		}
		if f, ferr := openRepoFolder(files, p.Unread); ferr != nil {
			return packageFailure("repository", ferr)
		} else if f != nil {
			return answerRepoFolder(f)
		}
		w, err = openFilesWorkspace(files)
	default:
		return failure("request", `package.open takes either "zip" or "files"`)
	}
	if err != nil {
		return packageFailure("package", err)
	}
	w.Handle = workspaces.keep(w)
	var repo *remoteRepo
	if p.Repo != "" {
		if repo, err = repositoryAt(ctx, p.Repo); err != nil {
			return packageFailure("repository", err)
		}
	}
	return respond(describeWorkspace(w, repo))
}

// describeWorkspace is the answer of package.open and repo.import: the
// package as `muranopl inspect` prints it (null when it does not open),
// what the summary shows besides, its requirements, errors, warnings,
// lint problems and files.
func describeWorkspace(w *Workspace, repo *remoteRepo) map[string]any {
	errs := []problem{}
	warnings := append([]string{}, w.Warnings...)
	resp := map[string]any{"ok": true, "handle": w.Handle, "root": w.Root, "package": nil, "details": nil, "requirements": nil}
	if w.OpenErr != nil {
		errs = append(errs, problemsOf("package", w.OpenErr)...)
	}
	if p := w.Package; p != nil {
		if info, err := engine.DescribePackage(p); err != nil {
			errs = append(errs, problemsOf("package", err)...)
		} else {
			resp["package"] = json.RawMessage(info.JSON())
		}
		details, derrs := packageDetails(p)
		resp["details"] = details
		errs = append(errs, derrs...)
		resp["requirements"] = resolveRequirements(p, repo)
	}
	lint := []problem{}
	problems, err := engine.LintOpenedPackage(w.Package, w.FS(), engine.OwnCoreLibrary())
	if err != nil && w.OpenErr == nil {
		errs = append(errs, problemsOf("lint", err)...)
	}
	for _, pr := range problems {
		lint = append(lint, problem{
			Severity: string(pr.Severity), Code: pr.Code, File: pr.Pos.File,
			Line: pr.Pos.Line, Col: pr.Pos.Col, Message: pr.Msg,
		})
	}
	if repo != nil {
		warnings = append(warnings, repo.warnings...)
	}
	resp["errors"] = errs
	resp["warnings"] = warnings
	resp["lint"] = lint
	resp["files"] = fileList(w.Files)
	return resp
}

// packageDetails is what the summary shows beyond the inspect JSON: the
// supplier, the logos as data: URLs, the images of images.lst and Meta.
// A logo the reference would refuse is an error.
func packageDetails(p *engine.Package) (map[string]any, []problem) {
	var errs []problem
	logo := func(read func() ([]byte, error)) any {
		data, err := read()
		if err != nil {
			errs = append(errs, problemsOf("package", err)...)
			return nil
		}
		if data == nil {
			return nil
		}
		return "data:" + mimeOf(data) + ";base64," + base64.StdEncoding.EncodeToString(data)
	}
	images := []map[string]any{}
	for _, img := range p.Images() {
		images = append(images, map[string]any{
			"name": img.Name, "diskFormat": img.DiskFormat, "containerFormat": img.ContainerFormat,
			"url": img.URL, "meta": jsonable(img.Meta),
		})
	}
	var supplier, meta any
	if p.Manifest != nil {
		if p.Manifest.Supplier != nil {
			supplier = jsonable(p.Manifest.Supplier)
		}
		meta = jsonable(p.Manifest.Meta)
	}
	return map[string]any{
		"supplier":     supplier,
		"logo":         logo(p.Logo),
		"supplierLogo": logo(p.SupplierLogo),
		"images":       images,
		"meta":         meta,
	}, errs
}

// jsonable turns what YAML decodes into values encoding/json accepts
// (mappings with keys that are not strings get their keys printed).
func jsonable(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = jsonable(x)
		}
		return out
	case map[any]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[fmt.Sprint(k)] = jsonable(x)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = jsonable(x)
		}
		return out
	}
	return v
}

// fileInfo is one file of a workspace in the file list.
type fileInfo struct {
	Path string `json:"path"`
	Size int    `json:"size"`
	Text bool   `json:"text"`
}

func fileList(files map[string][]byte) []fileInfo {
	out := []fileInfo{}
	for _, name := range sortedPaths(files) {
		out = append(out, fileInfo{Path: name, Size: len(files[name]), Text: isText(files[name])})
	}
	return out
}

// mimeOf names the media type of a binary file the page can show: the
// image formats browsers display, else application/octet-stream.
func mimeOf(data []byte) string {
	for _, t := range []struct{ magic, mime string }{
		{"\x89PNG\r\n\x1a\n", "image/png"},
		{"\xff\xd8\xff", "image/jpeg"},
		{"GIF87a", "image/gif"},
		{"GIF89a", "image/gif"},
		{"\x00\x00\x01\x00", "image/x-icon"},
		{"BM", "image/bmp"},
	} {
		if bytes.HasPrefix(data, []byte(t.magic)) {
			return t.mime
		}
	}
	if len(data) >= 12 && string(data[:4]) == "RIFF" && string(data[8:12]) == "WEBP" {
		return "image/webp"
	}
	return "application/octet-stream"
}

// isText reports whether data reads as text: UTF-8 without NUL bytes.
func isText(data []byte) bool {
	return utf8.Valid(data) && !bytes.ContainsRune(data, 0)
}

type handleParams struct {
	Handle string `json:"handle"`
	Path   string `json:"path"`
}

func workspaceOf(raw []byte) (*Workspace, *handleParams, []byte) {
	var p handleParams
	if err := json.Unmarshal(raw, &p); err != nil {
		return nil, nil, failure("request", "invalid parameters: "+err.Error())
	}
	w, ok := workspaces.lookup(p.Handle)
	if !ok {
		return nil, nil, failure("request", fmt.Sprintf("no open package %q", p.Handle))
	}
	return w, &p, nil
}

// packageFile answers {path, size, text} for a text file and {path,
// size, base64, mime} for another.
func packageFile(_ context.Context, raw []byte) []byte {
	w, p, fail := workspaceOf(raw)
	if fail != nil {
		return fail
	}
	data, ok := w.Files[p.Path]
	if !ok {
		return failure("request", fmt.Sprintf("the package has no file %q", p.Path))
	}
	resp := map[string]any{"ok": true, "path": p.Path, "size": len(data)}
	if isText(data) {
		resp["text"] = string(data)
	} else {
		resp["base64"] = base64.StdEncoding.EncodeToString(data)
		resp["mime"] = mimeOf(data)
	}
	return respond(resp)
}

// packageExport answers the package as a deterministic .zip (base64)
// named after its full name.
func packageExport(_ context.Context, raw []byte) []byte {
	w, _, fail := workspaceOf(raw)
	if fail != nil {
		return fail
	}
	var buf bytes.Buffer
	if err := engine.ExportPackage(&buf, w.Files); err != nil {
		return packageFailure("export", err)
	}
	name := "package.zip"
	if w.Package != nil {
		name = w.Package.Name() + ".zip"
	}
	return respond(map[string]any{"ok": true, "name": name, "size": buf.Len(), "zip": base64.StdEncoding.EncodeToString(buf.Bytes())})
}

func packageClose(_ context.Context, raw []byte) []byte {
	var p handleParams
	if err := json.Unmarshal(raw, &p); err != nil {
		return failure("request", "invalid parameters: "+err.Error())
	}
	if !workspaces.drop(p.Handle) {
		return failure("request", fmt.Sprintf("no open package %q", p.Handle))
	}
	return respond(map[string]any{"ok": true})
}
