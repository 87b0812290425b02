// The client's one way to the server and to the browser's storage: api() calls the HTTP API
// (docs/web-api.md) and throws ApiError with the server's message; store reads and writes
// JSON in localStorage, and works (forgetting) where storage is off.
import { t, has } from "./i18n.js";

// A refusal of the server ({"error": English sentence, "code", "params"}) in the page's
// language: refusal.<code> (i18n_*.js), else the server's English sentence.
export function refusalText(data) {
  if (data && data.code && has(`refusal.${data.code}`)) return t(`refusal.${data.code}`, data.params || {});
  return data && data.error;
}

export class ApiError extends Error {
  constructor(status, data) {
    super(refusalText(data) || (data && data.detail && JSON.stringify(data.detail)) || `HTTP ${status}`);
    this.status = status;
    this.data = data || {};
  }
}

export async function api(path, { method = "GET", body } = {}) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  let data = null;
  try { data = await res.json(); } catch (_) { data = null; }
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}

export const store = {
  get(key, dflt) {
    try { const v = localStorage.getItem(key); return v === null ? dflt : JSON.parse(v); } catch (_) { return dflt; }
  },
  set(key, value) {
    try { localStorage.setItem(key, JSON.stringify(value)); } catch (_) { /* storage off */ }
  },
};
