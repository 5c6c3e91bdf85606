// Package mcp is a Model Context Protocol server over a stream
// (newline-delimited JSON-RPC, the stdio transport): the lifecycle, tools
// with JSON schemas, resources. It is built on the official Go SDK's
// jsonrpc package (the wire) and the schema library the SDK uses, not on
// the SDK's server: that package links an HTTP client, TLS and a process
// launcher, and skill-ls links none (SECURITY.md, "Nothing is executed or
// fetched"). What the tools do is the caller's (cmd/skill-ls).
package mcp

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/google/jsonschema-go/jsonschema"
)

// Tool is one tool: its definition as tools/list gives it, and its handler.
type Tool struct {
	Name        string
	Description string
	// InputSchema is the arguments' schema (an object); calls are
	// validated against it before the handler runs.
	InputSchema *jsonschema.Schema
	// OutputSchema, when set, is the structured result's schema.
	OutputSchema *jsonschema.Schema
	Annotations  *Annotations
	// Handler runs a call with its validated arguments (JSON). An error
	// is the tool's error (isError, its text the error's), never the
	// protocol's.
	Handler func(ctx context.Context, args json.RawMessage) (*Result, error)
}

// Annotations are a tool's hints to the client.
type Annotations struct {
	ReadOnlyHint    bool  `json:"readOnlyHint"`
	DestructiveHint *bool `json:"destructiveHint,omitempty"`
	IdempotentHint  bool  `json:"idempotentHint"`
	OpenWorldHint   *bool `json:"openWorldHint,omitempty"`
}

// Result is a tool's answer: its text blocks, and its structured result
// (marshalled as JSON: a json.RawMessage passes through byte for byte).
type Result struct {
	Text       []string
	Structured any
}

// NewTool is a tool whose arguments are In, its input schema inferred
// from In (the jsonschema struct tags describe the properties).
func NewTool[In any](name, description string, ann *Annotations, h func(context.Context, In) (*Result, error)) *Tool {
	return &Tool{Name: name, Description: description, Annotations: ann, InputSchema: SchemaFor[In](),
		Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
			var in In
			if len(args) > 0 {
				if err := json.Unmarshal(args, &in); err != nil {
					return nil, fmt.Errorf("the arguments: %v", err)
				}
			}
			return h(ctx, in)
		}}
}

// SchemaFor is the JSON schema of T with each slice or map property
// typed "array" or "object" alone: the inferred ["null", "array"] is legal
// but some clients map a tool's schema onto a dialect of one type per
// property (Gemini's function declarations) and refuse it. An absent
// property takes its default; an explicit null is refused.
func SchemaFor[T any]() *jsonschema.Schema {
	s, err := jsonschema.For[T](nil)
	if err != nil {
		panic(fmt.Sprintf("the schema of %T: %v", *new(T), err)) // a type of the caller's code
	}
	for _, p := range s.Properties {
		if len(p.Types) == 2 && p.Types[0] == "null" {
			p.Type, p.Types = p.Types[1], nil
		}
	}
	return s
}

// validate checks a call's arguments against a tool's resolved input
// schema.
func validate(resolved *jsonschema.Resolved, args json.RawMessage) error {
	var v any = map[string]any{}
	if len(args) > 0 && string(args) != "null" {
		if err := json.Unmarshal(args, &v); err != nil {
			return fmt.Errorf("the arguments are not JSON: %v", err)
		}
	}
	if err := resolved.Validate(v); err != nil {
		return fmt.Errorf("the arguments do not match the tool's schema: %v", err)
	}
	return nil
}

// Resource is one resource as resources/list gives it.
type Resource struct {
	URI         string `json:"uri"`
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	MIMEType    string `json:"mimeType,omitempty"`
}

// ResourceTemplate is a URI template of resources the server reads.
type ResourceTemplate struct {
	URITemplate string `json:"uriTemplate"`
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	MIMEType    string `json:"mimeType,omitempty"`
}

// Contents is a resource's contents: Text, or Blob for bytes that are not
// UTF-8.
type Contents struct {
	URI      string `json:"uri"`
	MIMEType string `json:"mimeType,omitempty"`
	Text     string `json:"text,omitempty"`
	Blob     []byte `json:"blob,omitempty"`
}

// Resources are the server's resources, asked again at every request.
type Resources interface {
	List(ctx context.Context) []Resource
	Templates() []ResourceTemplate
	// Read returns a resource's contents, or nil when there is none.
	Read(ctx context.Context, uri string) *Contents
}
