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

// A parameter with the values the server says this seat may pick (state.choices): buttons when
// they are few and short, a list otherwise, with "other (type it)" for anything else it takes.
// Spy!'s cells take a line too: a second list, the line's other end.
const MAX_BUTTONS = 8;
const MAX_BUTTON_WORD = 12;
export const OTHER = "…other…"; // the list's "other (type it)" (no game value reads so)

function pickedField(param, values, id) {
  const short = values.length <= MAX_BUTTONS && values.every((v) => v.length <= MAX_BUTTON_WORD);
  if (short) return [choiceField(param, { options: values }, id), null];
  const list = (attrs, first) =>
    h(
      "select",
      attrs,
      h("option", { value: "" }, first),
      values.map((v) => h("option", { value: v }, v)),
      h("option", { value: OTHER }, "other (type it)…"),
    );
  const select = list({ id, name: param.name, "data-param": param.name, "data-pick": "yes" }, "— choose —");
  const typed = h("input", {
    type: "text",
    "data-typed": param.name,
    hidden: true,
    autocomplete: "off",
    autocapitalize: "off",
    spellcheck: "false",
    "aria-label": `${param.name}, typed`,
  });
  const parts = [select];
  if (param.type === "cells") {
    const through = h(
      "select",
      { "data-through": param.name, "aria-label": `${param.name}: the line's other end (optional)` },
      h("option", { value: "" }, "one cell (or a line through…)"),
      values.map((v) => h("option", { value: v }, `through ${v}`)),
    );
    parts.push(through);
  }
  parts.push(typed);
  select.addEventListener("change", () => {
    typed.hidden = select.value !== OTHER;
    if (!typed.hidden) typed.focus();
  });
  return [h("div", { class: "pick" }, parts), select];
}

function field(action, param, seatChoice, values) {
  const id = `f${++serial}`;
  const picked = !seatChoice && Array.isArray(values) && values.length > 0;
  const kind = seatChoice ? { kind: "choice", options: seatChoice } : picked ? { kind: "picked" } : fieldKind(param.type);
  const required = param.required || Boolean(seatChoice);
  const p = { ...param, required };
  let control;
  if (kind.kind === "picked") {
    const [made, select] = pickedField(p, values, id);
    control = made;
    kind.kind = select ? "list" : "choice";
  } else if (kind.kind === "choice") control = choiceField(p, kind, id);
  else if (kind.kind === "keyed") control = keyedField(p, kind, id);
  else control = textField(p, kind, id);
  const help = [param.help, param.type ? `(${param.type})` : ""].filter(Boolean).join(" ");
  return h(
    "div",
    { class: "field", data: { kind: kind.kind, field: param.name, values: picked ? JSON.stringify(values) : null } },
    h(
      "label",
      { class: "field-label", id: `${id}-label`, for: kind.kind === "text" || kind.kind === "list" ? id : null },
      param.name,
      required ? null : h("span", { class: "optional" }, " optional"),
    ),
    control,
    help ? h("p", { class: "hint" }, help) : null,
  );
}

// What a field holds now (to keep it when its values are redrawn).
function held(fieldEl) {
  const checked = fieldEl.querySelector("input[type=radio]:checked");
  if (checked) return { value: checked.value };
  const select = fieldEl.querySelector("select[data-param]");
  if (select) {
    const through = fieldEl.querySelector("select[data-through]");
    const typed = fieldEl.querySelector("input[data-typed]");
    return { value: select.value, through: through ? through.value : "", typed: typed ? typed.value : "" };
  }
  return null;
}

function restore(fieldEl, was) {
  if (!was) return;
  const radio = [...fieldEl.querySelectorAll("input[type=radio]")].find((r) => r.value === was.value);
  if (radio) radio.checked = true;
  const select = fieldEl.querySelector("select[data-param]");
  if (select && [...select.options].some((o) => o.value === was.value)) {
    select.value = was.value;
    const typed = fieldEl.querySelector("input[data-typed]");
    if (typed) {
      typed.value = was.typed || "";
      typed.hidden = select.value !== OTHER;
    }
    const through = fieldEl.querySelector("select[data-through]");
    if (through && [...through.options].some((o) => o.value === was.through)) through.value = was.through;
  }
}

// Set a field to `value` (a tap on the board): true when the field takes it.
export function pickValue(card, param, value) {
  const fieldEl = card.querySelector(`.field[data-field="${CSS.escape(param)}"]`);
  if (!fieldEl) return false;
  const radio = [...fieldEl.querySelectorAll("input[type=radio]")].find((r) => r.value === value);
  if (radio) {
    radio.checked = true;
    return true;
  }
  const select = fieldEl.querySelector("select[data-param]");
  if (!select || ![...select.options].some((o) => o.value === value)) return false;
  const through = fieldEl.querySelector("select[data-through]");
  select.value = value;
  if (through) through.value = "";
  const typed = fieldEl.querySelector("input[data-typed]");
  if (typed) typed.hidden = true;
  return true;
}

// Set a line of cells (Spy!): `from` and `through`.
export function pickLine(card, param, from, through) {
  if (!pickValue(card, param, from)) return false;
  const el = card.querySelector(`.field[data-field="${CSS.escape(param)}"] select[data-through]`);
  if (el && [...el.options].some((o) => o.value === through)) el.value = through;
  return true;
}

// The values of a field that lists them ([] for a typed one).
export function fieldValues(card, param) {
  const fieldEl = card.querySelector(`.field[data-field="${CSS.escape(param)}"]`);
  try {
    return fieldEl && fieldEl.dataset.values ? JSON.parse(fieldEl.dataset.values) : [];
  } catch (error) {
    return [];
  }
}

// The values of one action's fields changed (a tile played, a spy moved): those fields are
// drawn anew, what was picked kept when it is still there; the others are not touched.
export function updateChoices(card, action, seatParam, choices) {
  const mine = (choices && choices[action.name]) || {};
  for (const param of action.params || []) {
    if (param.name === seatParam) continue; // the seat's own: its values are seat_values
    const old = card.querySelector(`.field[data-field="${CSS.escape(param.name)}"]`);
    if (!old) continue;
    const values = Array.isArray(mine[param.name]) ? mine[param.name].map(String) : null;
    const now = values && values.length ? JSON.stringify(values) : undefined;
    if (now === old.dataset.values) continue;
    const was = held(old);
    const made = field(action, param, null, values);
    old.replaceWith(made);
    restore(made, was);
  }
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
    if (input.tagName === "SELECT") {
      let value = input.value;
      if (value === OTHER) {
        const typed = form.querySelector(`input[data-typed="${CSS.escape(name)}"]`);
        value = typed ? typed.value.trim() : "";
      } else {
        const through = form.querySelector(`select[data-through="${CSS.escape(name)}"]`);
        if (value && through && through.value && through.value !== value) value = `${value}-${through.value}`;
      }
      if (value !== "") params[name] = value;
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
// `choices`: {action: {param: [value]}}, the values this seat may pick (state.choices).
// `notYours`: {action: [param]}, what another seat gives (the enemy's reveal): not offered.
export function drawForms(actions, seatParams, seatValues, submit, choices, notYours) {
  return (Array.isArray(actions) ? actions : []).map((action) => {
    const seatParam = seatParams ? seatParams[action.name] : undefined;
    const choice = Array.isArray(seatValues) && seatValues.length > 1 ? seatValues : null;
    const others = (notYours && Array.isArray(notYours[action.name]) && notYours[action.name]) || [];
    const params = (action.params || []).filter((p) => (p.name !== seatParam || choice) && !others.includes(p.name));
    const mine = (choices && choices[action.name]) || {};
    const values = (p) => (Array.isArray(mine[p.name]) ? mine[p.name].map(String) : null);
    const form = h(
      "form",
      { class: "action-form", data: { action: action.name }, autocomplete: "off" },
      params.map((p) => field(action, p, p.name === seatParam ? choice : null, values(p))),
      h("button", { type: "submit", class: "button primary" }, action.name.replace(/_/g, " ")),
    );
    form.addEventListener("reset", () =>
      setTimeout(() => {
        for (const typed of form.querySelectorAll("input[data-typed]")) typed.hidden = true;
      }),
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
