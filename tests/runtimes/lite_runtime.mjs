// xlwings Lite's Python side, as its open-source Wasm runtime sets it up,
// under Node instead of a browser: boot Pyodide, install wheels, import the
// workbook's main.py, and answer custom-function calls through xlwings' own
// dispatcher (xlwings.server.custom_functions_call).
//
//   node lite_runtime.mjs PYODIDE_DIR WHEELS_DIR MAIN_PY CALLS_JSON OUT_JSON
//
// CALLS_JSON: [{"id": ..., "body": <the body Office.js posts>}, ...], parsed
// here so that its nulls, numbers and error objects are real JavaScript
// values handed to Python as a JsProxy, as in Excel.  OUT_JSON receives
// {"versions": {...}, "results": [{"id", "result"} or {"id", "error"}]}.
// Nothing is fetched: Pyodide comes from its npm package, and the wheels
// (pure Python) are unpacked into site-packages, as micropip would.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheelsDir, mainPy, callsJson, outJson] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);

const pyodide = await loadPyodide({
  indexURL: pyodideDir + path.sep,
  env: { HOME: "/home/pyodide", XLWINGS_ON_SERVER: "true", XLWINGS_LICENSE_KEY: "noncommercial" },
  stdout: (line) => process.stderr.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});

pyodide.FS.mkdirTree("/wheels");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: wheelsDir }, "/wheels");
pyodide.FS.writeFile("/home/pyodide/main.py", readFileSync(mainPy, "utf8"));

await pyodide.runPythonAsync(`
import json, pathlib, sys, sysconfig, zipfile

site = sysconfig.get_paths()["purelib"]
for wheel in sorted(pathlib.Path("/wheels").glob("*.whl")):
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site)
if "/home/pyodide" not in sys.path:
    sys.path.insert(0, "/home/pyodide")

import main  # the workbook's main.py
import xlwings
from xlwings.server import custom_functions_call as xlwings_custom_functions_call


async def custom_functions_call(data):
    # What the Wasm runtime does with each call Office.js makes.
    data = data.to_py()
    try:
        result = await xlwings_custom_functions_call(data, module=main)
    except Exception as e:
        return json.dumps({"error": str(e)})
    return json.dumps({"result": result})


import platform
VERSIONS = json.dumps({
    "python": platform.python_version(),
    "xlwings": xlwings.__version__,
})
`);

const call = pyodide.globals.get("custom_functions_call");
const calls = JSON.parse(readFileSync(callsJson, "utf8"));
const results = [];
for (const { id, body } of calls) {
  results.push({ id, ...JSON.parse(await call(body)) });
}
const versions = JSON.parse(pyodide.globals.get("VERSIONS"));
versions.pyodide = pyodide.version;
writeFileSync(outJson, JSON.stringify({ versions, results }));
