// Building elements: text always goes in as text (textContent), never as
// markup, so names and messages from anyone show as what they are.

/** An element with properties and children. */
export function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === null) continue;
    if (k === "dataset") Object.assign(e.dataset, v);
    else if (k === "style" && typeof v === "object") Object.assign(e.style, v);
    else if (k.startsWith("aria")) e.setAttribute(("aria-" + k.slice(4)).toLowerCase(), v);
    else if (k === "role") e.setAttribute("role", v);
    else e[k] = v;
  }
  e.append(...children.filter((c) => c !== null && c !== undefined && c !== false));
  return e;
}

/** `child` in a box that scrolls sideways when it is wider than the
 * screen; a region named `label`, reachable with the keyboard to scroll. */
export function scrolling(label, child) {
  return el("div", { className: "table-scroll", tabIndex: 0, role: "region", ariaLabel: label }, child);
}
