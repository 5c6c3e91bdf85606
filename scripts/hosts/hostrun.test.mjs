// node --test scripts/hosts/hostrun.test.mjs (run.sh runs it first): a
// host's output is read whole however it exits.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import test from "node:test";
import { runToFiles } from "./hostrun.mjs";

test("output written just before process.exit is read whole", () => {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), "hostrun-"));
	try {
		// Node (like Bun) drops what a pipe has not taken when it exits:
		// through a pipe this arrived cut at 438,528 of 4,194,304 bytes.
		const script = 'process.stdout.write("x".repeat(4 << 20)); process.stderr.write("e".repeat(1 << 20)); process.exit(3)';
		const r = runToFiles({ root }, "big", process.execPath, ["-e", script], {});
		assert.equal(r.status, 3);
		assert.equal(r.stdout.length, 4 << 20);
		assert.equal(r.stderr.length, 1 << 20);
	} finally {
		fs.rmSync(root, { recursive: true, force: true });
	}
});
