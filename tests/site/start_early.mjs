// site/js/start.js under Node with a stand-in Worker: the messages the worker sends before kit.js listens
// are handed over when it does, in order, and later ones go straight to the listener. Prints what the
// listener got: [[data, "early"|"late"], ...].
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const posted = [];
globalThis.navigator = {};
globalThis.Worker = class {
  constructor(url, options) {
    this.url = String(url);
    this.options = options;
    posted.push(this);
  }
};
const start = await import(pathToFileURL(join(resolve(process.argv[2]), "start.js")).href);
const [worker] = posted;
worker.onmessage({ data: "first" });
worker.onmessage({ data: "second" });
const got = [];
let phase = "early";
start.listen((event) => got.push([event.data, phase]));
phase = "late";
worker.onmessage({ data: "third" });
process.stdout.write(JSON.stringify({ got, url: worker.url, type: worker.options.type, same: start.worker === worker }) + "\n");
