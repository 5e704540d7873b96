// This file defines how the agent's configuration is found in a server's
// user data, as cloud-init and the core library's boot scripts find it.

package agent

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime/quotedprintable"
	"regexp"
	"strconv"
	"strings"
)

// maxUserDataDepth bounds the references and nested multiparts followed.
const maxUserDataDepth = 8

var (
	configBase64 = regexp.MustCompile(`AgentConfigBase64\s*=\s*'([A-Za-z0-9+/=\s]+)'`)
	iniQueue     = regexp.MustCompile(`(?m)^\s*input_queue\s*=\s*(\S+)`)
	iniResults   = regexp.MustCompile(`(?m)^\s*result_routing_key\s*=\s*(\S+)`)
	xmlSetting   = regexp.MustCompile(`key="([^"]*)"\s+value="([^"]*)"`)
)

// ParseUserData finds the murano agent's configuration in a server's
// user_data as cloud-init would: it reads MIME multipart documents
// (Heat's OS::Heat::MultipartMime) part by part, nested ones included,
// and finds the AgentConfigBase64 variable of the core library's boot
// scripts (linux-init.sh: the v2 INI file; windows-init.ps1: the v1 XML
// file of the Windows agent). files maps names to texts: a user_data or a
// MIME part that is exactly one of its keys stands for that text (the ids
// of the Heat config resources a MultipartMime names, or get_file paths).
//
// ok is false when there is no configuration; err tells why a
// configuration that is there cannot be read (then there is no agent
// either: the VM's agent would not start).
func ParseUserData(userData string, files map[string]string) (cfg Config, ok bool, err error) {
	var texts []string
	collectTexts(userData, files, 0, &texts)
	for _, text := range texts {
		m := configBase64.FindStringSubmatch(text)
		if m == nil {
			continue
		}
		return parseAgentConfig(m[1])
	}
	return Config{}, false, nil
}

// collectTexts appends the texts of a user data document, in order.
func collectTexts(text string, files map[string]string, depth int, texts *[]string) {
	if depth > maxUserDataDepth {
		return
	}
	if ref, ok := files[text]; ok {
		collectTexts(ref, files, depth+1, texts)
		return
	}
	header, body, ok := splitEntity(text)
	if !ok || header["content-type"] == "" {
		*texts = append(*texts, text)
		return
	}
	parts, err := mimeParts(header, body)
	if err != nil {
		*texts = append(*texts, text)
		return
	}
	for _, part := range parts {
		collectTexts(part, files, depth+1, texts)
	}
}

// splitEntity splits a MIME document into its header fields (names in
// lower case; a field continues on lines that start with white space)
// and its body, after the first empty line; ok is false when the
// document does not start with header fields.
func splitEntity(text string) (header map[string]string, body string, ok bool) {
	header = map[string]string{}
	last := ""
	rest := text
	for {
		line, after, found := strings.Cut(rest, "\n")
		line = strings.TrimSuffix(line, "\r")
		if line == "" {
			return header, after, len(header) > 0 && found
		}
		if !found {
			return nil, "", false
		}
		rest = after
		if line[0] == ' ' || line[0] == '\t' {
			if last == "" {
				return nil, "", false
			}
			header[last] += " " + strings.TrimSpace(line)
			continue
		}
		name, value, hasColon := strings.Cut(line, ":")
		if !hasColon || name == "" || strings.ContainsAny(name, " \t") {
			return nil, "", false
		}
		last = strings.ToLower(name)
		header[last] = strings.TrimSpace(value)
	}
}

// mediaType parses a Content-Type value: the type in lower case and its
// parameters (names in lower case, quotes removed).
func mediaType(v string) (string, map[string]string) {
	fields := strings.Split(v, ";")
	params := map[string]string{}
	for _, f := range fields[1:] {
		name, value, _ := strings.Cut(f, "=")
		params[strings.ToLower(strings.TrimSpace(name))] = strings.Trim(strings.TrimSpace(value), `"`)
	}
	return strings.ToLower(strings.TrimSpace(fields[0])), params
}

// mimeParts decodes a MIME entity: the texts of a multipart's parts (each
// a document of its own, headers included), or the body of a single part.
func mimeParts(header map[string]string, body string) ([]string, error) {
	typ, params := mediaType(header["content-type"])
	if !strings.HasPrefix(typ, "multipart/") {
		data, err := decodeTransfer(header["content-transfer-encoding"], strings.NewReader(body))
		if err != nil {
			return nil, err
		}
		return []string{string(data)}, nil
	}
	boundary := params["boundary"]
	if boundary == "" {
		return nil, errors.New("multipart without a boundary")
	}
	delimiter := "--" + boundary
	var parts []string
	var current []string
	inPart := false
	for _, line := range strings.Split(body, "\n") {
		trimmed := strings.TrimRight(line, " \t\r")
		if trimmed == delimiter || trimmed == delimiter+"--" {
			if inPart {
				parts = append(parts, partText(current))
			}
			if trimmed == delimiter+"--" {
				return parts, nil
			}
			current, inPart = nil, true
			continue
		}
		if inPart {
			current = append(current, strings.TrimSuffix(line, "\r"))
		}
	}
	return nil, errors.New("multipart without its closing delimiter")
}

// partText is a part as a document of its own; a part without header
// fields is plain text.
func partText(lines []string) string {
	text := strings.Join(lines, "\n")
	if len(lines) > 0 && lines[0] == "" {
		return "Content-Type: text/plain\n" + text
	}
	return text
}

func decodeTransfer(encoding string, body io.Reader) ([]byte, error) {
	switch strings.ToLower(strings.TrimSpace(encoding)) {
	case "base64":
		data, err := io.ReadAll(body)
		if err != nil {
			return nil, err
		}
		return base64.StdEncoding.DecodeString(strings.Join(strings.Fields(string(data)), ""))
	case "quoted-printable":
		return io.ReadAll(quotedprintable.NewReader(body))
	}
	return io.ReadAll(body)
}

// parseAgentConfig reads the base64 configuration file of the agent.
func parseAgentConfig(encoded string) (Config, bool, error) {
	data, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(encoded), ""))
	if err != nil {
		return Config{}, false, fmt.Errorf("the agent configuration (AgentConfigBase64) is not base64: %v", err)
	}
	text := string(bytes.ToValidUTF8(data, []byte("\uFFFD")))
	if in, out := iniQueue.FindStringSubmatch(text), iniResults.FindStringSubmatch(text); in != nil && out != nil {
		cfg := iniConfig(text)
		cfg.InputQueue, cfg.ResultRoutingKey = in[1], out[1]
		return cfg, true, nil
	}
	settings := map[string]string{}
	for _, m := range xmlSetting.FindAllStringSubmatch(text, -1) {
		if _, seen := settings[m[1]]; !seen {
			settings[m[1]] = m[2]
		}
	}
	in, hasIn := settings["rabbitmq.inputQueue"]
	out, hasOut := settings["rabbitmq.resultRoutingKey"]
	if !hasIn || !hasOut {
		return Config{}, false, errors.New("the agent configuration names no input queue and result routing key")
	}
	port, _ := strconv.Atoi(settings["rabbitmq.port"])
	return Config{
		FormatVersion: 1, InputQueue: in, ResultRoutingKey: out,
		ResultExchange: xmlText(settings["rabbitmq.resultExchange"]),
		RabbitHost:     xmlText(settings["rabbitmq.host"]), RabbitPort: port,
		Login: xmlText(settings["rabbitmq.user"]), Password: xmlText(settings["rabbitmq.password"]),
		VirtualHost: xmlText(settings["rabbitmq.vhost"]), SigningKey: xmlText(settings["engine.key"]),
	}, true, nil
}

var xmlText = strings.NewReplacer("&lt;", "<", "&gt;", ">", "&quot;", `"`, "&apos;", "'", "&amp;", "&").Replace

// iniConfig reads the settings of the v2 agent's INI file (as Python's
// configparser: "key = value", values continued on indented lines).
func iniConfig(text string) Config {
	values := map[string]string{}
	section, key := "", ""
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "" || trimmed[0] == '#' || trimmed[0] == ';':
			continue
		case line[0] == ' ' || line[0] == '\t':
			if key != "" {
				if values[key] != "" {
					values[key] += "\n"
				}
				values[key] += trimmed
			}
			continue
		case strings.HasPrefix(trimmed, "[") && strings.HasSuffix(trimmed, "]"):
			section, key = strings.ToLower(trimmed[1:len(trimmed)-1]), ""
			continue
		}
		name, value, found := strings.Cut(trimmed, "=")
		if !found {
			key = ""
			continue
		}
		key = section + "." + strings.ToLower(strings.TrimSpace(name))
		values[key] = strings.TrimSpace(value)
	}
	port, _ := strconv.Atoi(values["rabbitmq.port"])
	return Config{
		FormatVersion:  2,
		ResultExchange: values["rabbitmq.result_exchange"],
		RabbitHost:     values["rabbitmq.host"], RabbitPort: port,
		Login: values["rabbitmq.login"], Password: values["rabbitmq.password"],
		VirtualHost: values["rabbitmq.virtual_host"], SigningKey: values["default.engine_key"],
	}
}
