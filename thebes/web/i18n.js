// The translation mechanism for every string the page shows (English and French; the
// tables: i18n_en.js and i18n_fr.js for the shell, plus what each game's table modules bring
// from its folder with addStrings, loaded before the first page: tables.js).
// t(key, vars) looks the key up in the current language, falls back to English,
// and replaces {name} placeholders by vars.name.

import { EN } from "./i18n_en.js";
import { FR } from "./i18n_fr.js";

const TABLE = { en: { ...EN }, fr: { ...FR } };

export const LANGUAGES = [["en", "English"], ["fr", "Français"]];
const KEY = "thebes.lang";
const listeners = [];

function initialLang() {
  let saved = null;
  try { saved = localStorage.getItem(KEY); } catch (_) { /* storage off */ }
  if (saved && TABLE[saved]) return saved;
  const nav = (navigator.language || "en").slice(0, 2).toLowerCase();
  return TABLE[nav] ? nav : "en";
}

let lang = initialLang();

export function getLang() { return lang; }

// A game's table module brings its own strings: addStrings({en: {...}, fr: {...}}).
export function addStrings(tables) {
  for (const [code, strings] of Object.entries(tables)) TABLE[code] = { ...(TABLE[code] || {}), ...strings };
}

export function setLang(code) {
  if (!TABLE[code] || code === lang) return;
  lang = code;
  try { localStorage.setItem(KEY, code); } catch (_) { /* storage off */ }
  document.documentElement.lang = code;
  for (const fn of listeners) fn(code);
}

export function onLangChange(fn) { listeners.push(fn); }

export function t(key, vars) {
  let s = TABLE[lang][key];
  if (s === undefined) s = TABLE.en[key];
  if (s === undefined) return key;
  if (vars) s = s.replace(/\{(\w+)\}/g, (m, k) => (vars[k] === undefined || vars[k] === null ? m : String(vars[k])));
  return s;
}

// Whether a key exists (for optional strings such as bot names).
export function has(key) { return TABLE.en[key] !== undefined; }

// For tests and docs: the keys missing in one language.
export function missingKeys() {
  const out = {};
  for (const code of Object.keys(TABLE)) {
    out[code] = Object.keys(TABLE.en).filter((k) => TABLE[code][k] === undefined);
  }
  return out;
}
