// Spy!: a seat photographs its own sheet for its seal (docs/serve.md, "A photo of the Spy!
// sheet"). The photo goes to this seat's link only (/api/<code>/photo); the reply, to this page
// only, is the reading drawn over the straightened field. The player looks, and "Use this
// network" puts the vertex list in the seal form's network field: sealing is the ordinary action.
import { h } from "./dom.js";

// The photo control added to the network field of the seal form (`input`: that field's input).
export function photoControl(apiPath, input) {
  const file = h("input", { type: "file", accept: "image/*", capture: "environment", class: "photo-input" });
  const status = h("p", { class: "hint photo-status", "aria-live": "polite" });
  const shown = h("div", { class: "photo-reading", hidden: true });
  file.addEventListener("change", async () => {
    const picked = file.files && file.files[0];
    if (!picked) return;
    status.textContent = "Reading the photo...";
    shown.hidden = true;
    shown.replaceChildren();
    let answer;
    try {
      const response = await fetch(apiPath("photo"), {
        method: "POST",
        cache: "no-store",
        headers: { "Content-Type": picked.type || "image/jpeg", Accept: "application/json" },
        body: picked,
      });
      answer = await response.json();
    } catch (error) {
      answer = { ok: false, error: "the table cannot be reached" };
    }
    file.value = "";
    if (!answer || !answer.ok) {
      status.textContent = `Could not read it: ${(answer && answer.error) || "no answer"}`;
      return;
    }
    status.textContent = "";
    showReading(shown, answer, input);
  });
  return h(
    "div",
    { class: "photo" },
    h("label", { class: "button photo-button" }, "Photograph my sheet", file),
    status,
    shown,
  );
}

function showReading(shown, answer, input) {
  const picture = h("img", { class: "photo-overlay", alt: "the field as read from the photo" });
  const bytes = Uint8Array.from(atob(String(answer.overlay || "")), (c) => c.charCodeAt(0));
  picture.src = URL.createObjectURL(new Blob([bytes], { type: "image/png" })); // our own bytes
  const uncertain = Array.isArray(answer.uncertain) ? answer.uncertain : [];
  const problems = Array.isArray(answer.problems) ? answer.problems : [];
  const parts = [picture, h("pre", { class: "photo-drawing" }, (answer.drawing || []).join("\n"))];
  if (uncertain.length) {
    parts.push(h("p", { class: "hint" }, "Not sure of these squares (ringed in orange): check them on your sheet."));
    parts.push(h("ul", { class: "photo-uncertain" }, uncertain.map((u) => h("li", {}, `${u.cell}: ${u.why}`))));
  }
  const notes = Array.isArray(answer.notes) ? answer.notes : [];
  for (const note of notes) parts.push(h("p", { class: "hint" }, `Note: ${String(note)}`));
  if (!answer.legal) {
    parts.push(h("p", { class: "hint" }, "As read, this network is not legal:"));
    parts.push(h("ul", {}, problems.map((p) => h("li", {}, String(p)))));
  }
  if (answer.legal && answer.network) {
    const use = h("button", { type: "button", class: "button" }, uncertain.length ? "It is right: use this network" : "Use this network");
    use.addEventListener("click", () => {
      input.value = String(answer.network);
      input.dispatchEvent(new Event("input", { bubbles: true }));
      use.textContent = "Network filled in: check it, then seal";
    });
    parts.push(h("p", { class: "hint" }, `Read as ${answer.network}`), use);
  }
  shown.replaceChildren(...parts);
  shown.hidden = false;
}
