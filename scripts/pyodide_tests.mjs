// Runs pytest inside Pyodide (the browser's CPython, in WebAssembly) under Node.
// Called by scripts/pyodide_tests.py, which prepares the folders:
//   node pyodide_tests.mjs ROOT PYODIDE_DIR WHEELS_DIR [pytest arguments...]
// ROOT (the repository) is mounted at /proj, read-only in effect (no bytecode, no cache) and
// put on sys.path after every wheel of WHEELS_DIR; its widgets/ folder becomes
// durak_lessons.widgets, as the editable install makes it. The exit code is pytest's.
import path from "node:path";
import { pathToFileURL } from "node:url";

const [root, pyodideDir, wheels, ...args] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + path.sep });
for (const [where, from] of [["/proj", root], ["/wheels", wheels]]) {
  py.FS.mkdirTree(where);
  py.FS.mount(py.FS.filesystems.NODEFS, { root: from }, where);
}
py.globals.set("ARGS", py.toPy(args));
const code = await py.runPythonAsync(`
import glob, os, sys
sys.dont_write_bytecode = True
sys.path[:0] = [*sorted(glob.glob("/wheels/*.whl")), "/proj"]
os.chdir("/proj")
import durak_lessons
durak_lessons.__path__.append("/proj")  # /proj/widgets is durak_lessons.widgets
print("Pyodide: Python", sys.version.split()[0], "on", sys.platform, flush=True)
import pytest
int(pytest.main(["-p", "no:cacheprovider", *ARGS]))
`);
process.exit(code);
