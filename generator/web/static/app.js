// The pages' one script: follow the table (server-sent events), post moves, show the odds.
// It ships with the package; the pages load nothing from anywhere else.
"use strict";
(function () {
  const base = document.body.dataset.base;
  if (!base) return;
  const live = document.getElementById("live");
  const said = document.getElementById("said");
  let busy = null;

  async function refresh() {
    const answer = await fetch(base + "/live", { cache: "no-store", credentials: "same-origin" });
    if (!answer.ok) return;
    const html = await answer.text();
    // an open odds panel stays open, with its figures, across the update
    const open = new Map([...live.querySelectorAll("details[open]")].map((d) =>
      [d.closest("form").elements.move.value, d.querySelector(".odds-text").textContent]));
    live.innerHTML = html;
    for (const form of live.querySelectorAll("form.move")) {
      const key = form.elements.move.value;
      const details = form.querySelector("details");
      if (details && open.has(key)) {
        details.querySelector(".odds-text").textContent = open.get(key);
        details.dataset.kept = "1";
        details.open = true;
      }
    }
    document.body.dataset.version = live.firstElementChild?.dataset.version || "";
  }

  function tell(lines, ok) {
    said.replaceChildren(...lines.map((line) => Object.assign(document.createElement("p"), { textContent: line })));
    said.classList.toggle("bad", !ok);
  }

  async function post(form, where) {
    const body = new URLSearchParams(new FormData(form));
    const answer = await fetch(base + where, {
      method: "POST", body, credentials: "same-origin", headers: { Accept: "application/json" },
    });
    return answer.json().catch(() => ({ ok: false, lines: [String(answer.status)] }));
  }

  document.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!form.matches("form.move")) return;
    event.preventDefault();
    if (busy) return;
    busy = form;
    form.querySelector("button").disabled = true;
    try {
      const answer = await post(form, "/act");
      tell(answer.lines || [answer.error], answer.ok);
      await refresh();
    } finally {
      busy = null;
    }
  });

  document.addEventListener("toggle", async (event) => {
    const details = event.target;
    if (!(details instanceof HTMLDetailsElement) || !details.open || !details.matches(".odds")) return;
    if (details.dataset.kept) { delete details.dataset.kept; return; }
    const answer = await post(details.closest("form"), "/odds");
    details.querySelector(".odds-text").textContent = (answer.lines || []).join("\n");
  }, true);

  const stream = new EventSource(base + "/events");
  stream.onmessage = (event) => {
    if (event.data !== document.body.dataset.version) refresh();
  };
})();
