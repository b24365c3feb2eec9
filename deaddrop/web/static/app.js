// The page of one seat at one table (`deaddrop serve`, docs/serve.md): the board, the actions
// this seat may take, the log with undo, redo and void; live from the server's events (the
// state read once, then what changed: delta.js), with a poll while they are down. The secret
// code is the last part of the address: /p/<code>.
import { patch } from "./delta.js";
import { $, clear, h, sideKey } from "./dom.js";
import { drawBoard } from "./widgets.js";
import { drawForms, fieldValues, formParams, pickLine, pickValue, updateChoices } from "./forms.js";
import { photoControl } from "./photo.js";

const POLL_MS = 5000; // while the event stream is down
const SETTLE_MS = 1500; // after a tap, how long the stream has to bring its change
const code = (/^\/p\/([A-Za-z0-9_-]+)\/?$/.exec(location.pathname) || [])[1] || null;
const api = (path) => `/api/${code}/${path}`;

let current = null; // the last state shown
let formsKey = null; // the declarations the forms were built from (kept while they do not change)
let formsMade = 0; // how many times the forms were built (a new set is laid out anew)
let loading = null;
let reloadAgain = false;
let events = null;
let drawn = []; // waiting for the next state drawn (see nextDraw)

// ---- talking to the server -------------------------------------------------------------------

async function getState() {
  const response = await fetch(api("state"), { cache: "no-store", headers: { Accept: "application/json" } });
  if (response.status === 404) throw Object.assign(new Error("unknown link"), { gone: true });
  if (!response.ok) throw new Error(`the table answered ${response.status}`);
  return response.json();
}

// Every POST carries an Idempotency-Key, one per tap: the server answers a key it has seen with
// the reply it gave, so a tap sent again (the network dropped, the server fell over mid-action)
// is never applied twice. crypto.getRandomValues works on a plain-http address of the local
// network, where crypto.randomUUID (secure contexts only) does not exist.
function newKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const RETRY_MS = [400, 1200]; // the same tap sent again, twice, with the same key
const UNSURE = new Set([500, 502, 503, 504]); // the server may or may not have done it

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

async function postOnce(path, body, key) {
  let response;
  try {
    response = await fetch(api(path), {
      method: "POST",
      cache: "no-store",
      headers: { "Content-Type": "application/json", Accept: "application/json", "Idempotency-Key": key },
      body: JSON.stringify(body),
    });
  } catch (error) {
    return { ok: false, unsure: true, error: "the table cannot be reached (is `deaddrop serve` still running?)" };
  }
  let answer = null;
  try {
    answer = await response.json();
  } catch (error) {
    answer = null;
  }
  const unsure = UNSURE.has(response.status);
  if (answer && typeof answer === "object") return { status: response.status, unsure, ...answer };
  return { ok: false, unsure, status: response.status, error: `the table answered ${response.status}` };
}

// One tap: sent, and sent again with the same key while the answer is unsure.
async function post(path, body, key) {
  let answer = await postOnce(path, body, key);
  for (const wait of RETRY_MS) {
    if (!answer.unsure) break;
    await sleep(wait);
    answer = await postOnce(path, body, key);
  }
  return answer;
}

// A tap whose answer stayed unsure keeps its key: the same tap again (the same form, the same
// values; the same button) is sent with it, so it can only be applied once.
const unsureTaps = new Map(); // what was tapped -> {sig, key}

function keyFor(what, sig) {
  const kept = unsureTaps.get(what);
  return kept && kept.sig === sig ? kept.key : newKey();
}

function settle(what, sig, key, answer) {
  if (answer.unsure) unsureTaps.set(what, { sig, key });
  else unsureTaps.delete(what);
}

// ---- showing what happened -------------------------------------------------------------------

function showOutcome(box, answer, again) {
  clear(box);
  box.hidden = false;
  box.className = "outcome";
  if (answer.ok && answer.pending) {
    box.classList.add("pending");
    box.append(h("strong", {}, "Asked. "), h("span", { class: "outcome-text" }, answer.line || "waiting for another seat"));
  } else if (answer.ok) {
    box.classList.add("done");
    box.append(h("strong", {}, "Done. "), h("span", { class: "outcome-text" }, answer.line || ""));
  } else if (answer.unsure) {
    box.classList.add("error", "unsure");
    box.append(
      h("strong", {}, "Not sure it was taken"),
      h("span", { class: "why" }, answer.error || "the table did not answer"),
      h("span", { class: "check" }, "Check the log before doing it again: Try again sends this same tap, which the table applies at most once."),
    );
    if (again) {
      const retry = h("button", { type: "button", class: "button retry" }, "Try again");
      retry.addEventListener("click", () => {
        retry.disabled = true;
        again();
      });
      box.append(retry);
    }
  } else if (answer.rule !== undefined || answer.why !== undefined) {
    box.classList.add("refused");
    box.append(
      h("strong", {}, "Refused by the rules"),
      h("span", { class: "rule" }, answer.rule || ""),
      h("span", { class: "why" }, answer.why || ""),
    );
  } else {
    box.classList.add("error");
    box.append(h("strong", {}, "Not taken: "), h("span", { class: "why" }, answer.error || "unknown error"));
  }
}

// The outcome where the player sees it: under the header (sticky), above the tabs.
function reveal(box) {
  if (box.hidden) return;
  const top = document.querySelector(".top").getBoundingClientRect().bottom;
  const bottom = window.innerHeight - document.querySelector(".tabs").getBoundingClientRect().height;
  const r = box.getBoundingClientRect();
  if (r.top >= top + 4 && r.bottom <= bottom - 4) return;
  window.scrollBy({ top: r.top - top - 8, behavior: "instant" });
}

function message(text) {
  const box = $("message");
  box.textContent = text || "";
  box.hidden = !text;
}

// ---- drawing the state -----------------------------------------------------------------------

function drawHeader(state) {
  $("title").textContent = state.title || state.game || "Dead Drop";
  document.title = `${state.table || "table"} · Dead Drop`;
  $("table").textContent = state.table ? `table ${state.table}` : "";
  const seat = $("seat");
  if (state.seat === null || state.seat === undefined) {
    seat.textContent = "watching";
    seat.dataset.side = "";
    seat.classList.add("spectator");
  } else {
    seat.textContent = `you: ${state.seat}`;
    seat.dataset.side = sideKey(state.seat) || "";
    seat.classList.remove("spectator");
  }
  const applied = (state.log || []).filter((line) => line.state === "applied");
  const last = applied[applied.length - 1];
  // an entry of several lines (a Spies! set up that starts the year) keeps them apart
  const lines = last ? `${last.n}. ${last.text}`.split("\n").filter((t) => t.trim()) : ["no actions yet"];
  clear($("last")).append(...lines.map((t) => h("span", { class: "last-line" }, t)));
}

// A void form a player opened survives every redraw (another seat acting, the CLI): which entry,
// what was typed, and whether the reason box had the focus.
let openVoid = null;

// "Undo", or "Ask red to undo" when another seat must confirm it (state.undo_needs).
function asking(word, needs) {
  return Array.isArray(needs) && needs.length ? `Ask ${needs.join(" and ")} to ${word.toLowerCase()}` : word;
}

function drawLog(state) {
  const typing = document.activeElement && document.activeElement.classList.contains("void-why");
  const list = clear($("log"));
  const lines = Array.isArray(state.log) ? [...state.log].reverse() : [];
  const acting = state.seat !== null && state.seat !== undefined;
  for (const line of lines) {
    const status = ["applied", "undone", "voided"].includes(line.state) ? line.state : "applied";
    const by = typeof line.by === "string" && line.by ? line.by : null;
    const item = h(
      "li",
      { class: `log-line ${status}`, value: line.n, data: { n: line.n } },
      h("span", { class: "log-n" }, `${line.n}.`),
      h("span", { class: "log-text" }, line.text),
      status !== "applied" ? h("span", { class: "tag" }, status) : null,
      by ? h("span", { class: "log-by", data: { side: sideKey(by) } }, `by ${by}`) : null,
    );
    // void_needs: absent (an older server) or [] void at once; a list asks those seats; null: not this seat's
    const needs = line.void_needs === undefined ? [] : line.void_needs;
    if (acting && status === "applied" && Array.isArray(needs)) item.appendChild(voidControl(line.n, typing, needs));
    list.appendChild(item);
  }
  // kept while its entry is in the log: from a phone only the last entry may be voided, so a later
  // entry hides the form, and the host's undo of that entry brings it back with what was typed
  if (openVoid && !list.querySelector(`.log-line[data-n="${openVoid.n}"]`)) openVoid = null;
  if (!lines.length) list.appendChild(h("li", { class: "log-line empty" }, "No actions yet."));
  $("undo").disabled = !acting || !state.can_undo;
  $("redo").disabled = !acting || !state.can_redo;
  $("undo").textContent = asking("Undo", state.undo_needs);
  $("redo").textContent = asking("Redo", state.redo_needs);
  $("undo").hidden = !acting;
  $("redo").hidden = !acting;
}

function voidControl(n, typing, needs) {
  const reason = h("input", { type: "text", class: "void-why", placeholder: "why (e.g. misheard the rank)", "aria-label": `why entry ${n} is void` });
  const ask = needs.length > 0;
  const confirm = h("button", { type: "submit", class: "button danger" }, ask ? `Ask to void ${n}` : `Void ${n}`);
  const kept = openVoid && openVoid.n === n;
  const form = h("form", { class: "void-form", hidden: !kept }, reason, confirm);
  const open = h(
    "button",
    { type: "button", class: "button small void-open", "aria-label": `void entry ${n}` },
    ask ? `${asking("Void", needs)}…` : "Void…",
  );
  if (kept) {
    reason.value = openVoid.why;
    if (typing) queueMicrotask(() => reason.focus());
  }
  reason.addEventListener("input", () => {
    if (openVoid && openVoid.n === n) openVoid.why = reason.value;
  });
  open.addEventListener("click", () => {
    form.hidden = !form.hidden;
    openVoid = form.hidden ? (openVoid && openVoid.n === n ? null : openVoid) : { n, why: reason.value };
    if (!form.hidden) reason.focus();
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const why = reason.value.trim();
    if (!why) {
      showOutcome($("log-outcome"), { ok: false, error: "say why the entry is void (as `table void N --why`)" });
      return;
    }
    confirm.disabled = true;
    await tap(`void ${n}`, "void", { event: n, why }, $("log-outcome"), async (answer) => {
      confirm.disabled = false;
      if (answer.ok && openVoid && openVoid.n === n) openVoid = null;
    });
  });
  return h("div", { class: "void" }, open, form);
}

// The forms are built once per set of declarations (what a player is typing survives every
// reload); each reload only moves them: the actions the game allows in its phase now first (the
// one its "next" names on top, open), the others folded under "Other actions".
let forms = new Map();
let order = []; // the actions as laid out: those allowed now first

// What the game does next: its view's "next", or the board's "Next" (Spy!'s view has none).
function nextOf(state) {
  const view = state.view && typeof state.view === "object" ? state.view : {};
  if (typeof view.next === "string" && view.next) return view.next;
  const stat = (Array.isArray(state.board) ? state.board : []).find((w) => w && w.kind === "stat" && w.label === "Next");
  return stat && typeof stat.value === "string" ? stat.value : null;
}

// Spy!'s seal: the network may be read from a photo of the sheet (photo.js).
function addPhoto(card) {
  const input = card.querySelector('.field[data-field="network"] input');
  if (input) input.closest(".field").append(photoControl(api, input));
}

function drawForms_(state) {
  const acting = state.seat !== null && state.seat !== undefined && Array.isArray(state.actions) && state.actions.length > 0;
  $("tab-act").hidden = !acting;
  if (!acting) {
    if (!$("act-tab").hidden) showTab("board-tab");
    clear($("actions"));
    delete $("actions").dataset.layout;
    forms = new Map();
    formsKey = null;
    order = [];
    return;
  }
  const key = JSON.stringify([state.actions, state.seat_params, state.seat_values, state.not_yours]);
  const choices = state.choices && typeof state.choices === "object" ? state.choices : {};
  if (key !== formsKey) {
    formsKey = key;
    formsMade += 1;
    forms = new Map();
    const drawn = drawForms(state.actions, state.seat_params || {}, state.seat_values, act, choices, state.not_yours || {});
    state.actions.forEach((action, i) => forms.set(action.name, drawn[i]));
    if (state.game === "spy" && forms.has("seal")) addPhoto(forms.get("seal"));
  } else {
    // the values a seat may pick follow the game (a tile played, a spy moved): those fields only
    for (const action of state.actions) {
      const card = forms.get(action.name);
      if (card) updateChoices(card, action, (state.seat_params || {})[action.name], choices);
    }
  }
  const view = state.view && typeof state.view === "object" ? state.view : {};
  const phase = typeof view.phase === "string" ? view.phase : null;
  const now = [];
  const later = [];
  for (const action of state.actions) {
    const phases = (action.when && action.when.phases) || [];
    (phase === null || phases.length === 0 || phases.includes(phase) ? now : later).push(action.name);
  }
  // the first action the game's "next" names ("guess: ...", "Germany: search, move ...")
  const next = nextOf(state);
  const words = next ? next.match(/[a-z_]+/g) || [] : [];
  const named = words.find((word) => now.includes(word)) || null;
  if (named) now.unshift(...now.splice(now.indexOf(named), 1));
  order = [...now, ...later];
  const container = $("actions");
  if (named && forms.get(named) && named !== container.dataset.named) forms.get(named).open = true;
  container.dataset.named = named || "";
  // the same forms in the same places: nothing moves under a finger (a redraw on every event
  // and poll would re-insert each card, and a tap landing meanwhile would be lost)
  const idle = next ? `Nothing to do now: ${next}.` : "No action in this phase.";
  const layout = JSON.stringify([formsMade, now, later, now.length ? "" : idle]);
  if (layout === container.dataset.layout) return;
  container.dataset.layout = layout;
  const groupNow = h(
    "div",
    { class: "actions now" },
    now.length ? now.map((name) => forms.get(name)) : h("p", { class: "note idle" }, idle),
  );
  const folded = later.length
    ? h(
        "details",
        { class: "later", open: container.querySelector(".later[open]") ? true : null },
        h("summary", {}, `Other actions (${later.length}), not in this phase`),
        h("div", { class: "actions" }, later.map((name) => forms.get(name))),
      )
    : null;
  clear(container).append(groupNow, ...(folded ? [folded] : []));
}

// ---- requests: what another seat must confirm -------------------------------------------------
// A request to this seat (an undo, a void, an action that needs its answer) is a card at the top
// of the Act tab with what it gives and Confirm / Decline; this seat's own waits with Withdraw.
let requestsKey = null;

function drawRequests(state) {
  const box = $("requests");
  const all = Array.isArray(state.requests) ? state.requests : [];
  const shown = state.seat === null || state.seat === undefined ? [] : all.filter((r) => r && typeof r === "object" && (r.answer || r.mine));
  const asked = shown.filter((r) => r.answer).length;
  const tab = $("tab-act");
  if (asked) tab.dataset.attention = String(asked);
  else delete tab.dataset.attention;
  const key = JSON.stringify(shown);
  if (key === requestsKey) return;
  requestsKey = key;
  clear(box).append(...shown.map((r) => (r.answer ? askCard(r) : waitCard(r))));
  box.hidden = !shown.length;
}

function names(seats) {
  return Array.isArray(seats) && seats.length ? seats.join(" and ") : "the other seats";
}

function askCard(r) {
  const give = Array.isArray(r.give) ? r.give : [];
  const action = { name: r.action || "answer", params: give };
  const [card] = drawForms([action], {}, [], () => {}, latest().choices || {});
  const fields = [...card.querySelectorAll(".field")];
  const confirm = h("button", { type: "submit", class: "button primary" }, "Confirm");
  const decline = h("button", { type: "button", class: "button" }, "Decline");
  const form = h("form", { class: "request-form", autocomplete: "off" }, fields, h("div", { class: "request-buttons" }, confirm, decline));
  const send = async (yes) => {
    confirm.disabled = decline.disabled = true;
    const params = yes ? formParams(form) : {};
    await tap(`answer ${r.id}`, "answer", { request: r.id, yes, params }, $("outcome"), async () => {
      confirm.disabled = decline.disabled = false;
    });
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    send(true);
  });
  decline.addEventListener("click", () => send(false));
  return h(
    "section",
    { class: "request ask", data: { request: r.id, op: r.op } },
    h("h2", { class: "request-title" }, `${r.from || "another seat"} asks you`),
    h("p", { class: "request-text" }, r.text || ""),
    form,
  );
}

function waitCard(r) {
  const withdraw = h("button", { type: "button", class: "button" }, "Withdraw");
  withdraw.addEventListener("click", async () => {
    withdraw.disabled = true;
    await tap(`withdraw ${r.id}`, "answer", { request: r.id, yes: false, params: {} }, $("outcome"));
  });
  return h(
    "section",
    { class: "request mine", data: { request: r.id, op: r.op } },
    h("h2", { class: "request-title" }, `Waiting for ${names(r.waiting)}`),
    h("p", { class: "request-text" }, r.text || ""),
    withdraw,
  );
}

const latest = () => current || {};

// ---- picking on the board ---------------------------------------------------------------------
// A tap on a room or a cell of the board (not on the seat's own secret card) fills the first
// action, in the Act tab's order, that lists it among its values; a bar above the tabs says what
// was picked, with the action's button. Spy!'s cells: a second tap in line makes a line (4B-4E).
let pick = null; // {action, param, cells: [cell elements' names], value, from: {r, c, name}}

function cellName(cell) {
  if (cell.dataset.value) return [cell.dataset.value, cell.dataset.value]; // a place on a map
  return [`${cell.dataset.row}${cell.dataset.col}`, `${cell.dataset.col}${cell.dataset.row}`];
}

function paramsOf(name) {
  const action = (latest().actions || []).find((a) => a.name === name);
  return action ? action.params || [] : [];
}

function onBoardTap(event) {
  const cell = event.target.closest(".cell.pickable");
  if (!cell || !$("board").contains(cell)) return;
  const candidates = cellName(cell);
  const grid = cell.closest(".grid");
  for (const name of order) {
    const card = forms.get(name);
    if (!card) continue;
    for (const param of paramsOf(name)) {
      const values = fieldValues(card, param.name);
      const value = candidates.find((v) => values.includes(v));
      if (value === undefined) continue;
      const at = { r: Number(cell.dataset.r), c: Number(cell.dataset.c), name: value, grid: grid ? grid.dataset.label : "" };
      let cells = [value];
      let text = value;
      const prior = pick && pick.action === name && pick.param === param.name && pick.from ? pick.from : null;
      if (param.type === "cells" && prior && pick.cells.length === 1 && prior.grid === at.grid && inLine(prior, at)) {
        cells = lineOf(grid, prior, at);
        text = `${prior.name}-${value}`;
        pickLine(card, param.name, prior.name, value);
        pick = { action: name, param: param.name, cells, value: text, from: null };
      } else {
        pickValue(card, param.name, value);
        pick = { action: name, param: param.name, cells, value: text, from: at };
      }
      showPick();
      return;
    }
  }
}

function inLine(a, b) {
  const length = a.r === b.r ? Math.abs(a.c - b.c) + 1 : a.c === b.c ? Math.abs(a.r - b.r) + 1 : 0;
  return length >= 2 && length <= 5;
}

function lineOf(grid, a, b) {
  const out = [];
  for (const cell of grid.querySelectorAll(".cell")) {
    const r = Number(cell.dataset.r);
    const c = Number(cell.dataset.c);
    const within = (x, p, q) => x >= Math.min(p, q) && x <= Math.max(p, q);
    if (within(r, a.r, b.r) && within(c, a.c, b.c)) out.push(...cellName(cell).slice(0, 1));
  }
  return out;
}

function markPicked() {
  for (const cell of $("board").querySelectorAll(".cell")) {
    const [name] = cellName(cell);
    const alt = cellName(cell)[1];
    cell.classList.toggle("picked", Boolean(pick) && (pick.cells.includes(name) || pick.cells.includes(alt)));
  }
}

function markPickable() {
  const values = new Set();
  for (const name of order) {
    const card = forms.get(name);
    if (!card) continue;
    for (const param of paramsOf(name)) for (const v of fieldValues(card, param.name)) values.add(v);
  }
  for (const cell of $("board").querySelectorAll(".cell")) {
    const own = cell.closest(".private");
    cell.classList.toggle("pickable", !own && cellName(cell).some((v) => values.has(v)));
  }
}

function showPick() {
  const bar = $("pickbar");
  markPicked();
  if (!pick) {
    bar.hidden = true;
    document.body.classList.remove("picking");
    return;
  }
  clear(bar);
  const go = h("button", { type: "button", class: "button primary pick-go" }, pick.action.replace(/_/g, " "));
  const drop = h("button", { type: "button", class: "button pick-drop", "aria-label": "clear what was picked" }, "×");
  go.addEventListener("click", () => {
    const card = forms.get(pick.action);
    if (!card) return clearPick();
    showTab("act-tab");
    card.open = true;
    card.querySelector("form").requestSubmit();
  });
  drop.addEventListener("click", () => {
    const card = pick && forms.get(pick.action);
    if (card) pickValue(card, pick.param, "");
    clearPick();
  });
  bar.append(h("span", { class: "pick-text" }, `${pick.action.replace(/_/g, " ")} ${pick.param}=${pick.value}`), go, drop);
  bar.hidden = false;
  document.body.classList.add("picking");
}

function clearPick() {
  pick = null;
  showPick();
}

function draw(state) {
  current = state;
  for (const done of drawn.splice(0)) done(true);
  message("");
  document.body.dataset.state = "shown";
  if (events === null && code) listen();
  document.body.dataset.game = state.game || "";
  drawHeader(state);
  const board = clear($("board"));
  const widgets = drawBoard(state.board, api);
  if (widgets.length) board.append(...widgets);
  else board.appendChild(h("p", { class: "note" }, "This game draws no board yet: see the log."));
  drawForms_(state);
  drawRequests(state);
  drawLog(state);
  markPickable();
  if (pick && !forms.get(pick.action)) pick = null;
  showPick();
}

// ---- acting ----------------------------------------------------------------------------------

// One tap of a button that sends something: its key kept while the answer is unsure (see post).
async function tap(what, path, body, box, after) {
  const sig = JSON.stringify([path, body]);
  const key = keyFor(what, sig);
  const answer = await post(path, body, key);
  settle(what, sig, key, answer);
  if (after) await after(answer);
  showOutcome(box, answer, answer.unsure ? () => tap(what, path, body, box, after) : null);
  reveal(box); // at once, and again once the state it changed is drawn
  // the stream brings the change (it may have come before the answer: the version shown)
  const shown = () => answer.version && current && String(current.version) === String(answer.version);
  if (!live() || (!shown() && !(await nextDraw(SETTLE_MS)))) await reload();
  reveal(box);
  return answer;
}

async function act(name, params, form) {
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  await tap(`do ${name}`, "do", { action: name, params }, $("outcome"), async (answer) => {
    button.disabled = false;
    if (answer.ok) {
      form.reset();
      clearPick();
    }
  });
}

async function simple(path) {
  const button = $(path);
  button.disabled = true;
  await tap(path, path, {}, $("log-outcome"));
}

// ---- staying live ----------------------------------------------------------------------------

async function reload() {
  if (loading) {
    reloadAgain = true;
    return loading;
  }
  loading = (async () => {
    do {
      reloadAgain = false;
      try {
        draw(await getState());
      } catch (error) {
        if (error.gone) return gone();
        console.error(error);
        setLive("offline");
        message("The table cannot be reached; trying again…");
      }
    } while (reloadAgain);
  })();
  try {
    await loading;
  } finally {
    loading = null;
  }
}

// A link the server does not know (now): no data stays on the page. The poll goes on, so a
// table that was only out of reach for a moment comes back.
function gone() {
  current = null;
  if (events) events.close();
  events = null;
  forms = new Map();
  formsKey = null;
  clear($("board"));
  clear($("actions"));
  delete $("actions").dataset.layout;
  clear($("log"));
  $("tab-act").hidden = true;
  $("title").textContent = "Dead Drop";
  $("table").textContent = "";
  $("seat").textContent = "";
  $("seat").dataset.side = "";
  $("last").textContent = "";
  $("outcome").hidden = true;
  $("log-outcome").hidden = true;
  clear($("requests"));
  requestsKey = null;
  pick = null;
  showPick();
  setLive("offline");
  message("This link is not valid. Ask the table's host for your link.");
  document.body.dataset.state = "unknown";
}

function setLive(state) {
  const live = $("live");
  live.dataset.state = state;
  live.textContent = { live: "live", polling: "polling", offline: "offline" }[state] || state;
}

// The event stream: the server sends what changed since the version the page holds (`since`,
// then the id of the last event, which the browser sends back when it reconnects): `delta`
// (operations on the state held), `state` (the whole state) or `version` (nothing changed).
function listen() {
  if (!("EventSource" in window)) return setLive("polling");
  const stream = new EventSource(api(current ? `events?since=${encodeURIComponent(current.version)}` : "events"));
  events = stream;
  const mine = (handler) => (event) => {
    if (events === stream) handler(event);
  };
  stream.addEventListener("open", mine(() => setLive("live")));
  stream.addEventListener("state", mine((event) => draw(JSON.parse(event.data))));
  stream.addEventListener(
    "delta",
    mine((event) => {
      const delta = JSON.parse(event.data);
      if (!current || String(delta.from) !== String(current.version)) return resync();
      let next;
      try {
        next = patch(current, delta.ops);
      } catch (error) {
        console.error(error);
        return resync();
      }
      draw(next);
    }),
  );
  stream.addEventListener(
    "version",
    mine((event) => {
      if (!current || String(current.version) !== String(event.data)) resync();
    }),
  );
  stream.addEventListener("error", mine(() => setLive(stream.readyState === EventSource.CLOSED ? "polling" : "offline")));
}

const live = () => events !== null && events.readyState === EventSource.OPEN;

// The state read again, and the stream opened again from it (a delta that does not fit).
async function resync() {
  if (events) events.close();
  events = null;
  await reload();
  if (events === null && current && code) listen();
}

// Resolves true at the next state drawn, false after `ms`.
function nextDraw(ms) {
  return new Promise((resolve) => {
    const done = (value) => {
      clearTimeout(timer);
      drawn = drawn.filter((d) => d !== done);
      resolve(value);
    };
    const timer = setTimeout(() => done(false), ms);
    drawn.push(done);
  });
}

function poll() {
  setInterval(() => {
    if (document.hidden) return;
    if (events && events.readyState === EventSource.CLOSED) {
      events = null; // the server ended it: try it again from the state read now
      reload().then(() => {
        if (events === null && current && code) listen();
      });
    } else if (!live()) reload();
  }, POLL_MS);
}

// ---- tabs ------------------------------------------------------------------------------------

function showTab(id) {
  for (const button of document.querySelectorAll(".tab-button")) {
    const on = button.dataset.tab === id;
    button.setAttribute("aria-pressed", on ? "true" : "false");
    $(button.dataset.tab).hidden = !on;
  }
  document.body.dataset.tab = id;
}

function start() {
  for (const button of document.querySelectorAll(".tab-button")) {
    button.addEventListener("click", () => showTab(button.dataset.tab));
  }
  $("board").addEventListener("click", onBoardTap);
  $("undo").addEventListener("click", () => simple("undo"));
  $("redo").addEventListener("click", () => simple("redo"));
  showTab("board-tab");
  if (!code) return gone();
  setLive("offline");
  reload().then(poll);
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden && !live()) reload();
  });
}

start();
