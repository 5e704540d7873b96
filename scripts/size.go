// This file defines the size report of a WebAssembly module (the
// engine's, or the cloud's): its size raw and brotli-compressed against
// its budget, and the Go packages that take the most room in it.
//
// The report reads the module the site serves. Its function bodies (code
// section) are attributed to packages by the function names of the Go
// runtime's pclntab, which lives in the data section and lists the
// functions in the order of the code section; the pclntab's own bytes
// (names, pc-value tables, function records) are attributed to the same
// packages. The rest of the data (types, strings, static variables) is
// reported as one line.

package main

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"murano.dev/playground/scripts/wasmbuild"
)

// checkWasmBudget fails when a compressed module is over its budget.
func checkWasmBudget(m wasmbuild.Module, brotliSize int) error {
	if brotliSize > m.Budget {
		return fmt.Errorf("%s is %s bytes brotli-compressed, %s over the budget of %s bytes; `go run ./scripts size` lists the packages that take the room",
			m.File, thousands(brotliSize), thousands(brotliSize-m.Budget), thousands(m.Budget))
	}
	return nil
}

// cloudOperations are function names of the simulated cloud's work
// (Heat, Neutron, the agents), which only the cloud's module may hold.
var cloudOperations = []string{"murano.dev/playground/engine/cloud.(*Cloud).", "murano.dev/playground/engine/cloud/agent.(*Agent)."}

// coreLibraryMark is a line of the core library's manifest.
var coreLibraryMark = []byte("FullName: io.murano\n")

// checkEngineApart fails when the engine's module carries what belongs in
// other assets: the simulated cloud's work (the engine reaches the cloud
// through the remote protocol, and a direct use of it would put the
// cloud in both modules), or the core libraries (the page fetches them
// beside the engine, corelib.zip).
func checkEngineApart(engineWasm []byte) error {
	if bytes.Contains(engineWasm, coreLibraryMark) {
		return fmt.Errorf("engine.wasm embeds the core library: it belongs in corelib.zip, which the page gives the engine")
	}
	report, err := analyzeWasm(engineWasm)
	if err != nil {
		return err
	}
	for _, f := range report.funcs {
		for _, prefix := range cloudOperations {
			if strings.HasPrefix(f.name, prefix) {
				return fmt.Errorf("engine.wasm links %s: the simulated cloud belongs in cloud.wasm, which the engine reaches through engine.RemoteCloud", f.name)
			}
		}
	}
	return nil
}

// sizeCommand builds a module as the site build does, or reads the
// module file when one is named, and prints the report.
func sizeCommand(ctx context.Context, out io.Writer, m wasmbuild.Module, top, funcs int, file string) error {
	var wasm []byte
	var err error
	if file != "" {
		wasm, err = os.ReadFile(file)
	} else {
		var tmp string
		if tmp, err = os.MkdirTemp("", "engine-size-"); err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		wasm, err = buildWasm(ctx, out, m, filepath.Join(tmp, m.File))
	}
	if err != nil {
		return err
	}
	compressed, err := compress(wasm, "br")
	if err != nil {
		return err
	}
	report, err := analyzeWasm(wasm)
	if err != nil {
		return err
	}
	spare := m.Budget - len(compressed)
	fmt.Fprintf(out, "%s: %s bytes, brotli %s bytes (budget %s: %s %s)\n", m.File,
		thousands(len(wasm)), thousands(len(compressed)), thousands(m.Budget), thousands(abs(spare)), map[bool]string{true: "to spare", false: "over"}[spare >= 0])
	report.print(out, top)
	report.printFuncs(out, funcs)
	return checkWasmBudget(m, len(compressed))
}

// wasmReport is what analyzeWasm finds in a module built by the Go toolchain.
type wasmReport struct {
	size     int
	sections []wasmSection
	// code is the size of the function bodies, data the size of the data
	// segments' contents; pclntab is the part of data that is the runtime's
	// function table.
	code, data, pclntab int
	packages            []packageSize
	// funcs are the named functions, largest first.
	funcs []funcSize
}

type funcSize struct {
	name          string
	code, pclntab int
}

type wasmSection struct {
	name string
	size int
}

type packageSize struct {
	path          string
	funcs         int
	code, pclntab int
}

// funcValueOffset is the Go linker's number for the first function of the
// code section: a function's entry in the pclntab is its index plus this.
const funcValueOffset = 0x1000

var errNotGoWasm = errors.New("not a WebAssembly module built by Go")

// analyzeWasm attributes the code and the pclntab of a Go WebAssembly
// module to the Go packages of its functions.
func analyzeWasm(module []byte) (*wasmReport, error) {
	if len(module) < 8 || string(module[:4]) != "\x00asm" || binary.LittleEndian.Uint32(module[4:8]) != 1 {
		return nil, errNotGoWasm
	}
	r := &wasmReport{size: len(module)}
	var bodies []int
	var memory []byte
	in := &wasmReader{data: module, pos: 8}
	for in.pos < len(in.data) {
		id := in.byte()
		size := in.uleb()
		start := in.pos
		if in.err != nil || size > uint64(len(in.data)-start) {
			return nil, fmt.Errorf("section at byte %d: %w", start, errTruncated)
		}
		section := &wasmReader{data: in.data[:start+int(size)], pos: start}
		name := sectionNames[id]
		switch id {
		case 0:
			name = "custom " + section.name()
		case 10:
			bodies = section.codeBodies()
		case 11:
			memory = section.dataSegments(&r.data)
		}
		if section.err != nil {
			return nil, fmt.Errorf("%s section: %w", name, section.err)
		}
		r.sections = append(r.sections, wasmSection{name, int(size)})
		in.pos = start + int(size)
	}
	for _, b := range bodies {
		r.code += b
	}
	funcs, err := readPclntab(memory)
	if err != nil {
		return nil, err
	}
	byPath := map[string]*packageSize{}
	for _, f := range funcs {
		index := int(f.entry) - funcValueOffset
		if index < 0 || index >= len(bodies) {
			return nil, fmt.Errorf("pclntab: %s has no function body (entry %#x)", f.name, f.entry)
		}
		path := funcPackage(f.name)
		p := byPath[path]
		if p == nil {
			p = &packageSize{path: path}
			byPath[path] = p
		}
		p.funcs++
		r.funcs = append(r.funcs, funcSize{f.name, bodies[index], f.tableBytes})
		p.code += bodies[index]
		p.pclntab += f.tableBytes
		r.pclntab += f.tableBytes
		bodies[index] = 0
	}
	if rest := sum(bodies); rest > 0 {
		byPath["(functions the pclntab does not name)"] = &packageSize{path: "(functions the pclntab does not name)", code: rest}
	}
	for _, p := range byPath {
		r.packages = append(r.packages, *p)
	}
	slices.SortFunc(r.packages, func(a, b packageSize) int {
		if d := (b.code + b.pclntab) - (a.code + a.pclntab); d != 0 {
			return d
		}
		return strings.Compare(a.path, b.path)
	})
	slices.SortFunc(r.funcs, func(a, b funcSize) int {
		if d := (b.code + b.pclntab) - (a.code + a.pclntab); d != 0 {
			return d
		}
		return strings.Compare(a.name, b.name)
	})
	return r, nil
}

var sectionNames = map[byte]string{1: "type", 2: "import", 3: "function", 4: "table", 5: "memory", 6: "global", 7: "export", 8: "start", 9: "element", 10: "code", 11: "data", 12: "data count"}

func (r *wasmReport) print(out io.Writer, top int) {
	var parts []string
	for _, s := range r.sections {
		if s.size >= 1000 {
			parts = append(parts, s.name+" "+thousands(s.size))
		}
	}
	fmt.Fprintf(out, "sections of 1,000 bytes or more: %s\n", strings.Join(parts, ", "))
	fmt.Fprintf(out, "code (function bodies) %s; data %s, of which the pclntab %s and types, strings and variables %s\n\n",
		thousands(r.code), thousands(r.data), thousands(r.pclntab), thousands(r.data-r.pclntab))
	fmt.Fprintf(out, "%-52s %6s %10s %10s %10s\n", "package", "funcs", "code", "pclntab", "share")
	shown, total := r.packages, r.code+r.pclntab
	if top > 0 && len(shown) > top {
		shown = shown[:top]
	}
	for _, p := range shown {
		fmt.Fprintf(out, "%-52s %6d %10s %10s %9.1f%%\n", p.path, p.funcs, thousands(p.code), thousands(p.pclntab), 100*float64(p.code+p.pclntab)/float64(total))
	}
	if rest := r.packages[len(shown):]; len(rest) > 0 {
		var code, tab, funcs int
		for _, p := range rest {
			code, tab, funcs = code+p.code, tab+p.pclntab, funcs+p.funcs
		}
		fmt.Fprintf(out, "%-52s %6d %10s %10s %9.1f%%\n", fmt.Sprintf("(%d more packages)", len(rest)), funcs, thousands(code), thousands(tab), 100*float64(code+tab)/float64(total))
	}
}

// printFuncs lists the n largest functions.
func (r *wasmReport) printFuncs(out io.Writer, n int) {
	if n <= 0 {
		return
	}
	fmt.Fprintf(out, "\n%-80s %10s %10s\n", "function", "code", "pclntab")
	for _, f := range r.funcs[:min(n, len(r.funcs))] {
		fmt.Fprintf(out, "%-80s %10s %10s\n", f.name, thousands(f.code), thousands(f.pclntab))
	}
}

// funcPackage returns the import path of the package a function symbol
// belongs to: "murano.dev/playground/engine/yaql/std.fnWhere.func1" →
// "murano.dev/playground/engine/yaql/std". Type arguments are ignored, so
// an instance of a generic function counts for the package that declares
// it.
func funcPackage(name string) string {
	if strings.HasPrefix(name, "type:") {
		return "(equality and hash functions of types)"
	}
	name, _, _ = strings.Cut(name, "[")
	slash := strings.LastIndexByte(name, '/') + 1
	dot := strings.IndexByte(name[slash:], '.')
	if dot < 0 {
		return "(" + name + ")"
	}
	return name[:slash+dot]
}

// pclntabFunc is a function of the pclntab: its name, its entry and the
// bytes of the pclntab that only it uses.
type pclntabFunc struct {
	name       string
	entry      uint32
	tableBytes int
}

// readPclntab finds the runtime's pclntab (Go 1.20 and later) in the
// module's memory image and lists its functions.
func readPclntab(memory []byte) ([]pclntabFunc, error) {
	// The header starts with the magic number, two zero bytes, the
	// instruction size quantum (1) and the pointer size (8).
	base := bytes.Index(memory, []byte("\xf1\xff\xff\xff\x00\x00\x01\x08"))
	if base < 0 || base+72 > len(memory) {
		return nil, fmt.Errorf("pclntab: %w", errNotGoWasm)
	}
	word := func(i int) int { return int(binary.LittleEndian.Uint64(memory[base+8+8*i:])) }
	nfunc, funcnames, pctab, functab := word(0), base+word(3), base+word(6), base+word(7)
	if nfunc <= 0 || functab+8*(nfunc+1) > len(memory) || funcnames > len(memory) || pctab > len(memory) {
		return nil, fmt.Errorf("pclntab: header out of range")
	}
	u32 := func(at int) (uint32, error) {
		if at < 0 || at+4 > len(memory) {
			return 0, fmt.Errorf("pclntab: offset %d out of range", at)
		}
		return binary.LittleEndian.Uint32(memory[at:]), nil
	}
	seenTables := map[uint32]bool{}
	funcs := make([]pclntabFunc, 0, nfunc)
	for i := range nfunc {
		entry, _ := u32(functab + 8*i)
		off, _ := u32(functab + 8*i + 4)
		record := functab + int(off)
		// A _func record: entryOff, nameOff, args, deferreturn, pcsp,
		// pcfile, pcln, npcdata, cuOffset, startLine (4 bytes each), funcID,
		// flag, a pad byte, nfuncdata; then npcdata and nfuncdata offsets.
		if record+44 > len(memory) {
			return nil, fmt.Errorf("pclntab: function %d out of range", i)
		}
		nameOff, _ := u32(record + 4)
		npcdata, _ := u32(record + 28)
		nfuncdata := int(memory[record+43])
		name, err := cString(memory, funcnames+int(nameOff))
		if err != nil {
			return nil, err
		}
		f := pclntabFunc{name: name, entry: entry, tableBytes: 8 + 44 + 4*(int(npcdata)+nfuncdata) + len(name) + 1}
		tables := []int{record + 16, record + 20, record + 24}
		for k := range int(npcdata) {
			tables = append(tables, record+44+4*k)
		}
		for _, at := range tables {
			off, err := u32(at)
			if err != nil {
				return nil, err
			}
			if off == 0 || seenTables[off] {
				continue
			}
			seenTables[off] = true
			f.tableBytes += pcvalueLength(memory, pctab+int(off))
		}
		funcs = append(funcs, f)
	}
	return funcs, nil
}

// pcvalueLength returns the length of the pc-value table at start: pairs of
// varints (value delta, pc delta) ended by a zero value delta after the
// first pair.
func pcvalueLength(memory []byte, start int) int {
	at := start
	for first := true; at < len(memory); first = false {
		if memory[at] == 0 && !first {
			return at + 1 - start
		}
		for range 2 {
			for at < len(memory) && memory[at]&0x80 != 0 {
				at++
			}
			at++
		}
	}
	return len(memory) - start
}

func cString(memory []byte, at int) (string, error) {
	if at < 0 || at >= len(memory) {
		return "", fmt.Errorf("pclntab: name at %d out of range", at)
	}
	end := bytes.IndexByte(memory[at:], 0)
	if end < 0 {
		return "", fmt.Errorf("pclntab: unterminated name at %d", at)
	}
	return string(memory[at : at+end]), nil
}

var errTruncated = errors.New("truncated")

// wasmReader reads the binary format of WebAssembly; the first error
// sticks and later reads return zero values.
type wasmReader struct {
	data []byte
	pos  int
	err  error
}

func (r *wasmReader) fail() {
	if r.err == nil {
		r.err = errTruncated
	}
	r.pos = len(r.data)
}

func (r *wasmReader) byte() byte {
	if r.pos >= len(r.data) {
		r.fail()
		return 0
	}
	r.pos++
	return r.data[r.pos-1]
}

func (r *wasmReader) uleb() uint64 {
	var v uint64
	for shift := 0; shift < 64; shift += 7 {
		b := r.byte()
		v |= uint64(b&0x7f) << shift
		if b < 0x80 {
			return v
		}
	}
	r.fail()
	return 0
}

func (r *wasmReader) sleb() int64 {
	var v int64
	for shift := 0; shift < 64; shift += 7 {
		b := r.byte()
		v |= int64(b&0x7f) << shift
		if b < 0x80 {
			if shift < 57 && b&0x40 != 0 {
				v |= -1 << (shift + 7)
			}
			return v
		}
	}
	r.fail()
	return 0
}

func (r *wasmReader) bytes(n uint64) []byte {
	if n > uint64(len(r.data)-r.pos) {
		r.fail()
		return nil
	}
	r.pos += int(n)
	return r.data[r.pos-int(n) : r.pos]
}

func (r *wasmReader) name() string { return string(r.bytes(r.uleb())) }

// codeBodies returns the size of each function body, with its size prefix.
func (r *wasmReader) codeBodies() []int {
	count := r.uleb()
	var sizes []int
	for i := uint64(0); i < count && r.err == nil; i++ {
		start := r.pos
		r.bytes(r.uleb())
		sizes = append(sizes, r.pos-start)
	}
	return sizes
}

// dataSegments lays the active data segments out in a memory image and adds
// the size of their contents to total.
func (r *wasmReader) dataSegments(total *int) []byte {
	count := r.uleb()
	var memory []byte
	for i := uint64(0); i < count && r.err == nil; i++ {
		// Go writes active segments of memory 0 at an i32.const offset.
		if r.uleb() != 0 || r.byte() != 0x41 {
			r.err = errors.New("a data segment that is not active at a constant offset")
			return nil
		}
		offset := r.sleb()
		if r.byte() != 0x0b || offset < 0 || offset > 1<<30 {
			r.err = errors.New("a data segment at an unexpected offset")
			return nil
		}
		contents := r.bytes(r.uleb())
		end := int(offset) + len(contents)
		if end > len(memory) {
			memory = slices.Grow(memory, end-len(memory))[:end]
		}
		copy(memory[offset:], contents)
		*total += len(contents)
	}
	return memory
}

func sum(xs []int) int {
	total := 0
	for _, x := range xs {
		total += x
	}
	return total
}

func abs(x int) int { return max(x, -x) }

// thousands writes n with commas between groups of three digits.
func thousands(n int) string {
	s := fmt.Sprint(abs(n))
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if n < 0 {
		return "-" + s
	}
	return s
}
