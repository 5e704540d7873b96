// This file generates the reference of the command line from its
// sources (cmd/muranopl): the commands of its usage text, and for each
// its usage text (the <command>Usage constant) and every flag its flag
// set defines, with the flag's type, default and help text. {{cli NAME}}
// in a page renders a command's; the build fails when a command has no
// such section.

package main

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

type cliReference struct {
	usage      string // the command's own usage text
	commands   []cliCommand
	documented map[string]bool
}

type cliCommand struct {
	name, summary string
	usage         string
	flags         []cliFlag
}

type cliFlag struct {
	name, kind, def, help string
}

var commandLineRE = regexp.MustCompile(`^  ([a-z]+)\s{2,}(.*)$`)

func readCLI(dir string) (*cliReference, error) {
	fset := token.NewFileSet()
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	consts := map[string]string{}
	lists := map[string][]string{}
	var files []*ast.File
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, 0)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, spec := range g.Specs {
				vs, ok := spec.(*ast.ValueSpec)
				if !ok || len(vs.Values) != len(vs.Names) {
					continue
				}
				for i, n := range vs.Names {
					if s, ok := stringValue(vs.Values[i], consts, lists); ok {
						consts[n.Name] = s
					} else if cl, ok := vs.Values[i].(*ast.CompositeLit); ok {
						var items []string
						for _, e := range cl.Elts {
							if s, ok := stringValue(e, consts, lists); ok {
								items = append(items, s)
							}
						}
						lists[n.Name] = items
					}
				}
			}
		}
	}
	ref := &cliReference{usage: consts["usage"], documented: map[string]bool{}}
	if ref.usage == "" {
		return nil, errors.New("no usage constant in " + dir)
	}
	flagsOf := map[string][]cliFlag{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			fn, ok := n.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				return true
			}
			sets := map[string]string{} // flag set variable → command
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 {
					if call, ok := as.Rhs[0].(*ast.CallExpr); ok && isSel(call.Fun, "flag", "NewFlagSet") && len(call.Args) > 0 {
						if name, ok := stringValue(call.Args[0], consts, lists); ok {
							if id, ok := as.Lhs[0].(*ast.Ident); ok {
								sets[id.Name] = name
							}
						}
					}
				}
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				x, ok := sel.X.(*ast.Ident)
				if !ok || sets[x.Name] == "" {
					return true
				}
				if fl, ok := flagOf(sel.Sel.Name, call.Args, consts, lists); ok {
					flagsOf[sets[x.Name]] = append(flagsOf[sets[x.Name]], fl)
				}
				return true
			})
			return true
		})
	}
	inCommands := false
	for _, line := range strings.Split(ref.usage, "\n") {
		if strings.HasPrefix(line, "commands:") {
			inCommands = true
			continue
		}
		m := commandLineRE.FindStringSubmatch(line)
		if !inCommands || m == nil {
			continue
		}
		c := cliCommand{name: m[1], summary: strings.TrimSpace(m[2]), usage: consts[m[1]+"Usage"], flags: flagsOf[m[1]]}
		ref.commands = append(ref.commands, c)
	}
	if len(ref.commands) == 0 {
		return nil, errors.New("no commands in the usage text")
	}
	return ref, nil
}

func isSel(e ast.Expr, pkg, name string) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	x, ok := sel.X.(*ast.Ident)
	return ok && x.Name == pkg && sel.Sel.Name == name
}

// flagOf reads a flag definition: fs.String(name, def, help),
// fs.StringVar(&v, name, def, help), fs.Var(&v, name, help) …
func flagOf(method string, args []ast.Expr, consts map[string]string, lists map[string][]string) (cliFlag, bool) {
	kinds := map[string]string{"String": "string", "Int": "int", "Int64": "int", "Bool": "bool", "Float64": "number", "Duration": "duration", "Uint": "int"}
	var fl cliFlag
	var nameArg, defArg, helpArg ast.Expr
	switch {
	case method == "Var" && len(args) == 3:
		fl.kind = "list"
		nameArg, helpArg = args[1], args[2]
	case strings.HasSuffix(method, "Var") && kinds[strings.TrimSuffix(method, "Var")] != "" && len(args) == 4:
		fl.kind = kinds[strings.TrimSuffix(method, "Var")]
		nameArg, defArg, helpArg = args[1], args[2], args[3]
	case kinds[method] != "" && len(args) == 3:
		fl.kind = kinds[method]
		nameArg, defArg, helpArg = args[0], args[1], args[2]
	default:
		return fl, false
	}
	var ok bool
	if fl.name, ok = stringValue(nameArg, consts, lists); !ok {
		return fl, false
	}
	fl.help, _ = stringValue(helpArg, consts, lists)
	if defArg != nil {
		switch d := defArg.(type) {
		case *ast.BasicLit:
			fl.def = d.Value
			if d.Kind == token.STRING {
				s, _ := strconv.Unquote(d.Value)
				fl.def = strconv.Quote(s)
				if s == "" {
					fl.def = ""
				}
			}
		case *ast.Ident:
			if d.Name != "false" && d.Name != "nil" {
				fl.def = d.Name
			}
		case *ast.UnaryExpr:
			if lit, ok := d.X.(*ast.BasicLit); ok {
				fl.def = d.Op.String() + lit.Value
			}
		}
	}
	if fl.def == "0" && fl.kind == "int" {
		fl.def = ""
	}
	return fl, true
}

// stringValue evaluates a string expression of the sources: literals,
// constants, concatenations and strings.Join of a list.
func stringValue(e ast.Expr, consts map[string]string, lists map[string][]string) (string, bool) {
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(x.Value)
		return s, err == nil
	case *ast.Ident:
		s, ok := consts[x.Name]
		return s, ok
	case *ast.BinaryExpr:
		if x.Op != token.ADD {
			return "", false
		}
		a, ok1 := stringValue(x.X, consts, lists)
		b, ok2 := stringValue(x.Y, consts, lists)
		return a + b, ok1 && ok2
	case *ast.CallExpr:
		if isSel(x.Fun, "strings", "Join") && len(x.Args) == 2 {
			id, ok := x.Args[0].(*ast.Ident)
			sep, ok2 := stringValue(x.Args[1], consts, lists)
			if ok && ok2 && lists[id.Name] != nil {
				return strings.Join(lists[id.Name], sep), true
			}
		}
	}
	return "", false
}

// unquoteUsage takes a flag's argument name out of its help text as the
// flag package does (a `NAME` in back quotes).
func unquoteUsage(help string) (name, text string) {
	if i := strings.IndexByte(help, '`'); i >= 0 {
		if j := strings.IndexByte(help[i+1:], '`'); j >= 0 {
			name = help[i+1 : i+1+j]
			return name, help[:i] + name + help[i+1+j+1:]
		}
	}
	return "", help
}

func (c *cliReference) command(name string) *cliCommand {
	for i := range c.commands {
		if c.commands[i].name == name {
			return &c.commands[i]
		}
	}
	return nil
}

// render renders a command's usage text and flags.
func (c *cliReference) render(name string) (string, error) {
	cmd := c.command(name)
	if cmd == nil {
		return "", fmt.Errorf("muranopl has no command %q", name)
	}
	c.documented[name] = true
	var b strings.Builder
	if cmd.usage != "" {
		usage := strings.TrimSuffix(strings.TrimRight(cmd.usage, "\n"), "flags:")
		fmt.Fprintf(&b, "<pre class=\"code usage\"><code>%s</code></pre>\n", html.EscapeString(strings.TrimRight(usage, "\n")))
	} else {
		fmt.Fprintf(&b, "<pre class=\"code usage\"><code>muranopl %s</code></pre>\n", html.EscapeString(name))
	}
	if len(cmd.flags) == 0 {
		b.WriteString("<p class=\"muted\">No flags.</p>\n")
		return b.String(), nil
	}
	b.WriteString("<div class=\"table flags\"><table>\n<thead><tr><th>Flag</th><th>Default</th><th>What it does</th></tr></thead>\n<tbody>\n")
	flags := slices.Clone(cmd.flags)
	slices.SortStableFunc(flags, func(a, b cliFlag) int { return strings.Compare(a.name, b.name) })
	for _, f := range flags {
		arg, help := unquoteUsage(f.help)
		switch {
		case arg != "":
		case f.kind == "bool":
		case f.kind == "list":
			arg = "VALUE"
		default:
			arg = strings.ToUpper(f.kind)
		}
		dash := "--"
		if len(f.name) == 1 {
			dash = "-"
		}
		flag := dash + f.name
		if f.kind != "bool" {
			flag += " " + arg
		}
		fmt.Fprintf(&b, "<tr id=\"%s-%s\"><td><code>%s</code></td><td>%s</td><td>%s</td></tr>\n", name, f.name,
			html.EscapeString(flag), defaultCell(f), html.EscapeString(help))
	}
	b.WriteString("</tbody></table></div>\n")
	return b.String(), nil
}

func defaultCell(f cliFlag) string {
	if f.def == "" {
		return ""
	}
	return "<code>" + html.EscapeString(f.def) + "</code>"
}

// commandList renders the commands with their summaries, linked to their
// sections.
func (c *cliReference) commandList() string {
	var b strings.Builder
	b.WriteString("<div class=\"table\"><table>\n<thead><tr><th>Command</th><th>What it does</th></tr></thead>\n<tbody>\n")
	for _, cmd := range c.commands {
		summary := cmd.summary
		if i := strings.Index(summary, " (muranopl"); i >= 0 {
			summary = summary[:i]
		}
		fmt.Fprintf(&b, "<tr><td><a href=\"#muranopl-%s\"><code>muranopl %s</code></a></td><td>%s</td></tr>\n",
			cmd.name, cmd.name, html.EscapeString(summary))
	}
	b.WriteString("</tbody></table></div>\n")
	return b.String()
}

// checkDocumented fails when a command has no {{cli}} section.
func (c *cliReference) checkDocumented() error {
	var missing []string
	for _, cmd := range c.commands {
		if !c.documented[cmd.name] {
			missing = append(missing, cmd.name)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("muranopl commands without a {{cli}} section: %s", strings.Join(missing, " "))
	}
	return nil
}
