// The page's own script (served at /page.js; see templates/page.html).
// Why the connection ended, in the closed bar (the terminal's own lines lie under it):
// the server says it in a ["closing", text] frame before it closes (textual.js passes
// over a kind it does not know); a message too big for the server ends with code 1009.
// A ["title", text] frame retitles the tab: "(2) Dein Zug — …" while games wait (#32).
(() => {
  const Native = window.WebSocket;
  function Told(url, protocols) {
    const ws = protocols === undefined ? new Native(url) : new Native(url, protocols);
    const why = () => document.getElementById("closed-why");
    ws.addEventListener("message", (e) => {
      if (typeof e.data !== "string") return;
      let m;
      try { m = JSON.parse(e.data); } catch (err) { return; }
      if (!Array.isArray(m) || typeof m[1] !== "string") return;
      if (m[0] === "closing") why().textContent = m[1];
      if (m[0] === "title") document.title = m[1];
    });
    ws.addEventListener("close", (e) => {
      if (!why().textContent && e.code === 1009) why().textContent = why().dataset.tooBig;
    });
    // keys go to the game at once, without a click into the terminal first: once the
    // socket is open (textual.js sends a focus frame on focus, and a send while it
    // still connects throws "Still in CONNECTING state" into the console)
    ws.addEventListener("open", () => {
      const input = document.querySelector(".xterm-helper-textarea");
      if (input) input.focus();
    });
    return ws;
  }
  Told.prototype = Native.prototype;
  for (const k of ["CONNECTING", "OPEN", "CLOSING", "CLOSED"]) Told[k] = Native[k];
  window.WebSocket = Told;
})();
// the closed bar's button reloads the page (no inline handler: the page's
// Content-Security-Policy runs only scripts from this server's files)
document.addEventListener("DOMContentLoaded", () => {
  const again = document.getElementById("reconnect");
  if (again) again.addEventListener("click", () => location.reload());
});
