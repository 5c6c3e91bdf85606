// A stand-in for the OpenAI Responses API, for running Codex offline
// (inside the network namespace of run.sh): it listens on 127.0.0.1 only,
// saves every request body as <dir>/<n>.json and answers with a streamed
// reply ("ok").
//
// Codex 0.171.0 has no skill tool: its "## Skills" section lists each skill
// with its SKILL.md path and tells the model to open the file, which the
// model does with the exec_command tool. With STANDIN_TRIGGER=<name>:<regex>
// (skill-ls eval's Codex scenario, eval-codex.mjs) the stand-in answers a
// turn's first request with an exec_command that reads the skill's
// SKILL.md, at the absolute path the listing gives, when the user's prompt
// matches the regex; with STANDIN_HALF=<regex> only on every other such
// prompt (a query triggered 2 of 3 times). With STANDIN_BASH=<file> a
// prompt holding "in a shell" is answered with an exec_command that
// touches the file, asking to leave the sandbox every other time: the host
// must not run it. With STANDIN_401=1 every
// request is refused as the API refuses a wrong key (a host not logged in).
//
// Usage: node standin-openai.mjs DIR   (prints the port on stdout, then serves)
import http from "node:http";
import fs from "node:fs";
import path from "node:path";

const dir = process.argv[2];
fs.mkdirSync(dir, { recursive: true });
let n = 0;

function sse(res, list) {
	res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
	for (const data of list) res.write(`event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`);
	res.end();
}

const seen = new Map(); // STANDIN_HALF: how often each prompt was asked

/** The texts of the request's input items of a role. */
function texts(body, role) {
	return (body.input || []).filter((m) => m.type === "message" && m.role === role).flatMap((m) => (m.content || []).map((c) => c.text || ""));
}

/** The user's prompt: the last user text that is not a tagged context block. */
function prompt(body) {
	return texts(body, "user").filter((t) => !t.startsWith("<")).pop() || "";
}

/** The absolute path of skill's SKILL.md in the request's "## Skills" listing. */
function skillPath(body, skill) {
	const listing = texts(body, "developer").find((t) => t.includes("\n## Skills\n")) || "";
	const roots = new Map([...listing.matchAll(/^- `(r\d+)` = `([^`]+)`$/gm)].map((m) => [m[1], m[2]]));
	const entry = listing.split("\n").find((l) => l.startsWith(`- ${skill}: `));
	const m = entry && entry.match(/\(file: (r\d+)\/(.+)\)$/);
	return m && roots.has(m[1]) ? `${roots.get(m[1])}/${m[2]}` : null;
}

function exec(cmd, escalate) {
	return { type: "function_call", id: `fc_standin${n}`, call_id: `call_standin${n}`, name: "exec_command", arguments: JSON.stringify(escalate ? { cmd, sandbox_permissions: "require_escalated", justification: "run it" } : { cmd }) };
}

function triggerItem(body, spec) {
	const i = spec.indexOf(":");
	const [skill, re] = [spec.slice(0, i), new RegExp(spec.slice(i + 1))];
	if ((body.input || []).some((m) => m.type === "function_call_output")) return null;
	const q = prompt(body);
	if (process.env.STANDIN_BASH && q.includes("in a shell")) {
		// Every other time outside the sandbox: approvals refuse that, the
		// read-only sandbox the plain command.
		const k = seen.get(q) || 0;
		seen.set(q, k + 1);
		return exec(`touch ${process.env.STANDIN_BASH}`, k % 2 === 0);
	}
	const file = skillPath(body, skill);
	if (!file || !re.test(q)) return null;
	if (process.env.STANDIN_HALF && new RegExp(process.env.STANDIN_HALF).test(q)) {
		const k = seen.get(q) || 0;
		seen.set(q, k + 1);
		if (k % 2 === 1) return null;
	}
	return exec(`cat '${file}'`);
}

function answer(body, res) {
	const id = `resp_standin${n}`;
	const text = { type: "message", id: `msg_standin${n}`, role: "assistant", status: "completed", content: [{ type: "output_text", text: "ok", annotations: [] }] };
	const item = (process.env.STANDIN_TRIGGER && triggerItem(body, process.env.STANDIN_TRIGGER)) || text;
	const usage = { input_tokens: 1, input_tokens_details: { cached_tokens: 0 }, output_tokens: 1, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 2 };
	sse(res, [
		{ type: "response.created", response: { id } },
		{ type: "response.output_item.done", output_index: 0, item },
		{ type: "response.completed", response: { id, usage } },
	]);
}

const server = http.createServer((req, res) => {
	const chunks = [];
	req.on("data", (c) => chunks.push(c));
	req.on("end", () => {
		const raw = Buffer.concat(chunks).toString("utf8");
		n++;
		fs.writeFileSync(path.join(dir, `${String(n).padStart(3, "0")}.json`), JSON.stringify({ method: req.method, url: req.url, body: raw }));
		if (process.env.STANDIN_401) {
			res.writeHead(401, { "content-type": "application/json" });
			res.end('{"error":{"message":"Incorrect API key provided: sk-stand***. You can find your API key at https://platform.openai.com/account/api-keys.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}');
			return;
		}
		if (req.method !== "POST" || !req.url.includes("/responses")) {
			res.writeHead(404, { "content-type": "application/json" });
			res.end('{"error":{"message":"stand-in","type":"not_found"}}');
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
