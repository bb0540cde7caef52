// The tag battle turn helper: every change plays the turn on the engine (rulings_lib.tag.turn.tag_turn).
import { call, ready } from "./kit.js";

const players = ["red-A", "red-B", "blue-A", "blue-B"];
const form = document.getElementById("players");
const fields = [["power", 0, 100000, 10, 0], ["lost", 0, 1000, 10, 0], ["points", 0, 100, 10, 100]];

for (const p of players) {
  const fs = document.createElement("fieldset");
  fs.innerHTML = `<legend><b>${p}</b></legend>`;
  for (const [name, min, max, step, value] of fields) {
    const label = document.createElement("label");
    label.textContent = name + " ";
    const input = document.createElement("input");
    Object.assign(input, { type: "number", min, max, step, value, inputMode: "numeric", name: `${p}.${name}` });
    input.setAttribute("aria-label", `${p} ${name}`);
    label.append(input);
    fs.append(label);
  }
  form.append(fs);
}

function values(name) {
  const out = {};
  for (const p of players) {
    const n = Number(form.elements[`${p}.${name}`].value);
    out[p] = Number.isFinite(n) ? Math.trunc(n) : 0;
  }
  return out;
}

let seq = 0;
async function update() {
  const mine = ++seq;
  await ready;
  const r = await call("tag_turn", { powers: values("power"), lost: values("lost"), points: values("points"),
                                     first: document.getElementById("first").value });
  if (mine !== seq) return;            // a newer change is on its way
  const answer = document.getElementById("answer");
  answer.textContent = r.error ?? r.text;
  answer.className = r.error ? "no" : "";
  document.body.dataset.turns = String(Number(document.body.dataset.turns || 0) + 1);
}

form.addEventListener("input", update);
document.getElementById("first").addEventListener("change", update);
update();
