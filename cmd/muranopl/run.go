// This file defines the run command.

package main

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"strings"

	"murano.dev/playground/engine"
)

const runUsage = `usage: muranopl run (--classes DIR | --package-dir DIR) [flags] --method NAME

Loads MuranoPL classes, optionally an object model, calls one method on an
object or a class and prints one JSON line, in the shape of the reference
oracle (oracle.py dsl):
  {"ok": true, "result": json, "traces": [...], "log": [{"level", "logger", "message"}]}
  {"ok": false, "error": {"type": "<exception name>", "message": "..."}, "traces": [...], "log": [...]}
(--dump-model adds "model"). Methods named test* may always be called,
others only when Scope: Public (or with --expose-all). Without --method the
model is only loaded. Exit status: 0 ok, 1 MuranoPL error, 2 bad usage.

flags:
`

// runtimes are the MuranoPL formats --runtime accepts.
var runtimes = []string{"1.0", "1.1", "1.2", "1.3", "1.4"}

type runFlags struct {
	classes, packageDir, packageName, coreLibrary string
	runtime                                       string
	model, objectID, class, props                 string
	static                                        bool
	method, args, kwargs                          string
	exposeAll, dumpModel, finalize, system        bool
	indent                                        int
}

func parseRunFlags(args []string, stderr io.Writer) (*runFlags, error) {
	f := &runFlags{}
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&f.classes, "classes", "", "folder `DIR` of class files without a manifest (every .yaml file), loaded as one package")
	fs.StringVar(&f.packageDir, "package-dir", "", "folder `DIR` of packages, each a folder with manifest.yaml")
	fs.StringVar(&f.packageName, "package-name", "", "package `NAME` of the --classes folder (default tests)")
	fs.StringVar(&f.coreLibrary, "core-library", "", "the io.murano core library: its folder or io.murano.zip (default: located automatically)")
	fs.StringVar(&f.runtime, "runtime", "", "MuranoPL format `VERSION` of the --classes folder and the core library: "+strings.Join(runtimes, ", ")+" (default 1.0)")
	fs.StringVar(&f.model, "model", "", "object model: a `FILE`, @FILE or JSON text")
	fs.StringVar(&f.objectID, "object-id", "", "call the method on the model's object with this `ID` (default: the root object)")
	fs.StringVar(&f.class, "class", "", "`FQN` of the class to instantiate (without --model) or whose static method --static calls")
	fs.BoolVar(&f.static, "static", false, "call a static method of --class")
	fs.StringVar(&f.props, "props", "", "property values for the new --class object: a JSON object or @FILE")
	fs.StringVar(&f.method, "method", "", "`NAME` of the method to call")
	fs.StringVar(&f.args, "args", "", "positional arguments: a JSON array or @FILE")
	fs.StringVar(&f.kwargs, "kwargs", "", "named arguments: a JSON object or @FILE")
	fs.BoolVar(&f.exposeAll, "expose-all", false, "allow calling methods that are not Scope: Public")
	fs.BoolVar(&f.dumpModel, "dump-model", false, "add the serialised object model to the output")
	fs.BoolVar(&f.finalize, "finalize", false, "run the finalisation (.destroy of unreachable objects) after the call")
	fs.BoolVar(&f.system, "system", false, "give the run the system classes (io.murano.system …) and io.murano.applications of a test run, without a cloud, as the playground's Run tab does")
	fs.IntVar(&f.indent, "indent", -1, "indent the JSON output by `N` spaces (default: one line)")
	fs.Usage = func() {
		fmt.Fprint(stderr, runUsage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "muranopl run: unexpected argument %q (use -h for help)\n", fs.Arg(0))
		return nil, errors.New("unexpected argument")
	}
	return f, nil
}

// check rejects flag combinations the request cannot express.
func (f *runFlags) check() error {
	switch {
	case (f.classes == "") == (f.packageDir == ""):
		return errors.New("give exactly one of --classes and --package-dir")
	case f.packageName != "" && f.classes == "":
		return errors.New("--package-name names the --classes package")
	case f.runtime != "" && !contains(runtimes, f.runtime):
		return fmt.Errorf("unknown --runtime %q (want one of %s)", f.runtime, strings.Join(runtimes, ", "))
	case f.method == "" && f.model == "":
		return errors.New("give --method (or --model alone to only load it)")
	case f.model == "" && f.class == "":
		return errors.New("give --class or --model")
	case f.static && f.class == "":
		return errors.New("--static needs --class")
	case f.objectID != "" && f.model == "":
		return errors.New("--object-id picks an object of --model")
	case f.props != "" && (f.model != "" || f.static):
		return errors.New("--props sets the properties of a new --class object (not with --model or --static)")
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// request builds the engine request; closeCore releases an opened core
// library archive.
func (f *runFlags) request() (req engine.RunRequest, closeCore func() error, err error) {
	closeCore = func() error { return nil }
	req = engine.RunRequest{
		PackageName: f.packageName, Runtime: f.runtime, ObjectID: f.objectID, Class: f.class, Static: f.static,
		Method: f.method, ExposeAll: f.exposeAll, DumpModel: f.dumpModel, Finalize: f.finalize, System: f.system,
	}
	if f.classes != "" {
		req.Classes, err = folder("--classes", f.classes)
	} else {
		req.Packages, err = folder("--package-dir", f.packageDir)
	}
	if err != nil {
		return req, closeCore, err
	}
	if f.model != "" {
		text := f.model
		if t := strings.TrimSpace(text); !strings.HasPrefix(t, "{") && !strings.HasPrefix(t, "@") {
			text = "@" + text
		}
		model, err := objectFlag("--model", text)
		if err != nil {
			return req, closeCore, err
		}
		req.Model = model
	}
	if f.props != "" {
		if req.Props, err = objectFlag("--props", f.props); err != nil {
			return req, closeCore, err
		}
	}
	if f.kwargs != "" {
		if req.Kwargs, err = objectFlag("--kwargs", f.kwargs); err != nil {
			return req, closeCore, err
		}
	}
	if f.args != "" {
		v, err := jsonFlag("--args", f.args)
		if err != nil {
			return req, closeCore, err
		}
		l, ok := v.(*engine.List)
		if !ok {
			return req, closeCore, errors.New("--args: want a JSON array")
		}
		req.Args = l.Items
	}
	if f.coreLibrary != "" {
		core, closer, err := coreLibrary(f.coreLibrary)
		if err != nil {
			return req, closeCore, err
		}
		req.CoreLibrary, closeCore = core, closer
	}
	return req, closeCore, nil
}

func folder(name, dir string) (fs.FS, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("%s: %s is not a folder", name, dir)
	}
	return engine.DirFS(dir)
}

// readCoreLibrary reads the files of --core-library: a package folder or
// .zip (io.murano.zip).
func readCoreLibrary(path string) (fs.FS, error) {
	pp, err := engine.ReadPackagePath(path)
	if err == nil {
		var files fs.FS
		if files, err = pp.Files(); err == nil {
			return files, nil
		}
	}
	return nil, fmt.Errorf("--core-library: %w", err)
}

// coreLibrary opens the core library's folder or its io.murano.zip.
func coreLibrary(path string) (fs.FS, func() error, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, nil, fmt.Errorf("--core-library: %w", err)
	}
	if st.IsDir() {
		return os.DirFS(path), func() error { return nil }, nil
	}
	z, err := zip.OpenReader(path)
	if err != nil {
		return nil, nil, fmt.Errorf("--core-library: %s: %w", path, err)
	}
	return z, z.Close, nil
}

// jsonFlag decodes a flag's JSON text, or with @FILE the file's.
func jsonFlag(name, text string) (engine.Value, error) {
	data := []byte(text)
	if file, ok := strings.CutPrefix(text, "@"); ok {
		var err error
		if data, err = os.ReadFile(file); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	v, err := engine.DecodeJSON(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return v, nil
}

func objectFlag(name, text string) (*engine.Dict, error) {
	v, err := jsonFlag(name, text)
	if err != nil {
		return nil, err
	}
	d, ok := v.(*engine.Dict)
	if !ok {
		return nil, fmt.Errorf("%s: want a JSON object", name)
	}
	return d, nil
}

func runRun(args []string, stdout, stderr io.Writer) int {
	f, err := parseRunFlags(args, stderr)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if err := f.check(); err != nil {
		fmt.Fprintln(stderr, "muranopl run:", err)
		return 2
	}
	req, closeCore, err := f.request()
	defer closeCore()
	if err != nil {
		fmt.Fprintln(stderr, "muranopl run:", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := engine.RunMuranoPL(ctx, req)
	if err != nil {
		fmt.Fprintln(stderr, "muranopl run:", err)
		return 2
	}
	out, err := res.MarshalJSON()
	if err != nil {
		fmt.Fprintln(stderr, "muranopl run:", err)
		return 1
	}
	if f.indent >= 0 {
		var b bytes.Buffer
		if err := json.Indent(&b, out, "", strings.Repeat(" ", f.indent)); err != nil {
			fmt.Fprintln(stderr, "muranopl run:", err)
			return 1
		}
		out = b.Bytes()
	}
	fmt.Fprintf(stdout, "%s\n", out)
	if !res.OK {
		for _, where := range res.Error.Where {
			fmt.Fprintln(stderr, where)
		}
		if tb := res.Error.Traceback(); tb != "" {
			fmt.Fprint(stderr, tb)
		}
		return 1
	}
	return 0
}
