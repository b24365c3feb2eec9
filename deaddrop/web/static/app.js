// The page of one seat at one table (`deaddrop serve`, docs/serve.md): the board, the actions
// this seat may take, the log with undo, redo and void; live from the server's events, with a
// poll as the fallback. The secret code is the last part of the address: /p/<code>.
import { $, clear, h, sideKey } from "./dom.js";
import { drawBoard } from "./widgets.js";
import { drawForms } from "./forms.js";

const POLL_MS = 5000;
const code = (/^\/p\/([A-Za-z0-9_-]+)\/?$/.exec(location.pathname) || [])[1] || null;
const api = (path) => `/api/${code}/${path}`;

let current = null; // the last state shown
let formsKey = null; // the declarations the forms were built from (kept while they do not change)
let formsMade = 0; // how many times the forms were built (a new set is laid out anew)
let loading = null;
let reloadAgain = false;
let events = null;

// ---- talking to the server -------------------------------------------------------------------

async function getState() {
  const response = await fetch(api("state"), { cache: "no-store", headers: { Accept: "application/json" } });
  if (response.status === 404) throw Object.assign(new Error("unknown link"), { gone: true });
  if (!response.ok) throw new Error(`the table answered ${response.status}`);
  return response.json();
}

async function post(path, body) {
  let response;
  try {
    response = await fetch(api(path), {
      method: "POST",
      cache: "no-store",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
  } catch (error) {
    return { ok: false, error: "the table cannot be reached (is `deaddrop serve` still running?)" };
  }
  let answer = null;
  try {
    answer = await response.json();
  } catch (error) {
    answer = null;
  }
  if (answer && typeof answer === "object") return { status: response.status, ...answer };
  return { ok: false, status: response.status, error: `the table answered ${response.status}` };
}

// ---- showing what happened -------------------------------------------------------------------

function showOutcome(box, answer) {
  clear(box);
  box.hidden = false;
  box.className = "outcome";
  if (answer.ok) {
    box.classList.add("done");
    box.append(h("strong", {}, "Done. "), h("span", { class: "outcome-text" }, answer.line || ""));
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
  $("last").textContent = last ? `${last.n}. ${last.text}` : "no actions yet";
}

// A void form a player opened survives every redraw (another seat acting, the CLI): which entry,
// what was typed, and whether the reason box had the focus.
let openVoid = null;

function drawLog(state) {
  const typing = document.activeElement && document.activeElement.classList.contains("void-why");
  const list = clear($("log"));
  const lines = Array.isArray(state.log) ? [...state.log].reverse() : [];
  const acting = state.seat !== null && state.seat !== undefined;
  for (const line of lines) {
    const status = ["applied", "undone", "voided"].includes(line.state) ? line.state : "applied";
    const item = h(
      "li",
      { class: `log-line ${status}`, value: line.n, data: { n: line.n } },
      h("span", { class: "log-n" }, `${line.n}.`),
      h("span", { class: "log-text" }, line.text),
      status !== "applied" ? h("span", { class: "tag" }, status) : null,
    );
    if (acting && status === "applied") item.appendChild(voidControl(line.n, typing));
    list.appendChild(item);
  }
  if (openVoid && !list.querySelector(`.log-line.applied[data-n="${openVoid.n}"]`)) openVoid = null;
  if (!lines.length) list.appendChild(h("li", { class: "log-line empty" }, "No actions yet."));
  $("undo").disabled = !acting || !state.can_undo;
  $("redo").disabled = !acting || !state.can_redo;
  $("undo").hidden = !acting;
  $("redo").hidden = !acting;
}

function voidControl(n, typing) {
  const reason = h("input", { type: "text", class: "void-why", placeholder: "why (e.g. misheard the rank)", "aria-label": `why entry ${n} is void` });
  const confirm = h("button", { type: "submit", class: "button danger" }, `Void ${n}`);
  const kept = openVoid && openVoid.n === n;
  const form = h("form", { class: "void-form", hidden: !kept }, reason, confirm);
  const open = h("button", { type: "button", class: "button small void-open", "aria-label": `void entry ${n}` }, "Void…");
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
    const answer = await post("void", { event: n, why });
    confirm.disabled = false;
    showOutcome($("log-outcome"), answer);
    if (answer.ok) {
      if (openVoid && openVoid.n === n) openVoid = null;
      await reload();
    }
  });
  return h("div", { class: "void" }, open, form);
}

// The forms are built once per set of declarations (what a player is typing survives every
// reload); each reload only moves them: the actions the game allows in its phase now first (the
// one its "next" names on top, open), the others folded under "Other actions".
let forms = new Map();

function drawForms_(state) {
  const acting = state.seat !== null && state.seat !== undefined && Array.isArray(state.actions) && state.actions.length > 0;
  $("tab-act").hidden = !acting;
  if (!acting) {
    if (!$("act-tab").hidden) showTab("board-tab");
    clear($("actions"));
    delete $("actions").dataset.layout;
    forms = new Map();
    formsKey = null;
    return;
  }
  const key = JSON.stringify([state.actions, state.seat_params, state.seat_values]);
  if (key !== formsKey) {
    formsKey = key;
    formsMade += 1;
    forms = new Map();
    const drawn = drawForms(state.actions, state.seat_params || {}, state.seat_values, act);
    state.actions.forEach((action, i) => forms.set(action.name, drawn[i]));
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
  const words = typeof view.next === "string" ? view.next.match(/[a-z_]+/g) || [] : [];
  const named = words.find((word) => now.includes(word)) || null;
  if (named) now.unshift(...now.splice(now.indexOf(named), 1));
  const container = $("actions");
  if (named && forms.get(named) && named !== container.dataset.named) forms.get(named).open = true;
  container.dataset.named = named || "";
  // the same forms in the same places: nothing moves under a finger (a redraw on every event
  // and poll would re-insert each card, and a tap landing meanwhile would be lost)
  const idle = typeof view.next === "string" && view.next ? `Nothing to do now: ${view.next}.` : "No action in this phase.";
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

function draw(state) {
  current = state;
  message("");
  document.body.dataset.state = "shown";
  if (events === null && code) listen();
  document.body.dataset.game = state.game || "";
  drawHeader(state);
  const board = clear($("board"));
  const widgets = drawBoard(state.board);
  if (widgets.length) board.append(...widgets);
  else board.appendChild(h("p", { class: "note" }, "This game draws no board yet: see the log."));
  drawForms_(state);
  drawLog(state);
}

// ---- acting ----------------------------------------------------------------------------------

async function act(name, params, form) {
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  const answer = await post("do", { action: name, params });
  button.disabled = false;
  const box = $("outcome");
  showOutcome(box, answer);
  if (answer.ok) form.reset();
  await reload();
  box.scrollIntoView({ block: "nearest" });
}

async function simple(path) {
  const answer = await post(path, {});
  showOutcome($("log-outcome"), answer);
  await reload();
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
  setLive("offline");
  message("This link is not valid. Ask the table's host for your link.");
  document.body.dataset.state = "unknown";
}

function setLive(state) {
  const live = $("live");
  live.dataset.state = state;
  live.textContent = { live: "live", polling: "polling", offline: "offline" }[state] || state;
}

function listen() {
  if (!("EventSource" in window)) return setLive("polling");
  events = new EventSource(api("events"));
  events.addEventListener("open", () => setLive("live"));
  events.addEventListener("version", (event) => {
    if (!current || String(current.version) !== String(event.data)) reload();
  });
  events.addEventListener("error", () => setLive(events.readyState === EventSource.CLOSED ? "polling" : "offline"));
}

function poll() {
  setInterval(() => {
    if (!document.hidden) reload();
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
  $("undo").addEventListener("click", () => simple("undo"));
  $("redo").addEventListener("click", () => simple("redo"));
  showTab("board-tab");
  if (!code) return gone();
  setLive("offline");
  reload().then(poll);
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) reload();
  });
}

start();
