// The lab's start as bytecode (tools/build_lite.py, compiled()). The site's own Pyodide, under Node,
// loads the wheels of WHEELS, imports what the lab's kernel imports when it starts (MODULES, comma
// separated), and compiles the source of every module that import loaded, found under FOLDER (one
// sub-folder per wheel, the wheel's own paths), into a .pyc beside it: the bytecode is the one the lab's
// CPython reads (same version, same magic number). Unchecked-hash .pyc files: no timestamps in them, the
// same source gives the same bytes. Prints the compiled files (the wheels' paths) as a JSON list.
//     node lite/pycompile.mjs PYODIDE_DIR WHEELS FOLDER MODULES
import { pathToFileURL } from "node:url";
import fs from "node:fs";
import path from "node:path";

const [pyodideDir, wheels, folder, modules] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + path.sep, stdout: () => {}, stderr: () => {} });
const files = fs.readdirSync(wheels).filter((f) => f.endsWith(".whl")).sort();
await py.loadPackage(files.map((f) => path.join(wheels, f)), { messageCallback: () => {} });
py.FS.mkdirTree("/src");
py.FS.mount(py.FS.filesystems.NODEFS, { root: folder }, "/src");
py.globals.set("MODULES", modules);
const done = py.runPython(`
import importlib, json, os, py_compile, sys, sysconfig
site = "/" + sysconfig.get_paths()["purelib"].lstrip("/") + "/"     # (Pyodide says //lib/...)
before = set(sys.modules)
for name in MODULES.split(","):
    importlib.import_module(name)
started = {m.__file__.removeprefix(site) for n, m in list(sys.modules.items())
           if n not in before and (getattr(m, "__file__", None) or "").startswith(site)}
done = []
for root, dirs, names in os.walk("/src"):
    dirs.sort()
    for name in sorted(names):
        src = os.path.join(root, name)
        inside = os.path.relpath(src, "/src").split("/", 1)[1]          # the wheel's own path
        if inside in started:
            py_compile.compile(src, cfile=src + "c", dfile=site + inside, doraise=True,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
            done.append(inside)
json.dumps(sorted(done))
`);
process.stdout.write(done + "\n");
