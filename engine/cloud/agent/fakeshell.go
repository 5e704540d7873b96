// This file defines the fake shell: a script strategy that runs the small
// part of sh that teaches what a script does, on the plan's files.

package agent

import (
	"fmt"
	"strconv"
	"strings"
)

// FakeShell runs Application scripts as a tiny sh: echo, exit N, cat of
// the plan's files, hostname, test and [, true, false, :, sleep (which
// does not wait), variables (X=v, $X, ${X}), the script's arguments ($1
// to $9, $#, $@) and $?, quotes, ;, && and ||, and if/elif/else/fi.
// Other commands succeed with no output; Log, when set, hears of them.
// Chef and Puppet scripts succeed with no output.
type FakeShell struct {
	// Hostname is what hostname prints ("localhost" when empty).
	Hostname string
	Log      func(call ScriptCall, command string)
}

// maxShellSteps bounds the commands one script runs.
const maxShellSteps = 10000

// Run implements Scripts.
func (sh FakeShell) Run(call ScriptCall) (ScriptOutput, error) {
	if call.Type != "" && call.Type != "Application" {
		return ScriptOutput{}, nil
	}
	text, ok := call.Files[call.EntryFile]
	if !ok {
		text = call.Body
	}
	words, err := shellWords(call.CommandLine)
	if err != nil {
		return ScriptOutput{ExitCode: 2, Stderr: "sh: " + err.Error()}, nil
	}
	run := &shellRun{shell: sh, call: call, args: words, vars: map[string]string{}}
	toks, err := shellTokens(text)
	if err != nil {
		return ScriptOutput{ExitCode: 2, Stderr: "sh: " + err.Error()}, nil
	}
	p := &shellParser{toks: toks}
	list, err := p.list()
	if err == nil && p.pos < len(p.toks) {
		err = fmt.Errorf("syntax error near unexpected token `%s'", p.toks[p.pos].text)
	}
	if err != nil {
		return ScriptOutput{ExitCode: 2, Stderr: "sh: " + err.Error()}, nil
	}
	run.exec(list)
	return ScriptOutput{ExitCode: run.status, Stdout: run.stdout.String(), Stderr: run.stderr.String()}, nil
}

// shellTok is an operator or a word as written, whose parts keep their
// quoting.
type shellTok struct {
	text  string // the word as written, or an operator
	op    bool
	parts []wordPart
}

type wordPart struct {
	text   string
	quote  byte // 0, '\'' or '"'
	expand bool // $-expansions apply
}

// shellTokens splits a script into words and the operators ; && || and
// newlines (as ";").
func shellTokens(text string) ([]shellTok, error) {
	var toks []shellTok
	i := 0
	for i < len(text) {
		c := text[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == '#':
			for i < len(text) && text[i] != '\n' {
				i++
			}
		case c == '\\' && i+1 < len(text) && text[i+1] == '\n':
			i += 2
		case c == '\n' || c == ';':
			toks = append(toks, shellTok{text: ";", op: true})
			i++
		case strings.HasPrefix(text[i:], "&&") || strings.HasPrefix(text[i:], "||"):
			toks = append(toks, shellTok{text: text[i : i+2], op: true})
			i += 2
		default:
			tok, n, err := shellWord(text[i:])
			if err != nil {
				return nil, err
			}
			toks = append(toks, tok)
			i += n
		}
	}
	return toks, nil
}

func shellWord(s string) (shellTok, int, error) {
	var tok shellTok
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ';' || strings.HasPrefix(s[i:], "&&") || strings.HasPrefix(s[i:], "||"):
			tok.text = s[:i]
			return tok, i, nil
		case c == '\'':
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				return tok, 0, fmt.Errorf("unterminated quoted string")
			}
			tok.parts = append(tok.parts, wordPart{text: s[i+1 : i+1+end], quote: '\''})
			i += end + 2
		case c == '"':
			var b strings.Builder
			j := i + 1
			for ; j < len(s) && s[j] != '"'; j++ {
				if s[j] == '\\' && j+1 < len(s) && strings.IndexByte("$`\"\\\n", s[j+1]) >= 0 {
					j++
				}
				b.WriteByte(s[j])
			}
			if j >= len(s) {
				return tok, 0, fmt.Errorf("unterminated quoted string")
			}
			tok.parts = append(tok.parts, wordPart{text: b.String(), quote: '"', expand: true})
			i = j + 1
		case c == '\\' && i+1 < len(s):
			tok.parts = append(tok.parts, wordPart{text: s[i+1 : i+2], quote: '\''})
			i += 2
		default:
			j := i
			for j < len(s) && strings.IndexByte(" \t\n\r;'\"\\", s[j]) < 0 && !strings.HasPrefix(s[j:], "&&") && !strings.HasPrefix(s[j:], "||") {
				j++
			}
			tok.parts = append(tok.parts, wordPart{text: s[i:j], expand: true})
			i = j
		}
	}
	tok.text = s
	return tok, len(s), nil
}

// shellWords splits a command line into words, as sh would (quotes, no
// expansion).
func shellWords(line string) ([]string, error) {
	toks, err := shellTokens(line)
	if err != nil {
		return nil, err
	}
	var words []string
	for _, t := range toks {
		if t.op {
			continue
		}
		var b strings.Builder
		for _, p := range t.parts {
			b.WriteString(p.text)
		}
		words = append(words, b.String())
	}
	return words, nil
}

// A shell program: and-or lists of commands and if blocks.
type (
	shellNode interface{}
	shellCmd  struct{ words []shellTok }
	shellAnd  struct {
		left, right shellNode
		or          bool
	}
	shellIf struct {
		conds, bodies [][]shellNode
		other         []shellNode
	}
)

type shellParser struct {
	toks []shellTok
	pos  int
}

func (p *shellParser) at(word string) bool {
	return p.pos < len(p.toks) && !p.toks[p.pos].op && p.toks[p.pos].text == word
}

// list parses commands up to the end or a keyword that closes a block.
func (p *shellParser) list() ([]shellNode, error) {
	var nodes []shellNode
	for p.pos < len(p.toks) {
		if p.toks[p.pos].op && p.toks[p.pos].text == ";" {
			p.pos++
			continue
		}
		if p.at("then") || p.at("elif") || p.at("else") || p.at("fi") {
			return nodes, nil
		}
		node, err := p.andOr()
		if err != nil {
			return nil, err
		}
		nodes = append(nodes, node)
	}
	return nodes, nil
}

func (p *shellParser) andOr() (shellNode, error) {
	left, err := p.command()
	for err == nil && p.pos < len(p.toks) && p.toks[p.pos].op && p.toks[p.pos].text != ";" {
		or := p.toks[p.pos].text == "||"
		p.pos++
		for p.pos < len(p.toks) && p.toks[p.pos].op && p.toks[p.pos].text == ";" {
			p.pos++
		}
		var right shellNode
		if right, err = p.command(); err == nil {
			left = &shellAnd{left: left, right: right, or: or}
		}
	}
	return left, err
}

func (p *shellParser) command() (shellNode, error) {
	if p.at("if") {
		return p.ifBlock()
	}
	cmd := &shellCmd{}
	for p.pos < len(p.toks) && !p.toks[p.pos].op {
		cmd.words = append(cmd.words, p.toks[p.pos])
		p.pos++
	}
	if len(cmd.words) == 0 {
		if p.pos < len(p.toks) {
			return nil, fmt.Errorf("syntax error near unexpected token `%s'", p.toks[p.pos].text)
		}
		return nil, fmt.Errorf("syntax error: unexpected end of file")
	}
	return cmd, nil
}

func (p *shellParser) ifBlock() (shellNode, error) {
	block := &shellIf{}
	for p.at("if") || p.at("elif") {
		p.pos++
		cond, err := p.list()
		if err != nil {
			return nil, err
		}
		if !p.at("then") {
			return nil, fmt.Errorf("syntax error: expected `then'")
		}
		p.pos++
		body, err := p.list()
		if err != nil {
			return nil, err
		}
		block.conds, block.bodies = append(block.conds, cond), append(block.bodies, body)
	}
	if p.at("else") {
		p.pos++
		other, err := p.list()
		if err != nil {
			return nil, err
		}
		block.other = other
	}
	if !p.at("fi") {
		return nil, fmt.Errorf("syntax error: expected `fi'")
	}
	p.pos++
	return block, nil
}

// shellRun is one run of a script.
type shellRun struct {
	shell          FakeShell
	call           ScriptCall
	args           []string
	vars           map[string]string
	stdout, stderr strings.Builder
	status         int
	exited         bool
	steps          int
}

func (r *shellRun) exec(nodes []shellNode) {
	for _, n := range nodes {
		if r.exited {
			return
		}
		r.node(n)
	}
}

func (r *shellRun) node(n shellNode) {
	r.steps++
	if r.steps > maxShellSteps || r.stdout.Len()+r.stderr.Len() > maxSize {
		r.stderr.WriteString("sh: the fake shell's budget is spent\n")
		r.status, r.exited = 2, true
		return
	}
	switch n := n.(type) {
	case *shellCmd:
		r.command(n)
	case *shellAnd:
		r.node(n.left)
		if !r.exited && (r.status == 0) != n.or {
			r.node(n.right)
		}
	case *shellIf:
		for i, cond := range n.conds {
			if r.exec(cond); r.exited {
				return
			}
			if r.status == 0 {
				r.exec(n.bodies[i])
				return
			}
		}
		r.status = 0
		r.exec(n.other)
	}
}

func (r *shellRun) expand(t shellTok) string {
	var b strings.Builder
	for _, part := range t.parts {
		if !part.expand {
			b.WriteString(part.text)
			continue
		}
		s := part.text
		for i := 0; i < len(s); i++ {
			if s[i] != '$' || i+1 >= len(s) {
				b.WriteByte(s[i])
				continue
			}
			name, n := "", 0
			switch c := s[i+1]; {
			case c == '{':
				end := strings.IndexByte(s[i:], '}')
				if end < 0 {
					b.WriteByte('$')
					continue
				}
				name, n = s[i+2:i+end], end
			case c >= '0' && c <= '9' || c == '#' || c == '@' || c == '*' || c == '?':
				name, n = s[i+1:i+2], 1
			case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
				j := i + 1
				for j < len(s) && (s[j] == '_' || s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z' || s[j] >= '0' && s[j] <= '9') {
					j++
				}
				name, n = s[i+1:j], j-i-1
			default:
				b.WriteByte('$')
				continue
			}
			b.WriteString(r.variable(name))
			i += n
		}
	}
	return b.String()
}

func (r *shellRun) variable(name string) string {
	switch name {
	case "#":
		return strconv.Itoa(len(r.args))
	case "@", "*":
		return strings.Join(r.args, " ")
	case "?":
		return strconv.Itoa(r.status)
	case "0":
		return r.call.EntryFile
	}
	if n, err := strconv.Atoi(name); err == nil {
		if n >= 1 && n <= len(r.args) {
			return r.args[n-1]
		}
		return ""
	}
	return r.vars[name]
}

func (r *shellRun) command(c *shellCmd) {
	words := c.words
	for len(words) > 0 {
		name, _, isAssign := strings.Cut(words[0].text, "=")
		if !isAssign || !isShellName(name) {
			break
		}
		expanded := r.expand(words[0])
		r.vars[name] = expanded[len(name)+1:]
		words = words[1:]
	}
	if len(words) == 0 {
		r.status = 0
		return
	}
	args := make([]string, len(words))
	for i, w := range words {
		args[i] = r.expand(w)
	}
	r.status = r.builtin(args)
}

func isShellName(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for _, c := range s {
		if c != '_' && !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

func (r *shellRun) builtin(args []string) int {
	switch args[0] {
	case "echo":
		rest, newline := args[1:], "\n"
		if len(rest) > 0 && rest[0] == "-n" {
			rest, newline = rest[1:], ""
		}
		r.stdout.WriteString(strings.Join(rest, " ") + newline)
	case "exit":
		code := r.status
		if len(args) > 1 {
			n, err := strconv.Atoi(args[1])
			if err != nil {
				fmt.Fprintf(&r.stderr, "sh: exit: Illegal number: %s\n", args[1])
				n = 2
			}
			code = n & 255
		}
		r.exited = true
		return code
	case "cat":
		status := 0
		for _, name := range args[1:] {
			text, ok := r.call.Files[strings.TrimPrefix(name, "./")]
			if !ok {
				fmt.Fprintf(&r.stderr, "cat: %s: No such file or directory\n", name)
				status = 1
				continue
			}
			r.stdout.WriteString(text)
		}
		return status
	case "hostname":
		name := r.shell.Hostname
		if name == "" {
			name = "localhost"
		}
		r.stdout.WriteString(name + "\n")
	case "true", ":", "sleep":
	case "false":
		return 1
	case "test", "[":
		operands := args[1:]
		if args[0] == "[" {
			if len(operands) == 0 || operands[len(operands)-1] != "]" {
				r.stderr.WriteString("sh: [: missing ]\n")
				return 2
			}
			operands = operands[:len(operands)-1]
		}
		return r.test(operands)
	default:
		if r.shell.Log != nil {
			r.shell.Log(r.call, strings.Join(args, " "))
		}
	}
	return 0
}

// test is test(1) for the expressions scripts use: ! e, -n s, -z s,
// -e/-f f (the plan's files), -d f (no folder exists), s = t, s != t and
// the integer comparisons.
func (r *shellRun) test(ops []string) int {
	result := func(ok bool) int {
		if ok {
			return 0
		}
		return 1
	}
	if len(ops) > 0 && ops[0] == "!" {
		status := r.test(ops[1:])
		if status > 1 {
			return status
		}
		return 1 - status
	}
	switch len(ops) {
	case 0:
		return 1
	case 1:
		return result(ops[0] != "")
	case 2:
		switch ops[0] {
		case "-n":
			return result(ops[1] != "")
		case "-z":
			return result(ops[1] == "")
		case "-e", "-f", "-r", "-s":
			_, ok := r.call.Files[strings.TrimPrefix(ops[1], "./")]
			return result(ok)
		case "-d", "-x", "-L", "-h":
			return 1
		}
	case 3:
		a, op, b := ops[0], ops[1], ops[2]
		switch op {
		case "=", "==":
			return result(a == b)
		case "!=":
			return result(a != b)
		case "-eq", "-ne", "-lt", "-le", "-gt", "-ge":
			x, errA := strconv.Atoi(a)
			y, errB := strconv.Atoi(b)
			if errA != nil || errB != nil {
				fmt.Fprintf(&r.stderr, "sh: test: Illegal number: %s\n", map[bool]string{true: b, false: a}[errA == nil])
				return 2
			}
			return result(map[string]bool{"-eq": x == y, "-ne": x != y, "-lt": x < y, "-le": x <= y, "-gt": x > y, "-ge": x >= y}[op])
		}
	}
	fmt.Fprintf(&r.stderr, "sh: test: unknown expression: %s\n", strings.Join(ops, " "))
	return 2
}
