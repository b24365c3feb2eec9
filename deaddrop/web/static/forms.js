// The action forms, generated from the game's declarations (`deaddrop table actions GAME --json`):
// one card per action, one field per parameter; the seat's own parameter is filled by the server.
// What a field sends is the text as typed on the command line (`deaddrop table do`).
import { h } from "./dom.js";

// Kind names that stand for a value rather than being one ("colour|none": a colour, or none).
const PLACEHOLDERS = new Set(["colour", "color", "number", "room", "power", "city", "spy", "text", "tile", "label", "chit"]);
const MAX_CHOICE_RANGE = 12; // "rank 1-10": buttons; a longer range is typed
let serial = 0;

// What kind of field a declared type asks for.
export function fieldKind(type) {
  const t = String(type || "").trim();
  const keyed = /^\{([^{}:\[\]]+)\}$/.exec(t);
  if (keyed) {
    const keys = keyed[1].split(",").map((k) => k.trim()).filter(Boolean);
    if (keys.length) return { kind: "keyed", keys };
  }
  if (/^[^\s|{}\[\]]+(\|[^\s|{}\[\]]+)+$/.test(t)) {
    const options = t.split("|");
    const literal = options.filter((o) => !PLACEHOLDERS.has(o.toLowerCase()));
    if (literal.length === options.length) return { kind: "choice", options };
    return { kind: "text", suggestions: literal, numeric: false, list: false };
  }
  const list = /\blist\b/i.test(t);
  const range = /(\d+)\s*-\s*(\d+)/.exec(t);
  if (!list && range) {
    const [low, high] = [Number(range[1]), Number(range[2])];
    if (high >= low && high - low < MAX_CHOICE_RANGE) {
      const options = [];
      for (let n = low; n <= high; n++) options.push(String(n));
      return { kind: "choice", options };
    }
  }
  const numeric = !list && /\b(whole number|number|card|rank|mission|d6|count)\b/i.test(t);
  return { kind: "text", suggestions: [], numeric, list };
}

function choiceField(param, kind, id) {
  const options = param.required ? kind.options : ["", ...kind.options];
  return h(
    "div",
    { class: "choices", role: "radiogroup", "aria-labelledby": `${id}-label` },
    options.map((option) =>
      h(
        "label",
        { class: "choice" },
        h("input", {
          type: "radio",
          name: param.name,
          value: option,
          checked: !param.required && option === "",
          "data-param": param.name,
        }),
        h("span", {}, option === "" ? "—" : option),
      ),
    ),
  );
}

function keyedField(param, kind, id) {
  return h(
    "div",
    { class: "keyed", "aria-labelledby": `${id}-label` },
    kind.keys.map((key) =>
      h(
        "label",
        { class: "keyed-entry" },
        h("span", { class: "keyed-key" }, key),
        h("input", { type: "text", "data-param": param.name, "data-key": key, autocomplete: "off", autocapitalize: "off", spellcheck: "false" }),
      ),
    ),
  );
}

function textField(param, kind, id) {
  const listId = kind.suggestions.length ? `${id}-list` : null;
  return [
    h("input", {
      id,
      type: "text",
      name: param.name,
      "data-param": param.name,
      "data-list": kind.list ? "yes" : null,
      inputmode: kind.numeric ? "numeric" : null,
      list: listId,
      autocomplete: "off",
      autocapitalize: "off",
      spellcheck: "false",
      placeholder: kind.list ? "e.g. 1, 3" : null,
    }),
    listId ? h("datalist", { id: listId }, kind.suggestions.map((s) => h("option", { value: s }))) : null,
  ];
}

function field(action, param, seatChoice) {
  const id = `f${++serial}`;
  const kind = seatChoice ? { kind: "choice", options: seatChoice } : fieldKind(param.type);
  const required = param.required || Boolean(seatChoice);
  const p = { ...param, required };
  let control;
  if (kind.kind === "choice") control = choiceField(p, kind, id);
  else if (kind.kind === "keyed") control = keyedField(p, kind, id);
  else control = textField(p, kind, id);
  const help = [param.help, param.type ? `(${param.type})` : ""].filter(Boolean).join(" ");
  return h(
    "div",
    { class: "field", data: { kind: kind.kind, field: param.name } },
    h(
      "label",
      { class: "field-label", id: `${id}-label`, for: kind.kind === "text" ? id : null },
      param.name,
      required ? null : h("span", { class: "optional" }, " optional"),
    ),
    control,
    help ? h("p", { class: "hint" }, help) : null,
  );
}

// The params to send, as typed; empty fields are left out (the server says what is missing).
export function formParams(form) {
  const params = {};
  const keyed = {};
  for (const input of form.querySelectorAll("[data-param]")) {
    const name = input.dataset.param;
    if (input.type === "radio") {
      if (input.checked && input.value !== "") params[name] = input.value;
      continue;
    }
    const value = input.value.trim();
    if (input.dataset.key) {
      if (value !== "") (keyed[name] ||= []).push(`${input.dataset.key}: ${value}`);
      continue;
    }
    if (value === "") continue;
    params[name] = input.dataset.list && !/^\[/.test(value) ? `[${value}]` : value;
  }
  for (const [name, entries] of Object.entries(keyed)) params[name] = `{${entries.join(", ")}}`;
  return params;
}

// One card per declared action. `seatParams`: {action: param} the server fills; `seatValues`:
// the values that parameter may take for this seat when it has a choice (several powers).
export function drawForms(actions, seatParams, seatValues, submit) {
  return (Array.isArray(actions) ? actions : []).map((action) => {
    const seatParam = seatParams ? seatParams[action.name] : undefined;
    const choice = Array.isArray(seatValues) && seatValues.length > 1 ? seatValues : null;
    const params = (action.params || []).filter((p) => p.name !== seatParam || choice);
    const form = h(
      "form",
      { class: "action-form", data: { action: action.name }, autocomplete: "off" },
      params.map((p) => field(action, p, p.name === seatParam ? choice : null)),
      h("button", { type: "submit", class: "button primary" }, action.name.replace(/_/g, " ")),
    );
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      submit(action.name, formParams(form), form);
    });
    const when = action.when && action.when.text ? action.when.text : "";
    return h(
      "details",
      { class: "action", data: { action: action.name } },
      h(
        "summary",
        {},
        h("span", { class: "action-name" }, action.name.replace(/_/g, " ")),
        h("span", { class: "action-help" }, action.help || ""),
      ),
      when ? h("p", { class: "when" }, `When: ${when}`) : null,
      form,
    );
  });
}
