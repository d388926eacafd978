// A call when this seat's turn comes while the person looks at another
// tab: off by default; a short tone (Web Audio, no sound file) or a
// notification, chosen on the play page and remembered in localStorage.
// The browser is asked for permission to notify only when the person
// chooses notifications.
import { el } from "/web/dom.js";
import { t, onLanguage } from "/web/i18n.js";

const KEY = "tabletop:turn-alert";
const CHOICES = ["off", "sound", "notification"];

function remembered() {
  try {
    const choice = localStorage.getItem(KEY);
    return CHOICES.includes(choice) ? choice : "off";
  } catch {
    return "off";
  }
}

let choice = remembered();
let audio = null;
/** Whether it was this seat's turn at the last drawing (null before the
 * first: a page opened on its turn does not call). */
let wasYours = null;

function remember(value) {
  choice = value;
  try {
    localStorage.setItem(KEY, value);
  } catch {
    // A disabled storage only forgets the choice.
  }
}

/** The audio context, made (or resumed) on the person's own gesture, as
 * browsers allow sound only after one. */
function audioContext() {
  const Context = window.AudioContext ?? window.webkitAudioContext;
  if (!Context) return null;
  audio ??= new Context();
  if (audio.state === "suspended") audio.resume().catch(() => {});
  return audio;
}

/** Two short rising notes, a quarter of a second in all. */
function tone() {
  const context = audioContext();
  if (!context) return;
  const start = context.currentTime;
  const gain = context.createGain();
  gain.connect(context.destination);
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.25);
  const oscillator = context.createOscillator();
  oscillator.type = "sine";
  oscillator.frequency.setValueAtTime(660, start);
  oscillator.frequency.setValueAtTime(880, start + 0.12);
  oscillator.connect(gain);
  oscillator.start(start);
  oscillator.stop(start + 0.26);
}

function notify(title) {
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  const note = new Notification(t("alert.notice", title), { tag: "tabletop-turn", lang: document.documentElement.lang });
  note.onclick = () => { window.focus(); note.close(); };
}

/** The choice on the page: a labelled select, and a line saying when the
 * browser refuses notifications. */
export function alertPicker() {
  const select = el("select", { id: "turn-alert", className: "language" });
  const note = el("span", { id: "turn-alert-note", className: "quiet", role: "status" });
  const label = el("label", { htmlFor: "turn-alert", className: "language-label" });
  const words = () => {
    label.textContent = t("alert.label");
    select.replaceChildren(...CHOICES.map((c) => el("option", { value: c, textContent: t("alert." + c) })));
    select.value = choice;
  };
  words();
  onLanguage(words);
  select.onchange = async () => {
    note.textContent = "";
    const wanted = select.value;
    if (wanted === "sound") audioContext();
    if (wanted === "notification") {
      const granted = "Notification" in window
        && (Notification.permission === "granted" || (await Notification.requestPermission().catch(() => "denied")) === "granted");
      if (!granted) {
        note.textContent = t("alert.blocked");
        select.value = choice;
        return;
      }
    }
    remember(wanted);
  };
  return el("span", { className: "language-box" }, label, select, note);
}

/** Told at every drawing whether it is this seat's turn: calls, as
 * chosen, when the turn has just come and the tab is not in view. */
export function turnDrawn(yours, title) {
  const came = yours && wasYours === false;
  wasYours = yours;
  if (!came || !document.hidden) return;
  if (choice === "sound") tone();
  if (choice === "notification") notify(title);
}
