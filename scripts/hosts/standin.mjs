// A stand-in for the Anthropic Messages API, for running Claude Code offline
// (inside the network namespace of run.mjs): it listens on 127.0.0.1 only,
// saves every request body as <dir>/<n>.json and answers each message with
// a minimal reply ("ok"), streamed as server-sent events when the request
// asks for a stream. With SKILL_CALL=<name> the first answer is a call of
// the Skill tool for that skill, so the next request carries the host's own
// tool result; with STANDIN_TOOL=<name> (and STANDIN_INPUT=<json>) it is a
// call of that tool (an MCP server's, mcp.mjs), the same way.
//
// With STANDIN_TRIGGER=<name>:<regex> (skill-ls eval's scenario, eval.mjs)
// it answers each conversation's first request that offers the Skill tool
// with a call of the skill when the user's prompt matches the regex, and
// with STANDIN_HALF=<regex> only on every other such prompt (a query
// triggered 2 of 3 times): the trigger decided per query, not per server.
// With STANDIN_BASH=<file> a prompt holding "in a shell" is answered with a
// Bash call that touches the file, whatever tools the request offers.
//
// Usage: node standin.mjs DIR   (prints the port on stdout, then serves)
import http from "node:http";
import fs from "node:fs";
import path from "node:path";

const dir = process.argv[2];
fs.mkdirSync(dir, { recursive: true });
let n = 0;
let called = false;

function events(res, list) {
	res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
	for (const [type, data] of list) res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
	res.end();
}

const seen = new Map(); // STANDIN_HALF: how often each prompt was asked

/** The user's prompt: the first message's text that is not a system reminder. */
function prompt(body) {
	const m = (body.messages || [])[0];
	if (!m) return "";
	if (typeof m.content === "string") return m.content;
	return (m.content || []).filter((p) => p.type === "text" && !p.text.startsWith("<system-reminder>")).map((p) => p.text).join("\n");
}

function triggerReply(body, spec) {
	const i = spec.indexOf(":");
	const [skill, re] = [spec.slice(0, i), new RegExp(spec.slice(i + 1))];
	const toolNames = (body.tools || []).map((t) => t.name);
	const answered = (body.messages || []).some((m) => Array.isArray(m.content) && m.content.some((p) => p.type === "tool_result"));
	const q = prompt(body);
	if (answered) return null;
	if (process.env.STANDIN_BASH && q.includes("in a shell")) {
		// A model that asks for a shell whatever tools it was given: the
		// host must not run it (skill-ls eval narrows its tools to Skill).
		return { block: { type: "tool_use", id: `toolu_standin${n}`, name: "Bash", input: { command: `touch ${process.env.STANDIN_BASH}` } }, stop: "tool_use" };
	}
	if (!toolNames.includes("Skill") || !re.test(q)) return null;
	if (process.env.STANDIN_HALF && new RegExp(process.env.STANDIN_HALF).test(q)) {
		const n = seen.get(q) || 0;
		seen.set(q, n + 1);
		if (n % 2 === 1) return null;
	}
	return { block: { type: "tool_use", id: `toolu_standin${n}`, name: "Skill", input: { skill } }, stop: "tool_use" };
}

function reply(body) {
	if (process.env.STANDIN_TRIGGER) return triggerReply(body, process.env.STANDIN_TRIGGER) || { block: { type: "text", text: "ok" }, stop: "end_turn" };
	const skill = process.env.SKILL_CALL;
	const tool = process.env.STANDIN_TOOL;
	const toolNames = (body.tools || []).map((t) => t.name);
	if (skill && !called && toolNames.includes("Skill")) {
		called = true;
		return { block: { type: "tool_use", id: "toolu_standin1", name: "Skill", input: { skill } }, stop: "tool_use" };
	}
	if (tool && !called && toolNames.includes(tool)) {
		called = true;
		return { block: { type: "tool_use", id: "toolu_standin1", name: tool, input: JSON.parse(process.env.STANDIN_INPUT || "{}") }, stop: "tool_use" };
	}
	return { block: { type: "text", text: "ok" }, stop: "end_turn" };
}

function answer(body, res) {
	const { block, stop } = reply(body);
	const usage = { input_tokens: 1, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
	const message = { id: `msg_standin${n}`, type: "message", role: "assistant", model: body.model || "standin", content: [], stop_reason: null, stop_sequence: null, usage };
	if (!body.stream) {
		res.writeHead(200, { "content-type": "application/json" });
		res.end(JSON.stringify({ ...message, content: [block], stop_reason: stop }));
		return;
	}
	const start = block.type === "text" ? { type: "text", text: "" } : { ...block, input: {} };
	const delta = block.type === "text" ? { type: "text_delta", text: block.text } : { type: "input_json_delta", partial_json: JSON.stringify(block.input) };
	events(res, [
		["message_start", { message }],
		["content_block_start", { index: 0, content_block: start }],
		["content_block_delta", { index: 0, delta }],
		["content_block_stop", { index: 0 }],
		["message_delta", { delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 1 } }],
		["message_stop", {}],
	]);
}

const server = http.createServer((req, res) => {
	const chunks = [];
	req.on("data", (c) => chunks.push(c));
	req.on("end", () => {
		const raw = Buffer.concat(chunks).toString("utf8");
		n++;
		fs.writeFileSync(path.join(dir, `${String(n).padStart(3, "0")}.json`), JSON.stringify({ method: req.method, url: req.url, body: raw }));
		if (req.url.includes("count_tokens")) {
			res.writeHead(200, { "content-type": "application/json" });
			res.end('{"input_tokens":1}');
			return;
		}
		if (req.method !== "POST" || !req.url.includes("/messages")) {
			res.writeHead(404, { "content-type": "application/json" });
			res.end('{"type":"error","error":{"type":"not_found_error","message":"stand-in"}}');
			return;
		}
		let body = {};
		try {
			body = JSON.parse(raw);
		} catch {}
		answer(body, res);
	});
});
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
