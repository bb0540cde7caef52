// The tag battle turn helper: every change plays the turn on the engine (rulings_lib.tag.turn.tag_turn).
// The answer is brought into view above the keyboard; a refused turn is said in words.
import { call, ready } from "./kit.js";
import { lang, loaded, t } from "./i18n.js";

const players = ["red-A", "red-B", "blue-A", "blue-B"];
const form = document.getElementById("players");
const fields = [["power", 0, 100000, 10, 0], ["lost", 0, 1000, 10, 0], ["points", 0, 100, 10, 100]];

function build() {
  for (const p of players) {
    const fs = document.createElement("fieldset");
    const legend = document.createElement("legend");
    legend.append(Object.assign(document.createElement("b"), { textContent: p }));
    fs.append(legend);
    for (const [name, min, max, step, value] of fields) {
      const label = document.createElement("label");
      const words = t(`site.tag.field.${name}`);
      label.append(document.createTextNode(words + " "));
      const input = document.createElement("input");
      Object.assign(input, { type: "number", min, max, step, value, inputMode: "numeric", name: `${p}.${name}` });
      input.setAttribute("aria-label", `${p} ${words}`);
      label.append(input);
      fs.append(label);
    }
    form.append(fs);
  }
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
async function update(scroll) {
  const mine = ++seq;
  await ready;
  const r = await call("tag_turn", { powers: values("power"), lost: values("lost"), points: values("points"),
                                     first: document.getElementById("first").value, lang });
  if (mine !== seq) return;            // a newer change is on its way
  const answer = document.getElementById("answer");
  answer.textContent = r.error ?? r.text;
  answer.className = r.error ? "no" : "";
  const notes = document.getElementById("notes");
  notes.replaceChildren(...(r.notes ?? []).map((n) => Object.assign(document.createElement("li"), { textContent: n })));
  document.body.dataset.turns = String(Number(document.body.dataset.turns || 0) + 1);
  if (scroll) {
    // The answer sits below the inputs: bring it where the person can read it (above the keyboard).
    const box = document.querySelector(".answer-panel");
    const r2 = box.getBoundingClientRect();
    const bottom = window.visualViewport ? window.visualViewport.height : innerHeight;
    if (r2.top > bottom - 80 || r2.bottom < 0) box.scrollIntoView({ block: "nearest", behavior: "instant" });
  }
}

async function start() {
  await loaded;
  build();
  form.addEventListener("submit", (e) => e.preventDefault());      // (Enter in a box: nothing to send)
  form.addEventListener("change", () => update(true));
  form.addEventListener("input", () => update(false));
  document.getElementById("first").addEventListener("change", () => update(true));
  update(false);
}

start();
