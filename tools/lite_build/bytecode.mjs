// The browser's Python, run under Node at build time: compiles the site's wheels and standard
// library for what a cold open imports (tools/lite_bytecode.py says what and why).
//
//     node tools/lite_build/bytecode.mjs WHEELS OUT KEEP NAME...
//
// Pyodide (this folder's pinned npm package) imports the modules NAME from the wheels of the
// folder WHEELS and writes to OUT each wheel and its own standard library's zip (python314.zip
// for Python 3.14) with their bytecode; the project KEEP's wheel keeps its source. Bytecode is
// specific to a Python version, and this is the version the learner's browser runs.
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const [wheels, out] = process.argv.slice(2, 4).map((folder) => resolve(folder));
const rest = process.argv.slice(4);
const { loadPyodide } = await import(join(here, "node_modules", "pyodide", "pyodide.mjs"));
const pyodide = await loadPyodide({
  indexURL: join(here, "node_modules", "pyodide") + "/",
  env: { PYTHONNODEBUGRANGES: "1" }, // no column tables: a third of the bytecode's bytes
});
for (const [folder, mountpoint] of [[wheels, "/wheels-in"], [out, "/wheels-out"]]) {
  pyodide.FS.mkdirTree(mountpoint);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: folder }, mountpoint);
}
pyodide.globals.set("__name__", "lite_bytecode");
pyodide.runPython(readFileSync(join(here, "..", "lite_bytecode.py"), "utf8"));
pyodide.globals.set("rest", pyodide.toPy(rest));
pyodide.runPython(`
import sys
stdlib = next(p for p in sys.path if p.endswith(".zip"))
main(["/wheels-in", "/wheels-out", stdlib, *rest])
`);
