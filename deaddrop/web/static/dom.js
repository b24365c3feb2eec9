// Building the page: every value from the server becomes a text node (textContent), never markup.
// Attributes set from data are plain ones only (class, data-*, name, value, type...): never an
// event handler, a style, a link or a source.

const UNSAFE = /^(on|style$|href$|src$|srcdoc$|action$|formaction$|xlink:href$)/i;

// h("div", {class: "x", data: {side: "red"}}, "text", child, [more]) -> the element.
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "data") {
      for (const [name, v] of Object.entries(value)) {
        if (v !== null && v !== undefined) el.dataset[name] = String(v);
      }
    } else if (key === "text") {
      el.textContent = String(value);
    } else if (UNSAFE.test(key)) {
      throw new Error(`refusing to set ${key} from data`);
    } else if (value === true) {
      el.setAttribute(key, "");
    } else {
      el.setAttribute(key, String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

export function $(id) {
  return document.getElementById(id);
}

// A side or power's name as a data-side value the stylesheet knows ("Britain+France" -> "britain").
export function sideKey(side) {
  if (side === null || side === undefined) return null;
  return String(side).split("+")[0].trim().toLowerCase().replace(/[^a-z0-9-]/g, "") || null;
}
