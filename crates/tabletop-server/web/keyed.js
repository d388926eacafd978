// A list redrawn in place: an item whose key and contents are unchanged
// keeps its element, so focus inside it stays, and so does the scroll
// position (the browser anchors it on an element that stayed); only the
// items that changed are built anew.

/** The contents each element was built from. */
const built = new WeakMap();

/** Redraws `list` as `items`, each `{ key, same, build }`: `same` a text
 * that changes whenever the item's contents do, `build()` its element. */
export function redrawKeyed(list, items) {
  const wanted = new Map(items.map((item) => [item.key, item.same]));
  const kept = new Map();
  for (const child of [...list.children]) {
    const key = child.dataset.item;
    if (key !== undefined && wanted.get(key) === built.get(child) && !kept.has(key)) {
      kept.set(key, child);
    } else {
      child.remove();
    }
  }
  let at = list.firstElementChild;
  for (const item of items) {
    let node = kept.get(item.key);
    if (!node) {
      node = item.build();
      node.dataset.item = item.key;
      built.set(node, item.same);
    }
    if (node === at) {
      at = at.nextElementSibling;
    } else {
      list.insertBefore(node, at);
    }
  }
  while (at) {
    const next = at.nextElementSibling;
    at.remove();
    at = next;
  }
}
