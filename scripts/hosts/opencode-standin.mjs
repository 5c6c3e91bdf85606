// A stand-in for an OpenAI-compatible chat completions API, for running
// OpenCode offline (inside the network namespace of run.mjs) with a custom
// provider whose baseURL points here: it listens on 127.0.0.1 only, saves
// every request as <dir>/<n>.json ({method, url, body}) and answers each
// with a one-word reply ("ok"), streamed as server-sent events when the
// request asks for a stream.
//
// Usage: node opencode-standin.mjs DIR   (prints the port on stdout, then serves)
import http from "node:http";
import fs from "node:fs";
import path from "node:path";

const dir = process.argv[2];
fs.mkdirSync(dir, { recursive: true });
let n = 0;

function reply(res, q) {
	const id = "chatcmpl-standin", created = Math.floor(Date.now() / 1000), model = q.model || "standin";
	const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };
	if (!q.stream) {
		res.writeHead(200, { "content-type": "application/json" });
		res.end(JSON.stringify({ id, object: "chat.completion", created, model, choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }], usage }));
		return;
	}
	res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
	const chunk = (choices, extra = {}) => res.write(`data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices, ...extra })}\n\n`);
	chunk([{ index: 0, delta: { role: "assistant", content: "ok" }, finish_reason: null }]);
	chunk([{ index: 0, delta: {}, finish_reason: "stop" }]);
	chunk([], { usage });
	res.end("data: [DONE]\n\n");
}

const server = http.createServer((req, res) => {
	let body = "";
	req.setEncoding("utf8");
	req.on("data", (d) => (body += d));
	req.on("end", () => {
		n++;
		fs.writeFileSync(path.join(dir, `${String(n).padStart(4, "0")}.json`), JSON.stringify({ method: req.method, url: req.url, body }));
		if (!req.url.endsWith("/chat/completions")) {
			res.writeHead(404, { "content-type": "application/json" });
			res.end("{}");
			return;
		}
		let q = {};
		try {
			q = JSON.parse(body);
		} catch {}
		reply(res, q);
	});
});
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
