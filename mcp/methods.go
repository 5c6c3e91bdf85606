package mcp

import (
	"context"
	"encoding/json"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// toolJSON is a tool as tools/list gives it.
type toolJSON struct {
	Name         string             `json:"name"`
	Description  string             `json:"description,omitempty"`
	InputSchema  *jsonschema.Schema `json:"inputSchema"`
	OutputSchema *jsonschema.Schema `json:"outputSchema,omitempty"`
	Annotations  *Annotations       `json:"annotations,omitempty"`
}

func (s *server) listTools() any {
	out := []toolJSON{}
	for _, t := range s.opts.Tools {
		out = append(out, toolJSON{Name: t.Name, Description: t.Description, InputSchema: t.InputSchema, OutputSchema: t.OutputSchema, Annotations: t.Annotations})
	}
	return map[string]any{"tools": out}
}

// textContent is a text block of a tool's result.
type textContent struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

// callResult is a tool's result on the wire.
type callResult struct {
	Content           []textContent `json:"content"`
	StructuredContent any           `json:"structuredContent,omitempty"`
	IsError           bool          `json:"isError,omitempty"`
}

// toolError is a tool's error as its result: the client's model reads
// the message and can correct the call.
func toolError(err error) callResult {
	return callResult{Content: []textContent{{"text", err.Error()}}, IsError: true}
}

// callTool runs tools/call: an unknown tool is a protocol error, as the
// specification has it; arguments that do not match the schema and the
// handler's errors are the tool's (isError).
func (s *server) callTool(ctx context.Context, params json.RawMessage) (any, error) {
	var p struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	}
	if err := json.Unmarshal(params, &p); err != nil {
		return nil, InvalidParams("tools/call: %v", err)
	}
	t := s.tools[p.Name]
	if t == nil {
		return nil, InvalidParams("unknown tool %q", p.Name)
	}
	if err := validate(s.schemas[p.Name], p.Arguments); err != nil {
		return toolError(err), nil
	}
	res, err := t.Handler(ctx, p.Arguments)
	if err != nil {
		return toolError(err), nil
	}
	out := callResult{Content: []textContent{}, StructuredContent: res.Structured}
	for _, text := range res.Text {
		out.Content = append(out.Content, textContent{"text", text})
	}
	return out, nil
}

func (s *server) listResources(ctx context.Context) any {
	out := []Resource{}
	if s.opts.Resources != nil {
		out = append(out, s.opts.Resources.List(ctx)...)
	}
	return map[string]any{"resources": out}
}

func (s *server) listTemplates() any {
	out := []ResourceTemplate{}
	if s.opts.Resources != nil {
		out = append(out, s.opts.Resources.Templates()...)
	}
	return map[string]any{"resourceTemplates": out}
}

func (s *server) readResource(ctx context.Context, params json.RawMessage) (any, error) {
	var p struct {
		URI string `json:"uri"`
	}
	if err := json.Unmarshal(params, &p); err != nil {
		return nil, InvalidParams("resources/read: %v", err)
	}
	var c *Contents
	if s.opts.Resources != nil {
		c = s.opts.Resources.Read(ctx, p.URI)
	}
	if c == nil {
		// Invalid params with the URI, as SEP-2164 has it (the code was
		// -32002 before).
		data, _ := json.Marshal(map[string]string{"uri": p.URI})
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "Resource not found", Data: data}
	}
	return map[string]any{"contents": []*Contents{c}}, nil
}
