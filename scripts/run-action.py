#!/usr/bin/env python3
"""Run a composite GitHub Action's steps here, as the runner would, for tests.

    run-action.py ACTION_YML RESULT_JSON [INPUT=VALUE ...]

`run:` steps run with `bash --noprofile --norc -eo pipefail` (the runner's
`shell: bash`), with GITHUB_WORKSPACE, RUNNER_TEMP (from the environment),
RUNNER_OS and RUNNER_ARCH (from the environment, else Linux and X64),
GITHUB_ACTION_PATH, a fresh GITHUB_OUTPUT per step, GITHUB_PATH,
GITHUB_ENV and GITHUB_STEP_SUMMARY. `${{ }}` expressions are substituted in
`env:`, `with:`, `if:` and the action's outputs; the subset understood is
context lookups (inputs.x, github.action_path, github.workspace,
runner.temp, steps.ID.outputs.x), 'literals', == and !=, always() and
success(). Anything else is an error, so the test never runs a step
differently from the runner. `uses:` steps are not run: their `with:` values
are recorded for the test to check (actions/setup-go: Go must be on PATH).

The steps' output (stdout and stderr, as the runner reads both) is printed
and read for workflow commands as the runner reads it (actions/runner's
ActionCommand.TryParseV2 and the legacy TryParse, ActionCommandManager):
`::name props::data` after leading blanks, `##[name props]data` anywhere in
a line, `::stop-commands::TOKEN` until `::TOKEN::`. The commands obeyed are
in RESULT_JSON's "commands", the annotations (error, warning, notice) in
"annotations", so a test can tell an annotation from text that looks like one.

Steps stop at the first failure (unless a later step's if: says always()).
RESULT_JSON gets {"steps": [...], "outputs": {...}, "uses": [...]}; the exit
status is the failed step's, else 0.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

import yaml

EXPR = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


class Context:
    def __init__(self, inputs, action_path, workspace, temp):
        self.inputs = inputs
        self.action_path = action_path
        self.workspace = workspace
        self.temp = temp
        self.steps = {}

    def lookup(self, ref):
        parts = ref.split(".")
        if parts[0] == "inputs" and len(parts) == 2:
            if parts[1] not in self.inputs:
                raise SystemExit(f"run-action: unknown input in expression: {ref}")
            return self.inputs[parts[1]]
        if ref == "github.action_path":
            return self.action_path
        if ref == "github.workspace":
            return self.workspace
        if ref == "runner.temp":
            return self.temp
        if parts[0] == "steps" and len(parts) == 4 and parts[2] == "outputs":
            return self.steps.get(parts[1], {}).get(parts[3], "")
        raise SystemExit(f"run-action: expression not understood: {ref}")

    def value(self, term):
        term = term.strip()
        if len(term) >= 2 and term[0] == "'" and term[-1] == "'":
            return term[1:-1].replace("''", "'")
        if re.fullmatch(r"[A-Za-z_][\w-]*(\.[A-Za-z_][\w-]*)*", term):
            return self.lookup(term)
        raise SystemExit(f"run-action: expression not understood: {term}")

    def evaluate(self, expr):
        expr = expr.strip()
        m = re.fullmatch(r"(.+?)\s*(==|!=)\s*(.+)", expr)
        if m:
            # GitHub compares strings case-insensitively.
            a, b = self.value(m.group(1)).lower(), self.value(m.group(3)).lower()
            return (a == b) == (m.group(2) == "==")
        return self.value(expr)

    def substitute(self, text):
        def one(m):
            v = self.evaluate(m.group(1))
            return str(v).lower() if isinstance(v, bool) else str(v)
        return EXPR.sub(one, str(text))

    def condition(self, cond, failed):
        if cond is None:
            return not failed
        cond = str(cond).strip()
        m = EXPR.fullmatch(cond)
        if m:
            cond = m.group(1)
        if cond == "always()":
            return True
        if cond == "success()":
            return not failed
        if failed:
            return False  # a condition without a status function implies success()
        result = self.evaluate(cond)
        return result is True or (isinstance(result, str) and result != "")


# The commands the runner registers (its IActionCommandExtensions and
# stop-commands); names compare case-insensitively.
COMMANDS = {"stop-commands", "error", "warning", "notice", "debug", "group", "endgroup",
            "add-mask", "echo", "set-output", "save-state", "set-env", "add-path",
            "add-matcher", "remove-matcher"}
ANNOTATIONS = {"error", "warning", "notice"}


def unescape(s, property_value):
    pairs = [("%0D", "\r"), ("%0A", "\n")]
    if property_value:
        pairs += [("%3A", ":"), ("%2C", ",")]
    for code, char in pairs + [("%25", "%")]:
        s = s.replace(code, char)
    return s


def parse_command(line, registered):
    """A workflow command in line, as the runner parses it: (name, props, data) or None."""
    text = line.lstrip()
    if text.startswith("::"):
        end = text.find("::", 2)
        if end >= 0:
            name, _, props = text[2:end].partition(" ")
            if name.lower() in registered:
                pairs = [p.split("=", 1) for p in props.strip().split(",") if p]
                return name.lower(), {k: unescape(v, True) for k, v in (p for p in pairs if len(p) == 2 and p[0] and p[1])}, unescape(text[end + 2:], False)
    start = line.find("##[")
    if start >= 0 and line.find("]", start) >= 0:
        end = line.find("]", start)
        name, _, props = line[start + 3:end].partition(" ")
        if name.lower() in registered:
            pairs = [p.split("=", 1) for p in props.split(";") if p]
            return name.lower(), {k: unescape(v, False) for k, v in (p for p in pairs if len(p) == 2 and p[0] and p[1])}, unescape(line[end + 1:], False)
    return None


class CommandReader:
    """Reads a job's log lines for workflow commands, as the runner does."""

    def __init__(self):
        self.registered = set(COMMANDS)
        self.stop_token = None
        self.commands = []

    def line(self, step, line):
        cmd = parse_command(line, self.registered)
        if cmd is None:
            return
        name, props, data = cmd
        if self.stop_token is not None:
            if name == self.stop_token.lower():
                self.registered.discard(self.stop_token.lower())
                self.stop_token = None
            return
        if name == "stop-commands":
            self.stop_token = data
            self.registered.add(data.lower())
            return
        self.commands.append({"step": step, "command": name, "properties": props, "data": data})


def run_step(script, env, cwd, step, reader):
    """Runs a step's script with bash as the runner does; its output is
    printed and read for commands. Returns the exit status."""
    proc = subprocess.Popen(["bash", "--noprofile", "--norc", "-eo", "pipefail", script],
                            env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = sys.stdout.buffer
    for raw in proc.stdout:
        out.write(raw)
        out.flush()
        # The runner reads lines with .NET's ReadLine: \r, \n and \r\n end one.
        for line in re.split(r"\r\n|\r|\n", raw.decode("utf-8", "replace")):
            if line:
                reader.line(step, line)
    return proc.wait()


def read_kv_file(path):
    """Parses a GITHUB_OUTPUT/GITHUB_ENV file: name=value and name<<DELIM."""
    out = {}
    lines = open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if not line:
            continue
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, delim = line.split("<<", 1)
            value = []
            while i < len(lines) and lines[i] != delim:
                value.append(lines[i])
                i += 1
            i += 1
            out[name] = "\n".join(value)
        elif "=" in line:
            name, value = line.split("=", 1)
            out[name] = value
        else:
            raise SystemExit(f"run-action: bad line in {path}: {line!r}")
    return out


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    action_file, result_file = sys.argv[1], sys.argv[2]
    action = yaml.safe_load(open(action_file, encoding="utf-8"))
    if action["runs"]["using"] != "composite":
        raise SystemExit("run-action: not a composite action")
    inputs = {k: str(v.get("default", "")) for k, v in (action.get("inputs") or {}).items()}
    for arg in sys.argv[3:]:
        k, v = arg.split("=", 1)
        if k not in inputs:
            raise SystemExit(f"run-action: the action has no input {k!r}")
        inputs[k] = v
    action_path = os.path.dirname(os.path.abspath(action_file))
    workspace = os.environ["GITHUB_WORKSPACE"]
    temp = os.environ["RUNNER_TEMP"]
    ctx = Context(inputs, action_path, workspace, temp)
    files = tempfile.mkdtemp(prefix="run-action-", dir=temp)
    path_file = os.path.join(files, "path")
    env_file = os.path.join(files, "env")
    summary_file = os.environ.get("GITHUB_STEP_SUMMARY") or os.path.join(files, "summary.md")
    for p in (path_file, env_file, summary_file):
        open(p, "a").close()
    result = {"steps": [], "outputs": {}, "uses": []}
    reader = CommandReader()
    failed = 0
    for n, step in enumerate(action["runs"]["steps"]):
        name = step.get("name") or step.get("id") or f"step {n}"
        if not ctx.condition(step.get("if"), failed):
            result["steps"].append({"name": name, "skipped": True})
            print(f"--- skip: {name}", flush=True)
            continue
        if "uses" in step:
            with_values = {k: ctx.substitute(v) for k, v in (step.get("with") or {}).items()}
            result["uses"].append({"name": name, "uses": step["uses"], "with": with_values})
            result["steps"].append({"name": name, "uses": step["uses"]})
            print(f"--- uses (not run): {step['uses']} {json.dumps(with_values)}", flush=True)
            continue
        if step.get("shell") != "bash":
            raise SystemExit(f"run-action: {name}: only shell: bash is emulated")
        env = dict(os.environ)
        env.update(read_kv_file(env_file))
        extra = [l for l in open(path_file, encoding="utf-8").read().split("\n") if l]
        if extra:
            env["PATH"] = os.pathsep.join(reversed(extra)) + os.pathsep + env["PATH"]
        output_file = os.path.join(files, f"output-{n}")
        open(output_file, "w").close()
        env.update({
            "GITHUB_ACTION_PATH": action_path,
            "GITHUB_WORKSPACE": workspace,
            "RUNNER_TEMP": temp,
            "GITHUB_OUTPUT": output_file,
            "GITHUB_PATH": path_file,
            "GITHUB_ENV": env_file,
            "GITHUB_STEP_SUMMARY": summary_file,
            "GITHUB_ACTIONS": "true",
            "RUNNER_OS": os.environ.get("RUNNER_OS", "Linux"),
            "RUNNER_ARCH": os.environ.get("RUNNER_ARCH", "X64"),
            "CI": "true",
        })
        for k, v in (step.get("env") or {}).items():
            env[k] = ctx.substitute(v)
        script = os.path.join(files, f"step-{n}.sh")
        with open(script, "w", encoding="utf-8") as f:
            f.write(step["run"])
        print(f"--- run: {name}", flush=True)
        rc = run_step(script, env, step.get("working-directory") or workspace, name, reader)
        if "id" in step:
            ctx.steps[step["id"]] = read_kv_file(output_file)
        result["steps"].append({"name": name, "exit": rc})
        if rc != 0 and not failed:
            failed = rc
            print(f"--- {name}: exit {rc}", flush=True)
    for k, v in (action.get("outputs") or {}).items():
        result["outputs"][k] = ctx.substitute(v.get("value", ""))
    result["summary"] = open(summary_file, encoding="utf-8").read()
    result["commands"] = reader.commands
    result["annotations"] = [c for c in reader.commands if c["command"] in ANNOTATIONS]
    with open(result_file, "w", encoding="utf-8") as f:
        json.dump(result, f, indent=2)
    sys.exit(failed)


if __name__ == "__main__":
    main()
