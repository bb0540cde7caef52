// The kit on Pyodide under Node, no browser: node tests/site/run_node.mjs SITE_DIR
// Loads npm's pyodide, installs the site's wheels, and prints one JSON object:
// {libyaml, outcomes: every shipped scenario's outcome by id, api: the README's API example's values}.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { loadPyodide } from "pyodide";

const site = resolve(process.argv[2]);
const info = JSON.parse(readFileSync(join(site, "site.json"), "utf8"));
const pyodide = await loadPyodide({ stdout: () => {}, stderr: (s) => process.stderr.write(s + "\n") });
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
for (const wheel of info.wheels) pyodide.unpackArchive(new Uint8Array(readFileSync(join(site, wheel))), "wheel", { extractDir: sitePackages });
const web = pyodide.pyimport("rulings_lib.web");
const outcomes = JSON.parse(web.call("run_all", "{}"));
const api = pyodide.runPython(`
import json, yaml
from rulings_lib import WrgpMatch, TagMatch, IllegalAction
m = WrgpMatch()
m.phase("main1")
m.damage("A", to="opponent", amount=8000)
first = [m.out, m.handover, m.is_legal("act", "B", "spell_speed_1")]
try:
    m.act("A", "ignition_effect")
except IllegalAction as exc:
    first.append(exc.rule)
m.end_turn()
t = TagMatch(("red", "blue"))
t.battle({"A": {"red": {"power": 500}, "blue": {"power": 300, "lost": 20}},
          "B": {"red": {"power": 200, "lost": 30}, "blue": {"power": 400}}})
json.dumps({"api": first + [m.turn, m.player, m.duelist("B"), t.first, t.points["blue-A"]],
            "libyaml": yaml.__with_libyaml__, "python": __import__("sys").version.split()[0]})
`);
process.stdout.write(JSON.stringify({ ...JSON.parse(api), outcomes }) + "\n");
