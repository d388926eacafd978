// The pages' language: English, Spanish or Polish (the rulebooks'
// languages), one file of messages each under /web/i18n/. Chosen from the
// browser's languages, switchable on every page, remembered in
// localStorage.
import en from "/web/i18n/en.js";
import es from "/web/i18n/es.js";
import pl from "/web/i18n/pl.js";
import { el } from "/web/dom.js";

const LANGUAGES = { en, es, pl };
const KEY = "tabletop:lang";
const listeners = [];

function remembered() {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** The language to use: the one chosen on a page before, else the first
 * of the browser's languages the pages speak, else English. */
function chooseLanguage(stored = remembered(), wanted = navigator.languages ?? [navigator.language]) {
  if (stored && stored in LANGUAGES) return stored;
  for (const tag of wanted ?? []) {
    const code = String(tag).toLowerCase().split("-")[0];
    if (code in LANGUAGES) return code;
  }
  return "en";
}

export let lang = chooseLanguage();

/** How a page names a seat's bot: a level (`level:strong`) by its name in
 * the page's language, a bot by its own name. */
export function botName(kind) {
  const level = String(kind).startsWith("level:") ? String(kind).slice("level:".length) : null;
  return level === null ? kind : t("level", t("level." + level));
}

/** The message `key` in the page's language (English when missing), its
 * parts filled in. */
export function t(key, ...parts) {
  const message = LANGUAGES[lang][key] ?? en[key];
  if (typeof message === "function") return message(...parts);
  return message ?? key;
}

/** The words for `name` under `prefix` (`option.` and `numdice` → "dice
 * per player"), else the name itself, its underscores as spaces: a game
 * the pages have no words for still reads. */
export function wordsFor(prefix, name) {
  const key = prefix + name;
  const words = t(key);
  return words === key ? String(name).replace(/_/g, " ") : words;
}

/** A refusal or error of the server (`{"code", "text"}`) in the page's
 * language, by its code; the server's own English text where the pages
 * have no words for the code (a newer server's). Messages that take the
 * text keep what it names: the rule an illegal move breaks, the character
 * a name may not hold. */
export function refusalText(reason) {
  if (!reason) return "";
  const key = "code." + reason.code;
  const words = t(key, reason.text ?? "");
  return words === key ? reason.text ?? "" : words;
}

/** Sets every element's text (`data-i18n`), accessible name
 * (`data-i18n-label`) and the document's language. */
export function translateStatic(root = document) {
  document.documentElement.lang = lang;
  for (const e of root.querySelectorAll("[data-i18n]")) e.textContent = t(e.dataset.i18n);
  for (const e of root.querySelectorAll("[data-i18n-label]")) e.setAttribute("aria-label", t(e.dataset.i18nLabel));
}

/** Switches the pages to `code`, remembered for the next visit; the page
 * redraws itself through its listeners. */
export function setLanguage(code) {
  if (!(code in LANGUAGES) || code === lang) return;
  lang = code;
  try {
    localStorage.setItem(KEY, code);
  } catch {
    // A disabled storage only forgets the choice.
  }
  translateStatic();
  for (const f of listeners) f();
}

/** Calls `f` after every switch of language. */
export function onLanguage(f) {
  listeners.push(f);
}

/** The language switch: a labelled select of the pages' languages, each
 * named in its own. */
export function languagePicker() {
  const select = el("select", { id: "language", className: "language" });
  for (const [code, messages] of Object.entries(LANGUAGES)) {
    select.append(el("option", { value: code, lang: code, textContent: messages["language.name"] }));
  }
  select.value = lang;
  select.onchange = () => setLanguage(select.value);
  const label = el("label", { htmlFor: "language", className: "language-label", textContent: t("language") });
  onLanguage(() => { label.textContent = t("language"); select.value = lang; });
  return el("span", { className: "language-box" }, label, select);
}
